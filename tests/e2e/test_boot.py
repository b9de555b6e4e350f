"""The page boots from the local bundle: loading screen first, then a ready table, offline too."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from buildtools.server import make_server

BOOT_PHASES = ["runtime", "python", "table"]

BOOT_MARKS = [
    "runtime",
    "python",
    "runtime-start",
    "runtime-ready",
    "table",
    "imported",
    "warm-up",
    "drawn",
    "ready",
]
"""The marks a boot sets (``dominoes:<name>``), in the order they must come: the boot
benchmark's breakdown is read from them (``tests/bench/bench_boot.py``, ``PHASES``)."""


def test_loading_screen_paints_before_any_script_runs(browser: Browser, app_url: str) -> None:
    # With scripts off, nothing but the HTML and CSS can show: the loading screen is there.
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(app_url)
        expect(page.locator("#loading")).to_be_visible()
        expect(page.locator("#loading h1")).to_have_text("Dominoes")
        expect(page.locator("#loading-text")).not_to_be_empty()
        expect(page.locator("#loading-track")).to_be_visible()
        expect(page.locator("#app")).to_be_hidden()
    finally:
        context.close()


def test_loading_screen_goes_through_every_phase_then_gives_way_to_the_table(
    open_app: Callable[..., Any], wait_until_ready: Callable[[Page], None]
) -> None:
    page = open_app(wait=False).page
    wait_until_ready(page)
    expect(page.locator("#loading")).to_be_hidden()
    # The loading screen went through every boot phase, in order, without an error.
    assert page.evaluate("window.dominoesBoot.phases") == BOOT_PHASES
    assert page.evaluate("window.dominoesBoot.errors") == []
    # Its bar counted every runtime file as it arrived, then moved on with the phases.
    download = page.evaluate("window.dominoesBoot.download")
    preloads = page.locator("link[data-bytes]").count()
    assert preloads >= 8 and len(download["files"]) == preloads
    assert download["done"] == download["total"] > 10_000_000
    assert page.get_attribute("#loading-track", "aria-valuenow") == "90"
    expect(page.locator("#loading-bytes")).to_be_empty()
    # Each part of the boot was marked, in order: what the boot benchmark's breakdown reads.
    page.wait_for_function("performance.getEntriesByName('dominoes:ready').length > 0")
    marks = page.evaluate(
        "performance.getEntriesByType('mark').filter((m) => m.name.startsWith('dominoes:'))"
        ".map((m) => [m.name.slice(9), m.startTime])"
    )
    firsts = {name: at for name, at in reversed(marks)}
    assert [name for name in BOOT_MARKS if name in firsts] == BOOT_MARKS, sorted(firsts)
    times = [firsts[name] for name in BOOT_MARKS]
    assert times == sorted(times), list(zip(BOOT_MARKS, times, strict=True))


PRELOADED = "[...document.querySelectorAll('link[data-bytes]')].map((link) => new URL(link.href).pathname.slice(1))"
"""The files the page preloads (their links carry their sizes for the loading bar)."""


def test_boots_to_ready_from_local_files_only(app_page: Page, recorder: Any, dist_dir: Path) -> None:
    assert app_page.evaluate("document.body.dataset.appState") == "ready"
    paths = {url.split("/", 3)[3] for url in recorder.requests}
    # The runtime really came from our bundle.
    for needed in (
        "pyscript/core.js",
        "pyscript.json",
        "main.py",
        "app.zip",
        "pyodide/pyodide.mjs",
        "pyodide/pyodide.asm.wasm",
        "pyodide/python_stdlib.zip",
    ):
        assert needed in paths, f"{needed} was not requested: {sorted(paths)}"
    assert recorder.foreign_requests() == []
    # Every preloaded file was fetched once: the preload served the runtime's own request
    # (a preload that does not match the request, e.g. in CORS mode, doubles the download).
    preloaded = app_page.evaluate(PRELOADED)
    assert len(preloaded) >= 8 and "pyodide/pyodide.asm.wasm" in preloaded  # (a first visit)
    # (The page's own resource timings: the service worker's precaching comes later.)
    fetched = app_page.evaluate(
        "performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname.slice(1))"
    )
    assert {name: fetched.count(name) for name in preloaded} == {name: 1 for name in preloaded}
    # A first visit has no save: nothing to restore, so no notice and nothing kept aside.
    assert app_page.locator("#notice").is_hidden()
    assert app_page.evaluate("localStorage.getItem('dominoes.save.broken')") is None
    # The fixture asserts at teardown: no console error, no page error, no foreign request.


def test_second_visit_works_offline(
    open_app: Callable[..., Any], app_url: str, wait_until_ready: Callable[[Page], None]
) -> None:
    session = open_app()
    page = session.page
    # The service worker is registered once the table is ready; when it is active, its
    # install step (precaching the whole bundle) has finished.
    scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)")
    assert scope == app_url
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)

    session.context.set_offline(True)
    page.reload(wait_until="commit")
    wait_until_ready(page)
    assert page.evaluate("navigator.onLine") is False
    assert page.evaluate("window.dominoesBoot.phases") == BOOT_PHASES
    # open_app asserts at teardown that neither visit logged an error or left 127.0.0.1.


@pytest.fixture
def app_url_with_main(dist_dir: Path, tmp_path: Path) -> Iterator[Callable[[str], str]]:
    """``serve(main_py_source) -> URL``: dist/ served with another main.py (dist/ is untouched)."""
    servers = []

    def serve(source: str) -> str:
        main = tmp_path / f"main-{len(servers)}.py"
        main.write_text(source)
        server = make_server(dist_dir, "127.0.0.1", 0, overlays={"/main.py": main})
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return server.url

    yield serve
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture
def broken_app_url(app_url_with_main: Callable[[str], str]) -> str:
    """dist/ served with a main.py that fails on import."""
    return app_url_with_main("import engine.no_such_module\n")


def test_boot_error_is_shown_on_the_loading_screen(browser: Browser, broken_app_url: str) -> None:
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.goto(broken_app_url, wait_until="commit")
        page.wait_for_function(  # after a goto that waits only for commit, the body may not exist yet
            "document.body !== null && document.body.dataset.appState !== 'loading'", timeout=60_000
        )
        # Instead of spinning forever, the loading screen shows what went wrong.
        assert page.evaluate("document.body.dataset.appState") == "error"
        expect(page.locator("#loading")).to_be_visible()
        expect(page.locator("#loading-text")).to_contain_text("could not start")
        expect(page.locator("#loading-error")).to_contain_text(
            "ModuleNotFoundError: No module named 'engine.no_such_module'"
        )
    finally:
        context.close()


def test_a_fatal_runtime_crash_is_shown_on_the_loading_screen(
    browser: Browser, app_url_with_main: Callable[[str], str]
) -> None:
    """Pyodide itself dies (its WebAssembly stack overflows, as a 20,000-deep save once made
    it): the watchdog reports it instead of leaving "Starting the table…" on screen forever."""
    url = app_url_with_main('import json\njson.loads("[" * 20_000 + "]" * 20_000)\n')
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.goto(url, wait_until="commit")
        page.wait_for_function(  # after a goto that waits only for commit, the body may not exist yet
            "document.body !== null && document.body.dataset.appState !== 'loading'", timeout=60_000
        )
        assert page.evaluate("document.body.dataset.appState") == "error"
        expect(page.locator("#loading-text")).to_have_text("The table could not start.")
        expect(page.locator("#loading-reload")).to_be_visible()
    finally:
        context.close()
