"""The line of play: laid tiles as a tree, and the open ends where tiles may be added.

The layout is immutable: :meth:`Layout.play` returns a new layout. Each laid tile is a
:class:`Placement`; its index in :attr:`Layout.placements` is its stable id. An open end
is an :class:`End` — a placement and one of its sides — so a plain line has two ends,
and spinners (doubles played on from all four sides) are simply placements with more
open sides. Which sides are open is decided by the layout's :class:`SpinnerRule`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from engine.errors import IllegalActionError, NotationError
from engine.tiles import Tile

__all__ = ["End", "Layout", "Placement", "Side", "SpinnerRule", "end_count", "parse_end"]


class Side(StrEnum):
    """A side of a laid tile, as seen on the table: east, west, north, south."""

    EAST = "E"
    WEST = "W"
    NORTH = "N"
    SOUTH = "S"


_PERPENDICULAR: dict[Side, tuple[Side, Side]] = {
    Side.EAST: (Side.NORTH, Side.SOUTH),
    Side.WEST: (Side.NORTH, Side.SOUTH),
    Side.NORTH: (Side.EAST, Side.WEST),
    Side.SOUTH: (Side.EAST, Side.WEST),
}


class SpinnerRule(StrEnum):
    """Which doubles branch, and when their extra sides open.

    - ``none``: doubles never branch; the layout has two ends.
    - ``first-double``: the first double laid is a spinner; its north and south sides
      open once both of its line sides are covered.
    - ``cross``: the opening double is a spinner whose four sides are the only open
      ends until all four are covered.
    - ``every-double``: as ``cross``, and every later double is a spinner whose two
      crosswise sides open at once.
    """

    NONE = "none"
    FIRST_DOUBLE = "first-double"
    CROSS = "cross"
    EVERY_DOUBLE = "every-double"


@dataclass(frozen=True, slots=True)
class Placement:
    """A tile on the table.

    ``parent`` is the index of the placement it touches (``None`` for the opening
    tile) and ``side`` the side of the parent it lies against, which is also the
    direction it leads away in. ``inner`` is the value touching the parent and
    ``outer`` the value facing away. For the opening tile ``inner`` faces west and
    ``outer`` east.
    """

    tile: Tile
    parent: int | None
    side: Side
    inner: int
    outer: int
    spinner: bool = False


@dataclass(frozen=True, order=True, slots=True)
class End:
    """A place where a tile can be added: a side of a laid tile. Written ``3E``."""

    placement: int
    side: Side

    def __str__(self) -> str:
        return f"{self.placement}{self.side.value}"


_END_TEXT = re.compile(r"^\s*(\d+)\s*([EWNS])\s*$")


def parse_end(text: str) -> End:
    """Read an end written as ``<placement><side>``, e.g. ``0E`` or ``12N``."""
    match = _END_TEXT.match(text.upper())
    if match is None:
        raise NotationError(f"not an end: {text!r} (expected e.g. '0E' or '3W')", "bad-end")
    return End(int(match.group(1)), Side(match.group(2)))


@dataclass(frozen=True, slots=True)
class Layout:
    """The tiles laid so far and the ends open for play."""

    spinner_rule: SpinnerRule = SpinnerRule.NONE
    placements: tuple[Placement, ...] = ()
    ends: tuple[End, ...] = ()
    values: tuple[int, ...] = ()
    """The value showing at each end, aligned with :attr:`ends`."""

    @property
    def is_empty(self) -> bool:
        """Whether no tile has been laid yet."""
        return not self.placements

    def __len__(self) -> int:
        return len(self.placements)

    def value(self, end: End) -> int:
        """The number showing at an open end."""
        try:
            return self.values[self.ends.index(end)]
        except ValueError:
            raise IllegalActionError(f"{end} is not an open end of the layout", "no-such-end") from None

    def ends_for(self, tile: Tile) -> tuple[End, ...]:
        """The open ends ``tile`` can be played on (all opening positions count as one: ``()``)."""
        return tuple(end for end, value in zip(self.ends, self.values, strict=True) if tile.has(value))

    def accepts(self, tile: Tile) -> bool:
        """Whether ``tile`` can be played somewhere (any tile opens an empty layout)."""
        return self.is_empty or any(tile.has(value) for value in self.values)

    def play(self, tile: Tile, end: End | None) -> Layout:
        """A new layout with ``tile`` laid on ``end`` (``None`` opens an empty layout)."""
        if self.is_empty:
            if end is not None:
                raise IllegalActionError(
                    f"the layout is empty: {tile} must open it, not go on {end}", "no-such-end"
                )
            spinner = tile.is_double and self.spinner_rule is not SpinnerRule.NONE
            placement = Placement(tile, None, Side.EAST, tile.low, tile.high, spinner)
            return self._with((placement,))
        if end is None:
            raise IllegalActionError(f"{tile} needs an end: the layout is already opened", "no-such-end")
        value = self.value(end)
        if not tile.has(value):
            raise IllegalActionError(f"{tile} does not match {value} at end {end}", "does-not-match")
        placement = Placement(
            tile, end.placement, end.side, value, tile.other(value), self._becomes_spinner(tile)
        )
        return self._with((*self.placements, placement))

    def arm(self, side: Side, start: int = 0) -> tuple[int, ...]:
        """Placement ids leading away from placement ``start`` on ``side``, outward in order."""
        chain: list[int] = []
        parent, direction = start, side
        while True:
            child = self._child(parent, direction)
            if child is None:
                return tuple(chain)
            chain.append(child)
            parent = child

    def _child(self, parent: int, side: Side) -> int | None:
        for index, placement in enumerate(self.placements):
            if placement.parent == parent and placement.side is side:
                return index
        return None

    def _becomes_spinner(self, tile: Tile) -> bool:
        if not tile.is_double:
            return False
        if self.spinner_rule is SpinnerRule.EVERY_DOUBLE:
            return True
        if self.spinner_rule is SpinnerRule.FIRST_DOUBLE:
            return not any(placement.spinner for placement in self.placements)
        return False

    def _with(self, placements: tuple[Placement, ...]) -> Layout:
        ends = _open_ends(placements, self.spinner_rule)
        values = tuple(_showing(placements[end.placement], end.side) for end in ends)
        return Layout(self.spinner_rule, placements, ends, values)


def _open_ends(placements: tuple[Placement, ...], rule: SpinnerRule) -> tuple[End, ...]:
    """Every open end of a layout, in placement order then side order E, W, N, S."""
    covered: set[tuple[int, Side]] = {(p.parent, p.side) for p in placements if p.parent is not None}
    root = placements[0]
    if rule in (SpinnerRule.CROSS, SpinnerRule.EVERY_DOUBLE) and root.spinner:
        cross = [End(0, side) for side in Side if (0, side) not in covered]
        if cross:  # the cross must be completed before anything else is open
            return tuple(cross)
    ends: list[End] = []
    for index, placement in enumerate(placements):
        for side in _sides(index, placement, covered, rule):
            if (index, side) not in covered:
                ends.append(End(index, side))
    return tuple(ends)


def _showing(placement: Placement, side: Side) -> int:
    """The value a placement shows on ``side`` (only the opening tile's west half differs)."""
    if placement.parent is None and side is Side.WEST:
        return placement.inner
    return placement.outer


def _sides(
    index: int, placement: Placement, covered: set[tuple[int, Side]], rule: SpinnerRule
) -> tuple[Side, ...]:
    """The sides of a placement that can hold tiles under the spinner rule."""
    if placement.parent is None:
        line: tuple[Side, ...] = (Side.EAST, Side.WEST)
    else:
        line = (placement.side,)
    if not placement.spinner:
        return line
    crosswise = _PERPENDICULAR[placement.side] if placement.parent is not None else (Side.NORTH, Side.SOUTH)
    if rule is SpinnerRule.FIRST_DOUBLE and not all((index, side) in covered for side in line):
        return line
    return (*line, *crosswise)


def end_count(layout: Layout) -> int:
    """The sum of the open ends, as the fives games count it.

    Each open end counts the number showing on it, except that a double lying across
    the end of a line counts both halves (once, even when both of its sides are open,
    as for a lone opening double). A spinner's crosswise sides count nothing until a
    tile is played on them. An empty layout counts 0.
    """
    total = 0
    by_placement: dict[int, list[Side]] = {}
    for end in layout.ends:
        by_placement.setdefault(end.placement, []).append(end.side)
    for index, sides in by_placement.items():
        placement = layout.placements[index]
        if placement.tile.is_double:
            line = (Side.EAST, Side.WEST) if placement.parent is None else (placement.side,)
            if any(side in line for side in sides):
                total += placement.tile.pips
        else:
            total += sum(_showing(placement, side) for side in sides)
    return total
