"""Records at the table, in the browser: undo, the Game dialog (copy, download, share, open a
record or a position), the replay viewer, share links and statistics."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import quote

from playwright.sync_api import Page, expect

from engine.line.notation import read_record, write_position, write_record
from engine.line.selfplay import bot_match
from tests.e2e.table import play_hand_with_buttons, settle, state
from tests.helpers.browser import OpenApp
from tests.helpers.dialogs import dialog_problems
from web.links.share import record_fragment

GAME = "?variant=draw-2&seed=11&aidelay=0"


def saved(page: Page) -> str:
    text = page.evaluate("localStorage.getItem(JSON.parse(window.dominoesTest.state()).save_key)")
    assert isinstance(text, str)
    return text


def test_undo_takes_back_the_persons_turn_and_says_why_when_it_cannot(open_app: OpenApp) -> None:
    page = open_app(GAME).page
    before = settle(page)
    undo = page.locator("#undo-btn")
    expect(undo).to_have_attribute("aria-disabled", "true")
    undo.click(force=True)  # aria-disabled, not disabled: a tap on it says why
    expect(page.locator("#status")).to_have_text("You have not moved yet.")
    record_before = saved(page)
    play_hand_with_buttons(page, stop_after_turns=1)
    after = settle(page)
    assert after["hand"] != before["hand"]
    expect(undo).to_have_attribute("aria-disabled", "false")
    undo.click()
    back = settle(page)
    assert back["hand"] == before["hand"] and back["legal"] == before["legal"]
    assert saved(page) == record_before, "the save is the game as it was before the move"
    expect(page.locator("#status")).to_have_text("Move taken back: your turn again.")
    play_hand_with_buttons(page, stop_after_turns=1)
    page.locator("#table").focus()
    page.keyboard.press("Control+z")
    assert settle(page)["hand"] == before["hand"]


def test_the_record_is_copied_and_downloaded_and_reads_back(open_app: OpenApp) -> None:
    session = open_app(GAME, permissions=["clipboard-read", "clipboard-write"])
    page = session.page
    play_hand_with_buttons(page, stop_after_turns=2)
    page.click("#game-btn")
    page.click("#copy-record-btn")
    expect(page.locator("#game-said")).to_have_text("Record copied.")
    copied = page.evaluate("navigator.clipboard.readText()")
    match = read_record(copied)
    assert match.rules.variant == "draw-2" and '[Date "' in copied and '[Level1 "greedy"]' in copied
    with page.expect_download() as download_info:
        page.click("#download-record-btn")
    download = download_info.value
    assert download.suggested_filename.startswith(
        "dominoes-draw-2-"
    ) and download.suggested_filename.endswith(".txt")
    path = download.path()
    assert path is not None
    assert write_record(read_record(path.read_text(encoding="utf-8"))) == copied
    page.click("#copy-position-btn")
    expect(page.locator("#game-said")).to_contain_text("Position copied")
    position = page.evaluate("navigator.clipboard.readText()")
    assert position.startswith("draw-2 2 100") and "?" in position, "the other hand is counted, not shown"


def test_a_broken_import_says_where_and_changes_nothing(open_app: OpenApp) -> None:
    page = open_app(GAME).page
    play_hand_with_buttons(page, stop_after_turns=1)
    before, record = settle(page), saved(page)
    page.click("#game-btn")
    broken = record.replace("\n1. ", "\n1. 9-9@0-0 ", 1)
    page.fill("#import-text", broken)
    page.click("#import-play-btn")  # checked before asking to replace the game under way
    error = page.locator("#import-error")
    expect(error).to_be_visible()
    line = next(n for n, text in enumerate(broken.split("\n"), start=1) if text.startswith("1. 9-9"))
    expect(error).to_contain_text(f"Line {line}, column 4: expected")
    assert "Traceback" not in (error.text_content() or "")
    expect(page.locator("#game-said")).not_to_contain_text("replaces the game")
    page.fill("#import-text", "draw-2 2 100 ; scores 0-0 ; turn 7")
    page.click("#import-replay-btn")  # neither a record nor a readable position: said so
    expect(error).to_contain_text("neither a game record nor a position")
    expect(error).to_contain_text("Line 1, column")
    page.click("#import-play-btn")
    expect(error).to_contain_text("Line 1, column")
    # A good position: Replay it sends it to Play from it.
    match = bot_match("draw-2", 2, 7, ["greedy"] * 2, 1)
    hand = match.hands[0].start_copy()
    for action in match.hands[0].actions[:3]:
        hand.apply(action)
    page.fill("#import-text", write_position(hand, seat=hand.turn))
    page.click("#import-replay-btn")
    expect(error).to_contain_text("A position is a single moment")
    page.keyboard.press("Escape")
    assert state(page)["hand"] == before["hand"] and saved(page) == record


def test_an_opened_record_replays_with_buttons_keys_and_swipes(open_app: OpenApp) -> None:
    page = open_app(GAME).page
    record = write_record(bot_match("cross", 4, 3, ["greedy"] * 4, 2))
    page.click("#game-btn")
    page.fill("#import-text", record)
    page.click("#import-replay-btn")
    expect(page.locator("#replay-dialog")).to_be_visible()
    assert state(page)["replay"] == {"hand": 1, "move": 0}
    page.click("#replay-forward")
    page.keyboard.press("ArrowRight")
    assert state(page)["replay"] == {"hand": 1, "move": 2}
    page.keyboard.press("End")
    moves = state(page)["replay"]["move"]
    assert moves > 2
    page.keyboard.press("ArrowRight")
    assert state(page)["replay"] == {"hand": 2, "move": 0}
    page.keyboard.press("ArrowLeft")
    assert state(page)["replay"] == {"hand": 1, "move": moves}
    box = page.locator("#replay-canvas").bounding_box()
    assert box is not None
    middle = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.move(*middle)
    page.mouse.down()
    page.mouse.move(middle[0] + 120, middle[1], steps=4)
    page.mouse.up()
    assert state(page)["replay"] == {"hand": 1, "move": moves - 1}, "a swipe to the right goes back"
    page.select_option("#replay-hand", "1")
    assert state(page)["replay"] == {"hand": 2, "move": 0}
    page.click("#replay-moves li:nth-child(3) button")
    assert state(page)["replay"] == {"hand": 2, "move": 3}
    page.select_option("#replay-speed", "400")
    page.click("#replay-play")
    page.wait_for_function("document.body.dataset.replay === '1:5'")
    page.click("#replay-play")
    page.select_option("#replay-view", "2")
    page.click("#replay-close")
    expect(page.locator("#replay-dialog")).to_be_hidden()
    assert state(page)["variant"] == "draw-2", "the table's own game is still there"


def test_a_share_link_opens_a_replay_and_leaves_the_players_game_alone(open_app: OpenApp) -> None:
    session = open_app(GAME)
    page = session.page
    play_hand_with_buttons(page, stop_after_turns=1)
    own = saved(page)
    record = write_record(bot_match("all-fives", 3, 8, ["greedy"] * 3, 1))
    page.goto(page.url.split("#")[0] + record_fragment(record), wait_until="commit")
    page.reload(wait_until="commit")  # as if the link were opened in a new tab
    page.wait_for_function("document.body.dataset.appState === 'ready'")
    expect(page.locator("#replay-dialog")).to_be_visible()
    assert state(page)["replay"] == {"hand": 1, "move": 0}
    assert saved(page) == own
    page.click("#replay-close")
    page.goto(page.url.split("#")[0] + "#record=AAAA-not-a-game", wait_until="commit")
    expect(page.locator("#notice-text")).to_contain_text("The game in this link is damaged")
    other = write_record(bot_match("block", 2, 2, ["greedy"] * 2, 1))
    page.goto(page.url.split("#")[0] + record_fragment(other), wait_until="commit")  # the same tab: no reload
    expect(page.locator("#replay-dialog")).to_be_visible()
    assert saved(page) == own


def test_a_position_link_starts_a_game_there_in_its_own_slot(open_app: OpenApp) -> None:
    source = bot_match("draw-2", 2, 4, ["greedy", "greedy"], 1).hands[0]
    hand = source.start_copy()
    for action in source.actions[:6]:
        hand.apply(action)
    while hand.turn != 0:
        hand.apply(source.actions[len(hand.actions)])
    text = write_position(hand, (0, 0), seat=0)
    page = open_app(f"?aidelay=0#position={quote(text)}").page
    current = settle(page)
    assert current["layout_tiles"] == len(hand.layout.placements)
    assert sorted(current["hand"]) == sorted(str(tile) for tile in hand.hand_of(0))
    assert "position" in current["save_key"] or current["save_key"] != "dominoes.save"
    assert page.evaluate("localStorage.getItem('dominoes.save')") is None


def test_a_finished_hand_can_be_replayed_and_counts_in_the_statistics(open_app: OpenApp) -> None:
    page = open_app(GAME).page
    final = play_hand_with_buttons(page)
    assert final["phase"] in ("hand-over", "match-over")
    page.click("#hand-replay-btn")
    expect(page.locator("#replay-dialog")).to_be_visible()
    assert state(page)["replay"] == {"hand": 1, "move": 0}
    page.click("#replay-close")
    page.click("#game-btn")
    page.click("#stats-btn")
    stats = page.locator("#stats-body")
    expect(stats).to_contain_text("Two-Hand Draw")
    expect(stats).to_contain_text("of 1")
    assert dialog_problems(page, "#stats-dialog", "#stats-dialog .dialog-actions button >> text=Close") == []
    page.reload(wait_until="commit")
    page.wait_for_function("document.body.dataset.appState === 'ready'")
    page.click("#game-btn")
    page.click("#stats-btn")
    expect(page.locator("#stats-body")).to_contain_text("of 1")  # the reload did not count it again


def test_a_share_link_opens_its_replay_offline(open_app: OpenApp) -> None:
    session = open_app(GAME)
    page = session.page
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
    session.context.set_offline(True)
    record = write_record(bot_match("cut-throat", 3, 4, ["greedy"] * 3, 2))
    page.goto(page.url.split("?")[0] + "?aidelay=0" + record_fragment(record), wait_until="commit")
    page.wait_for_function("document.body.dataset.appState === 'ready'")
    assert page.evaluate("navigator.onLine") is False
    expect(page.locator("#replay-dialog")).to_be_visible()
    assert state(page)["replay"] == {"hand": 1, "move": 0}


def test_a_record_file_is_opened_and_replayed(open_app: OpenApp, tmp_path: Path) -> None:
    page = open_app(GAME).page
    path = tmp_path / "game.txt"
    path.write_text(write_record(bot_match("block", 3, 9, ["greedy"] * 3, 2)), encoding="utf-8")
    page.click("#game-btn")
    page.set_input_files("#import-file", str(path))
    expect(page.locator("#game-said")).to_have_text("Opened game.txt: replay it or play from it.")
    assert page.input_value("#import-text").startswith('[Variant "block"]')
    page.click("#import-replay-btn")
    expect(page.locator("#replay-dialog")).to_be_visible()
    page.click("#replay-play-here")
    expect(page.locator("#replay-dialog")).to_be_hidden()
    current = settle(page)
    assert current["variant"] == "block" and current["players"] == 3


def test_an_embedded_table_shows_only_the_panels_its_link_asks_for(open_app: OpenApp) -> None:
    page = open_app("?embed=1&panels=score&theme=dark&variant=block&aidelay=0").page
    expect(page.locator("#score")).to_be_visible()
    expect(page.locator("#rules-btn")).to_be_hidden()
    expect(page.locator(".controls")).to_be_hidden()
    assert page.evaluate("document.body.dataset.theme") == "dark"
    assert page.evaluate("localStorage.getItem('dominoes.stats')") is None


def test_a_puzzle_link_from_a_replay_puts_the_seat_to_move_in_the_persons_place(open_app: OpenApp) -> None:
    session = open_app(GAME, permissions=["clipboard-read", "clipboard-write"])
    page = session.page
    match = bot_match("partnership-block", 4, 7, ["greedy"] * 4, 1)
    page.click("#game-btn")
    page.fill("#import-text", write_record(match))
    page.click("#import-replay-btn")
    page.click("#replay-moves li:nth-child(5) button")
    hand = match.hands[0].start_copy()
    for action in match.hands[0].actions[:5]:
        hand.apply(action)
    mover_tiles = sorted(str(tile) for tile in hand.hand_of(hand.turn))
    # the list says each move in words; its notation is copied whole
    first = page.locator("#replay-moves li:nth-child(1) button")
    expect(first).to_have_text(re.compile(r"^(You|West|North|East): \d-\d"))
    page.click("#replay-copy-moves")
    expect(page.locator("#replay-said")).to_have_text("Hand 1's moves copied in the record's notation.")
    copied = page.evaluate("navigator.clipboard.readText()").splitlines()
    assert len(copied) == len(match.hands[0].actions) and copied[0].startswith("1. ")
    assert first.get_attribute("title") == copied[0].replace(copied[0].split(" ")[1] + " ", "", 1)
    page.click("#replay-puzzle")
    expect(page.locator("#replay-said")).to_contain_text("Puzzle link copied")
    link = page.evaluate("navigator.clipboard.readText()")
    assert "#position=" in link
    puzzle = session.context.new_page()
    puzzle.goto(link.replace("#", "?aidelay=0#"), wait_until="commit")
    puzzle.wait_for_function("document.body.dataset.appState === 'ready'")
    current = state(puzzle)
    assert current["phase"] == "human" and current["turn"] == 0
    assert sorted(current["hand"]) == mover_tiles
    assert current["layout_tiles"] == len(hand.layout.placements)


def test_names_with_hidden_characters_and_huge_lengths_show_safely_in_a_replay(open_app: OpenApp) -> None:
    """A record whose seats are named with a right-to-left override, zero-width characters
    and 200,000 letters replays with its moves in order and its names cleaned and cut."""
    page = open_app(GAME).page
    match = bot_match("block", 2, 5, ["greedy"] * 2, 1)
    match.tags["Seat0"] = "\u202eMallory\u200b"
    match.tags["Seat1"] = "\u200dZ" * 3 + "y" * 200_000
    record = write_record(match)
    page.click("#game-btn")
    page.fill("#import-text", record)
    page.click("#import-replay-btn")
    expect(page.locator("#replay-dialog")).to_be_visible()
    page.click("#replay-forward")
    said = page.locator("#replay-said").inner_text()
    first = match.hands[0].actions[0]
    assert f"{first}" in said and "\u202e" not in said and "\u200b" not in said, said
    moves = page.locator("#replay-moves").inner_text()
    assert "\u202e" not in moves and "\u200d" not in moves
    title_and_plates = page.evaluate("JSON.parse(window.dominoesTest.state()).replay_scene")
    text = str(title_and_plates)
    assert "Mallory" in text and "ZZZ" + "y" * 20 + "…" in text and "y" * 30 not in text
