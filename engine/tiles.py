"""Tiles and domino sets."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from engine.errors import NotationError

__all__ = ["Tile", "full_set", "hand_pips", "parse_tile"]

_TILE_TEXT = re.compile(r"^\s*(\d{1,2})\s*[-|:]\s*(\d{1,2})\s*$")


@dataclass(frozen=True, order=True, slots=True)
class Tile:
    """One domino: two pip values, stored with ``low <= high``.

    Written high first, as players say it: ``Tile(4, 6)`` prints as ``6-4``.
    """

    low: int
    high: int

    def __post_init__(self) -> None:
        if not 0 <= self.low <= self.high:
            raise NotationError(f"a tile needs 0 <= low <= high, got {self.low}-{self.high}", "bad-tile")

    @classmethod
    def of(cls, a: int, b: int) -> Tile:
        """The tile with values ``a`` and ``b`` in either order."""
        return cls(a, b) if a <= b else cls(b, a)

    @property
    def pips(self) -> int:
        """The number of spots on the tile."""
        return self.low + self.high

    @property
    def is_double(self) -> bool:
        """Whether both halves show the same number."""
        return self.low == self.high

    def has(self, value: int) -> bool:
        """Whether either half shows ``value`` (the tile belongs to that suit)."""
        return self.low == value or self.high == value

    def other(self, value: int) -> int:
        """The value on the other half from ``value`` (which the tile must have)."""
        if self.low == value:
            return self.high
        if self.high == value:
            return self.low
        raise ValueError(f"tile {self} has no {value}")

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"


def full_set(max_pip: int, removed: Iterable[Tile] = ()) -> tuple[Tile, ...]:
    """Every tile of a double-``max_pip`` set, in a fixed order, less ``removed``."""
    gone = frozenset(removed)
    return tuple(
        Tile(low, high)
        for high in range(max_pip + 1)
        for low in range(high + 1)
        if Tile(low, high) not in gone
    )


def parse_tile(text: str) -> Tile:
    """Read a tile written as ``6-4``, ``4-6``, ``6|4`` or ``6:4``."""
    match = _TILE_TEXT.match(text)
    if match is None:
        raise NotationError(f"not a tile: {text!r} (expected e.g. '6-4')", "bad-tile")
    return Tile.of(int(match.group(1)), int(match.group(2)))


def hand_pips(tiles: Iterable[Tile]) -> int:
    """The pip count of a group of tiles."""
    return sum(tile.pips for tile in tiles)
