"""The train games in the browser: chosen in New game under "Train games" with their options,
started by a link, a whole game of Mexican Train played by touch on the canvas (tap a tile,
then a lit train; the boneyard to draw) and a whole game of Chicken Foot through the
keyboard twin, the score sheet after each round, a reload that keeps the game, undo, two
people sharing the device, and axe-core on their screens."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from engine.trains.match import TrainMatch
from engine.trains.notation import read_train_record, write_train_record
from engine.trains.variant import TRAIN_GAMES
from tests.e2e.table import (
    MOVE_TIMEOUT_MS,
    choose_rule_set,
    click_canvas,
    make_train_move_with_buttons,
    state,
)
from tests.helpers.axe import axe_violations
from tests.helpers.trains import play_randomly
from web.links.share import record_fragment

pytestmark = pytest.mark.e2e


def settled(page: Page) -> dict[str, Any]:
    """Wait until no computer player is to move, then the state."""
    page.wait_for_function("document.body.dataset.phase !== 'bot'", timeout=MOVE_TIMEOUT_MS)
    return state(page)


def saved_record(page: Page) -> str:
    """The game as the table keeps it in storage."""
    return str(page.evaluate("(key) => localStorage.getItem(key)", state(page)["save_key"]))


def move_by_touch(page: Page, current: dict[str, Any]) -> None:
    """The person's move on the canvas: tap the first tile that can be laid (then the lit
    train it goes on, when it fits more than one); else tap the boneyard to draw, or press
    End run or Pass."""
    legal = current["legal"]
    shown = page.evaluate(
        "['draw-btn', 'pass-btn', 'trains-end'].filter(id => !document.getElementById(id).hidden)"
        ".map(id => [id, document.getElementById(id).disabled])"
    )
    assert not [button for button, disabled in shown if disabled], (
        shown
    )  # (a line game's page left none disabled)
    plays = [move for move in legal if "@" in move]
    if plays:
        tile, train = plays[0].split("@")
        click_canvas(page, *current["scene"]["hand"][tile])
        after = state(page)
        if after["selected"] == tile:
            assert train in after["lit"], after["lit"]
            click_canvas(page, *after["scene"]["lanes"][train]["end"])
        assert state(page)["moves"] > current["moves"] or state(page)["round_over"], f"{tile} was not laid"
    elif "draw" in legal:
        click_canvas(page, *current["scene"]["boneyard"])
    elif "end" in legal:
        page.click("#trains-end")
    else:
        assert legal == ["pass"], legal
        page.click("#pass-btn")


def play_to_the_end(page: Page, move: Callable[[Page, dict[str, Any]], None]) -> dict[str, Any]:
    """Play the game at the table to its end, each round's sheet read and closed with Next round."""
    sheets = 0
    for _ in range(3000):
        current = settled(page)
        if current["phase"] == "match-over":
            return current
        if current["phase"] == "hand-over":
            expect(page.locator("#sheet-dialog")).to_be_visible()
            rows = page.locator("#sheet-body tr")
            expect(rows).to_have_count(current["round"] + 2)  # (the names, each round, the totals)
            sheets += 1
            page.click("#trains-sheet-next")
            page.wait_for_function(
                f"JSON.parse(window.dominoesTest.state()).round === {current['round'] + 1}"
            )
            continue
        move(page, current)
    raise AssertionError("the game did not end")


def test_a_whole_game_of_mexican_train_is_played_by_touch(open_app: Callable[..., Any]) -> None:
    page = open_app("?aidelay=0").page
    page.click("#new-game-btn")
    expect(page.locator("#ng-variants")).to_contain_text("Train games")
    choose_rule_set(page, "mexican-train")
    page.select_option("#ng-players", "3")
    page.select_option("#ng-option-set", "9")
    page.select_option("#ng-option-rounds", "short")
    page.click("#ng-start")
    page.wait_for_function("document.body.dataset.game === 'trains'")
    expect(page.locator("#variant-name")).to_contain_text("round 1 of 5")
    reloaded = False
    current = settled(page)
    while current["phase"] != "match-over" and not reloaded:
        if current["moves"] > 10 and current["phase"] == "human":
            before = saved_record(page)
            page.reload()
            page.wait_for_function("document.body.dataset.game === 'trains'")
            assert saved_record(page) == before and state(page)["restored"]
            reloaded = True
        else:
            if current["phase"] == "hand-over":
                page.click("#trains-sheet-next")
            else:
                move_by_touch(page, current)
        current = settled(page)
    final = play_to_the_end(page, move_by_touch)
    match = read_train_record(saved_record(page))
    assert match.is_over and list(match.totals) == final["totals"]
    assert final["winners"] == [
        seat for seat, total in enumerate(final["totals"]) if total == min(final["totals"])
    ]
    expect(page.locator("#sheet-dialog")).to_be_visible()
    expect(page.locator("#sheet-title")).to_contain_text(f"with {min(final['totals'])}")
    page.keyboard.press("Escape")

    # The game replays action by action, seat by seat, and is kept in the history.
    page.click("#game-btn")
    page.click("#replay-game-btn")
    expect(page.locator("#replay-dialog")).to_be_visible()
    expect(page.locator("#replay-view option")).to_have_count(3)  # (a seat's view each: no "all face up")
    moves = len(match.rounds[-1].moves)
    page.keyboard.press("End")
    replay = state(page)
    assert replay["replay"] == {"hand": 5, "move": moves}
    assert sum(lane["tiles"] for lane in replay["replay_scene"]["lanes"].values()) == sum(
        len(train.tiles) for train in match.rounds[-1].trains.values()
    )
    expect(page.locator("#replay-said")).to_contain_text(f"Round 5, move {moves} of {moves}")
    expect(page.locator("#replay-moves li")).to_have_count(moves)
    page.click("#replay-close")
    page.click("#game-btn")
    page.click("#history-btn")
    item = page.locator("#history-list li").first
    expect(item.locator(".history-title")).to_contain_text("Mexican Train · 3 players · against ")
    expect(item.locator(".history-result")).to_contain_text("of 5 rounds won")


def test_a_whole_game_of_chicken_foot_is_played_with_the_keyboard(open_app: Callable[..., Any]) -> None:
    page = open_app("?variant=chicken-foot&players=6&seed=4&aidelay=0").page
    page.wait_for_function("document.body.dataset.game === 'trains'")
    current = settled(page)
    assert current["players"] == 6 and current["rounds"] == 10
    page.keyboard.press("Tab")  # the skip link goes to the train game's tiles
    page.keyboard.press("Enter")
    final = play_to_the_end(page, make_train_move_with_buttons)
    assert len(read_train_record(saved_record(page)).round_points) == 10
    assert final["match_over"]
    expect(page.locator("#move-log")).to_contain_text("Points this round")


def test_a_link_starts_a_six_player_game_and_undo_takes_the_persons_move_back(
    open_app: Callable[..., Any],
) -> None:
    page = open_app("?variant=mexican-train&players=6&seed=8&aidelay=0").page
    page.wait_for_function("document.body.dataset.game === 'trains'")
    current = settled(page)
    assert current["players"] == 6 and len(current["scene"]["lanes"]) == 7
    assert current["undo"] == "You have not moved yet."
    move_by_touch(page, current)
    after = settled(page)
    page.click("#undo-btn")
    page.wait_for_function(
        "JSON.parse(window.dominoesTest.state()).announcement.startsWith('Move taken back')"
    )
    again = state(page)
    assert again["hand"] == current["hand"] and again["moves"] == current["moves"] < after["moves"]


def test_a_tile_is_dragged_onto_a_lit_train_a_hint_is_shown_and_the_table_reads_itself(
    open_app: Callable[..., Any],
) -> None:
    page = open_app("?variant=mexican-train&players=3&seed=1&aidelay=0").page
    current = settled(page)
    page.click("#hint-btn")
    page.wait_for_function("JSON.parse(window.dominoesTest.state()).hint !== null", timeout=MOVE_TIMEOUT_MS)
    hint = state(page)["hint"]
    assert hint in current["legal"]
    expect(page.locator("#status")).to_contain_text("Hint: ")
    page.keyboard.press("e")
    expect(page.locator("#readout")).to_contain_text("The round's double is 12-12. Your train is not started")
    expect(page.locator("#readout")).to_contain_text("the Mexican train is not started (12 needed)")
    page.keyboard.press("c")
    expect(page.locator("#readout")).to_contain_text("the boneyard")
    tile, train = next(move for move in current["legal"] if "@" in move).split("@")
    box = page.locator("#table").bounding_box()
    assert box is not None
    x, y = current["scene"]["hand"][tile]
    page.mouse.move(box["x"] + x, box["y"] + y)
    page.mouse.down()
    page.mouse.move(box["x"] + x, box["y"] + y - 40, steps=4)
    dragging = state(page)
    assert dragging["selected"] == tile and train in dragging["lit"]
    end_x, end_y = dragging["scene"]["lanes"][train]["end"]
    page.mouse.move(box["x"] + end_x, box["y"] + end_y, steps=6)
    page.mouse.up()
    laid = state(page)
    assert tile not in laid["hand"] and laid["moves"] > current["moves"]
    assert laid["scene"]["lanes"][train]["tiles"] >= 1


def test_people_sharing_the_device_see_only_their_own_tiles(open_app: Callable[..., Any]) -> None:
    page = open_app("?aidelay=0").page
    page.click("#new-game-btn")
    choose_rule_set(page, "mexican-train")
    page.select_option("#ng-players", "3")
    page.select_option("select[name='level-1']", "human")
    page.click("#ng-start")
    for person in ("Player 1", "Player 2", "Player 1"):
        expect(page.locator("#pass-dialog")).to_be_visible()
        expect(page.locator("#pass-title")).to_have_text(f"Pass to {person}")
        assert state(page)["hand"] == []
        page.click("#pass-ready-btn")
        current = settled(page)
        assert current["phase"] == "human" and current["hand"]
        expect(page.locator("#undo-btn")).to_be_hidden()  # (a move taken back would show it to all)
        while current["phase"] == "human":  # (a draw, then the tile drawn laid or a pass)
            move_by_touch(page, current)
            current = state(page)
        page.wait_for_function("document.body.dataset.phase === 'pass'", timeout=MOVE_TIMEOUT_MS)


def test_a_share_link_opens_a_train_games_replay_and_an_embedded_table_plays_one(
    open_app: Callable[..., Any],
) -> None:
    match = TrainMatch(TRAIN_GAMES["chicken-foot"].rules_for(3), 3)
    play_randomly(match, random.Random(3), rounds=2)
    page = open_app("?aidelay=0" + record_fragment(write_train_record(match))).page
    expect(page.locator("#replay-dialog")).to_be_visible()
    assert state(page)["replay"] == {"hand": 1, "move": 0}
    expect(page.locator("#replay-view option")).to_have_count(3)
    page.keyboard.press("ArrowRight")
    expect(page.locator("#replay-said")).to_contain_text(f"Round 1, move 1 of {len(match.rounds[0].moves)}")
    framed = open_app("?embed=1&variant=chicken-foot&players=3&seed=2&aidelay=0").page
    current = settled(framed)
    assert current["game"] == "trains" and current["players"] == 3
    move_by_touch(framed, current)
    assert settled(framed)["moves"] > current["moves"]


def test_axe_finds_no_serious_problem_on_the_train_screens(open_app: Callable[..., Any]) -> None:
    page = open_app("?variant=mexican-train&players=4&seed=2&aidelay=0").page
    page.wait_for_function("document.body.dataset.game === 'trains'")
    current = settled(page)
    screens = {"train table": axe_violations(page)}
    plays = [move for move in current["legal"] if "@" in move]
    page.locator(f"#trains-hand button[data-move='{plays[0].split('@')[0]}']").focus()
    screens["keyboard twin"] = axe_violations(page)
    page.click("#trains-scores")
    expect(page.locator("#sheet-dialog")).to_be_visible()
    screens["score sheet"] = axe_violations(page)
    page.keyboard.press("Escape")
    page.click("#new-game-btn")
    choose_rule_set(page, "chicken-foot")
    screens["new game"] = axe_violations(page)
    assert {name: found for name, found in screens.items() if found} == {}
