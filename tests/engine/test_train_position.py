"""Train positions (docs/notation.md, "Train positions"): any moment of a round written on one
line reads back to the same round, playing on as it would have; a seat's view hides the rest;
damaged positions are refused saying what was expected."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from engine.errors import NotationError
from engine.trains.match import TrainMatch
from engine.trains.position import read_train_position, write_train_position
from engine.trains.round import TrainRound
from engine.trains.variant import TRAIN_GAMES

TABLES = [
    ("mexican-train", 4, {}),
    ("mexican-train", 3, {"opening-run": "on", "set": "9"}),
    ("chicken-foot", 2, {}),
    ("chicken-foot", 6, {"set": "12"}),
]


def _moments(variant: str, players: int, options: dict[str, str]):  # type: ignore[no-untyped-def]
    for seed in range(30):
        match = TrainMatch(TRAIN_GAMES[variant].rules_for(players, options), seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 90)):
            played = match.round
            if played.is_over:
                break
            match.apply(played.turn, rng.choice(played.legal_actions(played.turn)))
        if not match.round.is_over:
            yield match


def _play_on(played: TrainRound, seed: int) -> list[str]:
    rng = random.Random(seed)
    moves = []
    while not played.is_over:
        action = rng.choice(played.legal_actions(played.turn))
        played.apply(played.turn, action)
        moves.append(str(action))
    return moves


@pytest.mark.parametrize(("variant", "players", "options"), TABLES)
def test_a_position_reads_back_and_plays_on_as_the_round_would(
    variant: str, players: int, options: dict[str, str]
) -> None:
    for match in _moments(variant, players, options):
        text = write_train_position(match.round, match.totals)
        position = read_train_position(text)
        again = position.round()
        assert write_train_position(again, position.totals) == text
        assert _play_on(again, 1) == _play_on(match.round.copy(), 1)


@pytest.mark.parametrize(("variant", "players", "options"), TABLES)
def test_a_seats_position_hides_the_others_tiles_and_the_boneyard(
    variant: str, players: int, options: dict[str, str]
) -> None:
    for match in _moments(variant, players, options):
        seat = match.round.turn
        text = write_train_position(match.round, match.totals, seat=seat)
        shown = [str(tile) for other, hand in enumerate(match.round.hands) if other != seat for tile in hand]
        hands_field = next(part for part in text.split(" ; ") if part.startswith("hands "))
        assert not any(tile in hands_field.split() for tile in shown)
        with pytest.raises(NotationError):
            read_train_position(text).round()
        dealt = read_train_position(text).round(random.Random(3))
        assert dealt.legal_actions(seat) == match.round.legal_actions(seat)
        assert [len(hand) for hand in dealt.hands] == [len(hand) for hand in match.round.hands]


def test_the_documented_position_reads_back_and_east_must_answer_the_open_double() -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "notation.md").read_text(encoding="utf-8")
    text = re.search(r"```train-position\n(.*?)\n```", doc, re.S).group(1)  # type: ignore[union-attr]
    position = read_train_position(text)
    played = position.round(random.Random(1))
    assert write_train_position(played, position.totals, seat=2) == text
    assert [str(action) for action in played.legal_actions(2)] == ["9-0@1"]


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (("round 1", "round 11"), "a number from 1 to 10"),
        (("totals 0-0", "totals 0"), "2 totals"),
        (("turn 1 4", "turn 1"), "the player to move and the turn's number"),
        (("1: 9-2", "1: 8-2"), "a tile matching the 9"),
        (("M: -", "X: -"), "a train such as"),
        (("mexican-train 2", "mexican-trains 2"), "rules the game is played by"),
        (("stock ?", "stock ??"), "a tile such as 6-4 in stock"),
        (("; markers 0", "; colour 0"), "one of the fields"),
    ],
)
def test_a_damaged_position_is_refused_saying_what_was_expected(
    change: tuple[str, str], expected: str
) -> None:
    text = (
        "mexican-train 2 set=9 rounds=full opening-run=off double-blank=0 ; round 1 ; totals 0-0 ; turn 1 4 ; "
        "trains 0: 9-4 4-4 / 1: 9-2 / M: - ; markers 0 ; hands ?9 / ?8 ; stock ?34"
    )
    read_train_position(text)
    with pytest.raises(NotationError) as raised:
        read_train_position(text.replace(*change))
    assert expected in str(raised.value)
