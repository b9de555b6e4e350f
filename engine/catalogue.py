"""Every game the table offers, by id: the line-of-play rule sets, Dice and Dominoes and the
train games (Mexican Train, Chicken Foot).

Each entry is a :class:`~engine.game.Game`: what the app lists and explains, and how a game
of it starts or is read from its record. Beside the entries, each kind of game's computer
players (their levels, and the one a game gets when none is named) and the order of the
new-game dialog's groups. A new kind of game adds its entries, its players and its groups
here, and nothing anywhere else asks which kind a game is.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from engine.dice.ai import DICE_LEVELS_SAID
from engine.dice.game import DiceGame
from engine.dice.variant import DICE, DICE_GROUP
from engine.errors import RulesError
from engine.game import Game
from engine.line.ai import BOT_LEVELS
from engine.line.ai.strength import LEVEL_RATINGS
from engine.line.game import LINE_GAMES, LineGame
from engine.line.variants import GROUPS as LINE_GROUPS
from engine.trains.ai import TRAIN_LEVELS_SAID
from engine.trains.game import TrainGame
from engine.trains.variant import TRAIN_GAMES, TRAIN_GROUP

__all__ = ["GAMES", "GROUPS", "ComputerPlayers", "computer_players", "get_game"]

GAMES: dict[str, Game] = {**LINE_GAMES, DICE.id: DICE, **TRAIN_GAMES}
"""Every game the app offers, by id, in the order the new-game dialog lists them."""

GROUPS: tuple[str, ...] = (*LINE_GROUPS, DICE_GROUP, TRAIN_GROUP)
"""The new-game dialog's groups, in order: every game's :attr:`~engine.game.Entry.group` is one."""


@dataclass(frozen=True)
class ComputerPlayers:
    """The computer players of a kind of game: their levels (id to the name shown and how
    it plays, "Easy: plays its heaviest playable tile", weakest first), the level a seat
    gets when a link or a record names none, and the levels' ratings in each family of
    rule sets (a new-game group) where the arena has measured them (a person's rating
    against them moves after each match: ``web.storage.ratings``)."""

    levels: Mapping[str, str]
    default: str
    ratings: Mapping[str, Mapping[str, int]] = field(default_factory=dict)

    def rating(self, family: str, level: str) -> int | None:
        """The rating of ``level`` in ``family`` (``None`` where it is not measured)."""
        return self.ratings.get(family, {}).get(level)


_PLAYERS_OF_KIND: dict[type[Game], ComputerPlayers] = {
    LineGame: ComputerPlayers(BOT_LEVELS, "greedy", LEVEL_RATINGS),
    DiceGame: ComputerPlayers(DICE_LEVELS_SAID, "canny"),
    TrainGame: ComputerPlayers(TRAIN_LEVELS_SAID, "medium"),
}


def computer_players(game_id: str) -> ComputerPlayers:
    """The computer players of an offered game (a :class:`RulesError` for an unknown id)."""
    return _PLAYERS_OF_KIND[type(get_game(game_id))]


def get_game(game_id: str) -> Game:
    """Any offered game by id, or a :class:`RulesError` (``unknown-variant``) listing them."""
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise RulesError(f"unknown variant {game_id!r}; known: {known}", "unknown-variant") from None
