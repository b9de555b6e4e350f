"""The table as an installed, offline app: the manifest, the service worker's precache and
its updates, and the storage the browser is asked to keep."""

from __future__ import annotations

import json
import shutil
import struct
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from itertools import count
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, BrowserType, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from buildtools.dist import dist_files, write_service_worker
from buildtools.paths import FAKE_INDEXEDDB_DIST
from buildtools.pyscript import boot_modules
from buildtools.server import DistServer, make_server
from tests.e2e.table import make_my_move_with_buttons, play_hand_with_buttons, settle, state
from tests.helpers.browser import Recorder, wait_until_ready

pytestmark = pytest.mark.e2e

GAME_KEYS = ("hand", "layout_tiles", "scores", "boneyard", "hand_number", "variant", "players")
"""What must be the same across an update for the game to be the same."""

CONTROLLED = "navigator.serviceWorker.controller !== null"
"""True once the service worker has installed (precached everything) and controls the page."""


def png_size(path: Path) -> tuple[int, int]:
    """A PNG's width and height, read from its header."""
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    width, height = struct.unpack(">II", header[16:24])
    return width, height


@pytest.fixture
def own_server(dist_dir: Path, tmp_path: Path) -> Iterator[Callable[[], tuple[DistServer, Path]]]:
    """``serve() -> (server, folder)``: a copy of dist/ on a server of its own (so a test can
    change the files it serves), which notes every request in ``server.served``."""
    servers = []

    def serve() -> tuple[DistServer, Path]:
        folder = tmp_path / f"dist-{len(servers)}"
        shutil.copytree(dist_dir, folder)
        server = make_server(folder, "127.0.0.1", 0)
        server.served = []
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return server, folder

    yield serve
    for server in servers:
        server.shutdown()
        server.server_close()


def recorded_pages(new_context: Callable[[], BrowserContext]) -> Iterator[Callable[[str], Page]]:
    """Yield ``open_page(url) -> Page``: each page in a context from ``new_context``, recorded
    and booted to ready; at the end every context is closed and must have stayed clean."""
    opened: list[tuple[BrowserContext, Recorder]] = []

    def open_page(url: str) -> Page:
        context = new_context()
        recorder = Recorder()
        recorder.attach_context(context)
        opened.append((context, recorder))
        page = context.new_page()
        page.goto(url, wait_until="commit")
        wait_until_ready(page)
        return page

    yield open_page
    problems = [problem for _, recorder in opened for problem in recorder.problems()]
    for context, _ in opened:
        context.close()
    assert not problems, "\n".join(problems)


@pytest.fixture
def clean_page(browser: Browser) -> Iterator[Callable[[str], Page]]:
    """``open_page(url) -> Page``: a fresh recorded context on ``url``, clean at teardown."""
    yield from recorded_pages(browser.new_context)


@pytest.fixture
def profile_page(
    browser_type: BrowserType, browser_type_launch_args: dict[str, Any], tmp_path: Path
) -> Iterator[Callable[[str], Page]]:
    """``open_page(url) -> Page``: as ``clean_page``, in a browser profile of its own.

    The other tests' contexts are incognito, where Chromium installs nothing and keeps its
    HTTP cache in memory, too small for the runtime's 9.6 MB WebAssembly file.
    """
    profiles = (tmp_path / f"profile-{number}" for number in count())
    yield from recorded_pages(
        lambda: browser_type.launch_persistent_context(next(profiles), **browser_type_launch_args)
    )


def test_the_manifest_names_png_icons_of_their_real_sizes(dist_dir: Path) -> None:
    manifest = json.loads((dist_dir / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["display"] == "standalone"
    assert manifest["name"] and manifest["short_name"] and manifest["theme_color"]
    pngs = [icon for icon in manifest["icons"] if icon["type"] == "image/png"]
    sizes = {icon["sizes"] for icon in pngs}
    assert {"192x192", "512x512"} <= sizes
    assert any(icon["purpose"] == "maskable" for icon in pngs)
    for icon in pngs:
        width, height = png_size(dist_dir / icon["src"].removeprefix("./"))
        assert icon["sizes"] == f"{width}x{height}", icon["src"]


def test_chromium_finds_the_table_installable(profile_page: Callable[[str], Page], app_url: str) -> None:
    page = profile_page(app_url)
    page.wait_for_function(CONTROLLED, timeout=60_000)
    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == [], manifest["errors"]
    assert manifest["url"].endswith("/manifest.webmanifest")
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == [], errors


def test_the_browser_is_asked_to_keep_the_tables_storage(app_page: Page) -> None:
    # The answer (granted or not) is the browser's; that it was asked shows in the answer.
    app_page.wait_for_function("typeof window.dominoesBoot.persisted === 'boolean'", timeout=30_000)


def test_a_first_visit_downloads_each_file_once_and_precaches_only_what_the_table_uses(
    own_server: Callable[[], tuple[DistServer, Path]], profile_page: Callable[[str], Page]
) -> None:
    server, folder = own_server()
    page = profile_page(server.url)
    page.wait_for_function(CONTROLLED, timeout=60_000)
    assert server.served is not None
    full = Counter(path for path, status in server.served if status == 200)
    # The precache revalidates what the page has just loaded (304s): no file comes twice.
    assert [path for path, count in full.items() if count > 1] == []
    precached = set(
        page.evaluate(
            """async () => {
                const names = await caches.keys();
                const cache = await caches.open(names.find((name) => name.startsWith('dominoes-')));
                return (await cache.keys()).map((request) => new URL(request.url).pathname);
            }"""
        )
    )
    shipped = {"/" + name for name in dist_files(folder)} - {"/sw.js"}
    in_memory_storage = {name for name in shipped if name.startswith("/" + FAKE_INDEXEDDB_DIST + "/")}
    assert precached == (shipped - in_memory_storage) | {"/"}
    # PyScript's chunks are those a boot loads: the editor, terminal and the other plugins
    # turned off are neither shipped nor cached.
    pyscript = {name for name in shipped if name.startswith("/pyscript/")}
    assert pyscript == {"/" + name for name in boot_modules() if name.startswith("pyscript/")} | {
        "/pyscript/core.css"
    }


def test_after_one_visit_a_whole_hand_plays_offline(open_app: Callable[..., Any]) -> None:
    session = open_app("?variant=block&players=4&seed=11&aidelay=0")
    page = session.page
    page.wait_for_function(CONTROLLED, timeout=60_000)
    session.context.set_offline(True)
    page.reload(wait_until="commit")
    wait_until_ready(page)
    assert page.evaluate("navigator.onLine") is False
    final = play_hand_with_buttons(page)
    assert final["phase"] in ("hand-over", "match-over")


def test_offline_a_mistyped_address_says_the_page_does_not_exist(
    open_app: Callable[..., Any], app_url: str
) -> None:
    """Not the table failing to boot for want of a connection: the page is not there, and a
    link leads to the table, which plays offline."""
    session = open_app("?variant=block&players=4&seed=11&aidelay=0")
    session.expect_clean = False  # (the browser logs the 404 it is given: checked below)
    page = session.page
    page.wait_for_function(CONTROLLED, timeout=60_000)
    session.context.set_offline(True)
    page.goto(app_url + "rulez/block", wait_until="commit")
    expect(page.locator("h1")).to_have_text("This page does not exist")
    expect(page).to_have_title("Page not found")
    page.click("text=open the dominoes table")
    wait_until_ready(page)
    assert page.evaluate("navigator.onLine") is False
    assert state(page)["phase"] in ("human", "bot")  # the plain table, booted offline
    problems = session.recorder.problems()
    assert len(problems) == 1 and "status of 404" in problems[0] and "/rulez/block" in problems[0], problems


def deploy_changed_build(folder: Path) -> None:
    """Change a served dist/ as a new build would: a file differs, so the service worker
    has a new cache name and precache."""
    style = folder / "style.css"
    style.write_text(style.read_text(encoding="utf-8") + "\n/* the next build */\n", encoding="utf-8")
    write_service_worker(folder)


UPDATE_STATE = """async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return {
        update: window.dominoesBoot.update,
        phase: document.body.dataset.phase,
        thinking: document.body.dataset.thinking,
        controller: navigator.serviceWorker.controller?.state ?? null,
        waiting: registration?.waiting?.state ?? null,
        installing: registration?.installing?.state ?? null,
        active: registration?.active?.state ?? null,
    };
}"""
"""Where an accepted update stands: the page's update state, the table's, the workers'."""


def accept_update_and_wait_for_reload(page: Page) -> None:
    """Tap Update now and wait for the page to start loading the new build; if it does not,
    fail saying where the update stood.

    The new worker takes over once the old one has stopped: the browser stops it as soon as
    it is idle. But Playwright attaches DevTools to every service worker, and a worker with
    DevTools attached is never stopped for being idle; under load Chromium sometimes starts
    the old worker again just after the update is accepted, and then (seen with a CDP probe)
    the new worker waits, skipWaiting called, until the old one is stopped by hand,
    when the update goes through at once. So when the update is stuck just there, the test
    stops the old worker as the browser would have.
    """
    navigations: list[str] = []
    page.on(
        "framenavigated", lambda frame: navigations.append(frame.url) if frame == page.main_frame else None
    )
    try:
        with page.expect_navigation(wait_until="commit", timeout=30_000):
            page.locator("#update-now").click()
        return
    except PlaywrightTimeoutError:
        if navigations:
            return
    stuck = page.evaluate(UPDATE_STATE)
    if stuck["update"] != "activating" or stuck["waiting"] != "installed":
        pytest.fail(f"the page did not reload into the new build: {stuck}")
    try:
        with page.expect_navigation(wait_until="commit", timeout=60_000):
            stop_the_active_worker(page)
    except PlaywrightTimeoutError:
        pytest.fail(f"the page did not reload into the new build: {page.evaluate(UPDATE_STATE)}")


def stop_the_active_worker(page: Page) -> None:
    """Stop the service worker in charge of ``page``'s registration (the browser would stop
    it once idle, were DevTools not attached to it)."""
    cdp = page.context.new_cdp_session(page)
    versions: dict[str, dict[str, Any]] = {}
    cdp.on(
        "ServiceWorker.workerVersionUpdated",
        lambda event: versions.update((v["versionId"], v) for v in event["versions"]),
    )
    cdp.send("ServiceWorker.enable")
    for _ in range(100):
        active = [key for key, version in versions.items() if version["status"] == "activated"]
        if active:
            cdp.send("ServiceWorker.stopWorker", {"versionId": active[0]})
            return
        page.evaluate("new Promise((resolve) => requestAnimationFrame(resolve))")  # (lets the events in)
    pytest.fail(f"no active service worker to stop: {versions}")


def test_a_new_version_is_offered_and_taken_between_moves_keeping_the_game(
    own_server: Callable[[], tuple[DistServer, Path]], clean_page: Callable[[str], Page]
) -> None:
    server, folder = own_server()
    page = clean_page(server.url + "?variant=draw-2&seed=99&aidelay=0")
    page.wait_for_function(CONTROLLED, timeout=60_000)
    before = play_hand_with_buttons(page, stop_after_turns=3)
    assert before["phase"] == "human" and before["layout_tiles"] >= 3
    first_cache = page.evaluate("caches.keys()")

    deploy_changed_build(folder)
    page.evaluate("window.dominoesBoot.checkForUpdate()")
    # The new build installs in the background and waits; the old one keeps the page.
    expect(page.locator("#update")).to_be_visible(timeout=60_000)
    assert page.evaluate("fetch('./style.css').then((r) => r.text())").count("the next build") == 0

    # The page reloads into the new build; its load event may come late on a busy machine
    # (once it did not within 60 s), and wait_until_ready waits for the table after it.
    accept_update_and_wait_for_reload(page)
    wait_until_ready(page)
    after = settle(page)
    for key in GAME_KEYS:
        assert after[key] == before[key], key
    assert page.evaluate("fetch('./style.css').then((r) => r.text())").count("the next build") == 1
    caches_now = page.evaluate("caches.keys()")
    assert len(caches_now) == 1 and caches_now != first_cache  # the old build's cache is gone
    expect(page.locator("#update")).to_be_hidden()


def test_an_update_accepted_while_the_computer_moves_waits_for_its_move(
    own_server: Callable[[], tuple[DistServer, Path]], clean_page: Callable[[str], Page]
) -> None:
    server, folder = own_server()
    page = clean_page(server.url + "?variant=draw-2&seed=99&aidelay=1500")
    page.wait_for_function(CONTROLLED, timeout=60_000)
    deploy_changed_build(folder)
    page.evaluate("window.dominoesBoot.checkForUpdate()")
    expect(page.locator("#update")).to_be_visible(timeout=60_000)
    current = settle(page)
    assert current["phase"] == "human"
    # Note what the table was doing when the page went away.
    page.evaluate(
        """addEventListener('pagehide', () => sessionStorage.setItem('left-while',
            document.body.dataset.phase + ' ' + document.body.dataset.thinking))"""
    )
    make_my_move_with_buttons(page, current)
    assert page.evaluate("document.body.dataset.phase") == "bot"  # the computer waits 1.5 s to move
    accept_update_and_wait_for_reload(page)
    wait_until_ready(page)
    left_while = page.evaluate("sessionStorage.getItem('left-while')")
    assert left_while is not None and not left_while.startswith("bot"), left_while
    assert "true" not in left_while
    assert state(page)["restored"] is True
