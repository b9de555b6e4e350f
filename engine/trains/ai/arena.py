"""The train arena: two levels of Mexican Train or Chicken Foot play the same seeded rounds,
and it counts the points.

A *duplicate deal* is one seeded round (its double is the seed's turn through the game's
doubles, so every double gets its share) played once with level B in every seat, then once
per seat with level A in that seat and B in the others. A's result in a seat is its points
for the round less B's points in the same seat of the same deal: the tiles were the same,
only the player differed, so the deal's luck cancels. Lower points are better: a negative
difference means A does better than B. Each seat's bot has its own random source seeded
from the deal and the seat.

Run it as ``python -m engine.trains.ai.arena`` (``--help`` lists the options). It prints A's
and B's points per round, their difference and A's share of rounds gone out, each with a 95%
confidence interval over the deals (the seatings of one deal are not independent), and each
level's decision time (mean, 95th percentile, maximum).
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
from engine.trains.ai import TRAIN_LEVEL_NAMES, TrainBot, make_train_bot
from engine.trains.match import TrainMatch
from engine.trains.round import TrainRound
from engine.trains.rules import TrainRules, train_rules
from engine.trains.view import train_view

__all__ = ["TrainDeal", "TrainSummary", "main", "play_deal", "run_train_arena"]


@dataclass
class TrainDeal:
    """One duplicate deal: per seating of A, A's points, B's in that seat, and whether A went out."""

    a_points: list[int] = field(default_factory=list)
    b_points: list[int] = field(default_factory=list)
    a_out: list[bool] = field(default_factory=list)
    times: dict[str, list[float]] = field(default_factory=dict)


@dataclass(frozen=True)
class TrainSummary:
    """What the arena measured for level A against level B."""

    a: str
    b: str
    variant: str
    players: int
    options: str
    deals: int
    first_seed: int
    a_points: float
    b_points: float
    difference: float
    """A's points per round less B's in the same seat of the same deal (negative: A is better)."""
    difference_half_width: float
    out_share: float
    out_half_width: float
    times: dict[str, tuple[float, float, float]]

    def report(self) -> str:
        """The summary as a few lines of text."""
        name = TRAIN_LEVEL_NAMES
        last = self.first_seed + self.deals - 1
        lines = [
            f"{self.variant}, {self.players} players ({self.options}): {name.get(self.a, self.a)} (A) vs "
            f"{name.get(self.b, self.b)} (B), {self.deals} duplicate deals (seeds {self.first_seed}-{last})",
            f"  points per round: A {self.a_points:.2f}, B in the same seats {self.b_points:.2f}",
            f"  A less B: {self.difference:+.2f} +/- {self.difference_half_width:.2f} points a round (95% CI; "
            "negative: A keeps fewer points)",
            f"  A's share of rounds gone out: {100 * self.out_share:.1f}% +/- {100 * self.out_half_width:.1f}",
        ]
        for level, (mean, p95, most) in self.times.items():
            lines.append(
                f"  {name.get(level, level)} decision time: mean {mean:.2f} ms, p95 {p95:.2f} ms, max {most:.2f} ms"
            )
        return "\n".join(lines)


def _play_round(
    rules: TrainRules,
    seed: int,
    number: int,
    bots: Sequence[TrainBot],
    names: Sequence[str],
    spent: dict[str, list[float]],
) -> TrainRound:
    match = TrainMatch(rules, seed, first_round=number)
    played = match.round
    rngs = [random.Random(f"{seed}:{seat}") for seat in range(rules.players)]
    while not played.is_over:
        seat = played.turn
        started = time.perf_counter()
        action = bots[seat].choose(train_view(match, seat), rngs[seat])
        spent[names[seat]].append(1000 * (time.perf_counter() - started))
        match.apply(seat, action)
    return played


def play_deal(
    seed: int, a: str, b: str, variant: str, players: int, options: dict[str, str] | None = None
) -> TrainDeal:
    """Play the round seeded ``seed`` with B everywhere, then with A in each seat in turn."""
    rules = train_rules(variant, players, options)
    number = seed % rules.rounds
    result = TrainDeal(times={a: [], b: []})
    field_bots = [make_train_bot(b) for _ in range(players)]
    baseline = _play_round(rules, seed, number, field_bots, [b] * players, result.times).points()
    for seat_a in range(players):
        bots = [make_train_bot(a) if seat == seat_a else field_bots[seat] for seat in range(players)]
        names = [a if seat == seat_a else b for seat in range(players)]
        played = _play_round(rules, seed, number, bots, names, result.times)
        result.a_points.append(played.points()[seat_a])
        result.b_points.append(baseline[seat_a])
        result.a_out.append(played.winner == seat_a)
    return result


def _play_job(job: tuple[int, str, str, str, int, tuple[tuple[str, str], ...]]) -> TrainDeal:
    seed, a, b, variant, players, options = job
    return play_deal(seed, a, b, variant, players, dict(options))


def summarise(
    results: Sequence[TrainDeal], a: str, b: str, rules: TrainRules, first_seed: int
) -> TrainSummary:
    """The summary of played deals."""
    differences = [
        statistics.fmean(x - y for x, y in zip(deal.a_points, deal.b_points, strict=True)) for deal in results
    ]
    outs = [statistics.fmean(deal.a_out) for deal in results]
    times: dict[str, list[float]] = {a: [], b: []}
    for deal in results:
        for level, spent in deal.times.items():
            times[level].extend(spent)
    return TrainSummary(
        a=a,
        b=b,
        variant=rules.variant,
        players=rules.players,
        options=" ".join(f"{key}={value}" for key, value in rules.options().items()),
        deals=len(results),
        first_seed=first_seed,
        a_points=statistics.fmean(points for deal in results for points in deal.a_points),
        b_points=statistics.fmean(points for deal in results for points in deal.b_points),
        difference=statistics.fmean(differences),
        difference_half_width=half_width(differences),
        out_share=statistics.fmean(outs),
        out_half_width=half_width(outs),
        times={level: time_stats(spent) for level, spent in times.items() if spent},
    )


def run_train_arena(
    level_a: str,
    level_b: str,
    variant: str,
    players: int,
    deals: int,
    first_seed: int = 1,
    options: dict[str, str] | None = None,
    jobs: int = 1,
) -> TrainSummary:
    """Play ``deals`` duplicate deals (seeds ``first_seed``, ``first_seed + 1``, ...) and summarise."""
    make_train_bot(level_a), make_train_bot(level_b)  # an unknown level fails here, at once
    rules = train_rules(variant, players, options)
    chosen = tuple(sorted((options or {}).items()))
    work = [(first_seed + number, level_a, level_b, variant, players, chosen) for number in range(deals)]
    return summarise(map_jobs(_play_job, work, jobs, chunksize=1), level_a, level_b, rules, first_seed)


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: ``python -m engine.trains.ai.arena --variant mexican-train --a expert --b medium``."""
    parser = argparse.ArgumentParser(
        prog="python -m engine.trains.ai.arena", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--variant", default="mexican-train", help="mexican-train or chicken-foot")
    parser.add_argument("--a", default="expert", help="level A (default: expert)")
    parser.add_argument("--b", default="medium", help="level B (default: medium)")
    parser.add_argument("--players", type=int, default=4, help="players, 2 to 8 (default: 4)")
    parser.add_argument("--option", action="append", default=[], help="an option as name=value (repeatable)")
    parser.add_argument("--deals", type=int, default=200, help="duplicate deals (default: 200)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first deal (default: 1)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default: 1)")
    args = parser.parse_args(argv)
    options = dict(option.partition("=")[::2] for option in args.option)
    try:
        started = time.perf_counter()
        summary = run_train_arena(
            args.a, args.b, args.variant, args.players, args.deals, args.seed, options, args.jobs
        )
    except ValueError as error:
        parser.error(str(error))
    print(summary.report())
    print(f"  ({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
