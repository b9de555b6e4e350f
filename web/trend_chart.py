"""A small chart of a figure over time (a rating after each match, the review's accuracy
match by match): a line through the points, the lowest and highest values written on the
left. The geometry (:func:`trend_points`) is pure; :func:`draw_trend` draws it on a
:class:`~web.painter.Painter` and :func:`paint_trend` on a canvas of the page. The figures
are always given beside it as a table too."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from web.painter import Painter, SpriteBook
from web.tile_drawing import TEXT, label

__all__ = ["draw_trend", "paint_trend", "trend_points"]

LEFT, RIGHT, TOP, BOTTOM = 44.0, 8.0, 10.0, 10.0
"""The chart's margins in CSS px (room for a four-digit value on the left)."""


def _range(values: Sequence[float]) -> tuple[float, float]:
    """The values' span, widened to at least 1 (a flat line sits in the middle)."""
    low, high = min(values), max(values)
    if high - low < 1:
        middle = (low + high) / 2
        return middle - 0.5, middle + 0.5
    return low, high


def trend_points(values: Sequence[float], width: float, height: float) -> list[tuple[float, float]]:
    """Where each value goes on a chart ``width`` by ``height`` CSS px, oldest on the left."""
    if not values:
        return []
    low, high = _range(values)
    span_x = max(1.0, width - LEFT - RIGHT)
    span_y = max(1.0, height - TOP - BOTTOM)
    last = max(1, len(values) - 1)
    return [
        (
            LEFT + span_x * (index / last if len(values) > 1 else 0.5),
            TOP + (high - value) / (high - low) * span_y,
        )
        for index, value in enumerate(values)
    ]


def draw_trend(
    ctx: Painter, values: Sequence[float], width: float, height: float, shown: str = "{:.0f}"
) -> None:
    """Draw the chart of ``values``, the lowest and highest written with ``shown``."""
    ctx.clearRect(0, 0, width, height)
    if not values:
        label(ctx, "Nothing yet", width / 2, height / 2, "center", 12, TEXT)
        return
    points = trend_points(values, width, height)
    height_of = {value: y for value, (_, y) in zip(values, points, strict=True)}
    for value in sorted({min(values), max(values)}):
        y = height_of[value]
        ctx.globalAlpha = 0.3
        ctx.strokeStyle = TEXT
        ctx.lineWidth = 1
        ctx.beginPath()
        ctx.moveTo(LEFT, y)
        ctx.lineTo(width - RIGHT, y)
        ctx.stroke()
        ctx.globalAlpha = 1
        label(ctx, shown.format(value), LEFT - 4, y, "right", 11, TEXT)
    ctx.strokeStyle = TEXT
    ctx.lineWidth = 2
    ctx.beginPath()
    for index, (x, y) in enumerate(points):
        if index:
            ctx.lineTo(x, y)
        else:
            ctx.moveTo(x, y)
    ctx.stroke()
    x, y = points[-1]
    ctx.fillStyle = TEXT
    ctx.beginPath()
    ctx.arc(x, y, 4, 0, 6.2832)
    ctx.fill()


def paint_trend(window: Any, canvas: Any, values: Sequence[float], shown: str = "{:.0f}") -> None:
    """Draw the chart of ``values`` on a ``<canvas>`` at the size the page gave it, sharp on
    the screen's pixels (nothing is drawn while it has no size: its dialog is closed)."""
    width, height = float(canvas.clientWidth), float(canvas.clientHeight)
    if width < 1 or height < 1:
        return
    ratio = float(window.devicePixelRatio or 1)
    canvas.width, canvas.height = round(width * ratio), round(height * ratio)
    painter = Painter(ratio, SpriteBook())
    painter.setTransform(ratio, 0, 0, ratio, 0, 0)
    draw_trend(painter, values, width, height, shown)
    painter.play_on(window, canvas.getContext("2d"))
