"""What every kind of game shares: the seam between the games, the catalogue and their callers."""

from __future__ import annotations

import random

__all__ = ["bot_rng"]


def bot_rng(seed: int, seat: int) -> random.Random:
    """The random source of the computer player in ``seat`` of a game seeded ``seed``.

    Separate from the game's own chance (the deal, the dice), so a computer player's choices
    never change what is dealt or thrown.
    """
    return random.Random(seed * 1009 + seat + 1)
