"""Pure geometry of the table around the line of play: seats, the hand, the board, the info box.

Standard library only (no DOM, no engine); CSS pixels, origin top-left, y down.

The human is seat 0 at the bottom; the other seats follow clockwise as seen on screen
(bottom -> left -> top -> right). In landscape the side seats are columns beside the board;
in portrait (height > width) every opponent moves to a band along the top so the board
keeps the full width of the phone.

Region edges are whole pixels or multiples of 1/128 px, so neighbouring regions touch
exactly and never overlap by a floating-point sliver.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from web.line.geometry import Point, Rect
from web.seats import SEAT_POSITIONS
from web.tile_drawing import HAND_LIFT

LEGIBLE_HAND_UNIT = 18.0
"""Below this unit (px) the hand's tiles are split into two rows."""

HAND_MAX_UNIT = 40.0
"""Default cap on the unit of the human's tiles, where the table does not say (see
:attr:`TableRegions.hand_unit`)."""

TAP_UNIT = 44.0
"""The short side (CSS px) of a tile in the hand on a phone, room allowing: a fingertip
(the 44 px of WCAG's target size, Apple's and Android's guidelines)."""

BIG_HAND_UNIT = 60.0
"""The hand's tiles grow with the screen up to this unit."""

_HAND_SHARE = 0.42
"""The most of the canvas's height the person's band (plate and hand) may take..."""

_SMALL_HAND_SHARE = 0.36
"""...and in a canvas under `_SMALL_CANVAS` px tall (a small frame), where the board needs
what is left more."""

_SMALL_CANVAS = 300.0

HIDDEN_MAX_UNIT = 14.0
"""Default cap on the unit of an opponent's tile backs."""

_SNAP = 128.0
_HAND_PADDING = 4.0
_HAND_GAP = 0.25  # gap between hand tiles, as a fraction of the unit
_HIDDEN_GAP = 0.2  # gap between tile backs, as a fraction of the unit
_SEAT_PADDING = 3.0


@dataclass(frozen=True)
class SeatRegion:
    """Where one seat is drawn.

    `rect` holds the seat's name plate and its tiles: for seat 0 it is the whole bottom band
    (plate strip plus the hand); for an opponent, its hidden tiles. `label` is the plate's
    strip (along the top, or along the left of a short wide seat: `beside`) and
    `label_anchor` its centre. `vertical` tells whether the seat's tiles are stacked down a
    column (side seats in landscape) rather than laid side by side in a row.
    """

    seat: int
    position: str
    rect: Rect
    label: Rect
    label_anchor: Point
    vertical: bool
    beside: bool = False

    @property
    def tiles_area(self) -> Rect:
        """The part of `rect` beside or below the plate's strip, where the seat's tiles go."""
        if self.beside:
            return Rect(self.label.right, self.rect.y, self.rect.right - self.label.right, self.rect.h)
        return Rect(self.rect.x, self.label.bottom, self.rect.w, self.rect.bottom - self.label.bottom)


@dataclass(frozen=True)
class TableRegions:
    """The canvas split into non-overlapping regions.

    `board` is where the line of play is drawn, `hand` the strip of the bottom band where
    the human's tiles stand, `seats` one region per seat in seat order (seat 0 first), and
    `info` a small box for the boneyard count and whose turn it is. `hand_unit` caps the
    unit of the hand's tiles (what :func:`hand_tile_rects` is given), `hidden_unit` that of
    the other seats' backs (for :func:`hidden_tile_rects`): both grow with the screen.
    """

    width: float
    height: float
    portrait: bool
    board: Rect
    hand: Rect
    seats: tuple[SeatRegion, ...]
    info: Rect
    hand_unit: float = HAND_MAX_UNIT
    hidden_unit: float = HIDDEN_MAX_UNIT


# --- helpers ------------------------------------------------------------------------------


def _clamp(value: float, low: float, high: float) -> float:
    """`value` limited to [low, high] (low wins if they cross)."""
    return max(low, min(value, high))


def _px(value: float) -> float:
    """A size rounded to a whole pixel."""
    return float(round(value))


def _snap_down(value: float) -> float:
    """`value` rounded down to a multiple of 1/128 px."""
    return math.floor(value * _SNAP) / _SNAP


def _edges(x: float, y: float, right: float, bottom: float) -> Rect:
    """The rectangle between the given edges."""
    return Rect(x, y, right - x, bottom - y)


def _label_height(width: float, height: float) -> float:
    """Height of a name-plate strip: larger on larger screens, to be read across a table."""
    short = min(width, height)
    return 22.0 if short < 240 else 26.0 if short < 600 else 28.0 if short < 850 else 32.0


def _seat(
    seat: int,
    position: str,
    rect: Rect,
    label_height: float,
    vertical: bool,
    cramped: bool = False,
    tiles_want: float = 0.0,
) -> SeatRegion:
    """A seat region whose plate's strip runs along the top of `rect`, or along its left
    when the seat is wide but too short for both a strip and its tiles (`cramped`: shorter
    than its tiles want): then the plate sits beside the tiles, leaving them the width they
    want (`tiles_want`) where it can."""
    short = rect.h < 2.5 * label_height or cramped
    if not vertical and short and rect.w >= 4 * rect.h:
        width = max(3.5 * label_height, min(rect.w * 0.5, 8 * label_height, rect.w - tiles_want))
        label = Rect(rect.x, rect.y, _px(width), rect.h)
        return SeatRegion(seat, position, rect, label, label.center, vertical, beside=True)
    strip = min(label_height, rect.h / 3)
    label = Rect(rect.x, rect.y, rect.w, strip)
    return SeatRegion(seat, position, rect, label, label.center, vertical)


def _split_row(area: Rect, count: int) -> list[Rect]:
    """`area` cut into `count` side-by-side slots of (almost) equal whole-pixel width."""
    cuts = [area.x + _px(area.w * i / count) for i in range(count)] + [area.right]
    return [_edges(cuts[i], area.y, cuts[i + 1], area.bottom) for i in range(count)]


# --- the table ----------------------------------------------------------------------------


def table_regions(width: float, height: float, players: int, hand_count: int = 7) -> TableRegions:
    """Split a canvas of `width` x `height` CSS px for `players` (2-5) seats, the person
    holding `hand_count` tiles (give the deal's size while the hand is smaller, so that the
    board keeps its size as tiles are played).

    The bottom band holds the human's label and hand, the board takes the middle, the info
    box the top-left corner; opponents sit around the board (landscape) or along the top
    band (portrait).
    """
    if not 2 <= players <= 5:
        raise ValueError(f"a line-of-play table seats 2 to 5 players, got {players}")
    canvas_w, canvas_h = _snap_down(width), _snap_down(height)
    unit = hand_unit_wanted(canvas_w, canvas_h)
    if canvas_h > canvas_w:
        regions = _portrait(canvas_w, canvas_h, players, hand_count)
    else:
        regions = _landscape(canvas_w, canvas_h, players, hand_count)
    hidden = _clamp(0.022 * min(canvas_w, canvas_h), HIDDEN_MAX_UNIT, 20.0)
    return replace(regions, hand_unit=unit, hidden_unit=hidden)


def hand_unit_wanted(width: float, height: float) -> float:
    """How wide the person's tiles are, room allowing: a fingertip on a phone, more on
    larger screens (up to `BIG_HAND_UNIT`)."""
    return _clamp(0.075 * min(width, height), TAP_UNIT, BIG_HAND_UNIT)


def _hand_rows(width: float, count: int, unit: float) -> int:
    """One row of `count` tiles of `unit` if the width holds it, else two."""
    along = width - 2 * _HAND_PADDING
    return 1 if count <= 1 or count * unit + (count - 1) * _HAND_GAP * unit <= along else 2


def _bottom_band(width: float, height: float, hand_count: int) -> tuple[SeatRegion, Rect]:
    """Seat 0's region along the bottom and the hand strip inside it: tall enough for the
    plate and `hand_count` tiles of :func:`hand_unit_wanted` (in two rows if one would not
    fit the width), raised a little when picked up, but never more than `_HAND_SHARE` of the
    height (`_SMALL_HAND_SHARE` in a small frame: the board needs room too; then the tiles
    shrink)."""
    label_h = _label_height(width, height)
    unit = hand_unit_wanted(width, height)

    def hand_height(rows: int) -> float:
        return rows * 2 * unit + (rows - 1) * _HAND_GAP * unit + HAND_LIFT * unit + 2 * _HAND_PADDING

    most = (_HAND_SHARE if height >= _SMALL_CANVAS else _SMALL_HAND_SHARE) * height
    hand_h = hand_height(_hand_rows(width, hand_count, TAP_UNIT))  # (one row while a fingertip fits)
    if hand_h + label_h > most:  # no room for two rows: one row, narrower tiles
        hand_h = hand_height(1)
    band_h = _px(min(hand_h + label_h, most))
    band = _edges(0, height - band_h, width, height)
    cramped = band_h < hand_h + label_h - 1
    fingertips = hand_count * TAP_UNIT + 2 * _HAND_PADDING  # a fingertip's width for each tile
    seat = _seat(0, "bottom", band, label_h, vertical=False, cramped=cramped, tiles_want=fingertips)
    return seat, seat.tiles_area


def _landscape(width: float, height: float, players: int, hand_count: int) -> TableRegions:
    """Opponents at the left and right of the board and along the top band."""
    positions = SEAT_POSITIONS[players]
    label_h = _label_height(width, height)
    human, hand = _bottom_band(width, height, hand_count)
    top_count = sum(position.startswith("top") for position in positions)
    top_h = _px(
        _clamp(0.13 * height, min(56, 0.2 * height), 110)
        if top_count
        else _clamp(0.07 * height, min(40, 0.15 * height), 60)
    )
    side_w = _px(_clamp(0.11 * width, 72, 150)) if "left" in positions else 0.0
    info_w = _px(_clamp(0.14 * width, 96, 200))
    info = _edges(0, 0, info_w, top_h)
    middle = _edges(0, top_h, width, human.rect.y)
    board = _edges(side_w, middle.y, width - side_w, middle.bottom)
    top_band = _edges(info_w, 0, width - info_w, top_h)
    top_slots = _split_row(top_band, top_count)
    places = {
        "left": (_edges(0, middle.y, side_w, middle.bottom), True),
        "right": (_edges(width - side_w, middle.y, width, middle.bottom), True),
    }
    tops = iter(top_slots)
    seats = [human]
    for seat, position in enumerate(positions[1:], start=1):
        rect, vertical = places[position] if position in places else (next(tops), False)
        seats.append(_seat(seat, position, rect, label_h, vertical))
    return TableRegions(width, height, False, board, hand, tuple(seats), info)


def _portrait(width: float, height: float, players: int, hand_count: int) -> TableRegions:
    """Every opponent in a slot of the top band, in clockwise order from left to right."""
    positions = SEAT_POSITIONS[players]
    label_h = _label_height(width, height)
    human, hand = _bottom_band(width, height, hand_count)
    top_h = _px(_clamp(0.12 * height, min(64, 0.2 * height), 130))
    info_w = _px(_clamp(0.21 * width, 80, 120))  # ("Pile" and a two-digit badge fit on a phone)
    info = _edges(0, 0, info_w, top_h)
    board = _edges(0, top_h, width, human.rect.y)
    slots = _split_row(_edges(info_w, 0, width, top_h), players - 1)
    seats = [human] + [
        _seat(seat, position, slot, label_h, vertical=False)
        for seat, (position, slot) in enumerate(zip(positions[1:], slots, strict=True), start=1)
    ]
    return TableRegions(width, height, True, board, hand, tuple(seats), info)


# --- tiles in hand and behind screens ------------------------------------------------------


@dataclass(frozen=True)
class _Grid:
    """`count` tiles of `unit` in `lines` lines, with `gap` between neighbours."""

    unit: float
    lines: int
    per_line: int
    gap: float


def _fit_grid(area: Rect, count: int, lines: int, upright: bool, gap_ratio: float, cap: float) -> _Grid:
    """The biggest unit for `count` tiles in `lines` rows (upright) or columns (lying)."""
    per_line = math.ceil(count / lines)
    along, across = (area.w, area.h) if upright else (area.h, area.w)
    # Along a line: per_line tiles 1u deep and gaps; across: `lines` tiles 2u long and gaps.
    unit_along = along / (per_line + (per_line - 1) * gap_ratio)
    unit_across = across / (2 * lines + (lines - 1) * gap_ratio)
    unit = max(0.0, min(cap, unit_along, unit_across))
    return _Grid(unit, lines, per_line, unit * gap_ratio)


def _grid_rects(
    area: Rect, count: int, grid: _Grid, upright: bool, along_gap: float | None = None
) -> tuple[Rect, ...]:
    """Tile rectangles of `grid`, centred in `area`, filled line by line (`along_gap` between
    neighbours in a line, if not the grid's gap)."""
    deep, long = grid.unit, 2 * grid.unit
    step = grid.gap if along_gap is None else along_gap
    rects: list[Rect] = []
    for line in range(grid.lines):
        in_line = min(grid.per_line, count - line * grid.per_line)
        if in_line <= 0:
            break
        line_len = in_line * deep + (in_line - 1) * step
        block_across = grid.lines * long + (grid.lines - 1) * grid.gap
        for i in range(in_line):
            along = i * (deep + step) - line_len / 2
            across = line * (long + grid.gap) - block_across / 2
            cx, cy = area.center
            if upright:
                rects.append(Rect(cx + along, cy + across, deep, long))
            else:
                rects.append(Rect(cx + across, cy + along, long, deep))
    return tuple(rects)


def hand_tile_rects(hand: Rect, count: int, max_unit: float = HAND_MAX_UNIT) -> tuple[Rect, ...]:
    """The human's `count` tiles standing upright (1u wide, 2u tall), centred in `hand`.

    One row if the unit stays legible (at least `LEGIBLE_HAND_UNIT`), otherwise two rows
    (the top row holds the extra tile of an odd count).
    """
    if count <= 0:
        return ()
    area = hand.inset(_HAND_PADDING)
    grid = _hand_grid(area, count, max_unit)
    # A picked-up tile stands HAND_LIFT units above the row: keep room for it in the strip,
    # so that it never reaches the plate above (unless that room would make the tiles
    # too small to read: legible tiles come first).
    lift = HAND_LIFT * grid.unit - _HAND_PADDING
    if lift > 0:
        lifted = Rect(area.x, area.y + lift, area.w, max(0.0, area.h - lift))
        roomy = _hand_grid(lifted, count, max_unit)
        if roomy.unit >= LEGIBLE_HAND_UNIT or roomy.unit >= grid.unit:
            area, grid = lifted, roomy
    return _grid_rects(area, count, grid, upright=True, along_gap=_gap_for_fingers(area, grid))


def _gap_for_fingers(area: Rect, grid: _Grid) -> float:
    """The gap between neighbours in a row of the hand: the grid's, widened (room allowing)
    so that each tile's centre stands `TAP_UNIT` from the next. Where tiles must be narrower
    than a fingertip (a small frame), each still gets a fingertip's width to tap
    (:func:`hit_test_hand`)."""
    if grid.per_line < 2 or grid.unit + grid.gap >= TAP_UNIT:
        return grid.gap
    room = (area.w - grid.per_line * grid.unit) / (grid.per_line - 1)
    return max(grid.gap, min(TAP_UNIT - grid.unit, room))


def _hand_grid(area: Rect, count: int, max_unit: float) -> _Grid:
    """One row of the hand, or two if one row would be under a fingertip (or the cap) and
    two rows give bigger tiles."""
    grid = _fit_grid(area, count, 1, True, _HAND_GAP, max_unit)
    if grid.unit < min(TAP_UNIT, max_unit) and count > 1:
        two_rows = _fit_grid(area, count, 2, True, _HAND_GAP, max_unit)
        grid = max(grid, two_rows, key=lambda g: g.unit)
    return grid


def hit_test_hand(rects: Sequence[Rect], px: float, py: float) -> int | None:
    """The index (in `rects`) of the hand tile tapped at (px, py), or None.

    A tile is tapped anywhere in its rectangle grown to a fingertip (`TAP_UNIT`) each way
    around its centre; where two such areas meet, the nearer tile's centre wins."""
    best: tuple[float, int] | None = None
    for index, rect in enumerate(rects):
        cx, cy = rect.center
        dx, dy = abs(px - cx), abs(py - cy)
        if dx < max(rect.w, TAP_UNIT) / 2 and dy < max(rect.h, TAP_UNIT) / 2:
            distance = dx * dx + dy * dy
            if best is None or distance < best[0]:
                best = (distance, index)
    return None if best is None else best[1]


def hidden_tile_rects(
    seat_region: SeatRegion, count: int, max_unit: float = HIDDEN_MAX_UNIT
) -> tuple[Rect, ...]:
    """The backs of an opponent's `count` tiles, inside the seat below its label.

    A side seat in landscape stacks them lying down a column; any other seat stands them
    side by side in a row. They shrink, and wrap into more lines, so that any count fits.
    """
    if count <= 0:
        return ()
    area = seat_region.tiles_area.inset(_SEAT_PADDING)
    upright = not seat_region.vertical
    grids = (_fit_grid(area, count, lines, upright, _HIDDEN_GAP, max_unit) for lines in range(1, count + 1))
    best = max(grids, key=lambda g: (g.unit, -g.lines))
    return _grid_rects(area, count, best, upright)
