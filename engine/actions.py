"""What a player can do on their turn, as small frozen values with a text form.

Text forms: ``6-4`` (open the layout with 6-4), ``6-4@3E`` (lay 6-4 on end 3E),
``draw`` and ``pass``. :func:`parse_action` reads them back.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import NotationError
from engine.layout import End, parse_end
from engine.tiles import Tile, parse_tile

__all__ = ["Action", "Draw", "Pass", "Play", "parse_action"]


@dataclass(frozen=True, order=True, slots=True)
class Play:
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


Action = Play | Draw | Pass


def parse_action(text: str) -> Action:
    """Read an action from its text form (see the module docstring)."""
    word = text.strip().lower()
    if word == "draw":
        return Draw()
    if word == "pass":
        return Pass()
    tile_text, at, end_text = word.partition("@")
    try:
        tile = parse_tile(tile_text)
        end = parse_end(end_text) if at else None
    except NotationError as error:
        raise NotationError(f"not an action: {text!r} ({error})", "bad-action") from None
    return Play(tile, end)
