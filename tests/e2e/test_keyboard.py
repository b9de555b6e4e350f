"""The table with the keyboard alone: a whole 4-player hand from page load by key presses
(the test never moves focus itself), the move log and the read commands; and axe-core's
check of the main screens."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.table import (
    choose_dice_tiles,
    click_canvas,
    make_my_move_with_buttons,
    play_hand_with_buttons,
    play_to_the_match_end,
    settle,
    state,
)
from tests.helpers.axe import axe_violations

pytestmark = pytest.mark.e2e


FOCUSED = """() => {
    const el = document.activeElement;
    return {id: el.id, move: el.dataset.move || "", group: el.closest('[role="group"]')?.id || "",
            visible: el.matches(':focus-visible') || el.getAttribute('role') === 'group'};
}"""


def focused(page: Page) -> dict[str, Any]:
    return page.evaluate(FOCUSED)


def test_a_whole_block_hand_is_played_with_the_keyboard_alone(open_app: Callable[..., Any]) -> None:
    page = open_app("?variant=block&players=4&seed=5&aidelay=0").page
    page.keyboard.press("Tab")
    expect(page.locator(".skip")).to_be_focused()  # the first stop: straight to the tiles
    page.keyboard.press("Enter")
    assert focused(page)["id"] == "a11y-hand"
    moves = read = 0
    for _ in range(200):
        current = settle(page)
        if current["phase"] in ("hand-over", "match-over"):
            break
        assert current["phase"] == "human"
        where = focused(page)
        assert "a11y-hand" in (where["id"], where["group"]), f"focus left the tiles: {where}"
        assert where["visible"], "focus is not visible"
        if not read:
            read += 1
            page.keyboard.press("t")
            expect(page.locator("#readout")).to_contain_text("Your tiles: ")
            page.keyboard.press("c")
            expect(page.locator("#readout")).to_contain_text("Tiles held: West ")
        playable = [tile["tile"] for tile in current["scene"]["hand"] if tile["playable"]]
        if not playable:
            assert current["legal"] == ["pass"], current["legal"]
            page.keyboard.press("p")
            continue
        for _ in range(len(current["hand"]) + 1):
            if focused(page)["move"] == playable[0]:
                break
            page.keyboard.press("ArrowRight")
        assert focused(page)["move"] == playable[0]
        page.keyboard.press("Enter")
        if state(page)["selected"] is not None:  # it fits two ends: focus is on the first
            assert focused(page)["group"] == "a11y-ends"
            page.keyboard.press("ArrowRight")
            page.keyboard.press("Enter")
        assert playable[0] not in state(page)["hand"], f"{playable[0]} was not played"
        moves += 1
    else:
        raise AssertionError("the hand did not end")
    assert moves >= 2 and read == 1
    log = page.locator("#move-log p").all_text_contents()
    assert any(line.startswith("Your turn") for line in log), log[-5:]
    assert any(" plays " in line and ("Ends are" in line or "End is" in line) for line in log), log[-5:]
    assert log[-1].startswith("Score: "), log[-3:]  # the hand's result, then the score
    # The summary takes focus; Enter deals the next hand and focus goes back to the tiles.
    expect(page.locator("#next-hand-btn")).to_be_focused()
    page.keyboard.press("Enter")
    settle(page)
    assert "a11y-hand" in (focused(page)["id"], focused(page)["group"])


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_serious_problem_on_the_main_screens(open_app: Callable[..., Any], scheme: str) -> None:
    page = open_app("?variant=all-fives&seed=3&aidelay=0", color_scheme=scheme).page
    settle(page)
    screens = {"table": axe_violations(page)}
    page.click("#new-game-btn")
    screens["new game"] = axe_violations(page)
    page.click("#ng-cancel")
    page.click("#rules-btn")
    screens["rules"] = axe_violations(page)
    page.keyboard.press("Escape")
    play_hand_with_buttons(page)
    expect(page.locator("#hand-dialog")).to_be_visible()
    screens["hand summary"] = axe_violations(page)
    page.click("#hand-replay-btn")
    expect(page.locator("#replay-dialog")).to_be_visible()
    screens["replay viewer"] = axe_violations(page)
    page.click("#replay-review")
    page.wait_for_function("document.body.dataset.review === 'done'")
    page.click("#review-details summary")
    expect(page.locator("#review-rows tr").first).to_be_visible()
    screens["review"] = axe_violations(page)
    assert {name: found for name, found in screens.items() if found} == {}


def test_a_round_of_dice_and_dominoes_is_played_with_the_keyboard_and_passes_axe(
    open_app: Callable[..., Any],
) -> None:
    page = open_app("?variant=dice&players=3&seed=3&aidelay=0").page
    page.wait_for_function("document.body.dataset.phase === 'choose'")
    screens = {"dice table": axe_violations(page)}
    page.keyboard.press("Tab")  # the skip link goes to the dice game's tiles
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert focused(page)["group"] == "dice-twin", focused(page)
    for _ in range(2):
        page.keyboard.press("Enter")  # choose the focused tile (it stays focused)
        assert focused(page)["group"] == "dice-twin", focused(page)
        page.keyboard.press("ArrowRight")
    chosen = page.locator("#dice-twin button[aria-pressed='true']")
    expect(chosen).to_have_count(2)
    screens["dice choice"] = axe_violations(page)
    page.locator("#dice-put-out").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("document.body.dataset.phase === 'reveal'")
    screens["dice reveal"] = axe_violations(page)
    expect(page.locator("#move-log")).to_contain_text("The dice show")
    assert {name: found for name, found in screens.items() if found} == {}


def test_the_table_keeps_up_while_focus_rests_on_a_group_of_tiles(open_app: Callable[..., Any]) -> None:
    """The skip link puts focus on the tiles' group itself (no tile of its own): the
    computer's move and the person's taps must still bring every panel up to date."""
    page = open_app("?variant=draw-2&seed=5&aidelay=300").page
    current = settle(page)
    playable = [tile for tile in current["scene"]["hand"] if tile["playable"]]
    click_canvas(page, playable[0]["x"], playable[0]["y"])
    # (the twin is rebuilt once the tap is taken: focus the group after that, not before)
    page.wait_for_function(
        "(tile) => { const s = JSON.parse(window.dominoesTest.state()); return s.selected !== null"
        " || !s.hand.includes(tile); }",
        arg=playable[0]["tile"],
    )
    page.focus("#a11y-hand")  # where the skip link puts it, while the computer thinks
    # Focus rests in the tiles' group: on the group, or on a tile of it if the computer's move
    # rebuilt the buttons meanwhile (the twin then keeps the keyboard player's place there).
    assert page.evaluate("document.getElementById('a11y-hand').contains(document.activeElement)")
    after = settle(page)
    assert after["phase"] in ("human", "hand-over", "match-over")
    assert page.evaluate("document.body.dataset.phase") == after["phase"], "the page kept up"
    dice = open_app("?variant=dice&players=3&seed=3&aidelay=0").page
    dice.wait_for_function("document.body.dataset.phase === 'choose'")
    dice.focus("#dice-twin")
    choose_dice_tiles(dice)
    expect(dice.locator("#dice-twin button[aria-pressed='true']")).to_have_count(2)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_serious_problem_on_the_pass_screen_and_the_end_of_a_match(
    open_app: Callable[..., Any], scheme: str
) -> None:
    page = open_app(
        "?variant=partnership-block&level=human,greedy,greedy&seed=3&aidelay=0", color_scheme=scheme
    ).page
    page.wait_for_function("document.body.dataset.phase === 'pass'")
    screens = {"pass screen": axe_violations(page)}
    for _ in range(12):  # to the screen that lists what a person missed since their turn
        current = settle(page)
        if current["phase"] == "pass" and page.locator("#pass-missed li").count() > 1:
            break
        if current["phase"] == "pass":
            page.click("#pass-ready-btn")
        elif current["phase"] == "human":
            make_my_move_with_buttons(page, current)
    expect(page.locator("#pass-since")).to_be_visible()
    screens["what was missed"] = axe_violations(page)
    match = open_app("?variant=draw-2&seed=2024&level=greedy&aidelay=0", color_scheme=scheme).page
    play_to_the_match_end(match, make_my_move_with_buttons)
    expect(match.locator("#match-moment")).to_be_visible()
    screens["end of a match"] = axe_violations(match)
    assert {name: found for name, found in screens.items() if found} == {}
