"""AI opponents. Every bot gets only a :class:`~engine.line.view.PlayerView` and a seeded RNG.

``make_bot(level)`` builds one by level name; :data:`BOT_LEVELS` lists them, weakest first.
"""

from __future__ import annotations

from typing import Any

from engine.errors import RulesError
from engine.line.ai.base import Bot, own_call, think_step, think_through
from engine.line.ai.greedy import GreedyBot
from engine.line.ai.medium import MediumBot
from engine.line.ai.random_bot import RandomBot
from engine.line.ai.search import SearchBot

__all__ = [
    "BOT_LEVELS",
    "EXPERT",
    "HARD",
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


SEARCH_READING: dict[str, Any] = {
    "weigh": True,
    "unbiased": True,
    "strength": 4.0,
    "heaviest_first": True,
    "race": 2.5,
    "wary": True,
    "easy_opponents": 0.03,
}
"""How the Hard and Expert searches read and play out a position (see SearchBot): each
guessed deal weighed by how well it explains the play, the clearly worse moves dropped as it
goes, their own side played out warily and the other side as most players play (heaviest
first)."""

HARD: dict[str, Any] = {"worlds": 100, "playouts": 250, **SEARCH_READING}
"""The Hard level's search: up to 100 guessed deals and 250 play-outs."""

EXPERT: dict[str, Any] = {"worlds": 250, "playouts": 560, **SEARCH_READING}
"""The Expert's: more deals and play-outs. The budget counts work, never time: up to
``worlds`` deals and ``playouts`` candidate play-outs, so the decisions with many candidates
(the costly ones) search fewer deals each. (Partner signals, ``partners=True``, are off:
see engine.line.ai.partner.)"""


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
