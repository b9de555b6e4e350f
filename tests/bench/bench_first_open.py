"""The first opening of what a boot does not import: the dice game, and the replay viewer with
its review, each timed the first time and the second time it opens, CPU throttled and not.

    python tests/bench/bench_first_open.py [--runs 3] [--throttle 1,4] [--no-build]
    python build.py bench open        (the same, after making sure Chromium is there)

A boot imports the line games' page only: the dice game's page, the replay viewer and the
review are imported (and the viewer's dialog wired) the first time they are opened. Each run
is a fresh browser context (no service worker) that boots a two-player Draw game unthrottled,
plays its hand through, then, throttled:

- **review**: taps Review at the end of the hand (the replay viewer opens on the hand and
  the review starts), then closes it and taps Review again;
- **dice game**: starts a Dice and Dominoes game from the New game dialog, then another.

Each opening is timed in the page, from the tap (the app's handler runs inside the
click) to the next animation frame: what the person waits before the screen changes. The
review's own work goes on in later tasks, measured by ``python build.py bench review``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.bench.served import add_browser_options, booted_page, served_chromium, throttle_rates, timed_tap  # noqa: E402
from tests.e2e.table import choose_rule_set, play_hand_with_buttons, throttle_cpu  # noqa: E402

GAME = "?variant=draw-2&seed={seed}&aidelay=0"
TIMEOUT_MS = 240_000
TARGET_MS = 300.0
"""The first opening of each, at 4x CPU throttling."""


def review_twice(page: Page) -> list[float]:
    """Open the hand's review (the replay viewer) twice; the two openings' ms."""
    times = []
    for _ in range(2):
        times.append(timed_tap(page, "#hand-review-btn"))
        page.wait_for_function("document.getElementById('replay-dialog').open", timeout=TIMEOUT_MS)
        page.wait_for_function("document.body.dataset.review === 'done'", timeout=TIMEOUT_MS)
        page.click("#replay-close")
    return times


def dice_twice(page: Page) -> list[float]:
    """Start a Dice and Dominoes game from the New game dialog twice; the two starts' ms."""
    times = []
    for _ in range(2):
        page.click("#new-game-btn")
        choose_rule_set(page, "dice")
        times.append(timed_tap(page, "#ng-start"))
        page.wait_for_function("document.body.dataset.game === 'dice'", timeout=TIMEOUT_MS)
    return times


def one_run(browser: Browser, url: str, rate: float) -> dict[str, list[float]]:
    """Boot, play the hand unthrottled, then time each opening twice at ``rate``."""
    with booted_page(browser, url, TIMEOUT_MS) as page:
        play_hand_with_buttons(page)
        throttle_cpu(page, rate)
        return {"review": review_twice(page), "dice game": dice_twice(page)}


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print a table per throttling rate."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per throttling rate (default: 3)")
    add_browser_options(parser)
    args = parser.parse_args(argv)
    with served_chromium(args.no_build) as (browser, url):
        for rate in throttle_rates(args):
            found: dict[str, list[list[float]]] = {"review": [], "dice game": []}
            for seed in range(1, args.runs + 1):
                for name, times in one_run(browser, url + GAME.format(seed=seed), rate).items():
                    found[name].append(times)
            label = "no CPU throttling" if rate == 1 else f"CPU throttled {rate:g}x"
            print(f"\nOpening what the boot did not import, headless Chromium, {label}, {args.runs} runs:")
            print(f"{'opening':<12} {'first ms':>9} {'max ms':>7} {'second ms':>10}  target at 4x")
            for name, runs in found.items():
                first = [times[0] for times in runs]
                second = [times[1] for times in runs]
                print(
                    f"{name:<12} {statistics.median(first):>9.0f} {max(first):>7.0f} "
                    f"{statistics.median(second):>10.0f}  first <= {TARGET_MS:.0f} ms",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
