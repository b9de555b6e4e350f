"""Latency of the train games' Expert in the page, with the CPU throttled and not.

    python tests/bench/bench_train_latency.py [--rounds 3] [--throttle 1,4] [--no-build]
    python build.py bench latency        (after the line games' latency benchmark)

Each round is the first round of a 4-player game of Mexican Train and of Chicken Foot in
headless Chromium against three Expert players with ``aidelay=0`` (a fresh browser context
per round, seeds 1, 2, ...); the person plays the first tile that fits each turn through the
keyboard twin. The page boots unthrottled, then Chromium's CDP
``Emulation.setCPUThrottlingRate`` slows it (4 models a mid-range tablet). The app times
every computer player's decision (the performance measure ``dominoes:decision``, from its
first slice of search to its move: ``TrainTable._think`` in ``web/trains/table.py``) and
the browser reports its long tasks. The Expert searches only in a round's endgame (someone
down to 6 tiles in Mexican Train, 4 in Chicken Foot); before that it plays as Medium, at
once: the table shows all decisions and the endgame's apart.

It prints, per game and throttling rate, the count, median, 95th percentile and maximum,
next to the targets (at 4x: decision p95 <= 300 ms, no long task over 100 ms).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Browser

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.bench.bench_latency import WATCH, percentile  # noqa: E402
from tests.bench.served import add_browser_options, booted_page, served_chromium, throttle_rates  # noqa: E402
from tests.e2e.table import play_train_round_with_buttons, throttle_cpu  # noqa: E402

GAMES = {
    "Mexican Train": "?variant=mexican-train&players=4&level=expert&aidelay=0&seed={seed}",
    "Chicken Foot": "?variant=chicken-foot&players=4&level=expert&aidelay=0&seed={seed}",
}
TIMEOUT_MS = 240_000
DECISION_TARGET_MS = 300.0
LONG_TASK_LIMIT_MS = 100.0
SEARCHING = 20.0
"""A decision over this many ms (unthrottled, or this times the rate) counts as a search:
the Medium player's decisions take a few ms."""


def play_one_round(browser: Browser, url: str, rate: float) -> dict[str, list[float]]:
    """Boot the app at ``url``, throttle it ``rate`` times, play the first round; the measures."""
    with booted_page(browser, url, TIMEOUT_MS) as page:
        page.evaluate(WATCH)
        throttle_cpu(page, rate)
        play_train_round_with_buttons(page)
        page.evaluate("() => new Promise(resolve => setTimeout(resolve, 50))")
        measures: dict[str, list[float]] = page.evaluate("window.__latency")
        return measures


def summary(name: str, values: list[float]) -> str:
    """Count, median, p95 and max of ``values`` on one line."""
    if not values:
        return f"{name:<22} {0:>5} {'-':>10} {'-':>8} {'-':>8}"
    ordered = sorted(values)
    return (
        f"{name:<22} {len(values):>5} {ordered[len(ordered) // 2]:>10.0f} "
        f"{percentile(values, 0.95):>8.0f} {max(values):>8.0f}"
    )


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print a table per game and throttling rate."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="rounds per game and rate (default: 3)")
    add_browser_options(parser)
    args = parser.parse_args(argv)
    with served_chromium(args.no_build) as (browser, url):
        for rate in throttle_rates(args):
            label = "no CPU throttling" if rate == 1 else f"CPU throttled {rate:g}x"
            for game, query in GAMES.items():
                decisions: list[float] = []
                long_tasks: list[float] = []
                for seed in range(1, args.rounds + 1):
                    found = play_one_round(browser, url + query.format(seed=seed), rate)
                    decisions += found["decision"]
                    long_tasks += found["long task"]
                searched = [value for value in decisions if value > SEARCHING * rate]
                print(
                    f"\n{game}, 4 players against three Experts (aidelay=0), headless Chromium, {label}, {args.rounds} rounds:"
                )
                print(f"{'measure':<22} {'count':>5} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}")
                print(summary("decision (all)", decisions))
                print(summary("decision (searching)", searched))
                print(summary("long task", long_tasks))
                if rate == 4:
                    met = bool(decisions) and percentile(decisions, 0.95) <= DECISION_TARGET_MS
                    over = [value for value in long_tasks if value > LONG_TASK_LIMIT_MS]
                    print(
                        f"at 4x: decision p95 <= {DECISION_TARGET_MS:.0f} ms {'met' if met else 'NOT met'}, "
                        + ("no long task over 100 ms" if not over else f"{len(over)} long tasks over 100 ms"),
                        flush=True,
                    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
