"""Hand review speed: how long the Expert takes to review one seat's hand, in the page and on CPython.

    python tests/bench/bench_review.py [--hands 4] [--throttle 1,4] [--no-build]
    python build.py bench review         (the same, after making sure Chromium is there)

Each hand is a recorded one-hand match (seat 0 plays at random, the others as Medium, so
there are mistakes to find; seeds 1, 2, ...) in ``partnership-block`` (4 players),
``draw-2`` (2 players) and ``all-fives`` (2 players). In headless Chromium the record is
opened from a share link, the CPU throttled (4 models a mid-range tablet), and **Review**
pressed; the page times the review itself (the performance measure ``dominoes:review``,
from the press to the last decision searched) and the browser records long tasks. The same
hands are reviewed on CPython in this process, for the ratio. It prints, per rule set and
rate, the median and maximum seconds per hand, the ratio to CPython, and the longest task,
next to the target (a hand in under 20 s at 4x, no task over 100 ms).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Browser

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from engine.line.ai import think_through  # noqa: E402
from engine.line.ai.review import review_hand  # noqa: E402
from engine.line.notation import write_record  # noqa: E402
from engine.line.selfplay import bot_match  # noqa: E402
from tests.bench.served import BOOTED, add_browser_options, served_chromium, throttle_rates  # noqa: E402
from tests.e2e.table import throttle_cpu  # noqa: E402
from web.links.share import record_fragment  # noqa: E402

GAMES = (("partnership-block", 4), ("draw-2", 2), ("all-fives", 2))
TIMEOUT_MS = 240_000
TARGET_S = 20.0

WATCH = """() => {
    window.__review = {"review": [], "long task": []};
    new PerformanceObserver(list => {
        for (const entry of list.getEntries())
            if (entry.name === "dominoes:review") window.__review.review.push(entry.duration);
    }).observe({type: "measure"});
    new PerformanceObserver(list => {
        for (const entry of list.getEntries()) window.__review["long task"].push(entry.duration);
    }).observe({type: "longtask"});
}"""


def review_in_page(browser: Browser, url: str, rate: float) -> tuple[float, float]:
    """Open the record link ``url``, throttle ``rate`` times, review seat 0: (seconds, longest task ms)."""
    context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_function(BOOTED, timeout=TIMEOUT_MS, polling=50)
        page.wait_for_function("document.querySelector('#replay-dialog').open")
        page.evaluate(WATCH)
        throttle_cpu(page, rate)
        page.locator("#replay-review").click()
        page.wait_for_function("document.body.dataset.review === 'done'", timeout=TIMEOUT_MS, polling=50)
        page.evaluate("() => new Promise(resolve => setTimeout(resolve, 50))")
        found = page.evaluate("window.__review")
        return found["review"][0] / 1000, max(found["long task"], default=0.0)
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    """Review the hands in the page at each rate and on CPython; print a table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4, help="hands per rule set (default: 4)")
    add_browser_options(parser)
    args = parser.parse_args(argv)
    rates = throttle_rates(args)
    games = []
    for variant, players in GAMES:
        for seed in range(1, args.hands + 1):
            levels = ["random"] + ["medium"] * (players - 1)
            match = bot_match(variant, players, seed, levels, max_hands=1)
            started = time.perf_counter()
            review = think_through(review_hand(match.hands[0], 0))
            games.append((variant, write_record(match), time.perf_counter() - started, len(review.decisions)))
    print(
        f"{'rule set':<18} {'where':<22} {'hands':>5} {'decisions':>9} {'median s':>9} {'max s':>7} "
        f"{'x CPython':>9} {'longest task ms':>15}"
    )
    for variant, _ in GAMES:
        mine = [game for game in games if game[0] == variant]
        cpython = [seconds for _, _, seconds, _ in mine]
        decisions = statistics.mean(count for _, _, _, count in mine)
        print(
            f"{variant:<18} {'CPython':<22} {len(mine):>5} {decisions:>9.1f} {statistics.median(cpython):>9.2f} "
            f"{max(cpython):>7.2f} {1.0:>9.1f} {'-':>15}",
            flush=True,
        )
    with served_chromium(args.no_build) as (browser, url):
        for rate in rates:
            where = "Chromium" if rate == 1 else f"Chromium, CPU {rate:g}x"
            for variant, _ in GAMES:
                mine = [game for game in games if game[0] == variant]
                results = [
                    review_in_page(browser, url + "?aidelay=0" + record_fragment(text), rate)
                    for _, text, _, _ in mine
                ]
                seconds = [result[0] for result in results]
                ratio = statistics.median(seconds) / statistics.median(game[2] for game in mine)
                longest = max(result[1] for result in results)
                print(
                    f"{variant:<18} {where:<22} {len(mine):>5} {'':>9} {statistics.median(seconds):>9.2f} "
                    f"{max(seconds):>7.2f} {ratio:>9.1f} {longest:>15.0f}",
                    flush=True,
                )
    print(f"target: a hand in under {TARGET_S:.0f} s at 4x, no task over 100 ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
