"""The one protocol every AI opponent implements."""

from __future__ import annotations

import random
from collections.abc import Generator
from typing import Protocol, TypeVar, cast

from engine.line.actions import Action, Claim
from engine.line.view import PlayerView

__all__ = ["Bot", "own_call", "think_step", "think_through"]

T = TypeVar("T")


class Bot(Protocol):
    """Chooses a legal action from what one seat may see.

    A bot never receives the hidden state, only the seat's view; its randomness comes
    from the ``rng`` it is handed, so its choice is determined by (view, rng state).
    """

    level: str

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """One of ``view.legal_actions`` (the view must be of the seat to move)."""
        ...


def own_call(view: PlayerView) -> Claim | None:
    """The call a bot makes of its own scoring play under manual scoring (bots always count)."""
    for claim in view.claims:
        if not claim.muggins:
            return claim
    return None


def think_step(thinking: Generator[None, None, T]) -> tuple[bool, T | None]:
    """Run one slice of a thinking generator: ``(False, None)`` while it thinks on, then ``(True, result)``."""
    try:
        next(thinking)
    except StopIteration as done:
        return True, done.value
    return False, None


def think_through(thinking: Generator[None, None, T]) -> T:
    """Run a thinking generator (one that yields between slices of work) to its end; its result."""
    while True:
        finished, result = think_step(thinking)
        if finished:
            return cast(T, result)
