"""The arena: two AI levels play the same seeded deals with the seats swapped, and it counts.

A *duplicate deal* is played once per seating: with two players the levels swap seats;
with partners the levels swap sides; with three or more players each for himself, level
A takes each seat in turn and level B the others. So both levels hold the same tiles,
and the luck of the deal cancels out. A hand counts 1 for a win, 1/2 for a tie.

Run it as ``python -m engine.line.ai.arena`` (``--help`` lists the options) or through
``python build.py bench ai``. It prints, for level A: the share of hands won with a 95%
confidence interval (over the deals, whose seatings are not independent), the average
point margin per hand, and each level's decision time (mean, 95th percentile, maximum).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.lab import half_width, map_jobs, time_stats
from engine.line.ai import make_bot, own_call
from engine.line.hand import Hand
from engine.line.match import Match
from engine.line.rules import Rules
from engine.line.variants import make_rules
from engine.line.view import view_of

__all__ = [
    "DealResult",
    "Summary",
    "half_width",
    "main",
    "map_jobs",
    "play_deal",
    "play_deal_job",
    "run_arena",
    "seatings",
    "time_stats",
]


@dataclass
class DealResult:
    """One duplicate deal: level A's score (win 1, tie 1/2) and point margin per seating."""

    scores: list[float] = field(default_factory=list)
    margins: list[float] = field(default_factory=list)
    times: dict[str, list[float]] = field(default_factory=dict)


@dataclass(frozen=True)
class Summary:
    """What the arena measured for level A against level B."""

    variant: str
    players: int
    a: str
    b: str
    deals: int
    hands: int
    win_rate: float
    half_width: float
    """Half the width of the 95% confidence interval of ``win_rate``."""
    margin: float
    times: dict[str, tuple[float, float, float]]
    """Per level: mean, 95th percentile and maximum decision time in milliseconds."""

    def report(self) -> str:
        """The summary as a few lines of text."""
        lines = [
            f"{self.variant}, {self.players} players: {self.a} (A) vs {self.b} (B), "
            f"{self.deals} duplicate deals, {self.hands} hands",
            f"  A wins {100 * self.win_rate:.1f}% of hands "
            f"(95% CI {100 * max(0.0, self.win_rate - self.half_width):.1f}-"
            f"{100 * min(1.0, self.win_rate + self.half_width):.1f}%)",
            f"  A's point margin per hand: {self.margin:+.2f}",
        ]
        for level, (mean, p95, most) in self.times.items():
            lines.append(f"  {level} decision time: mean {mean:.1f} ms, p95 {p95:.1f} ms, max {most:.1f} ms")
        return "\n".join(lines)


def seatings(rules: Rules) -> list[tuple[int, ...]]:
    """The seats level A takes in each playing of a deal (level B takes the others)."""
    if rules.partnerships:
        return [rules.seats_of(0), rules.seats_of(1)]
    return [(seat,) for seat in range(rules.players)]


def play_deal(rules: Rules, seed: int, a: str, b: str) -> DealResult:
    """Play the first hand of the match seeded ``seed`` once per seating of A and B."""
    deal = Match(rules, seed).hand
    bots = {a: make_bot(a), b: make_bot(b)}
    result = DealResult(times={a: [], b: []})
    for number, seats_a in enumerate(seatings(rules)):
        hand = Hand(
            rules,
            [deal.hand_of(seat) for seat in range(rules.players)],
            deal.boneyard(),
            deal.opening,
        )
        levels = [a if seat in seats_a else b for seat in range(rules.players)]
        while hand.result is None:
            seat = hand.turn
            rng = random.Random(f"{seed}:{number}:{len(hand.history)}:{seat}")
            view = view_of(hand, seat)
            started = time.perf_counter()
            action = bots[levels[seat]].choose(view, rng)
            result.times[levels[seat]].append(1000 * (time.perf_counter() - started))
            hand.apply(action)
            if hand.pending is not None:  # every bot calls its own score at once
                call = own_call(view_of(hand, hand.pending[0]))
                if call is not None:
                    hand.apply(call)
        assert hand.result is not None
        net = hand.result.net_points
        sides_a = {rules.side_of(seat) for seat in seats_a}
        winner = hand.result.winner_side
        result.scores.append(0.5 if winner is None else float(winner in sides_a))
        points_a = statistics.fmean(net[side] for side in sides_a)
        others = [net[side] for side in range(rules.sides) if side not in sides_a]
        result.margins.append(points_a - statistics.fmean(others))
    return result


def play_deal_job(job: tuple[Rules, int, str, str]) -> DealResult:
    """:func:`play_deal` of one job (rules, seed, a, b), for the worker processes."""
    return play_deal(*job)


def run_arena(
    variant: str,
    players: int | None,
    a: str,
    b: str,
    deals: int,
    seed: int = 1,
    jobs: int = 1,
) -> Summary:
    """Play ``deals`` duplicate deals (seeds ``seed``, ``seed + 1``, ...) and summarise them."""
    rules = make_rules(variant, players)
    work = [(rules, seed + number, a, b) for number in range(deals)]
    results = map_jobs(play_deal_job, work, jobs)
    per_deal = [statistics.fmean(result.scores) for result in results]
    win_rate = statistics.fmean(per_deal)
    times: dict[str, list[float]] = {a: [], b: []}
    for result in results:
        for level, spent in result.times.items():
            times[level].extend(spent)
    return Summary(
        variant=variant,
        players=rules.players,
        a=a,
        b=b,
        deals=deals,
        hands=sum(len(result.scores) for result in results),
        win_rate=win_rate,
        half_width=half_width(per_deal),
        margin=statistics.fmean(m for result in results for m in result.margins),
        times={level: time_stats(spent) for level, spent in times.items() if spent},
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: ``python -m engine.line.ai.arena --variant partnership-block --a expert --b greedy``."""
    parser = argparse.ArgumentParser(
        prog="python -m engine.line.ai.arena", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument(
        "--variant", default="partnership-block", help="rule set id (default: partnership-block)"
    )
    parser.add_argument("--players", type=int, default=None, help="player count (default: the rule set's)")
    parser.add_argument("--a", default="expert", help="level A (default: expert)")
    parser.add_argument("--b", default="greedy", help="level B (default: greedy)")
    parser.add_argument("--deals", type=int, default=200, help="duplicate deals (default: 200)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first deal (default: 1)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default: 1)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    summary = run_arena(args.variant, args.players, args.a, args.b, args.deals, args.seed, args.jobs)
    print(summary.report())
    print(f"  ({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
