"""A game of the train family taken back to any earlier moment (undo, a replay's "play on
from here") is that moment again: the same trains, hands, boneyard, turn and totals, and it
plays on as the game did."""

from __future__ import annotations

import random

import pytest

from engine.trains.match import TrainMatch
from engine.trains.position import read_train_position, write_train_position
from engine.trains.variant import TRAIN_GAMES
from tests.helpers.trains import play_randomly

TABLES = [
    ("mexican-train", 4, {}),
    ("mexican-train", 3, {"opening-run": "on", "set": "9"}),
    ("chicken-foot", 5, {}),
]


@pytest.mark.parametrize(("variant", "players", "options"), TABLES)
def test_every_moment_of_a_game_comes_back_as_it_was(
    variant: str, players: int, options: dict[str, str]
) -> None:
    match = TrainMatch(TRAIN_GAMES[variant].rules_for(players, options), 7)
    moments: list[tuple[int, int, str, tuple[int, ...]]] = []
    rng = random.Random(7)
    for _ in range(3):
        while not match.round.is_over:
            moments.append(
                (
                    len(match.rounds) - 1,
                    len(match.round.moves),
                    write_train_position(match.round, match.totals),
                    match.totals,
                )
            )
            match.apply(match.round.turn, rng.choice(match.round.legal_actions(match.round.turn)))
        match.next_round()
    for round_index, moves, position, totals in moments[:: max(1, len(moments) // 40)]:
        again = match.replayed_to(round_index, moves)
        assert write_train_position(again.round, again.totals) == position
        assert again.totals == totals
        assert len(again.rounds) == round_index + 1
    later = match.replayed_to(1, len(match.rounds[1].moves))
    assert later.round_points == match.round_points[:2]
    assert later.next_round().dealt == match.rounds[2].dealt


def test_a_game_taken_back_plays_on_as_the_game_did() -> None:
    match = TrainMatch(TRAIN_GAMES["chicken-foot"].rules_for(4), 3)
    play_randomly(match, random.Random(3), rounds=2)
    again = match.replayed_to(0, 10)
    for move in match.rounds[0].moves[10:]:
        again.apply(move.seat, move.action)
    assert [str(move.action) for move in again.round.moves] == [
        str(move.action) for move in match.rounds[0].moves
    ]
    assert again.totals == match.rounds[0].points()


def test_a_round_set_out_from_a_position_comes_back_to_that_position() -> None:
    match = TrainMatch(TRAIN_GAMES["mexican-train"].rules_for(4), 5)
    rng = random.Random(5)
    for _ in range(20):
        match.apply(match.round.turn, rng.choice(match.round.legal_actions(match.round.turn)))
    text = write_train_position(match.round, match.totals)
    position = read_train_position(text)
    resumed = TrainMatch.resumed(position.round(), 5, position.totals)
    for _ in range(6):
        resumed.apply(resumed.round.turn, rng.choice(resumed.round.legal_actions(resumed.round.turn)))
    assert write_train_position(resumed.replayed_to(0, 0).round, position.totals) == text
