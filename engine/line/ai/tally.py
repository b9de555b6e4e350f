"""Book-keeping for search: each candidate's results world by world, and racing between them.

Every candidate still in the race is played out in every world, so two candidates can be
compared world by world (a *paired* comparison: the luck of the deal cancels out). A
:class:`Tally` keeps those results with each world's weight (how well its deal explains the
play so far, see :mod:`engine.line.ai.belief`) and, when asked to :meth:`Tally.race`, drops the
candidates that are clearly worse than the leader, so the rest of the budget goes to the
moves still in question. Everything depends on the results only, never on the clock, so a
search stays deterministic for a view, a seed and a budget.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from itertools import cycle

__all__ = ["Numbers", "Tally"]

NUMBERS = 32
"""Random numbers drawn per world; a play-out needing more goes round them again."""


class Numbers:
    """One world's play-out random numbers, handed out afresh to every candidate.

    Drawing a few numbers once per world is cheaper than seeding a generator per candidate,
    and gives every candidate the same numbers (see :mod:`engine.line.ai.search`).
    """

    __slots__ = ("_numbers", "random")

    def __init__(self, rng: random.Random, count: int = NUMBERS) -> None:
        """Draw ``count`` numbers from ``rng``."""
        draw = rng.random
        self._numbers = [draw() for _ in range(count)]
        self.random: Callable[[], float] = cycle(self._numbers).__next__
        """The next number in [0, 1), as :meth:`random.Random.random`."""

    def again(self) -> Numbers:
        """These numbers from the first one again (for the next candidate)."""
        self.random = cycle(self._numbers).__next__
        return self


class Tally:
    """Each candidate's worth and wins per world, and which candidates are still in the race.

    Candidates are numbered ``0 .. moves - 1``; :attr:`live` lists those still searched, in
    that order. A dropped candidate keeps the results of the worlds it was searched in.
    """

    def __init__(self, moves: int) -> None:
        """A tally for ``moves`` candidates, all in the race."""
        self.live = list(range(moves))
        self.weights: list[float] = []
        self.playouts = 0
        """How many candidates have been played out, over all worlds."""
        self.scores: list[list[float]] = [[] for _ in range(moves)]
        self.wins: list[list[float]] = [[] for _ in range(moves)]
        self.ahead: list[list[float]] = [[] for _ in range(moves)]

    @property
    def worlds(self) -> int:
        """How many worlds have been searched."""
        return len(self.weights)

    def add(self, weight: float, results: Sequence[tuple[float, float, float]]) -> None:
        """One world of ``weight``: each live candidate's (worth, won, point margin) in
        :attr:`live`'s order."""
        self.weights.append(weight)
        self.playouts += len(results)
        for index, (worth, won, ahead) in zip(self.live, results, strict=True):
            self.scores[index].append(worth)
            self.wins[index].append(won)
            self.ahead[index].append(ahead)

    def values(self) -> list[float]:
        """Each candidate's weighted average worth over the worlds it was searched in."""
        return [self._mean(scores) for scores in self.scores]

    def win_rates(self) -> list[float]:
        """Each candidate's weighted share of wins over the worlds it was searched in."""
        return [self._mean(wins) for wins in self.wins]

    def margins(self) -> list[float]:
        """Each candidate's weighted average point margin over the worlds it was searched in."""
        return [self._mean(ahead) for ahead in self.ahead]

    def best(self) -> int:
        """The live candidate of the highest average worth (the first among equals)."""
        return max(self.live, key=lambda index: self._mean(self.scores[index]))

    def race(self, confidence: float) -> None:
        """Drop the live candidates whose worth is below the leader's by more than ``confidence``
        standard errors of their paired difference (over the worlds searched so far)."""
        leader = self.best()
        lead = self.scores[leader]
        self.live = [
            index
            for index in self.live
            if index == leader or not _clearly_below(self.scores[index], lead, self.weights, confidence)
        ]

    def _mean(self, results: Sequence[float]) -> float:
        weights = self.weights[: len(results)]
        total = sum(weights)
        if not results or total <= 0.0:
            return 0.0
        return sum(weight * result for weight, result in zip(weights, results, strict=True)) / total


def _clearly_below(
    scores: Sequence[float], lead: Sequence[float], weights: Sequence[float], confidence: float
) -> bool:
    """Whether ``scores`` average below ``lead`` by more than ``confidence`` standard errors,
    world by world, each world counting by its weight (its effective sample size for the error)."""
    total = sum(weights)
    squares = sum(weight * weight for weight in weights)
    if total <= 0.0 or squares <= 0.0:
        return False
    gaps = [mine - best for mine, best in zip(scores, lead, strict=True)]
    mean = sum(weight * gap for weight, gap in zip(weights, gaps, strict=True)) / total
    spread = sum(weight * (gap - mean) ** 2 for weight, gap in zip(weights, gaps, strict=True)) / total
    effective = total * total / squares
    return mean + confidence * math.sqrt(spread / effective) < 0.0
