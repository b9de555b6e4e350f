"""Draws a :class:`~web.trains.scene.TrainScene` on a :class:`~web.painter.Painter`. No game logic.

Tiles and plates are drawn as on the other tables (:mod:`web.tile_drawing`). A lane's label
is a pill in its owner's colour with their short name; a marker is a small white train on
the label's right; a lit lane (where the picked-up tile may go) is washed in the target
colour with the tile see-through at its next place; the double that must be answered, or
the chicken foot still growing its toes, wears a dashed ring in the turn colour.
"""

from __future__ import annotations

from typing import Any

from web.painter import Box, Painter, SpriteBook
from web.rect import Rect
from web.text_metrics import text_width
from web.tile_drawing import TARGET, TURN, TURN_TEXT, draw_plate, draw_tile, label, rounded, set_font
from web.trains.scene import BANNER_PADDING, LaneDrawn, TrainScene

__all__ = ["NEW_SPRITES_PER_FRAME", "draw_train_scene", "draw_trains_on_canvas", "record_trains"]

MARKER = "#ffffff"
RAIL = "rgba(247, 242, 226, 0.45)"
NEW_SPRITES_PER_FRAME = 24
"""The most tile pictures one frame of the table makes (the rest in the next frames, the
canvas keeping its last picture meanwhile). When the trains shrink as they grow, every tile
on them needs a picture at the new size (some seventy): made all in one frame, that took
80 ms of a slow tablet's main thread on top of the frame's own work."""
LABEL_FONT_MIN = 8.0
"""A label's words are left out below this size (its colour still says whose train it is)."""


def draw_trains_on_canvas(
    window: Any, ctx: Any, scene: TrainScene, ratio: float, sprites: SpriteBook
) -> list[Box]:
    """Draw ``scene`` on the canvas context ``ctx`` in one call into the browser; the boxes
    of what was drawn (:attr:`web.painter.Painter.boxes`)."""
    painter = record_trains(scene, ratio, sprites)
    painter.play_on(window, ctx)
    return painter.boxes


def record_trains(
    scene: TrainScene, ratio: float, sprites: SpriteBook, new_sprites_at_most: int | None = None
) -> Painter:
    """``scene`` recorded for a canvas of ``ratio`` device pixels per CSS pixel, defining at
    most ``new_sprites_at_most`` tile pictures the browser does not hold (see
    :attr:`web.painter.Painter.sprites_left_out`)."""
    painter = Painter(ratio, sprites, new_sprites_at_most)
    painter.setTransform(ratio, 0, 0, ratio, 0, 0)
    draw_train_scene(painter, scene)
    return painter


def draw_train_scene(ctx: Painter, scene: TrainScene) -> None:
    """The whole table."""
    ctx.globalAlpha = 1
    ctx.clearRect(0, 0, scene.width, scene.height)
    ctx.beginPath()
    for x0, y0, x1, y1 in scene.rails:
        ctx.moveTo(x0, y0)
        ctx.lineTo(x1, y1)
    ctx.lineWidth = 2
    ctx.strokeStyle = RAIL
    ctx.stroke()
    for lane in scene.lanes:
        _draw_lane(ctx, lane)
    draw_tile(ctx, scene.hub)
    for seat_plate in scene.plates:
        with ctx.about(seat=seat_plate.seat):
            swatch = seat_plate.swatch
            rounded(ctx, swatch, swatch.h / 2)
            ctx.fillStyle = seat_plate.colour
            ctx.fill()
            draw_plate(ctx, seat_plate.plate)
    draw_plate(ctx, scene.boneyard)
    if scene.banner and scene.banner_at is not None:
        set_font(ctx, scene.banner_size, "center", TURN_TEXT)
        ctx.fillTextOnPill(scene.banner, *scene.banner_at, BANNER_PADDING, TURN)
    with ctx.about(hand=True):
        for _, sprite in scene.hand:
            draw_tile(ctx, sprite)
        for sprite in scene.hidden_hand:
            draw_tile(ctx, sprite)


def _draw_lane(ctx: Painter, lane: LaneDrawn) -> None:
    placed = lane.placed
    if lane.lit:
        band = placed.band
        rounded(ctx, band.inset(-2.0), 6.0)
        ctx.fillStyle = TARGET
        ctx.fill()
        end = placed.end
        rounded(ctx, end, max(2.0, end.h * 0.2))
        ctx.setLineDash([4, 3])
        ctx.lineWidth = 1.5
        ctx.strokeStyle = TURN
        ctx.stroke()
        ctx.setLineDash([])
    _draw_label(ctx, lane)
    for sprite in lane.tiles:
        draw_tile(ctx, sprite)
    if lane.open and lane.tiles:
        rect = lane.tiles[-1].rect.inset(-4.0)
        rounded(ctx, rect, 5.0)
        ctx.setLineDash([5, 3])
        ctx.lineWidth = 2.5
        ctx.strokeStyle = TURN
        ctx.stroke()
        ctx.setLineDash([])
    if lane.ghost is not None:
        draw_tile(ctx, lane.ghost)


def _draw_label(ctx: Painter, lane: LaneDrawn) -> None:
    rect = lane.placed.label
    rounded(ctx, rect, rect.h / 2)
    ctx.fillStyle = lane.colour
    ctx.fill()
    words_room = rect
    if lane.marked:
        marker = Rect(rect.right - rect.h * 1.5, rect.y + rect.h * 0.15, rect.h * 1.3, rect.h * 0.7)
        _draw_marker(ctx, marker)
        words_room = Rect(rect.x, rect.y, rect.w - rect.h * 1.5, rect.h)
    size = min(13.0, rect.h * 0.75)
    while size >= LABEL_FONT_MIN and text_width(lane.words, size) > words_room.w - rect.h * 0.5:
        size -= 1
    if size >= LABEL_FONT_MIN:
        label(ctx, lane.words, *words_room.center, "center", size, TURN_TEXT)


def _draw_marker(ctx: Painter, rect: Rect) -> None:
    """A small train: a boiler, a cab, a chimney and two wheels, in white with a dark edge."""
    ctx.note("mark", rect.x, rect.y, rect.w, rect.h)
    ctx.beginPath()
    boiler = Rect(rect.x, rect.y + rect.h * 0.35, rect.w * 0.65, rect.h * 0.45)
    ctx.roundRect(boiler.x, boiler.y, boiler.w, boiler.h, boiler.h * 0.3)
    ctx.roundRect(rect.x + rect.w * 0.6, rect.y, rect.w * 0.4, rect.h * 0.8, rect.h * 0.1)
    ctx.roundRect(rect.x + rect.w * 0.12, rect.y + rect.h * 0.1, rect.w * 0.14, rect.h * 0.3, 1)
    ctx.fillStyle = MARKER
    ctx.fill()
    ctx.lineWidth = 1
    ctx.strokeStyle = TURN_TEXT
    ctx.stroke()
    ctx.beginPath()
    wheel = rect.h * 0.14
    for x in (rect.x + rect.w * 0.22, rect.x + rect.w * 0.75):
        ctx.moveTo(x + wheel, rect.bottom - wheel)
        ctx.arc(x, rect.bottom - wheel, wheel, 0, 6.2832)
    ctx.fillStyle = TURN_TEXT
    ctx.fill()
