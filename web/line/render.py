"""Draws a :class:`~web.line.scene.Scene` on a canvas 2D context. No game logic lives here.

It draws on a :class:`~web.painter.Painter`, which records the canvas calls for the browser
to play in one go (its transform already set to map CSS pixels to device pixels), so this
module imports nothing from the browser.

The board's field, the lit ends and the seats are drawn here; each tile, with its
highlight, by :func:`web.tile_drawing.draw_tile`, which every kind of game's table shares.
The felt is the canvas's CSS background (``web/style.css`` and ``web/felt.svg``: the
browser paints it once).
"""

from __future__ import annotations

from typing import Any

from web.line.scene import CALLOUT_PADDING, Scene, SeatSprite
from web.painter import Box, Painter, SpriteBook
from web.plates import badge_font
from web.rect import Rect
from web.tile_drawing import (
    HINT,
    PLAYABLE,
    TARGET,
    TURN_TEXT,
    draw_plate,
    draw_tile,
    label,
    rounded,
    set_font,
)

END_BADGE = "rgba(246, 241, 228, 0.82)"
"""An open end's number badge: ivory, a little see-through, like a tile's shadow of the next."""
CALLOUT = "#f6f1e4"
"""A call-out's pill: ivory, so that it reads over the felt and over the tiles alike."""

__all__ = ["draw_on_canvas", "draw_scene"]


def draw_on_canvas(window: Any, ctx: Any, scene: Scene, ratio: float, sprites: SpriteBook) -> list[Box]:
    """Draw ``scene`` on the canvas context ``ctx`` (CSS px scaled by ``ratio``) in one call
    into the browser, keeping its tile pictures in ``sprites``; the boxes of what was drawn."""
    painter = Painter(ratio, sprites)
    painter.setTransform(ratio, 0, 0, ratio, 0, 0)
    draw_scene(painter, scene)
    painter.play_on(window, ctx)
    return painter.boxes


def draw_scene(ctx: Painter, scene: Scene) -> None:
    """Draw the whole table: the board's field, line of play, lit ends, seats, the person's hand."""
    ctx.globalAlpha = 1  # (the context keeps its state from the last frame)
    _draw_board(ctx, scene)
    for sprite in scene.line:
        draw_tile(ctx, sprite)
    for target in scene.targets:
        _draw_target(ctx, target.rect)
    for number, badge in scene.end_numbers:
        _draw_end_number(ctx, number, badge)
    if scene.hint_target is not None:
        _draw_hint_target(ctx, scene.hint_target)
    for seat in scene.seats:
        with ctx.about(seat=seat.seat):
            _draw_seat(ctx, seat)
    with ctx.about(seat=scene.hand_owner, hand=True):
        for _, sprite in scene.hand:
            draw_tile(ctx, sprite)
    if scene.info_plate is not None:
        draw_plate(ctx, scene.info_plate)
    for call in scene.callouts:
        with ctx.about(seat=call.seat):
            set_font(ctx, call.size, "center", TURN_TEXT)
            ctx.fillTextOnPill(call.text, call.x, call.y, CALLOUT_PADDING, CALLOUT, kind="callout")


def _draw_board(ctx: Painter, scene: Scene) -> None:
    """Clear the last frame (the felt is the canvas's CSS background, painted by the browser
    once) and lay the board's field on it."""
    ctx.clearRect(0, 0, scene.width, scene.height)
    rounded(ctx, scene.board, 12)
    ctx.fillStyle = "rgba(0, 0, 0, 0.1)"
    ctx.fill()
    ctx.lineWidth = 1
    ctx.strokeStyle = "rgba(255, 255, 255, 0.06)"
    ctx.stroke()


def _draw_hint_target(ctx: Painter, rect: Rect) -> None:
    """The place the hint suggests: a dashed blue outline."""
    ctx.note("mark", rect.x, rect.y, rect.w, rect.h)
    rounded(ctx, rect, min(rect.w, rect.h) * 0.14)
    ctx.setLineDash([6, 4])
    ctx.lineWidth = 3
    ctx.strokeStyle = HINT
    ctx.stroke()
    ctx.setLineDash([])


def _draw_end_number(ctx: Painter, number: str, badge: Rect) -> None:
    """An open end's number on a round badge where the next tile would go."""
    ctx.note("badge", badge.x, badge.y, badge.w, badge.h)
    rounded(ctx, badge, badge.h / 2)
    ctx.fillStyle = END_BADGE
    ctx.fill()
    label(ctx, number, badge.center[0], badge.center[1], "center", badge_font(badge.h), TURN_TEXT)


def _draw_target(ctx: Painter, rect: Rect) -> None:
    ctx.note("mark", rect.x, rect.y, rect.w, rect.h)
    rounded(ctx, rect, min(rect.w, rect.h) * 0.14)
    ctx.fillStyle = TARGET
    ctx.fill()
    ctx.setLineDash([5, 4])
    ctx.lineWidth = 2.5
    ctx.strokeStyle = PLAYABLE
    ctx.stroke()
    ctx.setLineDash([])


def _draw_seat(ctx: Painter, seat: SeatSprite) -> None:
    for sprite in seat.tiles:
        draw_tile(ctx, sprite)
    if seat.plate is not None:
        draw_plate(ctx, seat.plate)
