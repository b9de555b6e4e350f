"""The train family behind the seam every game shares: :class:`TrainGame` (the catalogue
entries are :data:`engine.trains.variant.MEXICAN_TRAIN_GAME` and
:data:`~engine.trains.variant.CHICKEN_FOOT_GAME`) and a :class:`~engine.trains.match.TrainMatch`
as a :class:`~engine.game.GameState`: one seat acts at a time, and a round is a hand."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.errors import IllegalActionError, NotationError, RulesError
from engine.game import Game, GameState, Outcome
from engine.tiles import Tile
from engine.trains.actions import Draw, EndRun, Pass, Play, TrainAction
from engine.trains.rules import TrainRules, train_rules

if TYPE_CHECKING:
    # A game's rounds, views and records are imported when a game is first started or read:
    # the catalogue lists these games at every boot, a player opens them rarely.
    from engine.trains.match import TrainMatch
    from engine.trains.view import TrainView

__all__ = ["TrainGame", "TrainGameState"]


@dataclass(frozen=True, slots=True, kw_only=True)
class TrainGame(Game):
    """Mexican Train or Chicken Foot as a catalogue entry: a game of rounds, lowest total
    winning, so it has no point target."""

    def rules_for(self, players: int | None = None, options: Mapping[str, str] | None = None) -> TrainRules:
        """The rules for ``players`` (default: :attr:`default_players`) with these options
        (checked; defaults filled in)."""
        players = self.check_players(players)
        return train_rules(self.id, players, self.resolve_options(players, options))

    def start(
        self,
        players: int | None = None,
        seed: int = 0,
        target: int | None = None,
        options: Mapping[str, str] | None = None,
    ) -> GameState:
        """A new game dealt from ``seed``; ``target`` may only be the game's none."""
        from engine.trains.match import TrainMatch

        targets, _ = self.targets_for(options)
        if target is not None and target not in targets:
            raise RulesError(f"{self.id} is played over rounds, not to {target} points", "bad-option")
        return TrainGameState(self, TrainMatch(self.rules_for(players, options), seed))

    def read(self, text: str) -> GameState:
        """The game a record of Mexican Train or Chicken Foot describes (see
        :func:`engine.trains.notation.read_train_record`)."""
        from engine.trains.notation import read_train_record

        match = read_train_record(text)
        if match.rules.variant != self.id:
            raise NotationError(f"a record of {match.rules.variant}, not of {self.id}", "bad-record")
        return TrainGameState(self, match)


class TrainGameState:
    """A :class:`TrainMatch` behind the :class:`~engine.game.GameState` protocol."""

    def __init__(self, game: TrainGame, match: TrainMatch) -> None:
        """The state of ``match``, a game of ``game`` (played on through this state or directly)."""
        self._game = game
        self.match = match

    @property
    def game(self) -> Game:
        """The game's catalogue entry."""
        return self._game

    @property
    def players(self) -> int:
        """How many seats the game has."""
        return self.match.rules.players

    @property
    def is_over(self) -> bool:
        """Whether the last round has been played."""
        return self.match.is_over

    @property
    def hand_is_over(self) -> bool:
        """Whether the round in play has ended."""
        return self.match.round.is_over

    def next_hand(self) -> None:
        """Deal the next round."""
        self.match.next_round()

    def acting(self) -> tuple[int, ...]:
        """The seat to play (none between rounds)."""
        return () if self.hand_is_over else (self.match.round.turn,)

    def legal_actions(self, seat: int) -> tuple[TrainAction, ...]:
        """What ``seat`` may do now."""
        return self.match.round.legal_actions(seat)

    def apply(self, seat: int, action: object) -> None:
        """``seat`` takes ``action``, checked by the round."""
        if not isinstance(action, (Play, Draw, Pass, EndRun)):
            raise IllegalActionError(f"{action!r} is not an action of {self._game.name}", "unknown-action")
        self.match.apply(seat, action)

    def view(self, seat: int) -> TrainView:
        """What ``seat`` sees now."""
        from engine.trains.view import train_view

        return train_view(self.match, seat)

    def record(self) -> str:
        """The game's record."""
        from engine.trains.notation import write_train_record

        return write_train_record(self.match)

    def outcome(self) -> Outcome | None:
        """Once the last round is over: the lowest totals' seats, and every seat's total."""
        if not self.match.is_over:
            return None
        return Outcome(self.match.winners(), self.match.totals)

    def hidden_from(self, seat: int) -> frozenset[Tile]:
        """The other players' tiles and the boneyard."""
        return self.match.round.hidden_from(seat)

    def tile_places(self) -> Mapping[str, tuple[Tile, ...]]:
        """Each seat's tiles, the boneyard and the table (the round's double and the trains)."""
        played = self.match.round
        places = {f"seat {seat}": tuple(hand) for seat, hand in enumerate(played.hands)}
        places["boneyard"] = tuple(played.boneyard)
        places["table"] = played.table_tiles()
        return places
