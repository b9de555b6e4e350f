"""Puzzles (engine/puzzles): the criteria on scripted values and positions, proving, the
file format, the generator's reproducibility, and every shipped puzzle proved again."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from engine.errors import NotationError
from engine.line.ai.fast import FastHand
from engine.line.notation.moves import action_words
from engine.line.notation.position import read_position
from engine.puzzles.generate import OPEN_GAMES, position_key, puzzles_of_game
from engine.puzzles.open_hand import MIN_COST, PuzzleRejected, judge, prove
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
    hand = read_position(puzzle.position).hand()
    words = [action_words(hand.layout, action)[0] for action in hand.legal_actions()]
    wrong = next(word for word in words if word != puzzle.line[0])
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
    assert PUZZLES_FILE.read_text(encoding="utf-8").startswith("# Dominoes puzzles")


@pytest.mark.parametrize("game", [f"{variant}-{players}" for variant, players in OPEN_GAMES])
def test_every_shipped_puzzle_proves_again(game: str) -> None:
    puzzles = [puzzle for puzzle in load_puzzles() if puzzle.id.rsplit("-", 1)[0] == game]
    assert puzzles, f"no puzzles of {game}"
    for puzzle in puzzles:
        prove(puzzle)
