"""Name plates: a seat's name (or the boneyard's) and its count, fitted to the room it has.

A :class:`Plate` is placed by pure geometry before anything is drawn: the longest of the
wordings offered that fits (with :mod:`web.text_metrics`' widths), in a rounded body that
stays inside its area, with the count on a round badge at its right end. Nothing it holds
can reach past its area, so plates never run into a seat's tiles, another plate or the
canvas's edge. :func:`web.tile_drawing.draw_plate` draws one.

Standard library only.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from web.rect import Rect
from web.text_metrics import text_width

__all__ = ["COMPASS_SHORT", "SHARED_SHORT", "Plate", "badge_font", "fit_plate", "name_wordings"]

FONT_MAX = 16.0
"""The plate's largest text, in CSS px (on a large screen's tall strip)."""

FONT_MIN = 10.0
"""The smallest plate text: below it a wording is shortened instead."""

_PADDING = 6.0
_GAP = 4.0
_MARGIN = 3.0
_ELLIPSIS = "…"

COMPASS_SHORT = {
    "North-West": "NW",
    "North-East": "NE",
    "South-West": "SW",
    "South-East": "SE",
    "North": "N",
    "South": "S",
    "East": "E",
    "West": "W",
}
"""The compass names' initials, the shortest wording of a seat's name."""


@dataclass(frozen=True)
class Plate:
    """A plate as drawn: its body, its words (written from ``text_x``, centred on ``text_y``,
    at ``font_size`` px), its count's badge (if it shows a count), and whether it is lit (the
    seat's turn, or a pile to tap)."""

    body: Rect
    text: str
    text_x: float
    text_y: float
    font_size: float
    badge: Rect | None
    count: str
    lit: bool

    @property
    def ring(self) -> Rect:
        """The lit plate's ring, just outside its body (still inside its area)."""
        return self.body.inset(-2.0)


SHARED_SHORT = {"Player": "P{}", "Computer": "Comp {}"}
"""How the names of a shared table ("Player 2", "Computer 1": :func:`web.seats.shared_names`)
are shortened where they do not fit ("P2", "Comp 1")."""


def name_wordings(name: str, team: str = "") -> tuple[str, ...]:
    """A seat's wordings, longest first: with its side ("They: West"), its name, its short
    form ("NW", "Comp 1", "P2")."""
    wordings = [f"{team}: {name}"] if team else []
    wordings.append(name)
    if name in COMPASS_SHORT:
        wordings.append(COMPASS_SHORT[name])
    kind, _, number = name.partition(" ")
    if kind in SHARED_SHORT and number.isdigit():
        wordings.append(SHARED_SHORT[kind].format(number))
    return tuple(wordings)


def fit_plate(
    area: Rect, wordings: Sequence[str], count: int | None, lit: bool = False, align: str = "centre"
) -> Plate:
    """The plate for ``area``: the first of ``wordings`` (longest first) that fits with the
    count's badge, at the largest size that fits; the last one cut short with an ellipsis if
    none does. ``align``: ``centre``, ``left`` or ``right`` in the area."""
    height = max(0.0, min(area.h - 2 * _MARGIN, 24.0))
    font_max = float(round(min(FONT_MAX, max(FONT_MIN, height * 0.68))))
    badge_size = max(0.0, height - 2.0) if count is not None else 0.0
    badge_w = (
        max(badge_size, text_width(str(count), badge_font(badge_size)) + 6.0) if count is not None else 0.0
    )
    room = max(0.0, area.w - 2 * _MARGIN - 2 * _PADDING - (badge_w + _GAP if count is not None else 0.0))
    text, size = _fitted(wordings, room, font_max)
    width = text_width(text, size) if text else 0.0
    body_w = 2 * _PADDING + width + (badge_w + (_GAP if text else 0.0) if count is not None else 0.0)
    body_w = min(body_w, max(0.0, area.w - 2 * _MARGIN))
    room_left = {"left": 0.0, "right": 1.0}.get(align, 0.5)
    left = area.x + _MARGIN + (area.w - 2 * _MARGIN - body_w) * room_left
    top = area.y + (area.h - height) / 2
    body = Rect(left, top, body_w, height)
    badge = None
    if count is not None:
        badge = Rect(
            body.right - _PADDING / 2 - badge_w, top + (height - badge_size) / 2, badge_w, badge_size
        )
    return Plate(
        body, text, left + _PADDING, top + height / 2, size, badge, "" if count is None else str(count), lit
    )


def badge_font(badge_height: float) -> float:
    """The size of a badge's number: most of its height, in whole pixels."""
    return float(round(max(8.0, badge_height * 0.72)))


def _fitted(wordings: Sequence[str], room: float, font_max: float) -> tuple[str, float]:
    """The first wording that fits ``room`` at a size from ``font_max`` down to :data:`FONT_MIN`
    (in whole pixels, as the font is set), at the largest size that fits."""
    for wording in wordings:
        width = text_width(wording, font_max)
        if width <= room:
            return wording, font_max
        size = math.floor(float(f"{font_max:.0f}") * room / width) if width else font_max
        if size >= FONT_MIN:
            return wording, float(size)
    last = wordings[-1] if wordings else ""
    while last and text_width(last + _ELLIPSIS, FONT_MIN) > room:
        last = last[:-1]
    return (last + _ELLIPSIS if last else ""), FONT_MIN
