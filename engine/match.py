"""A match: hands strung together, scored to the variant's target."""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.actions import Action
from engine.errors import IllegalActionError
from engine.hand import Hand, HandResult
from engine.rules import FirstOpener, MatchScoring, NextStarter, Rules
from engine.tiles import Tile
from engine.view import PlayerView, view_of

__all__ = ["LeadDraw", "Match", "MatchResult"]


@dataclass(frozen=True, slots=True)
class LeadDraw:
    """One round of drawing for the lead: the tile each contending seat drew."""

    draws: tuple[tuple[int, Tile], ...]


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The end of a match: the winning side, the final scores, and what it is credited.

    ``credited`` is the winner's score minus each other side's score, added up.
    """

    winner_side: int
    scores: tuple[int, ...]
    credited: int


class Match:
    """Hands played until a side reaches the target.

    The whole match is determined by its rules, its seed and the actions played.
    After a hand ends, call :meth:`next_hand` to deal the next one (the UI shows the
    end of the hand in between).
    """

    def __init__(self, rules: Rules, seed: int) -> None:
        """Start a match and deal its first hand from ``seed``."""
        self.rules = rules
        self.seed = seed
        self._rng = random.Random(seed)
        self.scores: list[int] = [0] * rules.sides
        self.results: list[HandResult] = []
        self.lead_draws: tuple[LeadDraw, ...] = ()
        self.result: MatchResult | None = None
        starter: int | None = None
        if rules.first_opener is FirstOpener.HIGH_DRAW:
            starter = self._draw_for_lead()
        self._starter = starter
        self.hand = Hand.deal(rules, self._rng, starter)

    @property
    def hand_number(self) -> int:
        """1 for the first hand, counting every hand dealt (tied ones too)."""
        return len(self.results) + (0 if self.hand.is_over else 1)

    @property
    def is_over(self) -> bool:
        """Whether a side has won the match."""
        return self.result is not None

    @property
    def turn(self) -> int:
        """The seat to move in the current hand."""
        return self.hand.turn

    def legal_actions(self) -> tuple[Action, ...]:
        """What the seat to move may do (nothing once the hand or the match is over)."""
        return self.hand.legal_actions()

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know, with the match scores."""
        return view_of(self.hand, seat, tuple(self.scores))

    def apply(self, action: Action) -> None:
        """Play ``action`` in the current hand; score the hand if it ends."""
        if self.hand.is_over:
            raise IllegalActionError(f"{action}: the hand is over; deal the next one", "hand-over")
        self.hand.apply(action)
        if self.hand.result is not None:
            self._score(self.hand.result)

    def next_hand(self) -> Hand:
        """Deal the next hand, opened as the rules say; returns it."""
        if self.result is not None:
            raise IllegalActionError("the match is over", "match-over")
        last = self.hand.result
        if last is None:
            raise IllegalActionError("the current hand is still being played", "hand-not-over")
        self._starter = self._next_starter(last)
        self.hand = Hand.deal(self.rules, self._rng, self._starter)
        return self.hand

    def _next_starter(self, last: HandResult) -> int | None:
        if self.rules.next_starter is NextStarter.ROTATE:
            return self.rules.next_seat(self.hand.opening.seat)
        if last.winner_seat is None:  # no count: the same opening again
            return self._starter
        return last.winner_seat

    def _score(self, result: HandResult) -> None:
        self.results.append(result)
        for side, points in enumerate(result.points):
            self.scores[side] += points
        assert self.rules.match_scoring is MatchScoring.TARGET
        best = max(self.scores)
        leaders = [side for side, score in enumerate(self.scores) if score == best]
        if best >= self.rules.target and len(leaders) == 1:
            winner = leaders[0]
            credited = sum(best - score for side, score in enumerate(self.scores) if side != winner)
            self.result = MatchResult(winner, tuple(self.scores), credited)

    def _draw_for_lead(self) -> int:
        """Each seat draws a tile; the heaviest starts; tied seats draw again."""
        contenders = list(range(self.rules.players))
        pool: list[Tile] = []
        rounds: list[LeadDraw] = []
        while True:
            if len(pool) < len(contenders):
                pool = list(self.rules.tiles)
                self._rng.shuffle(pool)
            draws = tuple((seat, pool.pop()) for seat in contenders)
            rounds.append(LeadDraw(draws))
            heaviest = max(tile.pips for _, tile in draws)
            contenders = [seat for seat, tile in draws if tile.pips == heaviest]
            if len(contenders) == 1:
                self.lead_draws = tuple(rounds)
                return contenders[0]
