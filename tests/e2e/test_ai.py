"""The AI in the real page: searching computer players keep the page responsive, the
person can ask for a hint, and each computer seat's level is chosen in the new-game dialog.

Long tasks are recorded with the browser's own ``PerformanceObserver`` (entry type
``longtask``: any task that held the main thread over 50 ms) from the moment the table is
ready, with the CPU throttled as slow as a mid-range tablet; the test fails on any over
100 ms.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from engine.line.ai import BOT_LEVELS
from tests.e2e.table import (
    LONG_TASK_LIMIT_MS,
    TABLET_CPU_THROTTLE,
    choose_rule_set,
    settle,
    state,
    throttle_cpu,
    watch_long_tasks,
)
from web.settings import HUMAN
from web.storage.game_record import read_settings


def play_with_keyboard(page: Page, current: dict[str, Any]) -> None:
    """The person's move through the keyboard twin: the first legal move."""
    move = current["legal"][0]
    if move in ("draw", "pass"):
        page.click(f"#{move}-btn")
    elif move.startswith("lead:"):
        page.click(f"#lead-choices button[data-move='{move}']")
    else:
        tile = move.split("@")[0]
        button = page.locator(f"#a11y-hand button[data-move='{tile}']")
        button.focus()
        button.press("Enter")
        if "@" in move and state(page)["selected"] == tile:
            end = page.locator(f"#a11y-ends button[data-move='{move.split('@')[1]}']")
            end.focus()
            end.press("Enter")


@pytest.mark.timing
def test_a_hand_against_expert_players_keeps_the_page_responsive(
    open_app: Callable[..., Any], app_url: str
) -> None:
    """A whole partnership hand with an Expert partner and Expert opponents, and a hint,
    on a CPU as slow as a tablet's.

    Sound is off: starting the browser's audio (once, at the person's first tap or key, in
    a task of its own) costs about 90 ms at this throttling in headless Chromium, which is
    the browser's work, not the search's or the page's.
    """
    sound_off = {"origin": app_url.rstrip("/"), "localStorage": [{"name": "dominoes.sound", "value": "off"}]}
    page = open_app(
        "?variant=partnership-block&level=expert&seed=5&aidelay=0",
        storage_state={"cookies": [], "origins": [sound_off]},
    ).page
    throttle_cpu(page, TABLET_CPU_THROTTLE)
    watch_long_tasks(page)
    hinted = False
    expert_moves_seen = 0
    for _ in range(60):
        current = settle(page)
        if current["phase"] in ("hand-over", "match-over"):
            break
        assert current["phase"] == "human"
        expert_moves_seen += 1
        plays = [move for move in current["legal"] if "@" in move or move[0].isdigit()]
        if not hinted and len(plays) >= 2:
            page.click("#hint-btn")
            page.wait_for_function(  # the hint is found, then shown in a browser task of its own
                "(s => s.hint !== null && s.scene.hinted.length > 0)(JSON.parse(window.dominoesTest.state()))",
                timeout=30_000,
            )
            after = state(page)
            assert after["hint"]["action"] in current["legal"]
            expect(page.locator("#status")).to_have_text(f"Hint: {after['hint']['reason']}")
            assert after["scene"]["hinted"] == [after["hint"]["action"].split("@")[0]]
            expect(page.locator("#hint-btn")).to_be_disabled()
            hinted = True
        play_with_keyboard(page, current)
    final = settle(page)
    assert final["phase"] in ("hand-over", "match-over"), "the hand was played to its end"
    assert hinted, "the person had a choice to ask a hint about"
    assert expert_moves_seen >= 3
    long_tasks = page.evaluate("window.__longTasks")
    too_long = [round(duration) for duration in long_tasks if duration > LONG_TASK_LIMIT_MS]
    assert not too_long, (
        f"tasks held the main thread over {LONG_TASK_LIMIT_MS} ms: {too_long} (all: {long_tasks})"
    )


def test_the_thinking_indicator_shows_while_a_computer_player_searches(open_app: Callable[..., Any]) -> None:
    page = open_app("?variant=partnership-block&level=expert&seed=8&aidelay=0").page
    current = settle(page)
    assert current["phase"] == "human"
    page.evaluate(
        """() => {
            const turn = document.getElementById('turn');
            window.__thinking = {spinner: false, attribute: false};
            new MutationObserver(() => {
                if (turn.classList.contains('thinking')) window.__thinking.spinner = true;
                if (document.body.dataset.thinking === 'true') window.__thinking.attribute = true;
            }).observe(document.body, {attributes: true, subtree: true, attributeFilter: ['class', 'data-thinking']});
        }"""
    )
    play_with_keyboard(page, current)
    after = settle(page)
    assert after["phase"] == "human", "the computer players moved and it is the person's turn again"
    assert page.evaluate("window.__thinking") == {"spinner": True, "attribute": True}
    expect(page.locator("#turn")).not_to_have_class("thinking")
    assert page.evaluate("document.body.dataset.thinking") == "false"


def test_each_computer_seat_gets_its_own_level_in_the_new_game_dialog(open_app: Callable[..., Any]) -> None:
    page = open_app("?aidelay=0").page
    page.click("#new-game-btn")
    choose_rule_set(page, "partnership-block")
    levels = page.locator(".ng-level")
    expect(levels).to_have_count(3)
    offered = levels.first.locator("option").evaluate_all("os => os.map(o => o.value)")
    assert offered == [HUMAN, *BOT_LEVELS]  # a person (pass and play), then each computer level
    for index, level in enumerate(("expert", "medium", "hard")):
        levels.nth(index).select_option(level)
    page.click("#ng-start")
    expect(page.locator("#new-game-dialog")).to_be_hidden()
    saved = page.evaluate("localStorage.getItem('dominoes.save')")
    assert read_settings(saved).levels == ("expert", "medium", "hard")
    final = settle(page)
    assert final["phase"] in ("human", "hand-over", "match-over")
