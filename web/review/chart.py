"""The review's chart: the reviewed side's chance to win the hand, decision by decision.

Each decision with a choice is a dot at its move (across) and the chance to win after the
move played (up); where the move cost something, a line rises from the dot to the chance
the better move had, in the colour of its label. The chart's geometry (:func:`chart_dots`,
:func:`dot_at`) is pure; :func:`draw_chart` draws it on a :class:`~web.painter.Painter`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from web.painter import Painter
from web.review.book import ChartPoint
from web.tile_drawing import TEXT, label

__all__ = ["LABEL_COLOURS", "ChartDot", "chart_dots", "dot_at", "draw_chart"]

LABEL_COLOURS = {
    "best": "#7ee0a1",
    "good": "#7ee0a1",
    "inaccuracy": "#f2d35e",
    "mistake": "#f29b4e",
    "blunder": "#ff6b5e",
}
"""Each label's colour on the chart (the text says the label too: colour is never the only sign)."""

LEFT, RIGHT, TOP, BOTTOM = 44.0, 10.0, 8.0, 16.0
"""The chart's margins in CSS px: room for the percentages on the left ("100%" at 11 px is
34 px in the widest common font) and the moves below."""

HIT_PX = 18.0
"""How close across to a dot a tap must land to pick it."""


@dataclass(frozen=True)
class ChartDot:
    """A decision placed on the chart, in CSS px."""

    move: int
    x: float
    y: float
    best_y: float
    label: str


def chart_dots(points: Sequence[ChartPoint], moves: int, width: float, height: float) -> list[ChartDot]:
    """The dots of ``points`` on a chart ``width`` by ``height`` CSS px, across a hand of ``moves`` moves."""
    span_x = max(1.0, width - LEFT - RIGHT)
    span_y = max(1.0, height - TOP - BOTTOM)
    last = max(1, moves)

    def y_of(chance: float) -> float:
        return TOP + (1.0 - min(1.0, max(0.0, chance))) * span_y

    return [
        ChartDot(
            point.move,
            LEFT + span_x * (point.move + 0.5) / last,
            y_of(point.chance),
            y_of(point.best_chance),
            point.label,
        )
        for point in points
    ]


def dot_at(dots: Sequence[ChartDot], x: float) -> ChartDot | None:
    """The dot nearest across to ``x``, if one is within :data:`HIT_PX`."""
    near = min(dots, key=lambda dot: abs(dot.x - x), default=None)
    if near is None or abs(near.x - x) > HIT_PX:
        return None
    return near


def draw_chart(
    ctx: Painter, dots: Sequence[ChartDot], width: float, height: float, current: int | None
) -> None:
    """Draw the chart: the 0/50/100% lines, the line through the dots, each cost, the current decision ringed."""
    ctx.clearRect(0, 0, width, height)
    for chance in (0.0, 0.5, 1.0):
        y = TOP + (1.0 - chance) * max(1.0, height - TOP - BOTTOM)
        ctx.globalAlpha = 0.6 if chance == 0.5 else 0.3
        ctx.strokeStyle = TEXT
        ctx.lineWidth = 1
        ctx.setLineDash([3, 3] if chance == 0.5 else [])
        ctx.beginPath()
        ctx.moveTo(LEFT, y)
        ctx.lineTo(width - RIGHT, y)
        ctx.stroke()
        ctx.globalAlpha = 1
        label(ctx, f"{round(100 * chance)}%", LEFT - 4, y, "right", 11, TEXT)
    ctx.setLineDash([])
    if not dots:
        label(ctx, "No decision with a choice", width / 2, height / 2, "center", 12, TEXT)
        return
    ctx.strokeStyle = TEXT
    ctx.lineWidth = 2
    ctx.beginPath()
    for index, dot in enumerate(dots):
        if index:
            ctx.lineTo(dot.x, dot.y)
        else:
            ctx.moveTo(dot.x, dot.y)
    ctx.stroke()
    for dot in dots:
        colour = LABEL_COLOURS.get(dot.label, TEXT)
        if dot.best_y < dot.y - 0.5:
            ctx.strokeStyle = colour
            ctx.lineWidth = 3
            ctx.beginPath()
            ctx.moveTo(dot.x, dot.y)
            ctx.lineTo(dot.x, dot.best_y)
            ctx.stroke()
        ctx.fillStyle = colour
        ctx.beginPath()
        ctx.arc(dot.x, dot.y, 6 if dot.label in ("mistake", "blunder") else 4, 0, 6.2832)
        ctx.fill()
        if dot.move == current:
            ctx.strokeStyle = TEXT
            ctx.lineWidth = 2
            ctx.beginPath()
            ctx.arc(dot.x, dot.y, 9, 0, 6.2832)
            ctx.stroke()
    label(ctx, "move", width - RIGHT, height - BOTTOM / 2, "right", 10, TEXT)
