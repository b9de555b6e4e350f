"""Puzzles in the browser: opened from the menu and by links, solved by tapping the canvas,
missed with the reason said, the rating moving once per puzzle, the day's puzzle the same in
two browser contexts on one date, the person's game waiting behind the puzzle, and an
embedded puzzle telling its host page."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect

from engine.puzzles.daily import daily_puzzle
from engine.puzzles.shipped import load_puzzles
from tests.e2e.hosts import serve_host_site
from tests.e2e.table import (
    VIEWPORTS,
    click_canvas,
    make_my_move_with_buttons,
    play_the_days_deal,
    settle,
    state,
)
from tests.helpers.axe import axe_violations
from tests.helpers.boxes import problems as box_problems
from tests.helpers.browser import OpenApp

ROOT = Path(__file__).resolve().parents[2]
SCREENS = ROOT / "test-results" / "screens"
PUZZLES = {puzzle.id: puzzle for puzzle in load_puzzles()}
OPEN_ID = "block-2-0002"
"""An open-hand puzzle of Block whose answer is a tile that fits one end only."""
HIDDEN_ID = next(puzzle.id for puzzle in PUZZLES.values() if puzzle.kind == "hidden")


def puzzle_state(page: Page) -> dict[str, Any]:
    """The puzzle at the table, once its line's replies are played (the table settled)."""
    page.wait_for_function("document.body.dataset.phase !== 'bot'")
    found = state(page)["puzzle"]
    assert found is not None
    return dict(found)


def open_puzzle(open_app: OpenApp, puzzle_id: str, query: str = "", **context: Any) -> Page:
    page = open_app(f"?puzzle={puzzle_id}&aidelay=0{query}", **context).page
    page.wait_for_function(
        f"(JSON.parse(window.dominoesTest.state()).puzzle || {{}}).id === {json.dumps(puzzle_id)}"
    )
    return page


def tap_move(page: Page, move: str) -> None:
    """Play ``move`` (``6-4@2E``-style, as the state lists it) by tapping its tile on the
    canvas, then its end when the tile fits two."""
    current = settle(page)
    tile = move.split("@")[0]
    spot = next(t for t in current["scene"]["hand"] if t["tile"] == tile)
    click_canvas(page, spot["x"], spot["y"])
    after = state(page)
    if after["selected"] == tile:
        end = move.split("@")[1]
        target = next(t for t in after["scene"]["targets"] if t["end"] == end)
        click_canvas(page, target["x"], target["y"])


def test_a_puzzle_is_solved_by_tapping_and_the_rating_moves_once(open_app: OpenApp) -> None:
    page = open_puzzle(open_app, OPEN_ID)
    first = puzzle_state(page)
    assert first["state"] == "solving" and first["kind"] == "open"
    expect(page.locator("#turn")).to_have_text("Your move: find the best one.")
    faces = [seat["faces"] for seat in state(page)["scene"]["seats"] if seat["seat"] != 0]
    assert all(faces), "an open-hand puzzle shows every hand face up"
    for _ in range(10):
        now = puzzle_state(page)
        if now["state"] != "solving":
            break
        tap_move(page, now["next"])
    solved = puzzle_state(page)
    assert solved["state"] == "solved" and solved["outcome"] == "solved"
    expect(page.locator("#turn")).to_have_text("Solved!")
    expect(page.locator("#challenge-said")).to_contain_text("Your puzzle rating: 1500 → ")
    kept = json.loads(page.evaluate("localStorage.getItem('dominoes.puzzles')"))
    assert kept["rating"][0] > 1500 and kept["streak"] == 1 and kept["attempts"][0][0] == OPEN_ID
    page.click("#puzzles-btn")
    expect(page.locator("#puzzles-rating")).to_contain_text("Solved 1 of 1")
    expect(page.locator("#puzzles-history")).to_contain_text(OPEN_ID)
    page.keyboard.press("Escape")
    page.click("#game-btn")
    page.click("#stats-btn")
    expect(page.locator("#stats-body")).to_contain_text("Solved at the first try1 of 1")


def test_a_wrong_move_is_explained_and_tried_again(open_app: OpenApp) -> None:
    page = open_puzzle(open_app, OPEN_ID)
    now = puzzle_state(page)
    wrong = next(move for move in state(page)["legal"] if move != now["next"])
    tap_move(page, wrong)
    page.wait_for_function("!document.querySelector('#challenge-said').textContent.startsWith('Working')")
    missed = puzzle_state(page)
    assert missed["state"] == "failed" and missed["outcome"] == "failed"
    said = page.locator("#challenge-said").inner_text()
    assert "With best play after it" in said and "the best move" in said, said
    assert now["next"].split("@")[0] not in said, "the reason does not give the answer away"
    assert "Your puzzle rating: 1500 → " in said
    page.click("#puzzle-retry-btn")
    again = puzzle_state(page)
    assert again["state"] == "solving" and again["step"] == now["step"]
    tap_move(page, again["next"])
    assert puzzle_state(page)["outcome"] == "failed", "the first try is the one that counts"


def test_the_answer_is_shown_and_the_game_waits_behind(open_app: OpenApp) -> None:
    page = open_app("?variant=draw-2&seed=11&aidelay=0").page
    game = settle(page)
    page.click("#puzzles-btn")
    page.click("#puzzles-start-btn")
    page.wait_for_function("!!JSON.parse(window.dominoesTest.state()).puzzle")
    page.click("#puzzle-answer-btn")
    page.wait_for_function("document.body.dataset.puzzle === 'shown'")
    shown = puzzle_state(page)
    assert shown["outcome"] == "failed" and shown["step"] == len(shown["line"])
    page.click("#puzzle-next-btn")
    page.wait_for_function(f"JSON.parse(window.dominoesTest.state()).puzzle.id !== {json.dumps(shown['id'])}")
    page.click("#puzzle-leave-btn")
    page.wait_for_function("!JSON.parse(window.dominoesTest.state()).puzzle")
    back = settle(page)
    assert back["hand"] == game["hand"] and back["variant"] == "draw-2"


def test_a_hidden_hand_puzzle_shows_only_the_persons_tiles(open_app: OpenApp) -> None:
    page = open_puzzle(open_app, HIDDEN_ID)
    now = puzzle_state(page)
    assert now["kind"] == "hidden"
    assert not any(seat["faces"] for seat in state(page)["scene"]["seats"] if seat["seat"] != 0)
    expect(page.locator("#challenge-said")).to_contain_text("You see only your tiles.")


def test_a_bad_puzzle_link_says_so_and_shows_the_list(open_app: OpenApp) -> None:
    page = open_app("?puzzle=no-such-puzzle&aidelay=0").page
    expect(page.locator("#puzzles-dialog")).to_be_visible()
    expect(page.locator("#puzzles-said")).to_have_text(
        "There is no puzzle called “no-such-puzzle”. Choose one here."
    )
    assert state(page).get("puzzle") is None


def test_the_days_puzzle_is_the_same_in_two_browsers_on_one_date(open_app: OpenApp) -> None:
    import datetime

    day = datetime.date(2027, 3, 14)
    expected = daily_puzzle(day, list(PUZZLES.values())).id
    seen = []
    for _ in range(2):
        session = open_app("?aidelay=0", wait=False, permissions=["clipboard-read", "clipboard-write"])
        page = session.page
        page.clock.set_fixed_time(datetime.datetime(2027, 3, 14, 9, 30))
        page.reload()
        page.wait_for_function("document.body.dataset.appState === 'ready'")
        page.click("#puzzles-btn")
        page.click("#puzzles-daily-btn")
        page.wait_for_function("!!JSON.parse(window.dominoesTest.state()).puzzle")
        found = puzzle_state(page)
        assert found["daily"]
        seen.append(found["id"])
    assert seen == [expected, expected]
    # The result shared gives nothing away: the date, the result and a link, no tile.
    answer = str(puzzle_state(page)["next"])
    page.click("#puzzle-answer-btn")
    page.wait_for_function("document.body.dataset.puzzle === 'shown'")
    page.click("#puzzle-share-btn")
    expect(page.locator("#status")).to_have_text("Result copied: paste it anywhere.")
    result, link = page.evaluate("navigator.clipboard.readText()").split("\n")
    assert result == "Dominoes puzzle of 14 March 2027: missed ✗", result
    assert link.endswith(f"?puzzle={expected}") and answer.split("@")[0] not in result


def test_an_embedded_puzzle_tells_its_host(open_app: OpenApp) -> None:
    page = open_puzzle(open_app, OPEN_ID, "&embed=1&origin=http://127.0.0.1:1")
    now = puzzle_state(page)
    wrong = next(move for move in state(page)["legal"] if move != now["next"])
    tap_move(page, wrong)
    page.wait_for_function(
        "JSON.parse(window.dominoesTest.state()).host_messages.some(m => m.includes('puzzle-failed'))"
    )
    sent = [json.loads(text) for text in state(page)["host_messages"]]
    failed = next(message for message in sent if message["type"] == "puzzle-failed")
    assert failed["puzzle"] == OPEN_ID and failed["variant"] == "block"


def test_the_days_deal_resumes_after_a_reload_and_is_compared_with_the_expert(open_app: OpenApp) -> None:
    import datetime

    from engine.line.notation import read_record
    from engine.puzzles.daily import daily_deal_seed
    from web.daily.controller import daily_settings, hand_margin
    from web.daily.expert import expert_in_your_seat

    session = open_app("?daily=draw-2&aidelay=0", wait=False)
    page = session.page
    page.clock.set_fixed_time(datetime.datetime(2027, 3, 14, 9, 30))
    page.reload()
    page.wait_for_function("document.body.dataset.appState === 'ready'")
    first = settle(page)
    assert first["daily"]["seed"] == daily_deal_seed(datetime.date(2027, 3, 14), "draw-2")
    assert first["daily"]["day"] == "2027-03-14"
    make_my_move_with_buttons(page, first)
    moved = settle(page)
    page.reload()
    page.wait_for_function("document.body.dataset.appState === 'ready'")
    back = settle(page)
    assert back["hand"] == moved["hand"] and back["layout_tiles"] == moved["layout_tiles"], "the deal resumes"
    done = play_the_days_deal(page)["daily"]
    record = page.evaluate("localStorage.getItem(JSON.parse(window.dominoesTest.state()).save_key)")
    assert done["you"] == hand_margin(read_record(record), 0)
    thinking = expert_in_your_seat(daily_settings("draw-2"), done["seed"])
    try:
        while True:
            next(thinking)
    except StopIteration as finished:
        expert = finished.value
    assert done["expert"] == hand_margin(expert.match, 0), "the same deal, the same seeds as on CPython"
    said = page.locator("#challenge-said")
    expect(said).to_contain_text(f"You: {done['you']:+d}. The Expert in your seat: {done['expert']:+d}.")
    page.reload()
    page.wait_for_function("document.body.dataset.appState === 'ready'")
    expect(said).to_contain_text(f"The Expert in your seat: {done['expert']:+d}.")
    page.click("#daily-expert-btn")
    expect(page.locator("#replay-dialog")).to_be_visible()


def test_the_docs_test_yourself_page_tallies_its_embedded_puzzles(
    partitioning_browser: Browser, app_url: str, tmp_path: Path
) -> None:
    """docs/test-yourself.html, served from another site with the table's address put in:
    one of its puzzles solved with the keyboard twin in its frame, the page's tally says so."""
    table_origin = "{0.scheme}://{0.netloc}".format(urlsplit(app_url))
    page_text = (ROOT / "docs" / "test-yourself.html").read_text(encoding="utf-8")
    page_text = page_text.replace("https://YOUR-HOST/index.html?", f"{app_url}index.html?aidelay=0&amp;")
    page_text = page_text.replace('"https://YOUR-HOST"', json.dumps(table_origin))
    (tmp_path / "test-yourself.html").write_text(page_text, encoding="utf-8")
    server, base = serve_host_site(tmp_path)
    try:
        context = partitioning_browser.new_context(service_workers="block")
        page = context.new_page()
        page.goto(base + "test-yourself.html")
        expect(page.locator("#tally")).to_have_text("Solved 0 of 3.")
        frame_element = page.locator("iframe").first
        frame_element.scroll_into_view_if_needed()
        frame = frame_element.element_handle().content_frame()
        assert frame is not None
        frame.wait_for_function(
            "window.dominoesTest && (JSON.parse(window.dominoesTest.state()).puzzle || {}).id === 'all-fives-2-0004'",
            timeout=120_000,
        )
        for _ in range(10):
            frame.wait_for_function("document.body.dataset.phase !== 'bot'")
            now = state(frame)["puzzle"]
            if now["state"] != "solving":
                break
            tile, _, end = now["next"].partition("@")
            frame.locator(f"#a11y-hand button[data-move='{tile}']").press("Enter")
            if state(frame)["selected"] == tile:
                frame.locator(f"#a11y-ends button[data-move='{end}']").press("Enter")
        assert state(frame)["puzzle"]["state"] == "solved"
        expect(page.locator("#tally")).to_have_text("Solved 1 of 3.")
        context.close()
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_serious_problem_on_the_puzzle_screens(open_app: OpenApp, scheme: str) -> None:
    page = open_puzzle(open_app, OPEN_ID, color_scheme=scheme)
    puzzle_state(page)
    screens = {"puzzle": axe_violations(page)}
    now = puzzle_state(page)
    tap_move(page, next(move for move in state(page)["legal"] if move != now["next"]))
    page.wait_for_function("!document.querySelector('#challenge-said').textContent.startsWith('Working')")
    screens["puzzle missed"] = axe_violations(page)
    page.click("#puzzles-btn")
    page.wait_for_function("document.querySelector('#puzzles-variant').options.length > 2")
    screens["puzzles dialog"] = axe_violations(page)
    assert {name: found for name, found in screens.items() if found} == {}


@pytest.mark.parametrize("size", ["phone", "phone-sideways", "tablet", "desktop", "frame-400x300"])
def test_the_puzzle_screens_fit_and_nothing_overlaps(open_app: OpenApp, size: str) -> None:
    """A puzzle solving and missed, and the day's deal over, at each size: nothing drawn
    overlaps or is cut (the box checks), the bars and the footer fit the width and every
    button offered is inside the viewport; the screens are written to test-results/screens/."""
    width, height = VIEWPORTS[size]
    embed = "&embed=1" if size.startswith("frame") else ""
    page = open_puzzle(open_app, OPEN_ID, embed, viewport={"width": width, "height": height})
    SCREENS.mkdir(parents=True, exist_ok=True)

    def check(name: str) -> None:
        page.wait_for_function("document.body.dataset.moving !== 'true'")
        page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
        scene = state(page)["scene"]
        assert box_problems(scene["boxes"], scene["drawn"]["width"], scene["drawn"]["height"]) == [], name
        assert page.evaluate("document.documentElement.scrollWidth") <= width, f"{name} is too wide"
        for button in page.locator(".controls button:visible").all():
            box = button.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, name
            assert box["y"] + box["height"] <= height + 0.5, f"{name}: {button.inner_text()} is cut off"
        page.screenshot(path=SCREENS / f"{name}-{size}.png")

    puzzle_state(page)
    check("puzzle")
    now = puzzle_state(page)
    tap_move(page, next(move for move in state(page)["legal"] if move != now["next"]))
    page.wait_for_function("!document.querySelector('#challenge-said').textContent.startsWith('Working')")
    check("puzzle-missed")
    page.goto(f"{page.url.split('?')[0]}?daily=draw-2&aidelay=0{embed}")
    page.wait_for_function("document.body.dataset.appState === 'ready'")
    play_the_days_deal(page)
    page.locator("#table").focus()  # (the keyboard twin's buttons used to play stand aside)
    check("daily-deal-over")
