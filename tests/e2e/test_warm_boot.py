"""The warm boot (issue 34): a return visit restores the runtime from the build's memory
snapshot instead of starting Python and importing the app again; a first visit, a damaged
snapshot and a snapshot the browser cannot have boot the usual way, at once."""

from __future__ import annotations

import gzip
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.e2e.table import play_hand_with_buttons, settle, state
from tests.helpers.browser import wait_until_ready

pytestmark = pytest.mark.e2e

GAME = "?variant=draw-2&seed=5&aidelay=0"
CONTROLLED = "navigator.serviceWorker.controller !== null"

CACHED_SNAPSHOT = """async () => {
  const names = await caches.keys();
  for (const name of names) {
    const cache = await caches.open(name);
    for (const request of await cache.keys())
      if (/\\/pyodide\\/snapshot-[0-9a-f]+\\.bin$/.test(request.url)) return request.url;
  }
  return null;
}"""
"""The URL of the snapshot in the page's caches (the service worker's), or null."""


def reload(page: Page) -> dict[str, Any]:
    page.reload(wait_until="commit")
    wait_until_ready(page)
    return settle(page)


def test_a_return_visit_restores_the_runtime_and_the_whole_table_works(open_app: Callable[..., Any]) -> None:
    page = open_app(GAME).page
    assert page.evaluate("window.dominoesBoot.snapshot") == "none"  # a first visit: never downloaded then
    page.wait_for_function(CONTROLLED, timeout=60_000)
    assert page.evaluate(CACHED_SNAPSHOT), "the service worker did not keep the snapshot"
    first = settle(page)
    restored = reload(page)
    assert page.evaluate("window.dominoesBoot.snapshot") == "restored"
    assert restored["hand"] == first["hand"] and restored["restored"]
    # Served by the worker, the page preloads none of the runtime's data files (a first
    # visit does: tests/e2e/test_boot.py).
    assert page.evaluate("document.querySelectorAll('link[rel=preload][as=fetch]').length") == 0
    # Everything the restored runtime did not import at the build still imports and works:
    # a whole hand, its review, the replay viewer, the dice game.
    final = play_hand_with_buttons(page)
    assert final["phase"] in ("hand-over", "match-over")
    page.click("#hand-review-btn")
    page.wait_for_function("document.body.dataset.review === 'done'", timeout=60_000)
    page.click("#replay-close")
    page.goto(page.url.split("?")[0] + "?variant=dice&players=2&seed=4&aidelay=0", wait_until="commit")
    wait_until_ready(page)
    assert page.evaluate("window.dominoesBoot.snapshot") == "restored"
    assert state(page)["game"] == "dice"


JUNK = b"not a snapshot of this runtime" * 1000


@pytest.mark.parametrize("damaged", [gzip.compress(JUNK), JUNK], ids=["compressed", "expanded"])
def test_a_damaged_snapshot_boots_afresh_at_once_and_is_dropped(
    open_app: Callable[..., Any], damaged: bytes
) -> None:
    """Readable (gzip, or memory as a later visit keeps it), but not a snapshot: Pyodide refuses it."""
    session = open_app(GAME)
    page = session.page
    page.wait_for_function(CONTROLLED, timeout=60_000)
    url = page.evaluate(CACHED_SNAPSHOT)
    assert url
    page.evaluate(
        """async ([url, bytes]) => {
          for (const name of await caches.keys()) {
            const cache = await caches.open(name);
            if (await cache.match(url)) await cache.put(url, new Response(new Uint8Array(bytes)));
          }
        }""",
        [url, list(damaged)],
    )
    current = reload(page)
    assert page.evaluate("window.dominoesBoot.snapshot") == "refused"
    assert current["phase"] == "human" and current["restored"]
    page.wait_for_function(f"({CACHED_SNAPSHOT})().then((found) => found === null)")
    reload(page)
    assert page.evaluate("window.dominoesBoot.snapshot") == "none"  # not tried again


FIRST_BYTES = """async (url) => {
  const found = await caches.match(url);
  return found ? [...new Uint8Array(await found.arrayBuffer()).slice(0, 2)] : null;
}"""
"""The first two bytes of the cached snapshot (gzip's are 31, 139)."""

CACHED_SIZE = "async (url) => (await (await caches.match(url)).arrayBuffer()).byteLength"
"""The size in bytes of the cached snapshot."""


def test_the_snapshot_is_kept_as_shipped_then_expanded_by_its_first_restore(
    open_app: Callable[..., Any],
) -> None:
    """The worker caches it gzip-compressed (decompressing 31 MB at install held the page's
    tasks up on two cores); the first visit that restores it puts the memory back
    decompressed, so that later visits skip the decompression."""
    page = open_app(GAME).page
    page.wait_for_function(CONTROLLED, timeout=60_000)
    url = page.evaluate(CACHED_SNAPSHOT)
    assert page.evaluate(FIRST_BYTES, url) == [31, 139]
    shipped = page.evaluate(CACHED_SIZE, url)
    reload(page)
    assert page.evaluate("[dominoesBoot.snapshot, dominoesBoot.snapshotKept]") == ["restored", "compressed"]
    page.wait_for_function(f"({FIRST_BYTES})({url!r}).then((first) => first && first[0] !== 31)")
    assert page.evaluate(CACHED_SIZE, url) > 3 * shipped  # the memory: mostly empty pages
    current = reload(page)
    assert page.evaluate("[dominoesBoot.snapshot, dominoesBoot.snapshotKept]") == ["restored", "expanded"]
    assert current["phase"] == "human" and current["restored"]


@pytest.mark.parametrize("lacking", ["DecompressionStream", "caches"])
def test_without_the_means_to_read_the_snapshot_the_table_boots_as_usual(
    open_app: Callable[..., Any], lacking: str
) -> None:
    session = open_app(GAME)
    page = session.page
    page.wait_for_function(CONTROLLED, timeout=60_000)
    session.context.add_init_script(f"delete window.{lacking};")
    current = reload(page)
    assert page.evaluate("window.dominoesBoot.snapshot") == "none"
    assert current["phase"] == "human" and current["restored"]
