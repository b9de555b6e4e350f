"""Dice and Dominoes behind the seam every game shares: its catalogue entry's kind
(:class:`DiceGame`; the entry itself is :data:`engine.dice.variant.DICE`), and a
:class:`~engine.dice.session.DiceSession` as a :class:`~engine.game.GameState`, where every
seat in the hand chooses at once and a Double Perfect's player chooses whether the dice are
thrown again."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.dice.round import Commitment
from engine.errors import IllegalActionError, RulesError
from engine.game import Game, GameState, Outcome
from engine.tiles import Tile

if TYPE_CHECKING:
    # A session, its hands and its records are imported when a session is first started
    # or read: the catalogue lists this game at every boot, a player opens it rarely.
    from engine.dice.hand import DiceView
    from engine.dice.session import DiceSession

__all__ = ["DiceAction", "DiceGame", "DiceGameState", "Rethrow"]


@dataclass(frozen=True, slots=True, kw_only=True)
class DiceGame(Game):
    """Dice and Dominoes as a catalogue entry: a session for chips, started or read.

    Its options are ``chips`` (each player's chips at the start), ``sets`` (double-six sets
    shuffled together) and ``extra-ante``; it plays for chips, so it has no point target.
    """

    def new_session(self, players: int | None, seed: int, options: Mapping[str, str] | None = None) -> DiceSession:
        """A new session for ``players`` (default: :attr:`default_players`) with these options
        (checked; defaults filled in), its deals, dice and draws seeded by ``seed``."""
        from engine.dice.session import DiceSession

        players = self.check_players(players)
        chosen = self.resolve_options(players, options)
        return DiceSession.seeded(
            players,
            seed,
            chips=int(chosen["chips"]),
            sets=int(chosen["sets"]),
            extra_ante=chosen["extra-ante"] == "on",
        )

    def start(
        self,
        players: int | None = None,
        seed: int = 0,
        target: int | None = None,
        options: Mapping[str, str] | None = None,
    ) -> GameState:
        """A new session (see :meth:`new_session`); ``target`` may only be the game's none."""
        targets, _ = self.targets_for(options)
        if target is not None and target not in targets:
            raise RulesError(f"{self.id} is played for chips, not to {target} points", "bad-option")
        return DiceGameState(self, self.new_session(players, seed, options))

    def read(self, text: str) -> GameState:
        """The session a dice record describes (see :func:`engine.dice.notation.read_dice_record`)."""
        from engine.dice.notation import read_dice_record

        return DiceGameState(self, read_dice_record(text))


@dataclass(frozen=True, slots=True)
class Rethrow:
    """A Double Perfect's player's choice: throw the dice again for the next round, or not."""

    again: bool

    def __str__(self) -> str:
        return "throw again" if self.again else "keep the dice"


DiceAction = Commitment | Rethrow
"""What a seat does in Dice and Dominoes: put out its tiles, or choose whether to throw again."""

_RETHROW_CHOICES = (Rethrow(True), Rethrow(False))


class DiceGameState:
    """A :class:`DiceSession` behind the :class:`~engine.game.GameState` protocol."""

    def __init__(self, game: DiceGame, session: DiceSession) -> None:
        """The state of ``session``, a session of ``game`` (played on through this state or directly)."""
        self._game = game
        self.session = session

    @property
    def game(self) -> Game:
        """Dice and Dominoes' catalogue entry."""
        return self._game

    @property
    def players(self) -> int:
        """How many seats the session has (some may have dropped out)."""
        return self.session.players

    @property
    def is_over(self) -> bool:
        """Whether the session has ended."""
        return self.session.is_over

    @property
    def hand_is_over(self) -> bool:
        """Whether the hand in play has ended."""
        hand = self.session.hand
        return hand is None or hand.is_over

    def next_hand(self) -> None:
        """Collect the antes and deal the next hand (see :meth:`DiceSession.next_hand`)."""
        self.session.next_hand()

    def _awaiting_rethrow(self) -> tuple[int, ...]:
        hand = self.session.hand
        if hand is None:
            return ()
        return tuple(self.session.seats_in_hand[index] for index in hand.awaiting_rethrow)

    def acting(self) -> tuple[int, ...]:
        """The Double Perfect's players while they choose, else every seat yet to put out its tiles."""
        if self.hand_is_over:
            return ()
        return self._awaiting_rethrow() or tuple(
            seat for seat in self.session.seats_in_hand if self.session.legal_commitments(seat)
        )

    def legal_actions(self, seat: int) -> tuple[DiceAction, ...]:
        """The two choices of a Double Perfect's player, or the tiles ``seat`` may put out."""
        if self.hand_is_over:
            return ()
        if seat in self._awaiting_rethrow():
            return _RETHROW_CHOICES
        return self.session.legal_commitments(seat)

    def apply(self, seat: int, action: object) -> None:
        """``seat`` puts out its tiles or chooses to throw again, checked by the session."""
        if isinstance(action, Rethrow):
            self.session.choose_rethrow(seat, action.again)
        elif isinstance(action, Commitment):
            self.session.commit(seat, action)
        else:
            raise IllegalActionError(f"{action!r} is not an action of Dice and Dominoes", "unknown-action")

    def view(self, seat: int) -> DiceView | None:
        """What ``seat`` sees of the hand in play (``None`` if it sits this hand out)."""
        return self.session.view(seat)

    def record(self) -> str:
        """The session's record, choices already made in a round in play included (a save)."""
        from engine.dice.notation import write_dice_record

        return write_dice_record(self.session)

    def outcome(self) -> Outcome | None:
        """Once the session is over: the seats holding the most chips, and every seat's chips."""
        if not self.session.is_over:
            return None
        chips = tuple(self.session.chips)
        return Outcome(tuple(seat for seat, held in enumerate(chips) if held == max(chips)), chips)

    def hidden_from(self, seat: int) -> frozenset[Tile]:
        """The other players' tiles and the boneyard, less the tiles put out face up and taken
        back (everyone saw them) and any tile of which ``seat`` sees another copy (two sets)."""
        hand = self.session.hand
        if hand is None:
            return frozenset()
        seats = self.session.seats_in_hand
        mine = seats.index(seat) if seat in seats else -1
        others = {tile for index, held in enumerate(hand.hands) if index != mine for tile in held}
        shown = {tile for past in hand.rounds for commitment in past.commitments for tile in commitment.up}
        seen = set(hand.discards) | (set(hand.hands[mine]) if mine >= 0 else set())
        return frozenset((others | set(hand.boneyard)) - shown - seen)

    def tile_places(self) -> Mapping[str, tuple[Tile, ...]]:
        """Each seat's tiles (put out ones included until the reveal), the boneyard and the discards."""
        hand = self.session.hand
        if hand is None:
            return {}
        places = {
            f"seat {seat}": tuple(hand.hands[index]) for index, seat in enumerate(self.session.seats_in_hand)
        }
        places["boneyard"] = tuple(hand.boneyard)
        places["discards"] = tuple(hand.discards)
        return places
