"""The beginner: any legal action, uniformly at random."""

from __future__ import annotations

import random

from engine.errors import IllegalActionError
from engine.line.actions import Action
from engine.line.view import PlayerView

__all__ = ["RandomBot"]


class RandomBot:
    """Plays a uniformly random legal action."""

    level = "random"

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """A random element of ``view.legal_actions``."""
        if not view.legal_actions:
            raise IllegalActionError(
                f"seat {view.seat} has nothing to do: it is not its turn", "not-your-turn"
            )
        return rng.choice(view.legal_actions)
