"""Reading and tapping the table in the browser tests, and timing it: shared by every e2e test module.

State comes from the app's own report (``window.dominoesTest.state()``) and click positions
from its scene, never from hard-coded pixels.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Frame, Page

MOVE_TIMEOUT_MS = 30_000
"""How long a test waits for the computer players to finish their moves."""


TABLET_CPU_THROTTLE = 4
"""How many times slower than this machine a mid-range tablet runs the page (CDP throttling)."""


LONG_TASK_LIMIT_MS = 100
"""The longest a task may hold the page's main thread (ms) while the computer thinks or reviews."""


VIEWPORTS = {
    "phone": (390, 844),
    "phone-sideways": (844, 390),
    "tablet": (820, 1180),
    "tablet-sideways": (1180, 820),
    "desktop": (1440, 900),
    "frame-640x480": (640, 480),
    "frame-400x300": (400, 300),
}
"""The sizes the table is looked at in (CSS px): phones and tablets both ways, a desktop, and
two embedded frames (the ``frame-`` ones are opened with ``embed=1``)."""


def watch_long_tasks(page: Page) -> None:
    """Start recording long tasks (their durations, in ms) in ``window.__longTasks``.

    The browser's own ``PerformanceObserver`` (entry type ``longtask``: any task that held the
    main thread over 50 ms), from now on."""
    page.evaluate(
        """() => {
            window.__longTasks = [];
            new PerformanceObserver(list => {
                for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
            }).observe({type: 'longtask'});
        }"""
    )


def throttle_cpu(page: Page, rate: float) -> None:
    """Slow the page's CPU ``rate`` times (CDP ``Emulation.setCPUThrottlingRate``; 1: full speed)."""
    if rate != 1:
        session = page.context.new_cdp_session(page)
        session.send("Emulation.setCPUThrottlingRate", {"rate": rate})


def state(page: Page | Frame) -> dict[str, Any]:
    """The table as the app reports it."""
    return json.loads(page.evaluate("window.dominoesTest.state()"))


def settle(page: Page | Frame) -> dict[str, Any]:
    """Wait until no computer player is to move, then return the state."""
    page.wait_for_function("document.body.dataset.phase !== 'bot'", timeout=MOVE_TIMEOUT_MS)
    return state(page)


def click_canvas(page: Page, x: float, y: float) -> None:
    """Tap the table canvas at CSS px (x, y) relative to its top-left corner, once nothing
    else (a dialog closing, a notice) covers that point: a mouse click goes to whatever is on top."""
    box = page.locator("#table").bounding_box()
    assert box is not None
    at = [box["x"] + x, box["y"] + y]
    page.wait_for_function(
        "([x, y]) => document.elementFromPoint(x, y)?.id === 'table'", arg=at, timeout=MOVE_TIMEOUT_MS
    )
    page.mouse.click(*at)


def play_hand_with_buttons(page: Page | Frame, stop_after_turns: int | None = None) -> dict[str, Any]:
    """Play the person's moves with the keyboard twin's buttons until the hand is over
    (or after ``stop_after_turns`` of the person's moves); returns the state then.

    Works in a page or in an embedded table's frame. Each move picks the first playable
    tile (and the first lit end when it fits two), passes or draws when it must.
    """
    for turns in range(400):
        current = settle(page)
        if current["phase"] in ("hand-over", "match-over"):
            return current
        if stop_after_turns is not None and turns >= stop_after_turns:
            return current
        make_my_move_with_buttons(page, current)
    raise AssertionError("the hand did not end after 400 moves")


def make_my_move_with_buttons(page: Page | Frame, current: dict[str, Any]) -> None:
    """Make the person's move in ``current`` (the state, their turn) with the keyboard
    twin's buttons: the first playable tile on the first lit end, else draw or pass."""
    playable = [t["tile"] for t in current["scene"]["hand"] if t["playable"]]
    if playable:
        page.locator(f"#a11y-hand button[data-move='{playable[0]}']").press("Enter")
        if state(page)["selected"] is not None:
            page.locator("#a11y-ends button").first.press("Enter")
        assert playable[0] not in state(page)["hand"], f"{playable[0]} was not played"
    elif "draw" in current["legal"]:
        page.click("#draw-btn")
    else:
        assert current["legal"] == ["pass"], current["legal"]
        page.click("#pass-btn")


def play_to_the_match_end(page: Page | Frame, move: Callable[[Any, dict[str, Any]], None]) -> dict[str, Any]:
    """Play the match at the table to its end, the person's moves made by ``move(page,
    state)``, the next hand dealt from each summary; the final state."""
    for _ in range(2000):
        current = settle(page)
        if current["phase"] == "match-over":
            return current
        if current["phase"] == "hand-over":
            page.click("#next-hand-btn")
            page.wait_for_function(
                f"JSON.parse(window.dominoesTest.state()).hand_number === {current['hand_number'] + 1}"
            )
            continue
        move(page, current)
    raise AssertionError("the match did not end")


def make_train_move_with_buttons(page: Page | Frame, current: dict[str, Any]) -> None:
    """A train game: the person's move in ``current`` through the keyboard twin: Enter on
    the first tile that can be laid (then on the first train offered for it), else the D and
    P keys or End run."""
    plays = [move for move in current["legal"] if "@" in move]
    if plays:
        tile = plays[0].split("@")[0]
        page.locator(f"#trains-hand button[data-move='{tile}']").press("Enter")
        if state(page)["selected"] == tile:
            page.locator("#trains-targets button").first.press("Enter")
        assert tile not in state(page)["hand"], f"{tile} was not laid"
    elif "draw" in current["legal"]:
        page.locator("#draw-btn").press("Enter")
    elif "end" in current["legal"]:
        page.locator("#trains-end").press("Enter")
    else:
        page.locator("#pass-btn").press("Enter")


def play_train_round_with_buttons(page: Page | Frame) -> dict[str, Any]:
    """A train game: play the person's moves through the keyboard twin until the round is
    over; the state then."""
    for _ in range(600):
        current = settle(page)
        if current["phase"] in ("hand-over", "match-over"):
            return current
        make_train_move_with_buttons(page, current)
    raise AssertionError("the round did not end after 600 moves")


def play_the_days_deal(
    page: Page | Frame, move: Callable[[Any, dict[str, Any]], None] = make_my_move_with_buttons
) -> dict[str, Any]:
    """Play the day's deal at the table to its end, the person's moves made by ``move(page,
    state)``, and wait until the Expert has played it again in the person's seat; the final
    state."""
    for _ in range(400):
        current = settle(page)
        if current["phase"] == "daily-over":
            break
        move(page, current)
    else:
        raise AssertionError("the day's deal did not end after 400 moves")
    page.wait_for_function("JSON.parse(window.dominoesTest.state()).daily.expert !== null", polling=200)
    return state(page)


def choose_rule_set(page: Page | Frame, variant: str) -> None:
    """Pick ``variant`` in the open New game dialog's rule-set picker."""
    page.check(f"#ng-variants input[name='variant'][value='{variant}']")


def choose_dice_tiles(page: Page) -> None:
    """Dice and Dominoes: tap the first tiles of the hand (two at most) into the choice, and
    turn face down what the dice refuse, until the choice may be put out."""
    for _ in range(min(2, len(state(page)["hand"]))):
        click_canvas(page, *state(page)["scene"]["hand"][0]["at"])
    for _ in range(2):
        now = state(page)
        if not now["reason"]:
            break
        up = [
            chosen for chosen, picked in zip(now["scene"]["chosen"], now["picked"], strict=True) if picked[1]
        ]
        click_canvas(page, *up[0]["at"])  # face down: never refused
