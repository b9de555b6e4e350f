"""The table's sounds: what sounds, the mute toggle and its memory, an embedded table's silence."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.table import play_hand_with_buttons
from tests.helpers.browser import wait_until_ready

pytestmark = pytest.mark.e2e

PLAYED = "window.dominoesSound.played.slice()"


def test_a_hand_sounds_its_moves_and_its_end(open_app: Callable[..., Any]) -> None:
    page = open_app("?variant=draw-2&seed=99&aidelay=0").page
    expect(page.locator("#sound-btn")).to_have_attribute("aria-pressed", "true")
    assert page.evaluate(PLAYED) in ([], ["lay"])  # at most a computer player's opening tile
    final = play_hand_with_buttons(page)
    played = page.evaluate(PLAYED)
    assert played.count("lay") >= 2
    assert played[-1] == "end" and played.count("end") == 1
    assert set(played) <= {"lay", "draw", "pass", "score", "end"}
    assert final["phase"] == "hand-over"


def test_muting_is_remembered_and_silences_the_table(open_app: Callable[..., Any]) -> None:
    page = open_app("?variant=draw-2&seed=99&aidelay=0").page
    play_hand_with_buttons(page, stop_after_turns=2)
    before = page.evaluate(PLAYED)
    assert "lay" in before
    page.click("#sound-btn")
    expect(page.locator("#sound-btn")).to_have_attribute("aria-pressed", "false")
    play_hand_with_buttons(page, stop_after_turns=2)
    assert page.evaluate(PLAYED) == before
    page.reload(wait_until="commit")
    wait_until_ready(page)
    expect(page.locator("#sound-btn")).to_have_attribute("aria-pressed", "false")
    page.click("#sound-btn")  # on again: the restored game itself makes no sound
    expect(page.locator("#sound-btn")).to_have_attribute("aria-pressed", "true")
    assert page.evaluate(PLAYED) == []


def test_an_embedded_table_is_silent_until_asked(open_app: Callable[..., Any]) -> None:
    page = open_app("?embed=1&variant=draw-2&seed=3&aidelay=0").page
    expect(page.locator("#sound-btn")).to_have_attribute("aria-pressed", "false")
    play_hand_with_buttons(page, stop_after_turns=2)
    assert page.evaluate(PLAYED) == []
