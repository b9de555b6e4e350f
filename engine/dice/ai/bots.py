"""Dice and Dominoes (``dice``): the AI levels, weakest first.

Every level sees only its seat's :class:`~engine.dice.hand.DiceView` and takes all its
randomness from the ``rng`` it is handed, so a choice is determined by (view, rng state).

- **Eager** discards whenever it can: the commitment that would discard the most tiles
  (specials too, at once), a random one among equals; it throws the dice again after a
  Double Perfect only when they give it nothing to discard.
- **Canny** plays the source's strategy notes (004, "Comment & Strategy"): it goes out
  with the highest special it can; it holds the Wildcard back to go out with it (or to block),
  but plays the Perfect and the Double Perfect at once ("the Match Points can change and
  leave you holding tiles which are hard to discard later"); when another player is likely
  to go out this round, read from the tiles it had to take back, the suits left unseen
  (the discard pile "so you can count the suits") and the attempts it made ("the number of
  playable tiles is useful information"), it plays a special to block; it sheds doubles
  and blanks before two-suited tiles ("blanks and doubles are dangerous to hold") unless
  it holds two doubles, and keeps tiles for the Match Points, which mostly stay; after a
  Double Perfect it throws again when new Match Points would serve it better, or stop a
  player "who is about to domino".
- **Expert** (``expert``, :mod:`engine.dice.ai.search`) samples the hidden hands
  consistent with what the seat has seen and plays each choice out.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Protocol

from engine.dice.ai.knowledge import (
    DiceKnowledge,
    Option,
    best_normal,
    evidence_weight,
    kept_of,
    knowledge_of,
    options_of,
)
from engine.dice.hand import DiceView
from engine.dice.round import WILDCARD, Commitment, Special, matched_to_dice, special_of
from engine.errors import IllegalActionError
from engine.tiles import Tile

__all__ = [
    "CannyBot",
    "Completions",
    "DiceBot",
    "EagerBot",
    "completions",
    "goes_out",
    "out_chance",
]

THROWS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(1, 7) for b in range(1, 7))
"""The 36 equally likely throws of two dice."""

Completions = list[tuple[tuple[Tile, ...], float]]
"""Guessed whole hands of a seat with their weights."""


class DiceBot(Protocol):
    """Chooses a legal commitment (and the Double Perfect's re-throw) from one seat's view."""

    level: str

    def commit(self, view: DiceView, rng: random.Random) -> Commitment:
        """One of ``view.legal``."""
        ...

    def rethrow(self, view: DiceView, rng: random.Random) -> bool:
        """Whether to throw the dice again (asked when ``view.seat in view.awaiting_rethrow``)."""
        ...


def _legal_or_raise(view: DiceView) -> list[Option]:
    options = options_of(view)
    if not options:
        raise IllegalActionError(
            "this seat has nothing to commit now (already committed, or the hand waits or is over)",
            "nothing-to-commit",
        )
    return options


# --- Eager -----------------------------------------------------------------------------------


class EagerBot:
    """Discards as many tiles as the dice allow, whenever it can."""

    level = "eager"

    def commit(self, view: DiceView, rng: random.Random) -> Commitment:
        """A commitment discarding the most tiles (random among them)."""
        options = _legal_or_raise(view)
        most = max(len(option.kept) for option in options)
        return rng.choice([option for option in options if len(option.kept) == most]).commitment

    def rethrow(self, view: DiceView, rng: random.Random) -> bool:
        """Throw again only when the dice give it nothing to discard."""
        a, b = view.dice
        return not any(tile.has(a) or tile.has(b) or tile == WILDCARD for tile in view.hand)


# --- what the others may do -------------------------------------------------------------------


def goes_out(hand: Sequence[Tile], dice: tuple[int, int]) -> bool:
    """Whether a hand of one or two tiles can be discarded whole on ``dice``."""
    if not hand or len(hand) > 2:
        return False
    if special_of(hand, dice) is not Special.NONE:
        return len(kept_of(hand, dice)) == len(hand)
    return matched_to_dice(hand, dice)


def completions(knowledge: DiceKnowledge, seat: int) -> Completions:
    """Every way ``seat``'s hand (two tiles or fewer unknown) may be made up from the unseen
    tiles, each weighted by how many ways it can be dealt and by the evidence of its attempts."""
    known = knowledge.known[seat]
    unknown = knowledge.hidden[seat]
    if unknown == 0:
        return [(known, 1.0)]
    pool = Counter(knowledge.unseen)
    tiles = sorted(pool)
    attempts = knowledge.evidence[seat]
    found: Completions = []
    if unknown == 1:
        for tile in tiles:
            hand = (*known, tile)
            found.append((hand, pool[tile] * evidence_weight(attempts, hand, tile)))
    elif unknown == 2:
        for index, first in enumerate(tiles):
            for second in tiles[index:]:
                ways = pool[first] * pool[second] if first != second else pool[first] * (pool[first] - 1) // 2
                if ways:
                    hand = (*known, first, second)
                    likely = evidence_weight(attempts, hand, first) + evidence_weight(attempts, hand, second)
                    found.append((hand, ways * likely / 2))
    else:
        raise ValueError("completions are for hands with two unknown tiles or fewer")
    if found and sum(weight for _, weight in found) <= 0:
        found = [(hand, 1.0) for hand, _ in found]
    return found


def out_chance(guesses: Completions, dice: tuple[int, int]) -> float:
    """How likely the guessed hand goes out this round on ``dice``."""
    total = sum(weight for _, weight in guesses)
    if total <= 0:
        return 0.0
    return sum(weight for hand, weight in guesses if goes_out(hand, dice)) / total


# --- Canny -----------------------------------------------------------------------------------

OUT_WORTH = 4.0
"""How much a hand that can go out on the dice is worth, in tiles shed."""


def _fit(hand: Sequence[Tile], dice: tuple[int, int], draws: bool) -> float:
    """What the best play on ``dice`` would shed from ``hand`` (tiles discarded, less the one
    drawn after a plain discard or none); :data:`OUT_WORTH` if it goes out."""
    if goes_out(hand, dice):
        return OUT_WORTH
    a, b = dice
    best = float(best_normal(hand, dice) - int(draws))
    perfect = Tile.of(a, b)
    if a != b and Tile(a, a) in hand and Tile(b, b) in hand:
        best = max(best, 2.0)
    for mark in (perfect, WILDCARD):
        if mark in hand:
            rest = list(hand)
            rest.remove(mark)
            second = any(tile == mark or tile.has(a) or tile.has(b) for tile in rest)
            best = max(best, 1.0 + second)
    return best


class CannyBot:
    """Plays the source's strategy notes (see the module's text).

    ``hold_wildcard``: keep the Wildcard back until it goes out or blocks; ``block``: the
    chance another player goes out this round above which a special is played to stop it;
    ``stay``: how likely the Match Points stay for the next round (they do whenever
    someone attempts a discard).
    """

    level = "canny"

    def __init__(self, hold_wildcard: bool = True, block: float = 0.3, stay: float = 0.75) -> None:
        self.hold_wildcard = hold_wildcard
        self.block = block
        self.stay = stay

    def commit(self, view: DiceView, rng: random.Random) -> Commitment:
        """Go out if it can (with the highest special); block a likely out with a special;
        else shed the most, keeping the hand that fits the dice best."""
        return self.ranked(view)[0].commitment

    def ranked(self, view: DiceView) -> list[Option]:
        """The seat's distinct choices, Canny's favourite first."""
        options = _legal_or_raise(view)
        specials = any(option.special is not Special.NONE for option in options)
        blocking = specials and self._threat(view, view.dice) >= self.block
        draws = view.boneyard_count > 0
        cache: dict[tuple[Tile, ...], float] = {}

        def key(option: Option) -> tuple[int, int, int, bool, int, int, float, int]:
            special = int(option.special)
            block = blocking and special > 0
            held = self.hold_wildcard and WILDCARD in option.up and not option.out and not block
            shed = len(option.kept) - int(draws and not special)
            left = list(view.hand)
            for tile in option.kept:
                left.remove(tile)
            return (
                (1 + special) * option.out,
                special if block else 0,
                len(option.kept) if block else 0,
                not held,
                shed,
                special,
                self._keep_value(left, view.dice, draws, cache),
                len(option.kept) - len(option.up),  # show no tile it would take back
            )

        return sorted(options, key=key, reverse=True)

    def rethrow(self, view: DiceView, rng: random.Random) -> bool:
        """Throw again when new Match Points are worth more on average than these: to its own
        hand, and against a player about to go out on them."""
        draws = view.boneyard_count > 0
        knowledge = knowledge_of(view)
        guesses = self._guesses(view, knowledge)

        def worth(dice: tuple[int, int]) -> float:
            threat = max((out_chance(guess, dice) for guess in guesses), default=0.0)
            return _fit(view.hand, dice, draws) - OUT_WORTH * threat

        now = worth(view.dice)
        return sum(worth(dice) for dice in THROWS) / len(THROWS) > now

    def _keep_value(
        self,
        hand: list[Tile],
        dice: tuple[int, int],
        draws: bool,
        cache: dict[tuple[Tile, ...], float],
    ) -> float:
        """How well the tiles kept fit the Match Points if they stay, and new ones if not
        (doubles and blanks fit fewer throws; two doubles may make a Double Perfect)."""
        key = tuple(sorted(hand))
        if key not in cache:
            later = sum(_fit(hand, throw, draws) for throw in THROWS) / len(THROWS)
            cache[key] = self.stay * _fit(hand, dice, draws) + (1 - self.stay) * later
        return cache[key]

    def _guesses(self, view: DiceView, knowledge: DiceKnowledge) -> list[Completions]:
        if not knowledge.consistent:
            return []
        return [
            completions(knowledge, other)
            for other in range(len(view.hand_counts))
            if other != view.seat and view.hand_counts[other] <= 2 and knowledge.hidden[other] <= 2
        ]

    def _threat(self, view: DiceView, dice: tuple[int, int]) -> float:
        """The likeliest chance that another player goes out this round."""
        if all(count > 2 for seat, count in enumerate(view.hand_counts) if seat != view.seat):
            return 0.0
        guesses = self._guesses(view, knowledge_of(view))
        return max((out_chance(guess, dice) for guess in guesses), default=0.0)
