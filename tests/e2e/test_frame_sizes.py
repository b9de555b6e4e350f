"""The table fits small frames: a replay at 320 x 240, a game at 400 x 300, and at 800 x 600
the end-of-hand dialog opens showing its title and result, with its buttons in view."""

from __future__ import annotations

from playwright.sync_api import expect

from engine import Play
from engine.line.notation import write_record
from engine.line.selfplay import bot_match
from tests.e2e.table import play_hand_with_buttons, settle, state
from tests.helpers.browser import OpenApp
from web.links.share import record_fragment


def test_a_replay_fits_320_by_240(open_app: OpenApp) -> None:
    match = bot_match("partnership-block", 4, 7, ["greedy"] * 4, 1)
    laid = sum(isinstance(action, Play) for action in match.hands[0].actions[:12])
    record = write_record(match)
    page = open_app(
        f"?embed=1&hand=1&move=12{record_fragment(record)}", viewport={"width": 320, "height": 240}
    ).page
    expect(page.locator("#replay-dialog")).to_be_visible()
    scene = state(page)["replay_scene"]
    assert scene["line"] == laid > 8, "the line of play is drawn"
    assert scene["board"]["h"] >= 50 and scene["board"]["w"] >= 150
    assert scene["lowest"] <= scene["size"]["height"], "the bottom hand is not clipped"
    for button in ("#replay-back", "#replay-forward", "#replay-play"):
        expect(page.locator(button)).to_be_in_viewport()
    page.click("#replay-forward")
    assert state(page)["replay"] == {"hand": 1, "move": 13}


def test_a_game_fits_400_by_300(open_app: OpenApp) -> None:
    page = open_app("?embed=1&variant=draw-2&seed=11&aidelay=0", viewport={"width": 400, "height": 300}).page
    play_hand_with_buttons(page, stop_after_turns=1)
    current = settle(page)
    scene = current["scene"]
    assert scene["size"]["height"] >= 150, "the canvas keeps most of the frame"
    assert scene["board"]["h"] >= 60 and scene["line"] >= 2
    assert scene["lowest"] <= scene["size"]["height"], "the hand is not clipped"
    expect(page.locator("#undo-btn")).to_be_in_viewport()


def test_the_end_of_hand_dialog_opens_at_its_title_at_800_by_600(open_app: OpenApp) -> None:
    page = open_app("?variant=all-fives&seed=3&aidelay=0", viewport={"width": 800, "height": 600}).page
    final = play_hand_with_buttons(page)
    assert final["phase"] in ("hand-over", "match-over")
    expect(page.locator("#hand-title")).to_be_in_viewport()
    expect(page.locator("#hand-why")).to_be_in_viewport()
    expect(page.locator("#next-hand-btn")).to_be_in_viewport()
