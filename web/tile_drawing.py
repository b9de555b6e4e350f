"""A domino on the canvas, and the table's colours and font: what every kind of game's
table draws its tiles and labels with.

A :class:`TileSprite` says where a tile lies, which way up, its values and its highlight;
:func:`draw_tile` draws it on a :class:`~web.painter.Painter` (face or back as a sprite,
drawn once and copied after that, then the highlight that says the most about it).

No browser imports: the painter records the calls for the browser to play.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from web.painter import Painter
from web.plates import Plate, badge_font
from web.rect import Rect
from web.text_metrics import font

__all__ = [
    "EDGE",
    "GHOST_ALPHA",
    "HAND_LIFT",
    "HINT",
    "IVORY",
    "PIP",
    "PIP_GRID",
    "PLAYABLE",
    "PLAYABLE_LIFT",
    "TARGET",
    "TEXT",
    "TURN",
    "TURN_TEXT",
    "TileSprite",
    "draw_plate",
    "draw_tile",
    "label",
    "rounded",
    "set_font",
]

IVORY = "#f7f2e2"
IVORY_LIT = "#fffdf6"
IVORY_SHADE = "#e9dfc6"
EDGE = "#3b3326"
PIP = "#1d1a16"
PIP_LIT = "#b3a583"
BACK_LIT = "#3a5069"
BACK_SHADE = "#18222d"
PLAYABLE = "#f2c14e"
SELECTED = "#ffe08a"
LAST = "#ffffff"
TARGET = "rgba(242, 193, 78, 0.35)"
TEXT = "#f4f1e8"
TURN = "#ffd34d"
TURN_TEXT = "#1d1a16"
HINT = "#7fd6ff"
GHOST_ALPHA = 0.6
"""How solid a tile drawn where it could have gone is (a review's better move)."""

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


@dataclass(frozen=True)
class TileSprite:
    """One tile to draw: where, which way up, the value on each half, and its highlight."""

    rect: Rect
    vertical: bool
    first: int
    second: int
    face_up: bool = True
    playable: bool = False
    selected: bool = False
    last: bool = False
    hinted: bool = False
    """The tile the hint suggests playing."""
    ghost: bool = False
    """A tile drawn where it could have gone, not laid (a review's better move): see-through."""


def draw_tile(ctx: Painter, sprite: TileSprite) -> None:
    """One tile, face or back (a sprite), then the highlight that says the most about it."""
    rect = sprite.rect
    # Marks beyond colour: a tile that can be played stands a little proud of the hand, the
    # one picked higher; the hint's outline is dashed; the last tile laid wears a halo.
    lift = HAND_LIFT if sprite.selected else PLAYABLE_LIFT if sprite.playable else 0.0
    if lift:
        rect = Rect(rect.x, rect.y - min(rect.w, rect.h) * lift, rect.w, rect.h)
    ctx.note("tile" if sprite.face_up else "back", rect.x, rect.y, rect.w, rect.h)
    pad = _sprite_padding(rect)
    if sprite.face_up:
        kind = f"face {sprite.first}-{sprite.second}{'v' if sprite.vertical else 'h'}"
    else:
        kind = "back"
    key = f"{kind} {rect.w:.2f}x{rect.h:.2f} @{ctx.ratio:g}"
    width, height = rect.w + 2 * pad, rect.h + 2 * pad

    def draw(picture: Painter) -> None:
        _draw_tile_picture(picture, Rect(pad, pad, rect.w, rect.h), sprite)

    if sprite.ghost:
        ctx.globalAlpha = GHOST_ALPHA
    ctx.sprite(key, rect.x - pad, rect.y - pad, width, height, draw)
    ctx.globalAlpha = 1
    outline = _outline(sprite)
    if outline is not None:
        rounded(ctx, Rect(rect.x - 2, rect.y - 2, rect.w + 4, rect.h + 4), _radius(rect) + 2)
        if sprite.last and not (sprite.selected or sprite.hinted):  # a halo: a wide faint stroke under it
            ctx.globalAlpha = 0.35
            ctx.lineWidth = 7
            ctx.strokeStyle = outline
            ctx.stroke()
            ctx.globalAlpha = 1
        ctx.lineWidth = 3 if sprite.selected or sprite.last or sprite.hinted else 2.5
        ctx.strokeStyle = outline
        if sprite.hinted:
            ctx.setLineDash([6, 4])
        ctx.stroke()
        if sprite.hinted:
            ctx.setLineDash([])


def _sprite_padding(rect: Rect) -> float:
    """Room around a tile in its sprite for the shadow it casts."""
    return math.ceil(max(2.0, min(rect.w, rect.h) * 0.05) + 1)


def _radius(rect: Rect) -> float:
    return min(rect.w, rect.h) * 0.14


def _draw_tile_picture(ctx: Painter, rect: Rect, sprite: TileSprite) -> None:
    """The tile itself, at ``rect`` inside its sprite: its body, then its face or back.

    A face's body is a sprite of its own, the same for every face of that size and way up,
    so a frame whose tiles all change size records each body once, not once a tile.
    """
    if not sprite.face_up:
        _draw_body(ctx, rect, face_up=False)
        _draw_back(ctx, rect)
        return
    width, height = rect.w + 2 * rect.x, rect.h + 2 * rect.y
    key = f"body {'v' if sprite.vertical else 'h'} {rect.w:.2f}x{rect.h:.2f} @{ctx.ratio:g}"
    ctx.sprite(key, 0, 0, width, height, lambda body: _draw_body(body, rect, face_up=True))
    _draw_face(ctx, rect, sprite.vertical, sprite.first, sprite.second)


def _draw_body(ctx: Painter, rect: Rect, face_up: bool) -> None:
    """A tile's body at ``rect``: shadow, lit body, edge and bevel, ivory or (``face_up``
    false) the back's colour."""
    short = min(rect.w, rect.h)
    radius = _radius(rect)
    lit, shade = (IVORY_LIT, IVORY_SHADE) if face_up else (BACK_LIT, BACK_SHADE)
    # A soft shadow from two offset layers: a canvas shadowBlur costs a slow tablet
    # several milliseconds a tile, and every tile is drawn anew when the line shrinks.
    drop = max(1.0, short * 0.05)
    for spread, alpha in ((1.0, 0.14), (0.0, 0.24)):
        rounded(
            ctx,
            Rect(rect.x - spread, rect.y + drop - spread, rect.w + 2 * spread, rect.h + 2 * spread),
            radius + spread,
        )
        ctx.fillStyle = f"rgba(0, 0, 0, {alpha})"
        ctx.fill()
    rounded(ctx, rect, radius)
    ctx.fillStyle = ctx.linear(rect.x, rect.y, rect.x, rect.bottom, (0, lit), (1, shade))
    ctx.fill()
    ctx.lineWidth = 1
    ctx.strokeStyle = EDGE if face_up else BACK_SHADE
    ctx.stroke()
    bevel = max(1.5, short * 0.06)
    rounded(ctx, Rect(rect.x + bevel, rect.y + bevel, rect.w - 2 * bevel, rect.h - 2 * bevel), radius * 0.7)
    ctx.strokeStyle = "rgba(255, 255, 255, 0.7)" if face_up else "rgba(255, 255, 255, 0.16)"
    ctx.stroke()


def _draw_face(ctx: Painter, rect: Rect, vertical: bool, first: int, second: int) -> None:
    """The engraved divider (a dark groove over a lit lip) and each half's pips."""
    width = max(1.0, min(rect.w, rect.h) * 0.04)
    if vertical:
        half_a = Rect(rect.x, rect.y, rect.w, rect.h / 2)
        half_b = Rect(rect.x, rect.y + rect.h / 2, rect.w, rect.h / 2)
        groove = (
            (rect.x + rect.w * 0.15, rect.y + rect.h / 2),
            (rect.x + rect.w * 0.85, rect.y + rect.h / 2),
        )
        lip = (0.0, width)
    else:
        half_a = Rect(rect.x, rect.y, rect.w / 2, rect.h)
        half_b = Rect(rect.x + rect.w / 2, rect.y, rect.w / 2, rect.h)
        groove = (
            (rect.x + rect.w / 2, rect.y + rect.h * 0.15),
            (rect.x + rect.w / 2, rect.y + rect.h * 0.85),
        )
        lip = (width, 0.0)
    ctx.lineWidth = width
    for colour, (dx, dy) in (("rgba(255, 255, 255, 0.85)", lip), ("rgba(59, 51, 38, 0.75)", (0.0, 0.0))):
        ctx.beginPath()
        ctx.moveTo(groove[0][0] + dx, groove[0][1] + dy)
        ctx.lineTo(groove[1][0] + dx, groove[1][1] + dy)
        ctx.strokeStyle = colour
        ctx.stroke()
    _draw_pips(ctx, half_a, first)
    _draw_pips(ctx, half_b, second)


def _draw_pips(ctx: Painter, half: Rect, value: int) -> None:
    """Drilled pips: dark, with a glint of light on the lower rim (one path for each)."""
    side = min(half.w, half.h)
    if value not in PIP_GRID:  # beyond double-nine: write the number
        label(ctx, str(value), half.x + half.w / 2, half.y + half.h / 2, "center", side * 0.55, PIP)
        return
    left = half.x + (half.w - side) / 2
    top = half.y + (half.h - side) / 2
    radius = side * 0.09
    centres = [
        (left + side * (0.24 + 0.26 * col), top + side * (0.24 + 0.26 * row)) for col, row in PIP_GRID[value]
    ]
    ctx.pips(centres, radius, radius * 0.22, PIP_LIT, PIP)


def _draw_back(ctx: Painter, rect: Rect) -> None:
    """A tile's back: an inset panel and a small round mark in the middle."""
    inset = min(rect.w, rect.h) * 0.22
    rounded(ctx, Rect(rect.x + inset, rect.y + inset, rect.w - 2 * inset, rect.h - 2 * inset), inset / 2)
    ctx.lineWidth = 1
    ctx.strokeStyle = "rgba(255, 255, 255, 0.18)"
    ctx.stroke()
    ctx.beginPath()
    ctx.arc(rect.x + rect.w / 2, rect.y + rect.h / 2, min(rect.w, rect.h) * 0.12, 0, 2 * math.pi)
    ctx.fillStyle = "rgba(255, 255, 255, 0.2)"
    ctx.fill()


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


HAND_LIFT = 0.3
"""How far a picked-up tile stands above the others, in tile units."""
PLAYABLE_LIFT = 0.12
"""How far a tile that can be played stands above the others, in tile units."""

PLATE = "rgba(0, 0, 0, 0.38)"
"""A plate's body when it is not lit."""


def draw_plate(ctx: Painter, plate: Plate) -> None:
    """A name plate: its body (lit, with a ring, on its seat's turn), its words and its
    count's badge."""
    radius = plate.body.h / 2
    if plate.lit:
        ring = plate.ring
        ctx.note("mark", ring.x, ring.y, ring.w, ring.h)
        rounded(ctx, ring, radius + 2)
        ctx.lineWidth = 2
        ctx.strokeStyle = TURN
        ctx.stroke()
    rounded(ctx, plate.body, radius)
    ctx.fillStyle = TURN if plate.lit else PLATE
    ctx.fill()
    if plate.text:
        label(
            ctx,
            plate.text,
            plate.text_x,
            plate.text_y,
            "left",
            plate.font_size,
            TURN_TEXT if plate.lit else TEXT,
        )
    badge = plate.badge
    if badge is not None:
        ctx.note("badge", badge.x, badge.y, badge.w, badge.h)
        rounded(ctx, badge, badge.h / 2)
        ctx.fillStyle = TURN_TEXT if plate.lit else IVORY
        ctx.fill()
        colour = TURN if plate.lit else TURN_TEXT
        label(ctx, plate.count, badge.center[0], badge.center[1], "center", badge_font(badge.h), colour)


def label(ctx: Painter, text: str, x: float, y: float, align: str, size: float, colour: str = TEXT) -> None:
    """Write ``text`` at (x, y) in the table's font (``size`` px, ``align``, ``colour``)."""
    set_font(ctx, size, align, colour)
    ctx.fillText(text, x, y)


def set_font(ctx: Painter, size: float, align: str, colour: str) -> None:
    """Set the table's font: ``size`` px, aligned ``align``, filled ``colour``, centred on its line."""
    ctx.font = font(size)
    ctx.textAlign = align
    ctx.textBaseline = "middle"
    ctx.fillStyle = colour


def rounded(ctx: Painter, rect: Rect, radius: float) -> None:
    """Start a new path holding a rounded rectangle."""
    ctx.beginPath()
    ctx.roundRect(rect.x, rect.y, rect.w, rect.h, radius)
