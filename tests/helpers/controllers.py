"""Playing a match at the table's controller to a point, for the tests of what the table makes
of it (saves, the history, the fair deals, replays): in a line game the person plays their
first legal move, in a dice session a random legal choice, in a train game their first tile
by tapping it (then its first lit train); the computer players play their own."""

from __future__ import annotations

import random

from engine.trains.actions import Draw, EndRun, Pass, Play
from engine.trains.match import TrainMatch
from web.dice.controller import DiceController
from web.line.controller import Controller
from web.settings import Settings
from web.trains.controller import TrainController

__all__ = [
    "play_dice",
    "play_out",
    "play_person",
    "play_to_hand_end",
    "play_until",
    "train_settings",
    "train_table",
]


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


def train_settings(
    variant: str = "mexican-train", players: int = 4, level: str = "random", **options: str
) -> Settings:
    """A train game's settings, every computer player at ``level``."""
    return Settings.for_variant(variant, players, level, options)


def train_table(match: TrainMatch, chosen: Settings | None = None) -> TrainController:
    """A table around ``match`` (its settings those of the match's game and players)."""
    rules = match.rules
    return TrainController.over(chosen or train_settings(rules.variant, rules.players), match)


def play_person(controller: TrainController) -> None:
    """The person takes their first legal action, as a player would: a tile by tapping it
    (then its first lit train), else draw, end their run or pass."""
    legal = controller.legal()
    plays = [action for action in legal if isinstance(action, Play)]
    if plays:
        controller.tap_tile(plays[0].tile)
        if controller.selected is not None:
            controller.choose_train(controller.trains_for_selected()[0])
    elif Draw() in legal:
        controller.act(Draw())
    elif EndRun() in legal:
        controller.act(EndRun())
    else:
        controller.act(Pass())


def play_until(controller: TrainController, phases: tuple[str, ...]) -> None:
    """Let everyone move (the person as :func:`play_person` does) until a phase in ``phases``."""
    for _ in range(5000):
        phase = controller.phase
        if phase in phases:
            return
        if phase == "bot":
            controller.bot_move()
        elif phase == "human":
            play_person(controller)
        elif phase == "pass":
            controller.take_device()
        elif phase == "hand-over":
            controller.next_hand()
    raise AssertionError(f"still {controller.phase} after 5000 steps")
