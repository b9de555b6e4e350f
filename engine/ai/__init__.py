"""AI opponents. Every bot gets only a :class:`~engine.view.PlayerView` and a seeded RNG.

``make_bot(level)`` builds one by level name; :data:`BOT_LEVELS` lists them, weakest first.
"""

from __future__ import annotations

from engine.ai.base import Bot, own_call
from engine.ai.greedy import GreedyBot
from engine.ai.random_bot import RandomBot
from engine.errors import RulesError

__all__ = ["BOT_LEVELS", "Bot", "GreedyBot", "RandomBot", "make_bot", "own_call"]

BOT_LEVELS: dict[str, str] = {
    "random": "Beginner: plays a random legal move",
    "greedy": "Easy: plays its heaviest playable tile",
}


def make_bot(level: str) -> Bot:
    """The bot for a level name in :data:`BOT_LEVELS`."""
    if level == "random":
        return RandomBot()
    if level == "greedy":
        return GreedyBot()
    known = ", ".join(BOT_LEVELS)
    raise RulesError(f"unknown AI level {level!r}; known: {known}", "bad-option")
