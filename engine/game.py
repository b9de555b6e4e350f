"""What every kind of game shares: the seam between the games and everything that plays them.

A kind of game (the line-of-play games of :mod:`engine.line`, Dice and Dominoes of
:mod:`engine.dice`) offers the same two things, as OpenSpiel's games do:

- a :class:`Game`: a catalogue entry (name, group, source, summary, rules, player counts,
  options) that starts a game from settings and a seed, or reads one from its record;
- a :class:`GameState`: one game in play. Who may act, their legal actions, a checked apply
  that raises :class:`~engine.errors.IllegalActionError`, a seat's view holding only what that
  seat may see, its record, whether it is over and how it ended.

:mod:`engine.catalogue` lists every :class:`Game`. A new kind of game is a new package with
its own entry and state, with no ``if`` in the others.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from engine.errors import RulesError
from engine.tiles import Tile

__all__ = ["NO_TARGET", "Entry", "Game", "GameState", "Option", "Outcome", "bot_rng"]

NO_TARGET = 0
"""The target of a game played for something else than points (Dice and Dominoes plays for chips)."""


def bot_rng(seed: int, seat: int) -> random.Random:
    """The random source of the computer player in ``seat`` of a game seeded ``seed``.

    Separate from the game's own chance (the deal, the dice), so a computer player's choices
    never change what is dealt or thrown.
    """
    return random.Random(seed * 1009 + seat + 1)


@dataclass(frozen=True, slots=True)
class Option:
    """A choice a game offers, with its values and the default ``shared/RULES.md`` names.

    ``players`` lists the player counts it applies to (empty: all). ``choices`` pairs
    each value with a label for the app; ``explains`` pairs each value with a sentence
    saying what the table does with that value chosen (the new-game dialog shows it
    under the choice). ``description`` says what the option is about in general.
    """

    id: str
    label: str
    description: str
    choices: tuple[tuple[str, str], ...]
    default: str
    players: tuple[int, ...] = ()
    explains: tuple[tuple[str, str], ...] = ()

    @property
    def values(self) -> tuple[str, ...]:
        """The allowed values."""
        return tuple(value for value, _ in self.choices)

    def applies_to(self, players: int) -> bool:
        """Whether the option means anything at a table of ``players``."""
        return not self.players or players in self.players

    def label_of(self, value: str) -> str:
        """The label of one of the values."""
        return dict(self.choices)[value]

    def explain(self, value: str) -> str:
        """What the table does with ``value`` chosen, in a player's words (the general
        description where no sentence is given for that value)."""
        return dict(self.explains).get(value, self.description)


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: the seats that won it and each seat's final standing
    (its side's points in a match, its chips in a dice session)."""

    winners: tuple[int, ...]
    standings: tuple[int, ...]


class GameState(Protocol):
    """One game in play, of any kind: a match of a line game, a session of Dice and Dominoes.

    A game is a string of hands. While a hand is in play, the seats in :meth:`acting` choose
    among their :meth:`legal_actions` (one seat at a time in a line game, every seat at once
    in the dice game); once it is over, :meth:`next_hand` deals the next, until
    :attr:`is_over`.
    """

    @property
    def game(self) -> Game:
        """The catalogue entry of the game being played."""
        ...

    @property
    def players(self) -> int:
        """How many seats the game has."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether the whole game (the match, the session) has ended."""
        ...

    @property
    def hand_is_over(self) -> bool:
        """Whether the hand in play has ended (the game may go on with :meth:`next_hand`)."""
        ...

    def next_hand(self) -> None:
        """Deal the next hand; raises :class:`~engine.errors.IllegalActionError` during a hand
        or once the game is over."""
        ...

    def acting(self) -> tuple[int, ...]:
        """The seats that may act now (none between hands and once the game is over)."""
        ...

    def legal_actions(self, seat: int) -> tuple[object, ...]:
        """What ``seat`` may do now, in a stable order (empty if it may do nothing)."""
        ...

    def apply(self, seat: int, action: object) -> None:
        """``seat`` does ``action``, checked: an action it may not do now raises
        :class:`~engine.errors.IllegalActionError` and changes nothing."""
        ...

    def view(self, seat: int) -> object:
        """Exactly what ``seat`` may see now: never a tile or a choice hidden from it."""
        ...

    def record(self) -> str:
        """The game's record: the text :meth:`Game.read` turns back into this state."""
        ...

    def outcome(self) -> Outcome | None:
        """How the game ended (``None`` while it goes on)."""
        ...

    def hidden_from(self, seat: int) -> frozenset[Tile]:
        """The tiles of the hand in play whose place ``seat`` cannot know: the other players'
        tiles and the boneyard, less any tile it has seen where it now lies."""
        ...

    def tile_places(self) -> Mapping[str, tuple[Tile, ...]]:
        """Where every tile of the hand in play lies, by place (each seat's tiles, the
        boneyard, the table): together, the tiles the game is played with, each once per set."""
        ...


@dataclass(frozen=True, slots=True, kw_only=True)
class Entry:
    """What the app lists and explains of a game or rule set, and the choices it offers.

    The id (in links, records and code), the name, the group of the new-game dialog, the
    source text it follows (a file in ``shared/seeds``), a short summary, the rules as the
    rules panel's paragraphs, the player counts and the options, each with the default
    ``shared/RULES.md`` gives.
    """

    id: str
    name: str
    group: str
    source: str
    summary: str
    rules_text: tuple[str, ...]
    """The rules, one short paragraph each, as the app's rules panel shows them."""
    player_counts: tuple[int, ...]
    default_players: int
    options: tuple[Option, ...] = ()
    record_only_options: tuple[str, ...] = ()
    """Options a record of the game may carry that the table does not offer (the value the
    record gives plays on as written; a new game of the table has the game's own)."""

    def targets_for(self, options: Mapping[str, str] | None = None) -> tuple[tuple[int, ...], int]:
        """The targets offered with these options, and the default one (a game played for
        something else than points offers only :data:`NO_TARGET`)."""
        return (NO_TARGET,), NO_TARGET

    def check_players(self, players: int | None) -> int:
        """``players``, or the default when ``None``; a :class:`RulesError` if the game is not
        played by that many."""
        players = self.default_players if players is None else players
        if players not in self.player_counts:
            counts = ", ".join(str(count) for count in self.player_counts)
            raise RulesError(f"{self.id} is played by {counts} players, not {players}", "bad-player-count")
        return players

    def option(self, option_id: str) -> Option:
        """One of the game's options by id, or a :class:`RulesError` naming the known ones."""
        for option in self.options:
            if option.id == option_id:
                return option
        known = ", ".join(option.id for option in self.options) or "none"
        raise RulesError(f"{self.id} has no option {option_id!r}; its options: {known}", "bad-option")

    def options_for(self, players: int) -> tuple[Option, ...]:
        """The options that apply at a table of ``players``."""
        return tuple(option for option in self.options if option.applies_to(players))

    def resolve_options(self, players: int, options: Mapping[str, str] | None = None) -> dict[str, str]:
        """Every option that applies at ``players``, with the given values or the defaults.

        Raises :class:`RulesError` (``bad-option``) for an unknown option, an unknown value,
        or a non-default value of an option that does not apply at this player count.
        """
        given = dict(options or {})
        for option_id, value in given.items():
            option = self.option(option_id)
            if value not in option.values:
                values = ", ".join(option.values)
                raise RulesError(
                    f"{self.id} option {option_id} is one of {values}, not {value!r}", "bad-option"
                )
            if not option.applies_to(players) and value != option.default:
                counts = ", ".join(str(count) for count in option.players)
                raise RulesError(
                    f"{self.id} option {option_id}={value} is for {counts} players, not {players}",
                    "bad-option",
                )
        return {option.id: given.get(option.id, option.default) for option in self.options_for(players)}

    def describe_options(self, options: Mapping[str, str]) -> tuple[str, ...]:
        """One line per option set to something other than its default, for the rules panel."""
        lines = []
        for option in self.options:
            value = options.get(option.id, option.default)
            if value != option.default:
                lines.append(f"{option.label}: {option.label_of(value)}. {option.explain(value)}")
        return tuple(lines)


@dataclass(frozen=True, slots=True, kw_only=True)
class Game(Entry, ABC):
    """A kind of game as the catalogue lists it (its :class:`Entry`), and how to start a game
    of it or read one from its record."""

    @abstractmethod
    def start(
        self,
        players: int | None = None,
        seed: int = 0,
        target: int | None = None,
        options: Mapping[str, str] | None = None,
    ) -> GameState:
        """A new game for ``players`` (default: :attr:`default_players`) played to ``target``
        (default: the game's) with ``options`` (checked; defaults filled in), its chance
        seeded by ``seed``. Raises :class:`~engine.errors.RulesError` for a setting the game
        does not offer."""

    @abstractmethod
    def read(self, text: str) -> GameState:
        """The game a record of this kind describes, replayed with every move checked; raises
        :class:`~engine.errors.NotationError` for text that is not such a record."""

    def check_settings(
        self, players: int | None = None, target: int | None = None, options: Mapping[str, str] | None = None
    ) -> None:
        """Nothing if the game is offered for these settings (nothing is dealt), else a
        :class:`~engine.errors.RulesError` saying why."""
        resolved = self.resolve_options(self.check_players(players), options)
        targets, _ = self.targets_for(resolved)
        if target is not None and target not in targets:
            raise RulesError(f"{self.id} is not played to {target} points", "bad-option")
