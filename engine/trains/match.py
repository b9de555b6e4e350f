"""A game of the train family: its rounds, one for each double from the set's highest down,
and the players' running totals; after the last round the lowest total wins."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.errors import IllegalActionError
from engine.tiles import Tile, full_set
from engine.trains.actions import TrainAction
from engine.trains.round import TrainRound
from engine.trains.rules import TrainRules

__all__ = ["TrainMatch", "seeded_deal"]


def seeded_deal(rules: TrainRules, seed: int, number: int) -> tuple[list[list[Tile]], list[Tile]]:
    """The deal of round ``number`` (from 0) of a game seeded ``seed``: the set less the
    round's double, shuffled by its own generator (so a round's deal never depends on how
    the rounds before it were played), each player's tiles in seat order, then the boneyard
    with its top first."""
    tiles = [tile for tile in full_set(rules.max_pip) if tile != rules.round_double(number)]
    random.Random(f"{rules.variant}/{seed}/{number}").shuffle(tiles)
    size = rules.hand_size
    hands = [tiles[seat * size : (seat + 1) * size] for seat in range(rules.players)]
    return hands, tiles[rules.players * size :]


class TrainMatch:
    """The rounds of one game, dealt from ``seed``; the first round is dealt at once."""

    def __init__(
        self,
        rules: TrainRules,
        seed: int,
        first_deal: Sequence[Sequence[Tile]] | None = None,
        first_round: int = 0,
    ) -> None:
        """A new game (``first_deal``: the first round's hands and boneyard instead of the
        seed's); ``first_round`` (from 0) starts it at a later round, as a lab tool measuring
        one round does."""
        self.rules = rules
        self.seed = seed
        self.rounds: list[TrainRound] = []
        self.round_points: list[tuple[int, ...]] = []
        """Each finished round's points, player by player."""
        self.tags: dict[str, str] = {}
        """A record's other tags (event, players' names and levels), kept for writing it back."""
        self.carried: tuple[int, ...] = (0,) * rules.players
        """Each player's points from rounds before the first one kept (a game played on from
        a position)."""
        self._first_round = first_round
        self.next_round(first_deal)

    @classmethod
    def resumed(cls, played: TrainRound, seed: int, carried: Sequence[int]) -> TrainMatch:
        """A game played on from ``played`` (a round in play, as a position sets it out), the
        players having ``carried`` points from the rounds before it; later rounds are dealt
        from ``seed``."""
        match = cls.__new__(cls)
        match.rules, match.seed, match.tags = played.rules, seed, {}
        match.rounds, match.round_points = [played], []
        match.carried = tuple(carried)
        match._first_round = played.number
        return match

    @property
    def round(self) -> TrainRound:
        """The round in play (or the last one, once the game is over)."""
        return self.rounds[-1]

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's points over the finished rounds."""
        return tuple(
            self.carried[seat] + sum(points[seat] for points in self.round_points)
            for seat in range(self.rules.players)
        )

    @property
    def is_over(self) -> bool:
        """Whether the last round has been played."""
        return bool(self.rounds) and self.round.number == self.rules.rounds - 1 and self.round.is_over

    def winners(self) -> tuple[int, ...]:
        """The players with the lowest total (all of them when they tie); ``()`` until the game is over."""
        if not self.is_over:
            return ()
        totals = self.totals
        return tuple(seat for seat, total in enumerate(totals) if total == min(totals))

    def next_round(self, deal: Sequence[Sequence[Tile]] | None = None) -> TrainRound:
        """Deal the next round (``deal``: its hands, then its boneyard with the top first,
        instead of the seed's); refused while a round is in play or once the game is over."""
        if self.rounds and not self.round.is_over:
            raise IllegalActionError("finish this round first", "hand-in-play")
        if self.is_over:
            raise IllegalActionError("the game is over", "match-over")
        number = self.round.number + 1 if self.rounds else self._first_round
        if deal is None:
            hands, boneyard = seeded_deal(self.rules, self.seed, number)
        else:
            hands, boneyard = [list(hand) for hand in deal[:-1]], list(deal[-1])
        played = TrainRound(self.rules, number, hands, boneyard)
        self.rounds.append(played)
        return played

    def replayed_to(self, round_index: int, moves: int) -> TrainMatch:
        """A new match with this one's rounds before ``round_index`` (from 0, among the rounds
        kept) as they were played and that round replayed to its first ``moves`` moves: for
        taking moves back and for playing on from a replay. Later rounds are dealt by the seed."""
        match = TrainMatch.__new__(TrainMatch)
        match.rules, match.seed, match.tags = self.rules, self.seed, dict(self.tags)
        match.carried, match._first_round = self.carried, self._first_round
        match.rounds = [played.replayed(len(played.moves)) for played in self.rounds[:round_index]]
        match.rounds.append(self.rounds[round_index].replayed(moves))
        match.round_points = list(self.round_points[:round_index])
        if match.round.is_over:
            match.round_points.append(match.round.points())
        return match

    def apply(self, seat: int, action: TrainAction) -> Tile | None:
        """``seat`` takes ``action`` in the round in play (checked: see
        :meth:`TrainRound.apply`); the round's points are added to the totals when it ends.
        Returns the tile drawn by a draw."""
        drawn = self.round.apply(seat, action)
        if self.round.is_over:
            self.round_points.append(self.round.points())
        return drawn
