"""Open-hand endgames solved exactly: what every move is worth when every tile is known.

Bridge players call it "double dummy": with every hand face up and nothing left to draw, a
line game between two sides (two players, or two partnerships) is a finite game of perfect
information. :func:`move_values` plays every line of it out (a full minimax over the
engine's fast copy of a hand, :class:`~engine.line.ai.fast.FastHand`, so every rule set's
scoring during play, its end-of-hand award and its penalties count) and says, for each
legal move of the player to move, how the hand ends when both sides play perfectly from
there: who wins and by how many points.

A :class:`Value` orders outcomes as a player would: a win before a tie before a loss, and
among those the larger margin (points for the side, less points for the other, counting
what is scored from now on). Searching counts positions, never time, so a budget gives
the same answer on every machine; a position too large for it raises :class:`TooLarge`.

The endgame solver search uses during play (:mod:`engine.line.ai.endgame`) answers a
narrower question fast (who wins, in block and draw games); this one is for puzzles, made
offline and re-proven by tests, where the margin and every rule set count.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping
from dataclasses import dataclass

from engine.line.ai.fast import FastHand, Outcome

__all__ = [
    "SLICE_NODES",
    "SOLVER_NODES",
    "Memo",
    "TooLarge",
    "Value",
    "can_solve",
    "first_best",
    "move_values",
    "play_on_perfectly",
    "solve",
    "values_in_slices",
]

SOLVER_NODES = 200_000
"""The most new positions one solve looks at before giving up (:class:`TooLarge`)."""


class TooLarge(Exception):
    """The position needs more search than the budget allows."""


@dataclass(frozen=True, order=True, slots=True)
class Value:
    """How a hand ends for one side under perfect play: ``result`` 1 won, 0 tied, -1 lost,
    then ``margin``, the side's points less the other side's, counted from the position on
    (the end-of-hand award, points scored during play, less penalties). Values compare as a
    player prefers them: any win above any tie above any loss, then by margin."""

    result: int
    margin: int

    def __neg__(self) -> Value:
        """The same outcome seen by the other side."""
        return Value(-self.result, -self.margin)

    def __str__(self) -> str:
        word = {1: "wins", 0: "ties", -1: "loses"}[self.result]
        return f"{word} by {abs(self.margin)}" if self.result else f"ties ({self.margin:+d})"


def can_solve(hand: FastHand) -> bool:
    """Whether :func:`solve` plays ``hand``: two sides, the hand not over, the layout open
    (no lead to choose) and nothing more to draw, ever (the boneyard down to its reserve,
    or a game without drawing)."""
    return (
        hand.rules.sides == 2
        and hand.outcome is None
        and not hand.starter_choices
        and hand.laid > 0
        and not hand.can_draw()
    )


Memo = dict[tuple[object, ...], "_Future"]
"""Positions solved, by :meth:`~engine.line.ai.fast.FastHand.future_key`: pass one to several
solves of positions of the same deal (a puzzle's line) and each reuses what the others found."""


def move_values(hand: FastHand, budget: int = SOLVER_NODES, memo: Memo | None = None) -> dict[int, Value]:
    """Each legal move of the player to move in ``hand`` (:func:`can_solve`), by its move int,
    with the :class:`Value` it leads to for the mover's side when both sides then play
    perfectly. Raises :class:`TooLarge` when it needs more than ``budget`` positions not
    already in ``memo``."""
    if not can_solve(hand):
        raise ValueError("only a two-sided hand in play with nothing left to draw can be solved")
    search = _Search(hand, budget, {} if memo is None else memo)
    side = hand.rules.side_of(hand.turn)
    values = {}
    for move in hand.moves():
        gained, after = search.after(hand, move)
        values[move] = _for_side(gained + search.best(after), side)
    return values


def first_best(values: Mapping[int, Value]) -> int:
    """The first move (in the order listed) among those of greatest value."""
    best = max(values.values())
    return next(move for move, value in values.items() if value == best)


def play_on_perfectly(hand: FastHand, budget: int = SOLVER_NODES, memo: Memo | None = None) -> Outcome:
    """How ``hand`` (:func:`can_solve`) ends when every seat plays its first best move."""
    memo = {} if memo is None else memo
    walk = hand.copy()
    while walk.outcome is None:
        walk.apply(first_best(move_values(walk, budget, memo)))
    return walk.outcome


def solve(hand: FastHand, budget: int = SOLVER_NODES, memo: Memo | None = None) -> Value:
    """The :class:`Value` of ``hand`` (:func:`can_solve`) for the side to move, both sides
    playing perfectly."""
    return max(move_values(hand, budget, memo).values())


@dataclass(frozen=True, slots=True)
class _Future:
    """What is still to come, from side 0's view: the winner (-1 none yet, 0 or 1, or 2 a
    tie at the end) and side 0's margin gained from here."""

    winner: int
    margin: int

    def __add__(self, other: _Future) -> _Future:
        return _Future(other.winner if other.winner >= 0 else self.winner, self.margin + other.margin)


def _for_side(future: _Future, side: int) -> Value:
    result = 0 if future.winner == 2 else (1 if future.winner == 0 else -1)
    value = Value(result, future.margin)
    return value if side == 0 else -value


class _Search:
    """One solve's memo (positions by their state, each with its best future) and budget."""

    def __init__(self, hand: FastHand, budget: int, memo: Memo) -> None:
        self.memo = memo
        self.left = budget
        self.side_of = [hand.rules.side_of(seat) for seat in range(hand.rules.players)]

    def after(self, hand: FastHand, move: int) -> tuple[_Future, FastHand]:
        """The hand after ``move``, and what the move itself gained for side 0 (its points
        during play, a penalty, and the hand's end if it ended it)."""
        after = hand.copy()
        after.apply(move)
        if after.outcome is not None:
            outcome = after.outcome
            winner = 2 if outcome.winner_side is None else outcome.winner_side
            margin = outcome.points[0] - outcome.points[1]
            before = (hand.play_points[0] - hand.penalties[0]) - (hand.play_points[1] - hand.penalties[1])
            return _Future(winner, margin - before), after
        gained = (after.play_points[0] - after.penalties[0] - hand.play_points[0] + hand.penalties[0]) - (
            after.play_points[1] - after.penalties[1] - hand.play_points[1] + hand.penalties[1]
        )
        return _Future(-1, gained), after

    def best(self, hand: FastHand) -> _Future:
        """The future of ``hand`` under perfect play (nothing if it is over)."""
        if hand.outcome is not None:
            return _Future(-1, 0)
        key = hand.future_key()
        found = self.memo.get(key)
        if found is not None:
            return found
        self.left -= 1
        if self.left < 0:
            raise TooLarge
        side = self.side_of[hand.turn]
        chosen: _Future | None = None
        chosen_value: Value | None = None
        for move in hand.moves():
            gained, after = self.after(hand, move)
            future = gained + self.best(after)
            value = _for_side(future, side)
            if chosen_value is None or value > chosen_value:
                chosen, chosen_value = future, value
        assert chosen is not None
        self.memo[key] = chosen
        return chosen


SLICE_NODES = 150
"""New positions one slice of :func:`values_in_slices` looks at: a few dozen milliseconds
in the page on a slow tablet."""


def values_in_slices(
    hand: FastHand, memo: Memo, slice_nodes: int = SLICE_NODES, budget: int = SOLVER_NODES
) -> Generator[None, None, dict[int, Value]]:
    """:func:`move_values` a slice at a time (yielding between slices), for the page: each
    slice keeps in ``memo`` every position it finished, so the next goes on from there.
    Raises :class:`TooLarge` after about ``budget`` positions in all."""
    spent = 0
    while True:
        try:
            return move_values(hand, slice_nodes, memo)
        except TooLarge:
            spent += slice_nodes
            if spent >= budget:
                raise
            yield
