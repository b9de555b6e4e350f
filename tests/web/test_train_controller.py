"""The train games at the table (web/trains/controller.py): the person's taps, draws, passes
and runs; the computer players; hints; taking moves back; saves; pass and play; every word
said in the player's terms."""

from __future__ import annotations

import re

import pytest

from engine import EngineError
from engine.trains.actions import Draw, Pass
from tests.helpers.controllers import play_person, play_until, train_table
from tests.helpers.controllers import train_settings as settings
from tests.helpers.trains import a_match, tiles
from web.plates import name_wordings
from web.settings import HUMAN, Settings
from web.trains.controller import TrainController

SEAT_NUMBERS = re.compile(r"\bseat \d|Seat \d|\bmarker goes on seat")


@pytest.mark.parametrize(
    ("variant", "players", "options"),
    [
        ("mexican-train", 4, {"set": "9", "rounds": "short"}),
        ("chicken-foot", 3, {}),
        ("mexican-train", 8, {}),
    ],
)
def test_a_whole_game_against_the_computer_ends_with_the_lowest_total_winning(
    variant: str, players: int, options: dict[str, str]
) -> None:
    controller = TrainController(settings(variant, players, **options), 11)
    play_until(controller, ("match-over",))
    match = controller.match
    assert len(match.round_points) == match.rules.rounds
    totals = match.totals
    winners = [controller.names[seat] for seat in range(players) if totals[seat] == min(totals)]
    assert controller.result_banner().startswith(winners[0])
    assert f"with {min(totals)}" in controller.last_announcement
    assert [row[1] for row in controller.round_sheet()] == match.round_points
    assert all(not SEAT_NUMBERS.search(said) for said in controller.announcements)
    assert controller.progress() == "the end of the game"


def test_a_tile_that_fits_one_train_is_laid_at_once_and_one_that_fits_two_waits_for_the_train() -> None:
    match = a_match("mexican-train", 4, ["12-5 12-7 5-1", "9-9", "8-8", "3-3"])
    controller = train_table(match)
    controller.tap_tile(tiles("12-5")[0])
    assert controller.selected == tiles("12-5")[0]
    assert set(controller.trains_for_selected()) == {"0", "M"}
    assert "tap the one it goes on" in controller.last_announcement
    controller.choose_train("M")
    assert [str(tile) for tile in controller.round.trains["M"].tiles] == ["12-5"]
    assert controller.phase == "bot"
    assert controller.last_announcement.startswith("You start the Mexican train with 12-5")


def test_a_tile_that_fits_nowhere_is_refused_saying_why_and_changes_nothing() -> None:
    match = a_match("mexican-train", 4, ["5-1 12-5", "9-9", "8-8", "3-3"])
    controller = train_table(match)
    before = controller.save()
    controller.tap_tile(tiles("5-1")[0])
    assert controller.last_announcement == "5-1 fits no train open to you."
    controller.tap_tile(tiles("7-7")[0])
    assert controller.last_announcement == "7-7 is not in your hand."
    controller.choose_train("2")
    assert controller.last_announcement == "Tap a tile first, then one of the lit trains."
    assert controller.save() == before and controller.phase == "human"


def test_nothing_fits_so_the_person_draws_sees_the_tile_and_lays_it_or_passes() -> None:
    match = a_match("mexican-train", 4, ["5-1", "9-9", "8-8", "3-3"], top="4-2")
    controller = train_table(match)
    assert controller.turn_text() == "Nothing fits: draw a tile."
    controller.act(Draw())
    assert controller.last_announcement == "You draw 4-2."
    assert controller.turn_text() == "You drew 4-2: it fits nowhere, so pass."
    controller.act(Pass())
    assert controller.last_announcement == "You pass: a marker goes on your train."
    assert controller.round.markers == {0}


def test_the_computer_players_only_see_their_seat_and_play_the_same_for_the_same_game() -> None:
    first = TrainController(settings(level="expert"), 5)
    second = TrainController(settings(level="expert"), 5)
    for controller in (first, second):
        play_until(controller, ("hand-over",))
    assert first.save() == second.save()


def test_a_hint_suggests_a_legal_move_in_words_and_is_said() -> None:
    match = a_match("mexican-train", 4, ["12-5 12-7 5-1", "9-9", "8-8", "3-3"])
    controller = train_table(match)
    thinking = controller.hint_thinking()
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            hint = done.value
            break
    assert hint.action in controller.legal()
    assert controller.hint == hint
    assert re.fullmatch(
        r"Hint: lay 12-[57] on (your own train|the Mexican train)\.", controller.last_announcement
    )


def test_a_move_taken_back_brings_back_the_persons_turn_with_the_computers_moves_undone() -> None:
    controller = TrainController(settings(), 3)
    assert controller.undo_reason() == "You have not moved yet."
    play_until(controller, ("human",))
    before = controller.save()
    moves = controller.moves_made()
    play_person(controller)
    play_until(controller, ("human",))
    assert controller.moves_made() > moves + 1
    undone = controller.undone()
    assert undone.moves_made() == moves
    assert undone.phase == "human"
    assert undone.save() == before
    assert undone.last_announcement == "Move taken back: your turn again."


def test_a_save_restores_to_the_same_game_which_plays_on_as_it_would_have() -> None:
    controller = TrainController(settings("chicken-foot", 3), 9)
    for _ in range(25):
        play_until(controller, ("human", "hand-over"))
        if controller.phase == "hand-over":
            break
        play_person(controller)
    text = controller.save()
    restored = TrainController.restore(text)
    assert restored.save() == text
    assert restored.last_announcement == "Welcome back: your game was restored."
    play_until(controller, ("match-over",))
    play_until(restored, ("match-over",))
    assert restored.save() == controller.save()


def test_a_damaged_save_is_refused_and_a_finished_game_is_not_played_on() -> None:
    controller = TrainController(settings(level="random", set="9", rounds="short"), 2)
    text = controller.save()
    with pytest.raises(EngineError):
        TrainController.restore(text.replace('[Tiles0 "', '[Tiles0 "13-13 '))
    play_until(controller, ("match-over",))
    with pytest.raises(EngineError, match="this game is over"):
        TrainController.play_on(controller.save())


def test_people_sharing_the_device_play_in_turn_behind_the_screen_told_what_they_missed() -> None:
    chosen = Settings(
        "mexican-train",
        4,
        0,
        (HUMAN, "random", HUMAN),
        (("double-blank", "0"), ("opening-run", "off"), ("rounds", "full"), ("set", "12")),
    )
    controller = TrainController(chosen, 4)
    assert controller.names == ("Player 1", "Player 2", "Computer 1", "Player 3")
    assert controller.undo_reason() == "Taking moves back is off when people share the device."
    seen: set[int] = set()
    for _ in range(12):
        play_until(controller, ("pass",))
        assert controller.hand_shown() == ()
        turn = controller.round.turn
        missed = controller.missed_by(turn)
        controller.take_device()
        seen.add(turn)
        assert controller.human_seat == turn
        assert controller.hand_shown() == tuple(controller.round.hands[turn])
        if missed:
            assert " ".join(missed) in controller.last_announcement
            assert not re.search(r"draws? \d+-\d+", " ".join(missed))  # a draw is told without its tile
        play_person(controller)
    assert seen == {0, 1, 3}


def test_the_score_bar_names_everyone_up_to_four_players_and_the_lowest_total_beyond() -> None:
    four = TrainController(settings(), 1)
    assert four.totals_text(short=True) == "You 0 · W 0 · N 0 · E 0"
    assert four.totals_text() == "You 0 · West 0 · North 0 · East 0"
    eight = TrainController(settings(players=8), 1)
    play_until(eight, ("hand-over",))
    totals = eight.match.totals
    said = eight.totals_text(short=True)
    leader = totals.index(min(totals))
    if leader == 0:
        assert said == f"Lowest: You {totals[0]}"
    else:
        assert said == f"Lowest: {name_wordings(eight.names[leader])[-1]} {totals[leader]} · You {totals[0]}"
