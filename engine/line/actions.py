"""What a player can do, as small frozen values with a text form.

Text forms: ``6-4`` (open the layout with 6-4), ``6-4@3E`` (lay 6-4 on end 3E),
``draw``, ``pass``, ``lead:2`` (the winning side chooses seat 2 to start the hand),
``call:0`` (seat 0 calls the points of its own scoring play) and ``muggins:1`` (seat 1
claims points another player failed to call). :func:`parse_action` reads them back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from engine.errors import NotationError
from engine.line.layout import End, parse_end
from engine.tiles import Tile, parse_tile

__all__ = ["Action", "Claim", "Draw", "Lead", "Pass", "Play", "parse_action"]


class _Note:
    """A hidden slot where :mod:`engine.line.hand` notes what it knows of a play it shares between hands.

    Not a dataclass field: it takes no part in equality, hashing, ordering, ``repr`` or
    ``replace``, and a copy does not carry it.
    """

    __slots__ = ("_note",)
    _note: Any


@dataclass(frozen=True, order=True, slots=True)
class Play(_Note):
    """Lay ``tile`` on ``end``; ``end`` is ``None`` for the tile that opens the layout."""

    tile: Tile
    end: End | None = None

    def __str__(self) -> str:
        return str(self.tile) if self.end is None else f"{self.tile}@{self.end}"


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top tile of the boneyard."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass:
    """Play nothing this turn (allowed only when no play or draw is)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Lead:
    """The winning side's choice of which of its players starts the hand: ``seat`` starts."""

    seat: int

    def __str__(self) -> str:
        return f"lead:{self.seat}"


@dataclass(frozen=True, slots=True)
class Claim:
    """With manual scoring: ``seat`` claims the points of the last scoring play.

    A claim by the player who made the play is a *call*; a claim by another player of
    points that were not called is *muggins*. Claims may be made out of turn, until the
    next tile is laid.
    """

    seat: int
    muggins: bool = False

    def __str__(self) -> str:
        return f"{'muggins' if self.muggins else 'call'}:{self.seat}"


Action = Play | Draw | Pass | Lead | Claim

_SEAT_ACTION = re.compile(r"^(lead|call|muggins):(\d)$")


def parse_action(text: str) -> Action:
    """Read an action from its text form (see the module docstring)."""
    word = text.strip().lower()
    if word == "draw":
        return Draw()
    if word == "pass":
        return Pass()
    seat_action = _SEAT_ACTION.match(word)
    if seat_action is not None:
        kind, seat = seat_action.group(1), int(seat_action.group(2))
        if kind == "lead":
            return Lead(seat)
        return Claim(seat, muggins=kind == "muggins")
    tile_text, at, end_text = word.partition("@")
    try:
        tile = parse_tile(tile_text)
        end = parse_end(end_text) if at else None
    except NotationError as error:
        raise NotationError(f"not an action: {text!r} ({error})", "bad-action") from None
    return Play(tile, end)
