"""Pure geometry of a train game's table: where the hub, every train and every tile sit.

Standard library only (no DOM, no engine): it runs on CPython for the tests and unchanged in
Pyodide. Coordinates are CSS pixels, origin at the top-left, y pointing down; a tile is
2 x 1 *units* laid along its train, a double 1 x 2 (crosswise).

Every train is a *lane*: a band of the board as high as a crosswise double, starting at the
hub (the double in the middle of the round) and running away from it, its owner's label at
its start. A lane too long for the board winds: it turns at the edge and comes back on the
band below, so tiles stay large. Lanes run to the right of a hub at the left edge, or, on a
wide board, to both sides of a hub in the middle, whichever lets the tiles be larger; the
unit shrinks as trains grow, down to nothing (a board with no room keeps its numbers
drawable). Lanes never share a band, so nothing overlaps: the tests check it at every size.

Each lane keeps room after its last tile for the next one (its *end*, the target a player
taps to play on that train). The order of the lanes is the caller's: the table puts the
person's own train last, next to their hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from web.plane import MAX_UNIT, board_margin, snap, snap_unit
from web.rect import Rect

__all__ = ["LaneSpec", "PlacedLane", "PlacedTile", "TrainLayout", "layout_trains"]

_LANE_GAP = 0.5
"""Units between two lanes' bands."""
_LABEL = 3.0
"""Units of a lane's label (the owner's colour, short name and any marker) before its first tile."""
_HUB = 2.5
"""Units of the hub's column (the double in the middle, drawn crosswise, with room around)."""
_MIN_UNIT = 1.0 / 64.0
_TOGETHER_AT_LEAST = 0.8
"""A layout keeping families together is taken if its tiles are at least this share of the
largest any layout allows."""


@dataclass(frozen=True)
class LaneSpec:
    """A train to lay out: its name and whether each of its tiles is a double, in order."""

    name: str
    doubles: tuple[bool, ...]
    family: str = ""
    """Lanes of one family (a Chicken Foot arm and its toes), given one after another, stay
    on one side of the hub, together."""


@dataclass(frozen=True)
class PlacedTile:
    """A tile of a train on the board, and the direction its train runs there (``"E"`` or
    ``"W"``: the half it was matched by comes first, looking that way)."""

    rect: Rect
    heading: str
    double: bool


@dataclass(frozen=True)
class PlacedLane:
    """A train laid out: its label, its tiles, the place of its next tile, and its band(s)."""

    name: str
    label: Rect
    tiles: tuple[PlacedTile, ...]
    end: Rect
    band: Rect
    end_heading: str = "E"
    """The way the train runs at its next place (``"E"`` or ``"W"``)."""


@dataclass(frozen=True)
class TrainLayout:
    """The whole table: the unit, the hub and every lane."""

    unit: float
    hub: Rect
    lanes: tuple[PlacedLane, ...]

    def lane(self, name: str) -> PlacedLane:
        """The lane of the train named ``name``."""
        return next(lane for lane in self.lanes if lane.name == name)

    def rects(self) -> list[Rect]:
        """Every rectangle drawn: the hub, and each lane's label, tiles and end."""
        found = [self.hub]
        for lane in self.lanes:
            found += [lane.label, *(tile.rect for tile in lane.tiles), lane.end]
        return found


def _slots(doubles: Sequence[bool], reach: float) -> list[tuple[int, float, float]]:
    """(band, distance from the lane's start, width) in units of each tile and then of the
    place of the next one. A band holds tiles up to ``reach``; a winding train turns at the
    end of a band and comes back on the band below, as far as the band above went, then
    turns again at the lane's start."""
    slots: list[tuple[int, float, float]] = []
    band, used, length = 0, 0.0, reach
    for width in [*(1.0 if double else 2.0 for double in doubles), 2.0]:
        if used + width > length + 1e-9 and used > 0:
            band, length, used = band + 1, (used if band % 2 == 0 else reach), 0.0
        start = used if band % 2 == 0 else length - used - width
        slots.append((band, start, width))
        used += width
    return slots


def _rows(doubles: Sequence[bool], reach: float) -> int:
    """How many bands a lane of these tiles (and the place of the next one) takes."""
    return _slots(doubles, reach)[-1][0] + 1


def _arrangement(
    lanes: Sequence[LaneSpec], board: Rect, sides: int, unit: float, together: bool = True
) -> list[tuple[int, int]] | None:
    """(side, bands) of each lane at ``unit``, if the lanes fit the board's height; side 0
    runs right of the hub, side 1 left of it. ``together``: a family's lanes on one side."""
    margin = board_margin(board)
    width = board.w - 2 * margin
    reach = (width - _HUB * unit) / sides / unit - _LABEL
    if reach < 3:
        return None
    bands = [_rows(lane.doubles, reach) for lane in lanes]
    placed: list[tuple[int, int]] = []
    heights = [0.0] * sides
    for index, lane_bands in enumerate(bands):
        family = lanes[index].family
        if sides == 1:
            side = 0
        elif together and index and family and family == lanes[index - 1].family:
            side = placed[-1][0]
        else:
            side = min(range(sides), key=lambda s: (heights[s], s))
        heights[side] += lane_bands * (2 + _LANE_GAP)
        placed.append((side, lane_bands))
    if max(max(heights) - _LANE_GAP, 2.0) * unit > board.h - 2 * margin:  # (the hub's double too)
        return None
    return placed


def layout_trains(lanes: Sequence[LaneSpec], board: Rect, max_unit: float = MAX_UNIT) -> TrainLayout:
    """Lay ``lanes`` out on ``board`` as large as they fit (at most ``max_unit``): on one side
    of the hub or both, families together unless that makes the tiles much smaller (below
    :data:`_TOGETHER_AT_LEAST` of the largest they could be)."""
    found: list[tuple[float, int, bool]] = []
    for sides, together in ((1, True), (2, True), (2, False)):
        low, high = _MIN_UNIT, max_unit
        if _arrangement(lanes, board, sides, low, together) is None:
            continue
        for _ in range(30):
            middle = (low + high) / 2
            if _arrangement(lanes, board, sides, middle, together) is not None:
                low = middle
            else:
                high = middle
        if _arrangement(lanes, board, sides, high, together) is not None:
            low = high
        found.append((low, sides, together))
    if not found:
        found.append((_MIN_UNIT, 1, True))
    largest = max(unit for unit, _, _ in found)
    unit, sides, together = max(
        found,
        key=lambda choice: (choice[2] and choice[0] >= _TOGETHER_AT_LEAST * largest, choice[0], -choice[1]),
    )
    unit = snap_unit(unit)
    arrangement = _arrangement(lanes, board, sides, unit, together) or [(0, 1)] * len(lanes)
    return _place(lanes, board, sides, unit, arrangement)


def _place(
    lanes: Sequence[LaneSpec], board: Rect, sides: int, unit: float, arrangement: Sequence[tuple[int, int]]
) -> TrainLayout:
    margin = board_margin(board)
    band_height = 2 * unit
    step = (2 + _LANE_GAP) * unit
    side_heights = [
        sum(bands for side, bands in arrangement if side == s) * step - _LANE_GAP * unit for s in range(sides)
    ]
    height = max(*side_heights, band_height)  # (at least the hub's double, with no lane yet)
    top = snap(board.y + (board.h - height) / 2)
    width = board.w - 2 * margin
    reach_units = (width - _HUB * unit) / sides / unit - _LABEL
    if sides == 1:  # the drawing (hub, labels and the longest lane) centred on the board
        longest = max((_lane_length(lane.doubles, reach_units) for lane in lanes), default=0.0)
        used = (_HUB + _LABEL + longest) * unit
        hub_x = snap(board.x + max(margin, (board.w - used) / 2))
    else:
        hub_x = snap(board.x + board.w / 2 - _HUB * unit / 2)
    hub = Rect(hub_x, top, snap(_HUB * unit), snap(max(height, band_height)))
    placed_lanes = []
    y_by_side = [top + (height - side_heights[s]) / 2 for s in range(sides)]
    for lane, (side, bands) in zip(lanes, arrangement, strict=True):
        y = y_by_side[side]
        y_by_side[side] += bands * step
        placed_lanes.append(_place_lane(lane, side, hub, y, unit, reach_units, bands))
    return TrainLayout(unit, hub, tuple(placed_lanes))


def _lane_length(doubles: Sequence[bool], reach: float) -> float:
    """The units a lane runs out from its start, the next tile's place included."""
    return max(start + width for _, start, width in _slots(doubles, reach))


def _place_lane(
    lane: LaneSpec, side: int, hub: Rect, y: float, unit: float, reach: float, bands: int
) -> PlacedLane:
    """One lane from the hub's side ``side``, its first band at ``y``."""
    outward = 1 if side == 0 else -1
    start = hub.right if side == 0 else hub.x
    label = _span(start, _LABEL * unit, outward, y + unit / 2, unit)
    origin = start + outward * _LABEL * unit
    tiles: list[PlacedTile] = []
    end_rect = None
    end_heading = "E"
    for index, (band, along, width) in enumerate(_slots(lane.doubles, reach)):
        band_y = y + band * (2 + _LANE_GAP) * unit
        x = origin + along * unit if outward > 0 else origin - (along + width) * unit
        height = 2.0 if width == 1.0 else 1.0
        rect = Rect(snap(x), snap(band_y + (2 - height) / 2 * unit), snap(width * unit), snap(height * unit))
        heading = "E" if (outward > 0) == (band % 2 == 0) else "W"
        if index == len(lane.doubles):
            end_rect, end_heading = rect, heading
        else:
            tiles.append(PlacedTile(rect, heading, lane.doubles[index]))
    assert end_rect is not None
    bottom = y + bands * (2 + _LANE_GAP) * unit - _LANE_GAP * unit
    band_x = min(origin, origin + outward * reach * unit)
    band_rect = Rect(snap(band_x), snap(y), snap(reach * unit), snap(bottom - y))
    return PlacedLane(lane.name, label, tuple(tiles), end_rect, band_rect, end_heading)


def _span(start: float, length: float, outward: int, y: float, unit: float) -> Rect:
    x = start if outward > 0 else start - length
    return Rect(snap(x), snap(y), snap(length), snap(unit))
