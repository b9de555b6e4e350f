"""Embedded boot benchmark: the table in a cross-site frame, storage blocked vs partitioned.

    python tests/bench/bench_embed_boot.py [--runs 5] [--no-build]
    python build.py bench boot        (after bench_boot.py)

A host page on ``localhost`` embeds the app from ``127.0.0.1``. With third-party storage
blocked (Playwright's Chromium, partitioning off: its contexts block third-party storage
as an incognito window does) PyScript runs on the in-memory IndexedDB that web/boot.js
loads; with partitioning on (the browser's default) on the real one. Each run is a cold
context (no HTTP cache, no service worker), from navigation until the frame's table is
ready; the two are measured in alternation and the ratio of the medians is printed.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from buildtools.chromium import CHROMIUM_ARGS, CHROMIUM_PARTITIONING_ARG, find_chromium  # noqa: E402
from buildtools.dist import build  # noqa: E402
from buildtools.paths import DIST  # noqa: E402
from buildtools.server import make_server  # noqa: E402
from tests.e2e.hosts import host_page  # noqa: E402

TIMEOUT_MS = 120_000


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print a table; 0 on success."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    args = parser.parse_args(argv)
    if not args.no_build:
        build()
    from playwright.sync_api import sync_playwright

    server = make_server(DIST, "127.0.0.1", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = host_page(server.url + "index.html?variant=block&aidelay=0")
    chromium = find_chromium()
    times: dict[str, list[float]] = {"storage blocked": [], "partitioned": []}
    with sync_playwright() as playwright:
        launch = functools.partial(playwright.chromium.launch, executable_path=chromium)
        browsers = {
            "storage blocked": launch(args=list(CHROMIUM_ARGS)),
            "partitioned": launch(args=[*CHROMIUM_ARGS, CHROMIUM_PARTITIONING_ARG]),
        }
        for _ in range(args.runs):
            for mode, browser in browsers.items():
                context = browser.new_context(service_workers="block")
                page = context.new_page()
                start = time.perf_counter()
                page.goto(url, wait_until="commit")
                page.frame_locator("#table").locator("body[data-app-state='ready']").wait_for(
                    timeout=TIMEOUT_MS
                )
                times[mode].append(time.perf_counter() - start)
                context.close()
        for browser in browsers.values():
            browser.close()
    server.shutdown()
    print(f"{'embedded table':18} {'median s':>9}  runs")
    for mode, seconds in times.items():
        print(f"{mode:18} {statistics.median(seconds):9.2f}  {', '.join(f'{s:.2f}' for s in seconds)}")
    ratio = statistics.median(times["storage blocked"]) / statistics.median(times["partitioned"])
    print(f"blocked / partitioned: {ratio:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
