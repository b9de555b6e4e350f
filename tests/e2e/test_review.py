"""The hand review in the page: after a hand at the table, and for a record opened in the replay
viewer; the chart leads to the costliest moment, where the better move is drawn on the board;
a review can be cancelled; it keeps the page responsive on a tablet-speed CPU; the person's
accuracy is kept with the statistics.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from engine.line.ai import think_through
from engine.line.ai.review import review_hand
from engine.line.notation import write_record
from engine.line.selfplay import bot_match
from tests.e2e.table import (
    LONG_TASK_LIMIT_MS,
    TABLET_CPU_THROTTLE,
    play_hand_with_buttons,
    state,
    throttle_cpu,
    watch_long_tasks,
)
from tests.helpers.browser import OpenApp
from web.links.share import record_fragment

WORST_SEED = 25
"""A partnership hand (seat 0 plays at random, the others as Medium) where the review finds
a blunder by seat 0: 6-4 where 1-1 was better."""


def _record(seed: int, hands: int = 1) -> tuple[str, object]:
    match = bot_match("partnership-block", 4, seed, ["random", "medium", "medium", "medium"], max_hands=hands)
    return write_record(match), match


def _wait_for_review(page: Page, timeout_ms: float = 60_000) -> dict[str, object]:
    page.wait_for_function("document.body.dataset.review === 'done'", timeout=timeout_ms)
    review = state(page)["review"]
    assert review is not None
    return review


@pytest.mark.timing
def test_a_record_is_reviewed_as_in_python_and_the_chart_leads_to_the_better_move(open_app: OpenApp) -> None:
    text, match = _record(WORST_SEED)
    expected = think_through(review_hand(match.hands[0], 0))  # type: ignore[attr-defined]
    worst = expected.costliest
    assert worst is not None and worst.label == "blunder"
    page = open_app("?aidelay=0" + record_fragment(text)).page
    expect(page.locator("#replay-dialog")).to_be_visible()
    throttle_cpu(page, TABLET_CPU_THROTTLE)
    page.locator("#replay-review").click()  # (its own task: the panel opens, the table is drawn again)
    watch_long_tasks(page)  # the review's: its slices of search, and showing what it found
    review = _wait_for_review(page, 120_000)
    long_tasks = page.evaluate("window.__longTasks")
    throttle_cpu(page, 1)
    assert max(long_tasks, default=0) <= LONG_TASK_LIMIT_MS, f"long tasks while reviewing: {long_tasks}"
    # The same review as on CPython: every decision with a choice, with the same labels.
    assert [(dot["move"], dot["label"]) for dot in review["dots"]] == [
        (decision.move, decision.label) for decision in expected.decisions if decision.counted
    ]
    assert review["costliest"] == {"move": worst.move, "label": "blunder"}
    assert "Accuracy" in review["summary"] and "costliest moment" in review["summary"]
    page.locator("#review-details summary").click()  # the table of every decision, filled as it opens
    page.locator("#review-details summary").click()  # the table of every decision, filled as it opens
    expect(page.locator("#review-rows tr")).to_have_count(len(expected.decisions))
    # The costly move is marked in the move list.
    expect(page.locator(f"#replay-moves button[data-move='{worst.move + 1}']")).to_contain_text("??")
    # Tap the worst moment on the chart: the replay goes there and draws the better move.
    dot = next(dot for dot in review["dots"] if dot["move"] == worst.move)
    box = page.locator("#review-chart").bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + dot["x"], box["y"] + dot["y"])
    page.wait_for_function(f"document.body.dataset.replay === '0:{worst.move}'")
    after = state(page)
    best = str(worst.best.tile)  # type: ignore[attr-defined]
    assert after["review"]["better"] == best
    ghosts = after["replay_scene"]["ghosts"]
    assert len(ghosts) == 1 and sorted(ghosts[0].split("-")) == sorted(best.split("-")), ghosts
    assert best in after["replay_scene"]["hinted"], "the better tile is outlined in the hand"
    expect(page.locator("#review-note")).to_contain_text("blunder")
    expect(page.locator("#review-note")).to_contain_text(best)
    # One move on, the board is the real one again.
    page.locator("#replay-forward").click()
    assert state(page)["replay_scene"]["ghosts"] == []


def test_a_review_can_be_cancelled_and_keeps_the_hands_reviewed(open_app: OpenApp) -> None:
    text, _ = _record(3, hands=4)
    page = open_app("?aidelay=0" + record_fragment(text)).page
    expect(page.locator("#replay-dialog")).to_be_visible()
    page.locator("#replay-review").click()
    assert _wait_for_review(page)["reviewed"] == [1]
    throttle_cpu(page, TABLET_CPU_THROTTLE)  # so the rest takes long enough to be cancelled
    page.locator("#review-all").click()
    page.wait_for_function("document.body.dataset.review === 'working'")
    expect(page.locator("#review-progress")).to_be_visible()
    page.locator("#review-cancel").click()
    page.wait_for_function("document.body.dataset.review === 'cancelled'")
    throttle_cpu(page, 1)
    cancelled = state(page)["review"]
    assert cancelled["working"] is False and cancelled["reviewed"] == [1]
    expect(page.locator("#review-summary")).to_have_text("Review cancelled.")
    page.locator("#review-all").click()
    assert _wait_for_review(page)["reviewed"] == [1, 2, 3, 4]
    expect(page.locator("#review-match")).to_contain_text("4 hands: Accuracy")


def test_a_hand_at_the_table_is_reviewed_and_its_accuracy_kept_with_the_statistics(open_app: OpenApp) -> None:
    page = open_app("?variant=draw-2&seed=11&aidelay=0").page
    ended = play_hand_with_buttons(page)
    assert ended["phase"] in ("hand-over", "match-over")
    page.locator("#hand-review-btn").click()
    expect(page.locator("#replay-dialog")).to_be_visible()
    review = _wait_for_review(page)
    assert review["seat"] == 0 and review["reviewed"] == [1]
    assert review["summary"].startswith("Your hand 1: Accuracy ")
    expect(page.locator("#replay-view")).to_have_value("0")  # what the person could see
    page.locator("#replay-close").click()
    page.click("#game-btn")
    page.click("#stats-btn")
    expect(page.locator("#stats-body")).to_contain_text("% (1 hand)")
