"""A scratch hand played at boot, out of sight, so the person's first moves are as quick as the rest.

The first run of a code path in the page is several times slower than the next ones (the
browser compiles the WebAssembly of Python's interpreter a function at a time, on first
use): on a slow tablet the person's first tap, and the first board of a longer line, held
the main thread over 100 ms. Boot runs those paths once on a copy of the game (a few
moves, a tap, the first steps of a computer player's search and of a hint, a scene built
and drawn into a recording that is thrown away) while the loading screen is still up. Nothing here touches the real game or the page.
"""

from __future__ import annotations

from collections.abc import Generator

from engine import Play
from web.line.controller import Controller, Settings
from web.line.render import draw_scene
from web.line.scene import build_scene
from web.painter import Painter

__all__ = ["WARM_UP_MOVES", "WARM_UP_STEPS", "warm_up"]

WARM_UP_MOVES = 6
"""How many moves the scratch hand plays."""

WARM_UP_STEPS = 3
"""How many steps of a computer player's search (and of a hint's) it takes, once each."""


def warm_up(settings: Settings, width: float, height: float) -> int:
    """Play a scratch hand of ``settings`` a few moves deep at a canvas of ``width`` by
    ``height``; returns the moves played (fewer if the hand ended sooner)."""
    controller = Controller(settings, seed=0)
    played = 0
    searched = hinted = False
    while played < WARM_UP_MOVES and controller.phase in ("human", "bot"):
        if controller.phase == "bot":
            if not searched:  # the first steps of a search (its whole is not needed)
                _steps(controller.bot_thinking())
                searched = True
            controller.act(controller.match.view(controller.match.turn).legal_actions[0])
        else:
            if not hinted:
                _steps(controller.hint_thinking())
                hinted = True
            plays = [action for action in controller.view().legal_actions if isinstance(action, Play)]
            if plays:
                controller.tap_tile(plays[0].tile)
                if controller.selected is not None and plays[0].end is not None:
                    controller.choose_end(plays[0].end)
            else:
                controller.act(controller.view().legal_actions[0])
        played += 1
        if width >= 1 and height >= 1:
            draw_scene(Painter(), build_scene(controller, width, height))
    return played


def _steps(thinking: Generator[None, None, object]) -> None:
    """Take the first few steps of a thought, and drop it."""
    for _ in range(WARM_UP_STEPS):
        if next(thinking, StopIteration) is StopIteration:
            break
    thinking.close()
