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
from tests.helpers.engines import EngineTab, wait_for

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
        url = server.url
    with pytest.raises(urllib.error.URLError):
        urllib.request.urlopen(url, timeout=5)  # nothing answers there now
    tab.reload()
    wait_until_ready(tab)
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
