"""Boot benchmark: seconds from navigation to a playable table, next to a bare Pyodide page.

    python tests/bench/bench_boot.py [--runs 5] [--no-build]
    python build.py bench boot        (the same, after making sure Chromium is there)

Each run opens a new browser context (cold: empty HTTP cache, no service worker) and
measures from the start of ``page.goto`` until ``document.body.dataset.appState ==
"ready"``. The app (dist/index.html) and a bare page that only boots Pyodide from the
same ``pyodide/`` files and runs one line of Python (tests/bench/bare.html, served at
/bench/bare.html without copying it into dist/) are measured in alternation, so a
passing load on the machine hits both alike.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Browser

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

BARE_PAGE = Path(__file__).with_name("bare.html")
BARE_URL_PATH = "/bench/bare.html"
BOOTED = "['ready', 'error'].includes(document.body.dataset.appState)"
TIMEOUT_MS = 120_000

CHROMIUM_ARGS = list(build.CHROMIUM_ARGS)


def time_boot(browser: Browser, url: str) -> float:
    """Seconds from ``goto`` to the ready marker, in a fresh context (cold caches)."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        start = time.perf_counter()
        page.goto(url, wait_until="commit")
        page.wait_for_function(BOOTED, timeout=TIMEOUT_MS)
        elapsed = time.perf_counter() - start
        if page.evaluate("document.body.dataset.appState") != "ready":
            detail = page.evaluate("document.getElementById('loading-error')?.textContent || ''")
            raise SystemExit(f"{url} failed to boot:\n{detail}")
        return elapsed
    finally:
        context.close()


def table(results: dict[str, list[float]]) -> str:
    """A small text table: median, min, max seconds per page."""
    lines = [f"{'page':<12} {'runs':>4} {'median s':>9} {'min s':>7} {'max s':>7}"]
    for name, times in results.items():
        lines.append(
            f"{name:<12} {len(times):>4} {statistics.median(times):>9.2f} "
            f"{min(times):>7.2f} {max(times):>7.2f}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="cold runs per page (default: 5)")
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    if not args.no_build or not (build.DIST / "index.html").is_file():
        build.build()
    chromium = os.environ.get("DOMINOES_CHROMIUM") or build.find_chromium()
    if not chromium:
        print("no Chromium found: install chromium or set DOMINOES_CHROMIUM", file=sys.stderr)
        return 1

    server = build.make_server(build.DIST, "127.0.0.1", 0, overlays={BARE_URL_PATH: BARE_PAGE})
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    pages = {"app": server.url, "bare pyodide": server.url + BARE_URL_PATH.lstrip("/")}
    results: dict[str, list[float]] = {name: [] for name in pages}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            time_boot(browser, pages["app"])  # warm-up: OS file cache, browser processes
            for _ in range(args.runs):
                for name, url in pages.items():
                    results[name].append(time_boot(browser, url))
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    print(f"Boot to ready, cold contexts, headless Chromium, {args.runs} runs each:")
    print(table(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
