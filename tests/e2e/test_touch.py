"""The table on touch screens: a hand played with taps on a tablet held either way, tap
targets a finger can hit, and dialogs that fit the screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.table import choose_rule_set, settle, state

pytestmark = pytest.mark.e2e

TABLET = {"portrait": (820, 1180), "landscape": (1180, 820)}
PHONE = (390, 844)
FINGER = 44
"""The smallest tap target, in CSS px each way."""

SMALL_TARGETS = """(least) => Array.from(document.querySelectorAll('button, select, summary'))
    .filter((el) => el.getClientRects().length > 0 && !el.closest('.twin'))
    .filter((el) => getComputedStyle(el).visibility !== 'hidden')
    .map((el) => [el.id || el.textContent.trim(), el.getBoundingClientRect()])
    .filter(([, r]) => r.width < least || r.height < least)
    .map(([name, r]) => `${name}: ${Math.round(r.width)}x${Math.round(r.height)}`)"""
"""The visible buttons, menus and disclosures smaller than ``least`` px (the keyboard twin,
whose buttons only a keyboard reaches, aside)."""


def tap_canvas(page: Page, x: float, y: float) -> None:
    """Tap the table canvas at CSS px (x, y) from its top-left corner."""
    box = page.locator("#table").bounding_box()
    assert box is not None
    page.touchscreen.tap(box["x"] + x, box["y"] + y)


def play_hand_by_touch(page: Page) -> dict[str, Any]:
    """Play the person's moves with taps on the canvas (Pass by its button) until the hand ends."""
    for _ in range(200):
        current = settle(page)
        if current["phase"] in ("hand-over", "match-over"):
            return current
        playable = [tile for tile in current["scene"]["hand"] if tile["playable"]]
        if playable:
            tap_canvas(page, playable[0]["x"], playable[0]["y"])
            after = state(page)
            if after["selected"] is not None:  # fits two ends: tap the first lit one
                target = after["scene"]["targets"][0]
                tap_canvas(page, target["x"], target["y"])
            assert playable[0]["tile"] not in state(page)["hand"], f"{playable[0]['tile']} was not played"
        elif "draw" in current["legal"]:
            boneyard = current["scene"]["boneyard"]
            tap_canvas(page, boneyard["x"], boneyard["y"])
            assert len(state(page)["hand"]) == len(current["hand"]) + 1
        else:
            page.locator("#pass-btn").tap()
    raise AssertionError("the hand did not end after 200 moves")


def assert_inside_viewport(page: Page, selector: str) -> None:
    """The element is wholly on screen and nothing inside it scrolls sideways."""
    viewport = page.viewport_size
    assert viewport is not None
    box = page.locator(selector).bounding_box()
    assert box is not None, f"{selector} is not shown"
    assert box["x"] >= 0 and box["y"] >= 0, (selector, box)
    assert box["x"] + box["width"] <= viewport["width"] + 0.5, (selector, box, viewport)
    assert box["y"] + box["height"] <= viewport["height"] + 0.5, (selector, box, viewport)
    sideways = page.locator(selector).evaluate("(el) => el.scrollWidth - el.clientWidth")
    assert sideways <= 1, f"{selector} scrolls sideways by {sideways} px"


@pytest.mark.parametrize("orientation", list(TABLET))
def test_a_hand_is_played_by_touch_on_a_tablet(open_app: Callable[..., Any], orientation: str) -> None:
    width, height = TABLET[orientation]
    page = open_app(
        "?variant=draw-2&seed=8&aidelay=0",
        viewport={"width": width, "height": height},
        has_touch=True,
        is_mobile=True,
    ).page
    assert page.evaluate("matchMedia('(pointer: coarse)').matches"), "not a touch screen"
    assert page.evaluate(SMALL_TARGETS, FINGER) == []
    final = play_hand_by_touch(page)
    assert final["phase"] == "hand-over"
    assert_inside_viewport(page, "#hand-dialog")
    assert page.evaluate(SMALL_TARGETS, FINGER) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.locator("#hand-close").tap()
    page.locator("#new-game-btn").tap()
    expect(page.locator("#new-game-dialog")).to_be_visible()
    assert page.evaluate(SMALL_TARGETS, FINGER) == []


def test_the_new_game_dialog_fits_a_phone(open_app: Callable[..., Any]) -> None:
    width, height = PHONE
    page = open_app(
        "?variant=partnership-block&aidelay=0", viewport={"width": width, "height": height}, has_touch=True
    ).page
    page.locator("#new-game-btn").tap()
    expect(page.locator("#new-game-dialog")).to_be_visible()
    # The rule set with the most options, and every level on offer, at their longest.
    choose_rule_set(page, "all-fives")
    assert_inside_viewport(page, "#new-game-dialog")


class _Pointer:
    """Presses, moves and lets go on the table canvas with a mouse or with a finger (touch
    events through CDP: Playwright's touchscreen only taps)."""

    def __init__(self, page: Page, kind: str) -> None:
        self.page, self.kind = page, kind
        box = page.locator("#table").bounding_box()
        assert box is not None
        self.left, self.top = box["x"], box["y"]
        self.cdp = page.context.new_cdp_session(page) if kind == "touch" else None

    def _touch(self, kind: str, x: float, y: float) -> None:
        assert self.cdp is not None
        points = [] if kind == "touchEnd" else [{"x": self.left + x, "y": self.top + y}]
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def down(self, x: float, y: float) -> None:
        if self.cdp is None:
            self.page.mouse.move(self.left + x, self.top + y)
            self.page.mouse.down()
        else:
            self._touch("touchStart", x, y)
        self.at = (x, y)

    def move(self, x: float, y: float, steps: int = 8) -> None:
        x0, y0 = self.at
        for step in range(1, steps + 1):
            px, py = x0 + (x - x0) * step / steps, y0 + (y - y0) * step / steps
            if self.cdp is None:
                self.page.mouse.move(self.left + px, self.top + py)
            else:
                self._touch("touchMove", px, py)
        self.at = (x, y)

    def up(self) -> None:
        if self.cdp is None:
            self.page.mouse.up()
        else:
            self._touch("touchEnd", *self.at)


@pytest.mark.parametrize("kind", ["mouse", "touch"])
def test_a_tile_is_dragged_onto_a_lit_end(open_app: Callable[..., Any], kind: str) -> None:
    width, height = TABLET["landscape"]
    page = open_app(
        "?variant=draw-2&seed=8&aidelay=0",
        viewport={"width": width, "height": height},
        has_touch=kind == "touch",
    ).page
    pointer = _Pointer(page, kind)
    current = settle(page)
    playable = [tile for tile in current["scene"]["hand"] if tile["playable"]]
    assert playable, "the person has nothing to play in this deal"

    # Dragged and let go over its own hand: it goes back, nothing is played.
    tile = playable[0]
    pointer.down(tile["x"], tile["y"])
    pointer.move(tile["x"] + 60, tile["y"])
    assert state(page)["selected"] == tile["tile"]  # picked up: its ends are lit
    pointer.up()
    back = state(page)
    assert (
        back["hand"] == current["hand"]
        and back["selected"] is None
        and back["layout_tiles"] == current["layout_tiles"]
    )

    # Dragged onto a lit end (or, for a tile that fits one place only, onto the board).
    for _ in range(40):
        current = settle(page)
        playable = [tile for tile in current["scene"]["hand"] if tile["playable"]]
        if playable:
            break
        page.click("#draw-btn" if "draw" in current["legal"] else "#pass-btn")
    tile = playable[0]
    pointer.down(tile["x"], tile["y"])
    pointer.move(tile["x"], tile["y"] - 40)
    picked = state(page)
    targets = picked["scene"]["targets"]
    board = picked["scene"]["board"]
    aim = (
        (targets[-1]["x"], targets[-1]["y"])
        if targets
        else (board["x"] + board["w"] / 2, board["y"] + board["h"] / 2)
    )
    pointer.move(*aim, steps=12)
    pointer.up()
    after = state(page)
    assert tile["tile"] not in after["hand"], f"{tile['tile']} was not played by dragging"
    assert after["layout_tiles"] > current["layout_tiles"]  # (and the computer players may have moved)
