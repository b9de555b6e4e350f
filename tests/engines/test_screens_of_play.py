"""The table's other screens in WebKit and Firefox: pass and play (the privacy screen between
two people), a round of Dice and Dominoes, and the replay viewer (buttons, keys and a swipe),
each by taps where a person's finger would go."""

from __future__ import annotations

from typing import Any

from engine.line.notation import write_record
from engine.line.selfplay import bot_match
from tests.helpers.engine_table import (
    boot,
    canvas_origin,
    settled,
    state,
    state_once,
    tap_button,
    tap_canvas,
    tap_my_move,
    wait_until_ready,
)
from tests.helpers.engines import EngineTab, wait_for
from web.links.share import record_fragment

ARROW_RIGHT, END = "\ue014", "\ue010"
"""WebDriver's key values for the arrow right and End keys."""


def is_open(tab: EngineTab, dialog: str) -> bool:
    """Whether the dialog ``#dialog`` is open."""
    return bool(tab.evaluate(f"document.getElementById('{dialog}').open"))


def test_two_people_pass_the_device_without_seeing_each_others_tiles(tab: EngineTab, table_url: str) -> None:
    tab.goto(table_url + "?variant=draw-2&level=human&seed=5&aidelay=0")
    wait_until_ready(tab)
    held: dict[int, set[str]] = {}
    screens = 0
    current = settled(tab)
    for _ in range(12):
        if current["phase"] == "pass":
            screens += 1
            assert is_open(tab, "pass-dialog")
            assert current["hand"] == [] and current["scene"]["hand"] == [], "tiles shown behind the screen"
            name = tab.evaluate("document.getElementById('pass-title').textContent")
            assert name in ("Pass to Player 1", "Pass to Player 2"), name
            tap_button(tab, "#pass-ready-btn")
            state_once(tab, "s.phase === 'human'")
            current = settled(tab)  # (its scene drawn at the canvas's size, the screen gone)
            assert not is_open(tab, "pass-dialog")
        elif current["phase"] == "human":
            assert current["scene"]["hand_owner"] == current["turn"]
            held.setdefault(current["turn"], set()).update(current["hand"])
            tap_my_move(tab, current)
            current = settled(tab)
        else:
            break
    assert screens >= 3 and set(held) == {0, 1}
    assert not held[0] & held[1], "one person was shown the other's tiles"


def choose_and_put_out(tab: EngineTab) -> None:
    """Tap the first tiles of the hand (two at most) into the choice, turn face down what the
    dice refuse, and put the choice out."""
    for _ in range(min(2, len(state(tab)["hand"]))):
        before = len(state(tab)["picked"])
        tap_canvas(tab, *state(tab)["scene"]["hand"][0]["at"])
        state_once(tab, f"s.picked.length > {before}")
    for _ in range(2):
        now = state(tab)
        if not now["reason"]:
            break
        up = [
            chosen for chosen, picked in zip(now["scene"]["chosen"], now["picked"], strict=True) if picked[1]
        ]
        tap_canvas(tab, *up[0]["at"])  # face down: never refused
        state_once(tab, f"s.reason !== {now['reason']!r}")
    assert state(tab)["reason"] == ""
    tap_button(tab, "#dice-put-out")


def test_a_round_of_dice_and_dominoes_is_played_by_taps(tab: EngineTab, table_url: str) -> None:
    current = boot(tab, table_url + "?variant=dice&players=2&seed=4&aidelay=0")
    assert current["phase"] == "choose" and tab.evaluate("document.body.dataset.game") == "dice"
    revealed: dict[str, Any] | None = None
    for _ in range(10):
        if current["phase"] == "choose":
            if revealed is not None:
                break  # a whole round: chosen, revealed, and the next one begun
            thrown = current["dice"]
            # The computer player has chosen, covered: nothing of it shown before the reveal.
            for card in current["scene"]["cards"]:
                assert all(not put["shown"] for put in card["put_out"])
            choose_and_put_out(tab)
        elif current["phase"] == "reveal":
            revealed = current["story"]
            assert revealed["headline"].startswith(f"The dice show {thrown[0]} and {thrown[1]}"), revealed
            assert revealed["seats"][0].startswith("You ")
            assert revealed["seats"][0] in tab.evaluate("document.getElementById('status').textContent")
            tap_button(tab, "#dice-go-on")
        elif current["phase"] == "rethrow":
            tap_button(tab, "#dice-again")
        else:
            break
        current = state_once(tab, f"s.phase !== {current['phase']!r} || s.rounds !== {current['rounds']}")
        current = settled(tab)
    assert revealed is not None, "no round was revealed"
    assert current["phase"] in ("choose", "hand-over"), current["phase"]


def test_a_shared_record_replays_with_buttons_keys_and_a_swipe(tab: EngineTab, table_url: str) -> None:
    record = write_record(bot_match("cross", 4, 3, ["greedy"] * 4, 2))
    tab.goto(table_url + "?variant=draw-2&seed=5&aidelay=0" + record_fragment(record))
    wait_until_ready(tab)
    wait_for(tab, "document.getElementById('replay-dialog').open", what="the replay viewer")
    assert state(tab)["replay"] == {"hand": 1, "move": 0}
    tap_button(tab, "#replay-forward")
    state_once(tab, "s.replay.move === 1")
    tab.press(ARROW_RIGHT)
    state_once(tab, "s.replay.move === 2")
    tab.press(END)
    last = state_once(tab, "s.replay.move > 2")["replay"]["move"]
    # A swipe to the right over the board goes back one move.
    left, top = canvas_origin(tab, "replay-canvas")
    size = tab.evaluate(
        "(() => { const r = document.getElementById('replay-canvas').getBoundingClientRect(); return [r.width, r.height]; })()"
    )
    middle = (left + size[0] / 2, top + size[1] / 2)
    tab.pointer_down(*middle)
    tab.pointer_move(middle[0] + 120, middle[1])
    tab.pointer_up()
    assert state_once(tab, f"s.replay.move !== {last}")["replay"] == {"hand": 1, "move": last - 1}
    tap_button(tab, "#replay-close")
    wait_for(tab, "!document.getElementById('replay-dialog').open", what="the viewer to close")
    after = state(tab)
    assert after["replay"] is None and after["phase"] == "human", (
        "the table's own game is there behind the replay"
    )
