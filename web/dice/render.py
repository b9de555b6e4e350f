"""Draws a :class:`~web.dice.scene.DiceScene` on a :class:`~web.painter.Painter`. No game logic.

The dice are ivory cubes seen from above with dark pips; while they are being thrown
(``rolling`` from 0 to 1) they tumble across a short arc, turning and showing random faces,
and land on their values. Tiles are drawn as on the line-of-play table
(:func:`web.line.render.draw_tile`); a tile put out face down that its owner may see is shown
darkened with a "down" mark, and each revealed tile says its fate under it.
"""

from __future__ import annotations

import math
import random
from typing import Any

from web.dice.scene import BANNER_PADDING, FATE_SIZE, STATUS_PADDING, DiceScene, DiceSeatCard, PutOut
from web.painter import Box, Painter, SpriteBook
from web.rect import Rect
from web.tile_drawing import PIP_GRID, TEXT, TURN, TURN_TEXT, draw_plate, draw_tile, label, set_font

__all__ = ["ROLL_MS", "draw_dice_on_canvas", "draw_dice_scene"]

ROLL_MS = 700.0
"""How long a throw of the dice tumbles before it lands."""

DIE = "#fbf7ea"
DIE_SHADE = "#e2d7bb"
DIE_PIP = "#7a1e1e"
CARD = "rgba(0, 0, 0, 0.16)"
SLOT = "rgba(255, 255, 255, 0.28)"
FATE_COLOURS = {"discarded": "#bff2c4", "back": "#ffd0a8", "kept": "rgba(244, 241, 232, 0.75)"}


def draw_dice_on_canvas(
    window: Any, ctx: Any, scene: DiceScene, ratio: float, sprites: SpriteBook, rolling: float | None
) -> list[Box]:
    """Draw ``scene`` on the canvas context ``ctx`` in one call into the browser; the boxes
    of what was drawn (:attr:`web.painter.Painter.boxes`)."""
    painter = Painter(ratio, sprites)
    painter.setTransform(ratio, 0, 0, ratio, 0, 0)
    draw_dice_scene(painter, scene, rolling)
    painter.play_on(window, ctx)
    return painter.boxes


def draw_dice_scene(ctx: Painter, scene: DiceScene, rolling: float | None = None) -> None:
    """The whole table; ``rolling`` (0 to 1) is how far a throw of the dice has got, if one is."""
    ctx.globalAlpha = 1
    ctx.clearRect(0, 0, scene.width, scene.height)
    for card in scene.cards:
        with ctx.about(seat=card.seat):
            _draw_card(ctx, card)
    _draw_dice(ctx, scene, rolling)
    draw_plate(ctx, scene.pot_plate)
    if scene.discards:
        label(ctx, "Discards", *scene.discard_label, "left", 11)
    for sprite in scene.discards:
        draw_tile(ctx, sprite)
    if scene.banner and scene.banner_anchor is not None:
        set_font(ctx, scene.banner_size, "center", TURN_TEXT)
        ctx.fillTextOnPill(scene.banner, *scene.banner_anchor, BANNER_PADDING, TURN)
    with ctx.about(hand=True):
        for slot in scene.choice_slots:
            _slot(ctx, slot)
        if scene.choice_label and scene.choice_label_at is not None:
            label(ctx, scene.choice_label, *scene.choice_label_at, "center", 12)
        for put in scene.choice:
            _draw_put_out(ctx, put, mine=True)
        for words, fate, x, y in scene.fates:
            label(ctx, words, x, y, "center", FATE_SIZE, FATE_COLOURS.get(fate, TEXT))
        for _, sprite in scene.hand:
            draw_tile(ctx, sprite)
        for sprite in scene.hidden_hand:
            draw_tile(ctx, sprite)
        draw_plate(ctx, scene.person_plate)


def _draw_card(ctx: Painter, card: DiceSeatCard) -> None:
    ctx.beginPath()
    ctx.roundRect(card.rect.x, card.rect.y, card.rect.w, card.rect.h, 10)
    ctx.fillStyle = CARD
    ctx.fill()
    draw_plate(ctx, card.plate)
    for sprite in card.backs:
        draw_tile(ctx, sprite)
    for slot in card.slots:
        _slot(ctx, slot)
    for put in card.put_out:
        _draw_put_out(ctx, put, mine=False)
    if card.status:
        x, y = card.status_at
        if not card.status_news:
            label(ctx, card.status_words, x, y, "center", card.status_size)
        else:
            set_font(ctx, card.status_size, "center", TURN_TEXT)
            ctx.fillTextOnPill(card.status_words, x, y, STATUS_PADDING, TURN)


def _slot(ctx: Painter, rect: Rect) -> None:
    ctx.beginPath()
    ctx.roundRect(rect.x, rect.y, rect.w, rect.h, max(2.0, rect.w * 0.15))
    ctx.setLineDash([4, 3])
    ctx.lineWidth = 1
    ctx.strokeStyle = SLOT
    ctx.stroke()
    ctx.setLineDash([])


def _draw_put_out(ctx: Painter, put: PutOut, mine: bool) -> None:
    draw_tile(ctx, put.sprite)
    rect = put.sprite.rect
    if mine and put.sprite.face_up and not put.face_up:  # the owner's own face-down tile
        ctx.beginPath()
        ctx.roundRect(rect.x, rect.y, rect.w, rect.h, max(2.0, rect.w * 0.15))
        ctx.fillStyle = "rgba(24, 34, 45, 0.55)"
        ctx.fill()


def _draw_dice(ctx: Painter, scene: DiceScene, rolling: float | None) -> None:
    shake = random.Random(int((rolling or 0) * 12))  # a new face every twelfth of the throw
    for number, (rect, value) in enumerate(zip(scene.dice_rects, scene.dice, strict=True)):
        if rolling is None or rolling >= 1:
            _die(ctx, rect, value)
            continue
        left = 1 - rolling
        # From the side of the table in a short arc, turning as it goes, settling at the end.
        dx = (-1 if number == 0 else 1) * rect.w * 1.6 * left
        dy = -math.sin(rolling * math.pi) * rect.h * 0.6
        angle = left * (2.6 + number) * math.pi
        shown = Rect(rect.x + dx, rect.y + dy, rect.w, rect.h)
        cx, cy = shown.x + shown.w / 2, shown.y + shown.h / 2
        cos, sin = math.cos(angle), math.sin(angle)
        ratio = ctx.ratio
        ctx.setTransform(
            ratio * cos, ratio * sin, -ratio * sin, ratio * cos,
            ratio * (cx - cos * cx + sin * cy), ratio * (cy - sin * cx - cos * cy),
        )  # fmt: skip
        _die(ctx, shown, shake.randint(1, 6) if rolling < 0.85 else value)
        ctx.setTransform(ratio, 0, 0, ratio, 0, 0)


def _die(ctx: Painter, rect: Rect, value: int) -> None:
    ctx.note("tile", rect.x, rect.y, rect.w, rect.h * 1.06)  # (no words may lie on a die either)
    radius = rect.w * 0.18
    ctx.beginPath()
    ctx.roundRect(rect.x, rect.y + rect.h * 0.06, rect.w, rect.h, radius)
    ctx.fillStyle = "rgba(0, 0, 0, 0.28)"
    ctx.fill()
    ctx.beginPath()
    ctx.roundRect(rect.x, rect.y, rect.w, rect.h, radius)
    ctx.fillStyle = ctx.linear(rect.x, rect.y, rect.x + rect.w, rect.bottom, (0, DIE), (1, DIE_SHADE))
    ctx.fill()
    ctx.lineWidth = 1
    ctx.strokeStyle = "rgba(59, 51, 38, 0.6)"
    ctx.stroke()
    ctx.beginPath()
    pip = rect.w * 0.09
    for col, row in PIP_GRID[value]:
        x = rect.x + rect.w * (0.25 + 0.25 * col)
        y = rect.y + rect.h * (0.25 + 0.25 * row)
        ctx.moveTo(x + pip, y)
        ctx.arc(x, y, pip, 0, 2 * math.pi)
    ctx.fillStyle = DIE_PIP
    ctx.fill()
