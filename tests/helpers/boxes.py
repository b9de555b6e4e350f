"""What a frame shows must never overlap or be cut: the checks over its boxes.

A frame's boxes (:class:`web.painter.Box`, or their plain data from the browser tests'
state) say where every tile, back, text, badge, mark and call-out was drawn. A text or a
badge must not lie on a tile, a back, or another text or badge (a badge's own number,
written on it, apart). A call-out ("Pass", "15!") floats over the board's tiles for a while,
but must not lie on a seat's backs, the person's tiles, a text, a badge or another call-out.
Everything must lie inside the canvas.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from web.painter import Box

__all__ = ["as_boxes", "collisions", "cut_off", "problems"]

WORDS = ("text", "badge")
"""Kinds that are read: nothing may lie on them."""

SOLID = ("tile", "back", "text", "badge")
"""Kinds a text or a badge must not lie on."""

FLOATING = "callout"
"""A call-out: it may float over the board's tiles."""


def _under_a_callout(other: Box) -> bool:
    """Whether ``other`` is something a call-out must not cover."""
    return other.kind in ("back", "text", "badge", FLOATING) or (other.kind == "tile" and other.hand)


def as_boxes(found: Iterable[Box | Mapping[str, Any]]) -> list[Box]:
    """Boxes from a painter, or from their data in the browser tests' state."""
    return [box if isinstance(box, Box) else Box(**box) for box in found]


def _allowed(word: Box, other: Box) -> bool:
    """A badge's own number is written on it: a text centred inside a badge."""
    if {word.kind, other.kind} != {"badge", "text"}:
        return False
    badge, text = (word, other) if word.kind == "badge" else (other, word)
    centre_x, centre_y = text.x + text.w / 2, text.y + text.h / 2
    return badge.x <= centre_x <= badge.x + badge.w and badge.y <= centre_y <= badge.y + badge.h


def collisions(boxes: Iterable[Box | Mapping[str, Any]]) -> list[str]:
    """Every text or badge that lies on a tile, a back, or another text or badge, and every
    call-out that lies on what it must not cover, said."""
    found = as_boxes(boxes)
    said = []
    for index, word in enumerate(found):
        if word.kind == FLOATING:
            for other_index, other in enumerate(found):
                once = other.kind != FLOATING or other_index > index  # (each pair of call-outs once)
                if other_index != index and once and _under_a_callout(other) and word.overlaps(other):
                    said.append(f"{_said(word)} lies on {_said(other)}")
            continue
        if word.kind not in WORDS:
            continue
        for other_index, other in enumerate(found):
            if other_index == index or other.kind not in SOLID:
                continue
            if other.kind in WORDS and other_index < index:
                continue  # (each pair of words once)
            if word.overlaps(other) and not _allowed(word, other):
                said.append(f"{_said(word)} lies on {_said(other)}")
    return said


def cut_off(boxes: Iterable[Box | Mapping[str, Any]], width: float, height: float) -> list[str]:
    """Everything that reaches past the edge of a ``width`` by ``height`` canvas, said."""
    return [f"{_said(box)} is cut at the edge" for box in as_boxes(boxes) if not box.inside(width, height)]


def problems(boxes: Iterable[Box | Mapping[str, Any]], width: float, height: float) -> list[str]:
    """Both checks."""
    listed = as_boxes(boxes)
    return collisions(listed) + cut_off(listed, width, height)


def _said(box: Box) -> str:
    what = f"{box.kind} {box.text!r}" if box.text is not None else box.kind
    where = f" of seat {box.seat}" if box.seat is not None else ""
    hand = " in the hand" if box.hand else ""
    return f"{what}{where}{hand} at ({box.x:.0f}, {box.y:.0f}, {box.w:.0f}x{box.h:.0f})"
