"""Dice and Dominoes AI strength and speed: the dice arena's match-ups, one after another.

Run with ``python tests/bench/bench_dice_ai.py`` (about 5 minutes on one core with the
default deals) or smaller, e.g. ``--scale 0.2``. Each row plays duplicate deals
(:mod:`engine.dice.ai.arena`) from ``--seed`` on, seeds never used to tune the levels.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from engine.dice.ai.arena import run_dice_arena  # noqa: E402

#: (level A, level B, players, duplicate deals at scale 1)
MATCHUPS = (
    ("canny", "eager", 2, 400),
    ("canny", "eager", 4, 300),
    ("expert", "eager", 2, 100),
    ("expert", "eager", 4, 80),
    ("expert", "canny", 2, 100),
    ("expert", "canny", 4, 80),
)


def main() -> int:
    """Play every match-up and print its summary."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=10001, help="first seed (default: 10001)")
    parser.add_argument("--scale", type=float, default=1.0, help="fraction of the default deals (default: 1)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default: 1)")
    args = parser.parse_args()
    for a, b, players, deals in MATCHUPS:
        started = time.perf_counter()
        summary = run_dice_arena(a, b, players, max(2, round(deals * args.scale)), args.seed, jobs=args.jobs)
        print(summary.report())
        print(f"  ({time.perf_counter() - started:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
