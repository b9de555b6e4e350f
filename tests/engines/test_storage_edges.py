"""Full storage in WebKit and Firefox: each engine says "full" its own way (WebKit's
``QuotaExceededError``, Firefox's ``NS_ERROR_DOM_QUOTA_REACHED``), and the table must hear it as
full in both: it tells the player exactly what a reload would bring back, a reload says that the
position it brings back is older, and with room again the game is saved."""

from __future__ import annotations

import json
from typing import Any

from tests.helpers.engine_table import boot, settled, tap_my_move, wait_until_ready
from tests.helpers.engines import EngineTab
from tests.helpers.storage import EMPTY_LOCAL_STORAGE, FILL_LOCAL_STORAGE

GAME = "?variant=draw-2&seed=5&aidelay=0"


def notice(tab: EngineTab) -> str:
    """The notice's text (empty when it is hidden)."""
    return str(
        tab.evaluate(
            "document.getElementById('notice').hidden ? '' : document.getElementById('notice-text').textContent"
        )
    )


def test_storage_full_is_told_exactly_and_a_reload_says_its_position_is_older(
    tab: EngineTab, table_url: str
) -> None:
    current = boot(tab, table_url + GAME)
    tap_my_move(tab, current)
    current = settled(tab)
    tab.evaluate(f"({FILL_LOCAL_STORAGE})({json.dumps(60)})")
    not_saved: dict[str, Any] | None = None
    for _ in range(30):
        assert current["phase"] == "human", "the hand ended before storage ran out"
        tap_my_move(tab, current)
        current = settled(tab)
        if "could not be saved" in notice(tab):
            not_saved = current
            break
    assert not_saved is not None, "every save fitted"
    text = notice(tab)
    assert text.startswith("Your game could not be saved: the browser's storage for this site is full. "), (
        text
    )
    assert "A reload would bring back an older position of this game: hand 1, move " in text
    assert not tab.evaluate("document.getElementById('notice-download').hidden")
    tab.reload()
    wait_until_ready(tab)
    back = settled(tab)
    assert back["layout_tiles"] < not_saved["layout_tiles"] or back["boneyard"] > not_saved["boneyard"]
    told = notice(tab)
    assert told.startswith(
        "The browser's storage for this site was full, so the moves after hand 1, move "
    ), told
    # With room again, the older position is saved, and a reload says nothing more.
    tab.evaluate(f"({EMPTY_LOCAL_STORAGE})()")
    tap_my_move(tab, back)
    settled(tab)
    tab.reload()
    wait_until_ready(tab)
    settled(tab)
    assert notice(tab) == ""
