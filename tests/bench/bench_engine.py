"""Engine speed on CPython: random full hands per second for each rule set.

Run with ``python build.py bench engine``. Each row plays seeded hands with uniformly
random legal actions for about ``--seconds`` and reports hands per second, with the
same workload for every row so the rows compare in one run.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine import VARIANTS, make_rules
from engine.selfplay import play_random_hand

CASES = (("block", 2), *((variant.id, variant.default_players) for variant in VARIANTS.values()))


def hands_per_second(variant: str, players: int, seconds: float) -> tuple[float, int]:
    """Play random hands for ``seconds``; return (hands per second, hands played)."""
    rules = make_rules(variant, players)
    played = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        play_random_hand(rules, played)
        played += 1
    return played / (time.perf_counter() - start), played


def main() -> None:
    """Print a table of random full hands per second."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=1.0, help="time spent on each rule set")
    args = parser.parse_args()
    print(f"Random full hands per second (CPython {sys.version.split()[0]}, {args.seconds:g} s each)")
    print(f"{'rule set':<18} {'players':>7} {'hands/s':>9} {'hands':>7}")
    for variant, players in CASES:
        rate, played = hands_per_second(variant, players, args.seconds)
        print(f"{variant:<18} {players:>7} {rate:>9.0f} {played:>7}")


if __name__ == "__main__":
    main()
