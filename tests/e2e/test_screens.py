"""Screenshots of the main screens at phone, tablet and desktop sizes, written to
``test-results/screens/`` for anyone to look at after a test run (``tests.e2e.screens``
writes the edge screens: failures, notices, embedding).

Each shot also checks what a person would first notice: the screen fits its width.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from engine.line.notation import write_record
from engine.line.selfplay import bot_match
from tests.e2e.table import play_hand_with_buttons, settle, state
from web.links.share import record_fragment

pytestmark = pytest.mark.e2e

OUT = Path(__file__).resolve().parents[2] / "test-results" / "screens"
SIZES = {"phone": (390, 844), "tablet": (820, 1180), "desktop": (1440, 900)}


class Shots:
    """Screenshots of one page at one size, each checked to fit the width, written to :data:`OUT`."""

    def __init__(self, page: Page, size: str, still_tiles: bool = False) -> None:
        """Shots of ``page`` at ``size``; with ``still_tiles``, each waits for every tile to be in its place."""
        OUT.mkdir(parents=True, exist_ok=True)
        self.page, self.size, self.still_tiles = page, size, still_tiles
        self.paths: list[Path] = []

    def __call__(self, name: str) -> None:
        """Write the screen as ``<name>-<size>.png``."""
        if self.still_tiles:
            self.page.wait_for_function("document.body.dataset.moving !== 'true'")
        width = SIZES[self.size][0]
        assert self.page.evaluate("document.documentElement.scrollWidth") <= width, f"{name} is too wide"
        path = OUT / f"{name}-{self.size}.png"
        self.page.screenshot(path=path)
        self.paths.append(path)

    def all_drawn(self) -> bool:
        """Whether every shot is a drawn screen, not a blank one."""
        return all(path.stat().st_size > 10_000 for path in self.paths)


@pytest.mark.parametrize("size", list(SIZES))
def test_the_main_screens_are_written_at_each_size(open_app: Callable[..., Any], size: str) -> None:
    width, height = SIZES[size]
    page = open_app(
        "?variant=partnership-block&seed=21&aidelay=0", viewport={"width": width, "height": height}
    ).page
    shot = Shots(page, size, still_tiles=True)

    settle(page)
    shot("table")
    play_hand_with_buttons(page, stop_after_turns=3)
    shot("table-in-play")
    play_hand_with_buttons(page)
    expect(page.locator("#hand-dialog")).to_be_visible()
    shot("hand-summary")
    page.click("#hand-close")
    shot("final-board")
    page.click("#new-game-btn")
    expect(page.locator("#new-game-dialog")).to_be_visible()
    shot("new-game")
    page.keyboard.press("Escape")
    page.click("#rules-btn")
    shot("rules")
    assert shot.all_drawn()


@pytest.mark.parametrize("size", list(SIZES))
def test_the_dice_game_screens_are_written_at_each_size(open_app: Callable[..., Any], size: str) -> None:
    """Dice and Dominoes: the choice, the reveal, and the rules panel."""
    width, height = SIZES[size]
    page = open_app(
        "?variant=dice&players=4&seed=5&aidelay=0", viewport={"width": width, "height": height}
    ).page
    shot = Shots(page, size)

    page.wait_for_function("document.body.dataset.phase === 'choose'")
    for _ in range(2):
        page.locator("#dice-twin button[aria-pressed='false']").first.press("Enter")
    shot("dice-choice")
    page.click("#dice-put-out")
    page.wait_for_function("document.body.dataset.phase === 'reveal'")
    shot("dice-reveal")
    page.click("#rules-btn")
    expect(page.locator("#rules-dialog")).to_contain_text("Match Points")
    shot("dice-rules")
    assert shot.all_drawn()


@pytest.mark.parametrize("size", list(SIZES))
def test_the_review_screens_are_written_at_each_size(open_app: Callable[..., Any], size: str) -> None:
    """The hand review: its summary and chart, at the costliest moment with the better move
    drawn, and with the table of every decision open."""
    width, height = SIZES[size]
    record = write_record(
        bot_match("partnership-block", 4, 25, ["random", "medium", "medium", "medium"], max_hands=1)
    )
    page = open_app("?aidelay=0" + record_fragment(record), viewport={"width": width, "height": height}).page
    shot = Shots(page, size)

    expect(page.locator("#replay-dialog")).to_be_visible()
    page.locator("#replay-review").click()
    page.wait_for_function("document.body.dataset.review === 'done'")
    worst = state(page)["review"]["costliest"]
    page.locator("#review-chart").scroll_into_view_if_needed()
    dot = next(dot for dot in state(page)["review"]["dots"] if dot["move"] == worst["move"])
    box = page.locator("#review-chart").bounding_box()
    page.mouse.click(box["x"] + dot["x"], box["y"] + dot["y"])
    page.wait_for_function(f"document.body.dataset.replay === '0:{worst['move']}'")
    shot("review")
    page.locator("#review-details summary").click()
    page.locator("#review-table").scroll_into_view_if_needed()
    shot("review-table")
    assert shot.all_drawn()
