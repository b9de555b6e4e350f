"""The table's edges in WebKit and Firefox: after one visit it boots and plays with its server
gone (the service worker), embedded in a cross-site frame it boots and says the truth about
keeping games (with the engine's own default storage rules for third-party frames), and no
request it makes leaves its own origin."""

from __future__ import annotations

import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from buildtools.dist import snapshot
from buildtools.server import serving
from tests.e2e.hosts import host_html, serve_host_site
from tests.helpers.engine_table import boot, settled, tap_my_move, wait_until_ready
from tests.helpers.engines import RESTORE_CRASHED, EngineTab, wait_for

GAME = "?variant=draw-2&seed=5&aidelay=0"

FRAME_STORAGE = {"webkit": "partitioned", "firefox": "partitioned"}
"""What each engine does by default with the storage of a cross-site frame: ``partitioned``
(the frame has storage of its own, apart from the table's own site's), ``shared`` or
``blocked``. Pinned, so that a change of the engine's rules is seen, not silently followed."""


def test_after_one_visit_the_table_boots_and_plays_with_its_server_gone(
    tab: EngineTab, tmp_path: Path
) -> None:
    with ExitStack() as online:
        server = online.enter_context(serving(snapshot(tmp_path / "dist")))
        boot(tab, server.url + GAME)
        wait_for(
            tab, "navigator.serviceWorker.controller !== null", what="the service worker to take the page"
        )
        # The worker keeps the runtime's snapshot as shipped (gzip's first bytes: 31, 139).
        first_bytes = tab.evaluate(
            "(async () => { for (const name of await caches.keys()) for (const request of await"
            " (await caches.open(name)).keys()) if (/snapshot-[0-9a-f]+[.]bin$/.test(request.url))"
            " return [...new Uint8Array(await (await caches.match(request)).arrayBuffer()).slice(0, 2)];"
            " return null; })()"
        )
        assert first_bytes == [31, 139], first_bytes
        url = server.url
    with pytest.raises(urllib.error.URLError):
        urllib.request.urlopen(url, timeout=5)  # nothing answers there now
    tab.reload()
    wait_until_ready(tab)
    # A return visit restores the runtime from the build's snapshot, which the service
    # worker keeps (issue 34), in this engine as in Chromium.
    booted = tab.evaluate("window.dominoesBoot.snapshot")
    crashed = [line for line in tab.errors() if "fatal error" in line]
    assert not (booted == "refused" and crashed), f"{RESTORE_CRASHED}: {tab.errors()}"
    assert booted == "restored"
    current = settled(tab)
    assert current["phase"] == "human" and current["restored"]
    tap_my_move(tab, current)
    assert settled(tab)["layout_tiles"] > current["layout_tiles"]


def frame_storage(tab: EngineTab) -> str:
    """What the frame's ``localStorage`` is: ``blocked`` (it throws), ``shared`` (it holds what
    the table's own site keeps) or ``partitioned``."""
    return str(
        tab.evaluate(
            "(() => { try { return localStorage.getItem('dominoes.first-party') === 'yes' ? 'shared' : 'partitioned'; }"
            " catch (error) { return 'blocked'; } })()"
        )
    )


@pytest.fixture
def host_site(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A rules website on ``localhost`` (another site than the table's ``127.0.0.1``): its base
    URL and the folder its pages are written to."""
    server, base = serve_host_site(tmp_path)
    yield base, tmp_path
    server.shutdown()
    server.server_close()


def test_a_cross_site_frame_boots_and_says_the_truth_about_keeping_games(
    tab: EngineTab, table_url: str, host_site: tuple[str, Path]
) -> None:
    base, folder = host_site
    (folder / "rules.html").write_text(host_html([table_url + "index.html" + GAME]))
    # The table's own site keeps something first: a frame that sees it shares that storage.
    tab.goto(table_url + "pyscript/core.css")
    tab.evaluate("(localStorage.setItem('dominoes.first-party', 'yes'), 1)")
    tab.goto(base + "rules.html")
    tab.enter_frame("table")
    wait_until_ready(tab)
    kind = frame_storage(tab)
    assert kind == FRAME_STORAGE[tab.name], f"{tab.name} now gives a cross-site frame {kind} storage"
    notice = tab.evaluate(
        "document.getElementById('notice').hidden ? '' : document.getElementById('notice-text').textContent"
    )
    before = settled(tab)
    played = play_by_buttons(tab, before)
    tab.leave_frame()
    tab.reload()
    tab.enter_frame("table")
    wait_until_ready(tab)
    after = settled(tab)
    if kind == "blocked":
        assert "will not be kept" in notice, notice
        assert not after["restored"]
    else:
        assert "not be kept" not in notice, f"the table says games are not kept, but they are: {notice}"
        assert after["restored"], "the frame's storage kept nothing across a reload"
        for key in ("hand", "layout_tiles", "boneyard", "scores"):
            assert after[key] == played[key], key
    tab.leave_frame()


def play_by_buttons(tab: EngineTab, current: dict[str, object]) -> dict[str, object]:
    """One move of the person's through the keyboard twin's buttons (the frame's: taps go to
    the page's coordinates); the state once the computer has answered."""
    tab.evaluate(
        "(() => { const tile = document.querySelector('#a11y-hand button:not([disabled])');"
        " if (tile) { tile.click(); const end = document.querySelector('#a11y-ends button');"
        " if (end) end.click(); return 1; }"
        " const draw = document.getElementById('draw-btn'); if (draw && !draw.hidden && !draw.disabled) { draw.click(); return 1; }"
        " document.getElementById('pass-btn').click(); return 1; })()"
    )
    wait_for(
        tab,
        f"(() => {{ const s = JSON.parse(window.dominoesTest.state()); return s.hand.length !== {len(current['hand'])}"  # type: ignore[arg-type]
        f" || s.boneyard !== {current['boneyard']} || s.layout_tiles !== {current['layout_tiles']}; }})()",
        what="the move",
    )
    return settled(tab)


def outside(urls: list[str], origins: set[str]) -> list[str]:
    """The URLs of ``urls`` that go anywhere but ``origins`` (data and blob URLs stay home)."""
    gone = []
    for url in urls:
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob", "about"):
            continue
        if f"{parts.scheme}://{parts.netloc}" not in origins:
            gone.append(url)
    return gone


def test_no_request_leaves_the_tables_origin(tab: EngineTab, table_url: str) -> None:
    origin = table_url.rstrip("/")
    current = boot(tab, table_url + GAME)
    wait_for(tab, "navigator.serviceWorker.controller !== null", what="the service worker")
    tap_my_move(tab, current)
    settled(tab)
    tab.reload()
    wait_until_ready(tab)
    asked = tab.requests()
    assert any(url.startswith(origin + "/") and url.endswith(".zip") for url in asked), (
        f"{tab.name}: the requests were not seen: {asked[:5]}"
    )
    assert outside(asked, {origin}) == [], f"{tab.name}: requests left the table's origin"
    # The check sees a request that does leave (the same way any would be seen).
    tab.evaluate("fetch('http://elsewhere.invalid/ping', {mode: 'no-cors'}).then(() => 1, () => 1)")
    assert outside(tab.requests(), {origin}) == ["http://elsewhere.invalid/ping"]


WITHOUT_OPTIONAL_FEATURES = """<script>
// As a browser without them (an older one, a locked-down profile): no storage manager (so no
// persist()), no service worker, no Web Locks, no Web Audio, no OffscreenCanvas and no canvas
// roundRect (Chrome before 99, Firefox before 112).
delete Navigator.prototype.storage;
delete Navigator.prototype.serviceWorker;
delete Navigator.prototype.locks;
delete window.AudioContext;
delete window.webkitAudioContext;
delete window.OffscreenCanvas;
delete CanvasRenderingContext2D.prototype.roundRect;
</script>"""

TOO_OLD = """<script>delete window.BroadcastChannel;</script>"""
"""As a browser too old for the table's runtime (Safari before 15.4 has no BroadcastChannel)."""

LIGHT_PIXELS = """(() => {
  const canvas = document.getElementById('table');
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  let light = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i] > 200 && data[i + 1] > 190 && data[i + 2] > 160) light++;
  return light / (data.length / 4);
})()"""
"""The share of the table canvas's pixels that are ivory (the tiles' faces)."""


def page_with(tmp_path: Path, script: str) -> tuple[Path, Path]:
    """A copy of dist/ and, beside it, its page with ``script`` run before anything else."""
    dist = snapshot(tmp_path / "dist")
    page = tmp_path / "page.html"
    page.write_text((dist / "index.html").read_text().replace("<head>", "<head>" + script, 1))
    return dist, page


def test_without_its_optional_features_the_engine_still_plays_draws_and_keeps_the_game(
    tab: EngineTab, tmp_path: Path
) -> None:
    dist, page = page_with(tmp_path, WITHOUT_OPTIONAL_FEATURES)
    with serving(dist, overlays={"/without.html": page}) as server:
        current = boot(tab, server.url + "without.html" + GAME)
        assert tab.evaluate(
            "['storage' in navigator, 'serviceWorker' in navigator, 'locks' in navigator, typeof AudioContext,"
            " typeof OffscreenCanvas, typeof CanvasRenderingContext2D.prototype.roundRect]"
        ) == [False, False, False, "undefined", "undefined", "undefined"], "the features are still there"
        assert tab.evaluate(LIGHT_PIXELS) > 0.01, "the tiles were not drawn"
        tap_my_move(tab, current)
        played = settled(tab)
        assert "lay" in tab.evaluate("window.dominoesSound.played")  # asked for, silently not sounded
        assert tab.evaluate("window.dominoesSound.state") == "none"
        assert tab.evaluate("window.dominoesBoot.persisted === undefined")
        tab.reload()
        wait_until_ready(tab)
        back = settled(tab)
        assert back["restored"] and back["hand"] == played["hand"]


def test_a_browser_too_old_for_the_runtime_is_told_so_in_plain_words(tab: EngineTab, tmp_path: Path) -> None:
    dist, page = page_with(tmp_path, TOO_OLD)
    with serving(dist, overlays={"/old.html": page}) as server:
        tab.goto(server.url + "old.html" + GAME)
        wait_for(tab, "document.body.dataset.appState === 'error'", what="the table to give up")
        said = tab.evaluate(
            "['loading-text', 'loading-advice', 'loading-error'].map((id) => document.getElementById(id).textContent)"
        )
        assert said[0] == "This browser is too old to run the table.", said
        assert "another up-to-date browser" in said[1]
        assert said[2] == "This browser has no BroadcastChannel."
        assert tab.evaluate("document.getElementById('loading-reload').hidden")  # a reload cannot help
        assert tab.evaluate("typeof window.dominoesTest") == "undefined", "the runtime was started anyway"
