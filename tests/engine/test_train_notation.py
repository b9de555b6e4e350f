"""Train game records (docs/notation.md, "Train game records"): the example reads and writes
back word for word, records round-trip and play on as dealt, and every fault is refused at
its line and column, saying why."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from engine.errors import NotationError
from engine.game import bot_rng
from engine.notation.__main__ import check, verify
from engine.trains.actions import Draw, Pass, Play
from engine.trains.ai import make_train_bot
from engine.trains.match import TrainMatch
from engine.trains.notation import read_train_record, write_train_record
from engine.trains.variant import CHICKEN_FOOT_GAME, MEXICAN_TRAIN_GAME
from engine.trains.view import train_view
from tests.helpers.trains import play_randomly

DOC = Path(__file__).resolve().parents[2] / "docs" / "notation.md"
EXAMPLE = re.search(r"```train-record\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S).group(1)  # type: ignore[union-attr]


def _played(match: TrainMatch, moves: int, level: str = "medium") -> None:
    bots = [make_train_bot(level) for _ in range(match.rules.players)]
    for _ in range(moves):
        if match.round.is_over:
            if match.is_over:
                return
            match.next_round()
            continue
        seat = match.round.turn
        match.apply(seat, bots[seat].choose(train_view(match, seat), bot_rng(match.seed, seat)))


def _refusal(text: str) -> NotationError:
    with pytest.raises(NotationError) as raised:
        read_train_record(text)
    return raised.value


def test_the_example_reads_and_writes_back_the_same() -> None:
    match = read_train_record(EXAMPLE)
    assert write_train_record(match) == EXAMPLE
    assert match.round.is_over and match.round.winner == 0 and match.totals == (0, 8, 20)
    moves = [str(move.action) for move in match.round.moves]
    assert moves[moves.index("0-0@1") + 1 : moves.index("0-0@1") + 4] == ["draw", "pass", "9-0@1"]


def test_the_example_checks_from_the_command_line() -> None:
    assert check(EXAMPLE) == "a record of mexican-train: 1 round, totals 0-8-20, game in progress"
    assert verify(EXAMPLE) == (False, ["nothing to verify: train games are not dealt from committed seeds"])


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        (MEXICAN_TRAIN_GAME, 4, {}),
        (MEXICAN_TRAIN_GAME, 8, {"double-blank": "50"}),
        (MEXICAN_TRAIN_GAME, 3, {"opening-run": "on", "set": "9"}),
        (CHICKEN_FOOT_GAME, 2, {}),
        (CHICKEN_FOOT_GAME, 6, {"set": "12", "double-blank": "0"}),
    ],
)
def test_a_record_read_back_plays_on_as_if_it_had_never_been_written(game, players, options) -> None:
    rules = game.rules_for(players, options)
    whole = TrainMatch(rules, seed=77)
    _played(whole, 400)
    halfway = TrainMatch(rules, seed=77)
    _played(halfway, 150)
    resumed = read_train_record(write_train_record(halfway))
    assert write_train_record(resumed) == write_train_record(halfway)
    _played(resumed, 250)
    assert write_train_record(resumed) == write_train_record(whole)


def test_a_whole_game_reads_back_with_its_result_and_totals() -> None:
    match = TrainMatch(CHICKEN_FOOT_GAME.rules_for(3), seed=5)
    play_randomly(match, random.Random(5))
    text = write_train_record(match)
    again = read_train_record(text)
    assert again.is_over and again.totals == match.totals and again.winners() == match.winners()
    assert f'[Result "{",".join(map(str, match.winners()))}"]' in text


def test_an_illegal_action_is_refused_at_its_word_saying_what_could_be_done_and_why() -> None:
    text = EXAMPLE.replace("12. 9-0@1", "12. 9-0@M")
    error = _refusal(text)
    line = text.split("\n").index(next(line for line in text.split("\n") if "12. 9-0@M" in line)) + 1
    assert (error.line, error.column) == (line, text.split("\n")[line - 1].index("9-0@M") + 1)
    assert "one of 9-0@1" in str(error) and "the 0-0 on seat 1's train must be answered first" in str(error)


def test_a_private_train_is_refused_in_a_record() -> None:
    error = _refusal(EXAMPLE.replace("2. 9-4@1", "2. 9-4@0"))
    assert "seat 0's train is another player's and has no marker" in str(error)


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (('[Score "0-8-20"]', '[Score "0-8-21"]'), "the totals the moves give, 0-8-20"),
        (('[Result "*"]', '[Result "0"]'), "the result the moves give, *"),
        (('[Engine "9-9"]', '[Engine "8-8"]'), "the round's double, 9-9"),
        (("6-0 4-1 7-0", "6-0 6-0 7-0"), "a deal holding each tile of the set once"),
        (("6-0 4-1 7-0", "6-0 9-9 7-0"), "a deal holding each tile of the set once"),
        (("6-0 4-1 7-0", "6-0 7-0"), "10 tiles"),
        (("draw 8-0", "draw 9-7"), "a tile still in the boneyard"),
        (("draw 8-0", "draw 8-x"), "the tile drawn"),
        (("9-7@0", "9-7@Q"), "an action such as 12-5@M"),
        (("2. 9-4@1", "3. 9-4@1"), "turn 2."),
        (('[Variant "mexican-train"]', '[Variant "mexican-trains"]'), "mexican-train or chicken-foot"),
        (('[Players "3"]', '[Players "9"]'), "a number of players, 2 to 8"),
        (("double-blank=0", "double-blank=25"), "rules the game is played by"),
        (('[Round "1"]', '[Round "2"]'), '[Round "1"]'),
        (("4-1@2 {South", "4-1@2 5-1@2 {South"), "the next round: this one is over"),
    ],
)
def test_a_damaged_record_is_refused_saying_what_was_expected(change: tuple[str, str], expected: str) -> None:
    old, new = change
    assert old in EXAMPLE
    error = _refusal(EXAMPLE.replace(old, new, 1))
    assert expected in str(error) and error.line is not None and error.column is not None


def test_a_round_left_unfinished_before_the_next_is_refused() -> None:
    text = EXAMPLE.replace(" 28. 4-1@2", "") + '\n[Round "2"]\n'
    assert "the moves of round 1 to its end" in str(_refusal(text))


def test_a_record_without_a_seed_reads_with_its_boneyard_in_a_fixed_order() -> None:
    text = EXAMPLE.replace('[Seed "4"]\n', "")
    match = read_train_record(text)
    assert match.totals == (0, 8, 20)
    assert match.round.boneyard == sorted(match.round.boneyard, reverse=True)


def test_draws_name_the_tile_drawn_and_passes_their_place() -> None:
    match = read_train_record(EXAMPLE)
    drawn = [move.drawn for move in match.round.moves if isinstance(move.action, Draw)]
    assert [str(tile) for tile in drawn] == ["8-0", "9-6", "1-1", "8-3", "9-3"]
    assert sum(isinstance(move.action, Pass) for move in match.round.moves) == 3
    assert all(
        isinstance(move.action, Play)
        for move in match.round.moves
        if move.drawn is None and not isinstance(move.action, Pass)
    )
