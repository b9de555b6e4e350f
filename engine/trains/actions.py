"""What a player of the train family can do, as small frozen values with a text form.

Text forms: ``12-5@0`` (lay 12-5 on seat 0's train), ``12-5@M`` (on the Mexican train),
``9-4@2.1`` (Chicken Foot: on the first toe of the foot on train 2), ``draw``, ``pass`` and
``end`` (stop an opening run). :func:`parse_train_action` reads them back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.errors import NotationError
from engine.tiles import Tile, parse_tile

__all__ = ["Draw", "EndRun", "Pass", "Play", "TrainAction", "parse_train_action"]

TRAIN_ID = re.compile(r"M|\d{1,2}(?:\.[1-3])*")
"""A train's name: ``M`` (the Mexican train), a seat's number (Mexican Train) or an arm's
number 1-4 followed by a toe's number for each foot on the way (Chicken Foot: ``2.1.3``)."""


@dataclass(frozen=True, order=True, slots=True)
class Play:
    """Lay ``tile`` on the end of the train named ``train``."""

    tile: Tile
    train: str

    def __str__(self) -> str:
        return f"{self.tile}@{self.train}"


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top tile of the boneyard (one a turn, and one after laying a double)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass:
    """Play nothing more this turn (in Mexican Train, a marker goes on the player's train)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class EndRun:
    """Stop laying tiles on one's own train in an opening run (option ``opening-run``)."""

    def __str__(self) -> str:
        return "end"


TrainAction = Play | Draw | Pass | EndRun
"""Any action of a game of the train family."""

_WORDS: dict[str, TrainAction] = {"draw": Draw(), "pass": Pass(), "end": EndRun()}


def parse_train_action(text: str) -> TrainAction:
    """The action ``text`` writes (see the module's text forms); a :class:`NotationError` if none."""
    word = text.strip()
    if word in _WORDS:
        return _WORDS[word]
    tile_text, at, train = word.partition("@")
    if not at or not TRAIN_ID.fullmatch(train):
        raise NotationError(
            f"not a train game's action: {word!r} (expected e.g. 12-5@M, draw, pass or end)",
            "bad-action",
            expected="an action such as 12-5@M, draw, pass or end",
        )
    return Play(parse_tile(tile_text), train)
