"""In the browser, with its own fonts: no text on a tile, nothing cut, at every size.

The line table is played by taps at a phone's size (upright and sideways), a tablet's (both
ways), a desktop's and in 640x480 and 400x300 embedded frames, and at its start, after a
few moves and at the end of the hand the boxes of the frame drawn
(``dominoesTest.state().scene.boxes``) are checked as :mod:`tests.helpers.boxes` says.
A screenshot of each is written to ``test-results/plates/`` for a person to look at.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.e2e.table import VIEWPORTS, choose_dice_tiles, click_canvas, settle, state
from tests.helpers.boxes import problems

pytestmark = pytest.mark.e2e

OUT = Path(__file__).resolve().parents[2] / "test-results" / "plates"

SIZES = VIEWPORTS

GAMES = ("variant=partnership-block", "variant=double-nine-cross&players=5")


def play_by_taps(page: Page, turns: int) -> dict[str, Any]:
    """Make up to ``turns`` of the person's moves by tapping the canvas (the first playable
    tile, then the first lit end), drawing from the boneyard or passing when they must."""
    for _ in range(turns):
        current = settle(page)
        if current["phase"] in ("hand-over", "match-over"):
            break
        scene = current["scene"]
        playable = [tile for tile in scene["hand"] if tile["playable"]]
        if playable:
            click_canvas(page, playable[0]["x"], playable[0]["y"])
            picked = state(page)
            if picked["selected"] is not None and picked["scene"]["targets"]:
                target = picked["scene"]["targets"][0]
                click_canvas(page, target["x"], target["y"])
        elif "draw" in current["legal"]:
            click_canvas(page, scene["boneyard"]["x"], scene["boneyard"]["y"])
        else:
            page.click("#pass-btn")
    page.wait_for_function("document.body.dataset.moving !== 'true'")
    return settle(page)


def drawn_problems(page: Page) -> list[str]:
    """What overlaps or is cut in the frame drawn last."""
    page.wait_for_function(
        "(() => { const s = JSON.parse(window.dominoesTest.state()).scene;"
        " const canvas = document.getElementById('table');"
        " return s && s.drawn && s.drawn.width === canvas.clientWidth && s.drawn.height === canvas.clientHeight; })()"
    )
    scene = state(page)["scene"]
    assert scene["boxes"], "the frame reports what it drew"
    return problems(scene["boxes"], scene["drawn"]["width"], scene["drawn"]["height"])


@pytest.mark.parametrize("size", list(SIZES))
def test_no_text_lies_on_a_tile_and_nothing_is_cut(open_app: Callable[..., Any], size: str) -> None:
    width, height = SIZES[size]
    embed = "&embed=1" if size.startswith("frame") else ""
    OUT.mkdir(parents=True, exist_ok=True)
    for game in GAMES:
        page = open_app(f"?{game}&seed=7&aidelay=0{embed}", viewport={"width": width, "height": height}).page
        for phase, turns in (("start", 0), ("middle", 3), ("end", 400)):
            current = play_by_taps(page, turns)
            assert phase != "end" or current["phase"] in ("hand-over", "match-over")
            found = drawn_problems(page)
            page.screenshot(path=OUT / f"{game.split('=')[1].split('&')[0]}-{phase}-{size}.png")
            assert found == [], (game, phase, found[:3])


@pytest.mark.parametrize("size", list(SIZES))
def test_the_dice_table_draws_nothing_over_anything(open_app: Callable[..., Any], size: str) -> None:
    width, height = SIZES[size]
    embed = "&embed=1" if size.startswith("frame") else ""
    OUT.mkdir(parents=True, exist_ok=True)
    page = open_app(
        f"?variant=dice&players=5&seed=4&aidelay=0{embed}", viewport={"width": width, "height": height}
    ).page
    page.wait_for_function("document.body.dataset.phase === 'choose'")
    for phase in ("choice", "reveal"):
        if phase == "reveal":
            choose_dice_tiles(page)
            page.click("#dice-put-out")
            page.wait_for_function("['reveal', 'rethrow', 'hand-over'].includes(document.body.dataset.phase)")
        found = drawn_problems(page)
        page.screenshot(path=OUT / f"dice-{phase}-{size}.png")
        assert found == [], (phase, found[:3])
