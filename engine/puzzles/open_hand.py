"""Open-hand puzzles: every hand face up, one move right, proven by solving the endgame.

A position of a two-sided hand with nothing left to draw is a puzzle (:func:`find_open_puzzle`)
when all of this holds (:func:`judge`):

- it follows a turning point: the other side's last move gave something away (the solving
  side's exact value rose with it), as lichess takes its puzzles from a blunder;
- the solver has a choice, and exactly one move reaches the best outcome; every other move
  changes the outcome (a win becomes a tie or a loss) or costs at least :data:`MIN_COST`
  points; and at least one changes the outcome (never a position where every move wins);
- after the answer, the others reply with their best moves, and each later choice of the
  solver's that is again the only best one belongs to the puzzle too (several moves deep).

:func:`prove` checks a shipped puzzle the same way from its text alone.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass

from engine.line.actions import Action, Pass
from engine.line.ai.fast import FastHand, Outcome, action_of
from engine.line.hand import Hand
from engine.line.notation.moves import action_words, read_play
from engine.line.notation.position import read_position, write_position
from engine.puzzles.puzzle import Puzzle
from engine.puzzles.solver import (
    SOLVER_NODES,
    Memo,
    Value,
    can_solve,
    first_best,
    move_values,
    play_on_perfectly,
)
from engine.puzzles.themes import theme_of

__all__ = [
    "MAX_TILES",
    "MIN_COST",
    "OpenFinding",
    "PuzzleRejected",
    "find_open_puzzle",
    "judge",
    "proof_text",
    "prove",
]

MIN_COST = 10
"""The fewest points every move but the answer must cost, where it does not change the outcome."""

MAX_TILES = 10
"""The most tiles in all hands together at a puzzle's position: a person solves it by
reading the play out, as the engine does."""


class PuzzleRejected(Exception):
    """A position that is not a puzzle, or a shipped puzzle that no longer proves; the
    message says which criterion failed."""


@dataclass(frozen=True, slots=True)
class OpenFinding:
    """An open-hand puzzle found at a position: its ``line`` of actions (the solver's, each
    the only best, and the replies between them), how many of them are the solver's
    choices (``choices``), the answer's exact ``value`` and the values of the first
    position's moves (``first_values``), and how the hand ends under perfect play
    (``final``)."""

    line: tuple[Action, ...]
    choices: int
    value: Value
    first_values: Mapping[int, Value]
    final: Outcome


def judge(values: Mapping[int, Value]) -> int:
    """The answer among a position's move values (:func:`~engine.puzzles.solver.move_values`),
    or a :class:`PuzzleRejected` saying why there is none: fewer than two moves, no move
    best alone, another move as good within :data:`MIN_COST` points, or every move reaching
    the same outcome."""
    if len(values) < 2:
        raise PuzzleRejected("only one legal move")
    best = max(values.values())
    answers = [move for move, value in values.items() if value == best]
    if len(answers) > 1:
        raise PuzzleRejected(f"{len(answers)} moves reach the best outcome ({best})")
    others = [value for value in values.values() if value != best]
    close = [
        value for value in others if value.result == best.result and value.margin > best.margin - MIN_COST
    ]
    if close:
        raise PuzzleRejected(f"another move {close[0]}, within {MIN_COST} points of the answer's {best}")
    if all(value.result == best.result for value in others):
        raise PuzzleRejected(f"every move {'wins' if best.result > 0 else 'reaches the same outcome'}")
    return answers[0]


def find_open_puzzle(hand: Hand, before: Hand | None, budget: int = SOLVER_NODES) -> OpenFinding:
    """The open-hand puzzle at ``hand`` for the seat to move, ``before`` being the position
    before the other side's last move (the turning point); a :class:`PuzzleRejected` (or
    :class:`~engine.puzzles.solver.TooLarge`) when there is none."""
    fast = FastHand.from_hand(hand)
    if not can_solve(fast):
        raise PuzzleRejected("not a two-sided endgame with nothing left to draw")
    seat = hand.turn
    side = hand.rules.side_of(seat)
    if sum(len(held) for held in fast.hands) > MAX_TILES:
        raise PuzzleRejected(f"more than {MAX_TILES} tiles in the hands")
    memo: Memo = {}
    first_values = move_values(fast, budget, memo)
    answer = judge(first_values)
    if before is None:
        raise PuzzleRejected("no move of the other side before it")
    earlier = FastHand.from_hand(before)
    if not can_solve(earlier) or hand.rules.side_of(before.turn) == side:
        raise PuzzleRejected("the other side's last move was made with tiles still to draw")
    if -max(move_values(earlier, budget, memo).values()) >= first_values[answer]:
        raise PuzzleRejected("no turning point: the other side's last move gave nothing away")
    line, choices = _line(fast, seat, budget, memo)
    after = fast.copy()
    for move in line:
        after.apply(move)
    final = after.outcome or play_on_perfectly(after, budget, memo)
    return OpenFinding(
        tuple(action_of(move, fast.t) for move in line), choices, first_values[answer], first_values, final
    )


def _line(fast: FastHand, seat: int, budget: int, memo: Memo) -> tuple[list[int], int]:
    """The puzzle's moves from ``fast``: the solver's only-best moves and the replies
    between them (each the first best move of the seat to move), up to the solver's last
    only-best choice; and how many choices that was."""
    walk = fast.copy()
    line: list[int] = []
    choices, kept = 0, 0
    while walk.outcome is None:
        values = move_values(walk, budget, memo)
        if walk.turn == seat and len(values) > 1:
            try:
                move = judge_choice(values)
            except PuzzleRejected:
                break
            choices += 1
            line.append(move)
            kept = len(line)
        else:
            move = first_best(values)
            line.append(move)
        walk.apply(move)
    return line[:kept], choices


def judge_choice(values: Mapping[int, Value]) -> int:
    """A later choice of the solver's in a puzzle: the only best move, the others worse in
    outcome or by :data:`MIN_COST` points (they may all still win); else :class:`PuzzleRejected`."""
    best = max(values.values())
    answers = [move for move, value in values.items() if value == best]
    if len(answers) > 1:
        raise PuzzleRejected("more than one best move")
    for value in values.values():
        if value != best and value.result == best.result and value.margin > best.margin - MIN_COST:
            raise PuzzleRejected("another move nearly as good")
    return answers[0]


def proof_text(value: Value) -> str:
    """The proof field of an open puzzle: the answer's exact value (``wins-p12``, ``ties-m5``)."""
    word = {1: "wins", 0: "ties", -1: "loses"}[value.result]
    return f"{word}-{'m' if value.margin < 0 else 'p'}{abs(value.margin)}"


def line_words(hand: Hand, line: tuple[Action, ...]) -> tuple[str, ...]:
    """The move words of ``line`` played from ``hand`` (which is left as it was)."""
    walk = copy.deepcopy(hand)
    words: list[str] = []
    for action in line:
        words += action_words(walk.layout, action)
        walk.apply(action)
    return tuple(words)


def read_line(hand: Hand, words: tuple[str, ...]) -> list[Action]:
    """The actions a puzzle's move words name, played from ``hand`` (left as it was)."""
    walk = copy.deepcopy(hand)
    actions: list[Action] = []
    for word in words:
        action: Action = Pass() if word == "pass" else read_play(word, walk.layout)
        walk.apply(action)
        actions.append(action)
    return actions


def open_puzzle(puzzle_id: str, hand: Hand, finding: OpenFinding, rating: int) -> Puzzle:
    """The shippable :class:`Puzzle` of a finding at ``hand``."""
    fast = FastHand.from_hand(hand)
    answer = finding.line[0]
    return Puzzle(
        id=puzzle_id,
        kind="open",
        theme=theme_of(fast, answer, finding.value, finding.final),
        seat=hand.turn,
        rating=rating,
        proof=proof_text(finding.value),
        position=write_position(hand),
        line=line_words(hand, finding.line),
    )


def prove(puzzle: Puzzle, budget: int = SOLVER_NODES) -> None:
    """Check an open puzzle from its text: its position solved again, each of the solver's
    moves in its line the only best one (the first as :func:`judge` asks), each reply a
    best move, and the answer's value as its proof says. Raises :class:`PuzzleRejected`."""
    hand = read_position(puzzle.position).hand()
    if hand.turn != puzzle.seat:
        raise PuzzleRejected(f"{puzzle.id}: seat {puzzle.seat} is not the one to move")
    walk = FastHand.from_hand(hand)
    actions = read_line(hand, puzzle.line)
    memo: Memo = {}
    for index, action in enumerate(actions):
        values = move_values(walk, budget, memo)
        move = next((move for move in values if action_of(move, walk.t) == action), None)
        if move is None:
            raise PuzzleRejected(f"{puzzle.id}: move {index + 1} ({puzzle.line[index]}) is not legal")
        best = max(values.values())
        if walk.turn == puzzle.seat and len(values) > 1:
            expected = judge(values) if index == 0 else judge_choice(values)
            if expected != move:
                raise PuzzleRejected(f"{puzzle.id}: move {index + 1} is not the only best move")
            if index == 0 and proof_text(values[move]) != puzzle.proof:
                raise PuzzleRejected(f"{puzzle.id}: the answer {values[move]}, not {puzzle.proof}")
        elif values[move] != best:
            raise PuzzleRejected(f"{puzzle.id}: reply {index + 1} ({puzzle.line[index]}) is not a best move")
        walk.apply(move)
