"""A canvas 2D context that records what is drawn, to be played onto the real canvas in one call.

Each call from Python to a browser object crosses Pyodide's bridge, which costs far more
than the canvas work itself: a frame of the table drew with about a thousand such calls,
60-70 ms on a tablet-speed CPU. :mod:`web.line.render` draws on a :class:`Painter` instead,
with the same names as ``CanvasRenderingContext2D``; the recording goes to the browser as
one JSON string, and ``web/paint.js`` replays it onto the canvas.

A recording is a list of operations: ``["=", property, value]`` sets a property of the
context, ``[method, *arguments]`` calls a method. Setting a property to the value it
already has records nothing, and numbers are rounded to hundredths of a CSS pixel. A
fill or stroke style may be a colour or a gradient made by :meth:`Painter.linear`.

Sprites: a picture drawn the same way frame after frame (a tile's face at a size) is
recorded once, as ``["defineSprite", key, width, height, ratio,
operations]``; paint.js draws it into a canvas of its own at the screen's pixel ratio and
keeps it, and each frame after that only says ``["drawSprite", key, x, y]`` (device pixels,
so it is copied pixel for pixel and stays crisp). A :class:`SpriteBook` remembers which
sprites the browser holds and tells it to forget the least recently used.

Boxes: a painter also keeps the box of everything a frame shows (:attr:`Painter.boxes`): each
text it writes (measured with :mod:`web.text_metrics`), and each tile, back or mark the
drawing code notes (:meth:`Painter.note`), tagged with the seat it belongs to. Tests read
them to prove that no text lies on a tile or on other text and that nothing is cut.
"""

from __future__ import annotations

import json
import math
import re
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from web.text_metrics import text_width

__all__ = ["PAINT_FUNCTION", "SPRITE_PIXELS_KEPT", "Box", "Painter", "SpriteBook", "boxes_data"]

PAINT_FUNCTION = "dominoesPaint"
"""The name ``web/paint.js`` gives its function on ``window``: ``dominoesPaint(ctx, json)``."""

SPRITE_PIXELS_KEPT = 4_000_000
"""How many device pixels of sprites the browser keeps (4 bytes each): room for a frame's
sprites (some sixty tiles) several times over on a tablet's screen, with the least
recently used forgotten beyond it."""

Number = float | int


class SpriteBook:
    """The sprites the browser holds (their keys and sizes in device pixels), least recently used first."""

    def __init__(self, capacity: int = SPRITE_PIXELS_KEPT) -> None:
        self.capacity = capacity
        """The most device pixels kept; the sprite in use is kept even if it alone is larger."""
        self._pixels: OrderedDict[str, int] = OrderedDict()
        self.pixels = 0
        """The device pixels of every sprite held."""

    def __contains__(self, key: str) -> bool:
        return key in self._pixels

    def __len__(self) -> int:
        return len(self._pixels)

    def use(self, key: str, pixels: int) -> list[str]:
        """Note that ``key`` (``pixels`` in size) is drawn now; returns the keys to forget."""
        if key in self._pixels:
            self._pixels.move_to_end(key)
            return []
        self._pixels[key] = pixels
        self.pixels += pixels
        forgotten: list[str] = []
        while self.pixels > self.capacity and len(self._pixels) > 1:
            oldest, size = self._pixels.popitem(last=False)
            self.pixels -= size
            forgotten.append(oldest)
        return forgotten


@dataclass(frozen=True)
class Box:
    """The box of one thing a frame shows, in CSS px: ``kind`` is ``tile``, ``back``, ``text``,
    ``badge``, ``mark`` or ``callout``; ``text`` the words of a text; ``seat`` the seat it
    belongs to and ``hand`` whether it is in the person's hand, where that applies."""

    kind: str
    x: float
    y: float
    w: float
    h: float
    text: str | None = None
    seat: int | None = None
    hand: bool = False

    def overlaps(self, other: Box) -> bool:
        """Whether the two boxes' interiors overlap by more than a hair (touching is not overlapping)."""
        slack = 0.5
        return (
            self.x + slack < other.x + other.w
            and other.x + slack < self.x + self.w
            and self.y + slack < other.y + other.h
            and other.y + slack < self.y + self.h
        )

    def inside(self, width: float, height: float) -> bool:
        """Whether the box lies within a canvas of ``width`` by ``height`` (to a hair)."""
        slack = 0.5
        return (
            self.x >= -slack
            and self.y >= -slack
            and self.x + self.w <= width + slack
            and self.y + self.h <= height + slack
        )

    def data(self) -> dict[str, Any]:
        """Plain data for the browser tests' state (``None`` and ``False`` left out)."""
        found: dict[str, Any] = {"kind": self.kind, "x": self.x, "y": self.y, "w": self.w, "h": self.h}
        if self.text is not None:
            found["text"] = self.text
        if self.seat is not None:
            found["seat"] = self.seat
        if self.hand:
            found["hand"] = True
        return found


def boxes_data(boxes: list[Box], size: tuple[float, float]) -> dict[str, Any]:
    """A frame's boxes and the size of the canvas it was drawn on, as the browser tests'
    state gives them (``boxes``, ``drawn``)."""
    return {"boxes": [box.data() for box in boxes], "drawn": {"width": size[0], "height": size[1]}}


_FONT_SIZE = re.compile(r"(\d+(?:\.\d+)?)px")


class _Setting:
    """A context property: setting it records ``["=", name, value]`` unless it holds that value."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, painter: Painter | None, owner: type) -> Any:
        if painter is None:
            return self
        return painter._state.get(self.name)

    def __set__(self, painter: Painter, value: Any) -> None:
        if isinstance(value, float):
            value = round(value, 2)
        if painter._state.get(self.name, _Setting) != value:
            painter._state[self.name] = value
            painter.operations.append(["=", self.name, value])


def _numbers(values: tuple[Number, ...]) -> list[Number]:
    return [round(value, 2) if isinstance(value, float) else value for value in values]


class Painter:
    """Records the ``CanvasRenderingContext2D`` calls :mod:`web.line.render` makes (camelCase on purpose)."""

    fillStyle = _Setting()
    strokeStyle = _Setting()
    lineWidth = _Setting()
    font = _Setting()
    textAlign = _Setting()
    textBaseline = _Setting()
    globalAlpha = _Setting()

    def __init__(
        self, ratio: float = 1.0, book: SpriteBook | None = None, new_sprites_at_most: int | None = None
    ) -> None:
        """``ratio`` is the screen's device pixels per CSS pixel; sprites go in ``book``; at
        most ``new_sprites_at_most`` sprites the browser does not hold are defined (any
        number if ``None``): the rest are left out (:attr:`sprites_left_out`)."""
        self.ratio = ratio
        self.book = book if book is not None else SpriteBook()
        self.new_sprites_at_most = new_sprites_at_most
        self.sprites_defined = 0
        """The sprites this recording defines (their pictures new to the browser)."""
        self.sprites_left_out = 0
        """The sprites this recording needed but did not define, over ``new_sprites_at_most``:
        while there are any, only :meth:`play_sprites_on` may be played."""
        self.operations: list[list[Any]] = []
        """What was drawn, in order (see the module's docstring)."""
        self.boxes: list[Box] = []
        """The box of everything drawn so far, in order (see the module's docstring)."""
        self._state: dict[str, Any] = {}
        self._tags: dict[str, Any] = {}

    # --- boxes --------------------------------------------------------------------------

    @contextmanager
    def about(self, seat: int | None = None, hand: bool = False) -> Iterator[None]:
        """Tag the boxes of what is drawn inside the block with the seat it belongs to, and
        whether it is the person's hand."""
        before = self._tags
        self._tags = {"seat": seat, "hand": hand}
        try:
            yield
        finally:
            self._tags = before

    def note(self, kind: str, x: Number, y: Number, w: Number, h: Number, text: str | None = None) -> None:
        """Note the box of something drawn that is not text (a tile, a back, a mark)."""
        self.boxes.append(Box(kind, float(x), float(y), float(w), float(h), text, **self._tags))

    def _note_text(self, kind: str, text: str, x: Number, y: Number, padding: Number = 0) -> None:
        """Note the box of ``text`` written at (x, y) in the current font, alignment and
        baseline (``padding`` around it: a pill)."""
        size = float(_FONT_SIZE.search(self._state.get("font") or "10px").group(1))  # type: ignore[union-attr]
        width = text_width(text, size) + 2 * padding
        height = size + padding
        align = self._state.get("textAlign", "start")
        left = x - width / 2 if align == "center" else x - width if align in ("right", "end") else x
        baseline = self._state.get("textBaseline", "alphabetic")
        top = y - height / 2 if baseline == "middle" else y if baseline == "top" else y - 0.8 * height
        self.note(kind, left, top, width, height, text)

    # --- styles -------------------------------------------------------------------------

    @staticmethod
    def linear(x0: Number, y0: Number, x1: Number, y1: Number, *stops: tuple[float, str]) -> dict[str, Any]:
        """A linear gradient from (x0, y0) to (x1, y1) through ``(offset, colour)`` stops."""
        return {"linear": _numbers((x0, y0, x1, y1)), "stops": [list(stop) for stop in stops]}

    # --- sprites ------------------------------------------------------------------------

    def sprite(
        self, key: str, x: Number, y: Number, width: Number, height: Number, draw: Callable[[Painter], None]
    ) -> None:
        """Draw the sprite ``key`` with its top-left corner at (x, y) CSS px.

        ``draw`` draws it on a painter whose origin is the sprite's top-left corner, only
        when the browser does not hold it already: the key must name everything that
        changes the picture (its size included).
        """
        self._define(key, width, height, draw)
        self.operations.append(["drawSprite", key, round(x * self.ratio), round(y * self.ratio)])

    def _define(self, key: str, width: Number, height: Number, draw: Callable[[Painter], None]) -> None:
        """Record the sprite's picture unless the browser holds it; note it as used."""
        held = key in self.book
        limit = self.new_sprites_at_most
        if not held and limit is not None and self.sprites_defined >= limit:
            self.sprites_left_out += 1
            return
        size = [math.ceil(width * self.ratio), math.ceil(height * self.ratio)]
        for forgotten in self.book.use(key, size[0] * size[1]):
            self.operations.append(["forgetSprite", forgotten])
        if not held:
            picture = Painter(self.ratio, self.book)
            draw(picture)
            self.operations.append(["defineSprite", key, *size, self.ratio, picture.operations])
            self.sprites_defined += 1

    def _call(self, method: str, *arguments: Number) -> None:
        self.operations.append([method, *_numbers(arguments)])

    def setTransform(self, a: Number, b: Number, c: Number, d: Number, e: Number, f: Number) -> None:
        """Set the transform from CSS px to the canvas's pixels."""
        self._call("setTransform", a, b, c, d, e, f)

    # --- the canvas's own calls -------------------------------------------------------------

    def fillRect(self, x: Number, y: Number, w: Number, h: Number) -> None:
        """Fill a rectangle with the fill style."""
        self._call("fillRect", x, y, w, h)

    def beginPath(self) -> None:
        """Start a new path."""
        self._call("beginPath")

    def roundRect(self, x: Number, y: Number, w: Number, h: Number, radius: Number) -> None:
        """Add a rounded rectangle to the path."""
        self._call("roundRect", x, y, w, h, radius)

    def moveTo(self, x: Number, y: Number) -> None:
        """Start a new sub-path at a point."""
        self._call("moveTo", x, y)

    def lineTo(self, x: Number, y: Number) -> None:
        """Add a straight line to the path."""
        self._call("lineTo", x, y)

    def arc(self, x: Number, y: Number, radius: Number, start: Number, end: Number) -> None:
        """Add a circular arc to the path."""
        self._call("arc", x, y, radius, start, end)

    def clearRect(self, x: Number, y: Number, w: Number, h: Number) -> None:
        """Make a rectangle transparent (what is under the canvas shows through)."""
        self._call("clearRect", x, y, w, h)

    def fill(self) -> None:
        """Fill the path with the fill style."""
        self._call("fill")

    def stroke(self) -> None:
        """Stroke the path with the stroke style and line width."""
        self._call("stroke")

    def setLineDash(self, segments: list[Number]) -> None:
        """Dash the lines stroked from now on (an empty list: solid)."""
        self.operations.append(["setLineDash", _numbers(tuple(segments))])

    def pips(
        self, centres: list[tuple[float, float]], radius: Number, glint: Number, lit: str, colour: str
    ) -> None:
        """Drilled pips at ``centres``, each a disc of ``radius``: first in ``lit`` moved
        ``glint`` down (the light on the lower rim), then in ``colour`` over it. One operation
        for a tile's half, where arcs were four a pip: most of a tile's picture, and a frame
        whose tiles all change size (the board resized) defines every tile's picture anew.
        Leaves the fill style ``colour``."""
        flat = [value for centre in centres for value in centre]
        self.operations.append(["pips", *_numbers((radius, glint)), lit, colour, *_numbers(tuple(flat))])
        self._state["fillStyle"] = colour

    def fillText(self, text: str, x: Number, y: Number) -> None:
        """Write text with the font, alignment and fill style."""
        self.operations.append(["fillText", text, *_numbers((x, y))])
        self._note_text("text", text, x, y)

    def fillTextOnPill(
        self, text: str, x: Number, y: Number, padding: Number, background: str, kind: str = "text"
    ) -> None:
        """Write text as :meth:`fillText` does, on a rounded pill of ``background`` that fits it
        (the browser measures the text: only it knows the font's widths); its box is noted as
        ``kind`` (``"callout"`` for a call-out at a seat)."""
        self.operations.append(["fillTextOnPill", text, *_numbers((x, y, padding)), background])
        self._note_text(kind, text, x, y, padding)

    def json(self) -> str:
        """The recording, as the JSON text ``web/paint.js`` plays."""
        return json.dumps(self.operations, separators=(",", ":"))

    def play_on(self, window: Any, ctx: Any) -> None:
        """Draw the recording on the real context ``ctx``, in one call into the browser."""
        getattr(window, PAINT_FUNCTION)(ctx, self.json())

    def play_sprites_on(self, window: Any, ctx: Any) -> None:
        """Have the browser make (and forget) the recording's sprites, drawing nothing on ``ctx``."""
        kept = [
            operation for operation in self.operations if operation[0] in ("defineSprite", "forgetSprite")
        ]
        getattr(window, PAINT_FUNCTION)(ctx, json.dumps(kept, separators=(",", ":")))
