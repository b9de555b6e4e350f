"""The line of play: open ends, the values showing, doubles, arms, and refusals."""

from __future__ import annotations

import pytest

from engine import End, IllegalActionError, Layout, Side, SpinnerRule, parse_tile
from tests.helpers.scripted import tiles

E, W, N, S = Side.EAST, Side.WEST, Side.NORTH, Side.SOUTH


def lay(layout: Layout, tile: str, end: End | None = None) -> Layout:
    return layout.play(parse_tile(tile), end)


def test_layout_starts_empty_and_any_tile_opens_it() -> None:
    layout = Layout()
    assert layout.is_empty and len(layout) == 0
    assert layout.ends == () and layout.values == ()
    assert all(layout.accepts(tile) for tile in tiles("6-6 1-0 0-0"))


def test_layout_opening_tile_shows_both_halves() -> None:
    layout = lay(Layout(), "6-4")
    assert layout.ends == (End(0, E), End(0, W))
    assert layout.values == (6, 4)
    assert layout.value(End(0, W)) == 4
    assert not layout.is_empty and len(layout) == 1


def test_layout_open_ends_and_values_after_plays_on_both_ends() -> None:
    layout = lay(Layout(), "6-4")
    layout = lay(layout, "4-2", End(0, W))
    assert layout.ends == (End(0, E), End(1, W))
    assert layout.values == (6, 2)
    layout = lay(layout, "6-1", End(0, E))
    assert layout.ends == (End(1, W), End(2, E))
    assert layout.values == (2, 1)
    layout = lay(layout, "2-2", End(1, W))
    assert layout.ends == (End(2, E), End(3, W))
    assert layout.values == (1, 2)
    placed = layout.placements[2]
    assert (placed.parent, placed.side, placed.inner, placed.outer) == (0, E, 6, 1)
    assert layout.ends_for(parse_tile("2-1")) == (End(2, E), End(3, W))
    assert layout.ends_for(parse_tile("5-3")) == ()
    assert not layout.accepts(parse_tile("5-3"))


def test_layout_is_immutable() -> None:
    opened = lay(Layout(), "5-5")
    longer = lay(opened, "5-3", End(0, E))
    assert len(opened) == 1 and opened.values == (5, 5)
    assert len(longer) == 2 and longer.values == (5, 3)


def test_layout_doubles_do_not_branch_under_spinner_rule_none() -> None:
    layout = lay(Layout(SpinnerRule.NONE), "6-6")
    assert layout.ends == (End(0, E), End(0, W))
    assert not layout.placements[0].spinner
    layout = lay(layout, "6-3", End(0, E))
    layout = lay(layout, "6-2", End(0, W))
    assert len(layout.ends) == 2  # both sides of 6-6 covered: no north or south end opens
    layout = lay(layout, "3-3", End(1, E))
    assert layout.ends == (End(2, W), End(3, E))
    assert layout.values == (2, 3)
    assert all(end.side in (E, W) for end in layout.ends)
    assert not any(placement.spinner for placement in layout.placements)


def test_layout_arm() -> None:
    layout = lay(Layout(), "6-4")
    assert layout.arm(E) == () and layout.arm(W) == ()
    layout = lay(layout, "6-1", End(0, E))  # 1
    layout = lay(layout, "4-4", End(0, W))  # 2
    layout = lay(layout, "1-3", End(1, E))  # 3
    layout = lay(layout, "4-0", End(2, W))  # 4
    layout = lay(layout, "3-5", End(3, E))  # 5
    assert layout.arm(E) == (1, 3, 5)
    assert layout.arm(W) == (2, 4)
    assert layout.arm(E, start=3) == (5,)
    assert layout.arm(N) == ()
    assert layout.values == (0, 5)


def test_layout_refuses_a_tile_that_does_not_match() -> None:
    layout = lay(Layout(), "6-4")
    with pytest.raises(IllegalActionError) as caught:
        lay(layout, "5-3", End(0, E))
    assert caught.value.code == "does-not-match"
    assert "5-3" in str(caught.value) and "0E" in str(caught.value)


def test_layout_refuses_ends_that_are_not_open() -> None:
    layout = lay(lay(Layout(), "6-4"), "6-1", End(0, E))
    for end in (End(0, E), End(0, N), End(7, W)):
        with pytest.raises(IllegalActionError) as caught:
            lay(layout, "1-2", end)
        assert caught.value.code == "no-such-end"
    with pytest.raises(IllegalActionError) as caught:
        layout.value(End(0, E))
    assert caught.value.code == "no-such-end"
    with pytest.raises(IllegalActionError) as caught:
        lay(layout, "1-2")  # no end given once the layout is open
    assert caught.value.code == "no-such-end"
    with pytest.raises(IllegalActionError) as caught:
        lay(Layout(), "1-2", End(0, E))  # an end given for the opening tile
    assert caught.value.code == "no-such-end"
