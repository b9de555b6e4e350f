"""Draws a :class:`~web.scene.Scene` on a canvas 2D context. No game logic lives here.

The context is passed in (in the browser, a ``CanvasRenderingContext2D`` proxy whose
transform already maps CSS pixels to device pixels), so this module imports nothing
from the browser.
"""

from __future__ import annotations

import math
from typing import Any

from web.geometry import Rect
from web.scene import Scene, SeatSprite, TileSprite

__all__ = ["PIP_GRID", "draw_scene", "draw_tile"]

FELT = "#1f5c3a"
BOARD = "#1a5032"
IVORY = "#f7f2e2"
EDGE = "#3b3326"
PIP = "#1d1a16"
BACK = "#24313f"
PLAYABLE = "#f2c14e"
SELECTED = "#ffe08a"
LAST = "#e0533d"
TARGET = "rgba(242, 193, 78, 0.35)"
TEXT = "#f4f1e8"
TURN = "#ffd34d"
HINT = "#7fd6ff"

PIP_GRID: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
    7: ((0, 0), (0, 1), (0, 2), (1, 1), (2, 0), (2, 1), (2, 2)),
    8: ((0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)),
    9: tuple((col, row) for col in range(3) for row in range(3)),
}
"""Pip positions on a 3x3 grid (column, row) for each value a half can show."""


def draw_scene(ctx: Any, scene: Scene) -> None:
    """Draw the whole table: felt, line of play, lit ends, seats, the person's hand."""
    ctx.fillStyle = FELT
    ctx.fillRect(0, 0, scene.width, scene.height)
    _rounded(ctx, scene.board, 12)
    ctx.fillStyle = BOARD
    ctx.fill()
    for sprite in scene.line:
        draw_tile(ctx, sprite)
    for target in scene.targets:
        _draw_target(ctx, target.rect)
    if scene.hint_target is not None:
        _draw_hint_target(ctx, scene.hint_target)
    for seat in scene.seats:
        _draw_seat(ctx, seat)
    for _, sprite in scene.hand:
        draw_tile(ctx, sprite)
    _label(ctx, scene.info_text, scene.info.x + 8, scene.info.y + scene.info.h / 2, "left", 14, TEXT)


def draw_tile(ctx: Any, sprite: TileSprite) -> None:
    """One tile: a rounded ivory face with a divider and pips, or a dark back; then its highlight."""
    rect = sprite.rect
    if sprite.selected:
        rect = Rect(rect.x, rect.y - min(rect.w, rect.h) * 0.3, rect.w, rect.h)
    radius = min(rect.w, rect.h) * 0.14
    _rounded(ctx, Rect(rect.x + 1.5, rect.y + 2, rect.w, rect.h), radius)
    ctx.fillStyle = "rgba(0, 0, 0, 0.28)"
    ctx.fill()
    _rounded(ctx, rect, radius)
    ctx.fillStyle = IVORY if sprite.face_up else BACK
    ctx.fill()
    ctx.lineWidth = 1
    ctx.strokeStyle = EDGE
    ctx.stroke()
    if sprite.face_up:
        _draw_face(ctx, rect, sprite.vertical, sprite.first, sprite.second)
    else:
        _draw_back(ctx, rect)
    outline = _outline(sprite)
    if outline is not None:
        _rounded(ctx, Rect(rect.x - 2, rect.y - 2, rect.w + 4, rect.h + 4), radius + 2)
        ctx.lineWidth = 3 if sprite.selected or sprite.last or sprite.hinted else 2.5
        ctx.strokeStyle = outline
        ctx.stroke()


def _draw_face(ctx: Any, rect: Rect, vertical: bool, first: int, second: int) -> None:
    if vertical:
        half_a = Rect(rect.x, rect.y, rect.w, rect.h / 2)
        half_b = Rect(rect.x, rect.y + rect.h / 2, rect.w, rect.h / 2)
        ctx.beginPath()
        ctx.moveTo(rect.x + rect.w * 0.15, rect.y + rect.h / 2)
        ctx.lineTo(rect.x + rect.w * 0.85, rect.y + rect.h / 2)
    else:
        half_a = Rect(rect.x, rect.y, rect.w / 2, rect.h)
        half_b = Rect(rect.x + rect.w / 2, rect.y, rect.w / 2, rect.h)
        ctx.beginPath()
        ctx.moveTo(rect.x + rect.w / 2, rect.y + rect.h * 0.15)
        ctx.lineTo(rect.x + rect.w / 2, rect.y + rect.h * 0.85)
    ctx.lineWidth = max(1.0, min(rect.w, rect.h) * 0.04)
    ctx.strokeStyle = EDGE
    ctx.stroke()
    _draw_pips(ctx, half_a, first)
    _draw_pips(ctx, half_b, second)


def _draw_pips(ctx: Any, half: Rect, value: int) -> None:
    side = min(half.w, half.h)
    if value not in PIP_GRID:  # beyond double-nine: write the number
        _label(ctx, str(value), half.x + half.w / 2, half.y + half.h / 2, "center", side * 0.55, PIP)
        return
    left = half.x + (half.w - side) / 2
    top = half.y + (half.h - side) / 2
    radius = side * 0.09
    ctx.beginPath()
    for col, row in PIP_GRID[value]:
        cx = left + side * (0.24 + 0.26 * col)
        cy = top + side * (0.24 + 0.26 * row)
        ctx.moveTo(cx + radius, cy)
        ctx.arc(cx, cy, radius, 0, 2 * math.pi)
    ctx.fillStyle = PIP
    ctx.fill()


def _draw_back(ctx: Any, rect: Rect) -> None:
    inset = min(rect.w, rect.h) * 0.22
    _rounded(ctx, Rect(rect.x + inset, rect.y + inset, rect.w - 2 * inset, rect.h - 2 * inset), inset / 2)
    ctx.lineWidth = 1
    ctx.strokeStyle = "rgba(255, 255, 255, 0.18)"
    ctx.stroke()


def _outline(sprite: TileSprite) -> str | None:
    """The outline colour that says the most about a tile: selected, hinted, last laid, playable."""
    for flag, colour in (
        (sprite.selected, SELECTED),
        (sprite.hinted, HINT),
        (sprite.last, LAST),
        (sprite.playable, PLAYABLE),
    ):
        if flag:
            return colour
    return None


def _draw_hint_target(ctx: Any, rect: Rect) -> None:
    """The place the hint suggests: a dashed blue outline."""
    _rounded(ctx, rect, min(rect.w, rect.h) * 0.14)
    ctx.setLineDash([6, 4])
    ctx.lineWidth = 3
    ctx.strokeStyle = HINT
    ctx.stroke()
    ctx.setLineDash([])


def _draw_target(ctx: Any, rect: Rect) -> None:
    _rounded(ctx, rect, min(rect.w, rect.h) * 0.14)
    ctx.fillStyle = TARGET
    ctx.fill()
    ctx.setLineDash([5, 4])
    ctx.lineWidth = 2.5
    ctx.strokeStyle = PLAYABLE
    ctx.stroke()
    ctx.setLineDash([])


def _draw_seat(ctx: Any, seat: SeatSprite) -> None:
    for sprite in seat.tiles:
        draw_tile(ctx, sprite)
    colour = TURN if seat.to_move else TEXT
    if seat.position in ("left", "right"):
        x, y, align = seat.rect.x + seat.rect.w / 2, seat.rect.y + 10, "center"
    else:
        x, y, align = seat.rect.x + seat.rect.w / 2, seat.rect.y + seat.rect.h - 8, "center"
    _label(ctx, seat.label, x, y, align, 13, colour)


def _label(ctx: Any, text: str, x: float, y: float, align: str, size: float, colour: str) -> None:
    ctx.font = f"600 {size:.0f}px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
    ctx.textAlign = align
    ctx.textBaseline = "middle"
    ctx.fillStyle = colour
    ctx.fillText(text, x, y)


def _rounded(ctx: Any, rect: Rect, radius: float) -> None:
    """Start a new path holding a rounded rectangle."""
    ctx.beginPath()
    ctx.roundRect(rect.x, rect.y, rect.w, rect.h, radius)
