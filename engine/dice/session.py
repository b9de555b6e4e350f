"""Dice and Dominoes (``dice``): a session of hands played for chips.

Every player starts with the same chips. Each hand, every player still in antes into the
pot (a player who cannot pay the ante drops out); with the extra-ante option, each player
who can pays one more ante after every round in which tiles were drawn. The hand's winners
take the pot (shared evenly; chips that do not divide stay in the pot for the next hand);
when every player went out together the pot stays too. The session ends when fewer than two
players can ante, or when the players stop. Seats keep their numbers; a hand is played by
the players still in, in seat order, and the first throw passes to the next of them each
hand.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.dice.hand import DiceHand, DiceRound, DiceSource, DiceView, as_source
from engine.dice.round import Commitment
from engine.errors import IllegalActionError, RulesError

__all__ = ["DiceSession", "HandPayout"]


@dataclass(frozen=True)
class HandPayout:
    """How a hand ended for the chips: who took the pot, how much each, and the chips after."""

    winners: tuple[int, ...]
    """The seats that took the pot (``()``: everyone went out together, the pot stays)."""
    share: int
    """The chips each winner took."""
    chips: tuple[int, ...]
    """Every seat's chips after the hand."""
    pot: int
    """What was left in the pot after the hand (odd chips, or the whole pot when kept)."""


class DiceSession:
    """Hands of Dice and Dominoes for ``players`` seats, each starting with ``chips``."""

    def __init__(
        self,
        players: int,
        chance: random.Random | DiceSource,
        chips: int = 20,
        ante: int = 1,
        sets: int = 1,
        extra_ante: bool = False,
    ) -> None:
        """A session; its first hand is dealt at once (``chance`` deals, throws and draws every hand)."""
        if players < 2:
            raise RulesError("Dice and Dominoes needs two players or more", "bad-player-count")
        if ante < 1 or chips < ante:
            raise RulesError("each player needs chips for at least one ante", "bad-chips")
        self.players = players
        self.ante = ante
        self.sets = sets
        self.extra_ante = extra_ante
        self.start_chips = chips
        self._source = as_source(chance)
        self.chips = [chips] * players
        self.pot = 0
        self.hand_number = 0
        self.seats_in_hand: tuple[int, ...] = ()
        """The seats playing the current hand, in order (hand seat ``i`` is ``seats_in_hand[i]``)."""
        self.hand: DiceHand | None = None
        self.hands: list[tuple[tuple[int, ...], DiceHand]] = []
        """Every hand dealt so far with the seats that played it (the last is :attr:`hand`)."""
        self.payouts: list[HandPayout] = []
        """How each finished hand paid out, in order."""
        self.stopped = False
        self.seed: int | None = None
        """The seed ``chance`` was made from, when known (records write it)."""
        self.tags: dict[str, str] = {}
        """A record's other tags (event, players' names and levels), kept for writing it back."""
        self._thrower = -1
        self.next_hand()

    @classmethod
    def seeded(
        cls, players: int, seed: int, chips: int = 20, ante: int = 1, sets: int = 1, extra_ante: bool = False
    ) -> DiceSession:
        """A session whose chance is ``random.Random(seed)``: the same seed, the same deals and dice."""
        session = cls(players, random.Random(seed), chips, ante, sets, extra_ante)
        session.seed = seed
        return session

    # --- the hands ------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Whether the session has ended: fewer than two players can ante, or they stopped."""
        return self.stopped or self._can_ante() < 2

    def _can_ante(self) -> int:
        return sum(chips >= self.ante for chips in self.chips)

    def next_hand(self) -> None:
        """Collect the antes and deal the next hand (refused during a hand or once over)."""
        if self.hand is not None and not self.hand.is_over:
            raise IllegalActionError("finish this hand first", "hand-in-play")
        if self.is_over:
            raise IllegalActionError("the session is over", "session-over")
        playing = tuple(seat for seat in range(self.players) if self.chips[seat] >= self.ante)
        for seat in playing:
            self._pay(seat)
        after_last = [(self._thrower + step) % self.players for step in range(1, self.players + 1)]
        self._thrower = next(seat for seat in after_last if seat in playing)
        self.seats_in_hand = playing
        self.hand = DiceHand(len(playing), self._source, self.sets, thrower=playing.index(self._thrower))
        self.hands.append((playing, self.hand))
        self.hand_number += 1

    def stop(self) -> None:
        """The players agree to stop: the session ends after the hand in play (the pot stays unclaimed)."""
        if self.hand is not None and not self.hand.is_over:
            raise IllegalActionError("finish this hand first", "hand-in-play")
        self.stopped = True

    def _pay(self, seat: int) -> None:
        self.chips[seat] -= self.ante
        self.pot += self.ante

    # --- a seat's moves -------------------------------------------------------------------

    def _hand_seat(self, seat: int) -> int:
        if self.hand is None or seat not in self.seats_in_hand:
            raise IllegalActionError("that player is not in this hand", "not-in-hand")
        return self.seats_in_hand.index(seat)

    def legal_commitments(self, seat: int) -> tuple[Commitment, ...]:
        """What ``seat`` may put out now (empty if it is not in the hand or has committed)."""
        if self.hand is None or seat not in self.seats_in_hand:
            return ()
        return self.hand.legal_commitments(self._hand_seat(seat))

    def commit(self, seat: int, commitment: Commitment) -> DiceRound | None:
        """``seat`` puts out its tiles; the round, once every player in the hand has."""
        hand_seat = self._hand_seat(seat)
        assert self.hand is not None
        played = self.hand.commit(hand_seat, commitment)
        if played is not None:
            self._after_round(played)
        return played

    def choose_rethrow(self, seat: int, again: bool) -> None:
        """A Double Perfect's player chooses whether the dice are thrown again."""
        hand_seat = self._hand_seat(seat)
        assert self.hand is not None
        self.hand.choose_rethrow(hand_seat, again)

    def _after_round(self, played: DiceRound) -> None:
        hand = self.hand
        assert hand is not None
        if hand.winners is None:
            if self.extra_ante and any(tile is not None for tile in played.drawn):
                for seat in self.seats_in_hand:
                    if self.chips[seat] >= self.ante:
                        self._pay(seat)
            return
        winners = tuple(self.seats_in_hand[index] for index in hand.winners)
        share = self.pot // len(winners) if winners else 0
        for seat in winners:
            self.chips[seat] += share
        self.pot -= share * len(winners)
        self.payouts.append(HandPayout(winners, share, tuple(self.chips), self.pot))

    def view(self, seat: int) -> DiceView | None:
        """What ``seat`` sees of the hand in play (``None`` if it sits this hand out)."""
        if self.hand is None or seat not in self.seats_in_hand:
            return None
        return self.hand.view(self._hand_seat(seat))
