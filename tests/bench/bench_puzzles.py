"""Puzzles and the day's deal in the page, CPU throttled and not: how soon a puzzle is on the
table, how long a move takes to be checked, and the longest task while the Expert plays the
day's deal again in the person's seat.

    python tests/bench/bench_puzzles.py [--runs 3] [--throttle 1,4] [--no-build]
    python build.py bench puzzles        (the same, after making sure Chromium is there)

Each run is a fresh browser context (no service worker: a first visit), throttled from before
the page loads:

- **link, after ready**: ``?puzzle=ID`` opened: from the table being ready (the boot's
  ``dominoes:ready`` mark) to the puzzle at the table (the ``dominoes:puzzle-on-table`` mark;
  drawn in the next frame): the puzzle file fetched and read, the puzzles' modules
  imported, the position set up (0 when it was there before the boot's end);
- **menu, first**: Solve a puzzle tapped in the Puzzles dialog of a table that has not
  opened a puzzle yet, to the next frame with the puzzle on the table;
- **move checked**: the right move tapped (the keyboard twin's button), to the next frame:
  the answer is shipped, nothing is searched;
- **deal: longest task**: the longest task (``PerformanceObserver`` long tasks, over 50 ms)
  while the day's deal of Two-Hand Draw is played through with the keyboard twin and the
  Expert then plays it again in the person's seat (in slices), until both results show.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Browser

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.bench.served import add_browser_options, booted_page, served_chromium, throttle_rates, timed_tap  # noqa: E402
from tests.e2e.table import play_the_days_deal, state, watch_long_tasks  # noqa: E402

PUZZLE_ID = "all-fives-2-0008"
"""An open-hand puzzle of three moves."""
TIMEOUT_MS = 240_000
TARGET_MS = 1000.0
"""A puzzle on the table within a second of the table being ready, at 4x CPU throttling."""


def link_after_ready(browser: Browser, url: str, rate: float) -> float:
    """A ``?puzzle=`` link: ms from the table's readiness to the puzzle drawn."""
    with booted_page(browser, f"{url}?puzzle={PUZZLE_ID}&aidelay=0", TIMEOUT_MS, rate) as page:
        page.wait_for_function("document.body.dataset.puzzle === 'solving'", timeout=TIMEOUT_MS)
        ready = page.evaluate("performance.getEntriesByName('dominoes:ready')[0].startTime")
        seen = page.evaluate("performance.getEntriesByName('dominoes:puzzle-on-table')[0].startTime")
    return max(0.0, float(seen) - float(ready))


def menu_and_move(browser: Browser, url: str, rate: float) -> tuple[float, float]:
    """Solve a puzzle from the menu (ms to the puzzle drawn), then its first move checked (ms)."""
    game = f"{url}?variant=all-fives&players=2&seed=3&aidelay=0"
    with booted_page(browser, game, TIMEOUT_MS, rate) as page:
        page.click("#puzzles-btn")
        page.wait_for_function(
            "document.querySelector('#puzzles-variant').options.length > 2", timeout=TIMEOUT_MS
        )
        page.select_option("#puzzles-variant", "all-fives")
        opened = timed_tap(page, "#puzzles-start-btn", until="document.body.dataset.puzzle")
        page.wait_for_function("document.body.dataset.phase === 'human'", timeout=TIMEOUT_MS)
        answer = state(page)["puzzle"]["next"]
        tile = answer.partition("@")[0]
        moved = timed_tap(page, f"#a11y-hand button[data-move='{tile}']")
    return opened, moved


def deal_longest_task(browser: Browser, url: str, rate: float) -> float:
    """The day's deal played through and played again by the Expert; the longest task (ms)."""
    with booted_page(browser, f"{url}?daily=draw-2&aidelay=0", TIMEOUT_MS, rate) as page:
        watch_long_tasks(page)
        page.set_default_timeout(TIMEOUT_MS)
        play_the_days_deal(page)
        tasks = json.loads(page.evaluate("JSON.stringify(window.__longTasks)"))
    return max(tasks, default=0.0)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print a table per throttling rate."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per throttling rate (default: 3)")
    add_browser_options(parser)
    args = parser.parse_args(argv)
    with served_chromium(args.no_build) as (browser, url):
        for rate in throttle_rates(args):
            found: dict[str, list[float]] = {
                "link, after ready": [],
                "menu, first": [],
                "move checked": [],
                "deal: longest task": [],
            }
            for _ in range(args.runs):
                found["link, after ready"].append(link_after_ready(browser, url, rate))
                opened, moved = menu_and_move(browser, url, rate)
                found["menu, first"].append(opened)
                found["move checked"].append(moved)
                found["deal: longest task"].append(deal_longest_task(browser, url, rate))
            label = "no CPU throttling" if rate == 1 else f"CPU throttled {rate:g}x"
            print(f"\nPuzzles and the day's deal, headless Chromium, {label}, {args.runs} runs:")
            print(f"{'measure':<20} {'median ms':>10} {'max ms':>8}  target at 4x")
            targets = {
                "link, after ready": f"under {TARGET_MS:.0f} ms",
                "menu, first": f"under {TARGET_MS:.0f} ms",
                "move checked": "instant (a frame)",
                "deal: longest task": "under 100 ms",
            }
            for name, values in found.items():
                print(
                    f"{name:<20} {statistics.median(values):>10.0f} {max(values):>8.0f}  {targets[name]}",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
