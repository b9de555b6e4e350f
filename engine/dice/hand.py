"""Dice and Dominoes (``dice``): one hand's state machine, beside :class:`engine.Hand`.

A hand: four tiles each from one or more shuffled double-six sets, the dice thrown for the
Match Points, then rounds until someone goes out. In a round every seat commits (in any
order; nobody sees another's choice until all have committed), then the reveal is
resolved by :func:`engine.dice.round.resolve_round`: discards go to the face-up pile,
blocked tiles go back, tiles are drawn (in seat order from the thrower) while the boneyard
lasts. The Match Points stay from round to round, unless nobody attempted a discard (the
dice are thrown again) or a Double Perfect was played (its players choose whether to
throw again, all of them agreeing when there are several). Randomness (the shuffle, every
throw, every draw) comes from the :class:`DiceSource` given: a seeded ``random.Random``
(wrapped in :class:`SeededSource`) replays the same hand for the same seed; a record
reader gives one that deals, throws and draws what the record says.

The pot, the antes and the chips belong to the session above; :attr:`DiceHand.winners`
says who takes the pot (``()``: everyone went out together, the pot stays).
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from typing import Protocol

from engine.dice.round import (
    Commitment,
    RoundOutcome,
    Special,
    check_commitment,
    discard_allowed,
    pot_winners,
    resolve_round,
)
from engine.errors import IllegalActionError, RulesError
from engine.tiles import Tile, full_set

__all__ = ["DiceHand", "DiceRound", "DiceSource", "DiceView", "SeededSource", "as_source"]

HAND_SIZE = 4


class DiceSource(Protocol):
    """Where a hand's chance comes from: the deal, each throw of the dice, each tile drawn."""

    def deal(self, players: int, sets: int) -> tuple[list[list[Tile]], list[Tile]]:
        """Four tiles for each seat from ``sets`` double-six sets, and the boneyard."""
        ...

    def throw(self) -> tuple[int, int]:
        """The two dice, each 1 to 6."""
        ...

    def draw(self, seat: int, boneyard: list[Tile]) -> Tile:
        """The tile ``seat`` draws, taken out of ``boneyard`` (which is not empty)."""
        ...


class SeededSource:
    """Chance from a seeded ``random.Random``: shuffled sets, thrown dice, the boneyard's top tile."""

    def __init__(self, rng: random.Random) -> None:
        """Draw every random number from ``rng``."""
        self.rng = rng

    def deal(self, players: int, sets: int) -> tuple[list[list[Tile]], list[Tile]]:
        """Shuffle the sets; seat ``i`` takes the ``i``-th four tiles, the rest are the boneyard."""
        tiles = [tile for _ in range(sets) for tile in full_set(6)]
        self.rng.shuffle(tiles)
        hands = [tiles[seat * HAND_SIZE : (seat + 1) * HAND_SIZE] for seat in range(players)]
        return hands, tiles[players * HAND_SIZE :]

    def throw(self) -> tuple[int, int]:
        """Two fair dice."""
        return (self.rng.randint(1, 6), self.rng.randint(1, 6))

    def draw(self, seat: int, boneyard: list[Tile]) -> Tile:
        """The boneyard's last tile."""
        return boneyard.pop()


def as_source(chance: random.Random | DiceSource) -> DiceSource:
    """A source for ``chance``: a ``random.Random`` is wrapped in a :class:`SeededSource`."""
    return SeededSource(chance) if isinstance(chance, random.Random) else chance


@dataclass(frozen=True)
class DiceRound:
    """A round played: the dice it was played on, each seat's commitment, what happened."""

    dice: tuple[int, int]
    commitments: tuple[Commitment, ...]
    outcome: RoundOutcome
    drawn: tuple[Tile | None, ...]
    """The tile each seat drew at its end (``None``: no draw, or the boneyard was empty)."""
    exempt: tuple[int, ...] = ()
    """Seats excused from drawing this round (two Perfects or two Wildcards the round before)."""
    drew: tuple[bool, ...] = ()
    """Whether each seat drew a tile at the round's end (public: everyone sees who draws)."""

    def seen_by(self, seat: int) -> DiceRound:
        """The round as ``seat`` saw it: another seat's face-down tiles and drawn tile stay
        hidden (``None`` for a tile drawn unseen, its face-down tiles left out)."""
        commitments = tuple(
            c if other == seat else Commitment(c.up, ()) for other, c in enumerate(self.commitments)
        )
        drawn = tuple(tile if other == seat else None for other, tile in enumerate(self.drawn))
        return DiceRound(self.dice, commitments, self.outcome, drawn, self.exempt, self.drew)


@dataclass(frozen=True)
class DiceView:
    """What one seat may see: its own tiles and commitment, everyone's counts, the dice,
    the discard pile, who has committed (never what, until the reveal), and past rounds."""

    seat: int
    hand: tuple[Tile, ...]
    hand_counts: tuple[int, ...]
    thrower: int
    """The seat that threw first this hand (draws go round from it)."""
    sets: int
    """How many double-six sets are in play."""
    dice: tuple[int, int]
    discards: tuple[Tile, ...]
    boneyard_count: int
    committed: tuple[bool, ...]
    my_commitment: Commitment | None
    rounds: tuple[DiceRound, ...]
    """The rounds so far, as this seat saw them (see :meth:`DiceRound.seen_by`)."""
    awaiting_rethrow: tuple[int, ...]
    winners: tuple[int, ...] | None
    legal: tuple[Commitment, ...] = field(default=())
    """The commitments this seat may make now (empty once committed, or when not asked)."""


class DiceHand:
    """One hand of Dice and Dominoes for ``players`` seats."""

    def __init__(
        self, players: int, chance: random.Random | DiceSource, sets: int = 1, thrower: int = 0
    ) -> None:
        """Deal four tiles each from ``sets`` double-six sets and throw the dice, by ``chance``."""
        if players < 2:
            raise RulesError("Dice and Dominoes needs two players or more", "bad-player-count")
        if sets < 1 or players * HAND_SIZE > 28 * sets:
            raise RulesError("not enough tiles for that many players: add a set", "bad-sets")
        self.players = players
        self.thrower = thrower
        self.sets = sets
        self._source = as_source(chance)
        self.hands, self.boneyard = self._source.deal(players, sets)
        self.dealt: tuple[tuple[Tile, ...], ...] = tuple(tuple(held) for held in self.hands)
        """Each seat's four tiles as dealt."""
        self.discards: list[Tile] = []
        self.dice = self._source.throw()
        self.committed: dict[int, Commitment] = {}
        self.rounds: list[DiceRound] = []
        self.awaiting_rethrow: tuple[int, ...] = ()
        """Seats that played a Double Perfect and have not yet said whether to throw again."""
        self._rethrow_votes: dict[int, bool] = {}
        self.rethrow_choices: list[tuple[tuple[int, bool], ...]] = []
        """Per round, the Double Perfect players' choices (seat, throw again) in the order made."""
        self._exempt: set[int] = set()
        """Seats exempt from drawing in the coming round (two Perfects or two Wildcards)."""
        self.winners: tuple[int, ...] | None = None
        """Who takes the pot once the hand is over (``()``: the pot stays); ``None`` during play."""

    @property
    def is_over(self) -> bool:
        """Whether someone has gone out (see :attr:`winners`)."""
        return self.winners is not None

    # --- what a seat may do -------------------------------------------------------------

    def legal_commitments(self, seat: int) -> tuple[Commitment, ...]:
        """Every commitment ``seat`` may make now: two tiles (one when one is held), each
        face up or down, face-up ones being discards the dice allow. Empty when the seat
        has committed this round, or the hand waits for a rethrow choice, or is over."""
        if self.is_over or self.awaiting_rethrow or seat in self.committed:
            return ()
        hand = self.hands[seat]
        size = min(2, len(hand))
        found: dict[Commitment, None] = {}  # (several sets: the same tiles twice, kept once)
        for picked in itertools.combinations(sorted(hand), size):
            for faces in itertools.product((True, False), repeat=size):
                up = tuple(tile for tile, face in zip(picked, faces, strict=True) if face)
                if discard_allowed(up, self.dice):
                    down = tuple(tile for tile, face in zip(picked, faces, strict=True) if not face)
                    found[Commitment(up, down)] = None
        return tuple(found)

    def commit(self, seat: int, commitment: Commitment) -> DiceRound | None:
        """``seat`` puts out its tiles; returns the round once every seat has committed
        (and resolves it), else ``None``. Raises :class:`IllegalActionError` for a
        commitment the rules refuse, a seat that already committed, or a hand over."""
        if self.is_over:
            raise IllegalActionError("the hand is over", "hand-over")
        if self.awaiting_rethrow:
            raise IllegalActionError(
                "the Double Perfect's player chooses whether to throw again first", "rethrow-first"
            )
        if not 0 <= seat < self.players:
            raise RulesError(f"there is no seat {seat}", "bad-seat")
        if seat in self.committed:
            raise IllegalActionError("you have already put out your tiles this round", "already-committed")
        check_commitment(self.hands[seat], commitment, self.dice)
        self.committed[seat] = commitment
        if len(self.committed) < self.players:
            return None
        return self._reveal()

    def choose_rethrow(self, seat: int, again: bool) -> None:
        """A Double Perfect's player says whether the dice are thrown again for the next
        round; with several, they are thrown again only if every one of them says so."""
        if seat not in self.awaiting_rethrow:
            raise IllegalActionError("only the Double Perfect's player chooses to throw again", "no-rethrow")
        self._rethrow_votes[seat] = again
        self.rethrow_choices[-1] += ((seat, again),)
        self.awaiting_rethrow = tuple(s for s in self.awaiting_rethrow if s != seat)
        if not self.awaiting_rethrow:
            if all(self._rethrow_votes.values()):
                self.dice = self._source.throw()
            self._rethrow_votes = {}

    # --- the reveal ---------------------------------------------------------------------

    def _reveal(self) -> DiceRound:
        commitments = tuple(self.committed[seat] for seat in range(self.players))
        outcome = resolve_round(self.hands, commitments, self.dice)
        for seat in range(self.players):
            for tile in outcome.discarded[seat]:
                self.hands[seat].remove(tile)
                self.discards.append(tile)
        drawn: list[Tile | None] = [None] * self.players
        for seat in ((self.thrower + step) % self.players for step in range(self.players)):
            if outcome.draws[seat] and seat not in self._exempt and self.boneyard:
                tile = self._source.draw(seat, self.boneyard)
                self.hands[seat].append(tile)
                drawn[seat] = tile
        record = DiceRound(
            self.dice,
            commitments,
            outcome,
            tuple(drawn),
            tuple(sorted(self._exempt)),
            tuple(tile is not None for tile in drawn),
        )
        self.rounds.append(record)
        self.rethrow_choices.append(())
        self.committed = {}
        self._exempt = set(outcome.exempt_next)
        self.winners = pot_winners(outcome, self.players)
        if self.winners is None:
            if outcome.nobody_attempted:
                self.dice = self._source.throw()
            elif outcome.special is Special.DOUBLE_PERFECT:
                self.awaiting_rethrow = outcome.special_seats
        return record

    # --- what a seat sees ---------------------------------------------------------------

    def view(self, seat: int) -> DiceView:
        """What ``seat`` may see now (never another seat's tiles or commitment before the reveal)."""
        return DiceView(
            seat=seat,
            hand=tuple(self.hands[seat]),
            hand_counts=tuple(len(hand) for hand in self.hands),
            thrower=self.thrower,
            sets=self.sets,
            dice=self.dice,
            discards=tuple(self.discards),
            boneyard_count=len(self.boneyard),
            committed=tuple(s in self.committed for s in range(self.players)),
            my_commitment=self.committed.get(seat),
            rounds=tuple(past.seen_by(seat) for past in self.rounds),
            awaiting_rethrow=self.awaiting_rethrow,
            winners=self.winners,
            legal=self.legal_commitments(seat),
        )
