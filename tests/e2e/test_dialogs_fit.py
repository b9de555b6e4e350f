"""Every dialog fits the screen it opens on, and its main button is in view without scrolling.

At a phone's size (upright and sideways), a tablet's, a desktop's and in small embedded
frames, each dialog a player opens from the bars (New game, the score sheet, Game,
Statistics, Rules, Puzzles) must lie inside the viewport, scroll inside itself when its content is
taller, and show its main button (Start, Close) without any scrolling; the bars must not be
wider than the viewport.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.table import VIEWPORTS, play_hand_with_buttons, state
from tests.helpers.dialogs import dialog_problems

pytestmark = pytest.mark.e2e

SIZES = {name: VIEWPORTS[name] for name in VIEWPORTS if name != "tablet-sideways"}

#: (how to open it, the dialog, its main button)
DIALOGS = (
    ("#new-game-btn", "#new-game-dialog", "#ng-start"),
    ("#score", "#sheet-dialog", "#sheet-dialog .dialog-actions button"),
    ("#rules-btn", "#rules-dialog", "#rules-dialog .dialog-actions button"),
    ("#game-btn", "#game-dialog", "#game-dialog .dialog-actions button >> text=Close"),
    ("#game-btn >> #stats-btn", "#stats-dialog", "#stats-dialog .dialog-actions button >> text=Close"),
    ("#game-btn >> #game-puzzles-btn", "#puzzles-dialog", "#puzzles-start-btn"),
)


@pytest.mark.parametrize("size", list(SIZES))
def test_each_dialog_fits_and_shows_its_main_button(open_app: Callable[..., Any], size: str) -> None:
    width, height = SIZES[size]
    embed = "&embed=1" if size.startswith("frame") else ""
    page = open_app(
        f"?variant=double-nine-cross&players=5&seed=3&aidelay=0{embed}",
        viewport={"width": width, "height": height},
    ).page
    for bar in (".topbar", ".controls"):
        box = page.locator(bar).bounding_box()
        assert box is not None and box["width"] <= width + 0.5, (bar, box)
    problems: list[str] = []
    for opener, dialog, button in DIALOGS:
        *before, last = opener.split(" >> ")
        for step in before:
            page.click(step)
        if not page.locator(last).is_visible():  # (Statistics: offered once a hand has been counted)
            page.keyboard.press("Escape")
            continue
        page.click(last)
        expect(page.locator(dialog)).to_be_visible()
        problems += dialog_problems(page, dialog, button)
        page.keyboard.press("Escape")
        expect(page.locator(dialog)).to_be_hidden()
        for _ in before:  # (the dialog it was opened from, if it is still open)
            if page.locator("dialog[open]").count():
                page.keyboard.press("Escape")
        expect(page.locator("dialog[open]")).to_have_count(0)
    assert problems == [], problems


@pytest.mark.parametrize("size", ["tablet-sideways", "desktop"])
def test_on_a_wide_screen_the_summary_stands_beside_the_whole_final_board(
    open_app: Callable[..., Any], size: str
) -> None:
    width, height = VIEWPORTS[size]
    page = open_app("?variant=draw-2&seed=11&aidelay=0", viewport={"width": width, "height": height}).page
    play_hand_with_buttons(page)
    expect(page.locator("#hand-dialog")).to_be_visible()
    page.wait_for_function("document.body.dataset.moving !== 'true'")
    summary = page.locator("#hand-dialog").bounding_box()
    canvas = page.locator("#table").bounding_box()
    assert summary is not None and canvas is not None
    assert canvas["x"] + canvas["width"] <= summary["x"], (canvas, summary)
    # (the canvas narrows as the summary opens; the next frame draws the board in the room left)
    page.wait_for_function(
        """(width) => { const board = JSON.parse(window.dominoesTest.state()).scene.board;
                        return board.x + board.w <= width; }""",
        arg=canvas["width"],
        timeout=10_000,
    )
    board = state(page)["scene"]["board"]
    assert board["x"] + board["w"] <= canvas["width"], "the board is drawn in the room left"


@pytest.mark.parametrize("size", ["phone", "phone-sideways", "frame-400x300"])
def test_the_replays_caption_is_never_under_its_controls(open_app: Callable[..., Any], size: str) -> None:
    """At a hand's end the replay's caption is long ("… Blocked: You hold the fewest pips
    (6); score 10. Score 15-15."): the board gives way, the caption is shown whole above the
    buttons (on a phone its last line once lay under them)."""
    width, height = VIEWPORTS[size]
    embed = "&embed=1" if size.startswith("frame") else ""
    page = open_app(
        f"?variant=all-fives&seed=3&aidelay=0{embed}", viewport={"width": width, "height": height}
    ).page
    play_hand_with_buttons(page)
    page.click("#hand-replay-btn")
    page.keyboard.press("End")
    said = page.locator("#replay-said")
    expect(said).to_contain_text("Blocked: ")
    caption, controls = said.bounding_box(), page.locator(".replay-controls").bounding_box()
    assert caption is not None and controls is not None
    assert caption["y"] + caption["height"] <= controls["y"] + 0.5, (caption, controls)
    assert said.evaluate("element => element.scrollHeight <= element.clientHeight + 1"), "the caption is cut"
