"""The dice arena: two Dice and Dominoes AI levels play the same seeded hands, and it counts.

A *duplicate deal* is one seed played once per seating: with two players the levels swap
seats; with more, level A takes each seat in turn and level B the others. Every playing of
a seed deals from and throws with ``random.Random(seed)``, so the tiles and the stream of
throws are the same in each; each seat's bot has its own RNG seeded from the seed and seat.

Chips: each player antes 1, so the pot is the number of players; the winners share it and
each player's result is its share less its ante. A hand in which everyone went out together
(the pot stays for the next hand) counts 0 for everyone, as if the antes were handed back:
the carried pot belongs to no one yet, and counting it as lost would charge both levels for
it alike and hide the difference between them; so the chips always sum to zero and two
equal levels score 0. A hand won counts 1, or 1/k when k players share the pot (a carried
hand counts 0: nobody won it).

Run it as ``python -m engine.dice.ai.arena`` (``--help`` lists the options). It prints, for
level A: chips won per hand and the share of hands won, each with a 95% confidence
interval over the deals (the seatings of one deal are not independent), and each level's
decision time (mean, 95th percentile, maximum).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.dice.ai import DICE_LEVEL_NAMES, DiceBot, make_dice_bot
from engine.dice.hand import DiceHand
from engine.lab import half_width, map_jobs, time_stats

__all__ = ["DiceDeal", "DiceSummary", "main", "play_deal", "run_dice_arena"]

ROUND_LIMIT = 2000
"""A hand longer than this is an error (none comes near it)."""


@dataclass
class DiceDeal:
    """One duplicate deal: level A's chips and share of the win per seating."""

    chips: list[float] = field(default_factory=list)
    wins: list[float] = field(default_factory=list)
    rounds: list[int] = field(default_factory=list)
    carried: int = 0
    """Seatings in which everyone went out together (the pot stayed)."""
    times: dict[str, list[float]] = field(default_factory=dict)


@dataclass(frozen=True)
class DiceSummary:
    """What the arena measured for level A against level B."""

    a: str
    b: str
    players: int
    sets: int
    deals: int
    first_seed: int
    hands: int
    chips: float
    """Level A's chips won per hand (the pot's share less the ante)."""
    chips_half_width: float
    """Half the width of the 95% confidence interval of ``chips``."""
    win_share: float
    win_half_width: float
    rounds: float
    """Rounds per hand, on average."""
    carried: int
    times: dict[str, tuple[float, float, float]]
    """Per level: mean, 95th percentile and maximum decision time in milliseconds."""

    def report(self) -> str:
        """The summary as a few lines of text."""
        name = DICE_LEVEL_NAMES
        last = self.first_seed + self.deals - 1
        lines = [
            f"dice, {self.players} players, {self.sets} set(s): {name.get(self.a, self.a)} (A) vs "
            f"{name.get(self.b, self.b)} (B), {self.deals} duplicate deals (seeds {self.first_seed}-{last}), "
            f"{self.hands} hands, {self.rounds:.1f} rounds a hand",
            f"  A's chips per hand: {self.chips:+.3f} +/- {self.chips_half_width:.3f} (95% CI; ante 1, pot {self.players})",
            f"  A's share of hands won: {100 * self.win_share:.1f}% +/- {100 * self.win_half_width:.1f} "
            f"(an equal share: {100 / self.players:.1f}%)",
        ]
        if self.carried:
            lines.append(f"  everyone out together (pot carried, counted 0 for all): {self.carried} hands")
        for level, (mean, p95, most) in self.times.items():
            lines.append(
                f"  {name.get(level, level)} decision time: mean {mean:.2f} ms, p95 {p95:.2f} ms, max {most:.2f} ms"
            )
        return "\n".join(lines)


def play_deal(
    seed: int, a: DiceBot, b: DiceBot, players: int, sets: int = 1, levels: tuple[str, str] | None = None
) -> DiceDeal:
    """Play the hand seeded ``seed`` once per seating of A and B."""
    level_a, level_b = levels or (a.level, b.level)
    result = DiceDeal(times={level_a: [], level_b: []})
    seatings = [0, 1] if players == 2 else list(range(players))
    for seat_a in seatings:
        hand = DiceHand(players, random.Random(seed), sets)
        bots = [a if seat == seat_a else b for seat in range(players)]
        names = [level_a if seat == seat_a else level_b for seat in range(players)]
        rngs = [random.Random(f"{seed}:{seat}") for seat in range(players)]
        spent = result.times
        for _ in range(ROUND_LIMIT):
            if hand.is_over:
                break
            for seat in hand.awaiting_rethrow:
                view = hand.view(seat)
                started = time.perf_counter()
                again = bots[seat].rethrow(view, rngs[seat])
                spent[names[seat]].append(1000 * (time.perf_counter() - started))
                hand.choose_rethrow(seat, again)
            for seat in range(players):
                view = hand.view(seat)
                started = time.perf_counter()
                choice = bots[seat].commit(view, rngs[seat])
                spent[names[seat]].append(1000 * (time.perf_counter() - started))
                hand.commit(seat, choice)
        winners = hand.winners
        if winners is None:
            raise RuntimeError(f"seed {seed}: the hand did not end in {ROUND_LIMIT} rounds")
        result.rounds.append(len(hand.rounds))
        if not winners:
            result.carried += 1
        share = 1 / len(winners) if seat_a in winners else 0.0
        result.wins.append(share)
        result.chips.append(players * share - 1 if winners else 0.0)
    return result


def _play_job(job: tuple[int, str, str, int, int]) -> DiceDeal:
    seed, a, b, players, sets = job
    return play_deal(seed, make_dice_bot(a), make_dice_bot(b), players, sets, (a, b))


def summarise(
    results: Sequence[DiceDeal], a: str, b: str, players: int, sets: int, first_seed: int
) -> DiceSummary:
    """The summary of played deals."""
    chips = [statistics.fmean(deal.chips) for deal in results]
    wins = [statistics.fmean(deal.wins) for deal in results]
    times: dict[str, list[float]] = {a: [], b: []}
    for deal in results:
        for level, spent in deal.times.items():
            times[level].extend(spent)
    return DiceSummary(
        a=a,
        b=b,
        players=players,
        sets=sets,
        deals=len(results),
        first_seed=first_seed,
        hands=sum(len(deal.chips) for deal in results),
        chips=statistics.fmean(chips),
        chips_half_width=half_width(chips),
        win_share=statistics.fmean(wins),
        win_half_width=half_width(wins),
        rounds=statistics.fmean(r for deal in results for r in deal.rounds),
        carried=sum(deal.carried for deal in results),
        times={level: time_stats(spent) for level, spent in times.items() if spent},
    )


def run_dice_arena(
    level_a: str,
    level_b: str,
    players: int,
    deals: int,
    first_seed: int = 1,
    sets: int = 1,
    jobs: int = 1,
) -> DiceSummary:
    """Play ``deals`` duplicate deals (seeds ``first_seed``, ``first_seed + 1``, ...) and summarise."""
    make_dice_bot(level_a), make_dice_bot(level_b)  # an unknown level fails here, at once
    work = [(first_seed + number, level_a, level_b, players, sets) for number in range(deals)]
    results = map_jobs(_play_job, work, jobs)
    return summarise(results, level_a, level_b, players, sets, first_seed)


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: ``python -m engine.dice.ai.arena --a expert --b canny --players 4``."""
    parser = argparse.ArgumentParser(
        prog="python -m engine.dice.ai.arena", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--a", default="expert", help="level A (default: expert)")
    parser.add_argument("--b", default="canny", help="level B (default: canny)")
    parser.add_argument("--players", type=int, default=4, help="players, 2 or more (default: 4)")
    parser.add_argument("--sets", type=int, default=1, help="double-six sets (default: 1)")
    parser.add_argument("--deals", type=int, default=200, help="duplicate deals (default: 200)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first deal (default: 1)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default: 1)")
    args = parser.parse_args(argv)
    try:
        started = time.perf_counter()
        summary = run_dice_arena(args.a, args.b, args.players, args.deals, args.seed, args.sets, args.jobs)
    except ValueError as error:
        parser.error(str(error))
    print(summary.report())
    print(f"  ({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
