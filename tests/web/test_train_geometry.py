"""The train table's geometry: every train a lane from the hub, nothing overlapping and
nothing off the board at any size, tiles as large as fit and still legible with eight players
on a phone."""

from __future__ import annotations

import itertools
import random

import pytest

from web.rect import Rect
from web.trains.geometry import LaneSpec, layout_trains

BOARDS = {
    "phone portrait": Rect(10, 60, 370, 430),
    "phone landscape": Rect(0, 40, 800, 220),
    "tablet": Rect(0, 80, 740, 600),
    "desktop": Rect(0, 60, 1200, 560),
    "small frame": Rect(0, 30, 460, 200),
}


def _lanes(rng: random.Random, count: int, tiles: int) -> list[LaneSpec]:
    """``count`` trains sharing ``tiles`` tiles at random, about one in eight a double."""
    sizes = [0] * count
    for _ in range(tiles):
        sizes[rng.randrange(count)] += 1
    return [
        LaneSpec(str(index), tuple(rng.random() < 0.12 for _ in range(size)))
        for index, size in enumerate(sizes)
    ]


@pytest.mark.parametrize("board_name", BOARDS)
@pytest.mark.parametrize("trains", [3, 5, 9])
def test_nothing_overlaps_and_everything_is_on_the_board(board_name: str, trains: int) -> None:
    board = BOARDS[board_name]
    rng = random.Random(trains)
    for tiles in (0, 5, 20, 45, 90):
        layout = layout_trains(_lanes(rng, trains, tiles), board)
        rects = layout.rects()
        for rect in rects:
            assert board.encloses(rect), f"{rect} is off the {board_name} board with {tiles} tiles"
        for one, other in itertools.combinations(rects, 2):
            assert not one.intersects(other), f"{one} overlaps {other} ({board_name}, {tiles} tiles)"
        for one, other in itertools.combinations(layout.lanes, 2):
            assert not one.band.intersects(other.band)


def test_each_lane_holds_its_tiles_and_room_for_the_next() -> None:
    lanes = [LaneSpec("0", (False, True, False)), LaneSpec("M", ())]
    layout = layout_trains(lanes, BOARDS["tablet"])
    zero = layout.lane("0")
    unit = layout.unit
    assert [(tile.rect.w, tile.rect.h) for tile in zero.tiles] == [
        (2 * unit, unit),
        (unit, 2 * unit),
        (2 * unit, unit),
    ]
    assert zero.tiles[0].rect.x < zero.tiles[1].rect.x < zero.tiles[2].rect.x < zero.end.x
    assert zero.tiles[1].rect.right == zero.tiles[2].rect.x, "tiles of a train touch"
    assert layout.lane("M").end.x == zero.tiles[0].rect.x, "every train starts at the hub"


def test_a_long_train_winds_back_below_instead_of_leaving_the_board() -> None:
    layout = layout_trains([LaneSpec("0", (False,) * 30)], BOARDS["phone portrait"], max_unit=24)
    tiles = layout.lane("0").tiles
    headings = [tile.heading for tile in tiles]
    assert "E" in headings and "W" in headings
    first_back = headings.index("W")
    assert tiles[first_back].rect.y > tiles[first_back - 1].rect.y
    assert tiles[first_back].rect.right == tiles[first_back - 1].rect.right, "the turn is at the far end"


def test_tiles_shrink_as_trains_grow_but_stay_legible_for_eight_players_on_a_phone() -> None:
    rng = random.Random(8)
    units = [layout_trains(_lanes(rng, 9, tiles), BOARDS["phone portrait"]).unit for tiles in (0, 30, 60, 85)]
    assert units == sorted(units, reverse=True) and units[0] > units[-1]
    assert units[-1] >= 12, "a late round of eight players still draws tiles at least 12 px across"


def test_a_wide_board_lays_trains_on_both_sides_of_the_hub() -> None:
    layout = layout_trains(_lanes(random.Random(1), 9, 40), BOARDS["desktop"])
    left = [lane for lane in layout.lanes if lane.label.x < layout.hub.x]
    right = [lane for lane in layout.lanes if lane.label.x >= layout.hub.right]
    assert left and right


def _chicken_feet(toes: int) -> list[LaneSpec]:
    """Four arms, the first with a foot of three toes and ``toes`` more lanes under it."""
    names = ["1", "1.1", "1.2", "1.3", *(f"1.3.{n}" for n in range(1, toes + 1)), "2", "3", "4"]
    return [
        LaneSpec(name, (False, True) if name == "1.3" else (False,), name.split(".")[0]) for name in names
    ]


def test_a_chicken_foot_and_its_toes_stay_on_one_side_of_the_hub_when_that_costs_little() -> None:
    layout = layout_trains(_chicken_feet(0), BOARDS["desktop"])
    hub = layout.hub.center[0]
    sides = {lane.name: lane.label.x > hub for lane in layout.lanes}
    assert len({sides[name] for name in ("1", "1.1", "1.2", "1.3")}) == 1


def test_a_family_too_tall_to_keep_on_one_side_is_split_to_keep_the_tiles_large() -> None:
    lanes = _chicken_feet(9)
    board = BOARDS["small frame"]
    split = layout_trains([LaneSpec(lane.name, lane.doubles) for lane in lanes], board)
    assert layout_trains(lanes, board).unit >= 0.8 * split.unit
