"""Latency in the page: how long a person waits for Expert players, with the CPU throttled and not.

    python tests/bench/bench_latency.py [--hands 4] [--throttle 1,4] [--no-build] [--against DIR]
    python build.py bench latency        (the same, after making sure Chromium is there)

Each hand is a 4-player ``partnership-block`` hand in headless Chromium against three
Expert players with ``aidelay=0`` (a fresh browser context per hand, seeds 1, 2, ...).
The person plays the first playable tile each turn through the keyboard twin. The page
boots unthrottled, then Chromium's CDP ``Emulation.setCPUThrottlingRate`` slows it (4
models a mid-range tablet) and the hand is played. The app times itself with performance
measures (see ``LineTable._think`` and ``LineTable._time_the_wait`` in ``web/line/table.py``):

- ``decision``: one computer player's thinking, from its first slice of search to its
  move, yields to the browser included: what a person watches;
- ``to-your-turn``: from the person's move to the page showing their turn again (the
  three computer players' moves, and everything the page does around them);
- long tasks: the browser's own ``longtask`` entries (anything over 50 ms on the main
  thread), of which none may pass 100 ms.

It prints, per throttling rate, the count, median, 95th percentile and maximum of each,
next to the targets (at 4x: decision p95 <= 300 ms, move to next turn p95 <= 1.5 s).

``--against DIR`` compares with another build (its ``dist/`` folder, e.g. one built from an
earlier commit in a git worktree): the two builds play the same seeds, hand after hand in
turn, so a change in the machine's load hits both alike; a table for each, then the ratio
of this build's median and p95 to the other's (below 1.00: this build waits less).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Browser

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from buildtools.server import serving  # noqa: E402
from tests.bench.served import add_browser_options, booted_page, served_chromium, throttle_rates  # noqa: E402
from tests.e2e.table import play_hand_with_buttons, throttle_cpu  # noqa: E402

GAME = "?variant=partnership-block&players=4&level=expert&aidelay=0&seed={seed}"
TIMEOUT_MS = 240_000

#: What each measure is held to at 4x throttling (milliseconds, at the 95th percentile).
TARGETS = {"decision": 300.0, "to-your-turn": 1500.0, "long task": 100.0}

WATCH = """() => {
    window.__latency = {"decision": [], "to-your-turn": [], "long task": []};
    new PerformanceObserver(list => {
        for (const entry of list.getEntries()) {
            const name = entry.name.replace("dominoes:", "");
            if (name in window.__latency) window.__latency[name].push(entry.duration);
        }
    }).observe({type: "measure"});
    new PerformanceObserver(list => {
        for (const entry of list.getEntries()) window.__latency["long task"].push(entry.duration);
    }).observe({type: "longtask"});
}"""


def play_one_hand(browser: Browser, url: str, rate: float) -> dict[str, list[float]]:
    """Boot the app at ``url``, throttle it ``rate`` times, play the hand; the measures taken."""
    with booted_page(browser, url, TIMEOUT_MS) as page:
        page.evaluate(WATCH)
        throttle_cpu(page, rate)
        play_hand_with_buttons(page)
        # The observers' callbacks run after the entries are made: let them catch up.
        page.evaluate("() => new Promise(resolve => setTimeout(resolve, 50))")
        measures: dict[str, list[float]] = page.evaluate("window.__latency")
        return measures


def percentile(values: list[float], share: float) -> float:
    """The ``share`` percentile by the nearest rank below (as the arena reports it)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def latency_table(measures: dict[str, list[float]], rate: float) -> str:
    """Count, median, p95 and max of each measure, with its target at 4x throttling."""
    lines = [f"{'measure':<14} {'count':>5} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}  target at 4x"]
    for name, values in measures.items():
        target = f"p95 <= {TARGETS[name]:.0f} ms" if name != "long task" else "none over 100 ms"
        if not values:
            lines.append(f"{name:<14} {0:>5} {'-':>10} {'-':>8} {'-':>8}  {target}")
            continue
        lines.append(
            f"{name:<14} {len(values):>5} {statistics.median(values):>10.0f} "
            f"{percentile(values, 0.95):>8.0f} {max(values):>8.0f}  {target}"
        )
    if rate == 4:
        lines.append("at 4x: " + verdict(measures))
    return "\n".join(lines)


def verdict(measures: dict[str, list[float]]) -> str:
    """Whether the 4x targets are met, in one line."""
    parts = []
    for name in ("decision", "to-your-turn"):
        values = measures[name]
        met = bool(values) and percentile(values, 0.95) <= TARGETS[name]
        parts.append(f"{name} {'met' if met else 'NOT met'}")
    over = [value for value in measures["long task"] if value > TARGETS["long task"]]
    parts.append("long tasks met" if not over else f"{len(over)} long tasks over 100 ms")
    return ", ".join(parts)


def ratio_table(now: dict[str, list[float]], other: dict[str, list[float]]) -> str:
    """This build's median and p95 of each measure over the other build's."""
    lines = [f"{'measure':<14} {'median ratio':>13} {'p95 ratio':>10}"]
    for name in ("decision", "to-your-turn"):
        if not now[name] or not other[name]:
            continue
        median = statistics.median(now[name]) / statistics.median(other[name])
        p95 = percentile(now[name], 0.95) / percentile(other[name], 0.95)
        lines.append(f"{name:<14} {median:>12.2f}x {p95:>9.2f}x")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print a table per throttling rate (and build)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4, help="hands per throttling rate (default: 4)")
    parser.add_argument("--against", type=Path, help="another build's dist/ folder to compare with")
    add_browser_options(parser)
    args = parser.parse_args(argv)
    rates = throttle_rates(args)

    with served_chromium(args.no_build) as (browser, url), ExitStack() as stack:
        builds = {"this build": url}
        if args.against is not None:
            if not (args.against / "index.html").is_file():
                raise SystemExit(f"{args.against} holds no built table (no index.html)")
            builds[f"{args.against}"] = stack.enter_context(serving(args.against)).url
        for rate in rates:
            measures: dict[str, dict[str, list[float]]] = {
                build: {name: [] for name in TARGETS} for build in builds
            }
            for seed in range(1, args.hands + 1):
                for build, base_url in builds.items():
                    found: dict[str, Any] = play_one_hand(browser, base_url + GAME.format(seed=seed), rate)
                    for name in TARGETS:
                        measures[build][name].extend(found[name])
            label = "no CPU throttling" if rate == 1 else f"CPU throttled {rate:g}x"
            for build, found_here in measures.items():
                print(
                    f"\nPartnership block against three Experts (aidelay=0), headless Chromium, {label}, "
                    f"{args.hands} hands" + (f", {build}:" if len(builds) > 1 else ":")
                )
                print(latency_table(found_here, rate), flush=True)
            if len(builds) > 1:
                this, other = measures.values()
                print(f"\nThis build over {args.against} ({label}):")
                print(ratio_table(this, other), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
