"""Chicken Foot: one test per rule of ``shared/RULES.md`` ("The train family",
``chicken-foot``), named after the rule."""

from __future__ import annotations

import random

import pytest

from engine.errors import RulesError
from engine.tiles import Tile, full_set
from engine.trains.actions import Draw, Pass, Play
from engine.trains.match import TrainMatch
from engine.trains.round import TrainRound
from engine.trains.rules import CHICKEN_FOOT
from engine.trains.variant import CHICKEN_FOOT_GAME
from tests.helpers.trains import a_match, a_round, play_randomly, refused, rules_of, tiles


def _with_arms(hands: list[str], top: str = "", players: int = 2) -> TrainRound:
    """A round of two whose centre 9-9 has its four arms 9-1, 9-2, 9-3 and 9-4, seat 0 to play."""
    arms = ["9-1 9-3", "9-2 9-4"]
    round_ = a_round(CHICKEN_FOOT, players, [f"{arms[seat]} {hands[seat]}" for seat in range(2)], top)
    for arm, tile in enumerate(tiles("9-1 9-2 9-3 9-4"), start=1):
        round_.apply(round_.turn, Play(tile, str(arm)))
    return round_


def test_chicken_foot_is_played_with_double_nine_by_default_and_double_twelve_as_an_option() -> None:
    assert rules_of(CHICKEN_FOOT, 4).max_pip == 9
    assert rules_of(CHICKEN_FOOT, 4, {"set": "12"}).max_pip == 12
    state = CHICKEN_FOOT_GAME.start(4, seed=1)
    assert sorted(tile for place in state.tile_places().values() for tile in place) == sorted(full_set(9))


def test_chicken_foot_is_for_two_to_eight_players() -> None:
    for players in range(2, 9):
        for options in ({}, {"set": "12"}):
            CHICKEN_FOOT_GAME.check_settings(players, options=options)
    for players in (1, 9):
        with pytest.raises(RulesError):
            CHICKEN_FOOT_GAME.check_settings(players)


def test_chicken_foot_rounds_run_from_the_highest_double_down_to_the_blank() -> None:
    assert rules_of(CHICKEN_FOOT, 4).doubles == tuple(range(9, -1, -1))
    assert rules_of(CHICKEN_FOOT, 4, {"set": "12"}).doubles == tuple(range(12, -1, -1))


@pytest.mark.parametrize(
    ("players", "nine", "twelve"),
    [(2, 15, 21), (3, 13, 19), (4, 10, 16), (5, 8, 14), (6, 7, 12), (7, 6, 10), (8, 5, 9)],
)
def test_the_centre_double_is_taken_out_before_the_deal_and_hands_are_sized_by_players(
    players, nine, twelve
) -> None:
    for options, size in (({}, nine), ({"set": "12"}, twelve)):
        match = TrainMatch(rules_of(CHICKEN_FOOT, players, options), seed=players)
        played = match.round
        assert played.double == Tile(match.rules.max_pip, match.rules.max_pip)
        assert all(len(hand) == size for hand in played.hands)
        assert played.double not in played.boneyard
        assert len(played.boneyard) == len(full_set(match.rules.max_pip)) - 1 - players * size


def test_chicken_foot_is_started_as_mexican_train_by_seat_zero_then_the_next_seat() -> None:
    match = TrainMatch(rules_of(CHICKEN_FOOT, 3), seed=2)
    starters = []
    for _ in range(4):
        starters.append(match.round.turn)
        play_randomly(match, random.Random(2), rounds=1)
        match.next_round()
    assert starters == [0, 1, 2, 0]


def test_the_centre_double_gets_four_tiles_one_on_each_side_before_anything_else() -> None:
    round_ = a_round(CHICKEN_FOOT, 2, ["9-1 1-0 9-3", "9-2 2-0 9-4"])
    assert {Play(Tile(1, 9), "1"), Play(Tile(3, 9), "1")} <= set(round_.legal_actions(0))
    assert {play.train for play in round_.plays(0)} == {"1"}
    round_.apply(0, Play(Tile(1, 9), "1"))
    assert {Play(Tile(2, 9), "2"), Play(Tile(4, 9), "2")} <= set(round_.legal_actions(1))
    assert {play.train for play in round_.plays(1)} == {"2"}
    round_.apply(1, Play(Tile(2, 9), "2"))
    message = refused("fill-centre", round_, 0, Play(Tile(0, 1), "1"))
    assert message == "the centre 9-9 needs a tile on each of its four sides first"
    round_.apply(0, Play(Tile(3, 9), "3"))
    round_.apply(1, Play(Tile(4, 9), "4"))
    assert round_.arms_laid == 4
    assert Play(Tile(0, 1), "1") in round_.legal_actions(0)


def test_a_later_double_becomes_a_chicken_foot_whose_three_toes_come_before_anything_else() -> None:
    round_ = _with_arms(["1-1 1-5 1-6 3-0", "1-7 4-0"])
    round_.apply(0, Play(Tile(1, 1), "1"))
    assert round_.foot == "1" and round_.turn == 1
    assert round_.legal_actions(1) == (Play(Tile(1, 7), "1.1"),)
    message = refused("fill-foot", round_, 1, Play(Tile(0, 4), "4"))
    assert message == "the chicken foot 1-1 on train 1 needs its three toes first"
    round_.apply(1, Play(Tile(1, 7), "1.1"))
    round_.apply(0, Play(Tile(1, 5), "1.2"))
    assert round_.foot == "1" and round_.turn == 1


def test_the_toes_of_a_chicken_foot_are_laid_by_whoever_is_to_play_and_then_play_is_free() -> None:
    round_ = _with_arms(["1-1 1-5 3-0", "1-7 1-6 4-0"])
    round_.apply(0, Play(Tile(1, 1), "1"))
    round_.apply(1, Play(Tile(1, 7), "1.1"))
    round_.apply(0, Play(Tile(1, 5), "1.2"))
    round_.apply(1, Play(Tile(1, 6), "1.3"))
    assert round_.foot is None
    assert {play.train for play in round_.plays(0)} >= {"3"}
    assert "1" not in {play.train for play in round_.plays(0)}, "the foot's double is no open end"
    assert {name for name in round_.trains} >= {"1.1", "1.2", "1.3"}
    assert [round_.trains[name].end for name in ("1.1", "1.2", "1.3")] == [7, 5, 6]


def test_chicken_foot_a_player_who_cannot_play_draws_one_lays_it_if_it_fits_else_passes_without_marker() -> (
    None
):
    round_ = a_round(CHICKEN_FOOT, 2, ["", "9-2"], top="8-7 9-5")
    assert round_.legal_actions(0) == (Draw(),)
    round_.apply(0, Draw())
    assert round_.legal_actions(0) == (Pass(),)
    round_.apply(0, Pass())
    assert round_.markers == set() and round_.turn == 1
    round_.apply(1, Play(Tile(2, 9), "1"))
    round_.apply(0, Draw())
    assert round_.legal_actions(0) == (Play(Tile(5, 9), "2"),)


def test_chicken_foot_round_ends_when_a_player_lays_their_last_tile() -> None:
    match = a_match(CHICKEN_FOOT, 2, ["9-4"])
    match.round.hands[0] = tiles("9-4")
    match.apply(0, Play(Tile(4, 9), "1"))
    assert match.round.is_over and match.round.winner == 0


def test_chicken_foot_round_ends_when_the_yard_is_empty_and_every_player_in_turn_cannot_play() -> None:
    round_ = a_round(CHICKEN_FOOT, 2, ["", ""])
    round_.boneyard.clear()
    round_.apply(0, Pass())
    assert not round_.is_over
    round_.apply(1, Pass())
    assert round_.is_over and round_.winner is None


def test_chicken_foot_scores_pips_left_in_hand_and_the_double_blank_counts_fifty_by_default() -> None:
    assert rules_of(CHICKEN_FOOT, 2).hand_points(tiles("0-0 3-2")) == 55
    assert rules_of(CHICKEN_FOOT, 2, {"double-blank": "0"}).hand_points(tiles("0-0 3-2")) == 5


def test_chicken_foot_lowest_total_wins_after_the_last_round() -> None:
    state = CHICKEN_FOOT_GAME.start(5, seed=4)
    play_randomly(state.match, random.Random(4))
    assert state.is_over and len(state.match.round_points) == 10
    totals = state.match.totals
    assert state.outcome().winners == tuple(seat for seat in range(5) if totals[seat] == min(totals))
