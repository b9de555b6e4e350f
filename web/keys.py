"""The table's keyboard: which key does what, and where the arrow keys move focus. Pure.

Keys act only when no dialog other than the end-of-hand summary is open and the person is
not typing; letters are case-blind and never combined with Ctrl, Alt or Cmd (those stay
the browser's), Ctrl+Z / Cmd+Z aside (undo).
"""

from __future__ import annotations

from web.spoken import READS

__all__ = ["ARROWS", "COMMAND_KEYS", "arrow_target"]

COMMAND_KEYS: dict[str, str] = {
    "d": "draw",
    "p": "pass",
    "h": "hint",
    "u": "undo",
    "n": "new-game",
    "r": "rules",
    "g": "game",
    "z": "puzzles",
    **{key: f"read:{kind}" for kind, key in READS.items()},
}
"""A letter and the command it gives (``read:<kind>`` says something on request)."""

ARROWS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End")
"""The keys that move focus between the buttons of one group (tiles, ends, read commands)."""


def arrow_target(key: str, index: int, count: int) -> int:
    """The index focus moves to from ``index`` in a row of ``count`` buttons (wrapping at
    the ends; ``index`` -1: the group itself has focus, so any arrow enters the row)."""
    if index < 0 or key == "Home":
        return 0 if key != "End" else count - 1
    if key == "End":
        return count - 1
    step = -1 if key in ("ArrowLeft", "ArrowUp") else 1
    return (index + step) % count
