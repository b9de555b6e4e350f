"""Whole matches between computer levels, to rate the levels on one scale (a lab tool).

``python -m engine.line.ai.match_arena --variant draw-2 --chain random,greedy,medium,hard,expert
--matches 200 --seed 40001 --jobs 2`` plays, for each two neighbouring levels of the chain,
``matches`` duplicate pairs of two-player matches (each seed played twice, the levels
swapping seats, so both get the same deals), prints the stronger level's share of matches
won with its 95% confidence interval, and the Elo difference that share means
(400·log10(p / (1 - p))). Chained from the first level's anchor rating, these give each
level's rating (:data:`engine.line.ai.strength.LEVEL_RATINGS`), against which a person's
match results are rated at the table.

The Caribbean games are won six-love: hands won in a row, every hand the other side wins
setting both back to nothing (Cut Throat for two; Jamaican Partner for sides). Between close
levels such a match runs to scores of hands, too long to play by the hundred; but its result
follows from its hands. With ``--hands-in-a-row 6`` the chain is rated from single hands
instead (``--matches`` duplicate deals, each played once per seating): ``p``, the share of
the decisive hands the stronger level wins (a tie is replayed and counts for nobody), gives
the match share exactly for independent hands, :func:`run_share` (``p^6 / (p^6 + q^6)``), so
the match's rating difference is six times the hand's. Checked against whole matches where
they are short enough to play (``docs/computer-players.md``).
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
from engine.line.ai.arena import play_deal_job
from engine.line.selfplay import bot_match
from engine.line.variants import make_rules

__all__ = [
    "ANCHOR",
    "HandsMatchUp",
    "MatchUp",
    "elo_difference",
    "play_hands_match_up",
    "play_match_up",
    "rate_chain",
    "rate_chain_by_hands",
    "run_share",
]

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


def run_share(p: float, run: int = 6) -> float:
    """The chance of winning a match won by ``run`` hands in a row (the other side's win
    setting both back to nothing), winning each decisive hand with chance ``p``.

    From nothing, each side's run either reaches ``run`` or is broken back to nothing, so the
    match is won by the side whose run completes first: ``p^run / (p^run + q^run)``."""
    q = 1.0 - p
    return p**run / (p**run + q**run)


@dataclass(frozen=True)
class HandsMatchUp:
    """Level ``a`` against ``b`` over single hands: the share ``p`` of the decisive hands ``a``
    won (with its 95% interval), and the match share and rating difference that means for a
    match won by ``run`` hands in a row."""

    variant: str
    a: str
    b: str
    deals: int
    wins: int
    losses: int
    ties: int
    half_width: float
    run: int

    @property
    def p(self) -> float:
        """The share of the decisive hands ``a`` won."""
        return self.wins / max(1, self.wins + self.losses)

    @property
    def difference(self) -> float:
        """The rating difference of the match: ``run`` times the hand's (p kept within 1%..99%)."""
        return self.run * elo_difference(self.p)

    def report(self) -> str:
        """One line: the hands, their share with its interval, the match share and difference."""
        low, high = self.p - self.half_width, self.p + self.half_width
        return (
            f"{self.variant}: {self.a} vs {self.b}, {self.deals} duplicate deals: {self.a} wins "
            f"{self.wins} hands, loses {self.losses} ({self.ties} tied): {100 * self.p:.1f}% of the "
            f"decisive ones (95% CI {100 * low:.1f}-{100 * high:.1f}); a match of {self.run} in a row: "
            f"{100 * run_share(self.p, self.run):.1f}% "
            f"({100 * run_share(max(0.01, low), self.run):.1f}-{100 * run_share(min(0.99, high), self.run):.1f}), "
            f"{self.difference:+.0f} rating points"
        )


def play_hands_match_up(
    variant: str, a: str, b: str, deals: int, seed: int, run: int, jobs: int = 1
) -> HandsMatchUp:
    """``deals`` duplicate deals of two-player hands of ``a`` against ``b`` (seeds from ``seed``)."""
    rules = make_rules(variant, 2)
    results = map_jobs(play_deal_job, [(rules, seed + number, a, b) for number in range(deals)], jobs)
    scores = [score for result in results for score in result.scores]
    decisive = [
        statistics.fmean(won) for result in results if (won := [s for s in result.scores if s != 0.5])
    ]
    return HandsMatchUp(
        variant,
        a,
        b,
        deals,
        scores.count(1.0),
        scores.count(0.0),
        scores.count(0.5),
        half_width(decisive),
        run,
    )


def rate_chain_by_hands(
    variant: str, levels: Sequence[str], deals: int, seed: int, run: int, jobs: int = 1
) -> tuple[dict[str, int], list[HandsMatchUp]]:
    """As :func:`rate_chain`, each match share from single hands (:func:`run_share`)."""
    ratings = {levels[0]: ANCHOR}
    played = []
    for weaker, stronger in itertools.pairwise(levels):
        match_up = play_hands_match_up(variant, stronger, weaker, deals, seed, run, jobs)
        played.append(match_up)
        ratings[stronger] = round(ratings[weaker] + match_up.difference)
    return ratings, played


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
    parser.add_argument(
        "--hands-in-a-row",
        type=int,
        default=0,
        help="rate a match won by this many hands in a row from single hands (--matches: deals)",
    )
    args = parser.parse_args(argv)
    started = time.perf_counter()
    chain = args.chain.split(",")
    played: Sequence[MatchUp | HandsMatchUp]
    if args.hands_in_a_row:
        ratings, played = rate_chain_by_hands(
            args.variant, chain, args.matches, args.seed, args.hands_in_a_row, args.jobs
        )
    else:
        ratings, played = rate_chain(args.variant, chain, args.matches, args.seed, args.jobs)
    for match_up in played:
        print(match_up.report())
    print(f"{args.variant} ratings: {ratings}  ({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
