"""The one protocol every AI opponent implements."""

from __future__ import annotations

import random
from typing import Protocol

from engine.line.actions import Action, Claim
from engine.line.view import PlayerView
from engine.thinking import think_step, think_through

__all__ = ["Bot", "own_call", "think_step", "think_through"]


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
