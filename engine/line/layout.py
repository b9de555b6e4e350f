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

__all__ = [
    "End",
    "Layout",
    "Placement",
    "Side",
    "SpinnerRule",
    "end_code",
    "end_count",
    "end_of",
    "fresh_side_ranks",
    "open_ends",
    "parse_end",
    "showing",
    "spins",
]


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

_SIDES: tuple[Side, ...] = tuple(Side)
"""The sides in rank order (E, W, N, S): an end's *code* is ``placement * 4 + rank``."""
_RANK: dict[Side, int] = {side: rank for rank, side in enumerate(_SIDES)}
_CROSSWISE: tuple[tuple[int, ...], ...] = tuple(
    tuple(_RANK[crosswise] for crosswise in _PERPENDICULAR[side]) for side in _SIDES
)
"""The ranks of the sides perpendicular to each side rank, in :data:`_PERPENDICULAR` order."""


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


_ENDS: list[End] = []
"""One shared :class:`End` per end code, made on first use, so the layouts of every hand share them."""


def end_of(code: int) -> End:
    """The end with code ``placement * 4 + side rank`` (sides ranked E, W, N, S)."""
    if code >= len(_ENDS):
        _ENDS.extend(End(more >> 2, _SIDES[more & 3]) for more in range(len(_ENDS), code + 1))
    return _ENDS[code]


def end_code(end: End) -> int:
    """The code of an end: ``placement * 4 + side rank`` (see :func:`end_of`)."""
    return end.placement * 4 + _RANK[end.side]


_END_TEXT = re.compile(r"^\s*(\d+)\s*([EWNS])\s*$")


def parse_end(text: str) -> End:
    """Read an end written as ``<placement><side>``, e.g. ``0E`` or ``12N``."""
    match = _END_TEXT.match(text.upper())
    if match is None:
        raise NotationError(f"not an end: {text!r} (expected e.g. '0E' or '3W')", "bad-end")
    return End(int(match.group(1)), Side(match.group(2)))


class _EndCodes:
    """A hidden slot for a layout's end codes (see :meth:`Layout.end_codes`).

    Not a dataclass field, so it takes no part in equality, ``repr`` or ``replace``; a
    layout made without it (by hand, or by a copy) works it out on first use.
    """

    __slots__ = ("_codes",)
    _codes: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Layout(_EndCodes):
    """The tiles laid so far and the ends open for play.

    A layout never changes once made: :meth:`play` shares the placements, ends and values
    that stay the same and builds only what the new tile changes.
    """

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
        return self.values[self._position(end)]

    def _position(self, end: End) -> int:
        """The index of an open end in :attr:`ends`, or :class:`IllegalActionError` (``no-such-end``)."""
        try:
            return self.ends.index(end)
        except ValueError:
            raise IllegalActionError(f"{end} is not an open end of the layout", "no-such-end") from None

    def end_codes(self) -> tuple[int, ...]:
        """The code of each open end (see :func:`end_of`), aligned with :attr:`ends`."""
        try:
            return self._codes
        except AttributeError:
            codes = tuple(end_code(end) for end in self.ends)
            object.__setattr__(self, "_codes", codes)
            return codes

    def ends_for(self, tile: Tile) -> tuple[End, ...]:
        """The open ends ``tile`` can be played on (all opening positions count as one: ``()``)."""
        suits = (tile.low, tile.high)
        return tuple(end for end, value in zip(self.ends, self.values, strict=True) if value in suits)

    def accepts(self, tile: Tile) -> bool:
        """Whether ``tile`` can be played somewhere (any tile opens an empty layout)."""
        return not self.placements or tile.low in self.values or tile.high in self.values

    def play(self, tile: Tile, end: End | None) -> Layout:
        """A new layout with ``tile`` laid on ``end`` (``None`` opens an empty layout)."""
        if not self.placements:
            if end is not None:
                raise IllegalActionError(
                    f"the layout is empty: {tile} must open it, not go on {end}", "no-such-end"
                )
            spinner = tile.is_double and self.spinner_rule is not SpinnerRule.NONE
            placement = Placement(tile, None, Side.EAST, tile.low, tile.high, spinner)
            return self._with((placement,))
        if end is None:
            raise IllegalActionError(f"{tile} needs an end: the layout is already opened", "no-such-end")
        position = self._position(end)
        value = self.values[position]
        if value != tile.low and value != tile.high:
            raise IllegalActionError(f"{tile} does not match {value} at end {end}", "does-not-match")
        return self._grown(tile, position, value)

    def _grown(self, tile: Tile, position: int, value: int) -> Layout:
        """The layout with ``tile`` laid on the open end at ``position``, which shows ``value``."""
        end = self.ends[position]
        outer = tile.high if tile.low == value else tile.low
        spinner = self._becomes_spinner(tile)
        placement = Placement(tile, end.placement, end.side, value, outer, spinner)
        placements = (*self.placements, placement)
        if self.placements[end.placement].spinner:
            # A spinner's other sides may open, or the cross be completed: work the ends out again.
            return self._with(placements)
        # Otherwise only the covered end closes and the new tile's own sides open, after the others.
        codes = self.end_codes()
        fresh = tuple(
            len(self.placements) * 4 + rank
            for rank in fresh_side_ranks(self.spinner_rule, codes[position] & 3, spinner)
        )
        after = position + 1
        return _made(
            self.spinner_rule,
            placements,
            self.ends[:position] + self.ends[after:] + tuple(end_of(code) for code in fresh),
            self.values[:position] + self.values[after:] + (outer,) * len(fresh),
            codes[:position] + codes[after:] + fresh,
        )

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
        if tile.low != tile.high or self.spinner_rule is SpinnerRule.NONE:
            return False
        return spins(self.spinner_rule, tile, any(placement.spinner for placement in self.placements))

    def _with(self, placements: tuple[Placement, ...]) -> Layout:
        """The layout of ``placements``, its open ends worked out from scratch."""
        ends = open_ends(placements, self.spinner_rule)
        values = tuple(showing(placements[end.placement], end.side) for end in ends)
        return _made(self.spinner_rule, placements, ends, values, tuple(end_code(end) for end in ends))


def _made(
    rule: SpinnerRule,
    placements: tuple[Placement, ...],
    ends: tuple[End, ...],
    values: tuple[int, ...],
    codes: tuple[int, ...],
) -> Layout:
    """A layout whose end codes are already known."""
    layout = Layout(rule, placements, ends, values)
    object.__setattr__(layout, "_codes", codes)
    return layout


def spins(rule: SpinnerRule, tile: Tile, spinner_laid: bool) -> bool:
    """Whether ``tile``, laid on an opened layout, becomes a spinner (``spinner_laid``: one already is)."""
    if tile.low != tile.high:
        return False
    if rule is SpinnerRule.EVERY_DOUBLE:
        return True
    return rule is SpinnerRule.FIRST_DOUBLE and not spinner_laid


def fresh_side_ranks(rule: SpinnerRule, rank: int, spinner: bool) -> tuple[int, ...]:
    """The ranks of the sides open on a tile just laid against side ``rank`` of another.

    Its outward side (the same rank), then, for a spinner whose crosswise sides open at once,
    those: the order :func:`open_ends` lists them in. A ``first-double`` spinner's crosswise
    sides open only once its outward side is covered.
    """
    if spinner and rule is not SpinnerRule.FIRST_DOUBLE:
        return (rank, *_CROSSWISE[rank])
    return (rank,)


def open_ends(placements: tuple[Placement, ...], rule: SpinnerRule) -> tuple[End, ...]:
    """Every open end of a layout, in placement order then side order E, W, N, S."""
    covered: set[tuple[int, Side]] = {(p.parent, p.side) for p in placements if p.parent is not None}
    root = placements[0]
    if rule in (SpinnerRule.CROSS, SpinnerRule.EVERY_DOUBLE) and root.spinner:
        cross = [end_of(rank) for rank, side in enumerate(_SIDES) if (0, side) not in covered]
        if cross:  # the cross must be completed before anything else is open
            return tuple(cross)
    ends: list[End] = []
    for index, placement in enumerate(placements):
        for side in _sides(index, placement, covered, rule):
            if (index, side) not in covered:
                ends.append(end_of(index * 4 + _RANK[side]))
    return tuple(ends)


def showing(placement: Placement, side: Side) -> int:
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
            total += sum(showing(placement, side) for side in sides)
    return total
