"""How wide the table's text is, so that a scene can size and place it before it is drawn.

The canvas draws its text in :data:`TABLE_FONT`; only the browser knows that font's widths.
At boot the page measures the advance of each character of :data:`CHARACTERS` once (at
100 px, ``web/paint.js``'s ``dominoesPaint.measure``) and :func:`install` keeps them; a text's
width is then the sum of its characters' advances (kerning moves a label by well under one
per cent). Before that, and in tests on CPython, :data:`FALLBACK` stands in: the same
measure taken in Chromium with DejaVu Sans Bold, the font Debian gives ``system-ui``, and
the widest of the common ones, so a layout fitted with it fits any browser.

Standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["CHARACTERS", "FALLBACK", "TABLE_FONT", "font", "install", "text_width"]

TABLE_FONT = "600 {size:.0f}px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
"""The canvas's font, ``size`` px: what every label, badge and count is written in."""

FALLBACK: dict[str, float] = {
    " ": 34.81,
    "!": 45.61,
    '"': 52.1,
    "#": 83.79,
    "$": 69.58,
    "%": 100.2,
    "&": 87.21,
    "'": 30.62,
    "(": 45.7,
    ")": 45.7,
    "*": 52.29,
    "+": 83.79,
    ",": 37.99,
    "-": 41.5,
    ".": 37.99,
    "/": 36.52,
    "0": 69.58,
    "1": 69.58,
    "2": 69.58,
    "3": 69.58,
    "4": 69.58,
    "5": 69.58,
    "6": 69.58,
    "7": 69.58,
    "8": 69.58,
    "9": 69.58,
    ":": 39.99,
    ";": 39.99,
    "<": 83.79,
    "=": 83.79,
    ">": 83.79,
    "?": 58.01,
    "@": 100,
    "A": 77.39,
    "B": 76.22,
    "C": 73.39,
    "D": 83.01,
    "E": 68.31,
    "F": 68.31,
    "G": 82.08,
    "H": 83.69,
    "I": 37.21,
    "J": 37.21,
    "K": 77.49,
    "L": 63.72,
    "M": 99.51,
    "N": 83.69,
    "O": 85.01,
    "P": 73.29,
    "Q": 85.01,
    "R": 77,
    "S": 72.02,
    "T": 68.21,
    "U": 81.2,
    "V": 77.39,
    "W": 110.3,
    "X": 77.1,
    "Y": 72.41,
    "Z": 72.51,
    "[": 45.7,
    "\\": 36.52,
    "]": 45.7,
    "^": 83.79,
    "_": 50,
    "`": 50,
    "a": 67.48,
    "b": 71.58,
    "c": 59.28,
    "d": 71.58,
    "e": 67.82,
    "f": 43.51,
    "g": 71.58,
    "h": 71.19,
    "i": 34.28,
    "j": 34.28,
    "k": 66.5,
    "l": 34.28,
    "m": 104.2,
    "n": 71.19,
    "o": 68.7,
    "p": 71.58,
    "q": 71.58,
    "r": 49.32,
    "s": 59.52,
    "t": 47.8,
    "u": 71.19,
    "v": 65.19,
    "w": 92.38,
    "x": 64.5,
    "y": 65.19,
    "z": 58.2,
    "{": 71.19,
    "|": 36.52,
    "}": 71.19,
    "~": 83.79,
    "·": 37.99,
    "—": 100,
    "\u2013": 50,
    "…": 100,
    "▶": 76.9,
    "\u2019": 37.99,
    "é": 67.82,
}
"""Each character's advance at 100 px in :data:`TABLE_FONT` as Chromium draws it on Debian."""

CHARACTERS = "".join(FALLBACK)
"""The characters the page measures at boot (any other is taken as wide as an ``M``)."""

_REFERENCE = 100.0
_widths: dict[str, float] = dict(FALLBACK)


def font(size: float) -> str:
    """The table's font at ``size`` px, as a canvas ``font`` value."""
    return TABLE_FONT.format(size=size)


def install(widths: Mapping[str, float]) -> None:
    """Use the browser's own measure: each character's advance at 100 px (characters it did
    not measure keep theirs)."""
    _widths.update({char: float(width) for char, width in widths.items() if width > 0})


def text_width(text: str, size: float) -> float:
    """The width in CSS px of ``text`` written at ``size`` px in the table's font."""
    wide = _widths["M"]
    drawn = float(f"{size:.0f}")  # (the font is set in whole pixels)
    return sum(_widths.get(char, wide) for char in text) * drawn / _REFERENCE
