"""A full storage (issue 32): filled with junk to within a few hundred characters before boot
and mid-hand, the table saves what it can, says exactly what a reload would bring back,
offers the record at once, and a reload brings back the latest position or says that the
one it brings back is older. Nothing is restored as if it were the latest when it is not."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.table import make_my_move_with_buttons, play_hand_with_buttons, settle, state
from tests.helpers.storage import EMPTY_LOCAL_STORAGE as EMPTY
from tests.helpers.storage import FILL_LOCAL_STORAGE as FILL

pytestmark = pytest.mark.e2e

GAME = "?variant=draw-2&seed=5&aidelay=0"


def notice(page: Page) -> str:
    """The notice's text (empty when it is hidden)."""
    return "" if page.locator("#notice").is_hidden() else page.locator("#notice-text").inner_text()


def reload(page: Page, wait_until_ready: Callable[[Page], None]) -> dict[str, Any]:
    page.reload(wait_until="commit")
    wait_until_ready(page)
    return settle(page)


def play_until_not_saved(page: Page) -> dict[str, Any]:
    """Play the person's turns until a save does not fit; the state just before that move."""
    for _ in range(60):
        current = settle(page)
        assert current["phase"] == "human", "the hand ended before storage ran out"
        make_my_move_with_buttons(page, current)
        if "could not be saved" in notice(page):
            return current
    raise AssertionError("every save fitted")


def test_storage_filling_up_mid_hand_is_told_exactly_and_a_reload_says_its_position_is_older(
    open_app: Callable[..., Any], wait_until_ready: Callable[[Page], None]
) -> None:
    page = open_app(GAME).page
    play_hand_with_buttons(page, stop_after_turns=1)
    page.evaluate(FILL, 60)
    play_until_not_saved(page)
    text = notice(page)
    assert text.startswith("Your game could not be saved: the browser's storage for this site is full. ")
    assert "A reload would bring back an older position of this game: hand 1, move " in text
    expect(page.locator("#notice-download")).to_be_visible()
    with page.expect_download() as download:
        page.click("#notice-download")
    record = Path(download.value.path()).read_text(encoding="utf-8")
    in_slot = page.evaluate("(key) => localStorage.getItem(key)", state(page)["save_key"])
    last_moves = record.rstrip().splitlines()[-1]
    assert '[Variant "draw-2"]' in record and last_moves not in in_slot, "the record has the moves not saved"
    # play to the end of the hand: the summary's score is not kept either
    finished = play_hand_with_buttons(page)
    assert finished["phase"] in ("hand-over", "match-over")
    score = "-".join(map(str, finished["scores"]))
    back = reload(page, wait_until_ready)
    assert back["phase"] == "human" and back["layout_tiles"] < finished["layout_tiles"]
    told = notice(page)
    assert told.startswith("The browser's storage for this site was full, so the moves after hand 1, move ")
    assert told.endswith(f"(it had reached the end of hand 1, {score}).")
    # with room again, the older position saves, and a reload says nothing more
    page.evaluate(EMPTY)
    make_my_move_with_buttons(page, back)
    reload(page, wait_until_ready)
    assert notice(page) == ""


def test_a_save_that_fits_again_is_told(open_app: Callable[..., Any]) -> None:
    page = open_app(GAME).page
    page.evaluate(FILL, 60)
    play_until_not_saved(page)
    page.evaluate(EMPTY)
    make_my_move_with_buttons(page, settle(page))
    assert notice(page).endswith("Your game is saved again: the browser's storage had room for it.")
    expect(page.locator("#notice-download")).to_be_hidden()


def test_storage_full_before_boot_is_named_full_and_the_game_is_said_lost_on_reload(
    open_app: Callable[..., Any], wait_until_ready: Callable[[Page], None]
) -> None:
    page = open_app(GAME).page
    page.evaluate("localStorage.clear()")
    page.evaluate(FILL, 0)
    current = reload(page, wait_until_ready)
    text = notice(page)
    assert "does not let the table store anything" not in text
    assert text == (
        "Your game could not be saved: the browser's storage for this site is full. "
        "A reload would start a new game. Download the record to keep the game as it is now."
    )
    make_my_move_with_buttons(page, current)
    reached = settle(page)
    assert reached["phase"] == "human"
    reload(page, wait_until_ready)
    assert notice(page).startswith(
        "The browser's storage for this site was full, so your last game (at hand 1, move "
    )
    assert notice(page).endswith("could not be saved. A new game has started. " + text)


def test_room_is_made_from_copies_set_aside_and_old_tables_and_the_player_is_told(
    open_app: Callable[..., Any], wait_until_ready: Callable[[Page], None]
) -> None:
    page = open_app(GAME).page
    today = page.evaluate("Math.floor(Date.now() / 86400000)")
    page.evaluate(
        """(today) => {
        localStorage.clear();
        for (const n of [1, 2, 3]) localStorage.setItem("dominoes.broken:" + n, "damaged " + n + " ".repeat(100));
        localStorage.setItem("dominoes.save:variant=cuban", "an old table's save" + " ".repeat(3000));
        localStorage.setItem("dominoes.opened", JSON.stringify({"dominoes.save:variant=cuban": today - 90}));
      }""",
        today,
    )
    page.evaluate(FILL, 0)
    reload(page, wait_until_ready)
    assert notice(page) == (
        "The browser's storage for this site was full: the table removed 2 damaged saved games set aside "
        "earlier and the saved game of 1 other table not opened for 60 days, so your game is saved."
    )
    kept = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('dominoes.'))")
    assert "dominoes.broken:3" in kept and "dominoes.broken:1" not in kept and "dominoes.broken:2" not in kept
    assert "dominoes.save:variant=cuban" not in kept
    assert state(page)["save_key"] in kept
