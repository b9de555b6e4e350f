"""Pure geometry of the line of play: where every laid tile sits on the board.

Standard library only (no DOM, no engine): it runs on CPython for the tests and unchanged in
Pyodide. Coordinates are CSS pixels, origin at the top-left, y pointing down.

The line is first built in *tile units* (a tile is 2 x 1 units) around the opening tile,
which is centred on the origin; each arm is a snake that runs along a row, turns at the
row's reach with one perpendicular tile, and comes back on the next row. Several row
reaches are tried and the one that lets the drawing be largest on the board wins; the
chosen drawing is then scaled and centred on the board.

All coordinates the layout produces are multiples of 1/128 px, so touching tiles touch
exactly (no floating-point sliver makes them overlap).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

Point = tuple[float, float]

MAX_UNIT = 36.0
"""Default cap on the short side of a laid tile, in CSS px."""

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

    `tiles` holds the opening tile first, then each arm's tiles outward (east, then west).
    `ends` maps an arm ("E", "W") to the rectangle where the next tile on that arm would go.
    `unit` is the short side of a tile in px (the long side is 2 * unit).
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
# A tree is laid in *cells* (half tile units, integers), one node at a time in play order:
# each tile of the tree, then a target for each open end (a virtual tile). A node attaches
# at the midpoint of one edge of its parent; a non-double goes straight on or turns left or
# right (its inner half always takes the square just beyond that edge), a double goes
# straight on, crosswise. When a node is laid, the cells its later neighbours will need
# first (the square beyond each edge where a later node attaches; the whole crosswise box
# for a double) are reserved, so a chain can never be shut in at its start.
#
# The whole drawing must fit a *frame* of fw x fh cells (a bounding box that floats: only its
# size is fixed). Each chain winds like the line's snake: along a row until the frame or a
# tile is in the way, one tile across, then back along the next row. A depth-first search
# with conflict-directed backjumping (a dead end undoes the latest node that caused it, not
# merely the previous one) tries the other turns when a node has no room. The frame is
# shrunk as far as a search still succeeds, for a few winding strategies.

_CLOCKWISE = ("E", "S", "W", "N")
_CELL_STEP: dict[str, tuple[int, int]] = {"E": (1, 0), "S": (0, 1), "W": (-1, 0), "N": (0, -1)}

_IBox = tuple[int, int, int, int]  # x0, y0, x1, y1 in cells (half units)

_TREE_BUDGET_PER_NODE = 6
"""Placements a tree search may try per node before it gives a frame up."""

_TREE_BUDGET_MIN = 60

_SHRINK = 0.8
"""Factor by which the unit is lowered while looking for a frame that the search can fill."""

_MAX_SHRINKS = 40


def _rotate(side: str, quarter_turns: int) -> str:
    """`side` turned clockwise by `quarter_turns` right angles."""
    return _CLOCKWISE[(_CLOCKWISE.index(side) + quarter_turns) % 4]


def _quarter_turns(start: str, end: str) -> int:
    """How many clockwise right angles turn `start` into `end`."""
    return (_CLOCKWISE.index(end) - _CLOCKWISE.index(start)) % 4


def _cell_box(x: int, y: int, heading: str, length: int, breadth: int) -> _IBox:
    """The box starting at edge midpoint (x, y), `length` cells along `heading`, `breadth` across."""
    dx, dy = _CELL_STEP[heading]
    ex, ey = x + dx * length, y + dy * length
    half_x, half_y = abs(dy) * breadth // 2, abs(dx) * breadth // 2
    return (min(x, ex) - half_x, min(y, ey) - half_y, max(x, ex) + half_x, max(y, ey) + half_y)


def _overlaps(a: _IBox, b: _IBox) -> bool:
    """Whether two boxes share interior cells."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@dataclass(frozen=True)
class TreeTile:
    """A laid tile of a layout tree (a line of play that may branch at spinners).

    `id` names the tile (the engine's placement index); `parent` is the id of the tile it
    touches (None for the opening tile) and `side` the side of the parent it lies against:
    "E" or "W" on the opening tile, "N" or "S" too on an opening spinner; on any other tile
    the side it was laid on (the line goes on that way) or, on a spinner, one of the two
    sides perpendicular to it. `inner` is the value touching the parent, `outer` the value
    facing away (for the opening tile: the west and the east value). `spinner` marks a
    double that may be played on from its crosswise sides.
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
    """The key of an open end in `LineLayout.ends`: the tile id and the side, e.g. "3N"."""
    return f"{tile_id}{side}"


class _Node(NamedTuple):
    """Something to lay: a tile of the tree, or the target of an open end (`tile` None)."""

    tile: TreeTile | None
    key: str
    parent: int  # node index of the tile it touches; -1 for the opening tile
    side: str  # the side of the parent it lies against
    double: bool
    crosswise: bool  # whether it hangs on a crosswise side of its parent (starts a chain)
    children: tuple[tuple[str, int], ...]  # (side, node index) of every node laid against it


class _Front(NamedTuple):
    """Where a later node attaches to a laid one, and the cells reserved for it."""

    child: int
    x: int
    y: int
    heading: str
    boxes: tuple[_IBox, ...]


class _Laid(NamedTuple):
    """Where a node went, in cells, and how its chain winds on from it."""

    box: _IBox
    heading: str  # the direction it travels from its inner to its outer half
    run: str  # the direction of the chain's current row
    advance: str  # where the chain steps when it turns out of a row
    fronts: tuple[_Front, ...]


class _Strategy(NamedTuple):
    """How chains prefer to wind (the search tries the other turns when these get stuck)."""

    pinwheel: int  # the opening tile's arms advance clockwise (+1) or anticlockwise (-1)
    forward: bool  # a branch steps toward (True) or against the way its spinner's line goes


_STRATEGIES = (_Strategy(1, True), _Strategy(1, False), _Strategy(-1, True), _Strategy(-1, False))


def _tree_nodes(tiles: Sequence[TreeTile], ends: Sequence[tuple[int, str]]) -> list[_Node]:
    """The laying order (tiles as given, then the ends), checked for a well-formed tree."""
    if not tiles:
        raise ValueError("a layout tree needs an opening tile")
    index: dict[int, int] = {}
    logical: list[str] = []  # each tile's line direction
    taken: dict[tuple[int, str], int] = {}
    raw: list[tuple[TreeTile | None, str, int, str, bool, bool]] = []

    def attach(parent_id: int, side: str, what: str) -> tuple[int, bool]:
        if parent_id not in index:
            raise ValueError(f"{what}: no tile {parent_id} laid before it")
        parent = index[parent_id]
        tile = tiles[parent]
        line = ("E", "W") if parent == 0 else (logical[parent],)
        cross = (
            tuple(s for s in _CLOCKWISE if s not in line and _OPPOSITE[s] not in line)
            if tile.spinner and tile.is_double
            else ()
        )
        if side not in line and side not in cross:
            raise ValueError(f"{what}: tile {parent_id} has no side {side!r} to play on")
        if (parent, side) in taken:
            raise ValueError(f"{what}: side {side} of tile {parent_id} is taken twice")
        taken[(parent, side)] = len(raw)
        return parent, side in cross

    for position, tile in enumerate(tiles):
        if tile.id in index:
            raise ValueError(f"tile id {tile.id} appears twice")
        if position == 0:
            if tile.parent is not None:
                raise ValueError(f"the opening tile {tile.id} cannot have a parent")
            index[tile.id] = 0
            logical.append("E")
            raw.append((tile, str(tile.id), -1, "E", tile.is_double, False))
            continue
        if tile.parent is None:
            raise ValueError(f"tile {tile.id} has no parent: only the first tile opens the layout")
        parent, crosswise = attach(tile.parent, tile.side, f"tile {tile.id}")
        index[tile.id] = position
        logical.append(tile.side)
        raw.append((tile, str(tile.id), parent, tile.side, tile.is_double, crosswise))
    for tile_id, side in ends:
        key = end_key(tile_id, side)
        parent, crosswise = attach(tile_id, side, f"end {key}")
        raw.append((None, key, parent, side, False, crosswise))
    children: list[list[tuple[str, int]]] = [[] for _ in raw]
    for (parent, side), child in taken.items():
        children[parent].append((side, child))
    return [
        _Node(tile, key, parent, side, double, crosswise, tuple(sorted(children[i], key=lambda c: c[1])))
        for i, (tile, key, parent, side, double, crosswise) in enumerate(raw)
    ]


def _subtree_sizes(nodes: Sequence[_Node]) -> list[int]:
    """How many nodes hang on each node, itself included."""
    sizes = [1] * len(nodes)
    for i in range(len(nodes) - 1, 0, -1):
        sizes[nodes[i].parent] += sizes[i]
    return sizes


def _depth_first(nodes: Sequence[_Node], order: str) -> list[_Node]:
    """The nodes re-indexed in depth-first order: each subtree is laid whole before the next.

    `order` says which child subtree of a node goes first: "small" or "large" (by size),
    or "play" (play order).
    """
    sizes = _subtree_sizes(nodes)

    def key(child: int) -> tuple[int, int]:
        if order == "small":
            return (sizes[child], child)
        if order == "large":
            return (-sizes[child], child)
        return (0, child)

    sequence: list[int] = []
    stack = [0]
    while stack:
        i = stack.pop()
        sequence.append(i)
        stack.extend(sorted((c for _, c in nodes[i].children), key=key, reverse=True))
    position = {old: new for new, old in enumerate(sequence)}
    result = []
    for old in sequence:
        node = nodes[old]
        children = tuple(sorted(((side, position[c]) for side, c in node.children), key=lambda sc: sc[1]))
        parent = position[node.parent] if node.parent >= 0 else -1
        result.append(node._replace(parent=parent, children=children))
    return result


class _TreeSearch:
    """One depth-first search for a drawing of the tree inside a frame of fw x fh cells."""

    def __init__(self, nodes: Sequence[_Node], fw: int, fh: int, strategy: _Strategy) -> None:
        self.nodes = nodes
        self.fw, self.fh = fw, fh
        self.strategy = strategy
        self.ox, self.oy = fw + 8, fh + 8
        self.rows = [0] * (2 * fh + 16)
        self.laid: list[_Laid | None] = [None] * len(nodes)
        # bounds of everything laid or reserved, with the node that first reached each edge
        self.bounds: list[tuple[int, int, int, int, int, int, int, int]] = []
        self.reserved_for: dict[int, tuple[_IBox, ...]] = {}

    # -- cells --

    def _mask(self, box: _IBox) -> int:
        return ((1 << (box[2] - box[0])) - 1) << (box[0] + self.ox)

    def _free(self, box: _IBox) -> bool:
        mask = self._mask(box)
        rows = self.rows
        return not any(rows[y + self.oy] & mask for y in range(box[1], box[3]))

    def _fill(self, box: _IBox) -> None:
        mask = self._mask(box)
        for y in range(box[1] + self.oy, box[3] + self.oy):
            self.rows[y] |= mask

    def _clear(self, box: _IBox) -> None:
        mask = ~self._mask(box)
        for y in range(box[1] + self.oy, box[3] + self.oy):
            self.rows[y] &= mask

    # -- options --

    def _options(self, i: int) -> list[tuple[_IBox, str, str, str]]:
        """(box, heading, run, advance) for each way node `i` may be laid, best first."""
        node = self.nodes[i]
        if node.parent < 0:
            box = (-1, -2, 1, 2) if node.double else (-2, -1, 2, 1)
            return [(box, "E", "E", "S")]
        parent = self.laid[node.parent]
        assert parent is not None
        x, y, heading = next((f.x, f.y, f.heading) for f in parent.fronts if f.child == i)
        if node.parent == 0 or node.crosswise:
            run = heading
            if node.parent == 0:
                advance = _rotate(heading, self.strategy.pinwheel)
            else:
                advance = parent.heading if self.strategy.forward else _OPPOSITE[parent.heading]
        else:
            run, advance = parent.run, parent.advance
        if node.double:
            box = _cell_box(x, y, heading, 2, 4)
            if heading in (run, _OPPOSITE[run]):
                return [(box, heading, heading, advance)]
            return [(box, heading, run, heading)]
        if heading in (run, _OPPOSITE[run]):
            choices = ((heading, heading, advance), (advance, heading, advance))
            choices += ((_OPPOSITE[advance], heading, _OPPOSITE[advance]),)
        else:
            back = _OPPOSITE[run]
            choices = ((back, back, heading), (heading, run, heading), (run, run, heading))
        options = []
        for direction, new_run, new_advance in choices:
            if direction == heading:
                box = _cell_box(x, y, heading, 4, 2)
            else:
                dx, dy = _CELL_STEP[heading]
                nx, ny = _CELL_STEP[direction]
                box = _cell_box(x + dx - nx, y + dy - ny, direction, 4, 2)
            options.append((box, direction, new_run, new_advance))
        return options

    def _fronts(self, i: int, box: _IBox, heading: str) -> tuple[_Front, ...]:
        """Where each later node attaches to node `i` laid as `box`, and the cells it needs first.

        A later non-double needs the square beyond the edge; a later double (always laid
        straight on) its whole box and, beyond it, the squares its own later nodes need.
        """
        node = self.nodes[i]
        if not node.children:
            return ()
        logical = "E" if node.parent < 0 else node.side
        turns = _quarter_turns(logical, heading)
        cx, cy = (box[0] + box[2]) // 2, (box[1] + box[3]) // 2
        half_w, half_h = (box[2] - box[0]) // 2, (box[3] - box[1]) // 2
        fronts = []
        for side, child in node.children:
            direction = _rotate(side, turns)
            dx, dy = _CELL_STEP[direction]
            x, y = cx + dx * half_w, cy + dy * half_h
            if self.nodes[child].double:
                child_box = _cell_box(x, y, direction, 2, 4)
                beyond = self._fronts(child, child_box, direction)
                boxes = (child_box, *(b for front in beyond for b in front.boxes))
            else:
                boxes = (_cell_box(x, y, direction, 2, 2),)
            fronts.append(_Front(child, x, y, direction, boxes))
        return tuple(fronts)

    # -- laying and undoing --

    def _try(self, i: int, option: tuple[_IBox, str, str, str]) -> set[int] | None:
        """Lay node `i` as `option`; None on success, else the nodes that stood in the way."""
        box, heading, run, advance = option
        fronts = self._fronts(i, box, heading)
        x0, y0, x1, y1 = box
        for front in fronts:
            for fx0, fy0, fx1, fy1 in front.boxes:
                x0, y0, x1, y1 = min(x0, fx0), min(y0, fy0), max(x1, fx1), max(y1, fy1)
        if self.bounds:
            bx0, by0, bx1, by1, ox0, oy0, ox1, oy1 = self.bounds[-1]
            nx0, ny0, nx1, ny1 = min(bx0, x0), min(by0, y0), max(bx1, x1), max(by1, y1)
            blame: set[int] = set()
            if nx1 - nx0 > self.fw:
                blame.update((ox0, ox1))
            if ny1 - ny0 > self.fh:
                blame.update((oy0, oy1))
            if blame:
                return blame
            owners = (
                ox0 if nx0 == bx0 else i,
                oy0 if ny0 == by0 else i,
                ox1 if nx1 == bx1 else i,
                oy1 if ny1 == by1 else i,
            )
            self.bounds.append((nx0, ny0, nx1, ny1, *owners))
        else:
            if x1 - x0 > self.fw or y1 - y0 > self.fh:
                return set()
            self.bounds.append((x0, y0, x1, y1, i, i, i, i))
        own = self.reserved_for.get(i, ())
        for reserved in own:
            self._clear(reserved)
        if self._free(box) and all(self._free(b) for front in fronts for b in front.boxes):
            self._fill(box)
            for front in fronts:
                for reserved in front.boxes:
                    self._fill(reserved)
                self.reserved_for[front.child] = front.boxes
            self.laid[i] = _Laid(box, heading, run, advance, fronts)
            return None
        for reserved in own:
            self._fill(reserved)
        self.bounds.pop()
        return self._blockers(i, [box, *(b for front in fronts for b in front.boxes)])

    def _blockers(self, i: int, boxes: Sequence[_IBox]) -> set[int]:
        """The laid nodes whose tiles or reservations overlap `boxes` (node `i`'s own excepted)."""
        found: set[int] = set()
        for j, laid in enumerate(self.laid):
            if laid is None or j == i:
                continue
            if any(_overlaps(laid.box, box) for box in boxes):
                found.add(j)
            for front in laid.fronts:
                if front.child == i or self.laid[front.child] is not None:
                    continue
                if any(_overlaps(reserved, box) for reserved in front.boxes for box in boxes):
                    found.add(j)
        return found

    def _undo(self, i: int) -> None:
        laid = self.laid[i]
        assert laid is not None
        self._clear(laid.box)
        for front in laid.fronts:
            for reserved in front.boxes:
                self._clear(reserved)
            del self.reserved_for[front.child]
        for reserved in self.reserved_for.get(i, ()):
            self._fill(reserved)
        self.bounds.pop()
        self.laid[i] = None

    def run(self) -> bool:
        """Lay every node; False if the budget runs out or no drawing fits the frame."""
        n = len(self.nodes)
        budget = max(_TREE_BUDGET_MIN, _TREE_BUDGET_PER_NODE * n)
        options: list[list[tuple[_IBox, str, str, str]] | None] = [None] * n
        tried = [0] * n
        conflicts: list[set[int]] = [set() for _ in range(n)]
        i = 0
        while i < n:
            if options[i] is None:
                options[i] = self._options(i)
            choices = options[i]
            assert choices is not None
            while tried[i] < len(choices):
                option = choices[tried[i]]
                tried[i] += 1
                budget -= 1
                blockers = self._try(i, option)
                if blockers is None:
                    break
                conflicts[i] |= blockers
            else:
                if budget <= 0:
                    return False
                parent = self.nodes[i].parent
                culprits = {j for j in conflicts[i] if j < i}
                if parent >= 0:
                    culprits.add(parent)
                if not culprits:
                    return False
                back = max(culprits)
                conflicts[back] |= culprits - {back}
                for k in range(i, back, -1):
                    if self.laid[k] is not None:
                        self._undo(k)
                    options[k], tried[k] = None, 0
                    conflicts[k] = set()
                self._undo(back)
                i = back
                continue
            i += 1
        return True

    def cell_bounds(self) -> _IBox:
        """The box holding everything laid."""
        x0, y0, x1, y1, *_ = self.bounds[-1]
        return (x0, y0, x1, y1)


class _TreeDrawing(NamedTuple):
    """A finished search: where every node went, in cells."""

    laid: list[_Laid]
    bounds: _IBox


def _search_frame(nodes: Sequence[_Node], fw: int, fh: int) -> _TreeDrawing | None:
    """The first strategy whose search fills a frame of fw x fh cells, or None."""
    for strategy in _STRATEGIES:
        search = _TreeSearch(nodes, fw, fh, strategy)
        if search.run():
            laid = [entry for entry in search.laid if entry is not None]
            return _TreeDrawing(laid, search.cell_bounds())
    return None


def _tree_area(nodes: Sequence[_Node]) -> float:
    """The area, in square units, that the tiles and targets cover (2 each)."""
    return 2.0 * len(nodes)


def _best_tree_drawing(nodes: Sequence[_Node], board: Rect, max_unit: float) -> _TreeDrawing:
    """The drawing that lets the tree be largest on the board.

    Frames are tried from the largest unit the board allows down: first the cap, then the
    unit at which the tiles alone would fill the board, lowered step by step until a search
    succeeds, then the frames between the last failure and that success, by bisection over
    the units at which the frame's size in cells changes.
    """
    margin = _margin(board)
    free_w, free_h = board.w - 2 * margin, board.h - 2 * margin
    cap = _snap_unit(max_unit)
    if free_w <= 0 or free_h <= 0:
        free_w = free_h = 1.0
        cap = _DEGENERATE_UNIT

    def frame(unit: float) -> tuple[int, int]:
        return int(2 * free_w / unit + 1e-9), int(2 * free_h / unit + 1e-9)

    cache: dict[tuple[int, int], _TreeDrawing | None] = {}

    def attempt(unit: float) -> _TreeDrawing | None:
        size = frame(unit)
        if size not in cache:
            cache[size] = _search_frame(nodes, *size)
        return cache[size]

    found = attempt(cap)
    if found is not None:
        return found
    high = min(cap, math.sqrt(free_w * free_h / _tree_area(nodes)))
    low = high
    for _ in range(_MAX_SHRINKS):
        found = attempt(low)
        if found is not None:
            break
        high, low = low, low * _SHRINK
    if found is None:
        raise AssertionError("no frame holds the tree")  # TODO fallback
    # the units between `low` (fits) and `high` (does not) at which the frame grows
    steps = sorted(
        {2 * free_w / k for k in range(math.ceil(2 * free_w / high), math.floor(2 * free_w / low) + 1)}
        | {2 * free_h / k for k in range(math.ceil(2 * free_h / high), math.floor(2 * free_h / low) + 1)},
        reverse=True,
    )
    steps = [u for u in steps if low < u < high]
    lo, hi = -1, len(steps)  # steps[hi:] and `low` are known to fit ... bisect for the first that fits
    best = found
    while hi - lo > 1:
        mid = (lo + hi) // 2
        candidate = attempt(steps[mid])
        if candidate is None:
            lo = mid
        else:
            hi, best = mid, candidate
    return best


def layout_tree(
    tiles: Sequence[TreeTile],
    ends: Sequence[tuple[int, str]],
    board: Rect,
    *,
    max_unit: float = MAX_UNIT,
) -> LineLayout:
    """Place a layout tree and its open ends on `board`, as large as fits (at most `max_unit`).

    `tiles` lists the laid tiles in play order (each after its parent; the opening tile
    first); `ends` the open ends as (tile id, side). The result's `tiles` follow the same
    order and its `ends` are keyed by `end_key` ("0E", "3N", ...). Spinners stand crosswise
    with branches leaving all four sides; no two tiles or targets overlap. A pure function.
    """
    if not tiles:
        return empty_layout(board, max_unit=max_unit)
    nodes = _tree_nodes(tiles, ends)
    drawing = _best_tree_drawing(nodes, board, max_unit)
    bounds = tuple(v / 2 for v in drawing.bounds)
    unit = _fit_unit(bounds, board, max_unit)  # type: ignore[arg-type]
    placement = _centre(bounds, board, unit)  # type: ignore[arg-type]
    placed: list[PlacedTileRect] = []
    targets: dict[str, Rect] = {}
    for node, laid in zip(nodes, drawing.laid, strict=True):
        rect = placement.rect(tuple(v / 2 for v in laid.box))  # type: ignore[arg-type]
        if node.tile is None:
            targets[node.key] = rect
        else:
            placed.append(_placed(node.tile.id, rect, node.tile.inner, node.tile.outer, laid.heading))
    return LineLayout(tuple(placed), targets, unit, board)


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
    """The arm ("E", "W") whose next-tile target is under the point (px, py), or None."""
    for arm, rect in layout.ends.items():
        if rect.contains(px, py):
            return arm
    return None
