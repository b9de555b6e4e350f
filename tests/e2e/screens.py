"""Screenshots of the table's edge screens at phone, tablet and desktop sizes, to look at.

    python -m tests.e2e.screens [OUT_DIR]     (default: screens/; needs a built dist/)

Writes one PNG per screen and size: the loading screen's failure message, the sandboxed
frame's message, a table embedded with storage blocked (its "will not be kept" notice), a
hostile link's message, a damaged save's message, the offer of a new version, the end of a hand, the replay viewer, the
Game dialog with an import error, the statistics and an embedded replay (light, compact).
Not a test: a person looks at them.
"""

from __future__ import annotations

import json
import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from buildtools.chromium import CHROMIUM_ARGS, find_chromium
from buildtools.dist import ensure_built
from buildtools.paths import DIST
from buildtools.server import make_server
from engine.line.notation import write_record
from engine.line.selfplay import bot_match
from tests.e2e.hosts import host_page
from tests.e2e.table import play_hand_with_buttons
from web.links.share import record_fragment

SIZES = {"phone": (390, 844), "tablet": (820, 1180), "desktop": (1440, 900)}
READY = "['ready', 'error'].includes(document.body.dataset.appState)"


def _serve(directory: Path, overlays: dict[str, Path] | None = None) -> str:
    server = make_server(directory, "127.0.0.1", 0, overlays=overlays or {})
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server.url


def _wait_frame(page: Page, app_url: str) -> None:
    page.wait_for_function("document.querySelector('iframe')?.contentWindow")
    for _ in range(600):
        frames = [f for f in page.frames if f.url.startswith(app_url)]
        if frames and frames[0].evaluate(f"() => Boolean(document.body) && {READY}"):
            return
        page.wait_for_timeout(100)  # polling a cross-origin frame from outside: no event to await
    raise RuntimeError("the embedded table never finished booting")


def main(out: Path) -> None:
    """Write every screen at every size into ``out``."""
    ensure_built()
    out.mkdir(parents=True, exist_ok=True)
    app_url = _serve(DIST)
    failing = Path(tempfile.mkdtemp()) / "boot.js"
    failing.write_text("Promise.reject(new Error('a layer failed while loading'));\n")
    failing_url = _serve(DIST, {"/boot.js": failing})
    damaged = json.dumps({"settings": {"variant": "block", "players": 3, "target": 50}, "record": "cut"})
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=find_chromium(), args=list(CHROMIUM_ARGS)
        )
        for size, (width, height) in SIZES.items():
            context = browser.new_context(
                viewport={"width": width, "height": height}, service_workers="block"
            )
            page = context.new_page()

            # Mid-download on a slow connection (about 16 Mbit/s): the bar and the megabytes.
            network = context.new_cdp_session(page)
            network.send("Network.enable")
            network.send(
                "Network.emulateNetworkConditions",
                {
                    "offline": False,
                    "latency": 40,
                    "downloadThroughput": 2_000_000,
                    "uploadThroughput": 500_000,
                },
            )
            page.goto(app_url + "?aidelay=0", wait_until="commit")
            page.wait_for_function("window.dominoesBoot?.download?.done > 2e6", timeout=60_000)
            page.screenshot(path=out / f"loading-{size}.png")
            network.send(
                "Network.emulateNetworkConditions",
                {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
            )
            page.wait_for_function(READY)

            page.goto(failing_url)
            page.wait_for_function(READY)
            page.click("#loading-details summary")
            page.screenshot(path=out / f"boot-failure-{size}.png")

            page.goto(
                host_page(app_url + "index.html?variant=block", "sandbox='allow-scripts'", full_size=True)
            )
            page.frame_locator("iframe").locator("body[data-app-state='error']").wait_for()
            page.screenshot(path=out / f"sandboxed-frame-{size}.png")

            cdp = context.new_cdp_session(page)
            cdp.send("Network.setCookieControls", {"enableThirdPartyCookieRestriction": True})
            page.goto(host_page(app_url + "index.html?variant=block&players=4&aidelay=0", full_size=True))
            _wait_frame(page, app_url)
            page.screenshot(path=out / f"storage-blocked-{size}.png")
            cdp.send("Network.setCookieControls", {"enableThirdPartyCookieRestriction": False})

            page.goto(
                app_url + "?variant=%3Cb%3Ebold%3C/b%3E" + "x" * 300 + "&seed=%C2%B2&players=9&aidelay=0"
            )
            page.wait_for_function(READY)
            page.screenshot(path=out / f"hostile-link-{size}.png")

            page.evaluate("(text) => localStorage.setItem('dominoes.save', text)", damaged)
            page.goto(app_url + "?aidelay=0")
            page.wait_for_function(READY)
            page.screenshot(path=out / f"damaged-save-{size}.png")

            # The offer of a new version (shown as boot.js shows it when one is waiting).
            page.goto(app_url + "?variant=draw-2&seed=5&aidelay=0")
            page.wait_for_function(READY)
            page.evaluate("document.getElementById('update').hidden = false")
            page.screenshot(path=out / f"update-ready-{size}.png")
            _record_screens(page, app_url, out, size)
            _shared_device_screens(page, app_url, out, size)
            context.close()
        browser.close()
    print(f"wrote {len(list(out.glob('*.png')))} screenshots to {out}")


def _record_screens(page: Page, app_url: str, out: Path, size: str) -> None:
    """The Game dialog (with an import error), the replay viewer, statistics, an embedded replay."""
    page.goto(app_url + "?variant=all-fives&seed=3&aidelay=0")
    page.wait_for_function(READY)
    play_hand_with_buttons(page)
    page.screenshot(path=out / f"hand-over-{size}.png")
    page.click("#hand-replay-btn")
    page.keyboard.press("End")
    page.screenshot(path=out / f"replay-{size}.png")
    page.click("#replay-close")
    page.click("#game-btn")
    page.fill("#import-text", '[Variant "draw-2"]\n[Hand "1"]\n[Tiles0 "6-x"]')
    page.click("#import-replay-btn")
    page.screenshot(path=out / f"game-dialog-{size}.png")
    page.click("#stats-btn")
    page.screenshot(path=out / f"statistics-{size}.png")
    record = write_record(bot_match("partnership-block", 4, 7, ["greedy"] * 4, 1))
    page.goto(app_url + f"?embed=1&compact=1&theme=light&hand=1&move=9{record_fragment(record)}")
    page.wait_for_function(READY)
    page.screenshot(path=out / f"embedded-replay-{size}.png")


def _shared_device_screens(page: Page, app_url: str, out: Path, size: str) -> None:
    """Pass and play: New game with a person at West, the privacy screen, West's turn."""
    page.goto(app_url + "?variant=partnership-block&level=human,greedy,greedy&seed=3&aidelay=0")
    page.wait_for_function(READY)
    page.wait_for_function("document.body.dataset.phase === 'pass'")
    page.screenshot(path=out / f"pass-screen-{size}.png")
    page.click("#pass-new-game-btn")
    page.screenshot(path=out / f"new-game-people-{size}.png")
    page.click("#ng-cancel")
    page.click("#pass-ready-btn")
    page.wait_for_function(
        "document.body.dataset.phase === 'human' && document.body.dataset.moving !== 'true'"
    )
    page.screenshot(path=out / f"shared-turn-{size}.png")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "screens"))
