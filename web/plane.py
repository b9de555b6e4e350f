"""The plane laid tiles are drawn on: rectangles, tile units, and fitting a drawing to the board.

Shared by every kind of table that lays tiles: the snake of a plain line (:mod:`web.line.geometry`),
the tree search for spinners and branches (:mod:`web.line.geometry_tree`) and the lanes of the
train games (:mod:`web.trains.geometry`). Coordinates are CSS pixels, origin at the top-left,
y pointing down; a tile is 2 x 1 *tile units*, and every coordinate a layout produces is a
multiple of 1/128 px, so touching tiles touch exactly.

Standard library only (no DOM, no engine).
"""

from __future__ import annotations

import math

from web.rect import Point, Rect

__all__ = [
    "MAX_UNIT",
    "MIN_LEGIBLE_UNIT",
    "OPPOSITE",
    "Box",
    "Point",
    "Rect",
    "board_margin",
    "fit_unit",
    "snap",
    "snap_unit",
]

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


_SNAP = 128.0
_MAX_MARGIN = 8.0
_MARGIN_FRACTION = 0.04
_UNIT_STEP = 1.0 / 64.0  # units are multiples of this, so half-units are multiples of 1/128
_DEGENERATE_UNIT = 1e-3


OPPOSITE = {"E": "W", "W": "E", "N": "S", "S": "N"}
"""The compass side opposite each side."""


Box = tuple[float, float, float, float]
"""x0, y0, x1, y1 in tile units."""


def snap(value: float) -> float:
    """Round to the nearest 1/128 px so sums of coordinates stay exact."""
    return round(value * _SNAP) / _SNAP


def board_margin(board: Rect) -> float:
    """The free border kept between the drawing and the board's edges."""
    return min(_MAX_MARGIN, _MARGIN_FRACTION * min(board.w, board.h))


def fit_unit(bounds: Box, board: Rect, max_unit: float) -> float:
    """The largest unit (capped, snapped down to 1/64 px) at which `bounds` fits the board."""
    margin = board_margin(board)
    width, height = bounds[2] - bounds[0], bounds[3] - bounds[1]
    unit = min(max_unit, (board.w - 2 * margin) / width, (board.h - 2 * margin) / height)
    if unit <= 0:
        return _DEGENERATE_UNIT  # a board with no room: keep the numbers drawable
    return snap_unit(unit)


def snap_unit(unit: float) -> float:
    """`unit` rounded down to a multiple of 1/64 px (unless that would make it zero)."""
    snapped = math.floor(unit / _UNIT_STEP) * _UNIT_STEP
    return snapped if snapped > 0 else unit
