"""Puzzles (engine/puzzles): the criteria on scripted values and positions, proving, the
file format, the generator's reproducibility, and every shipped puzzle proved again."""

from __future__ import annotations

import datetime
import hashlib
import re
from dataclasses import replace

import pytest

from engine.errors import NotationError
from engine.line.ai.fast import FastHand
from engine.line.notation.moves import action_words
from engine.line.notation.position import read_position
from engine.notation.text import read_tile
from engine.puzzles.daily import daily_deal_seed, daily_puzzle
from engine.puzzles.generate import OPEN_GAMES, position_key, puzzles_of_game
from engine.puzzles.hidden_hand import Facts, judge_hidden, prove_hidden
from engine.puzzles.open_hand import MIN_COST, PuzzleRejected, judge, prove
from engine.puzzles.proof import prove_puzzle
from engine.puzzles.puzzle import Puzzle, read_puzzles, write_puzzles
from engine.puzzles.shipped import PUZZLES_FILE, load_puzzles
from engine.puzzles.solver import Value
from engine.puzzles.themes import THEMES

POSITION = (
    "block 2 100 touch-move=off ; scores 0-0 ; opener 1 ; turn 0 ; layout 6-6 6-4@6-6E 4-4@6-4 ; "
    "hands 6-3 6-1 4-2 3-0 2-2 1-0 / 6-2 4-3 4-0 3-3 2-0 ; stock 3-1 5-3 5-2 2-1 4-1 5-4 5-0 5-5 6-5 "
    "1-1 0-0 6-0 3-2 5-1"
)


def test_two_moves_reaching_the_best_outcome_are_no_puzzle() -> None:
    with pytest.raises(PuzzleRejected, match="2 moves reach the best outcome"):
        judge({1: Value(1, 10), 2: Value(1, 10), 3: Value(-1, -5)})


def test_a_second_move_within_the_stated_points_is_no_puzzle() -> None:
    with pytest.raises(PuzzleRejected, match=f"within {MIN_COST} points"):
        judge({1: Value(1, 20), 2: Value(1, 20 - MIN_COST + 1), 3: Value(-1, -3)})


def test_a_unique_winner_by_a_margin_is_kept() -> None:
    assert judge({1: Value(1, 5), 2: Value(1, 20), 3: Value(-1, -3)}) == 2
    assert judge({1: Value(-1, -30), 2: Value(0, 0)}) == 2  # saving a tie is a puzzle too


def test_where_every_move_wins_or_only_one_is_legal_there_is_no_puzzle() -> None:
    with pytest.raises(PuzzleRejected, match="every move wins"):
        judge({1: Value(1, 40), 2: Value(1, 5)})
    with pytest.raises(PuzzleRejected, match="only one legal move"):
        judge({1: Value(1, 40)})


def renamed(position: str, numbers: dict[int, int]) -> str:
    """``position`` with every tile's numbers renamed (the layout, hands and stock only)."""
    head, _, tiles = position.partition(" ; layout ")
    swapped = re.sub(r"(\d)-(\d)", lambda m: f"{numbers[int(m[1])]}-{numbers[int(m[2])]}", tiles)
    return f"{head} ; layout {swapped}"


def test_positions_alike_but_for_the_names_of_the_suits_share_a_key() -> None:
    key = position_key(FastHand.from_hand(read_position(POSITION).hand()))
    swap = renamed(POSITION, {0: 3, 1: 0, 2: 1, 3: 2, 4: 4, 5: 5, 6: 6})
    assert position_key(FastHand.from_hand(read_position(swap).hand())) == key
    moved = POSITION.replace("1-0 / 6-2", "1-0 / 6-5").replace("6-5 1-1", "6-2 1-1")  # a tile traded
    assert position_key(FastHand.from_hand(read_position(moved).hand())) != key


def another_first_move(puzzle: Puzzle) -> str:
    """A legal first move of ``puzzle`` other than its answer, as the file writes moves."""
    hand = read_position(puzzle.position).hand()
    words = [action_words(hand.layout, action)[0] for action in hand.legal_actions()]
    return next(word for word in words if word != puzzle.line[0])


@pytest.fixture(scope="module")
def made() -> list[Puzzle]:
    """The first three block puzzles the generator makes."""
    return puzzles_of_game("block", 2, 3)


def test_the_generator_makes_the_same_puzzles_from_the_same_seeds(made: list[Puzzle]) -> None:
    assert puzzles_of_game("block", 2, 3) == made
    shipped = [
        puzzle for puzzle in load_puzzles() if puzzle.variant == "block" and puzzle.id.startswith("block-2-")
    ]
    assert shipped[:3] == made, "the shipped file is what the generator writes"


def test_a_made_puzzle_proves_and_a_changed_one_does_not(made: list[Puzzle]) -> None:
    puzzle = made[0]
    prove(puzzle)
    assert puzzle.theme in THEMES
    with pytest.raises(PuzzleRejected, match="not"):
        prove(replace(puzzle, proof="wins-p999"))
    wrong = another_first_move(puzzle)
    with pytest.raises(PuzzleRejected, match="not the only best move"):
        prove(replace(puzzle, line=(wrong,)))


def test_the_file_round_trips_and_bad_lines_are_named() -> None:
    puzzle = Puzzle("block-2-0001", "open", "block", 0, 1400, "wins-p14", POSITION, ("6-1@6-6",))
    text = write_puzzles([puzzle], ["made by hand"])
    assert text.startswith("# made by hand\n")
    assert read_puzzles(text) == [puzzle]
    with pytest.raises(NotationError, match="line 3 is not a puzzle"):
        read_puzzles(text + "nonsense | here\n")
    with pytest.raises(NotationError, match="a second puzzle block-2-0001"):
        read_puzzles(text + puzzle.text() + "\n")
    with pytest.raises(NotationError, match="has no moves"):
        read_puzzles(puzzle.text().rsplit(" | ", 1)[0] + " | \n")


def test_the_shipped_set_is_large_and_wide() -> None:
    puzzles = load_puzzles()
    assert len(puzzles) >= 1000
    assert len({puzzle.variant for puzzle in puzzles}) >= 8
    assert len({puzzle.id for puzzle in puzzles}) == len(puzzles)
    keys = {position_key(FastHand.from_hand(read_position(puzzle.position).hand())) for puzzle in puzzles}
    assert len(keys) == len(puzzles), "no two puzzles share a position, up to renaming the suits"
    assert {puzzle.theme for puzzle in puzzles} <= set(THEMES)
    assert sum(puzzle.kind == "hidden" for puzzle in puzzles) >= 100
    assert PUZZLES_FILE.read_text(encoding="utf-8").startswith("# Dominoes puzzles")


@pytest.mark.parametrize("game", [f"{variant}-{players}" for variant, players in OPEN_GAMES])
def test_every_shipped_puzzle_proves_again(game: str) -> None:
    puzzles = [puzzle for puzzle in load_puzzles() if puzzle.id.rsplit("-", 1)[0] == game]
    assert puzzles, f"no puzzles of {game}"
    for puzzle in puzzles:
        prove_puzzle(puzzle)


def test_a_hidden_hand_answer_that_depends_on_the_hidden_tiles_is_rejected() -> None:
    # Move 1 wins in half the deals and move 2 in the other half: no answer without peeking.
    split = [{1: Value(1, 10), 2: Value(-1, -10)}] * 5 + [{1: Value(-1, -10), 2: Value(1, 10)}] * 5
    with pytest.raises(PuzzleRejected, match="no move is best by a clear margin"):
        judge_hidden(split)
    # Move 1 is far better on average, but best in only 7 deals of 10.
    lopsided = [{1: Value(1, 30), 2: Value(-1, -10)}] * 7 + [{1: Value(-1, -1), 2: Value(1, 1)}] * 3
    with pytest.raises(PuzzleRejected, match="best in only 7 of 10 deals"):
        judge_hidden(lopsided)


def test_a_hidden_hand_answer_best_in_most_deals_by_a_margin_is_kept() -> None:
    deals = [{1: Value(1, 12), 2: Value(-1, -4)}] * 9 + [{1: Value(-1, -2), 2: Value(1, 3)}]
    assert judge_hidden(deals) == (1, 9)
    with pytest.raises(PuzzleRejected, match="same outcome"):
        judge_hidden([{1: Value(1, 12), 2: Value(1, 2)}] * 10)  # every move wins in every deal


def test_what_a_seat_has_seen_round_trips() -> None:
    facts = Facts((frozenset(), frozenset({4, 5})), (frozenset(), frozenset({read_tile("6-6")})))
    assert facts.text() == "1lacks45 1not6-6"
    assert Facts.read(facts.text(), 2) == facts
    assert Facts.read("-", 2).text() == "-"
    with pytest.raises(NotationError, match="not a fact"):
        Facts.read("3lacks4", 2)


def test_a_shipped_hidden_puzzle_proves_and_a_changed_one_does_not() -> None:
    puzzle = next(puzzle for puzzle in load_puzzles() if puzzle.kind == "hidden")
    prove_hidden(puzzle)
    agreeing, deals = puzzle.proof.removeprefix("deals-").split("-of-")
    with pytest.raises(PuzzleRejected, match="not as"):
        prove_hidden(replace(puzzle, proof=f"deals-{int(agreeing) - 1}-of-{deals}"))
    wrong = another_first_move(puzzle)
    with pytest.raises(PuzzleRejected, match="not the best move on average"):
        prove_hidden(replace(puzzle, line=(wrong,)))


def test_the_days_puzzle_and_deal_come_from_the_date_alone() -> None:
    puzzles = load_puzzles()
    day = datetime.date(2026, 11, 28)
    assert daily_puzzle(day, puzzles) == daily_puzzle(datetime.date(2026, 11, 28), list(puzzles))
    week = {daily_puzzle(day + datetime.timedelta(days=n), puzzles).id for n in range(7)}
    assert len(week) >= 6, "a different puzzle (almost) every day"
    seeds = {daily_deal_seed(day + datetime.timedelta(days=n), "block") for n in range(30)}
    assert len(seeds) == 30 and all(0 <= seed < 2**31 for seed in seeds)
    assert daily_deal_seed(day, "block") != daily_deal_seed(day, "draw")
    digest = hashlib.sha256(b"dominoes daily deal block 2026-11-28").digest()
    assert daily_deal_seed(day, "block") == int.from_bytes(digest[:8], "big") % 2**31
    with pytest.raises(ValueError, match="no puzzles"):
        daily_puzzle(day, [])
