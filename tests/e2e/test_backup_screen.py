"""Backup in the browser: Export writes one file; imported on a fresh profile it gives the
same history, ratings and game in progress; a damaged file is refused in plain words and
changes nothing; a finished match reminds the person to export when the browser may clear
its storage, with the export beside the reminder."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e.table import make_my_move_with_buttons, settle
from tests.helpers.browser import OpenApp
from tests.helpers.kept_matches import kept, last_move_record, stored
from tests.helpers.profiles import a_profile
from web.storage.backup import BACKUP_FORMAT
from web.storage.backup_reminder import REMIND_FROM_MATCHES
from web.storage.saves import SAVE_KEY

GAME = "?aidelay=0"


def put(page: Page, data: dict[str, str]) -> None:
    page.evaluate(
        "(data) => { for (const [k, v] of Object.entries(data)) localStorage.setItem(k, v); }", data
    )


def everything(page: Page) -> dict[str, str]:
    return page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")


def open_history(page: Page) -> None:
    page.click("#game-btn")
    page.click("#history-btn")
    expect(page.locator("#history-dialog")).to_be_visible()


def shown_history(page: Page) -> dict[str, Any]:
    """What the History dialog shows: each match's two lines, and the rating sentences."""
    return {
        "matches": page.locator("#history-list li").evaluate_all(
            "(items) => items.map((item) => item.querySelector('.history-title').textContent"
            " + ' / ' + item.querySelector('.history-result').textContent)"
        ),
        "ratings": page.locator("#history-ratings .rating-card p").all_inner_texts(),
    }


def export(page: Page, tmp_path: Path) -> Path:
    with page.expect_download() as download_info:
        page.click("#backup-export-btn")
    download = download_info.value
    assert download.suggested_filename.startswith("dominoes-backup-")
    assert download.suggested_filename.endswith(".json")
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    expect(page.locator("#backup-said")).to_contain_text(f"Saved {download.suggested_filename}")
    return path


def test_export_then_import_on_a_fresh_profile_gives_the_same_history_ratings_and_game(
    open_app: OpenApp, wait_until_ready: Callable[[Page], None], tmp_path: Path
) -> None:
    page = open_app(GAME).page
    put(page, a_profile().data)
    page.reload()
    wait_until_ready(page)
    game_before = settle(page)["hand"]
    open_history(page)
    before = shown_history(page)
    assert len(before["matches"]) == 3 and len(before["ratings"]) == 2
    path = export(page, tmp_path)
    assert json.loads(path.read_text(encoding="utf-8"))["format"] == BACKUP_FORMAT

    fresh = open_app(GAME).page
    open_history(fresh)
    expect(fresh.locator("#history-list li")).to_have_count(0)
    fresh.set_input_files("#backup-import-file", str(path))
    expect(fresh.locator("#notice-text")).to_contain_text(
        "Imported 3 matches added to your history", timeout=60_000
    )
    wait_until_ready(fresh)
    assert sorted(settle(fresh)["hand"]) == sorted(game_before), "the game in progress came too"
    open_history(fresh)
    assert shown_history(fresh) == before
    fresh.set_input_files("#backup-import-file", str(path))
    expect(fresh.locator("#notice-text")).to_contain_text(
        "Nothing to import: everything in this file is already here.", timeout=60_000
    )


def test_a_damaged_backup_is_refused_in_plain_words_and_changes_nothing(
    open_app: OpenApp, wait_until_ready: Callable[[Page], None], tmp_path: Path
) -> None:
    page = open_app(GAME).page
    profile = a_profile().data
    put(page, profile)
    page.reload()
    wait_until_ready(page)
    open_history(page)
    data = json.loads(export(page, tmp_path).read_text(encoding="utf-8"))
    match_id = data["history"]["matches"][0]["id"]
    record = data["history"]["records"][match_id]
    damaged = record.replace("1. ", "1. 6-6@0-0 ", 1)
    data["history"]["records"][match_id] = damaged
    data["history"]["matches"][0]["chars"] = len(damaged)
    data["saves"] = {}
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    kept_before = everything(page)
    page.set_input_files("#backup-import-file", str(path))
    day = data["history"]["matches"][0]["day"]  # (the game at the table is kept today: newest first)
    expect(page.locator("#backup-said")).to_have_text(
        f"This file cannot be imported: the record of match 1 of its history ({day}) cannot be "
        "replayed. Nothing was changed."
    )
    page.set_input_files(
        "#backup-import-file", {"name": "x.json", "mimeType": "application/json", "buffer": b"{"}
    )
    expect(page.locator("#backup-said")).to_have_text(
        "This file cannot be imported: it is not readable. Nothing was changed."
    )
    assert everything(page) == kept_before


def test_a_finished_match_reminds_to_export_when_storage_may_be_cleared(
    open_app: OpenApp, wait_until_ready: Callable[[Page], None]
) -> None:
    page = open_app(GAME).page
    put(page, stored([(kept(number), f"record {number}") for number in range(REMIND_FROM_MATCHES)]))
    page.reload()
    wait_until_ready(page)
    page.click("#game-btn")
    page.fill("#import-text", last_move_record())
    page.click("#import-play-btn")
    if "Press Play from it again" in page.locator("#game-said").inner_text():
        page.click("#import-play-btn")
    expect(page.locator("#game-dialog")).to_be_hidden()
    page.evaluate("window.dominoesBoot.persisted = false")
    make_my_move_with_buttons(page, settle(page))
    expect(page.locator("#hand-title")).to_have_text("You win the match!")
    page.keyboard.press("Escape")
    expect(page.locator("#notice-text")).to_contain_text("Export a backup keeps a copy")
    with page.expect_download() as download_info:
        page.click("#notice-export")
    assert download_info.value.suggested_filename.startswith("dominoes-backup-")
    expect(page.locator("#notice-export")).to_be_hidden()
    assert SAVE_KEY in everything(page)
