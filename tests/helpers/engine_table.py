"""Playing the table in WebKit and Firefox (an :class:`~tests.helpers.engines.EngineTab`): boot,
read the state the page publishes, tap the canvas at the positions its scene reports, and tap
buttons where they are on the screen (real pointer input, as a finger gives it)."""

from __future__ import annotations

import json
from typing import Any

from tests.helpers.engines import READY_SCRIPT, EngineTab, wait_for


def boot(tab: EngineTab, url: str) -> dict[str, Any]:
    """Open ``url`` and wait for a ready table; its state once the computers have moved."""
    tab.goto(url)
    wait_until_ready(tab)
    return settled(tab)


def wait_until_ready(tab: EngineTab) -> None:
    """Wait until the table has booted, and fail (with the page's own words) if it did not."""
    wait_for(tab, READY_SCRIPT, what="the table to boot")
    assert tab.evaluate("document.body.dataset.appState") == "ready", tab.evaluate(
        "document.getElementById('loading-error') && document.getElementById('loading-error').textContent"
    )
    assert tab.evaluate("window.dominoesBoot.errors.length") == 0, tab.evaluate("window.dominoesBoot.errors")


def state(tab: EngineTab) -> dict[str, Any]:
    """What the table publishes for tests (``window.dominoesTest.state()``), as data."""
    current: dict[str, Any] = json.loads(tab.evaluate("window.dominoesTest.state()"))
    return current


def state_once(tab: EngineTab, condition: str) -> dict[str, Any]:
    """The state once ``condition`` (JavaScript, over the state ``s``) holds."""
    wait_for(
        tab,
        f"(() => {{ const s = JSON.parse(window.dominoesTest.state()); return {condition}; }})()",
        what=condition,
    )
    return state(tab)


def settled(tab: EngineTab) -> dict[str, Any]:
    """The state once a person has something to do (their turn, the privacy screen, a dice
    choice or reveal) or the hand is over, with no computer player thinking, and its scene
    drawn at the canvas's size as it is now (a notice that has just come up moves and
    shrinks the canvas: the table hears of it a moment later, and a tap at the old scene's
    places would miss)."""
    return state_once(
        tab,
        "['human', 'pass', 'choose', 'reveal', 'rethrow', 'hand-over', 'match-over'].includes(s.phase)"
        " && !s.thinking && (!s.scene || !s.scene.size || (() => {"
        " const r = document.getElementById('table').getBoundingClientRect();"
        " return Math.abs(r.width - s.scene.size.width) < 1.5 && Math.abs(r.height - s.scene.size.height) < 1.5;"
        " })())",
    )


def canvas_origin(tab: EngineTab, canvas: str = "table") -> tuple[float, float]:
    """Where the canvas ``#canvas`` starts on the page, in CSS pixels."""
    box = tab.evaluate(
        f"(() => {{ const r = document.getElementById('{canvas}').getBoundingClientRect(); return [r.x, r.y]; }})()"
    )
    return float(box[0]), float(box[1])


def tap_canvas(tab: EngineTab, x: float, y: float) -> None:
    """Tap the table's canvas at ``(x, y)`` of its own CSS pixels (as the scene reports them),
    once nothing else (a dialog closing, a notice) covers that point: a tap goes to whatever
    is on top."""
    left, top = canvas_origin(tab)
    at = [left + x, top + y]
    wait_for(
        tab,
        f"document.elementFromPoint({at[0]}, {at[1]})?.id === 'table'",
        what=f"nothing over the table's canvas at {x:.0f}, {y:.0f}",
    )
    tab.tap(*at)


def tap_button(tab: EngineTab, selector: str) -> None:
    """Tap the middle of the element ``selector`` once it is on screen."""
    where = wait_for(
        tab,
        f"(() => {{ const e = document.querySelector({json.dumps(selector)});"
        " if (!e || (e.checkVisibility && !e.checkVisibility())) return null;"
        " const r = e.getBoundingClientRect(); return r.width > 0 ? [r.x + r.width / 2, r.y + r.height / 2] : null; })()",
        what=f"{selector} on screen",
    )
    tab.tap(float(where[0]), float(where[1]))


def tap_my_move(tab: EngineTab, current: dict[str, Any]) -> None:
    """The person's move by taps: the first playable tile (then its first lit end if it asks),
    else the boneyard, else Pass; returns once the page has taken it."""
    scene = current["scene"]
    playable = [tile for tile in scene["hand"] if tile["playable"]]
    if playable:
        tap_canvas(tab, playable[0]["x"], playable[0]["y"])
        after = state_once(tab, f"s.selected !== null || !s.hand.includes({json.dumps(playable[0]['tile'])})")
        if after["selected"] is not None and after["scene"]["targets"]:
            target = after["scene"]["targets"][0]
            tap_canvas(tab, target["x"], target["y"])
    elif "draw" in current["legal"]:
        tap_canvas(tab, scene["boneyard"]["x"], scene["boneyard"]["y"])
    else:
        tap_button(tab, "#pass-btn")
    # The page takes a tap in its own time: wait until the person's turn has been played.
    state_once(
        tab,
        f"s.phase !== 'human' || s.hand.length !== {len(current['hand'])} || s.boneyard !== {current['boneyard']}"
        f" || s.layout_tiles !== {current['layout_tiles']}",
    )
