"""Playing a match at the table's controller to a point, for the tests of what the table makes
of it (saves, the history, the fair deals): in a line game the person plays their first legal
move, in a dice session a random legal choice; the computer players play their own."""

from __future__ import annotations

import random

from web.dice.controller import DiceController
from web.line.controller import Controller

__all__ = ["play_dice", "play_out", "play_to_hand_end"]


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


def play_dice(controller: DiceController, seed: int, until: str = "session-over", limit: int = 5000) -> None:
    """Play a dice session's person with random legal choices (from ``seed``), throwing again
    whenever asked, until the session's phase is ``until`` (``"hand-over"``: the hand in
    play ends; ``"session-over"``: the session does)."""
    rng = random.Random(seed)
    for _ in range(limit):
        phase = controller.phase
        if phase == until or phase == "session-over":
            return
        if phase == "choose":
            choice = rng.choice(controller.session.legal_commitments(0))
            for tile in choice.tiles:
                controller.tap_tile(tile)
            for picked in list(controller.picked):
                if picked.face_up != (picked.tile in choice.up):
                    controller.flip(picked.tile)
            controller.put_out()
        elif phase == "reveal":
            controller.go_on()
        elif phase == "rethrow":
            controller.choose_rethrow(True)
        else:
            assert phase == "hand-over", phase
            controller.next_hand()
    raise AssertionError(f"the session did not reach {until}")
