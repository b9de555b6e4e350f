"""Small dominoes as SVG markup, for the panels (the end-of-hand summary draws each
player's remaining tiles): the same faces as the table's canvas (:data:`web.line.render.PIP_GRID`).

Pure text: no browser imports. The markup is decorative (``aria-hidden``); whoever places
it says the tiles in words beside it for screen readers.
"""

from __future__ import annotations

from engine.tiles import Tile
from web.tile_drawing import EDGE, IVORY, PIP, PIP_GRID

__all__ = ["tile_svg"]

_HALF = 20
"""The side of a half, in the SVG's own units (a tile is 2 by 1 halves)."""


def tile_svg(tile: Tile, height: float = 18) -> str:
    """The SVG of ``tile`` laid flat (low number on the left), ``height`` CSS px tall."""
    width = 2 * height
    parts = [
        f'<svg class="tile-face" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {2 * _HALF} {_HALF}" '
        f'width="{width:g}" height="{height:g}" aria-hidden="true" focusable="false">',
        f'<rect x="0.75" y="0.75" width="{2 * _HALF - 1.5}" height="{_HALF - 1.5}" rx="3" '
        f'fill="{IVORY}" stroke="{EDGE}" stroke-width="1.5"/>',
        f'<line x1="{_HALF}" y1="3" x2="{_HALF}" y2="{_HALF - 3}" stroke="{EDGE}" stroke-width="1"/>',
    ]
    for offset, value in ((0, tile.low), (_HALF, tile.high)):
        parts.append(_half(offset, value))
    parts.append("</svg>")
    return "".join(parts)


def _half(offset: int, value: int) -> str:
    """One half's pips (or, beyond nine, its number) starting ``offset`` units from the left."""
    if value not in PIP_GRID:
        return (
            f'<text x="{offset + _HALF / 2:g}" y="{_HALF / 2:g}" font-size="11" font-weight="700" '
            f'text-anchor="middle" dominant-baseline="central" fill="{PIP}">{value}</text>'
        )
    radius = _HALF * 0.09
    dots = (
        f'<circle cx="{offset + _HALF * (0.24 + 0.26 * col):g}" cy="{_HALF * (0.24 + 0.26 * row):g}" '
        f'r="{radius:g}"/>'
        for col, row in PIP_GRID[value]
    )
    return f'<g fill="{PIP}">{"".join(dots)}</g>'
