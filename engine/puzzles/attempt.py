"""A puzzle at the table: its position turned so that the solver sits at seat 0 (where the
person sits), its line as actions, each move tried checked against the line, and a wrong
move explained in a player's words.

Checking a move needs no search (the answers are shipped). Explaining a wrong one does: in
an open-hand puzzle the position is solved exactly again (:func:`explain_wrong`, in
slices the page runs between frames); in a hidden-hand one the words say how the answer
fared in the deals the seat could not tell apart, as its proof records.
"""

from __future__ import annotations

import re
from collections.abc import Generator, Sequence
from dataclasses import dataclass

from engine.errors import NotationError
from engine.line.actions import Action, Play
from engine.line.ai.fast import FastHand, move_of
from engine.line.ai.review import flaw, move_words
from engine.line.hand import Hand
from engine.line.notation import read_position, write_position
from engine.line.view import view_of
from engine.puzzles.hidden_hand import Facts
from engine.puzzles.open_hand import read_line
from engine.puzzles.puzzle import Puzzle
from engine.puzzles.solver import Memo, Value, first_best, move_values, values_in_slices
from engine.words import and_list

__all__ = [
    "FAILED",
    "SOLVED",
    "SOLVING",
    "PuzzleAttempt",
    "PuzzleSetup",
    "explain_wrong",
    "facts_words",
    "setup_of",
]

SOLVING, SOLVED, FAILED = "solving", "solved", "failed"
"""How an attempt stands: moves still to find, every move found, or a wrong move played."""

_PROOF = re.compile(r"(wins|ties|loses)-([pm])(\d+)|deals-(\d+)-of-(\d+)")


@dataclass(frozen=True, slots=True)
class PuzzleSetup:
    """A puzzle as the table plays it: ``position`` with the solver at seat 0 (every hand
    written) and the ``line`` of actions from it (the solver's and the others' replies)."""

    puzzle: Puzzle
    position: str
    line: tuple[Action, ...]

    def hand(self) -> Hand:
        """A fresh hand at the puzzle's position."""
        return read_position(self.position).hand()


def setup_of(puzzle: Puzzle) -> PuzzleSetup:
    """The puzzle turned to the solver's seat; a :class:`NotationError` (``bad-puzzle``) if
    its position or line cannot be played."""
    position = read_position(puzzle.position)
    if position.turn != puzzle.seat:
        raise NotationError(f"puzzle {puzzle.id}: seat {puzzle.seat} is not the one to move", "bad-puzzle")
    turned = position.rotated(puzzle.seat)
    text = write_position(turned)
    try:
        line = tuple(read_line(turned.hand(), puzzle.line))
    except ValueError as error:  # an illegal move of the line (EngineError is a ValueError)
        raise NotationError(
            f"puzzle {puzzle.id}: its moves cannot be played ({error})", "bad-puzzle"
        ) from None
    return PuzzleSetup(puzzle, text, line)


def facts_words(puzzle: Puzzle, names: Sequence[str]) -> list[str]:
    """What the solver of a hidden-hand puzzle has seen of the others, one sentence each,
    with the seats named as at the table (``names[0]`` the solver): "East passed on 4 and 5."."""
    if puzzle.kind != "hidden":
        return []
    players = len(names)
    facts = Facts.read(puzzle.seen, players)
    said = []
    for seat in range(players):
        name = names[(seat - puzzle.seat) % players]
        if facts.lacks[seat]:
            said.append(f"{name} passed on {and_list([str(n) for n in sorted(facts.lacks[seat])])}.")
        if facts.not_held[seat]:
            tiles = and_list([str(tile) for tile in sorted(facts.not_held[seat])]).replace(" and ", " or ")
            said.append(f"{name} {'do' if name == 'You' else 'does'} not hold {tiles}.")
    return said


class PuzzleAttempt:
    """One try at a puzzle, from its position: how far along its line, and how it stands."""

    def __init__(self, setup: PuzzleSetup) -> None:
        """Start at the puzzle's position, nothing played."""
        self.setup = setup
        self.step = 0
        """How many moves of the line have been played."""
        self.state = SOLVING
        self.wrong: Action | None = None
        """The wrong move played, once one was."""

    @property
    def next_move(self) -> Action | None:
        """The line's next move while the attempt is under way (``None`` once it is not)."""
        line = self.setup.line
        return line[self.step] if self.state == SOLVING and self.step < len(line) else None

    def solver_moves(self, action: Action) -> bool:
        """The solver plays ``action``: whether it is the line's move (the attempt goes on, or
        is solved after its last); any other move fails the attempt."""
        if self.state != SOLVING:
            raise ValueError("the attempt is over")
        if action != self.next_move:
            self.state, self.wrong = FAILED, action
            return False
        self._advance()
        return True

    def reply(self) -> Action:
        """The other seats' next move of the line (played at once)."""
        move = self.next_move
        if move is None:
            raise ValueError("the attempt is over")
        self._advance()
        return move

    def _advance(self) -> None:
        self.step += 1
        if self.step == len(self.setup.line):
            self.state = SOLVED


def explain_wrong(attempt: PuzzleAttempt, before: Hand, names: Sequence[str]) -> Generator[None, None, str]:
    """Why the attempt's wrong move (played by the solver at seat 0 in ``before``, where the
    line's move was another) is wrong, in a player's words, without naming the right move:
    what the Hint's notes find it gives away, and in an open-hand puzzle how the hand then
    ends when both sides play their best (solved in slices: yields between them)."""
    setup, wrong = attempt.setup, attempt.wrong
    if wrong is None:
        raise ValueError("no wrong move was played")
    view = view_of(before, 0)
    said = move_words(view, wrong)
    right = setup.line[attempt.step]
    gave_away = flaw(view, wrong, right) if isinstance(right, Play) else None
    if gave_away and isinstance(right, Play) and str(right.tile) in gave_away:
        gave_away = None  # ("kept the heavier 6-5": that would give the answer away)
    opening = f"{_capital(said)} {gave_away}. " if gave_away else ""
    if setup.puzzle.kind == "hidden":
        found = _PROOF.fullmatch(setup.puzzle.proof)
        agreed = "" if found is None or found[4] is None else f" (the best move in {found[4]} of {found[5]})"
        return f"{opening}Another move does better over the deals of the hidden tiles you cannot tell apart{agreed}."
    fast = FastHand.from_hand(before)
    memo: Memo = {}
    values = yield from values_in_slices(fast, memo)
    got, best = values[move_of(wrong, fast.t)], max(values.values())
    return f"{opening}{_ending(fast, move_of(wrong, fast.t), memo, names)}: {_compare(got, best)}"


def _ending(fast: FastHand, move: int, memo: Memo, names: Sequence[str]) -> str:
    """How the hand ends after ``move`` when both sides then play their best (the solves are
    in ``memo`` already, so this is quick)."""
    walk = fast.copy()
    walk.apply(move)
    while walk.outcome is None:
        walk.apply(first_best(move_values(walk, memo=memo)))
    outcome = walk.outcome
    if outcome.reason == "blocked":
        return "With best play after it the game blocks"
    out = next(seat for seat in range(len(walk.hands)) if not walk.hands[seat])
    who = "you go" if out == 0 else f"{names[out]} goes"
    return f"With best play after it {who} out"


def _compare(got: Value, best: Value) -> str:
    """The move's value against the best move's, for the solver's side."""
    verbs = {1: "win", 0: "tie", -1: "lose"}
    if got.result != best.result:
        return (
            f"you {verbs[got.result]} the hand {_points(got)}; "
            f"the best move {verbs[best.result]}s it {_points(best)}."
        )
    return f"you still {verbs[got.result]} the hand, but {_points(got)}; the best move {_points(best)}."


def _points(value: Value) -> str:
    """The margin in points from the position on, as a player says it."""
    if value.margin == 0:
        return "level on points"
    points = "point" if abs(value.margin) == 1 else "points"
    return f"{abs(value.margin)} {points} {'up' if value.margin > 0 else 'down'}"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
