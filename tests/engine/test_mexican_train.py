"""Mexican Train: one test per rule of ``shared/RULES.md`` ("The train family",
``mexican-train``), named after the rule."""

from __future__ import annotations

import random

import pytest

from engine.errors import RulesError
from engine.tiles import Tile, full_set
from engine.trains.actions import Draw, EndRun, Pass, Play
from engine.trains.match import TrainMatch, seeded_deal
from engine.trains.rules import MEXICAN_TRAIN
from engine.trains.variant import MEXICAN_TRAIN_GAME
from tests.helpers.trains import a_match, a_round, play_randomly, refused, rules_of, tiles

NINE = {"set": "9"}


def _take_turn(round_, seat: int) -> None:
    """``seat`` takes the first action offered until its turn is over."""
    while round_.turn == seat and not round_.is_over:
        round_.apply(seat, round_.legal_actions(seat)[0])


def test_mexican_train_is_played_with_double_twelve_by_default_and_double_nine_as_an_option() -> None:
    assert rules_of(MEXICAN_TRAIN, 4).max_pip == 12
    assert rules_of(MEXICAN_TRAIN, 4, NINE).max_pip == 9
    state = MEXICAN_TRAIN_GAME.start(4, seed=3)
    assert sorted(tile for place in state.tile_places().values() for tile in place) == sorted(full_set(12))


def test_mexican_train_is_for_two_to_eight_players_with_double_twelve_and_two_to_six_with_double_nine() -> (
    None
):
    assert MEXICAN_TRAIN_GAME.player_counts == (2, 3, 4, 5, 6, 7, 8)
    for players in (2, 6):
        MEXICAN_TRAIN_GAME.check_settings(players, options=NINE)
    for players in (7, 8):
        with pytest.raises(RulesError):
            MEXICAN_TRAIN_GAME.check_settings(players, options=NINE)
    with pytest.raises(RulesError):
        MEXICAN_TRAIN_GAME.check_settings(9)


def test_rounds_run_from_the_highest_double_down_to_the_blank_and_the_short_game_stops_at_six_or_five() -> (
    None
):
    assert rules_of(MEXICAN_TRAIN, 4).doubles == tuple(range(12, -1, -1))
    assert rules_of(MEXICAN_TRAIN, 4, NINE).doubles == tuple(range(9, -1, -1))
    assert rules_of(MEXICAN_TRAIN, 4, {"rounds": "short"}).doubles == (12, 11, 10, 9, 8, 7, 6)
    assert rules_of(MEXICAN_TRAIN, 4, {"rounds": "short", "set": "9"}).doubles == (9, 8, 7, 6, 5)


@pytest.mark.parametrize(
    ("players", "options", "size"),
    [
        (2, {}, 15),
        (4, {}, 15),
        (5, {}, 12),
        (6, {}, 12),
        (7, {}, 10),
        (8, {}, 10),
        (4, NINE, 10),
        (6, NINE, 8),
    ],
)
def test_the_engine_is_taken_out_before_the_deal_and_hands_are_sized_by_players(
    players, options, size
) -> None:
    match = TrainMatch(rules_of(MEXICAN_TRAIN, players, options), seed=11)
    for _ in range(3):
        played = match.round
        assert all(len(hand) == size for hand in played.hands)
        on_table = {played.double}
        assert played.double == Tile(match.rules.doubles[played.number], match.rules.doubles[played.number])
        everything = [*on_table, *played.boneyard, *(tile for hand in played.hands for tile in hand)]
        assert sorted(everything) == sorted(full_set(match.rules.max_pip))
        play_randomly(match, random.Random(played.number), rounds=1)
        match.next_round()


def test_round_one_is_started_by_seat_zero_and_each_later_round_by_the_next_seat() -> None:
    match = TrainMatch(rules_of(MEXICAN_TRAIN, 3, NINE), seed=5)
    starters = []
    for _ in range(5):
        starters.append(match.round.turn)
        play_randomly(match, random.Random(1), rounds=1)
        match.next_round()
    assert starters == [0, 1, 2, 0, 1]


def test_a_personal_train_starts_with_a_tile_matching_the_engine() -> None:
    round_ = a_round(MEXICAN_TRAIN, 2, ["9-4 5-3"], options=NINE)
    assert Play(Tile(4, 9), "0") in round_.legal_actions(0)
    message = refused("does-not-match", round_, 0, Play(Tile(3, 5), "0"))
    assert "5-3" in message and "seat 0's train" in message
    round_.apply(0, Play(Tile(4, 9), "0"))
    assert round_.trains["0"].tiles == [Tile(4, 9)] and round_.trains["0"].end == 4


def test_anyone_may_start_and_extend_the_mexican_train() -> None:
    round_ = a_round(MEXICAN_TRAIN, 2, ["9-4", "4-1 9-2"], options=NINE)
    round_.apply(0, Play(Tile(4, 9), "M"))
    assert Play(Tile(1, 4), "M") in round_.legal_actions(1)
    round_.apply(1, Play(Tile(1, 4), "M"))
    assert round_.trains["M"].tiles == tiles("9-4 4-1")


def test_a_personal_train_is_private_unless_it_carries_a_marker() -> None:
    round_ = a_round(MEXICAN_TRAIN, 2, ["9-4", "9-2 4-1"], options=NINE)
    round_.apply(0, Play(Tile(4, 9), "0"))
    message = refused("private-train", round_, 1, Play(Tile(1, 4), "0"))
    assert "seat 0's train" in message and "no marker" in message
    round_.markers.add(0)
    assert Play(Tile(1, 4), "0") in round_.legal_actions(1)


def test_a_player_who_can_play_must_play_and_may_not_draw_or_pass() -> None:
    round_ = a_round(MEXICAN_TRAIN, 2, ["9-4"], options=NINE)
    assert Draw() not in round_.legal_actions(0)
    assert refused("must-play", round_, 0, Draw())
    assert refused("must-play", round_, 0, Pass())


def test_a_player_who_cannot_play_draws_one_tile_and_must_lay_it_if_it_fits() -> None:
    round_ = a_round(MEXICAN_TRAIN, 2, [""], top="9-6", options=NINE)
    assert round_.legal_actions(0) == (Draw(),)
    assert round_.apply(0, Draw()) == Tile(6, 9)
    assert set(round_.legal_actions(0)) == {Play(Tile(6, 9), "0"), Play(Tile(6, 9), "M")}
    assert refused("cannot-draw", round_, 0, Draw())
    assert refused("must-play", round_, 0, Pass())


def test_after_a_draw_only_the_tile_drawn_may_be_laid() -> None:
    round_ = a_round(MEXICAN_TRAIN, 2, [""], top="9-6", options=NINE)
    round_.apply(0, Draw())
    held = next(tile for tile in round_.hands[0] if tile != Tile(6, 9))
    # make another of the hand's tiles fit, as if it had: still only the drawn tile goes
    round_.trains["M"].end = held.high
    assert (
        refused("play-drawn", round_, 0, Play(held, "M")) == "only the tile just drawn, 9-6, may be laid now"
    )


def test_a_player_whose_drawn_tile_does_not_fit_passes_and_a_marker_goes_on_their_train() -> None:
    round_ = a_round(MEXICAN_TRAIN, 2, [""], top="8-7", options=NINE)
    round_.apply(0, Draw())
    assert round_.legal_actions(0) == (Pass(),)
    round_.apply(0, Pass())
    assert round_.markers == {0} and round_.turn == 1


def test_a_player_who_lays_a_tile_on_their_own_train_takes_their_marker_off() -> None:
    round_ = a_round(MEXICAN_TRAIN, 2, ["", "9-1"], top="8-7 9-4", options=NINE)
    round_.apply(0, Draw())
    round_.apply(0, Pass())
    round_.apply(1, Play(Tile(1, 9), "M"))
    round_.apply(0, Draw())
    round_.apply(0, Play(Tile(4, 9), "0"))
    assert round_.markers == set()


def test_a_marked_train_is_open_to_every_player() -> None:
    round_ = a_round(MEXICAN_TRAIN, 3, ["", "9-1", "9-2"], top="8-7", options=NINE)
    round_.apply(0, Draw())
    round_.apply(0, Pass())
    assert Play(Tile(1, 9), "0") in round_.legal_actions(1)
    round_.apply(1, Play(Tile(1, 9), "0"))
    assert round_.markers == {0}, "a tile laid by another player leaves the marker on"


def test_a_player_who_lays_a_double_must_answer_it_at_once_with_a_tile_on_it() -> None:
    round_ = a_round(MEXICAN_TRAIN, 2, ["9-4 4-4 4-2"], options=NINE)
    round_.apply(0, Play(Tile(4, 9), "0"))
    _take_turn(round_, 1)
    round_.apply(0, Play(Tile(4, 4), "0"))
    assert round_.turn == 0 and round_.open_double == "0"
    assert round_.legal_actions(0) == (Play(Tile(2, 4), "0"),)
    round_.apply(0, Play(Tile(2, 4), "0"))
    assert round_.open_double is None and round_.turn == 1


def test_a_double_its_player_cannot_answer_draws_one_then_stays_open_and_marks_their_train() -> None:
    round_ = a_round(MEXICAN_TRAIN, 2, ["9-4 4-4", "9-1"], top="8-7", options=NINE)
    round_.apply(0, Play(Tile(4, 9), "0"))
    round_.apply(1, Play(Tile(1, 9), "1"))
    round_.apply(0, Play(Tile(4, 4), "0"))
    assert round_.legal_actions(0) == (Draw(),)
    round_.apply(0, Draw())
    assert round_.legal_actions(0) == (Pass(),)
    round_.apply(0, Pass())
    assert round_.open_double == "0" and round_.markers == {0} and round_.turn == 1


def test_an_open_double_must_be_answered_by_every_player_in_turn_and_nowhere_else() -> None:
    round_ = a_round(MEXICAN_TRAIN, 3, ["9-4 4-4", "9-1 4-1", "9-2"], top="8-7", options=NINE)
    round_.apply(0, Play(Tile(4, 9), "0"))
    round_.apply(1, Play(Tile(1, 9), "1"))
    round_.apply(2, Play(Tile(2, 9), "M"))
    round_.apply(0, Play(Tile(4, 4), "0"))
    round_.apply(0, Draw())
    round_.apply(0, Pass())
    assert all(play.train == "0" for play in round_.legal_actions(1))
    message = refused("answer-double", round_, 1, Play(Tile(1, 4), "1"))
    assert message == "the 4-4 on seat 0's train must be answered first"
    round_.apply(1, Play(Tile(1, 4), "0"))
    assert round_.open_double is None and round_.turn == 2
    assert round_.trains["0"].tiles == tiles("9-4 4-4 4-1")


def test_a_player_who_cannot_answer_an_open_double_draws_one_and_lays_it_on_the_double_if_it_fits() -> None:
    round_ = a_round(MEXICAN_TRAIN, 2, ["9-4 4-4", "9-1"], top="8-7 4-3", options=NINE)
    round_.apply(0, Play(Tile(4, 9), "0"))
    round_.apply(1, Play(Tile(1, 9), "1"))
    round_.apply(0, Play(Tile(4, 4), "0"))
    round_.apply(0, Draw())
    round_.apply(0, Pass())
    assert round_.legal_actions(1) == (Draw(),)
    assert round_.apply(1, Draw()) == Tile(3, 4)
    assert round_.legal_actions(1) == (Play(Tile(3, 4), "0"),)


def test_a_player_who_cannot_answer_an_open_double_even_after_drawing_marks_their_train_and_passes() -> None:
    round_ = a_round(MEXICAN_TRAIN, 2, ["9-4 4-4", "9-1"], top="8-7 8-6", options=NINE)
    round_.apply(0, Play(Tile(4, 9), "0"))
    round_.apply(1, Play(Tile(1, 9), "1"))
    round_.apply(0, Play(Tile(4, 4), "0"))
    round_.apply(0, Draw())
    round_.apply(0, Pass())
    round_.apply(1, Draw())
    round_.apply(1, Pass())
    assert round_.markers == {0, 1} and round_.open_double == "0" and round_.turn == 0


def test_a_double_laid_as_a_players_last_tile_ends_the_round_at_once() -> None:
    match = a_match(MEXICAN_TRAIN, 2, ["9-4 4-4"], options=NINE)
    played = match.round
    played.hands[0] = tiles("9-4 4-4")
    match.apply(0, Play(Tile(4, 9), "0"))
    _take_turn(played, 1)
    match.apply(0, Play(Tile(4, 4), "0"))
    assert played.is_over and played.winner == 0
    assert match.round_points[0][0] == 0


def test_opening_run_option_lets_a_first_turn_lay_a_run_on_ones_own_train() -> None:
    options = {**NINE, "opening-run": "on"}
    round_ = a_round(MEXICAN_TRAIN, 2, ["9-4 4-2 2-2 2-1"], options=options)
    round_.apply(0, Play(Tile(4, 9), "0"))
    assert round_.turn == 0 and round_.running
    assert EndRun() in round_.legal_actions(0)
    assert all(play.train == "0" for play in round_.plays(0))
    assert refused("run-own-train", round_, 0, Play(Tile(1, 2), "M")).startswith("an opening run")
    round_.apply(0, Play(Tile(2, 4), "0"))
    round_.apply(0, Play(Tile(2, 2), "0"))
    assert round_.open_double == "0" and EndRun() not in round_.legal_actions(0)
    round_.apply(0, Play(Tile(1, 2), "0"))
    assert round_.trains["0"].tiles == tiles("9-4 4-2 2-2 2-1")
    if round_.turn == 0:
        round_.apply(0, EndRun())
    assert round_.turn == 1
    round_.apply(1, round_.legal_actions(1)[0])
    assert not round_.running


def test_without_the_opening_run_option_a_first_turn_lays_one_tile() -> None:
    round_ = a_round(MEXICAN_TRAIN, 2, ["9-4 4-2"], options=NINE)
    round_.apply(0, Play(Tile(4, 9), "0"))
    assert round_.turn == 1
    assert refused("not-your-turn", round_, 0, Play(Tile(2, 4), "0"))


def test_the_round_ends_when_a_player_lays_their_last_tile() -> None:
    match = a_match(MEXICAN_TRAIN, 2, ["9-4"], options=NINE)
    match.round.hands[0] = tiles("9-4")
    match.apply(0, Play(Tile(4, 9), "M"))
    assert match.round.is_over and match.round.winner == 0
    assert match.round_points == [match.round.points()]
    assert refused("hand-over", match.round, 1, Draw())


def test_the_round_ends_when_the_boneyard_is_empty_and_every_player_in_turn_cannot_play() -> None:
    round_ = a_round(MEXICAN_TRAIN, 3, ["", "", ""], options=NINE)
    round_.boneyard.clear()
    for seat in (0, 1):
        assert round_.legal_actions(seat) == (Pass(),)
        round_.apply(seat, Pass())
        assert not round_.is_over
    round_.apply(2, Pass())
    assert round_.is_over and round_.winner is None


def test_each_player_scores_the_pips_left_in_hand_and_the_double_blank_counts_nothing_by_default() -> None:
    zero = rules_of(MEXICAN_TRAIN, 2, NINE)
    fifty = rules_of(MEXICAN_TRAIN, 2, {**NINE, "double-blank": "50"})
    held = tiles("6-5 0-0 3-1")
    assert zero.hand_points(held) == 15
    assert fifty.hand_points(held) == 65


def test_after_the_last_round_the_lowest_total_wins_and_equal_lowest_totals_share_the_win() -> None:
    state = MEXICAN_TRAIN_GAME.start(3, seed=8, options={**NINE, "rounds": "short"})
    match = state.match
    play_randomly(match, random.Random(8))
    assert len(match.round_points) == 5
    totals = match.totals
    assert state.outcome().winners == tuple(seat for seat in range(3) if totals[seat] == min(totals))
    match.round_points[-1] = tuple(
        points + (max(totals) - totals[seat]) for seat, points in enumerate(match.round_points[-1])
    )
    assert state.outcome().winners == (0, 1, 2)


def test_the_seed_deals_each_round_on_its_own() -> None:
    rules = rules_of(MEXICAN_TRAIN, 4)
    assert seeded_deal(rules, 1, 0) == seeded_deal(rules, 1, 0)
    assert seeded_deal(rules, 1, 0) != seeded_deal(rules, 2, 0)
    assert seeded_deal(rules, 1, 1) != seeded_deal(rules, 1, 0)
