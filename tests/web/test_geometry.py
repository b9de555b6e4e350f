"""Tests of the line-of-play geometry (web/line/geometry.py): pure, so they run on CPython."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from web.line.geometry import (
    MAX_UNIT,
    ChainTile,
    LineLayout,
    PlacedTileRect,
    Rect,
    empty_layout,
    hit_test_ends,
    hit_test_tiles,
    layout_line,
)

PHONE_BOARD = Rect(0, 0, 370, 420)
DESKTOP_BOARD = Rect(0, 0, 1200, 600)


# --- helpers ------------------------------------------------------------------------------


def chain(first_id: int, start: int, values: Sequence[int]) -> list[ChainTile]:
    """An arm whose tiles' outer values are `values`, starting from the open value `start`."""
    tiles = []
    inner = start
    for offset, outer in enumerate(values):
        tiles.append(ChainTile(first_id + offset, inner, outer))
        inner = outer
    return tiles


def tile(layout: LineLayout, tile_id: int) -> PlacedTileRect:
    """The placed tile with `tile_id`."""
    (found,) = [t for t in layout.tiles if t.id == tile_id]
    return found


def halves(placed: PlacedTileRect) -> tuple[tuple[Rect, int], tuple[Rect, int]]:
    """(rect, value) of the left/top half and of the right/bottom half."""
    r = placed.rect
    if placed.vertical:
        top, bottom = Rect(r.x, r.y, r.w, r.h / 2), Rect(r.x, r.y + r.h / 2, r.w, r.h / 2)
        return (top, placed.first), (bottom, placed.second)
    left, right = Rect(r.x, r.y, r.w / 2, r.h), Rect(r.x + r.w / 2, r.y, r.w / 2, r.h)
    return (left, placed.first), (right, placed.second)


def half_showing(placed: PlacedTileRect, value: int, *, double: bool) -> Rect:
    """The half of a non-double showing `value`; the whole tile for a double."""
    if double:
        return placed.rect
    (matching,) = [rect for rect, shown in halves(placed) if shown == value]
    return matching


def overlap_length(a0: float, a1: float, b0: float, b1: float) -> float:
    """Length of the overlap of intervals [a0, a1] and [b0, b1] (negative if apart)."""
    return min(a1, b1) - max(a0, b0)


def share_edge(a: Rect, b: Rect) -> bool:
    """Whether two rectangles touch along a segment of positive length without overlapping."""
    if a.intersects(b):
        return False
    side_by_side = a.right == b.x or b.right == a.x
    stacked = a.bottom == b.y or b.bottom == a.y
    return (side_by_side and overlap_length(a.y, a.bottom, b.y, b.bottom) > 0) or (
        stacked and overlap_length(a.x, a.right, b.x, b.right) > 0
    )


def shared_edge_is_vertical(a: Rect, b: Rect) -> bool:
    """For touching rectangles: whether they touch along a vertical edge (side by side)."""
    return (a.right == b.x or b.right == a.x) and overlap_length(a.y, a.bottom, b.y, b.bottom) > 0


def is_tile_shaped(rect: Rect, unit: float) -> bool:
    """Whether `rect` is a 2u x 1u tile, either way round."""
    return {rect.w, rect.h} == {unit, 2 * unit}


def full_double_six_line() -> list[tuple[int, int]]:
    """All 28 double-six tiles in one line (an Euler circuit of K7 with loops), as (a, b) with b == next a."""
    unused = {(a, b) for a in range(7) for b in range(a, 7)}
    stack, circuit = [0], []
    while stack:
        v = stack[-1]
        edge = next((e for e in sorted(unused) if v in e), None)
        if edge is None:
            circuit.append(stack.pop())
        else:
            unused.remove(edge)
            stack.append(edge[1] if edge[0] == v else edge[0])
    return list(itertools.pairwise(circuit))


def split_line(
    line: list[tuple[int, int]], root_index: int
) -> tuple[tuple[int, int], list[ChainTile], list[ChainTile]]:
    """Root, east arm and west arm when `line[root_index]` is the opening tile."""
    east = [ChainTile(100 + i, a, b) for i, (a, b) in enumerate(line[root_index + 1 :])]
    west = [ChainTile(200 + i, b, a) for i, (a, b) in enumerate(reversed(line[:root_index]))]
    return line[root_index], east, west


def random_chain(rng: random.Random, first_id: int, start: int, length: int, top: int) -> list[ChainTile]:
    """A pip-consistent arm of `length` tiles, about one double in four."""
    values, value = [], start
    for _ in range(length):
        value = value if rng.random() < 0.25 else rng.choice([v for v in range(top + 1) if v != value])
        values.append(value)
    return chain(first_id, start, values)


# --- invariants checked by unit and property tests ------------------------------------------


def assert_valid_layout(
    layout: LineLayout,
    root_id: int,
    root: tuple[int, int],
    east: Sequence[ChainTile],
    west: Sequence[ChainTile],
    max_unit: float = MAX_UNIT,
) -> None:
    """Every promise of layout_line: fit, no overlap, shapes, values, touching halves."""
    assert 0 < layout.unit <= max_unit
    tiles, ends = layout.tiles, layout.ends
    assert [t.id for t in tiles] == [root_id] + [t.id for t in east] + [t.id for t in west]
    assert set(ends) == {"E", "W"}
    margin = min(4.0, layout.board.w / 50, layout.board.h / 50)
    for rect in [t.rect for t in tiles] + list(ends.values()):
        assert is_tile_shaped(rect, layout.unit), rect
        assert layout.board.inset(margin).encloses(rect), (rect, layout.board)
    for a, b in itertools.combinations(tiles, 2):
        assert not a.rect.intersects(b.rect), (a, b)
    for arm, end in ends.items():
        assert not any(end.intersects(t.rect) for t in tiles), arm
    assert not ends["E"].intersects(ends["W"])
    root_tile = tiles[0]
    assert root_tile.vertical == (root[0] == root[1])
    assert (root_tile.first, root_tile.second) == root
    for arm, chain_tiles, open_value in (("E", east, root[1]), ("W", west, root[0])):
        previous, previous_outer = root_tile, open_value
        for chain_tile in chain_tiles:
            assert chain_tile.inner == previous_outer, "test data must be pip-consistent"
            assert_touches(tile(layout, chain_tile.id), chain_tile, previous, previous_outer, root_id)
            previous, previous_outer = tile(layout, chain_tile.id), chain_tile.outer
        tip_double = previous.first == previous.second
        tip = previous.rect if tip_double else half_showing(previous, previous_outer, double=False)
        assert share_edge(ends[arm], tip), (arm, ends[arm], tip)
        tip_in_a_column = previous.vertical != tip_double  # E/W rows: only corners go down/up
        if tip_in_a_column:  # the next tile turns back into a row
            assert ends[arm].w > ends[arm].h, (arm, ends[arm], previous)


def assert_touches(
    placed: PlacedTileRect, chain_tile: ChainTile, previous: PlacedTileRect, previous_outer: int, root_id: int
) -> None:
    """The tile's inner half touches the previous tile's outer half; its outer half does not."""
    assert {placed.first, placed.second} == {chain_tile.inner, chain_tile.outer}
    previous_double = previous.first == previous.second
    double = chain_tile.is_double
    assert placed.vertical == (placed.rect.h > placed.rect.w)
    behind = half_showing(previous, previous_outer, double=previous_double)
    inner = half_showing(placed, chain_tile.inner, double=double)
    assert share_edge(inner, behind), (placed, previous)
    if not double and not previous_double:  # (a tile turning beside a double hugs it)
        outer = half_showing(placed, chain_tile.outer, double=False)
        assert not share_edge(outer, previous.rect), (placed, previous)
    if double:  # crosswise: it meets the previous tile with its long side
        assert shared_edge_is_vertical(placed.rect, previous.rect) == placed.vertical


# --- Rect -----------------------------------------------------------------------------------


def test_rect_contains_is_half_open() -> None:
    r = Rect(10, 20, 30, 40)
    assert r.contains(10, 20)
    assert r.contains(39.9, 59.9)
    assert not r.contains(40, 30)
    assert not r.contains(20, 60)
    assert not r.contains(9.9, 30)


def test_rect_touching_edges_do_not_intersect() -> None:
    a = Rect(0, 0, 10, 10)
    assert not a.intersects(Rect(10, 0, 5, 5))
    assert not a.intersects(Rect(0, 10, 5, 5))
    assert a.intersects(Rect(9.5, 9.5, 5, 5))
    assert Rect(9.5, 9.5, 5, 5).intersects(a)
    assert a.intersects(Rect(2, 2, 1, 1))


def test_rect_center_and_encloses() -> None:
    r = Rect(10, 20, 30, 40)
    assert r.center == (25, 40)
    assert r.encloses(Rect(10, 20, 30, 40))
    assert not r.encloses(Rect(10, 20, 30.5, 40))


# --- concrete layouts -----------------------------------------------------------------------


def test_opening_double_stands_crosswise() -> None:
    layout = layout_line(7, (4, 4), [], [], DESKTOP_BOARD)
    (root,) = layout.tiles
    assert root.id == 7
    assert root.vertical
    assert root.rect.h == 2 * root.rect.w == 2 * layout.unit
    assert (root.first, root.second) == (4, 4)


def test_opening_non_double_lies_along_the_line_west_value_first() -> None:
    layout = layout_line(0, (3, 5), [], [], DESKTOP_BOARD)
    (root,) = layout.tiles
    assert not root.vertical
    assert (root.first, root.second) == (3, 5)


def test_lone_tile_is_centred_at_the_cap_with_ends_on_both_sides() -> None:
    layout = layout_line(0, (3, 5), [], [], DESKTOP_BOARD)
    root = layout.tiles[0]
    assert layout.unit == MAX_UNIT
    assert layout.ends["E"].x == root.rect.right
    assert layout.ends["W"].right == root.rect.x
    assert layout.ends["E"].center[1] == layout.ends["W"].center[1] == root.rect.center[1]
    left_gap = layout.ends["W"].x - DESKTOP_BOARD.x
    right_gap = DESKTOP_BOARD.right - layout.ends["E"].right
    assert abs(left_gap - right_gap) <= 1 / 64


def test_first_east_tile_touches_the_root_on_its_right() -> None:
    layout = layout_line(0, (3, 5), [ChainTile(1, 5, 2)], [], DESKTOP_BOARD)
    root, east = layout.tiles
    assert east.id == 1
    assert not east.vertical
    assert east.rect.x == root.rect.right
    assert east.rect.center[1] == root.rect.center[1]
    assert (east.first, east.second) == (5, 2)  # the 5 faces the root's 5


def test_west_arm_mirrors_the_east_arm() -> None:
    layout = layout_line(0, (3, 5), [], [ChainTile(1, 3, 6)], DESKTOP_BOARD)
    root, west = layout.tiles
    assert not west.vertical
    assert west.rect.right == root.rect.x
    assert west.rect.center[1] == root.rect.center[1]
    assert (west.first, west.second) == (6, 3)  # the 3 faces the root's 3


def test_doubles_in_the_line_stand_crosswise_centred_on_it() -> None:
    east = [ChainTile(1, 5, 5), ChainTile(2, 5, 1)]
    west = [ChainTile(3, 3, 3)]
    layout = layout_line(0, (3, 5), east, west, DESKTOP_BOARD)
    root = layout.tiles[0]
    double_east, after, double_west = tile(layout, 1), tile(layout, 2), tile(layout, 3)
    assert double_east.vertical and double_west.vertical
    assert double_east.rect.center[1] == double_west.rect.center[1] == root.rect.center[1]
    assert double_east.rect.x == root.rect.right
    assert after.rect.x == double_east.rect.right
    assert double_west.rect.right == root.rect.x
    assert_valid_layout(layout, 0, (3, 5), east, west)


def test_hit_tests_find_tiles_and_ends() -> None:
    east = chain(1, 5, [2, 2, 6])
    west = chain(10, 3, [1])
    layout = layout_line(0, (3, 5), east, west, DESKTOP_BOARD)
    for placed in layout.tiles:
        assert hit_test_tiles(layout, *placed.rect.center) == placed.id
        assert hit_test_ends(layout, *placed.rect.center) is None
    for arm, rect in layout.ends.items():
        assert hit_test_ends(layout, *rect.center) == arm
        assert hit_test_tiles(layout, *rect.center) is None
    assert hit_test_tiles(layout, DESKTOP_BOARD.x + 1, DESKTOP_BOARD.y + 1) is None
    assert hit_test_ends(layout, DESKTOP_BOARD.x + 1, DESKTOP_BOARD.y + 1) is None
    assert hit_test_tiles(layout, -50, -50) is None


def test_end_targets_sit_at_the_tips_without_covering_tiles() -> None:
    east = chain(1, 5, [2, 4])
    west = chain(10, 3, [3, 0])
    layout = layout_line(0, (3, 5), east, west, DESKTOP_BOARD)
    assert layout.ends["E"].x == tile(layout, 2).rect.right
    assert layout.ends["W"].right == tile(layout, 11).rect.x
    assert_valid_layout(layout, 0, (3, 5), east, west)


def test_a_long_east_arm_snakes_down_and_a_long_west_arm_snakes_up() -> None:
    rng = random.Random(4)
    east = random_chain(rng, 1, 5, 20, 6)
    west = random_chain(rng, 100, 3, 20, 6)
    layout = layout_line(0, (3, 5), east, west, Rect(0, 0, 1200, 600))
    root = layout.tiles[0].rect
    east_rects = [tile(layout, t.id).rect for t in east]
    west_rects = [tile(layout, t.id).rect for t in west]
    assert any(r.y >= root.bottom for r in east_rects)
    assert all(r.bottom > root.y for r in east_rects)  # never above the root row
    assert any(r.bottom <= root.y for r in west_rects)
    assert all(r.y < root.bottom for r in west_rects)
    assert_valid_layout(layout, 0, (3, 5), east, west)


def test_the_turn_is_one_perpendicular_tile_at_the_corner() -> None:
    east = chain(1, 5, [1, 2, 3, 4, 5, 6, 0, 1, 2, 3, 4, 5])  # no doubles
    layout = layout_line(0, (3, 5), east, [], Rect(0, 0, 500, 600))
    root = layout.tiles[0].rect
    placed = [tile(layout, t.id) for t in east]
    corner = next(i for i, p in enumerate(placed) if p.vertical)
    before, turn, after = placed[corner - 1], placed[corner], placed[corner + 1]
    assert turn.rect.x == before.rect.right  # at the end of the row, to its right
    assert turn.rect.y == before.rect.y  # its inner (top) half beside the row
    assert (turn.first, turn.second) == (east[corner].inner, east[corner].outer)
    assert not after.vertical  # the next row runs back, below
    assert after.rect.y == turn.rect.bottom
    assert after.rect.right == turn.rect.right
    assert (after.first, after.second) == (east[corner + 1].outer, east[corner + 1].inner)
    assert after.rect.y >= root.bottom


@pytest.mark.parametrize("position", range(14))
def test_doubles_at_and_next_to_the_corners(position: int) -> None:
    values = [1, 2, 3, 4, 5, 6, 0, 1, 2, 3, 4, 5, 6, 0, 1]
    values[position + 1] = values[position]  # a double at `position + 1`
    east = chain(1, 5, values)
    west = chain(100, 3, values)
    for board in (Rect(0, 0, 330, 600), Rect(0, 0, 420, 800), PHONE_BOARD):
        layout = layout_line(0, (3, 5), east, west, board)
        assert_valid_layout(layout, 0, (3, 5), east, west)


def test_empty_layout_has_no_tiles_and_no_ends() -> None:
    layout = empty_layout(PHONE_BOARD)
    assert layout.tiles == ()
    assert layout.ends == {}
    assert 0 < layout.unit <= MAX_UNIT
    assert hit_test_tiles(layout, 100, 100) is None
    assert hit_test_ends(layout, 100, 100) is None


def test_max_unit_caps_the_drawing() -> None:
    layout = layout_line(0, (3, 5), chain(1, 5, [2]), [], DESKTOP_BOARD, max_unit=20)
    assert layout.unit == 20
    assert layout.tiles[0].rect.h == 20


def test_layout_is_a_pure_function_of_its_inputs() -> None:
    east = chain(1, 5, [2, 2, 6, 1, 4])
    west = chain(10, 3, [1, 1, 0])
    first = layout_line(0, (3, 5), east, west, PHONE_BOARD)
    again = layout_line(0, (3, 5), tuple(east), tuple(west), PHONE_BOARD)
    assert first == again


def test_board_offset_moves_the_drawing() -> None:
    east = chain(1, 5, [2, 2, 6])
    here = layout_line(0, (3, 5), east, [], Rect(0, 0, 400, 300))
    there = layout_line(0, (3, 5), east, [], Rect(100, 50, 400, 300))
    assert here.unit == there.unit
    for a, b in zip(here.tiles, there.tiles, strict=True):
        assert (b.rect.x - a.rect.x, b.rect.y - a.rect.y) == (100, 50)


def test_full_double_six_line_is_legible_on_phone_and_desktop() -> None:
    line = full_double_six_line()
    assert len(line) == 28
    assert len({tuple(sorted(t)) for t in line}) == 28
    for root_index in (0, 9, 13, 27):
        root, east, west = split_line(line, root_index)
        phone = layout_line(0, root, east, west, PHONE_BOARD)
        desktop = layout_line(0, root, east, west, DESKTOP_BOARD)
        assert_valid_layout(phone, 0, root, east, west)
        assert_valid_layout(desktop, 0, root, east, west)
        assert phone.unit >= 24
        assert desktop.unit == MAX_UNIT


def test_fifty_five_tiles_still_fit_legibly() -> None:
    rng = random.Random(9)
    east = random_chain(rng, 1, 9, 27, 9)
    west = random_chain(rng, 100, 4, 27, 9)
    phone = layout_line(0, (4, 9), east, west, PHONE_BOARD)
    desktop = layout_line(0, (4, 9), east, west, DESKTOP_BOARD)
    assert_valid_layout(phone, 0, (4, 9), east, west)
    assert_valid_layout(desktop, 0, (4, 9), east, west)
    assert phone.unit >= 18
    assert desktop.unit >= 30


def test_a_board_with_no_room_still_gives_a_positive_unit() -> None:
    layout = layout_line(0, (3, 5), chain(1, 5, [2]), [], Rect(0, 0, 0, 0))
    assert layout.unit > 0


# --- properties -----------------------------------------------------------------------------


@st.composite
def arms(draw: st.DrawFn, start: int, first_id: int, max_len: int = 30) -> list[ChainTile]:
    """A pip-consistent arm: each tile's inner is the previous outer; doubles are frequent."""
    steps = draw(st.lists(st.one_of(st.just(0), st.integers(1, 9)), max_size=max_len))
    values, value = [], start
    for step in steps:
        value = (value + step) % 10
        values.append(value)
    return chain(first_id, start, values)


@st.composite
def boards(draw: st.DrawFn) -> Rect:
    """Boards from 320 x 300 to 1600 x 900, anywhere on the canvas, fractional sizes allowed."""
    return Rect(
        draw(st.floats(0, 300)),
        draw(st.floats(0, 200)),
        draw(st.floats(320, 1600)),
        draw(st.floats(300, 900)),
    )


@st.composite
def lines(draw: st.DrawFn) -> tuple[tuple[int, int], list[ChainTile], list[ChainTile]]:
    """A root and both arms, pip-consistent."""
    root = (draw(st.integers(0, 9)), draw(st.integers(0, 9)))
    return root, draw(arms(root[1], 1000)), draw(arms(root[0], 2000))


@settings(max_examples=150, deadline=None)
@given(line=lines(), board=boards())
def test_property_layouts_fit_never_overlap_and_halves_touch(
    line: tuple[tuple[int, int], list[ChainTile], list[ChainTile]], board: Rect
) -> None:
    root, east, west = line
    layout = layout_line(0, root, east, west, board)
    assert layout.board == board
    assert_valid_layout(layout, 0, root, east, west)


@settings(max_examples=60, deadline=None)
@given(line=lines(), board=boards(), max_unit=st.floats(4, 60))
def test_property_unit_respects_any_cap(
    line: tuple[tuple[int, int], list[ChainTile], list[ChainTile]], board: Rect, max_unit: float
) -> None:
    root, east, west = line
    layout = layout_line(0, root, east, west, board, max_unit=max_unit)
    assert_valid_layout(layout, 0, root, east, west, max_unit=max_unit)


@settings(max_examples=100, deadline=None)
@given(line=lines(), board=boards(), data=st.data())
def test_property_hit_tests_agree_with_rects(
    line: tuple[tuple[int, int], list[ChainTile], list[ChainTile]], board: Rect, data: st.DataObject
) -> None:
    root, east, west = line
    layout = layout_line(0, root, east, west, board)
    px = data.draw(st.floats(board.x - 20, board.right + 20))
    py = data.draw(st.floats(board.y - 20, board.bottom + 20))
    under = [t.id for t in layout.tiles if t.rect.contains(px, py)]
    assert hit_test_tiles(layout, px, py) == (under[0] if under else None)
    arms_under = [arm for arm, rect in layout.ends.items() if rect.contains(px, py)]
    assert hit_test_ends(layout, px, py) == (arms_under[0] if arms_under else None)
    for placed in layout.tiles:
        assert hit_test_tiles(layout, *placed.rect.center) == placed.id
