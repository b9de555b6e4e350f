"""What the browser benchmarks share: dist/ built and served locally, and Chromium to open it."""

from __future__ import annotations

import argparse
import os
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from buildtools.chromium import CHROMIUM_ARGS, find_chromium  # noqa: E402
from buildtools.dist import build  # noqa: E402
from buildtools.paths import DIST  # noqa: E402
from buildtools.server import make_server  # noqa: E402
from tests.e2e.table import throttle_cpu  # noqa: E402

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

BOOTED = "['ready', 'error'].includes(document.body.dataset.appState)"
"""True once the page has booted, or failed to (``<body data-app-state>``)."""

TIMED_TAP = """async ([selector, condition]) => {
  const start = performance.now();
  document.querySelector(selector).click();
  while (!eval(condition)) await new Promise((resolve) => requestAnimationFrame(resolve));
  await new Promise((resolve) => requestAnimationFrame(resolve));
  return performance.now() - start;
}"""
"""Milliseconds from tapping ``selector`` until ``condition`` holds and a frame is drawn."""


def add_browser_options(parser: argparse.ArgumentParser) -> None:
    """The options every browser benchmark takes: ``--throttle`` rates and ``--no-build``."""
    parser.add_argument(
        "--throttle", default="1,4", help="comma-separated CPU throttling rates (default: 1,4)"
    )
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")


def throttle_rates(args: argparse.Namespace) -> list[float]:
    """The CPU throttling rates ``--throttle`` names."""
    return [float(rate) for rate in args.throttle.split(",")]


@contextmanager
def served_chromium(no_build: bool, overlays: dict[str, Path] | None = None) -> Iterator[tuple[Browser, str]]:
    """Build dist/ (unless ``no_build`` and it is built), serve it with ``overlays`` (extra
    URL paths to local files) and launch headless Chromium: yields the browser and the base URL.

    Stops the benchmark with a message when no Chromium is found.
    """
    from playwright.sync_api import sync_playwright

    if not no_build or not (DIST / "index.html").is_file():
        build()
    chromium = os.environ.get("DOMINOES_CHROMIUM") or find_chromium()
    if not chromium:
        raise SystemExit("no Chromium found: install chromium or set DOMINOES_CHROMIUM")
    server = make_server(DIST, "127.0.0.1", 0, overlays=overlays)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=list(CHROMIUM_ARGS))
            try:
                yield browser, server.url
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()


def timed_tap(page: Page, selector: str, until: str = "true") -> float:
    """Tap ``selector`` in the page and return the milliseconds until the JavaScript
    expression ``until`` holds and the next frame is drawn: what the person waits before the
    screen changes (the app's handler runs inside the click)."""
    return float(page.evaluate(TIMED_TAP, [selector, until]))


@contextmanager
def booted_page(
    browser: Browser, url: str, timeout_ms: float = 240_000, throttle: float = 1.0
) -> Iterator[Page]:
    """The app at ``url`` booted in a fresh 1280x800 context with no service worker (a first
    visit), its CPU slowed ``throttle`` times from before the page loads; the context is
    closed after the block. Stops the benchmark if the page failed."""
    context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        if throttle != 1.0:
            throttle_cpu(page, throttle)
        page.goto(url)
        page.wait_for_function(BOOTED, timeout=timeout_ms, polling=50)
        if page.evaluate("document.body.dataset.appState") != "ready":
            raise SystemExit(f"{url} failed to boot")
        yield page
    finally:
        context.close()
