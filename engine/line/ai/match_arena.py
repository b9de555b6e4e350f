"""Whole matches between computer levels, to rate the levels on one scale (a lab tool).

``python -m engine.line.ai.match_arena --variant draw-2 --chain random,greedy,medium,hard,expert
--matches 200 --seed 40001 --jobs 2`` plays, for each two neighbouring levels of the chain,
``matches`` duplicate pairs of two-player matches (each seed played twice, the levels
swapping seats, so both get the same deals), prints the stronger level's share of matches
won with its 95% confidence interval, and the Elo difference that share means
(400·log10(p / (1 - p))). Chained from the first level's anchor rating, these give each
level's rating (:data:`engine.line.ai.strength.LEVEL_RATINGS`), against which a person's
match results are rated at the table.
"""

from __future__ import annotations

import argparse
import itertools
import math
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from engine.lab import half_width, map_jobs
from engine.line.selfplay import bot_match

__all__ = ["ANCHOR", "MatchUp", "elo_difference", "play_match_up", "rate_chain"]

ANCHOR = 1000
"""The rating of a chain's first (weakest) level."""


def elo_difference(share: float) -> float:
    """The rating difference that wins ``share`` of the games (kept within 1%..99%)."""
    share = min(0.99, max(0.01, share))
    return 400 * math.log10(share / (1 - share))


@dataclass(frozen=True)
class MatchUp:
    """Level ``a`` against ``b``: matches won by ``a`` (a tie counts half) over the pairs played."""

    variant: str
    a: str
    b: str
    pairs: int
    share: float
    half_width: float

    def report(self) -> str:
        """One line: the share with its interval and the difference it means."""
        low, high = self.share - self.half_width, self.share + self.half_width
        return (
            f"{self.variant}: {self.a} vs {self.b}, {self.pairs} pairs of matches: {self.a} wins "
            f"{100 * self.share:.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}), "
            f"{elo_difference(self.share):+.0f} rating points"
        )


def _pair(job: tuple[str, int, str, str]) -> float:
    """Level a's share of one seed's two matches (a in seat 0, then in seat 1)."""
    variant, seed, a, b = job
    won = 0.0
    for levels, seat_of_a in (((a, b), 0), ((b, a), 1)):
        match = bot_match(variant, 2, seed, levels)
        if match.result is None:
            won += 0.5
        else:
            won += 1.0 if match.result.winner_side == seat_of_a else 0.0
    return won / 2


def play_match_up(variant: str, a: str, b: str, pairs: int, seed: int, jobs: int = 1) -> MatchUp:
    """``pairs`` duplicate pairs of two-player matches of ``a`` against ``b`` (seeds from ``seed``)."""
    shares = map_jobs(_pair, [(variant, seed + number, a, b) for number in range(pairs)], jobs, chunksize=2)
    return MatchUp(variant, a, b, pairs, statistics.fmean(shares), half_width(shares))


def rate_chain(
    variant: str, levels: Sequence[str], pairs: int, seed: int, jobs: int = 1
) -> tuple[dict[str, int], list[MatchUp]]:
    """Each level's rating, from :data:`ANCHOR` for the first, by playing each level against
    the one before it; and the match-ups played."""
    ratings = {levels[0]: ANCHOR}
    played = []
    for weaker, stronger in itertools.pairwise(levels):
        match_up = play_match_up(variant, stronger, weaker, pairs, seed, jobs)
        played.append(match_up)
        ratings[stronger] = round(ratings[weaker] + elo_difference(match_up.share))
    return ratings, played


def main(argv: Sequence[str] | None = None) -> int:
    """Command line (see the module's text)."""
    parser = argparse.ArgumentParser(
        prog="python -m engine.line.ai.match_arena", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--variant", default="draw-2", help="rule set id, played by two (default: draw-2)")
    parser.add_argument("--chain", default="random,greedy,medium,hard,expert", help="levels, weakest first")
    parser.add_argument(
        "--matches", type=int, default=200, help="pairs of matches per match-up (default: 200)"
    )
    parser.add_argument("--seed", type=int, default=40001, help="seed of the first pair (default: 40001)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default: 1)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    ratings, played = rate_chain(args.variant, args.chain.split(","), args.matches, args.seed, args.jobs)
    for match_up in played:
        print(match_up.report())
    print(f"{args.variant} ratings: {ratings}  ({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
