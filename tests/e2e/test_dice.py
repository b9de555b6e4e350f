"""Dice and Dominoes in the browser: chosen in New game, a whole hand played on the canvas
(tiles tapped into the choice, turned over, put out, the reveal read, the next round), the
computer players' choices covered until the reveal, a reload in the middle, and two people
sharing the device without seeing each other's tiles."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from engine.dice.notation import read_dice_record
from tests.e2e.table import choose_dice_tiles, choose_rule_set, state

pytestmark = pytest.mark.e2e


def saved_record(page: Page) -> str:
    """The game as the table keeps it in storage."""
    return str(page.evaluate("(key) => localStorage.getItem(key)", state(page)["save_key"]))


def choose(page: Page, current: dict[str, Any]) -> None:
    """Tap the first two tiles of the hand into the choice; turn over what the dice refuse;
    put them out."""
    choose_dice_tiles(page)
    assert state(page)["reason"] == ""
    page.click("#dice-put-out")


def test_a_whole_hand_of_dice_and_dominoes_is_played_on_the_canvas(open_app: Callable[..., Any]) -> None:
    """A hand played by taps (a reload mid-way shows the same reveal), replayed, and kept in
    the history."""
    page = open_app("?aidelay=0").page
    page.click("#new-game-btn")
    choose_rule_set(page, "dice")
    page.select_option("#ng-players", "3")
    expect(page.locator("#ng-target-label")).to_be_hidden()
    expect(page.locator("select[name='level-1'] option[value='expert']")).to_have_text("Expert")
    page.click("#ng-start")
    page.wait_for_function(
        "document.body.dataset.game === 'dice' && document.body.dataset.phase === 'choose'"
    )
    expect(page.locator("#draw-btn")).to_be_hidden()
    expect(page.locator("#score")).to_contain_text("pot 3")
    reloaded = False
    for _ in range(80):
        current = state(page)
        phase = current["phase"]
        if phase == "hand-over":
            break
        if phase == "choose":
            # The computer players have chosen: covered, never shown before the reveal.
            for card in current["scene"]["cards"]:
                assert card["status"] == "has chosen"
                assert all(not put["shown"] for put in card["put_out"]) and len(card["put_out"]) >= 1
            thrown = current["dice"]  # (a round nobody tries to discard in throws them again)
            choose(page, current)
        elif phase == "reveal":
            story = current["story"]
            assert story["headline"].startswith(f"The dice show {thrown[0]} and {thrown[1]}")
            assert story["seats"][0].startswith("You ")
            expect(page.locator("#status")).to_contain_text(story["seats"][0])
            if not reloaded:  # a reload shows the same reveal again
                page.reload()
                page.wait_for_function("document.body.dataset.phase === 'reveal'")
                assert state(page)["story"] == story and state(page)["restored"]
                reloaded = True
            page.click("#dice-go-on")
        elif phase == "rethrow":
            page.click("#dice-again")
        else:
            raise AssertionError(f"unexpected phase {phase}")
    current = state(page)
    assert current["phase"] == "hand-over" and current["hand_over"], current["phase"]
    assert sum(current["chips"]) + current["pot"] == 60
    session = read_dice_record(saved_record(page))
    assert session.chips == current["chips"] and session.hand is not None and session.hand.is_over
    page.click("#dice-next-hand")
    page.wait_for_function("document.body.dataset.phase === 'choose'")
    assert state(page)["hand_number"] == 2

    # The finished hand replays round by round, every hand face up.
    page.click("#game-btn")
    page.click("#replay-game-btn")
    expect(page.locator("#replay-dialog")).to_be_visible()
    rounds = len(session.hands[0][1].rounds)
    page.keyboard.press("End")
    replay = state(page)
    assert replay["replay"] == {"hand": 1, "move": rounds}
    assert all(card["backs"] == len(card["faces"]) for card in replay["replay_scene"]["cards"])
    expect(page.locator("#replay-said")).to_contain_text(f"Hand 1, round {rounds} of {rounds}")
    expect(page.locator("#replay-moves li")).to_have_count(rounds)
    page.keyboard.press("Home")  # (focus stays in the viewer when Next is disabled at the end)
    assert state(page)["replay"] == {"hand": 1, "move": 0}
    expect(page.locator("#replay-said")).to_contain_text("dealt")

    # The session is kept in the history from its first hand: replayed from there, not reviewed.
    page.click("#replay-close")
    page.click("#game-btn")
    page.click("#history-btn")
    items = page.locator("#history-list li")
    expect(items).to_have_count(1)
    expect(items.first.locator(".history-title")).to_contain_text("Dice and Dominoes · 3 players · against")
    expect(items.first.locator(".history-result")).to_contain_text("Not finished")
    expect(items.first.get_by_role("button", name="Review")).to_have_count(0)
    items.first.get_by_role("button", name="Replay").click()
    expect(page.locator("#replay-dialog")).to_be_visible()


def test_two_people_choose_in_turn_without_seeing_each_others_tiles(open_app: Callable[..., Any]) -> None:
    page = open_app("?variant=dice&players=3&level=human,eager&seed=4&aidelay=0").page
    shown: list[tuple[int, list[str]]] = []
    for _ in range(40):
        page.wait_for_function("document.body.dataset.frames > 0")
        current = state(page)
        phase = current["phase"]
        if phase == "hand-over":
            break
        twin = page.locator("#dice-twin button").evaluate_all("(b) => b.map((x) => x.dataset.tile)")
        if phase == "pass":
            expect(page.locator("#pass-dialog")).to_be_visible()
            assert current["hand"] == [] and current["scene"]["hand"] == []
            page.click("#pass-ready-btn")
            continue
        shown.append((current["viewer"], sorted(set(current["hand"]) | set(twin))))
        if phase == "choose":  # what the other person (or the computer) put out stays covered
            assert all(not put["shown"] for card in current["scene"]["cards"] for put in card["put_out"])
            choose(page, current)
        elif phase == "reveal":
            page.click("#dice-go-on")
        elif phase == "rethrow":
            page.click("#dice-keep")
    assert {viewer for viewer, _ in shown} == {0, 1}
    # Every tile shown to a person was one of their own (dealt to them or drawn by them):
    # checked against the game's record, which knows every seat's tiles.
    hand = read_dice_record(saved_record(page)).hands[0][1]
    held = {seat: set(map(str, hand.dealt[seat])) for seat in (0, 1)}
    for played in hand.rounds:
        for seat in (0, 1):
            if played.drawn[seat] is not None:
                held[seat].add(str(played.drawn[seat]))
    for viewer, tiles in shown:
        assert set(tiles) <= held[viewer], (viewer, tiles, held[viewer])
    assert shown[0] == (0, sorted(map(str, hand.dealt[0])))


def test_a_new_game_throws_the_dice_rolling_and_an_embedded_table_plays(open_app: Callable[..., Any]) -> None:
    page = open_app("?variant=dice&players=2&seed=8").page  # the computer's usual pause: motion on
    page.click("#new-game-btn")
    page.click("#ng-start")
    page.wait_for_function("JSON.parse(window.dominoesTest.state()).rolled_frames > 0")
    page.wait_for_function("!JSON.parse(window.dominoesTest.state()).rolling")
    assert page.evaluate("window.dominoesSound.played.slice()") == ["roll"]  # the new game's throw
    choose(page, state(page))
    page.wait_for_function("document.body.dataset.phase === 'reveal'")
    assert page.evaluate("window.dominoesSound.played.slice()")[1] == "lay"  # the tiles shown
    embedded = open_app("?embed=1&variant=dice&players=3&seed=2&aidelay=0").page
    embedded.wait_for_function("document.body.dataset.phase === 'choose'")
    choose(embedded, state(embedded))
    embedded.wait_for_function("document.body.dataset.phase === 'reveal'")
    assert state(embedded)["embed"] and state(embedded)["story"]["seats"][0].startswith("You ")
