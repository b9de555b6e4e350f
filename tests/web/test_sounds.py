"""The sounds a change of the game calls for."""

from __future__ import annotations

from engine import parse_tile
from engine.line.events import Claimed, Drew, Passed, Played, Scored
from engine.trains.actions import Draw, EndRun, Pass, Play
from web.sounds import DICE_SOUNDS, SOUNDS, dice_sounds, sounds_for, train_sounds


def test_each_kind_of_move_has_its_sound_in_order() -> None:
    events = [
        Played(0, parse_tile("6-4")),
        Scored(0, 10),
        Drew(1),
        Drew(1),
        Drew(1),
        Passed(1),
        Claimed(0, muggins=True),
        Scored(0, 0, "muggins"),
    ]
    assert sounds_for(events, hand_ended=False) == ["lay", "score", "draw", "pass"]


def test_the_end_of_a_hand_sounds_last_and_nothing_new_is_silent() -> None:
    assert sounds_for([Played(1, parse_tile("2-1"))], hand_ended=True) == ["lay", "end"]
    assert sounds_for([], hand_ended=False) == []
    assert set(sounds_for([Played(0, parse_tile("1-1")), Drew(1), Passed(0), Scored(1, 5)], True)) == set(
        SOUNDS
    )


def test_the_dice_game_sounds_a_reveal_then_a_throw_then_a_hands_end() -> None:
    assert dice_sounds(revealed=True, thrown=True, hand_ended=False) == ["lay", "roll"]
    assert dice_sounds(revealed=True, thrown=False, hand_ended=True) == ["lay", "end"]
    assert dice_sounds(revealed=False, thrown=False, hand_ended=False) == []
    assert set(dice_sounds(True, True, True)) == set(DICE_SOUNDS)


def test_a_train_game_sounds_each_tile_laid_drawn_and_pass_then_the_rounds_end() -> None:
    laid = Play(parse_tile("6-4"), "M")
    assert train_sounds([laid, Draw(), Draw(), Pass(), EndRun()], False) == ["lay", "draw", "pass"]
    assert train_sounds([laid], True) == ["lay", "end"]
    assert train_sounds([], False) == []
