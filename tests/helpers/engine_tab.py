"""What a test of the WebKit and Firefox layer holds of a browser: an :class:`EngineTab` (go to
a page, evaluate a script, tap, drag, press a key, enter a frame, reload, the page's errors and
requests), the same over both engines' protocols (``webkit_tab.py``, ``firefox_tab.py``), and
:func:`wait_for`, which polls the page for a condition."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Protocol

__all__ = ["DRAG_STEP_MS", "READY_SCRIPT", "VIEWPORT", "EngineTab", "pointer_steps", "wait_for"]

VIEWPORT = (1024, 768)
"""The page's size in both engines (a tablet held sideways)."""

DRAG_STEP_MS = 16
"""How long each step of a drag takes (a frame at 60 Hz)."""

READY_SCRIPT = "document.body && ['ready', 'error'].includes(document.body.dataset.appState)"


class EngineTab(Protocol):
    """One browser tab of an engine, driven by a test."""

    name: str

    def goto(self, url: str) -> None:
        """Load ``url`` and wait for its load event."""
        ...

    def evaluate(self, script: str) -> Any:
        """The value of the JavaScript expression ``script`` (promises awaited), as JSON data;
        raises if the script throws."""
        ...

    def tap(self, x: float, y: float) -> None:
        """Press and release the primary pointer at ``(x, y)`` in the page's CSS pixels."""
        ...

    def pointer_down(self, x: float, y: float) -> None:
        """Move the primary pointer to ``(x, y)`` and press it (the start of a drag)."""
        ...

    def pointer_move(self, x: float, y: float) -> None:
        """Move the pressed pointer to ``(x, y)`` in a few steps, as a finger moves."""
        ...

    def pointer_up(self) -> None:
        """Let go of the pointer where it is."""
        ...

    def press(self, key: str) -> None:
        """Press and release ``key`` (a WebDriver key value, such as ``"\\ue007"`` for Enter)."""
        ...

    def reload(self) -> None:
        """Reload the page and wait for its load event."""
        ...

    def screenshot(self, path: Path) -> None:
        """Write what the tab shows to ``path`` (PNG)."""
        ...

    def errors(self) -> list[str]:
        """The console errors and uncaught exceptions of the tab's pages so far."""
        ...

    def requests(self) -> list[str]:
        """Every URL the browser has asked the network for so far (pages, frames, files,
        workers), oldest first."""
        ...

    def enter_frame(self, element_id: str) -> None:
        """From now on, evaluate scripts in the frame ``#element_id`` of the page (taps and
        keys still go to the page, at the page's coordinates)."""
        ...

    def leave_frame(self) -> None:
        """Evaluate scripts in the page itself again."""
        ...


def wait_for(tab: EngineTab, script: str, timeout: float = 60.0, what: str = "") -> Any:
    """Poll the expression ``script`` until it is truthy (then return its value); fail after
    ``timeout`` seconds, naming ``what`` it waited for. An evaluation that fails (the page
    between two documents, during a reload) counts as not yet."""
    deadline = time.monotonic() + timeout
    problem = ""
    while True:
        try:
            value = tab.evaluate(script)
        except Exception as error:  # the page was between two documents (a reload): ask again
            value, problem = None, f" (last: {error})"
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"{tab.name}: gave up waiting {timeout:.0f} s for {what or script}{problem}")
        time.sleep(0.05)


def pointer_steps(start: tuple[float, float], end: tuple[float, float]) -> Iterator[tuple[float, float]]:
    """Eight steps from ``start`` to ``end``."""
    (x0, y0), (x1, y1) = start, end
    for step in range(1, 9):
        yield x0 + (x1 - x0) * step / 8, y0 + (y1 - y0) * step / 8
