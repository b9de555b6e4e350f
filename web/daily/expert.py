"""The day's deal played again by the Expert in the person's seat: the same deal, the other
seats the same computer players with the same seeds, so only the person's seat plays
differently. A thought in slices (the page runs it between frames). No browser imports.
"""

from __future__ import annotations

from collections.abc import Generator

from engine.puzzles.daily import EXPERT
from web.line.controller import Controller
from web.settings import Settings

__all__ = ["expert_in_your_seat"]


def expert_in_your_seat(settings: Settings, seed: int) -> Generator[None, None, Controller]:
    """The day's deal (``settings``, ``seed``) played to the end of its first hand with the
    Expert at seat 0; yields between slices of every computer player's thinking."""
    table = Controller(settings, seed)
    table.computer_in_seat(0, EXPERT)
    while not table.match.results:
        action = yield from table.bot_thinking()
        table.act(action)
        yield
    return table
