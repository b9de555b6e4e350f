"""Pass and play in the browser: two people and two computer players share one device, and
no person's tiles are ever on screen while the privacy screen is up or on another's turn.

The test chooses the players in New game, plays a whole partnership hand through the
keyboard twin, and notes what the table showed at every step (the scene's tiles and the
twin's buttons). At the end it reads the game's record from storage and checks each note
against the tiles each seat was really dealt.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.table import choose_rule_set, make_my_move_with_buttons, settle, state
from web.storage.game_record import read_game

pytestmark = pytest.mark.e2e

PEOPLE = {0: "Player 1", 1: "Player 2"}
"""The seats the two people play (opponents, moving one after the other), and their names."""

OTHERS = {**PEOPLE, 2: "Computer 1", 3: "Computer 2"}
"""Every seat's name: at a shared table the computer players are numbered too."""


def shown_tiles(page: Page, current: dict[str, Any]) -> set[str]:
    """Every tile face the table shows: the hand in the scene, face-up tiles at any seat, and
    the keyboard twin's tile buttons."""
    scene = current["scene"]
    faces = {tile["tile"] for tile in scene["hand"]}
    faces |= {face for seat in scene["seats"] for face in seat["faces"]}
    faces |= set(
        page.locator("#a11y-hand button").evaluate_all("(buttons) => buttons.map((b) => b.dataset.move)")
    )
    return faces


def choose_two_people(page: Page) -> None:
    """New game: Partnership Block, West a person, North and East computer players."""
    page.click("#new-game-btn")
    expect(page.locator("#new-game-dialog")).to_be_visible()
    choose_rule_set(page, "partnership-block")
    page.select_option("select[name='level-1']", "human")
    page.select_option("select[name='level-2']", "greedy")
    page.select_option("select[name='level-3']", "greedy")
    page.click("#ng-start")
    expect(page.locator("#new-game-dialog")).to_be_hidden()


def test_two_people_and_two_computers_play_a_hand_without_seeing_each_others_tiles(
    open_app: Callable[..., Any],
) -> None:
    page = open_app("?aidelay=0").page
    choose_two_people(page)
    notes: list[tuple[str, int | None, set[str]]] = []
    """(phase, seat whose tiles may show, the faces shown) at each step of the hand."""
    screens = reloaded = 0
    moved: set[int] = set()
    current = settle(page)
    for _ in range(200):
        if current["phase"] in ("hand-over", "match-over"):
            break
        faces = shown_tiles(page, current)
        if current["phase"] == "pass":
            screens += 1
            dialog = page.locator("#pass-dialog")
            expect(dialog).to_be_visible()
            name = PEOPLE[current["turn"]]
            expect(page.locator("#pass-title")).to_have_text(f"Pass to {name}")
            assert current["scene"]["hand_owner"] is None
            notes.append(("pass", None, faces))
            # what happened since this person last moved, in words, on the screen itself
            heading = "Since your last turn" if current["turn"] in moved else "So far this hand"
            expect(page.locator("#pass-since-title")).to_have_text(heading)
            missed = page.locator("#pass-missed li").all_text_contents()
            assert missed, "the screen says what happened since"
            if current["turn"] in moved:
                others = {name for seat, name in OTHERS.items() if seat != current["turn"]}
                assert {text.split(" ")[0] + " " + text.split(" ")[1] for text in missed} >= others, missed
            page.keyboard.press("Escape")  # the screen stays up: only the ready button lifts it
            expect(dialog).to_be_visible()
            page.locator("#pass-ready-btn").click()
            expect(dialog).to_be_hidden()
            expect(page.locator("#status")).to_have_text(f"{name} to play. {heading}: {' '.join(missed)}")
        else:
            assert current["phase"] == "human", current["phase"]
            assert current["viewer"] == current["turn"] in PEOPLE
            assert current["scene"]["hand_owner"] == current["turn"]
            expect(page.locator("#turn")).to_contain_text(f"{PEOPLE[current['turn']]}, your turn")
            moved.add(current["turn"])
            notes.append(("human", current["turn"], faces))
            make_my_move_with_buttons(page, current)
            if not reloaded and current["turn"] == 1:
                reloaded += 1  # a reload hides the hands again: nobody sees them by reloading
                page.reload()
                page.wait_for_function("document.body.dataset.appState === 'ready'")
                after = state(page)
                assert after["hand"] == [] and after["scene"]["hand"] == []
        current = settle(page)
    else:
        raise AssertionError("the hand did not end")
    assert screens >= 2 and reloaded == 1
    assert {seat for phase, seat, _ in notes if phase == "human"} == set(PEOPLE)

    _, match = read_game(page.evaluate("(key) => localStorage.getItem(key)", current["save_key"]))
    dealt = {seat: {str(tile) for tile in match.hands[0].dealt[seat]} for seat in range(4)}
    for phase, seat, faces in notes:
        if phase == "pass":
            assert faces == set(), f"tiles shown behind the privacy screen: {faces}"
        else:
            assert seat is not None and faces <= dealt[seat], (seat, faces - dealt[seat])
            other = 1 - seat
            assert not faces & dealt[other], f"{PEOPLE[other]}'s tiles shown on {PEOPLE[seat]}'s turn"
    # The end of the hand shows every hand, and the undo stays off.
    expect(page.locator("#hand-dialog")).to_be_visible()
    assert page.locator("#hand-undo-btn").is_hidden()
