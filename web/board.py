"""The table's canvas (``#table``): its size on the page, its pixels, and the animation frames.

Every kind of table draws on the same canvas through a :class:`Board`: it reads the size
the page gives the canvas, sizes the canvas's pixels to the screen, asks the browser for
a frame (one redraw per animation frame, however many changes asked for it) and counts
the frames drawn (``body[data-frames]``, read by the end-to-end tests). What a frame
draws is the table's business: the app points :attr:`Board.on_frame` at the table.

Browser objects are passed in; nothing here imports from the browser.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from web.text_metrics import CHARACTERS, font, install

__all__ = ["Board"]


class Board:
    """The canvas the table is drawn on, and its frame loop."""

    def __init__(self, document: Any, window: Any, proxy: Callable[[Any], Any]) -> None:
        """Take the page's ``#table`` canvas; ``proxy`` wraps the frame callback for the browser."""
        self.document = document
        self.window = window
        self.canvas = document.getElementById("table")
        self.ctx = self.canvas.getContext("2d")
        """The canvas's 2D drawing context."""
        self.size: tuple[float, float] | None = None
        """The canvas's size in CSS px as last read (:meth:`read_size`), or ``None`` before."""
        self.frames = 0
        """How many frames have been drawn (also ``body[data-frames]``)."""
        self.on_frame: Callable[[], None] = lambda: None
        """Draws a frame: the app points it at the table being played."""
        self._frame_pending = False
        self._frame_proxy = proxy(self._frame)
        widths = window.dominoesMeasure(font(100), CHARACTERS).to_py()
        install(dict(zip(CHARACTERS, widths, strict=True)))

    def read_size(self) -> tuple[float, float]:
        """The canvas's size in CSS px, read from the page (a layout of it: and kept in :attr:`size`)."""
        self.size = (float(self.canvas.clientWidth), float(self.canvas.clientHeight))
        return self.size

    def fit(self, width: float, height: float) -> float:
        """Size the canvas's pixels to ``width`` x ``height`` CSS px on this screen; its pixel ratio."""
        ratio = self.pixel_ratio()
        pixel_width, pixel_height = round(width * ratio), round(height * ratio)
        if self.canvas.width != pixel_width or self.canvas.height != pixel_height:
            self.canvas.width = pixel_width
            self.canvas.height = pixel_height
        return ratio

    def pixel_ratio(self) -> float:
        """The screen's device pixels per CSS pixel."""
        return float(self.window.devicePixelRatio or 1)

    def drawn(self) -> None:
        """Count a frame drawn."""
        self.frames += 1
        self.document.body.dataset.frames = str(self.frames)

    def request_frame(self) -> None:
        """Have :attr:`on_frame` called at the next animation frame (once, however often asked)."""
        if not self._frame_pending:
            self._frame_pending = True
            self.window.requestAnimationFrame(self._frame_proxy)

    def _frame(self, _timestamp: Any = None) -> None:
        self._frame_pending = False
        self.on_frame()
