"""AI opponents. Every bot gets only a :class:`~engine.view.PlayerView` and a seeded RNG.

``make_bot(level)`` builds one by level name; :data:`BOT_LEVELS` lists them, weakest first.
"""

from __future__ import annotations

from typing import Any

from engine.ai.base import Bot, own_call, think_step, think_through
from engine.ai.greedy import GreedyBot
from engine.ai.medium import MediumBot
from engine.ai.random_bot import RandomBot
from engine.ai.search import SearchBot
from engine.errors import RulesError

__all__ = [
    "BOT_LEVELS",
    "Bot",
    "GreedyBot",
    "MediumBot",
    "RandomBot",
    "SearchBot",
    "make_bot",
    "own_call",
    "think_step",
    "think_through",
]

BOT_LEVELS: dict[str, str] = {
    "random": "Beginner: plays a random legal move",
    "greedy": "Easy: plays its heaviest playable tile",
    "medium": "Medium: follows the strategy notes (keeps suits, watches passes)",
    "hard": "Hard: guesses the hidden tiles from the play and plays each move out",
    "expert": "Expert: reads the table closely and searches longest",
}


HARD: dict[str, Any] = {"worlds": 40, "oversample": 4, "strength": 4.0, "heaviest_first": True}
"""The Hard level's search: 40 guessed deals, read with the model of play (see SearchBot)."""

EXPERT: dict[str, Any] = {
    "worlds": 250,
    "oversample": 8,
    "strength": 4.0,
    "heaviest_first": True,
    "wary": True,
    "easy_opponents": 0.03,
}
"""The Expert's: more deals, read more closely, wary play-outs for its own side, and
opponents played out as most players play (heaviest first)."""


def make_bot(level: str) -> Bot:
    """The bot for a level name in :data:`BOT_LEVELS`."""
    if level == "random":
        return RandomBot()
    if level == "greedy":
        return GreedyBot()
    if level == "medium":
        return MediumBot()
    if level == "hard":
        return SearchBot("hard", **HARD)
    if level == "expert":
        return SearchBot("expert", **EXPERT)
    known = ", ".join(BOT_LEVELS)
    raise RulesError(f"unknown AI level {level!r}; known: {known}", "bad-option")
