"""Boot benchmark: the app's cold and warm boot next to a bare page that loads stock Pyodide.

    python tests/bench/bench_boot.py [--runs 5] [--throttle 1,4] [--no-build]
    python build.py bench boot        (the same, after making sure Chromium is there)

Three pages, measured in alternation so a passing load on the machine hits them alike,
each from the start of ``page.goto`` until ``document.body.dataset.appState == "ready"``
(the app's first playable position; the bare page's one line of Python):

- **app cold**: a new browser context (empty HTTP cache, no service worker);
- **bare cold**: a new context opening tests/bench/bare.html, which boots the *stock*
  Pyodide from node_modules (its full source standard library, served at /bench/pyodide/)
  and runs one line of Python: the floor a page that only loads Pyodide stands on;
- **app 2nd**: a second visit: the context has loaded the app once and its service
  worker is in control, then a new page opens the app (it restores the snapshot the
  worker cached compressed, and keeps it expanded for the next visits);
- **app warm**: any later visit, what a player meets every day: the context has loaded
  the app twice, the snapshot is kept expanded, then a new page opens the app.

Each CPU throttling rate (Chromium's CDP ``Emulation.setCPUThrottlingRate``; 4 models a
mid-range tablet) gets its own table with the medians and the ratios to the bare cold
boot, then where the app's boots went: the median milliseconds of each part (:data:`PHASES`),
read from the marks the page sets as it boots. Then every file of dist/ with its size raw and gzip-compressed: what a visitor
downloads (the service worker precaches all of it), and the app's own part of it.
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from buildtools.dist import dist_files  # noqa: E402
from buildtools.paths import DIST, PYODIDE_DIR, PYODIDE_FILES  # noqa: E402
from tests.bench.served import BOOTED, add_browser_options, served_chromium, throttle_rates  # noqa: E402
from tests.e2e.table import throttle_cpu as throttle  # noqa: E402

BARE_PAGE = Path(__file__).with_name("bare.html")
BARE_URL_PATH = "/bench/bare.html"
#: The stock runtime for the bare page, straight from node_modules.
STOCK_PYODIDE_URL = "/bench/pyodide/"
TIMEOUT_MS = 240_000
#: dist/ files that are not the app's own code: the runtimes and a vendored library.
RUNTIME_PREFIXES = ("pyodide/", "pyscript/", "vendor/")


PHASES = (
    ("the page, to its first script", "", "runtime"),
    ("PyScript's own code", "runtime", "runtime-start"),
    ("Pyodide: runtime and standard library", "runtime-start", "runtime-ready"),
    ("  of which the snapshot read, decompressed", "runtime-start", "snapshot-read"),
    ("PyScript's setup, app.zip written", "runtime-ready", "table"),
    ("the app's modules imported", "table", "imported"),
    ("the table set up (save read, wired)", "imported", "warm-up"),
    ("warm-up and the first frame drawn", "warm-up", "drawn"),
    ("the browser's first paint", "drawn", "ready"),
)
"""The parts of a boot: (what, from the mark, to the mark), the marks ``dominoes:<name>`` the
page sets (``index.html``, ``web/boot.js``, ``pyodide/interpreter.mjs``, ``main.py``,
``web/app.py``); "" is the navigation's start."""

#: Every ``dominoes:`` mark of the page, by name, in ms from the navigation's start.
MARKS = (
    "Object.fromEntries(performance.getEntriesByType('mark')"
    ".filter((m) => m.name.startsWith('dominoes:')).map((m) => [m.name.slice(9), m.startTime]))"
)

Boot = tuple[float, dict[str, float]]
"""A boot: seconds from ``goto`` to ready, and the page's marks (ms from its navigation)."""


def time_until_ready(page: Page, url: str) -> Boot:
    """Seconds from ``goto`` to the ready marker, and the page's marks; stops the benchmark if
    the page failed."""
    start = time.perf_counter()
    page.goto(url, wait_until="commit")
    page.wait_for_function(BOOTED, timeout=TIMEOUT_MS, polling=50)
    elapsed = time.perf_counter() - start
    if page.evaluate("document.body.dataset.appState") != "ready":
        detail = page.evaluate("document.getElementById('loading-error')?.textContent || ''")
        raise SystemExit(f"{url} failed to boot:\n{detail}")
    page.wait_for_function(
        "performance.getEntriesByName('dominoes:ready').length > 0 || !window.dominoesBoot"
    )
    return elapsed, dict(page.evaluate(MARKS))


def cold_boot(browser: Browser, url: str, rate: float) -> Boot:
    """A first visit: fresh context, no service worker."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        throttle(page, rate)
        return time_until_ready(page, url)
    finally:
        context.close()


SNAPSHOT_EXPANDED = """async () => {
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (!/snapshot-[0-9a-f]+[.]bin$/.test(request.url)) continue;
      const reader = (await cache.match(request)).body.getReader();
      const { value } = await reader.read();
      reader.cancel();
      return value[0] !== 0x1f;
    }
  }
  return false;
}"""
"""Whether the cache holds the snapshot expanded (not starting with gzip's magic number)."""


def warm_boot(browser: Browser, url: str, rate: float, visits_before: int) -> Boot:
    """A return visit after ``visits_before`` (not timed): the first leaves a service worker in
    control; the second restores the snapshot and keeps it expanded for the next ones."""
    context = browser.new_context()
    try:
        for visit in range(visits_before):
            earlier = context.new_page()
            time_until_ready(earlier, url)
            if visit == 0:
                earlier.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
            else:
                earlier.wait_for_function(SNAPSHOT_EXPANDED, timeout=TIMEOUT_MS, polling=200)
            earlier.close()
        page = context.new_page()
        throttle(page, rate)
        return time_until_ready(page, url)
    finally:
        context.close()


def breakdown_table(results: dict[str, list[Boot]]) -> str:
    """The median milliseconds of each part of a boot (:data:`PHASES`), for each page that
    marks them, and the median total."""
    pages = [name for name, boots in results.items() if all("ready" in marks for _, marks in boots)]
    lines = [f"{'part of the boot':<42}" + "".join(f"{name + ' ms':>14}" for name in pages)]
    for label, start, end in PHASES:
        cells: list[str] = []
        for name in pages:
            spans = [marks[end] - marks.get(start, 0.0) for _, marks in results[name] if end in marks]
            cells.append(f"{statistics.median(spans):>14.0f}" if spans else f"{'-':>14}")
        lines.append(f"{label:<42}" + "".join(cells))
    totals = [statistics.median(marks["ready"] for _, marks in results[name]) for name in pages]
    lines.append(f"{'to ready (the sum)':<42}" + "".join(f"{total:>14.0f}" for total in totals))
    return "\n".join(lines)


def boot_table(results: dict[str, list[float]], reference: str) -> str:
    """Median, min, max seconds per page, and each median over the reference's."""
    base = statistics.median(results[reference])
    lines = [f"{'page':<10} {'runs':>4} {'median s':>9} {'min s':>7} {'max s':>7} {'/ ' + reference:>13}"]
    for name, times in results.items():
        median = statistics.median(times)
        lines.append(
            f"{name:<10} {len(times):>4} {median:>9.2f} {min(times):>7.2f} {max(times):>7.2f} "
            f"{median / base:>12.2f}x"
        )
    return "\n".join(lines)


def size_table(dist: Path) -> str:
    """Every dist file raw and gzip-compressed (level 9), the app's own part and the total."""
    rows = []
    for name in dist_files(dist):
        data = (dist / name).read_bytes()
        rows.append((name, len(data), len(gzip.compress(data, 9, mtime=0))))
    own = [row for row in rows if not row[0].startswith(RUNTIME_PREFIXES)]
    lines = [f"{'file':<52} {'raw KB':>9} {'gzip KB':>9}"]
    lines += [f"{name:<52} {raw / 1e3:>9.1f} {packed / 1e3:>9.1f}" for name, raw, packed in rows]
    for label, chosen in (("the app's own code (not pyodide/, pyscript/, vendor/)", own), ("total", rows)):
        raw, packed = sum(row[1] for row in chosen), sum(row[2] for row in chosen)
        lines.append(f"{label:<52} {raw / 1e3:>9.1f} {packed / 1e3:>9.1f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per page (default: 5)")
    add_browser_options(parser)
    args = parser.parse_args(argv)
    rates = throttle_rates(args)

    overlays: dict[str, Path] = {BARE_URL_PATH: BARE_PAGE}
    overlays.update({STOCK_PYODIDE_URL + name: PYODIDE_DIR / name for name in PYODIDE_FILES})
    with served_chromium(args.no_build, overlays) as (browser, base_url):
        app_url = base_url + "?aidelay=0"
        pages: dict[str, Callable[[Browser, float], Boot]] = {
            "app cold": lambda browser, rate: cold_boot(browser, app_url, rate),
            "bare cold": lambda browser, rate: cold_boot(browser, base_url + BARE_URL_PATH.lstrip("/"), rate),
            "app 2nd": lambda browser, rate: warm_boot(browser, app_url, rate, visits_before=1),
            "app warm": lambda browser, rate: warm_boot(browser, app_url, rate, visits_before=2),
        }
        cold_boot(browser, app_url, 1)  # warm-up: OS file cache, browser processes
        for rate in rates:
            results: dict[str, list[Boot]] = {name: [] for name in pages}
            for _ in range(args.runs):
                for name, measure in pages.items():
                    results[name].append(measure(browser, rate))
            label = "no CPU throttling" if rate == 1 else f"CPU throttled {rate:g}x"
            print(f"\nBoot to a playable table, headless Chromium, {label}, {args.runs} runs each:")
            seconds = {name: [elapsed for elapsed, _ in boots] for name, boots in results.items()}
            print(boot_table(seconds, "bare cold"))
            print(f"\nWhere the app's boot goes ({label}; medians, from the page's marks):")
            print(breakdown_table(results), flush=True)
    print("\nWhat a visitor downloads (dist/; the service worker precaches all of it):")
    print(size_table(DIST))
    return 0


if __name__ == "__main__":
    sys.exit(main())
