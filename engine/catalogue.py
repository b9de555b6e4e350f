"""Every game the table offers, by id: the line-of-play rule sets and Dice and Dominoes.

Each entry is a :class:`~engine.game.Game`: what the app lists and explains, and how a game
of it starts or is read from its record. A new kind of game adds its entry here.
"""

from __future__ import annotations

from engine.dice.variant import DICE
from engine.errors import RulesError
from engine.game import Game
from engine.line.game import LINE_GAMES

__all__ = ["GAMES", "get_game"]

GAMES: dict[str, Game] = {**LINE_GAMES, DICE.id: DICE}
"""Every game the app offers, by id, in the order the new-game dialog lists them."""


def get_game(game_id: str) -> Game:
    """Any offered game by id, or a :class:`RulesError` (``unknown-variant``) listing them."""
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise RulesError(f"unknown variant {game_id!r}; known: {known}", "unknown-variant") from None
