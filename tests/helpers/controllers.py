"""Playing a line match at the table's controller to a point, for the tests of what the table
makes of it (saves, the history, the fair deals): the person plays their first legal move,
the computer players their own."""

from __future__ import annotations

from web.line.controller import Controller

__all__ = ["play_out", "play_to_hand_end"]


def play_out(controller: Controller, limit: int = 5000) -> None:
    """Play the person's seat with its first legal action and let bots play, to the match's end."""
    for _ in range(limit):
        if controller.phase == "match-over":
            return
        if controller.phase == "bot":
            controller.bot_move()
        elif controller.phase == "hand-over":
            controller.next_hand()
        else:
            controller.act(controller.view().legal_actions[0])
    raise AssertionError("the match did not end")


def play_to_hand_end(controller: Controller, limit: int = 3000) -> None:
    """Play as :func:`play_out` until the hand in play is over."""
    for _ in range(limit):
        if controller.phase in ("hand-over", "match-over"):
            return
        if controller.phase == "bot":
            controller.bot_move()
        else:
            controller.act(controller.view().legal_actions[0])
    raise AssertionError("the hand did not end")
