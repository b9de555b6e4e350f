"""Light and dark colours: the system's by default, the player's choice when made (and
remembered), an embedding link's theme when it gives one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

BAR = "getComputedStyle(document.querySelector('.topbar')).backgroundColor"
LIGHT_BAR = "rgb(243, 239, 227)"
DARK_BAR = "rgb(16, 45, 30)"


def bar(page: Page) -> str:
    return str(page.evaluate(BAR))


@pytest.mark.parametrize(("scheme", "colour"), [("light", LIGHT_BAR), ("dark", DARK_BAR)])
def test_the_table_follows_the_system(open_app: Callable[..., Any], scheme: str, colour: str) -> None:
    page = open_app("?variant=block&aidelay=0", color_scheme=scheme).page
    assert bar(page) == colour
    assert page.evaluate("document.body.dataset.theme") is None


def test_the_players_choice_wins_and_is_remembered(
    open_app: Callable[..., Any], wait_until_ready: Any
) -> None:
    page = open_app("?variant=block&aidelay=0", color_scheme="light").page
    page.click("#game-btn")
    expect(page.locator("#theme-select")).to_have_value("system")
    page.select_option("#theme-select", "dark")
    assert bar(page) == DARK_BAR
    page.reload()
    wait_until_ready(page)
    assert bar(page) == DARK_BAR
    page.click("#game-btn")
    expect(page.locator("#theme-select")).to_have_value("dark")
    page.select_option("#theme-select", "system")
    assert bar(page) == LIGHT_BAR


def test_an_embedding_links_theme_wins_and_offers_no_choice(open_app: Callable[..., Any]) -> None:
    page = open_app("?embed=1&theme=light&variant=block&aidelay=0", color_scheme="dark").page
    assert bar(page) == LIGHT_BAR
    page.click("#game-btn")
    expect(page.locator("#theme-select")).to_be_hidden()
