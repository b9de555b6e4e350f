"""Complete games through the real page in headless Chromium.

Tile positions come from the app's own scene (``window.dominoesTest.state()``), never
from hard-coded pixels. Every test also inherits the recorder's checks: no console
errors, and no request leaves 127.0.0.1.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e.table import choose_rule_set, click_canvas, play_hand_with_buttons, settle, state
from tests.helpers.axe import axe_rule_violations


def play_my_turn_on_canvas(page: Page, current: dict[str, Any]) -> None:
    """Make one move for the person by clicking on the canvas (Pass, if forced, by its button)."""
    playable = [tile for tile in current["scene"]["hand"] if tile["playable"]]
    if playable:
        tile = max(playable, key=lambda t: sum(int(v) for v in t["tile"].split("-")))
        click_canvas(page, tile["x"], tile["y"])
        # (the page takes a tap in its own time: wait until it is played, or picked up)
        page.wait_for_function(
            "(tile) => { const s = JSON.parse(window.dominoesTest.state()); return s.selected !== null"
            " || !s.hand.includes(tile); }",
            arg=tile["tile"],
            timeout=15_000,
        )
        after = state(page)
        if after["selected"] is not None:  # fits two ends: the lit targets are on the canvas
            assert after["selected"] == tile["tile"]
            assert len(after["scene"]["targets"]) == 2
            target = after["scene"]["targets"][0]
            click_canvas(page, target["x"], target["y"])
            page.wait_for_function(
                "(tile) => !JSON.parse(window.dominoesTest.state()).hand.includes(tile)",
                arg=tile["tile"],
                timeout=15_000,
            )
            after = state(page)
        assert tile["tile"] not in after["hand"], f"{tile['tile']} was not played"
    elif "draw" in current["legal"]:
        boneyard = current["scene"]["boneyard"]
        assert boneyard["can_draw"]
        click_canvas(page, boneyard["x"], boneyard["y"])
        after = state(page)
        assert len(after["hand"]) == len(current["hand"]) + 1, "the drawn tile appears in the hand"
    else:
        assert current["legal"] == ["pass"]
        page.click("#pass-btn")
        after = state(page)
        assert after["announcement"].startswith("You pass") or after["phase"] != "human"


def test_a_complete_draw2_match_to_100_is_played_on_the_canvas(open_app: Callable[..., Any]) -> None:
    page = open_app("?variant=draw-2&seed=2024&level=greedy&aidelay=0").page
    hands_seen = 0
    for _ in range(2000):
        current = settle(page)
        if current["phase"] == "match-over":
            break
        if current["phase"] == "hand-over":
            expect(page.locator("#hand-dialog")).to_be_visible()
            expect(page.locator("#hand-rows tr")).to_have_count(2)
            expect(page.locator("#hand-why")).to_have_text(re.compile(r"(went out|Blocked)"))
            hands_seen += 1
            page.click("#next-hand-btn")
            page.wait_for_function(
                f"JSON.parse(window.dominoesTest.state()).hand_number === {current['hand_number'] + 1}"
            )
            continue
        play_my_turn_on_canvas(page, current)
    final = state(page)
    assert final["phase"] == "match-over"
    assert max(final["scores"]) >= 100
    assert hands_seen >= 1
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"wins? the match"))
    expect(page.locator("#hand-total")).to_have_text(
        re.compile(r"Final score: .* (is|are) credited with \d+ points")
    )
    expect(page.locator("#new-match-btn")).to_be_visible()
    expect(page.locator("#next-hand-btn")).to_be_hidden()
    # the match's own moment: by how much, where each side finished; then the same again
    expect(page.locator("#match-moment")).to_be_visible()
    high, low = sorted(final["scores"], reverse=True)
    expect(page.locator("#match-margin")).to_have_text(f"By {high - low} points: {high} to {low}.")
    expect(page.locator("#match-standings li")).to_have_count(2)
    expect(page.locator("#rematch-btn")).to_be_focused()
    page.click("#rematch-btn")
    page.wait_for_function("JSON.parse(window.dominoesTest.state()).phase !== 'match-over'")
    again = state(page)
    assert (again["variant"], again["players"], again["hand_number"]) == ("draw-2", 2, 1)
    assert again["scores"] == [0, 0]
    expect(page.locator("#hand-dialog")).to_be_hidden()


def test_a_four_player_block_hand_is_played_with_the_keyboard_buttons(open_app: Callable[..., Any]) -> None:
    page = open_app("?variant=block&players=4&seed=7&aidelay=0").page
    assert state(page)["players"] == 4
    expect(page.locator("#draw-btn")).to_be_hidden()  # block: the sleeping tiles are never drawn
    for _ in range(200):
        current = settle(page)
        if current["phase"] in ("hand-over", "match-over"):
            break
        playable = [t["tile"] for t in current["scene"]["hand"] if t["playable"]]
        if not playable:
            assert current["legal"] == ["pass"]
            page.click("#pass-btn")
            continue
        # Keyboard users reach the twin by focus; Enter presses the focused button.
        page.locator(f"#a11y-hand button[data-move='{playable[0]}']").press("Enter")
        if state(page)["selected"] is not None:
            page.locator("#a11y-ends button").first.press("Enter")
        assert playable[0] not in state(page)["hand"]
    final = state(page)
    assert final["phase"] in ("hand-over", "match-over")
    expect(page.locator("#hand-rows tr")).to_have_count(4)
    expect(page.locator("#hand-why")).to_have_text(
        re.compile(r"(went out(; .* | and )scores \d+|Blocked: .*)")
    )


GAME_KEYS = ("hand", "layout_tiles", "scores", "boneyard", "hand_number", "variant", "players")
"""What must be the same after a reload for the game to be the same."""


def play_turns(page: Page, turns: int) -> dict[str, Any]:
    """Play ``turns`` of the person's moves on the canvas (fewer if the hand ends)."""
    for _ in range(turns):
        current = settle(page)
        if current["phase"] != "human":
            break
        play_my_turn_on_canvas(page, current)
    return settle(page)


def test_a_reload_keeps_the_game_a_seeded_link_started(open_app: Callable[..., Any]) -> None:
    page = open_app("?variant=draw-2&seed=99&aidelay=0").page
    before = play_turns(page, 3)
    assert before["layout_tiles"] >= 3
    page.reload(wait_until="commit")
    page.wait_for_function("document.body.dataset.appState === 'ready'")
    after = settle(page)
    for key in GAME_KEYS:
        assert after[key] == before[key], key
    assert after["restored"] is True
    expect(page.locator("#notice")).to_be_hidden()


def test_a_link_to_another_game_never_replaces_the_game_in_progress(open_app: Callable[..., Any]) -> None:
    session = open_app("?aidelay=0")
    page = session.page
    mine = play_turns(page, 2)
    # A rules website's link to another game, and two tables embedded side by side.
    page.goto(page.url.split("?")[0] + "?variant=block&players=4&seed=3&aidelay=0")
    page.wait_for_function("document.body.dataset.appState === 'ready'")
    block = play_turns(page, 1)
    assert (block["variant"], block["players"]) == ("block", 4)
    page.goto(page.url.split("?")[0] + "?variant=block&players=4&seed=3&table=second&aidelay=0")
    page.wait_for_function("document.body.dataset.appState === 'ready'")
    second = settle(page)
    assert second["restored"] is False and second["layout_tiles"] < block["layout_tiles"]
    # Back to each link and to the plain table: every game is where it was left.
    page.goto(page.url.split("?")[0] + "?variant=block&seed=3&players=4&aidelay=0")
    page.wait_for_function("document.body.dataset.appState === 'ready'")
    again = settle(page)
    for key in GAME_KEYS:
        assert again[key] == block[key], key
    page.goto(page.url.split("?")[0] + "?aidelay=0")
    page.wait_for_function("document.body.dataset.appState === 'ready'")
    back = settle(page)
    for key in GAME_KEYS:
        assert back[key] == mine[key], key


def test_an_unknown_variant_in_the_link_is_explained_and_changes_nothing(
    open_app: Callable[..., Any],
) -> None:
    page = open_app("?variant=chess&aidelay=0").page
    current = state(page)
    assert current["variant"] == "draw-2"  # the default table, untouched
    expect(page.locator("#notice")).to_be_visible()
    expect(page.locator("#notice-text")).to_have_text(
        re.compile(r"variant=chess is not a rule set .*Rule sets: ")
    )
    page.click("#notice-close")
    expect(page.locator("#notice")).to_be_hidden()


def test_the_new_game_dialog_starts_the_chosen_table(open_app: Callable[..., Any]) -> None:
    page = open_app("?aidelay=0").page
    page.click("#new-game-btn")
    expect(page.locator("#new-game-dialog")).to_be_visible()
    choose_rule_set(page, "block")
    page.select_option("#ng-players", "3")
    expect(page.locator(".ng-level")).to_have_count(2)
    page.locator(".ng-level").nth(1).select_option("random")
    page.click("#ng-start")
    expect(page.locator("#new-game-dialog")).to_be_hidden()
    current = state(page)
    assert (current["variant"], current["players"]) == ("block", 3)
    page.click("#rules-btn")
    expect(page.locator("#rules-title")).to_have_text("Block Dominoes")
    expect(page.locator("#rules-list li")).to_have_count(7)


def test_the_table_fits_a_phone_in_portrait(open_app: Callable[..., Any]) -> None:
    page = open_app("?variant=draw-2&seed=5&aidelay=0", viewport={"width": 390, "height": 844}).page
    current = settle(page)
    box = page.locator("#table").bounding_box()
    assert box is not None and box["width"] <= 390
    for tile in current["scene"]["hand"]:
        assert 0 <= tile["x"] <= box["width"] and 0 <= tile["y"] <= box["height"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    bar = page.locator(".topbar").bounding_box()
    assert bar is not None and bar["height"] <= 80, f"the top bar wraps: {bar['height'] if bar else None} px"


def test_the_hand_summary_closes_to_show_the_board_and_opens_again(open_app: Callable[..., Any]) -> None:
    page = open_app("?variant=draw-2&seed=5&aidelay=0", viewport={"width": 390, "height": 844}).page
    final = play_hand_with_buttons(page)
    assert final["phase"] == "hand-over"
    dialog = page.locator("#hand-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#hand-title")).to_be_in_viewport()
    assert axe_rule_violations(page, "empty-table-header") == []  # (the notes' head is read out)
    # Escape closes it, and the footer's Summary (focused) brings it back.
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.locator("#summary-btn")).to_be_focused()
    page.keyboard.press("Enter")
    expect(dialog).to_be_visible()
    # With New game open over it, Escape closes New game (the dialog on top) and only then the summary.
    page.click("#new-game-btn")
    expect(page.locator("#new-game-dialog")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#new-game-dialog")).to_be_hidden()
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    page.click("#summary-btn")
    expect(dialog).to_be_visible()
    # So does its close button; nothing overflows the phone's width meanwhile.
    close = page.locator("#hand-close").bounding_box()
    assert close is not None and close["width"] >= 44 and close["height"] >= 44
    page.click("#hand-close")
    expect(dialog).to_be_hidden()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.click("#summary-btn")
    page.click("#next-hand-btn")
    page.wait_for_function("JSON.parse(window.dominoesTest.state()).hand_number === 2")
    expect(dialog).to_be_hidden()
    expect(page.locator("#summary-btn")).to_be_hidden()
