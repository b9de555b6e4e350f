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
