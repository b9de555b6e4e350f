"""Pure geometry of the line of play: where every laid tile sits on the board.

Standard library only (no DOM, no engine): it runs on CPython for the tests and unchanged in
Pyodide. Coordinates are CSS pixels, origin at the top-left, y pointing down.

`layout_line` draws a plain line: it is first built in *tile units* (a tile is 2 x 1 units)
around the opening tile, which is centred on the origin; each arm is a snake that runs along
a row, turns at the row's reach with one perpendicular tile, and comes back on the next row.
Several row reaches are tried and the one that lets the drawing be largest on the board
wins; the chosen drawing is then scaled and centred on the board.

`layout_tree` draws any layout: a plain line (by `layout_line`), or a tree that branches
at spinners (the cross, the spinner of the fives games, every double of double-nine cross),
laid out by a search described at its section below.

All coordinates the layout produces are multiples of 1/128 px, so touching tiles touch
exactly (no floating-point sliver makes them overlap).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

Point = tuple[float, float]

MAX_UNIT = 36.0
"""Default cap on the short side of a laid tile, in CSS px."""

MIN_LEGIBLE_UNIT = 14.0
"""The smallest short side of a laid tile, in CSS px, at which the table is still legible.

The renderer draws a half tile as a unit-sized square with pips of diameter 0.18 unit on a
3 x 3 grid 0.26 unit apart, and values above nine (double-twelve) as digits 0.55 unit high.
At 14 px a pip is a 2.5 px dot with 1.1 px between neighbours (5 and 2 device pixels on
the 2x screens of phones and tablets), so a nine is still nine separate dots, and digits are
7.7 px, about the smallest bold text that stays readable; at 12 px the gaps shrink under a
CSS pixel and the dots of an eight or a nine run together. It is the floor the layouts of
real hands are tested against on the phone and desktop boards; the geometry itself never
refuses a board, it just draws as large as fits.
"""

MIN_REACH = 3
"""Shortest half-row (in tile units, from the opening tile's centre) a layout may use."""

_SKEWS = (0, 1, -1, 2, -2)

_SNAP = 128.0
_MAX_MARGIN = 8.0
_MARGIN_FRACTION = 0.04
_UNIT_STEP = 1.0 / 64.0  # units are multiples of this, so half-units are multiples of 1/128
_DEGENERATE_UNIT = 1e-3


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle: top-left corner (x, y), width w and height h."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        """The x coordinate of the right edge."""
        return self.x + self.w

    @property
    def bottom(self) -> float:
        """The y coordinate of the bottom edge."""
        return self.y + self.h

    @property
    def center(self) -> Point:
        """The centre point (x, y)."""
        return (self.x + self.w / 2, self.y + self.h / 2)

    def contains(self, px: float, py: float) -> bool:
        """Whether the point lies inside (left/top edges included, right/bottom excluded)."""
        return self.x <= px < self.right and self.y <= py < self.bottom

    def intersects(self, other: Rect) -> bool:
        """Whether the two interiors overlap (rectangles that only touch do not intersect)."""
        return (
            self.x < other.right and other.x < self.right and self.y < other.bottom and other.y < self.bottom
        )

    def encloses(self, other: Rect) -> bool:
        """Whether `other` lies entirely inside this rectangle (shared edges allowed)."""
        return (
            self.x <= other.x
            and other.right <= self.right
            and self.y <= other.y
            and other.bottom <= self.bottom
        )

    def inset(self, dx: float, dy: float | None = None) -> Rect:
        """This rectangle shrunk by dx on the left and right and dy (default dx) on top and bottom."""
        ddy = dx if dy is None else dy
        return Rect(self.x + dx, self.y + ddy, max(0.0, self.w - 2 * dx), max(0.0, self.h - 2 * ddy))


@dataclass(frozen=True)
class ChainTile:
    """A laid tile of one arm, as the view model sees it.

    `id` is the engine's placement index; `inner` is the pip value on the half touching the
    previous tile (toward the opening tile) and `outer` the value on the half facing away.
    `inner == outer` means a double.
    """

    id: int
    inner: int
    outer: int

    @property
    def is_double(self) -> bool:
        """Whether both halves show the same value."""
        return self.inner == self.outer


@dataclass(frozen=True)
class PlacedTileRect:
    """A tile as drawn: its rectangle, orientation and the value on each half.

    `first` is the value on the left half (horizontal tile) or top half (vertical tile),
    `second` the value on the right or bottom half.
    """

    id: int
    rect: Rect
    vertical: bool
    first: int
    second: int


@dataclass(frozen=True)
class LineLayout:
    """The whole line of play placed on the board.

    `tiles` holds the opening tile first; then, from `layout_line`, each arm's tiles outward
    (east, then west), from `layout_tree` the tiles in play order. `ends` maps an open end to
    the rectangle where the next tile on it would go (a tile's size, touching the end's tip):
    from `layout_line` the arm ("E", "W"), from `layout_tree` the end's `end_key` ("0E",
    "3N", ...). `unit` is the short side of a tile in px (the long side is 2 * unit).
    """

    tiles: tuple[PlacedTileRect, ...]
    ends: dict[str, Rect]
    unit: float
    board: Rect


# --- unit space -------------------------------------------------------------------------

_STEP: dict[str, Point] = {"E": (1.0, 0.0), "S": (0.0, 1.0), "W": (-1.0, 0.0), "N": (0.0, -1.0)}
_OPPOSITE = {"E": "W", "W": "E", "N": "S", "S": "N"}

# How each arm winds: its first row runs along the key; each turn steps toward the value.
# A spinner's north/south arms would be added here (and given a start point on the root).
_ARM_WINDING: dict[str, tuple[str, str]] = {"E": ("E", "S"), "W": ("W", "N")}

_Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in tile units

_Reach = Mapping[str, float]
"""How far rows may run from the opening tile's centre, per row direction ("E", "W")."""


class _Cursor(NamedTuple):
    """Where an arm's next tile attaches: the midpoint of the open edge, and the winding."""

    x: float
    y: float
    heading: str  # the direction the line is travelling
    run: str  # the direction of the current row
    advance: str  # the direction the snake steps when it turns


class _Piece(NamedTuple):
    """A laid tile in unit space, with the direction it travels from inner to outer half."""

    box: _Box
    heading: str


def _box_along(x: float, y: float, heading: str, length: float, breadth: float) -> _Box:
    """The box that starts at edge midpoint (x, y) and extends `length` along `heading`."""
    dx, dy = _STEP[heading]
    ex, ey = x + dx * length, y + dy * length
    half_x, half_y = abs(dy) * breadth / 2, abs(dx) * breadth / 2
    return (min(x, ex) - half_x, min(y, ey) - half_y, max(x, ex) + half_x, max(y, ey) + half_y)


def _straight(cursor: _Cursor, double: bool) -> tuple[_Piece, _Cursor]:
    """Lay a tile straight on: a double crosswise (1 unit deep), any other tile lengthwise."""
    length, breadth = (1.0, 2.0) if double else (2.0, 1.0)
    dx, dy = _STEP[cursor.heading]
    box = _box_along(cursor.x, cursor.y, cursor.heading, length, breadth)
    moved = cursor._replace(x=cursor.x + dx * length, y=cursor.y + dy * length)
    return _Piece(box, cursor.heading), moved


def _turn(cursor: _Cursor, new_heading: str, new_run: str) -> tuple[_Piece, _Cursor]:
    """Lay a non-double around a corner.

    Its inner half takes the square just beyond the open edge (where a straight tile's inner
    half would be), and the tile extends from there toward `new_heading`.
    """
    dx, dy = _STEP[cursor.heading]
    nx, ny = _STEP[new_heading]
    start_x = cursor.x + dx / 2 - nx / 2
    start_y = cursor.y + dy / 2 - ny / 2
    box = _box_along(start_x, start_y, new_heading, 2.0, 1.0)
    moved = _Cursor(start_x + 2 * nx, start_y + 2 * ny, new_heading, new_run, cursor.advance)
    return _Piece(box, new_heading), moved


def _fits_in_row(cursor: _Cursor, reach: _Reach) -> bool:
    """Whether a lengthwise tile laid straight on stays within the row's reach."""
    rx, ry = _STEP[cursor.run]
    return (cursor.x * rx + cursor.y * ry) + 2.0 <= reach[cursor.run]


def _lay(cursor: _Cursor, double: bool, reach: _Reach) -> tuple[_Piece, _Cursor]:
    """Lay the arm's next tile: straight on, or turning at the row's reach.

    Doubles are always laid straight on (crosswise). In a row, a non-double that would pass
    the reach turns toward the snake's advance; in the short column that follows, the next
    non-double turns again into the new row, which runs back the opposite way.
    """
    if double:
        return _straight(cursor, double=True)
    if cursor.heading == cursor.run:
        if _fits_in_row(cursor, reach):
            return _straight(cursor, double=False)
        return _turn(cursor, cursor.advance, cursor.run)
    back = _OPPOSITE[cursor.run]
    return _turn(cursor, back, back)


def _root_box(double: bool) -> _Box:
    """The opening tile centred on the origin: a double stands crosswise to the line."""
    return (-0.5, -1.0, 0.5, 1.0) if double else (-1.0, -0.5, 1.0, 0.5)


def _arm_start(root: _Box, arm: str) -> _Cursor:
    """Where the first tile of `arm` attaches to the opening tile."""
    run, advance = _ARM_WINDING[arm]
    dx, dy = _STEP[run]
    half_w, half_h = (root[2] - root[0]) / 2, (root[3] - root[1]) / 2
    return _Cursor(dx * half_w, dy * half_h, run, run, advance)


class _UnitLayout(NamedTuple):
    """One candidate drawing in tile units."""

    root: _Box
    arms: dict[str, list[_Piece]]
    ends: dict[str, _Box]
    bounds: _Box


def _wind_arm(start: _Cursor, doubles: Sequence[bool], reach: _Reach) -> tuple[list[_Piece], _Box]:
    """Lay one arm's tiles in order; return them and the box a next (non-double) tile takes."""
    pieces: list[_Piece] = []
    cursor = start
    for double in doubles:
        piece, cursor = _lay(cursor, double, reach)
        pieces.append(piece)
    end, _ = _lay(cursor, False, reach)
    return pieces, end.box


def _union(boxes: Sequence[_Box]) -> _Box:
    """The smallest box holding all `boxes`."""
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def _unit_layout(root_double: bool, arms: Mapping[str, Sequence[bool]], reach: _Reach) -> _UnitLayout:
    """The whole line in tile units for one row reach."""
    root = _root_box(root_double)
    laid: dict[str, list[_Piece]] = {}
    ends: dict[str, _Box] = {}
    boxes: list[_Box] = [root]
    for arm, doubles in arms.items():
        laid[arm], ends[arm] = _wind_arm(_arm_start(root, arm), doubles, reach)
        boxes.extend(piece.box for piece in laid[arm])
        boxes.append(ends[arm])
    return _UnitLayout(root, laid, ends, _union(boxes))


# --- fitting to the board -----------------------------------------------------------------


def _snap(value: float) -> float:
    """Round to the nearest 1/128 px so sums of coordinates stay exact."""
    return round(value * _SNAP) / _SNAP


def _margin(board: Rect) -> float:
    """The free border kept between the drawing and the board's edges."""
    return min(_MAX_MARGIN, _MARGIN_FRACTION * min(board.w, board.h))


def _fit_unit(bounds: _Box, board: Rect, max_unit: float) -> float:
    """The largest unit (capped, snapped down to 1/64 px) at which `bounds` fits the board."""
    margin = _margin(board)
    width, height = bounds[2] - bounds[0], bounds[3] - bounds[1]
    unit = min(max_unit, (board.w - 2 * margin) / width, (board.h - 2 * margin) / height)
    if unit <= 0:
        return _DEGENERATE_UNIT  # a board with no room: keep the numbers drawable
    return _snap_unit(unit)


def _snap_unit(unit: float) -> float:
    """`unit` rounded down to a multiple of 1/64 px (unless that would make it zero)."""
    snapped = math.floor(unit / _UNIT_STEP) * _UNIT_STEP
    return snapped if snapped > 0 else unit


def _straight_extents(root_double: bool, arms: Mapping[str, Sequence[bool]]) -> dict[str, float]:
    """How far each arm reaches from the root's centre if it never turns (next tile included)."""
    root_half = 0.5 if root_double else 1.0
    return {
        arm: root_half + sum(1.0 if double else 2.0 for double in doubles) + 2.0
        for arm, doubles in arms.items()
    }


def _reaches(straight: int) -> Iterator[_Reach]:
    """Candidate row reaches: a straight line first, then snakes from the tightest up.

    East and west reaches may differ by a unit or two, which shifts the opening tile off
    the rows' centre and gives finer steps of row length than whole tiles allow.
    """
    yield {"E": straight, "W": straight}
    for east in range(MIN_REACH, straight):
        for skew in _SKEWS:
            west = east + skew
            if MIN_REACH <= west < straight:
                yield {"E": east, "W": west}


def _min_width(reach: _Reach, extents: Mapping[str, float]) -> float:
    """A lower bound of the drawing's width for `reach`.

    An arm that turns goes past `reach - 1` (its corner tile stands beyond the last tile
    that fitted); an arm that never turns runs its full straight extent.
    """
    return sum(min(extents[arm], reach[_ARM_WINDING[arm][0]] - 1) for arm in extents)


class _Candidate(NamedTuple):
    """A laid-out reach, ranked by unit, then by longer rows (fewer turns)."""

    unit: float
    row_length: tuple[float, float]
    drawing: _UnitLayout


def _row_length(reach: _Reach) -> tuple[float, float]:
    """How a reach ranks on ties: longer rows first, then a longer east side."""
    return (reach["E"] + reach["W"], reach["E"])


@dataclass(frozen=True)
class _ReachSearch:
    """Everything needed to lay out and rank one reach for a given line and board."""

    root_double: bool
    arms: Mapping[str, Sequence[bool]]
    board: Rect
    max_unit: float
    extents: Mapping[str, float]
    free_width: float

    @classmethod
    def of(
        cls, root_double: bool, arms: Mapping[str, Sequence[bool]], board: Rect, max_unit: float
    ) -> _ReachSearch:
        """The search for this line on this board."""
        extents = _straight_extents(root_double, arms)
        return cls(root_double, arms, board, max_unit, extents, board.w - 2 * _margin(board))

    def evaluate(self, reach: _Reach) -> _Candidate:
        """Lay the line out for `reach` and measure the unit it would get."""
        drawing = _unit_layout(self.root_double, self.arms, reach)
        unit = _fit_unit(drawing.bounds, self.board, self.max_unit)
        return _Candidate(unit, _row_length(reach), drawing)

    def may_reach(self, reach: _Reach, unit: float) -> bool:
        """False if the drawing for `reach` is sure to be too wide for `unit`."""
        return self.free_width / _min_width(reach, self.extents) >= unit

    def best(self) -> _Candidate:
        """The candidate with the biggest unit (the longest rows among equals)."""
        straight = max(math.ceil(max(self.extents.values(), default=0.0)), MIN_REACH)
        candidates = list(_reaches(straight))
        capped_unit = _snap_unit(self.max_unit)
        best: _Candidate | None = None
        for reach in candidates:
            if best is not None and not self.may_reach(reach, best.unit):
                continue
            candidate = self.evaluate(reach)
            if best is None or candidate[:2] > best[:2]:
                best = candidate
            if best.unit >= capped_unit:
                return self._longest_capped(candidates, best)
        assert best is not None  # the straight line is always a candidate
        return best

    def _longest_capped(self, candidates: list[_Reach], capped: _Candidate) -> _Candidate:
        """Among reaches that also reach the cap, the one with the longest rows."""
        for reach in sorted(candidates, key=_row_length, reverse=True):
            if _row_length(reach) <= capped.row_length:
                break
            if self.may_reach(reach, capped.unit):
                candidate = self.evaluate(reach)
                if candidate.unit >= capped.unit:
                    return candidate
        return capped


def _best_unit_layout(
    root_double: bool, arms: Mapping[str, Sequence[bool]], board: Rect, max_unit: float
) -> tuple[_UnitLayout, float]:
    """Try row reaches and keep the drawing with the biggest unit (longest rows on ties).

    A reach whose drawing is sure to be too wide to beat the best unit so far is skipped
    without being laid out. Once a drawing reaches the cap, only longer rows are tried.
    """
    best = _ReachSearch.of(root_double, arms, board, max_unit).best()
    return best.drawing, best.unit


class _Placement(NamedTuple):
    """Maps tile units to board pixels."""

    unit: float
    origin_x: float
    origin_y: float

    def rect(self, box: _Box) -> Rect:
        """The pixel rectangle of a unit-space box."""
        x0 = self.origin_x + box[0] * self.unit
        y0 = self.origin_y + box[1] * self.unit
        return Rect(x0, y0, (box[2] - box[0]) * self.unit, (box[3] - box[1]) * self.unit)


def _centre(bounds: _Box, board: Rect, unit: float) -> _Placement:
    """Place the drawing's bounding box in the middle of the board."""
    width, height = (bounds[2] - bounds[0]) * unit, (bounds[3] - bounds[1]) * unit
    origin_x = board.x + (board.w - width) / 2 - bounds[0] * unit
    origin_y = board.y + (board.h - height) / 2 - bounds[1] * unit
    return _Placement(unit, _snap(origin_x), _snap(origin_y))


def _faces(inner: int, outer: int, heading: str) -> tuple[int, int]:
    """(left-or-top value, right-or-bottom value) of a tile travelling along `heading`."""
    return (inner, outer) if heading in ("E", "S") else (outer, inner)


def _placed(tile_id: int, rect: Rect, inner: int, outer: int, heading: str) -> PlacedTileRect:
    """A drawn tile, with its halves' values in reading order."""
    first, second = _faces(inner, outer, heading)
    return PlacedTileRect(tile_id, rect, rect.h > rect.w, first, second)


# --- trees: spinners and branches ----------------------------------------------------------
#
# A tree is laid out in *cells* (half tile units, so every edge falls on a whole number), one
# node at a time: each tile, and a target for each open end (shaped like a tile). A node
# attaches at the midpoint of one edge of its parent. A non-double goes straight on or turns
# left or right, its inner half always on the square just beyond that edge; a double always
# goes straight on, crosswise. When a node is laid, the cells its later neighbours need first
# are reserved: the square beyond each edge where a later node attaches and, for a later
# double (it can only go straight on), its whole box and the squares beyond its own edges. So
# no chain is ever shut in at its start.
#
# Each chain winds like the line's snake: along a row, one tile across at the row's end, back
# along the next row; the first tile (or target) of a branch leaves straight out where it
# can, and the tiles on an opening double always do (so a cross looks like one). Among the free places for a node, those that do not lengthen the drawing's
# scale-setting side (its width or its height, relative to the board's) come first, in that
# order, then the one that lengthens it least. The drawing starts as a *window* of the board's
# proportions around the opening tile, so chains turn about where the board would end. A dead
# end (a node with no free place) undoes the latest node in its way (conflict-directed
# backjumping) and tries that node's next place. Runs differ in their window, in the way the
# opening tile's arms step when they turn (clockwise or anticlockwise), and in the laying
# order (breadth first, or each subtree whole, the largest first); the drawing that can be
# drawn largest wins.

_CLOCKWISE = ("E", "S", "W", "N")
_CELL_STEP: dict[str, tuple[int, int]] = {"E": (1, 0), "S": (0, 1), "W": (-1, 0), "N": (0, -1)}

_IBox = tuple[int, int, int, int]
"""x0, y0, x1, y1 in cells (half tile units), the opening tile centred on (0, 0)."""

_Rows = tuple[tuple[int, int], ...]
"""Cells as (row, bit mask of the row's cells)."""

_WINDOW_FILLS = (0.9, 0.7, 0.5)
"""The windows tried below the cap: how much of each one the tiles and targets would cover."""

_RETRIES_PER_NODE = 2
"""Places a run may try per node beyond the first before it gives its window up."""

_RESCUE_RETRIES_PER_NODE = 40
"""The same for a second round of runs, if no run of the first round got through."""

_EFFORT = 1000
"""Places the runs for one drawing may try in all, unless none has got through yet or the
best drawing so far is smaller than `MIN_LEGIBLE_UNIT`; then every run is tried.

It bounds the time a drawing takes, however large the tree: a drawing of 45 tiles and their
ends takes about 15 ms on CPython. Trying more runs gains little (0.3 % of unit on average
for 2.5 times the effort, measured on random double-nine and double-twelve hands).
"""

_TIDY_SLACK = 0.03
"""A drawing this much smaller than the largest one still wins if it has fewer corners."""


def _rotate(side: str, quarter_turns: int) -> str:
    """`side` turned clockwise by `quarter_turns` right angles."""
    return _CLOCKWISE[(_CLOCKWISE.index(side) + quarter_turns) % 4]


def _quarter_turns(start: str, end: str) -> int:
    """How many clockwise right angles turn `start` into `end`."""
    return (_CLOCKWISE.index(end) - _CLOCKWISE.index(start)) % 4


def _cell_box(x: int, y: int, heading: str, length: int, breadth: int) -> _IBox:
    """The box from edge midpoint (x, y), `length` cells along `heading` and `breadth` across."""
    dx, dy = _CELL_STEP[heading]
    ex, ey = x + dx * length, y + dy * length
    half_x, half_y = abs(dy) * breadth // 2, abs(dx) * breadth // 2
    return (min(x, ex) - half_x, min(y, ey) - half_y, max(x, ex) + half_x, max(y, ey) + half_y)


def _cover(a: _IBox, b: _IBox) -> _IBox:
    """The smallest box holding both."""
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def _in_units(box: _IBox) -> _Box:
    """A box in cells as a box in tile units."""
    return (box[0] / 2, box[1] / 2, box[2] / 2, box[3] / 2)


@dataclass(frozen=True)
class TreeTile:
    """A laid tile of a layout tree: a line of play that may branch at spinners.

    `id` names the tile (the scene passes the engine's placement index). `parent` is the id
    of the tile it touches (None for the opening tile) and `side` the side of the parent it
    lies against: "E" or "W" of the opening tile ("N" or "S" too if that is a spinner); of any
    other tile, the side that tile was itself laid on (the line goes on) or, if it is a
    spinner, one of the two sides across it. Sides are named as the engine names them: as if
    every arm ran straight, whatever turns the drawing makes.

    `inner` is the value touching the parent and `outer` the value facing away (for the
    opening tile: its west and its east value). `spinner` marks a double that may be played
    on from its crosswise sides too.
    """

    id: int
    parent: int | None
    side: str
    inner: int
    outer: int
    spinner: bool = False

    @property
    def is_double(self) -> bool:
        """Whether both halves show the same value."""
        return self.inner == self.outer


def end_key(tile_id: int, side: str) -> str:
    """How `LineLayout.ends` names the open end on `side` of tile `tile_id`: e.g. "3N".

    The same text as the engine's ``str(End(3, Side.NORTH))``.
    """
    return f"{tile_id}{side}"


class _Node(NamedTuple):
    """Something to lay: a tile of the tree, or the target of an open end (`tile` is None)."""

    tile: TreeTile | None
    key: str  # the tile id, or the end's key
    parent: int  # index of the node it touches; -1 for the opening tile
    side: str  # the side of the parent it lies against ("E" for the opening tile)
    double: bool
    branch: bool  # it starts a chain (on the opening tile, or across a spinner): it leaves straight if it can
    children: tuple[tuple[str, int], ...]  # (side, index) of the nodes laid against it


def _sides(tile: TreeTile, line: str | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The sides of `tile` along its line and across it where later tiles may attach.

    `line` is the direction its arm runs (None for the opening tile).
    """
    along = ("E", "W") if line is None else (line,)
    axis = line or "E"
    across = (_rotate(axis, -1), _rotate(axis, 1)) if tile.spinner and tile.is_double else ()
    return along, across


def _tree_nodes(tiles: Sequence[TreeTile], ends: Sequence[tuple[int, str]]) -> list[_Node]:
    """The tiles (in the given order) then the ends as nodes; ValueError if not a proper tree."""
    index: dict[int, int] = {}
    lines: list[str | None] = []
    taken: dict[tuple[int, str], int] = {}
    raw: list[tuple[TreeTile | None, str, int, str, bool]] = []

    def attach(parent_id: int | None, side: str, what: str) -> tuple[int, bool]:
        if parent_id is None or parent_id not in index:
            raise ValueError(f"{what} lies against tile {parent_id}, which is not laid before it")
        parent = index[parent_id]
        along, across = _sides(tiles[parent], lines[parent])
        if side not in along + across:
            raise ValueError(f"{what}: tile {parent_id} has no side {side!r} to play on")
        if (parent, side) in taken:
            raise ValueError(f"{what}: side {side} of tile {parent_id} is taken twice")
        taken[(parent, side)] = len(raw)
        return parent, parent == 0 or side in across

    for position, tile in enumerate(tiles):
        if tile.id in index:
            raise ValueError(f"tile {tile.id} is laid twice")
        if position == 0:
            if tile.parent is not None:
                raise ValueError(f"the opening tile {tile.id} cannot lie against tile {tile.parent}")
            raw.append((tile, str(tile.id), -1, "E", False))
            lines.append(None)
        else:
            parent, branch = attach(tile.parent, tile.side, f"tile {tile.id}")
            raw.append((tile, str(tile.id), parent, tile.side, branch))
            lines.append(tile.side)
        index[tile.id] = position
    for tile_id, side in ends:
        key = end_key(tile_id, side)
        parent, branch = attach(tile_id, side, f"end {key}")
        raw.append((None, key, parent, side, branch))
    children: list[list[tuple[str, int]]] = [[] for _ in raw]
    for (parent, side), child in sorted(taken.items(), key=lambda item: item[1]):
        children[parent].append((side, child))
    return [
        _Node(tile, key, parent, side, tile is not None and tile.is_double, branch, tuple(children[i]))
        for i, (tile, key, parent, side, branch) in enumerate(raw)
    ]


def _subtree_sizes(nodes: Sequence[_Node]) -> list[int]:
    """How many nodes hang on each node, itself included."""
    sizes = [1] * len(nodes)
    for i in range(len(nodes) - 1, 0, -1):
        sizes[nodes[i].parent] += sizes[i]
    return sizes


def _laying_order(nodes: Sequence[_Node], largest_first: bool) -> list[int]:
    """An order to lay the nodes in (node indices), each after the one it lies against.

    Breadth first: the tiles next to the opening tile, then those one further, and so on
    (ties in play order), so that what branches near the middle claims its room before the
    long chains wind past it. Largest first: each subtree whole, the larger ones first.
    """
    if not largest_first:
        order = [0]
        for i in order:
            order.extend(child for _, child in nodes[i].children)
        return order
    sizes = _subtree_sizes(nodes)
    order = []
    stack = [0]
    while stack:
        i = stack.pop()
        order.append(i)
        stack.extend(sorted((child for _, child in nodes[i].children), key=lambda c: (sizes[c], -c)))
    return order


def _reordered(nodes: Sequence[_Node], order: Sequence[int]) -> list[_Node]:
    """The nodes in `order` (old indices), re-indexed."""
    new = {old: k for k, old in enumerate(order)}
    return [
        nodes[old]._replace(
            parent=new[nodes[old].parent] if nodes[old].parent >= 0 else -1,
            children=tuple(sorted(((side, new[c]) for side, c in nodes[old].children), key=lambda sc: sc[1])),
        )
        for old in order
    ]


class _Front(NamedTuple):
    """Where a later node attaches to a laid one, and the cells reserved for it."""

    child: int
    x: int
    y: int
    heading: str
    rows: _Rows


class _Option(NamedTuple):
    """One way to lay a node: its box, its direction, how its chain winds on, its fronts."""

    box: _IBox
    heading: str  # the direction it travels from its inner to its outer half
    run: str  # the direction of its chain's current row
    advance: str  # where its chain steps when it turns out of a row
    fronts: tuple[_Front, ...]
    extent: _IBox  # the box holding it and every cell it reserves
    rows: _Rows  # its box


class _Strategy(NamedTuple):
    """How chains prefer to wind, and in which order the nodes are laid."""

    pinwheel: int  # the opening tile's arms step clockwise (1) or anticlockwise (-1) when they turn
    largest_first: bool  # the laying order: each subtree whole, the largest first (else breadth first)


_STRATEGIES = (_Strategy(1, False), _Strategy(-1, False), _Strategy(1, True), _Strategy(-1, True))


class _Shapes:
    """The geometry of one tree's nodes (boxes, fronts, ways to go), memoised across runs."""

    def __init__(self, nodes: Sequence[_Node]) -> None:
        self.nodes = nodes
        self.shift = 4 * len(nodes) + 16  # no cell lies further left of the opening tile than this
        self._ways: dict[tuple[int, int, int, str, str, str], tuple[_Option, ...]] = {}

    def rows(self, boxes: Sequence[_IBox]) -> _Rows:
        """The cells of `boxes` (which must not overlap) as row masks."""
        masks: dict[int, int] = {}
        for x0, y0, x1, y1 in boxes:
            mask = ((1 << (x1 - x0)) - 1) << (x0 + self.shift)
            for y in range(y0, y1):
                masks[y] = masks.get(y, 0) | mask
        return tuple(masks.items())

    def _front_boxes(self, i: int, box: _IBox, heading: str) -> tuple[tuple[_Front, ...], tuple[_IBox, ...]]:
        """The fronts of node `i` laid as `box`, and every box they reserve.

        A later non-double needs the square beyond the edge; a later double its whole box
        and, beyond it, what its own later nodes need.
        """
        node = self.nodes[i]
        turns = _quarter_turns("E" if node.parent < 0 else node.side, heading)
        cx, cy = (box[0] + box[2]) // 2, (box[1] + box[3]) // 2
        half_w, half_h = (box[2] - box[0]) // 2, (box[3] - box[1]) // 2
        fronts: list[_Front] = []
        every: list[_IBox] = []
        for side, child in node.children:
            direction = _rotate(side, turns)
            dx, dy = _CELL_STEP[direction]
            x, y = cx + dx * half_w, cy + dy * half_h
            if self.nodes[child].double:
                child_box = _cell_box(x, y, direction, 2, 4)
                boxes = (child_box, *self._front_boxes(child, child_box, direction)[1])
            else:
                boxes = (_cell_box(x, y, direction, 2, 2),)
            fronts.append(_Front(child, x, y, direction, self.rows(boxes)))
            every.extend(boxes)
        return tuple(fronts), tuple(every)

    def option(self, i: int, box: _IBox, heading: str, run: str, advance: str) -> _Option:
        """Node `i` laid as `box`, heading `heading`, with the cells it reserves."""
        fronts, reserved = self._front_boxes(i, box, heading)
        extent = box
        for other in reserved:
            extent = _cover(extent, other)
        return _Option(box, heading, run, advance, fronts, extent, self.rows((box,)))

    def ways(self, i: int, x: int, y: int, heading: str, run: str, advance: str) -> tuple[_Option, ...]:
        """The ways node `i` may go from edge midpoint (x, y), in winding order.

        `run` and `advance` say how its chain winds. A double goes straight on. Any other
        tile along a row goes on, else turns the way the snake steps, else the other way; a
        tile after the one across a row's end turns back along the next row, else goes on,
        else turns the old way.
        """
        key = (i, x, y, heading, run, advance)
        found = self._ways.get(key)
        if found is None:
            found = self._ways[key] = self._compute_ways(i, x, y, heading, run, advance)
        return found

    def _compute_ways(
        self, i: int, x: int, y: int, heading: str, run: str, advance: str
    ) -> tuple[_Option, ...]:
        along_row = heading in (run, _OPPOSITE[run])
        if self.nodes[i].double:
            box = _cell_box(x, y, heading, 2, 4)
            if along_row:
                return (self.option(i, box, heading, heading, advance),)
            return (self.option(i, box, heading, run, heading),)
        ways: tuple[tuple[str, str, str], ...]  # (direction, run after it, advance after it)
        if along_row:
            aside = _OPPOSITE[advance]
            ways = ((heading, heading, advance), (advance, heading, advance), (aside, heading, aside))
        else:
            back = _OPPOSITE[run]
            ways = ((back, back, heading), (heading, run, heading), (run, run, heading))
        dx, dy = _CELL_STEP[heading]
        options = []
        for direction, new_run, new_advance in ways:
            if direction == heading:
                box = _cell_box(x, y, heading, 4, 2)
            else:
                nx, ny = _CELL_STEP[direction]
                box = _cell_box(x + dx - nx, y + dy - ny, direction, 4, 2)
            options.append(self.option(i, box, direction, new_run, new_advance))
        return tuple(options)


class _TreeRun:
    """One depth-first run laying every node of a tree, starting from `window` (cells)."""

    def __init__(
        self, shapes: _Shapes, window: _IBox, scale: tuple[float, float], strategy: _Strategy
    ) -> None:
        self.shapes = shapes
        self.nodes = shapes.nodes
        self.scale_x, self.scale_y = scale  # 1 / the board's free width and height
        self.strategy = strategy
        self.bounds: list[_IBox] = [window]  # the drawing's box after each node laid
        self.laid: list[_Option | None] = [None] * len(self.nodes)
        self.reserved_for: dict[int, _Rows] = {}
        self.cells: dict[int, int] = {}  # row -> bit mask of its cells taken or reserved
        self.owners: dict[int, list[tuple[int, int]]] = {}  # row -> (cells, node), in laying order
        self.tries = 0  # places tried by the last `run`

    # --- cells ---

    def _free(self, rows: _Rows) -> bool:
        cells = self.cells
        return not any(cells.get(y, 0) & mask for y, mask in rows)

    def _fill(self, rows: _Rows, owner: int = -1) -> None:
        """Take the cells; `owner` is the node laying them (not given when a reservation returns)."""
        cells = self.cells
        for y, mask in rows:
            cells[y] = cells.get(y, 0) | mask
            if owner >= 0:
                self.owners.setdefault(y, []).append((mask, owner))

    def _clear(self, rows: _Rows, owned: bool = False) -> None:
        """Free the cells (`owned`: they go with the node that laid them last)."""
        cells = self.cells
        for y, mask in rows:
            cells[y] &= ~mask
            if owned:
                self.owners[y].pop()

    # --- choosing ---

    def _scale(self, box: _IBox) -> float:
        """How large a drawing of box `box` is for the board (the larger, the smaller the unit)."""
        return max((box[2] - box[0]) * self.scale_x, (box[3] - box[1]) * self.scale_y)

    def _options(self, i: int) -> list[_Option]:
        """Every way to lay node `i`, best first."""
        node = self.nodes[i]
        if node.parent < 0:
            box = (-1, -2, 1, 2) if node.double else (-2, -1, 2, 1)
            return [self.shapes.option(i, box, "E", "E", "S")]
        parent = self.laid[node.parent]
        assert parent is not None
        x, y, heading = next((f.x, f.y, f.heading) for f in parent.fronts if f.child == i)
        if not node.branch:
            run, advance = parent.run, parent.advance
        elif node.parent == 0:
            run, advance = heading, _rotate(heading, self.strategy.pinwheel)
        else:
            run, advance = heading, parent.heading  # a branch steps the way its spinner's line runs
        options = self.shapes.ways(i, x, y, heading, run, advance)
        if node.parent == 0 and node.tile is not None and self.nodes[0].double:
            options = options[:1]  # the cross: a tile on the opening double leaves it straight
        bounds = self.bounds[-1]
        rank = [
            (not (node.branch and option.heading == heading), self._scale(_cover(bounds, option.extent)), k)
            for k, option in enumerate(options)
        ]
        return [options[k] for _, _, k in sorted(rank)]

    # --- laying ---

    def _lay(self, i: int, option: _Option) -> bool:
        """Lay node `i` as `option`, if its cells and those it reserves are free."""
        own = self.reserved_for.get(i)
        if own is not None:
            self._clear(own)
        if self._free(option.rows) and all(self._free(front.rows) for front in option.fronts):
            self._fill(option.rows, i)
            for front in option.fronts:
                self._fill(front.rows, i)
                self.reserved_for[front.child] = front.rows
            self.laid[i] = option
            self.bounds.append(_cover(self.bounds[-1], option.extent))
            return True
        if own is not None:
            self._fill(own)
        return False

    def _undo(self, i: int) -> None:
        """Take the last laid node, `i`, back up."""
        laid = self.laid[i]
        assert laid is not None
        for front in reversed(laid.fronts):
            self._clear(front.rows, owned=True)
            del self.reserved_for[front.child]
        self._clear(laid.rows, owned=True)
        own = self.reserved_for.get(i)
        if own is not None:
            self._fill(own)
        self.bounds.pop()
        self.laid[i] = None

    def _in_the_way(self, option: _Option) -> set[int]:
        """The laid nodes whose tiles or reservations take cells `option` needs."""
        found: set[int] = set()
        for rows in (option.rows, *(front.rows for front in option.fronts)):
            for y, mask in rows:
                found.update(j for taken, j in self.owners.get(y, ()) if taken & mask)
        return found

    def run(self, retries_per_node: int = _RETRIES_PER_NODE) -> list[_Option] | None:
        """Lay every node; None if dead ends cost more than `retries_per_node` tries a node."""
        n = len(self.nodes)
        budget = (1 + retries_per_node) * n
        self.tries = 0
        options: list[list[_Option]] = [[] for _ in range(n)]
        tried = [0] * n
        conflicts: list[set[int]] = [set() for _ in range(n)]
        i = 0
        while i < n:
            if not options[i]:
                options[i] = self._options(i)
            while tried[i] < len(options[i]):
                tried[i] += 1
                self.tries += 1
                budget -= 1
                if self._lay(i, options[i][tried[i] - 1]):
                    break
            else:  # a dead end: back to the latest node in the way (or the parent)
                for option in options[i]:
                    conflicts[i] |= self._in_the_way(option)
                culprits = {j for j in conflicts[i] if j < i} | {self.nodes[i].parent}
                culprits.discard(-1)
                if budget <= 0 or not culprits:
                    return None
                back = max(culprits)
                conflicts[back] |= culprits - {back}
                for k in range(i, back, -1):
                    if self.laid[k] is not None:
                        self._undo(k)
                    options[k], tried[k], conflicts[k] = [], 0, set()
                self._undo(back)
                i = back
                continue
            i += 1
        return [option for option in self.laid if option is not None]

    def force(self) -> list[_Option]:
        """Lay every node its first way whether it is free or not (the very last resort)."""
        for i in range(len(self.nodes)):
            option = self._options(i)[0]
            self.laid[i] = option
            self.bounds.append(_cover(self.bounds[-1], option.extent))
        return [option for option in self.laid if option is not None]


def _window(width: int, height: int) -> _IBox:
    """A window of `width` x `height` cells centred on the opening tile."""
    x0, y0 = -(width // 2), -(height // 2)
    return (min(x0, -2), min(y0, -2), max(x0 + width, 2), max(y0 + height, 2))


def _corners(nodes: Sequence[_Node], laid: Sequence[_Option]) -> int:
    """How many tiles and targets of a drawing turn a corner."""
    count = 0
    for i, node in enumerate(nodes[1:], start=1):
        heading = next(front.heading for front in laid[node.parent].fronts if front.child == i)
        count += laid[i].heading != heading
    return count


def _drawing_box(laid: Sequence[_Option]) -> _IBox:
    """The box holding every tile and target of a drawing."""
    box = laid[0].box
    for option in laid[1:]:
        box = _cover(box, option.box)
    return box


def _in_node_order(laid: Sequence[_Option], order: Sequence[int]) -> list[_Option]:
    """A drawing laid in `order` (node indices), rearranged in the nodes' own order."""
    placed = list(laid)
    for position, index in enumerate(order):
        placed[index] = laid[position]
    return placed


def _tree_drawing(nodes: Sequence[_Node], board: Rect, max_unit: float) -> list[_Option]:
    """Where each node goes (in cells), for the drawing of the tree that is largest on `board`.

    Runs go from the tightest window to the loosest, each with every strategy: the board at
    the cap, then windows the tiles and targets would fill to `_WINDOW_FILLS`. The search
    stops at a drawing at the cap, when `_EFFORT` is spent (on a legible drawing), or when
    the windows left are too loose to beat the best drawing so far. Drawings within
    `_TIDY_SLACK` of the largest compete on having fewer corners. If no run gets through
    (dead ends beyond its budget), runs are tried again with a much larger budget until one
    does; if none does, every node takes its first way, free or not, so that the app still
    draws something (never seen in the tests).
    """
    margin = _margin(board)
    free_w, free_h = max(board.w - 2 * margin, 1.0), max(board.h - 2 * margin, 1.0)
    scale = (1 / free_w, 1 / free_h)
    cap = _snap_unit(max_unit)
    covered = 2.0 * len(nodes)  # square units of tiles and targets
    window_units = sorted(
        {cap, *(min(cap, math.sqrt(free_w * free_h * f / covered)) for f in _WINDOW_FILLS)}, reverse=True
    )
    orders = {largest: _laying_order(nodes, largest) for largest in (False, True)}
    shapes = {largest: _Shapes(_reordered(nodes, order)) for largest, order in orders.items()}
    found: list[tuple[float, int, list[_Option]]] = []  # (unit, corners, drawing in node order)
    effort = [_EFFORT]

    def attempt(window_unit: float, strategy: _Strategy, retries: int) -> float | None:
        tree = shapes[strategy.largest_first]
        width, height = int(2 * free_w / window_unit), int(2 * free_h / window_unit)
        run = _TreeRun(tree, _window(width, height), scale, strategy)
        laid = run.run(retries)
        effort[0] -= run.tries
        if laid is None:
            return None
        unit = _fit_unit(_in_units(_drawing_box(laid)), board, max_unit)
        found.append((unit, _corners(tree.nodes, laid), _in_node_order(laid, orders[strategy.largest_first])))
        return unit

    legible = min(MIN_LEGIBLE_UNIT, cap)
    for window_unit, strategy in itertools.product(window_units, _STRATEGIES):
        best = max((unit for unit, _, _ in found), default=0.0)
        if found and window_unit < best * (1 - _TIDY_SLACK):
            break  # the windows left are too loose to do better
        if effort[0] <= 0 and (not found or best >= legible):
            break  # effort spent (if the best drawing is not legible, every run is tried)
        unit = attempt(window_unit, strategy, _RETRIES_PER_NODE)
        if unit is not None and unit >= cap:
            return found[-1][2]
    if not found:
        for window_unit, strategy in itertools.product(window_units, _STRATEGIES):
            if attempt(window_unit, strategy, _RESCUE_RETRIES_PER_NODE) is not None:
                break
        else:
            forced = _TreeRun(shapes[False], (0, 0, 0, 0), scale, _STRATEGIES[0]).force()
            return _in_node_order(forced, orders[False])
    largest = max(unit for unit, _, _ in found)
    near = [
        (corners, -unit, k)
        for k, (unit, corners, _) in enumerate(found)
        if unit >= largest * (1 - _TIDY_SLACK)
    ]
    return found[min(near)[2]][2]


def _plain_line(
    tiles: Sequence[TreeTile], ends: Sequence[tuple[int, str]]
) -> tuple[list[ChainTile], list[ChainTile]] | None:
    """The east and west arms, if the tree is a plain line (nothing across a spinner), else None.

    Expects a tree that `_tree_nodes` accepts.
    """
    arms: dict[str, list[ChainTile]] = {"E": [], "W": []}
    arm_of: dict[int, str] = {}
    root = tiles[0].id
    for tile in tiles[1:]:
        assert tile.parent is not None
        arm = tile.side if tile.parent == root else arm_of[tile.parent]
        if tile.side != arm or arm not in arms:
            return None
        arm_of[tile.id] = arm
        arms[arm].append(ChainTile(tile.id, tile.inner, tile.outer))
    if any(side not in arms or (arm_of.get(tile_id, side) != side) for tile_id, side in ends):
        return None
    return arms["E"], arms["W"]


# --- public API ---------------------------------------------------------------------------


def layout_line(
    root_id: int,
    root: tuple[int, int],
    east: Sequence[ChainTile],
    west: Sequence[ChainTile],
    board: Rect,
    *,
    max_unit: float = MAX_UNIT,
) -> LineLayout:
    """Place the opening tile and both arms on `board`, as large as fits (at most `max_unit`).

    `root` is the opening tile as (west value, east value); `east` and `west` list each
    arm's tiles outward from the opening tile. A pure function of its arguments.
    """
    chains: dict[str, Sequence[ChainTile]] = {"E": east, "W": west}
    kinds = {arm: [tile.is_double for tile in chain] for arm, chain in chains.items()}
    root_double = root[0] == root[1]
    drawing, unit = _best_unit_layout(root_double, kinds, board, max_unit)
    placement = _centre(drawing.bounds, board, unit)
    tiles = [_placed(root_id, placement.rect(drawing.root), root[0], root[1], "E")]
    for arm, chain in chains.items():
        for tile, piece in zip(chain, drawing.arms[arm], strict=True):
            rect = placement.rect(piece.box)
            tiles.append(_placed(tile.id, rect, tile.inner, tile.outer, piece.heading))
    ends = {arm: placement.rect(box) for arm, box in drawing.ends.items()}
    return LineLayout(tuple(tiles), ends, unit, board)


def layout_tree(
    tiles: Sequence[TreeTile],
    ends: Sequence[tuple[int, str]],
    board: Rect,
    *,
    max_unit: float = MAX_UNIT,
) -> LineLayout:
    """Place any layout (a line, a cross, spinners' branches) and its open ends on `board`.

    `tiles` are the laid tiles in play order (each after the tile it lies against, the
    opening tile first) and `ends` the open ends as (tile id, side). The result's `tiles`
    keep that order; its `ends` map `end_key(tile id, side)` ("0E", "3N", ...) to where the
    next tile on that end would go, in the order given. Doubles stand crosswise; a tile on a
    spinner's crosswise side attaches at its middle and leaves straight out where there is
    room (on the opening spinner, always: the cross); matching halves touch; no two tiles or
    targets overlap; the drawing is as large as fits the board (at most `max_unit`) and
    centred on it.

    A plain line (nothing played across a spinner) is drawn by `layout_line`'s snake. Raises
    ValueError if `tiles` and `ends` do not form such a tree (a parent laid later, a side a
    tile does not have, a side used twice). A pure function of its arguments.
    """
    if not tiles:
        if ends:
            raise ValueError("a layout with no tiles has no open ends")
        return empty_layout(board, max_unit=max_unit)
    nodes = _tree_nodes(tiles, ends)
    line = _plain_line(tiles, ends)
    if line is not None:
        return _line_as_tree(tiles, ends, line, board, max_unit)
    laid = _tree_drawing(nodes, board, max_unit)
    box = _in_units(_drawing_box(laid))
    unit = _fit_unit(box, board, max_unit)
    placement = _centre(box, board, unit)
    placed: list[PlacedTileRect] = []
    targets: dict[str, Rect] = {}
    for node, option in zip(nodes, laid, strict=True):
        rect = placement.rect(_in_units(option.box))
        if node.tile is None:
            targets[node.key] = rect
        else:
            placed.append(_placed(node.tile.id, rect, node.tile.inner, node.tile.outer, option.heading))
    return LineLayout(tuple(placed), targets, unit, board)


def _line_as_tree(
    tiles: Sequence[TreeTile],
    ends: Sequence[tuple[int, str]],
    arms: tuple[list[ChainTile], list[ChainTile]],
    board: Rect,
    max_unit: float,
) -> LineLayout:
    """`layout_line` for a tree that is a plain line, in `layout_tree`'s terms."""
    root = tiles[0]
    east, west = arms
    line = layout_line(root.id, (root.inner, root.outer), east, west, board, max_unit=max_unit)
    tips = {"E": east[-1].id if east else root.id, "W": west[-1].id if west else root.id}
    by_id = {placed.id: placed for placed in line.tiles}
    targets = {end_key(tile_id, side): line.ends[side] for tile_id, side in ends if tips[side] == tile_id}
    return LineLayout(tuple(by_id[tile.id] for tile in tiles), targets, line.unit, board)


def empty_layout(board: Rect, *, max_unit: float = MAX_UNIT) -> LineLayout:
    """The layout before the first tile: no tiles and no ends.

    Its `unit` is the size a lone opening tile would be drawn at, so the app can size a
    preview of the first tile.
    """
    unit = _fit_unit(_root_box(False), board, max_unit)
    return LineLayout((), {}, unit, board)


def hit_test_tiles(layout: LineLayout, px: float, py: float) -> int | None:
    """The id of the laid tile under the point (px, py), or None."""
    for tile in layout.tiles:
        if tile.rect.contains(px, py):
            return tile.id
    return None


def hit_test_ends(layout: LineLayout, px: float, py: float) -> str | None:
    """The key in `layout.ends` of the next-tile target under the point (px, py), or None."""
    for key, rect in layout.ends.items():
        if rect.contains(px, py):
            return key
    return None
