"""The small tiles the panels draw: well-formed SVG with the right pips on each half."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from hypothesis import given
from hypothesis import strategies as st

from engine.tiles import Tile
from web.tile_svg import tile_svg

SVG = "{http://www.w3.org/2000/svg}"


@given(st.integers(0, 12), st.integers(0, 12))
def test_each_half_shows_its_number(a: int, b: int) -> None:
    tile = Tile(min(a, b), max(a, b))
    root = ET.fromstring(tile_svg(tile))
    assert root.get("aria-hidden") == "true"
    halves: list[list[float]] = [[], []]
    for dot in root.iter(f"{SVG}circle"):
        halves[0 if float(dot.get("cx", "0")) < 20 else 1].append(float(dot.get("cx", "0")))
    numbers = [text.text for text in root.iter(f"{SVG}text")]
    for half, value in enumerate((tile.low, tile.high)):
        if value <= 9:
            assert len(halves[half]) == value
        else:  # beyond nine the half shows its number
            assert str(value) in numbers


def test_the_size_is_twice_as_wide_as_tall() -> None:
    root = ET.fromstring(tile_svg(Tile(3, 5), height=24))
    assert (root.get("width"), root.get("height")) == ("48", "24")
