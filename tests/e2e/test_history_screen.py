"""The history in the browser: a finished hand keeps its match, the History dialog lists and
filters the kept matches, replays, reviews and downloads them, says when a record is lost,
and tells once that the oldest matches make room."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect

from engine.line.notation import read_record
from tests.e2e.table import make_my_move_with_buttons, play_hand_with_buttons, settle
from tests.helpers.browser import OpenApp
from tests.helpers.dialogs import dialog_problems
from tests.helpers.kept_matches import last_move_record, stored
from tests.helpers.profiles import a_profile
from web.storage.history import HISTORY_KEY, MAX_MATCHES, Kept, record_key

GAME = "?variant=draw-2&seed=11&level=greedy&aidelay=0"


def reload(page: Page, wait_until_ready: Callable[[Page], None]) -> dict[str, Any]:
    page.reload()
    wait_until_ready(page)
    return settle(page)


def kept(number: int, **changes: Any) -> Kept:
    values: dict[str, Any] = {
        "match_id": f"old:{number}",
        "day": f"2026-10-{1 + number % 28:02d}",
        "variant": "block",
        "players": 4,
        "levels": ("hard", "hard", "hard"),
        "outcome": "won",
        "scores": (100, 20, 30, 40),
        "side": 0,
        "hands": 4,
        "hands_won": 3,
        "points_for": 100,
        "points_against": 90,
    }
    return Kept(**{**values, **changes})


def put(page: Page, data: dict[str, str]) -> None:
    page.evaluate(
        "(data) => { for (const [k, v] of Object.entries(data)) localStorage.setItem(k, v); }", data
    )


def open_history(page: Page) -> None:
    page.click("#game-btn")
    page.click("#history-btn")
    expect(page.locator("#history-dialog")).to_be_visible()


def test_a_finished_hand_keeps_its_match_to_replay_review_and_download(open_app: OpenApp) -> None:
    page = open_app(GAME).page
    play_hand_with_buttons(page)
    page.keyboard.press("Escape")
    open_history(page)
    items = page.locator("#history-list li")
    expect(items).to_have_count(1)
    expect(items.first.locator(".history-title")).to_contain_text("Two-Hand Draw · 2 players · against Easy")
    expect(items.first.locator(".history-result")).to_contain_text("Not finished")
    expect(items.first.locator(".history-result")).to_contain_text("of 1 hand won")

    with page.expect_download() as download_info:
        items.first.get_by_role("button", name="Download").click()
    path = download_info.value.path()
    assert path is not None
    match = read_record(path.read_text(encoding="utf-8"))
    assert len(match.sheet) == 1 and match.rules.variant == "draw-2"

    items.first.get_by_role("button", name="Review").click()
    expect(page.locator("#replay-dialog")).to_be_visible()
    expect(page.locator("#review-panel")).to_be_visible()
    expect(page.locator("#history-dialog")).to_be_hidden()


def test_the_filters_show_the_matches_asked_for(
    open_app: OpenApp, wait_until_ready: Callable[[Page], None]
) -> None:
    page = open_app(GAME).page
    matches = [
        (kept(1), "x" * 10),
        (
            kept(2, variant="draw-2", players=2, levels=("expert",), outcome="lost", scores=(40, 100)),
            "y" * 10,
        ),
        (kept(3, levels=("greedy", "hard", "greedy"), outcome="unfinished"), "z" * 10),
    ]
    put(page, stored(matches))
    reload(page, wait_until_ready)
    open_history(page)
    items = page.locator("#history-list li")
    expect(items).to_have_count(3)
    expect(page.locator("#history-summary")).to_contain_text("Showing 3 of the 3 matches")
    page.select_option("#history-variant", "draw-2")
    expect(items).to_have_count(1)
    expect(items.first.locator(".history-result")).to_have_text("Lost 40-100 · 3 of 4 hands won")
    page.select_option("#history-variant", "")
    page.select_option("#history-level", "greedy")
    expect(items).to_have_count(1)
    expect(items.first.locator(".history-title")).to_contain_text("against Easy and Hard")
    page.select_option("#history-level", "hard")
    page.select_option("#history-outcome", "won")
    expect(items).to_have_count(1)
    expect(page.locator("#history-summary")).to_contain_text("Showing 1 of the 3 matches")


def test_a_lost_or_unreadable_record_is_said_plainly(
    open_app: OpenApp, wait_until_ready: Callable[[Page], None]
) -> None:
    page = open_app(GAME).page
    data = stored([(kept(1), "not a record at all"), (kept(2), "a record the browser lost")])
    del data[record_key("old:2")]
    put(page, data)
    reload(page, wait_until_ready)
    open_history(page)
    items = page.locator("#history-list li")
    items.nth(0).get_by_role("button", name="Replay").click()
    expect(page.locator("#history-said")).to_have_text(
        "This match's record cannot be read any more, so it cannot be replayed."
    )
    items.nth(1).get_by_role("button", name="Replay").click()
    expect(page.locator("#history-said")).to_have_text(
        "This match's record is no longer in the browser's storage."
    )
    expect(page.locator("#replay-dialog")).to_be_hidden()


def test_the_oldest_match_makes_room_with_a_notice_the_first_time(
    open_app: OpenApp, wait_until_ready: Callable[[Page], None]
) -> None:
    page = open_app(GAME).page
    put(page, stored([(kept(number), f"record {number}") for number in range(MAX_MATCHES)]))
    reload(page, wait_until_ready)
    play_hand_with_buttons(page)
    expect(page.locator("#notice-text")).to_contain_text(
        f"Your history keeps your newest {MAX_MATCHES} matches"
    )
    history = json.loads(page.evaluate(f"localStorage.getItem('{HISTORY_KEY}')"))
    assert len(history["matches"]) == MAX_MATCHES
    assert history["matches"][0]["variant"] == "draw-2"
    assert page.evaluate(f"localStorage.getItem('{record_key('old:' + str(MAX_MATCHES - 1))}')") is None


def test_a_finished_match_moves_the_rating_shown_with_its_chart_and_figures(open_app: OpenApp) -> None:
    page = open_app("?variant=draw-2&aidelay=0").page
    page.click("#game-btn")
    page.fill("#import-text", last_move_record())
    page.click("#import-play-btn")
    if "Press Play from it again" in page.locator("#game-said").inner_text():
        page.click("#import-play-btn")  # (the computer had moved first: the game was under way)
    expect(page.locator("#game-dialog")).to_be_hidden()
    current = settle(page)
    make_my_move_with_buttons(page, current)
    expect(page.locator("#hand-title")).to_have_text("You win the match!")
    page.keyboard.press("Escape")
    open_history(page)
    ratings = page.locator("#history-ratings")
    expect(ratings).to_be_visible()
    said = ratings.locator("p").first.inner_text()
    assert said.startswith("Your Draw rating is ") and "of your matches against" in said
    rating = int(said.removeprefix("Your Draw rating is ").split(":")[0])
    assert rating > 1500, "a win against Hard from the starting rating raises it"
    assert ratings.locator("table tr").count() == 2, "the heading row and the one rated match"
    drawn = page.evaluate(
        """() => {
          const canvas = document.querySelector('#history-ratings canvas.trend');
          const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
          let inked = 0;
          for (let i = 3; i < pixels.length; i += 4) if (pixels[i] > 0) inked++;
          return inked;
        }"""
    )
    assert drawn > 50, "the chart is drawn"
    expect(page.locator("#history-list li").first.locator(".history-result")).to_contain_text("Won 122-64")


INKED = """(selector) => [...document.querySelectorAll(selector)].map((canvas) => {
  const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  let inked = 0;
  for (let i = 3; i < pixels.length; i += 4) if (pixels[i] > 0) inked++;
  return inked;
})"""


def test_the_statistics_come_from_the_history_per_level_with_charts_and_a_reset(
    open_app: OpenApp, wait_until_ready: Callable[[Page], None]
) -> None:
    page = open_app(GAME).page
    matches = [
        (kept(3, levels=("expert", "expert", "expert"), outcome="lost", points_for=40), "a"),
        (kept(2, reviews=((1, 8, 6), (2, 2, 2))), "b"),
        (kept(1, points_for=60, points_against=120), "c"),
    ]
    put(page, stored(matches))
    reload(page, wait_until_ready)
    page.click("#game-btn")
    page.click("#stats-btn")
    card = page.locator("#stats-body .stats-card", has_text="Block")
    expect(card.locator("caption").first).to_have_text("Against each level, over your newest 3 matches kept")
    rows = card.locator("table.level-figures tr")
    expect(rows).to_have_count(3)
    expect(rows.nth(1)).to_have_text("Hard2 of 26 of 820 to 26.2")
    expect(rows.nth(2)).to_have_text("Expert0 of 13 of 410 to 22.5")
    expect(card.locator("canvas.trend")).to_have_count(2)
    assert all(inked > 50 for inked in page.evaluate(INKED, "#stats-body canvas.trend")), "both charts drawn"
    accuracy = card.locator("table.sr-only").nth(1)
    expect(accuracy.locator("tr")).to_have_count(2)
    expect(accuracy.locator("tr").nth(1)).to_contain_text("80%")
    assert dialog_problems(page, "#stats-dialog", "#stats-dialog .dialog-actions button >> text=Close") == []

    page.click("#stats-reset-btn")
    page.click("#stats-reset-btn")
    expect(page.locator("#stats-body table.level-figures")).to_have_count(0)
    page.keyboard.press("Escape")
    reload(page, wait_until_ready)
    page.click("#game-btn")
    page.click("#stats-btn")
    expect(page.locator("#stats-dialog")).to_be_visible()
    expect(page.locator("#stats-body table.level-figures")).to_have_count(0)


def test_a_review_made_from_the_history_is_kept_with_its_match(
    open_app: OpenApp, wait_until_ready: Callable[[Page], None]
) -> None:
    page = open_app("?aidelay=0").page
    put(page, a_profile().data)
    reload(page, wait_until_ready)
    open_history(page)
    block = page.locator("#history-list li", has_text="Block Dominoes")
    expect(block.locator(".history-result")).not_to_contain_text("review accuracy")
    block.get_by_role("button", name="Review").click()
    page.wait_for_function("document.body.dataset.review === 'done'", timeout=60_000)
    page.click("#replay-close")
    open_history(page)
    expect(block.locator(".history-result")).to_contain_text("review accuracy")
    page.keyboard.press("Escape")  # (back to the Game dialog it was opened from)
    page.click("#stats-btn")
    card = page.locator("#stats-body .stats-card", has_text="Block Dominoes")
    expect(card).to_contain_text("(1 hand)")
