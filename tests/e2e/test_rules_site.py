"""A rules website embeds two tables side by side, as the README's snippets show: a live
All Fives game and a replay of a Partnership Block hand (in a frame sandboxed with
``allow-scripts allow-same-origin``, as a cautious site would).

The rules page is served from another site (``localhost``) than the table (``127.0.0.1``),
in a Chromium with third-party storage partitioning left on, as browsers ship it. Both
tables boot; the replay steps by its own buttons and by the page's ``postMessage``
commands; the live game plays a hand and tells the page about it; neither table sees the
other's save, and a reload finds each as it was.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Frame, Page, expect

from engine.line.notation import write_record
from engine.line.selfplay import bot_match
from tests.e2e.hosts import serve_host_site
from tests.e2e.table import play_hand_with_buttons, state
from tests.helpers.browser import READY_TIMEOUT_MS, Recorder
from web.links.share import record_fragment

RULES_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Partnership games: how the hands are scored</title><link rel="icon" href="data:,"></head>
<body>
<h1>All Fives and Partnership Block</h1>
<iframe id="live" src="{live}" width="640" height="480" title="Play All Fives"></iframe>
<iframe id="replay" src="{replay}" width="480" height="360" title="A Partnership Block hand"
        sandbox="allow-scripts allow-same-origin"></iframe>
<script>
  window.received = [];
  window.addEventListener("message", (event) => {{
    if (event.data && event.data.source === "dominoes") {{
      const from = event.source === document.getElementById("live").contentWindow ? "live" : "replay";
      window.received.push({{from, origin: event.origin, ...event.data}});
    }}
  }});
  window.tell = (frame, message) =>
    document.getElementById(frame).contentWindow.postMessage(message, "{table_origin}");
</script>
</body></html>
"""


@pytest.fixture(scope="module")
def rules_page(tmp_path_factory: pytest.TempPathFactory, app_url: str) -> Iterator[str]:
    """The rules page's URL, on another site than the table's."""
    folder: Path = tmp_path_factory.mktemp("rules-site")
    server, base = serve_host_site(folder)
    host_origin = base.rstrip("/")
    table_origin = "{0.scheme}://{0.netloc}".format(urlsplit(app_url))
    record = write_record(bot_match("partnership-block", 4, 7, ["greedy", "random", "greedy", "random"], 2))
    common = f"embed=1&aidelay=0&origin={host_origin}"
    live = f"{app_url}index.html?{common}&variant=all-fives&players=2&seed=5&table=live"
    replay = f"{app_url}index.html?{common}&table=replay&hand=1&move=2&compact=1{record_fragment(record)}"
    (folder / "rules.html").write_text(RULES_PAGE.format(live=live, replay=replay, table_origin=table_origin))
    yield base + "rules.html"
    server.shutdown()
    server.server_close()


def ready_frame(page: Page, frame_id: str) -> Frame:
    expect(page.frame_locator(f"#{frame_id}").locator("body")).to_have_attribute(
        "data-app-state", re.compile("ready|error"), timeout=READY_TIMEOUT_MS
    )
    handle = page.locator(f"#{frame_id}").element_handle()
    frame = handle.content_frame() if handle is not None else None
    assert frame is not None
    assert frame.evaluate("document.body.dataset.appState") == "ready", frame.evaluate(
        "document.getElementById('loading-error').textContent"
    )
    return frame


def received(page: Page, frame: str, kind: str) -> list[dict[str, Any]]:
    return [m for m in page.evaluate("window.received") if m["from"] == frame and m["type"] == kind]


def replay_at(frame: Frame) -> dict[str, int]:
    value = state(frame)["replay"]
    assert value is not None, "the replay is not showing"
    return dict(value)


def test_a_rules_page_embeds_a_live_game_and_a_replay_side_by_side(
    partitioning_browser: Browser, rules_page: str, app_url: str
) -> None:
    context = partitioning_browser.new_context()
    recorder = Recorder()
    recorder.attach_context(context)
    try:
        page = context.new_page()
        page.goto(rules_page, wait_until="commit")
        live, replay = ready_frame(page, "live"), ready_frame(page, "replay")
        table_origin = "{0.scheme}://{0.netloc}".format(urlsplit(app_url))

        # Both said they are ready, to the rules page only.
        page.wait_for_function("window.received.filter((m) => m.type === 'ready').length === 2")
        assert {m["mode"] for m in page.evaluate("window.received") if m["type"] == "ready"} == {
            "live",
            "replay",
        }
        assert all(m["origin"] == table_origin for m in page.evaluate("window.received"))

        # The replay opened where its link said, with no way to close it (it is the whole frame).
        assert replay_at(replay) == {"hand": 1, "move": 2}
        expect(replay.locator("#replay-close")).to_be_hidden()
        replay.click("#replay-forward")
        assert replay_at(replay) == {"hand": 1, "move": 3}
        page.wait_for_function(
            "window.received.some((m) => m.from === 'replay' && m.type === 'move' && m.move === 3)"
        )
        replay.click("#replay-back")
        replay.click("#replay-back")
        assert replay_at(replay) == {"hand": 1, "move": 1}

        # The rules page drives it: go to a move, step, and nonsense is ignored.
        page.evaluate("tell('replay', {source: 'dominoes', type: 'go', hand: 2, move: 4})")
        replay.wait_for_function("document.body.dataset.replay === '1:4'")
        page.evaluate("tell('replay', {source: 'dominoes', type: 'step', delta: -1})")
        replay.wait_for_function("document.body.dataset.replay === '1:3'")
        page.evaluate("tell('replay', {source: 'elsewhere', type: 'go', hand: 1, move: 0})")
        page.evaluate("tell('replay', {source: 'dominoes', type: 'go', hand: '<img>', move: 0})")
        page.evaluate("tell('replay', '<script>alert(1)</script>')")
        page.evaluate("tell('replay', {source: 'dominoes', type: 'step', delta: 1})")
        replay.wait_for_function("document.body.dataset.replay === '1:4'")
        assert replay_at(replay) == {"hand": 2, "move": 4}

        # The live game plays a hand, and tells the page each move and the end of the hand.
        final = play_hand_with_buttons(live)
        assert final["phase"] in ("hand-over", "match-over")
        page.wait_for_function("window.received.some((m) => m.from === 'live' && m.type === 'hand-over')")
        moves = received(page, "live", "move")
        assert moves and all(m["mode"] == "live" for m in moves)
        assert len({m["move"] for m in moves}) == len(moves), "a move was told twice"
        hand_over = received(page, "live", "hand-over")[0]
        assert hand_over["scores"] == state(live)["scores"]

        # Neither sees the other's save: each keeps its own, apart from the main table's.
        live_key, replay_key = state(live)["save_key"], state(replay)["save_key"]
        assert live_key != replay_key and "embed=1" in live_key and "embed=1" in replay_key
        saved = live.evaluate("(key) => localStorage.getItem(key)", live_key)
        assert saved is not None and '[Variant "all-fives"]' in saved
        assert live.evaluate("localStorage.getItem('dominoes.save')") is None
        other = replay.evaluate("(key) => localStorage.getItem(key)", replay_key)
        assert other is None or '[Variant "all-fives"]' not in other

        # A reload of the rules page: the live game is where it was; the replay opens as linked.
        scores = state(live)["scores"]
        page.reload(wait_until="commit")
        live, replay = ready_frame(page, "live"), ready_frame(page, "replay")
        assert state(live)["restored"] is True
        assert state(live)["scores"] == scores
        assert replay_at(replay) == {"hand": 1, "move": 2}
        recorder.assert_clean()
    finally:
        context.close()


def test_a_live_table_answers_a_new_game_command(partitioning_browser: Browser, rules_page: str) -> None:
    context = partitioning_browser.new_context()
    try:
        page = context.new_page()
        page.goto(rules_page, wait_until="commit")
        live = ready_frame(page, "live")
        before = state(live)["hand"]
        page.evaluate("tell('live', {source: 'dominoes', type: 'new-game', seed: 12345})")
        live.wait_for_function(
            "(before) => JSON.stringify(JSON.parse(window.dominoesTest.state()).hand) !== before",
            arg=json.dumps(before),
        )
        assert state(live)["variant"] == "all-fives"
    finally:
        context.close()
