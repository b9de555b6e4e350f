"""Two tabs of one table (issue 32): the newest tab holds the game, from its latest position;
the other stops taking moves at once, says so, and takes the game back with **Play here**.
No move made in either tab is lost, whichever is reloaded."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.table import make_my_move_with_buttons, play_hand_with_buttons, settle, state
from tests.helpers.axe import axe_violations

pytestmark = pytest.mark.e2e

GAME = "?variant=draw-2&seed=5&aidelay=0"


def position(page: Page) -> tuple[Any, ...]:
    """What a position is made of, as the page shows it: the hand, the line, the boneyard."""
    current = settle(page)
    return current["hand_number"], current["layout_tiles"], current["boneyard"], tuple(current["hand"])


def second_tab(first: Page, app_url: str, path: str, wait_until_ready: Callable[[Page], None]) -> Page:
    """The same browser opening ``path`` in another tab."""
    page = first.context.new_page()
    page.goto(app_url + path.lstrip("/"), wait_until="commit")
    wait_until_ready(page)
    return page


def test_the_newest_tab_holds_the_game_and_the_other_is_told(
    open_app: Callable[..., Any], app_url: str, wait_until_ready: Callable[[Page], None]
) -> None:
    first = open_app(GAME).page
    play_hand_with_buttons(first, stop_after_turns=2)
    played_in_first = position(first)
    second = second_tab(first, app_url, GAME, wait_until_ready)
    assert position(second) == played_in_first, "the new tab starts from the latest position"
    assert state(second)["restored"] and not state(second)["elsewhere"]
    # the first tab stops at once and says why
    expect(first.locator("#elsewhere-dialog")).to_be_visible()
    expect(first.locator("#elsewhere-title")).to_have_text("This game is now open in another tab")
    assert state(first)["elsewhere"]
    expect(first.locator("#play-here-btn")).to_be_focused()
    assert axe_violations(first) == []
    first.keyboard.press("Control+z")  # (nothing under the dialog takes a move or an undo)
    first.keyboard.press("Escape")
    expect(first.locator("#elsewhere-dialog")).to_be_visible()
    assert position(first) == played_in_first
    # play goes on in the second tab, then the first takes the game back with its moves
    play_hand_with_buttons(second, stop_after_turns=1)
    played_in_second = position(second)
    assert played_in_second != played_in_first
    first.click("#play-here-btn")
    expect(first.locator("#elsewhere-dialog")).to_be_hidden()
    assert position(first) == played_in_second and not state(first)["elsewhere"]
    expect(second.locator("#elsewhere-dialog")).to_be_visible()
    assert state(second)["elsewhere"]
    play_hand_with_buttons(first, stop_after_turns=1)
    played_last = position(first)
    # a reload of either tab brings the latest position back
    second.reload(wait_until="commit")
    wait_until_ready(second)
    assert position(second) == played_last
    expect(first.locator("#elsewhere-dialog")).to_be_visible()


def test_a_new_game_in_one_tab_leaves_the_other_told_and_takes_nothing_it_had(
    open_app: Callable[..., Any], app_url: str, wait_until_ready: Callable[[Page], None]
) -> None:
    first = open_app(GAME).page
    play_hand_with_buttons(first, stop_after_turns=2)
    second = second_tab(first, app_url, GAME, wait_until_ready)
    expect(first.locator("#elsewhere-dialog")).to_be_visible()
    second.click("#new-game-btn")
    second.click("#ng-start")
    started = position(second)
    assert started[1] <= 1, "a new hand"
    first.click("#play-here-btn")
    assert position(first) == started, "the game that is there now, not the one the tab showed"


def test_tables_of_different_links_are_held_apart(
    open_app: Callable[..., Any], app_url: str, wait_until_ready: Callable[[Page], None]
) -> None:
    first = open_app(GAME).page
    play_hand_with_buttons(first, stop_after_turns=1)
    other = second_tab(first, app_url, "?variant=block&seed=6&aidelay=0", wait_until_ready)
    play_hand_with_buttons(other, stop_after_turns=1)
    play_hand_with_buttons(first, stop_after_turns=1)
    assert not state(first)["elsewhere"] and not state(other)["elsewhere"]
    expect(first.locator("#elsewhere-dialog")).to_be_hidden()


def taken_unnoticed(page: Page) -> None:
    """Another tab takes the table at the instant this one moves: the holder changes in
    storage, and this tab's news of it (the storage event) has not come yet. (A tab's own
    writes fire no event in it, so writing the holder here stands for the other tab.)"""
    page.evaluate(
        "(key) => localStorage.setItem('dominoes.holder:' + key, 'the-other-tab')", state(page)["save_key"]
    )


def test_a_move_made_as_another_tab_takes_the_game_is_kept_by_play_here(open_app: Callable[..., Any]) -> None:
    page = open_app(GAME).page
    play_hand_with_buttons(page, stop_after_turns=1)
    before = position(page)
    taken_unnoticed(page)
    make_my_move_with_buttons(page, settle(page))
    expect(page.locator("#elsewhere-dialog")).to_be_visible()
    expect(page.locator("#elsewhere-unsaved")).to_be_visible()
    page.click("#play-here-btn")
    after = position(page)
    assert after != before and after[1] > before[1], "the move made here is still on the table"
    saved = page.evaluate("(key) => localStorage.getItem(key)", state(page)["save_key"])
    assert saved.count("@") >= after[1] - 1, "and saved"
    expect(page.locator("#notice")).to_be_hidden()


def test_a_move_made_as_another_tab_takes_the_game_and_plays_on_is_told_lost(
    open_app: Callable[..., Any], app_url: str, wait_until_ready: Callable[[Page], None]
) -> None:
    page = open_app(GAME).page
    play_hand_with_buttons(page, stop_after_turns=1)
    taken_unnoticed(page)
    make_my_move_with_buttons(page, settle(page))
    expect(page.locator("#elsewhere-unsaved")).to_be_visible()
    other = second_tab(page, app_url, GAME, wait_until_ready)  # the other tab, playing on
    play_hand_with_buttons(other, stop_after_turns=1)
    played_there = position(other)
    page.click("#play-here-btn")
    assert position(page) == played_there
    expect(page.locator("#notice-text")).to_have_text(
        "The move you made here as the game opened elsewhere was not kept: moves were made there "
        "since, and the game goes on from them."
    )


def test_a_table_without_a_move_of_its_own_says_nothing_of_one(
    open_app: Callable[..., Any], app_url: str, wait_until_ready: Callable[[Page], None]
) -> None:
    page = open_app(GAME).page
    second_tab(page, app_url, GAME, wait_until_ready)
    expect(page.locator("#elsewhere-dialog")).to_be_visible()
    expect(page.locator("#elsewhere-unsaved")).to_be_hidden()
