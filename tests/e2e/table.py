"""Reading and tapping the table in the browser tests: shared by every e2e test module.

State comes from the app's own report (``window.dominoesTest.state()``) and click positions
from its scene, never from hard-coded pixels.
"""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page

MOVE_TIMEOUT_MS = 30_000
"""How long a test waits for the computer players to finish their moves."""


def state(page: Page) -> dict[str, Any]:
    """The table as the app reports it."""
    return json.loads(page.evaluate("window.dominoesTest.state()"))


def settle(page: Page) -> dict[str, Any]:
    """Wait until no computer player is to move, then return the state."""
    page.wait_for_function("document.body.dataset.phase !== 'bot'", timeout=MOVE_TIMEOUT_MS)
    return state(page)


def click_canvas(page: Page, x: float, y: float) -> None:
    """Tap the table canvas at CSS px (x, y) relative to its top-left corner."""
    box = page.locator("#table").bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + x, box["y"] + y)
