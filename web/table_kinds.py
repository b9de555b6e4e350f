"""Which table plays which game: the one place on the page that knows every kind of game.

The app asks here for a game (new, restored from a save, opened from a record or a
position, played on from a replay), for the :class:`web.table.Table` that plays it and for
the replay of a record; it never asks itself which kind of game it holds. Each kind of game
in the engine's catalogue has a :class:`TableKind` here: its controller, its table and its
replay. A new kind of game is a new controller, table and replay, listed in :data:`KINDS`.

A kind is loaded (its modules imported) the first time a game of it is asked for: a boot
imports the line games' page only; the dice game's and the train games' are imported the
first time one is opened.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

from engine.catalogue import GAMES
from engine.dice.game import DiceGame
from engine.game import Game as GameEntry
from engine.line.game import LineGame
from engine.line.notation import read_header
from engine.trains.game import TrainGame
from web.daily import DAILY_CLICKS
from web.dice.elements import DICE_CLICKS
from web.line.controller import Controller
from web.line.table import LineTable
from web.puzzles import PUZZLE_CLICKS
from web.replay.model import Replay, Stepping
from web.settings import Settings
from web.storage.game_record import game_from_position, is_record
from web.table import Surroundings, Table
from web.trains.elements import TRAIN_CLICKS

if TYPE_CHECKING:
    from web.dice.controller import DiceController
    from web.dice.replay import DiceReplay
    from web.trains.controller import TrainController
    from web.trains.replay import TrainReplay

__all__ = [
    "CLICKS",
    "KINDS",
    "Game",
    "TableKind",
    "from_position",
    "from_replay",
    "moves_made",
    "new_game",
    "new_seed",
    "opened",
    "replay_of_text",
    "restored",
    "table_for",
]

Game: TypeAlias = "Controller | DiceController | TrainController"
"""A game at the table: a line-of-play match, a dice session or a train game."""


@dataclass(frozen=True)
class TableKind:
    """How the page plays one kind of game: its controller (new, restored from a save, played
    on from a record), the table that shows it, and the replay of its records."""

    controller: type[Controller] | type[DiceController] | type[TrainController]
    table: Callable[[Game, Surroundings, Table | None, bool], Table]
    replay: type[Replay] | type[DiceReplay] | type[TrainReplay]


def _line_table(game: Game, around: Surroundings, before: Table | None, throw_now: bool) -> Table:
    """A line-of-play game after another slides on from the board drawn before it."""
    assert isinstance(game, Controller)
    return LineTable(around, game, before.scene_drawn if isinstance(before, LineTable) else None)


def _line_kind() -> TableKind:
    return TableKind(Controller, _line_table, Replay)


def _dice_kind() -> TableKind:
    """The dice game's page, imported the first time a dice game is asked for."""
    from web.dice.controller import DiceController
    from web.dice.replay import DiceReplay
    from web.dice.table import DiceTable

    def dice_table(game: Game, around: Surroundings, before: Table | None, throw_now: bool) -> Table:
        assert isinstance(game, DiceController)
        return DiceTable(around, game, throw_now)

    return TableKind(DiceController, dice_table, DiceReplay)


def _train_kind() -> TableKind:
    """The train games' page, imported the first time a train game is asked for."""
    from web.trains.controller import TrainController
    from web.trains.replay import TrainReplay
    from web.trains.table import TrainTable

    def train_table(game: Game, around: Surroundings, before: Table | None, throw_now: bool) -> Table:
        assert isinstance(game, TrainController)
        return TrainTable(around, game)

    return TableKind(TrainController, train_table, TrainReplay)


KINDS: dict[type[GameEntry], Callable[[], TableKind]] = {
    LineGame: _line_kind,
    DiceGame: _dice_kind,
    TrainGame: _train_kind,
}
"""Each kind of game of the engine's catalogue (its entry's type), and how to load how the
page plays it."""

_loaded: dict[type[GameEntry], TableKind] = {LineGame: _line_kind()}
"""The kinds loaded so far (a game of a kind exists only once its kind is loaded): the line
games' from the start (a position opens one without asking for a kind)."""


def _kind(entry: type[GameEntry]) -> TableKind:
    """The kind of game ``entry`` names, loaded the first time it is asked for."""
    if entry not in _loaded:
        _loaded[entry] = KINDS[entry]()
    return _loaded[entry]


CLICKS = tuple(dict.fromkeys((*LineTable.clicks, *DICE_CLICKS, *TRAIN_CLICKS, *PUZZLE_CLICKS, *DAILY_CLICKS)))
"""The ids of every table's own elements: the app sends their clicks to the table played."""


def new_seed() -> int:
    """A fresh seed for a new game (recorded in the save, so the deal can be replayed)."""
    return random.SystemRandom().randrange(2**31)


def new_game(settings: Settings, seed: int, *, from_link: bool = False) -> Game:
    """A new game of ``settings``, dealt (and thrown) from ``seed``: a fresh seed's game
    commits to each deal before it is dealt (:mod:`engine.fair_deals`); a seed a link names
    (``from_link``) deals as that seed always has, so that a link keeps showing its game
    (and a seed known to all proves its deals without a commitment)."""
    return _kind_of_variant(settings.variant).controller(settings, seed, committed=not from_link)


def restored(text: str) -> Game:
    """The game a save holds, of whichever kind (raises :class:`EngineError`)."""
    return _kind_of_text(text).controller.restore(text)


def moves_made(text: str) -> int:
    """How many moves were made in the game a save holds (raises :class:`EngineError`)."""
    return restored(text).moves_made()


def opened(text: str, seed: int) -> Game:
    """The game to play on from the end of a record, or from a position (dealt from ``seed``).

    Raises :class:`EngineError`, saying why in the player's words, if it cannot be played.
    """
    if is_record(text):
        return _kind_of_text(text).controller.play_on(text)
    controller = Controller.over(*game_from_position(text, seed))
    controller.announcements.append("The position you opened is on the table: play on.")
    return controller


def from_position(text: str, seed: int, levels: tuple[str, ...], *, from_link: bool = False) -> Game:
    """The game a position link starts (the computer players at ``levels``, if any; the
    hands after it committed unless the link named the seed: see :func:`new_game`)."""
    return Controller.over(*game_from_position(text, seed, levels, committed=not from_link))


def from_replay(replay: Replay, hand_index: int, move: int) -> Game:
    """Play on, against the computer, from a point of a replay."""
    controller = Controller.over(replay.settings, replay.match.replayed_to(hand_index, move))
    controller.announcements.append(f"Playing on from hand {hand_index + 1}, move {move} of the replay.")
    return controller


def replay_of_text(text: str) -> Stepping:
    """The replay of any game's record; raises :class:`~engine.errors.EngineError` if it is
    not a valid record."""
    return _kind_of_text(text).replay.of_text(text)


def table_for(
    game: Game, around: Surroundings, before: Table | None = None, throw_now: bool = False
) -> Table:
    """The table that plays ``game``, in place of ``before``; ``throw_now``: a new game whose
    first throw (if it has one) is seen rolling."""
    kind = next(kind for kind in _loaded.values() if isinstance(game, kind.controller))
    return kind.table(game, around, before, throw_now)


def _kind_of_variant(variant: str) -> TableKind:
    return _kind(type(GAMES[variant]))


def _kind_of_text(text: str) -> TableKind:
    """The kind of game a record names; a position, a save in the JSON form of old, or a
    record of no known game is read as a line-of-play game (whose reader says what is wrong)."""
    variant = read_header(text).get("Variant") if is_record(text) else None
    return _kind_of_variant(variant) if variant in GAMES else _kind(LineGame)
