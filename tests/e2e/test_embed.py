"""The table embedded as a rules website embeds it: in a cross-site ``<iframe>``.

The host page is served from ``localhost`` and the table from ``127.0.0.1``: two sites, so
the browser treats the table as third-party content. Chromium is tried the ways a visitor's
browser may be set: third-party storage blocked (``localStorage`` throws, IndexedDB refuses),
third-party storage partitioned (Chromium's default, which Playwright's launch turns off),
and a sandboxed frame without ``allow-same-origin``. In each the table must boot (or, in the
sandbox, say why it cannot), and where it boots a whole hand must be playable.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Frame, Page, expect

from buildtools.server import make_server
from tests.e2e.hosts import frame_id, host_html, serve_host_site
from tests.e2e.table import play_hand_with_buttons, settle, state
from tests.helpers.browser import READY_TIMEOUT_MS, Recorder, wait_until_ready


@pytest.fixture(scope="module")
def host_site(tmp_path_factory: pytest.TempPathFactory, app_url: str) -> Iterator[Callable[..., str]]:
    """Serve host pages from ``localhost``; returns ``host_page(query, frame_attributes) -> URL``.

    ``query`` may be a list: one frame per query, with ids ``table``, ``table-2``, ...
    """
    folder = tmp_path_factory.mktemp("host-site")
    server, base = serve_host_site(folder)
    pages: dict[tuple[str, str], str] = {}

    def host_page(query: str | list[str], frame_attributes: str = "") -> str:
        queries = [query] if isinstance(query, str) else query
        known = ("\n".join(queries), frame_attributes)
        if known not in pages:
            name = f"host-{len(pages)}.html"
            sources = [app_url + "index.html" + each for each in queries]
            (folder / name).write_text(host_html(sources, frame_attributes))
            pages[known] = base + name
        return pages[known]

    yield host_page
    server.shutdown()
    server.server_close()


def table_frame(page: Page, number: int = 1) -> Frame:
    """The embedded table's frame (the ``number``th), once the table is ready (or has failed)."""
    frame_id_ = frame_id(number)
    expect(page.frame_locator(f"#{frame_id_}").locator("body")).to_have_attribute(
        "data-app-state", re.compile("ready|error"), timeout=READY_TIMEOUT_MS
    )
    handle = page.locator(f"#{frame_id_}").element_handle()
    found = handle.content_frame() if handle is not None else None
    assert found is not None, f"#{frame_id} has no frame"
    return found


def open_host(context: BrowserContext, url: str) -> tuple[Page, Recorder]:
    recorder = Recorder()
    recorder.attach_context(context)
    page = context.new_page()
    page.goto(url, wait_until="commit")
    return page, recorder


def storage_kind(frame: Frame) -> str:
    """What the frame's ``localStorage`` does: ``works`` or the name of what it throws."""
    return str(
        frame.evaluate(
            "() => { try { localStorage.getItem('x'); return 'works'; } catch (e) { return e.name; } }"
        )
    )


def assert_playable_without_keeping(frame: Frame) -> None:
    """The table is ready, says once that games are not kept, and plays a whole hand."""
    assert frame.evaluate("document.body.dataset.appState") == "ready"
    expect(frame.locator("#notice-text")).to_contain_text("will not be kept")
    expect(frame.locator("#notice")).to_have_attribute("role", "status")  # said quietly, not as an alert
    frame.click("#notice-close")
    final = play_hand_with_buttons(frame)
    assert final["phase"] in ("hand-over", "match-over")
    expect(frame.locator("#hand-dialog")).to_be_visible()


def test_embedded_with_third_party_storage_blocked_boots_and_plays(
    browser: Browser, host_site: Callable[..., str], app_url: str
) -> None:
    context = browser.new_context()
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        # What a browser set to block third-party cookies does to a cross-site frame's storage
        # (with partitioning off, as Playwright launches Chromium; its contexts, like an
        # incognito window, block them already: this makes it explicit).
        cdp.send(
            "Network.setCookieControls",
            {
                "enableThirdPartyCookieRestriction": True,
                "disableThirdPartyCookieMetadata": True,
                "disableThirdPartyCookieHeuristics": True,
            },
        )
        recorder = Recorder()
        recorder.attach_context(context)
        page.goto(host_site("?variant=block&players=4&seed=7&aidelay=0"), wait_until="commit")
        frame = table_frame(page)
        assert storage_kind(frame) == "SecurityError", "the browser did not block the frame's storage"
        detail = frame.evaluate("document.getElementById('loading-error').textContent")
        assert frame.evaluate("document.body.dataset.appState") == "ready", detail
        # PyScript ran on the in-memory IndexedDB boot.js put in place of the refused one.
        assert frame.evaluate("window.dominoesBoot.storage") == {
            "localStorage": False,
            "serviceWorker": True,
            "indexedDB": False,
        }
        assert_playable_without_keeping(frame)
        recorder.assert_clean()
    finally:
        context.close()


def test_embedded_with_partitioned_storage_boots_plays_and_keeps_its_game(
    partitioning_browser: Browser, host_site: Callable[..., str], app_url: str
) -> None:
    context = partitioning_browser.new_context()
    try:
        # The table's own site keeps something first-party; the frame must not see it.
        first_party = context.new_page()
        first_party.goto(app_url + "pyscript/core.css")
        first_party.evaluate("localStorage.setItem('dominoes.first-party', 'yes')")
        first_party.close()  # (its favicon request is not the embedded table's business)
        page, recorder = open_host(context, host_site("?variant=block&players=4&seed=11&aidelay=0"))
        frame = table_frame(page)
        assert storage_kind(frame) == "works"
        assert frame.evaluate("localStorage.getItem('dominoes.first-party')") is None, (
            "the frame shares the first-party storage: partitioning is not on"
        )
        assert frame.evaluate("document.body.dataset.appState") == "ready"
        expect(frame.locator("#notice")).to_be_hidden()  # storage works: nothing to say
        before = state(frame)
        final = play_hand_with_buttons(frame, stop_after_turns=2)
        assert final["layout_tiles"] > before["layout_tiles"]
        # A reload of the host page finds the game where it was, in the frame's own partition.
        page.reload(wait_until="commit")
        frame = table_frame(page)
        after = state(frame)
        for key in ("hand", "layout_tiles", "scores", "hand_number", "variant"):
            assert after[key] == final[key], key
        recorder.assert_clean()
    finally:
        context.close()


def test_tables_embedded_side_by_side_keep_their_own_games(
    partitioning_browser: Browser, host_site: Callable[..., str]
) -> None:
    """Three tables on one page (two links, and one link twice told apart by ``table=``),
    sharing the storage partition of the host site: after some moves in each and a reload
    of the page, each finds its own game. The third frame is below the fold."""
    queries = [
        "?variant=block&seed=5&aidelay=0",
        "?variant=draw-2&seed=5&aidelay=0",
        "?variant=draw-2&seed=5&table=second&aidelay=0",
    ]
    context = partitioning_browser.new_context()
    try:
        page, recorder = open_host(context, host_site(queries))
        played = []
        for number in (1, 2, 3):
            frame = table_frame(page, number)
            played.append(play_hand_with_buttons(frame, stop_after_turns=number))
        assert (
            played[1]["hand"] != played[2]["hand"] or played[1]["layout_tiles"] != played[2]["layout_tiles"]
        )
        page.reload(wait_until="commit")
        for number in (1, 2, 3):
            after = state(table_frame(page, number))
            for key in ("variant", "hand", "layout_tiles", "scores", "hand_number"):
                assert after[key] == played[number - 1][key], (number, key)
        recorder.assert_clean()
    finally:
        context.close()


def test_one_table_embedded_twice_is_held_by_one_frame_at_a_time(
    partitioning_browser: Browser, host_site: Callable[..., str]
) -> None:
    """A rules page embeds the same link twice (without ``table=``): the two frames share one
    game, so one holds it and the other says the game is open elsewhere, with Play here."""
    query = "?variant=draw-2&seed=8&aidelay=0"
    context = partitioning_browser.new_context()
    try:
        page, recorder = open_host(context, host_site([query, query]))
        frames = [table_frame(page, 1), table_frame(page, 2)]
        for frame in frames:
            settle(frame)
        away = [number for number, frame in enumerate(frames) if state(frame)["elsewhere"]]
        assert len(away) == 1, "exactly one frame holds the game"
        waiting, holding = frames[away[0]], frames[1 - away[0]]
        expect(waiting.locator("#elsewhere-dialog")).to_be_visible()
        expect(waiting.locator("#elsewhere-title")).to_have_text(
            "This game is now open in another frame or tab"
        )
        played = play_hand_with_buttons(holding, stop_after_turns=1)
        waiting.click("#play-here-btn")
        taken = settle(waiting)
        assert not taken["elsewhere"]
        # (the other frame hears of it from the browser's storage event, in its own time)
        expect(holding.locator("#elsewhere-dialog")).to_be_visible()
        assert state(holding)["elsewhere"]
        for key in ("hand", "layout_tiles", "scores", "hand_number"):
            assert taken[key] == played[key], key
        recorder.assert_clean()
    finally:
        context.close()


def test_without_indexeddb_the_table_boots_and_still_keeps_games(browser: Browser, app_url: str) -> None:
    """IndexedDB refused (as in some private windows) while localStorage works: PyScript
    runs on the in-memory IndexedDB, and games are still saved and restored."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(
        "Object.defineProperty(window, 'indexedDB', { configurable: true, get() {"
        " throw new DOMException('IndexedDB is not allowed here', 'SecurityError'); } });"
    )
    try:
        page, recorder = open_host(context, app_url + "?variant=draw-2&seed=21&aidelay=0")
        wait_until_ready(page)
        assert page.evaluate("window.dominoesBoot.storage.indexedDB") is False
        expect(page.locator("#notice")).to_be_hidden()  # games are kept: nothing to say
        before = play_hand_with_buttons(page, stop_after_turns=2)
        page.reload(wait_until="commit")
        wait_until_ready(page)
        after = state(page)
        assert after["restored"] is True
        for key in ("hand", "layout_tiles", "scores", "hand_number"):
            assert after[key] == before[key], key
        recorder.assert_clean()
    finally:
        context.close()


def test_sandboxed_without_same_origin_says_the_frame_needs_it(
    browser: Browser, host_site: Callable[..., str], app_url: str
) -> None:
    context = browser.new_context()
    try:
        page, _recorder = open_host(context, host_site("?variant=block", "sandbox='allow-scripts'"))
        frame = page.frame_locator("#table")
        expect(frame.locator("body")).to_have_attribute("data-app-state", "error", timeout=READY_TIMEOUT_MS)
        expect(frame.locator("#loading-text")).to_have_text("The table cannot run inside this frame.")
        expect(frame.locator("#loading-advice")).to_contain_text("allow-same-origin")
        expect(frame.locator("#loading-reload")).to_be_hidden()  # reloading would not help
        # The opaque frame's own requests fail on CORS: the console errors are expected here.
    finally:
        context.close()


def test_a_failure_before_the_table_is_ready_is_reported_not_spun(
    browser: Browser, dist_dir: Path, tmp_path: Path
) -> None:
    """The watchdog: an unhandled rejection from any layer ends the boot with a message."""

    failing = tmp_path / "boot.js"
    # The layer fails and nothing else happens: without the watchdog the page would spin forever.
    failing.write_text("Promise.reject(new Error('a layer failed while loading'));\n")
    server = make_server(dist_dir, "127.0.0.1", 0, overlays={"/boot.js": failing})
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.goto(server.url, wait_until="commit")
        expect(page.locator("body")).to_have_attribute("data-app-state", "error", timeout=READY_TIMEOUT_MS)
        expect(page.locator("#loading-text")).to_have_text("The table could not start.")
        expect(page.locator("#loading-advice")).to_contain_text("Reload the page")
        expect(page.locator("#loading-reload")).to_be_visible()
        expect(page.locator("#loading-error")).to_contain_text("a layer failed while loading")
    finally:
        context.close()
        server.shutdown()
        server.server_close()


def test_a_boot_that_stalls_says_so_and_offers_a_reload(browser: Browser, app_url: str) -> None:
    """A file that never arrives (a dead connection): no error fires, so after a while
    without progress the loading screen says so and offers a reload."""
    context = browser.new_context(service_workers="block")
    context.add_init_script("window.dominoesBootStallMs = 2000;")
    context.route("**/pyodide.asm.wasm", lambda route: None)  # never answered
    try:
        page = context.new_page()
        page.goto(app_url + "?aidelay=0", wait_until="commit")
        expect(page.locator("#loading-text")).to_contain_text("taking much longer than usual", timeout=30_000)
        expect(page.locator("#loading-reload")).to_be_visible()
        assert page.evaluate("document.body.dataset.appState") == "loading"  # it may still arrive
    finally:
        context.close()
