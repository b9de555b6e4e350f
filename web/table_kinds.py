"""Which table plays which game: the one place that knows every kind of game on the page.

The app asks here for a game (new, restored from a save, opened from a record or a
position, played on from a replay) and for the :class:`web.table.Table` that plays it;
it never asks itself which kind of game it holds. A new kind of game is a new controller
and a new table, listed here.
"""

from __future__ import annotations

import random

from engine import RulesError
from engine.dice.variant import DICE
from engine.line.notation import read_header
from web.line.controller import Controller
from web.dice.controller import DiceController
from web.dice.table import DiceTable
from web.storage.game_record import game_from_position, is_record, read_game
from web.line.table import LineTable
from web.replay.model import Replay
from web.settings import Settings
from web.table import Surroundings, Table

__all__ = [
    "CLICKS",
    "Game",
    "from_position",
    "from_replay",
    "new_game",
    "new_seed",
    "opened",
    "restored",
    "table_for",
]

Game = Controller | DiceController
"""A game at the table: a line-of-play match or a dice session."""

CLICKS = tuple(dict.fromkeys((*LineTable.clicks, *DiceTable.clicks)))
"""The ids of every table's own elements: the app sends their clicks to the table played."""


def new_seed() -> int:
    """A fresh seed for a new game (recorded in the save, so the deal can be replayed)."""
    return random.SystemRandom().randrange(2**31)


def new_game(settings: Settings, seed: int) -> Game:
    """A new game of ``settings``, dealt (and thrown) from ``seed``."""
    if settings.is_dice:
        return DiceController(settings, seed)
    return Controller(settings, seed)


def restored(text: str) -> Game:
    """The game a save holds: a dice session or a line-of-play match (raises :class:`EngineError`)."""
    if _is_dice_record(text):
        return DiceController.restore(text)
    return Controller.restore(text)


def opened(text: str, seed: int) -> Game:
    """The game to play on from the end of a record, or from a position (dealt from ``seed``).

    Raises :class:`EngineError`, saying why in the player's words, if it cannot be played.
    """
    if _is_dice_record(text):
        dice = DiceController.restore(text)
        if dice.session.is_over:
            raise RulesError("this game is over: start a new one", "match-over")
        dice.announcements.append("The game you opened is on the table: play on.")
        return dice
    if is_record(text):
        settings, match = read_game(text)
        if match.is_over:
            raise RulesError("this match is over: replay it instead", "match-over")
        controller = Controller.over(settings, match)
        controller.announcements.append("The game you opened is on the table: play on.")
        return controller
    controller = Controller.over(*game_from_position(text, seed))
    controller.announcements.append("The position you opened is on the table: play on.")
    return controller


def from_position(text: str, seed: int, levels: tuple[str, ...]) -> Game:
    """The game a position link starts (the computer players at ``levels``, if any)."""
    return Controller.over(*game_from_position(text, seed, levels))


def from_replay(replay: Replay, hand_index: int, move: int) -> Game:
    """Play on, against the computer, from a point of a replay."""
    controller = Controller.over(replay.settings, replay.match.replayed_to(hand_index, move))
    controller.announcements.append(f"Playing on from hand {hand_index + 1}, move {move} of the replay.")
    return controller


def table_for(
    game: Game, around: Surroundings, before: Table | None = None, throw_now: bool = False
) -> Table:
    """The table that plays ``game``, in place of ``before``; ``throw_now``: a new dice game's
    first throw is seen rolling. A line-of-play game after another slides on from its board."""
    if isinstance(game, DiceController):
        return DiceTable(around, game, throw_now)
    return LineTable(around, game, before.scene_drawn if isinstance(before, LineTable) else None)


def _is_dice_record(text: str) -> bool:
    return is_record(text) and read_header(text).get("Variant") == DICE.id
