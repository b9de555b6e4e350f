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
laid out by the search of :mod:`web.line.geometry_tree`. Rectangles, tile units and fitting a
drawing to the board are in :mod:`web.plane`; this module is the public face of all
three (``from web.line.geometry import Rect, layout_tree, ...``).

All coordinates the layout produces are multiples of 1/128 px, so touching tiles touch
exactly (no floating-point sliver makes them overlap).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from web.line.geometry_tree import TreeTile, drawing_box, end_key, in_units, tree_drawing, tree_nodes
from web.plane import (
    MAX_UNIT,
    MIN_LEGIBLE_UNIT,
    OPPOSITE,
    Box,
    Point,
    Rect,
    board_margin,
    fit_unit,
    snap,
    snap_unit,
)

__all__ = [
    "MAX_UNIT",
    "MIN_LEGIBLE_UNIT",
    "MIN_REACH",
    "ChainTile",
    "LineLayout",
    "PlacedTileRect",
    "Point",
    "Rect",
    "TreeTile",
    "empty_layout",
    "end_key",
    "hit_test_ends",
    "hit_test_tiles",
    "layout_line",
    "layout_tree",
]

MIN_REACH = 3
"""Shortest half-row (in tile units, from the opening tile's centre) a layout may use."""

_SKEWS = (0, 1, -1, 2, -2)


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

# How each arm winds: its first row runs along the key; each turn steps toward the value.
# A spinner's north/south arms would be added here (and given a start point on the root).
_ARM_WINDING: dict[str, tuple[str, str]] = {"E": ("E", "S"), "W": ("W", "N")}


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

    box: Box
    heading: str


def _box_along(x: float, y: float, heading: str, length: float, breadth: float) -> Box:
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
    back = OPPOSITE[cursor.run]
    return _turn(cursor, back, back)


def _root_box(double: bool) -> Box:
    """The opening tile centred on the origin: a double stands crosswise to the line."""
    return (-0.5, -1.0, 0.5, 1.0) if double else (-1.0, -0.5, 1.0, 0.5)


def _arm_start(root: Box, arm: str) -> _Cursor:
    """Where the first tile of `arm` attaches to the opening tile."""
    run, advance = _ARM_WINDING[arm]
    dx, dy = _STEP[run]
    half_w, half_h = (root[2] - root[0]) / 2, (root[3] - root[1]) / 2
    return _Cursor(dx * half_w, dy * half_h, run, run, advance)


class _UnitLayout(NamedTuple):
    """One candidate drawing in tile units."""

    root: Box
    arms: dict[str, list[_Piece]]
    ends: dict[str, Box]
    bounds: Box


def _wind_arm(start: _Cursor, doubles: Sequence[bool], reach: _Reach) -> tuple[list[_Piece], Box]:
    """Lay one arm's tiles in order; return them and the box a next (non-double) tile takes."""
    pieces: list[_Piece] = []
    cursor = start
    for double in doubles:
        piece, cursor = _lay(cursor, double, reach)
        pieces.append(piece)
    end, _ = _lay(cursor, False, reach)
    return pieces, end.box


def _union(boxes: Sequence[Box]) -> Box:
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
    ends: dict[str, Box] = {}
    boxes: list[Box] = [root]
    for arm, doubles in arms.items():
        laid[arm], ends[arm] = _wind_arm(_arm_start(root, arm), doubles, reach)
        boxes.extend(piece.box for piece in laid[arm])
        boxes.append(ends[arm])
    return _UnitLayout(root, laid, ends, _union(boxes))


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
        return cls(root_double, arms, board, max_unit, extents, board.w - 2 * board_margin(board))

    def evaluate(self, reach: _Reach) -> _Candidate:
        """Lay the line out for `reach` and measure the unit it would get."""
        drawing = _unit_layout(self.root_double, self.arms, reach)
        unit = fit_unit(drawing.bounds, self.board, self.max_unit)
        return _Candidate(unit, _row_length(reach), drawing)

    def may_reach(self, reach: _Reach, unit: float) -> bool:
        """False if the drawing for `reach` is sure to be too wide for `unit`."""
        return self.free_width / _min_width(reach, self.extents) >= unit

    def best(self) -> _Candidate:
        """The candidate with the biggest unit (the longest rows among equals)."""
        straight = max(math.ceil(max(self.extents.values(), default=0.0)), MIN_REACH)
        candidates = list(_reaches(straight))
        capped_unit = snap_unit(self.max_unit)
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

    def rect(self, box: Box) -> Rect:
        """The pixel rectangle of a unit-space box."""
        x0 = self.origin_x + box[0] * self.unit
        y0 = self.origin_y + box[1] * self.unit
        return Rect(x0, y0, (box[2] - box[0]) * self.unit, (box[3] - box[1]) * self.unit)


def _centre(bounds: Box, board: Rect, unit: float) -> _Placement:
    """Place the drawing's bounding box in the middle of the board."""
    width, height = (bounds[2] - bounds[0]) * unit, (bounds[3] - bounds[1]) * unit
    origin_x = board.x + (board.w - width) / 2 - bounds[0] * unit
    origin_y = board.y + (board.h - height) / 2 - bounds[1] * unit
    return _Placement(unit, snap(origin_x), snap(origin_y))


def _faces(inner: int, outer: int, heading: str) -> tuple[int, int]:
    """(left-or-top value, right-or-bottom value) of a tile travelling along `heading`."""
    return (inner, outer) if heading in ("E", "S") else (outer, inner)


def _placed(tile_id: int, rect: Rect, inner: int, outer: int, heading: str) -> PlacedTileRect:
    """A drawn tile, with its halves' values in reading order."""
    first, second = _faces(inner, outer, heading)
    return PlacedTileRect(tile_id, rect, rect.h > rect.w, first, second)


def _plain_line(
    tiles: Sequence[TreeTile], ends: Sequence[tuple[int, str]]
) -> tuple[list[ChainTile], list[ChainTile]] | None:
    """The east and west arms, if the tree is a plain line (nothing across a spinner), else None.

    Expects a tree that `tree_nodes` accepts.
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
    nodes = tree_nodes(tiles, ends)
    line = _plain_line(tiles, ends)
    if line is not None:
        return _line_as_tree(tiles, ends, line, board, max_unit)
    laid = tree_drawing(nodes, board, max_unit)
    box = in_units(drawing_box(laid))
    unit = fit_unit(box, board, max_unit)
    placement = _centre(box, board, unit)
    placed: list[PlacedTileRect] = []
    targets: dict[str, Rect] = {}
    for node, option in zip(nodes, laid, strict=True):
        rect = placement.rect(in_units(option.box))
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
    unit = fit_unit(_root_box(False), board, max_unit)
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
