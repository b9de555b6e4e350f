"""Motion on the table: tiles slide to their places, a tap puts them there at once, and a
person who asked their system for reduced motion sees none.

Each test watches ``data-moving`` on the body (the app sets it while a tile is on its way)
with a ``MutationObserver``, so no moment of it is missed between two polls.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page

from tests.e2e.table import make_my_move_with_buttons, settle

WATCH_MOVING = """() => {
    window.__moving = [];
    new MutationObserver(() => window.__moving.push(document.body.dataset.moving))
        .observe(document.body, {attributes: true, attributeFilter: ['data-moving']});
}"""


def _play_two_turns(page: Page) -> list[str]:
    page.evaluate(WATCH_MOVING)
    for _ in range(2):
        current = settle(page)
        assert current["phase"] == "human"
        make_my_move_with_buttons(page, current)
    settle(page)
    page.wait_for_function("document.body.dataset.moving !== 'true'")
    return list(page.evaluate("window.__moving"))


def test_tiles_slide_to_their_places_and_come_to_rest(open_app: Callable[..., Any]) -> None:
    page = open_app("?variant=draw-2&seed=4").page
    seen = _play_two_turns(page)
    assert "true" in seen, "a tile moved"
    assert seen[-1] == "false", "every tile came to rest"


def test_reduced_motion_moves_nothing(open_app: Callable[..., Any]) -> None:
    page = open_app("?variant=draw-2&seed=4", reduced_motion="reduce").page
    seen = _play_two_turns(page)
    assert "true" not in seen


def test_a_link_for_instant_computer_moves_has_no_slides(open_app: Callable[..., Any]) -> None:
    page = open_app("?variant=draw-2&seed=4&aidelay=0").page
    seen = _play_two_turns(page)
    assert "true" not in seen


def test_a_tap_on_the_table_puts_a_moving_tile_in_its_place(open_app: Callable[..., Any]) -> None:
    page = open_app("?variant=draw-2&seed=4").page
    current = settle(page)
    make_my_move_with_buttons(page, current)
    after_tap = page.evaluate(
        """() => new Promise(resolve => {
            const tap = () => {
                const canvas = document.getElementById('table');
                canvas.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true, clientX: 1, clientY: 1}));
                resolve(document.body.dataset.moving);
            };
            if (document.body.dataset.moving === 'true') { tap(); return; }
            new MutationObserver((_, observer) => {
                if (document.body.dataset.moving === 'true') { observer.disconnect(); tap(); }
            }).observe(document.body, {attributes: true, attributeFilter: ['data-moving']});
        })"""
    )
    assert after_tap == "false"
