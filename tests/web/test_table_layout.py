"""Tests of the table regions, the hand and the opponents' tile backs (web/line/table_layout.py)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from web.line.geometry import Rect
from web.line.table_layout import (
    LEGIBLE_HAND_UNIT,
    SEAT_POSITIONS,
    TAP_UNIT,
    SeatRegion,
    TableRegions,
    hand_tile_rects,
    hidden_tile_rects,
    hit_test_hand,
    table_regions,
)
from web.tile_drawing import HAND_LIFT

PHONE = (390.0, 760.0)
SMALL_PHONE = (320.0, 480.0)
DESKTOP = (1280.0, 720.0)


# --- helpers ------------------------------------------------------------------------------


def regions_of(table: TableRegions) -> list[Rect]:
    """The regions that must not overlap: board, info box and every seat."""
    return [table.board, table.info] + [seat.rect for seat in table.seats]


def assert_no_overlap(rects: list[Rect]) -> None:
    """No two rectangles share interior."""
    for a, b in itertools.combinations(rects, 2):
        assert not a.intersects(b), (a, b)


def assert_valid_table(table: TableRegions, width: float, height: float, players: int) -> None:
    """Every promise of table_regions."""
    canvas = Rect(0, 0, width, height)
    assert table.portrait == (height > width)
    assert [seat.seat for seat in table.seats] == list(range(players))
    assert tuple(seat.position for seat in table.seats) == SEAT_POSITIONS[players]
    assert_no_overlap(regions_of(table))
    for rect in regions_of(table):
        assert canvas.encloses(rect), rect
        assert rect.w >= 0 and rect.h >= 0
    human = table.seats[0]
    assert human.rect.encloses(table.hand)
    assert not human.label.intersects(table.hand)
    assert human.rect.bottom == table.hand.bottom
    assert human.rect.x == 0 and human.rect.w == table.width
    for seat in table.seats:
        assert seat.rect.encloses(seat.label)
        assert seat.label.center == seat.label_anchor
        assert seat.rect.encloses(seat.tiles_area)
        assert not seat.label.intersects(seat.tiles_area)
        assert seat.tiles_area.h > 0 and seat.label.h > 0
    assert table.board.w * table.board.h >= 0.4 * width * height
    assert table.board.bottom == human.rect.y  # the hand band is right under the board
    if table.portrait:
        assert table.board.w >= width - 1  # a phone keeps the full width for the line
        assert not any(seat.vertical for seat in table.seats)


def assert_valid_tiles(rects: tuple[Rect, ...], area: Rect, count: int, *, upright: bool) -> None:
    """`count` equal tiles, 1u x 2u (upright) or 2u x 1u, inside `area`, never overlapping."""
    assert len(rects) == count
    assert_no_overlap(list(rects))
    for rect in rects:
        assert area.encloses(rect), (rect, area)
        assert rect.w > 0
        assert (rect.w, rect.h) == (rects[0].w, rects[0].h)
        assert rect.h == pytest.approx(2 * rect.w) if upright else rect.w == pytest.approx(2 * rect.h)


def rows_of(rects: tuple[Rect, ...]) -> int:
    """How many distinct rows the tiles stand in."""
    return len({rect.y for rect in rects})


# --- table_regions --------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("size", [PHONE, SMALL_PHONE, DESKTOP, (1200.0, 600.0), (2000.0, 480.0)])
def test_regions_are_valid_on_typical_screens(size: tuple[float, float], players: int) -> None:
    width, height = size
    assert_valid_table(table_regions(width, height, players), width, height, players)


def test_landscape_seats_go_clockwise_around_the_board() -> None:
    table = table_regions(*DESKTOP, players=5)
    board = table.board
    human, left, top_left, top_right, right = table.seats
    assert human.rect.y >= board.bottom
    assert left.rect.right <= board.x and left.vertical
    assert right.rect.x >= board.right and right.vertical
    for top in (top_left, top_right):
        assert top.rect.bottom <= board.y and not top.vertical
    assert top_left.rect.center[0] < top_right.rect.center[0]


def test_two_players_face_each_other_and_the_board_takes_the_full_width() -> None:
    table = table_regions(*DESKTOP, players=2)
    human, top = table.seats
    assert human.rect.y >= table.board.bottom
    assert top.position == "top"
    assert top.rect.bottom <= table.board.y
    assert top.rect.center[0] == pytest.approx(DESKTOP[0] / 2)
    assert table.board.w == DESKTOP[0]


def test_four_players_have_left_top_right() -> None:
    table = table_regions(*DESKTOP, players=4)
    positions = [seat.position for seat in table.seats]
    assert positions == ["bottom", "left", "top", "right"]
    assert table.seats[2].rect.center[0] == pytest.approx(DESKTOP[0] / 2)


def test_portrait_moves_opponents_to_the_top_band_in_clockwise_order() -> None:
    table = table_regions(*PHONE, players=5)
    opponents = table.seats[1:]
    assert all(seat.rect.bottom <= table.board.y for seat in opponents)
    centres = [seat.rect.center[0] for seat in opponents]
    assert centres == sorted(centres)
    assert table.board.w == PHONE[0]
    assert table.info.bottom <= table.board.y


def test_info_box_is_in_the_top_left_corner() -> None:
    for size in (PHONE, DESKTOP):
        table = table_regions(*size, players=4)
        assert (table.info.x, table.info.y) == (0, 0)
        assert table.info.w > 0 and table.info.h > 0


def test_players_out_of_range_are_refused() -> None:
    with pytest.raises(ValueError, match="seats 2 to 5 players"):
        table_regions(800, 600, 6)
    with pytest.raises(ValueError, match="seats 2 to 5 players"):
        table_regions(800, 600, 1)


@settings(max_examples=200, deadline=None)
@given(
    width=st.floats(320, 2000),
    height=st.floats(480, 1200),
    players=st.integers(2, 5),
)
def test_property_regions_fit_and_never_overlap(width: float, height: float, players: int) -> None:
    table = table_regions(width, height, players)
    assert_valid_table(table, width, height, players)


@settings(max_examples=150, deadline=None)
@given(
    width=st.floats(320, 2000),
    height=st.floats(480, 1200),
    players=st.integers(2, 5),
    count=st.integers(0, 21),
)
def test_property_a_full_hand_stays_legible_and_backs_fit(
    width: float, height: float, players: int, count: int
) -> None:
    table = table_regions(width, height, players)
    hand = hand_tile_rects(table.hand, count)
    assert_valid_tiles(hand, table.hand, count, upright=True)
    if count:
        assert hand[0].w >= LEGIBLE_HAND_UNIT
    for seat in table.seats[1:]:
        backs = hidden_tile_rects(seat, count)
        assert_valid_tiles(backs, seat.tiles_area, count, upright=not seat.vertical)
        assert not any(back.intersects(seat.label) for back in backs)
        if count:
            assert backs[0].w >= 3 and backs[0].h >= 3


# --- hand_tile_rects ------------------------------------------------------------------------


def test_a_short_hand_stands_in_one_centred_row_at_the_cap() -> None:
    hand = Rect(0, 600, 1200, 120)
    rects = hand_tile_rects(hand, 7)
    assert rows_of(rects) == 1
    assert rects[0].w == 40 and rects[0].h == 80
    assert [r.x for r in rects] == sorted(r.x for r in rects)
    left_gap, right_gap = rects[0].x - hand.x, hand.right - rects[-1].right
    assert left_gap == pytest.approx(right_gap)
    gaps = [b.x - a.right for a, b in itertools.pairwise(rects)]
    assert min(gaps) > 0 and max(gaps) == pytest.approx(min(gaps))
    # centred below the room kept for a picked-up tile (HAND_LIFT units, less the padding)
    room = HAND_LIFT * rects[0].w - 4
    assert rects[0].center[1] == pytest.approx(hand.center[1] + room / 2)
    assert rects[0].y - HAND_LIFT * rects[0].w >= hand.y


def test_a_big_hand_on_a_phone_splits_into_two_rows() -> None:
    hand = Rect(0, 600, 320, 100)
    rects = hand_tile_rects(hand, 21)
    assert rows_of(rects) == 2
    assert sum(r.y == rects[0].y for r in rects) == 11  # the top row takes the odd tile
    assert rects[0].w >= LEGIBLE_HAND_UNIT
    assert_valid_tiles(rects, hand, 21, upright=True)


def test_two_rows_when_one_row_would_be_under_a_fingertip_and_two_are_bigger() -> None:
    hand = Rect(0, 0, 500, 200)
    rects = hand_tile_rects(hand, 21)
    one_row = (500 - 8) / (21 + 20 * 0.25)  # (padding 4 each side, gaps a quarter unit)
    assert one_row < TAP_UNIT
    assert rows_of(rects) == 2 and rects[0].w > one_row
    wide = hand_tile_rects(Rect(0, 0, 1400, 200), 21)
    assert rows_of(wide) == 1, "one row while a fingertip fits"


@pytest.mark.parametrize(
    ("size", "count"),
    [((390, 569), 7), ((390, 569), 9), ((390, 569), 12), ((636, 345), 7), ((636, 345), 9), ((844, 390), 7)],
)
def test_on_a_phone_a_hand_tile_is_a_fingertip_wide(size: tuple[int, int], count: int) -> None:
    """44 CSS px on its short side, upright or held sideways, with two rows where one is too narrow."""
    table = table_regions(*size, 4, count)
    rects = hand_tile_rects(table.hand, count, table.hand_unit)
    assert min(rect.w for rect in rects) >= TAP_UNIT, (size, count, rects[0].w)
    assert_valid_tiles(rects, table.hand, count, upright=True)


def test_the_hand_grows_with_the_screen_and_the_board_keeps_its_size_as_tiles_go() -> None:
    phone, tablet, desktop = (table_regions(*size, 4) for size in ((390, 569), (820, 984), (1440, 743)))
    units = [hand_tile_rects(t.hand, 7, t.hand_unit)[0].w for t in (phone, tablet, desktop)]
    assert units[0] == TAP_UNIT and units[1] > 55 and units[2] > 50
    # the scene gives the deal's size while fewer tiles are held: the regions do not move
    assert table_regions(390, 569, 4, 7) == table_regions(390, 569, 4, max(7, 3))


def test_max_unit_caps_the_hand() -> None:
    rects = hand_tile_rects(Rect(0, 0, 1000, 300), 3, max_unit=25)
    assert rects[0].w == 25


def test_empty_hand_has_no_tiles() -> None:
    assert hand_tile_rects(Rect(0, 0, 400, 100), 0) == ()


def test_hit_test_hand_finds_the_tile_index() -> None:
    rects = hand_tile_rects(Rect(0, 0, 600, 120), 5, max_unit=50)
    for index, rect in enumerate(rects):
        assert hit_test_hand(rects, *rect.center) == index
    gap_x = (rects[0].right + rects[1].x) / 2
    assert hit_test_hand(rects, gap_x, rects[0].center[1]) is None  # (tiles wider than a fingertip)
    assert hit_test_hand(rects, 1, 1) is None
    assert hit_test_hand((), 10, 10) is None


def test_tiles_narrower_than_a_fingertip_are_spread_and_tapped_a_fingertip_wide() -> None:
    """In a 400 x 300 frame the hand's tiles are narrower than a fingertip: they stand a
    fingertip apart, and each is tapped anywhere within a fingertip of its centre."""
    regions = table_regions(400, 226, 4, 7)
    rects = hand_tile_rects(regions.hand, 7, regions.hand_unit)
    assert rects[0].w < TAP_UNIT
    centres = [rect.center for rect in rects]
    assert all(b[0] - a[0] >= TAP_UNIT - 0.01 for a, b in itertools.pairwise(centres))
    reach = TAP_UNIT / 2 - 0.5
    for index, (cx, cy) in enumerate(centres):
        for dx, dy in ((-reach, 0), (reach, 0), (0, -reach), (0, reach), (reach, reach)):
            assert hit_test_hand(rects, cx + dx, cy + dy) == index
    assert regions.seats[0].beside and regions.seats[0].label.right <= rects[0].x


def test_where_fingertip_areas_meet_the_nearer_tile_is_tapped() -> None:
    rects = (Rect(0, 0, 20, 40), Rect(30, 0, 20, 40))  # centres 30 px apart
    assert hit_test_hand(rects, 24, 20) == 0
    assert hit_test_hand(rects, 26, 20) == 1
    assert hit_test_hand(rects, 10, -1) == 0  # just above the tile, within a fingertip of it
    assert hit_test_hand(rects, 10, -10) is None


@settings(max_examples=200, deadline=None)
@given(
    x=st.floats(0, 200),
    y=st.floats(0, 800),
    w=st.floats(100, 2000),
    h=st.floats(60, 240),
    count=st.integers(0, 21),
    max_unit=st.floats(10, 60),
)
def test_property_hand_tiles_fit_in_the_band(
    x: float, y: float, w: float, h: float, count: int, max_unit: float
) -> None:
    hand = Rect(x, y, w, h)
    rects = hand_tile_rects(hand, count, max_unit)
    assert_valid_tiles(rects, hand, count, upright=True)
    assert rows_of(rects) <= 2
    if rects:
        assert rects[0].w <= max_unit
        left = min(r.x for r in rects)
        right = max(r.right for r in rects)
        assert (left + right) / 2 == pytest.approx(hand.center[0])
        for index, rect in enumerate(rects):
            assert hit_test_hand(rects, *rect.center) == index


# --- hidden_tile_rects ----------------------------------------------------------------------


def test_side_seat_backs_stack_down_a_column() -> None:
    table = table_regions(*DESKTOP, players=4)
    left = table.seats[1]
    backs = hidden_tile_rects(left, 7)
    assert len({r.x for r in backs}) == 1
    assert all(r.w == 2 * r.h for r in backs)
    assert [r.y for r in backs] == sorted(r.y for r in backs)


def test_top_seat_backs_stand_in_a_row() -> None:
    table = table_regions(*DESKTOP, players=4)
    top = table.seats[2]
    backs = hidden_tile_rects(top, 7)
    assert rows_of(backs) == 1
    assert all(r.h == 2 * r.w for r in backs)


def test_backs_wrap_into_more_lines_in_a_small_slot() -> None:
    seat = SeatRegion(1, "top", Rect(0, 0, 60, 70), Rect(0, 0, 60, 18), (30, 9), vertical=False)
    backs = hidden_tile_rects(seat, 21)
    assert rows_of(backs) > 1
    assert_valid_tiles(backs, seat.tiles_area, 21, upright=True)


def test_no_backs_for_an_empty_hand() -> None:
    table = table_regions(*DESKTOP, players=3)
    assert hidden_tile_rects(table.seats[1], 0) == ()
