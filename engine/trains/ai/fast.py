"""The train family's rounds played out fast, for the Expert's search: the rules of
:class:`engine.trains.round.TrainRound` on plain numbers, every seat choosing as
:func:`engine.trains.ai.bots.quick_play` does.

A tile is its rank in the tiles' own order (low number, then high), so a hand kept sorted
lists its plays in the engine's order; Mexican Train's trains are the seats' numbers and
then the Mexican train, Chicken Foot's are kept in the order they were started, as the
engine keeps them. A test plays the same positions out both ways and gets the same points
(``tests/engine/test_train_fast.py``): this file must change with the rules it copies.
"""

from __future__ import annotations

import functools
from bisect import insort

from engine.tiles import Tile, full_set
from engine.trains.layout import MEXICAN
from engine.trains.round import ARMS, TOES, TrainRound

__all__ = ["FastRound", "fast_play_out"]

_ANSWERED, _UNANSWERED = 15, -40
"""What :func:`~engine.trains.ai.bots.tile_worth` adds for a double the hand answers, or not."""


@functools.cache
def _tables(
    max_pip: int,
) -> tuple[tuple[Tile, ...], dict[Tile, int], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    tiles = tuple(sorted(full_set(max_pip)))
    rank = {tile: index for index, tile in enumerate(tiles)}
    return (
        tiles,
        rank,
        tuple(tile.low for tile in tiles),
        tuple(tile.high for tile in tiles),
        tuple(tile.pips for tile in tiles),
    )


class FastRound:
    """A round in play as plain numbers (see the module), made from an engine round."""

    __slots__ = (
        "active",
        "arms",
        "boneyard",
        "centre",
        "chicken",
        "double_blank",
        "drawn",
        "drew",
        "ends",
        "first_taken",
        "foot",
        "hands",
        "high",
        "laid",
        "low",
        "markers",
        "open_double",
        "opening_run",
        "over",
        "passes",
        "pips",
        "players",
        "running",
        "toes",
        "turn",
        "winner",
        "zero",
    )

    def __init__(self, played: TrainRound) -> None:
        """The state of ``played``, which goes on unchanged."""
        rules = played.rules
        _, rank, self.low, self.high, self.pips = _tables(rules.max_pip)
        self.chicken = rules.is_chicken_foot
        self.players = rules.players
        self.double_blank = rules.double_blank
        self.opening_run = rules.opening_run
        self.zero = rank[Tile(0, 0)]
        self.hands = [sorted(rank[tile] for tile in hand) for hand in played.hands]
        self.boneyard = [rank[tile] for tile in reversed(played.boneyard)]
        if self.chicken:
            names = list(played.trains)
            self.ends = [train.end for train in played.trains.values()]
            self.active = [not train.ends_in_double for train in played.trains.values()]
            self.foot = names.index(played.foot) if played.foot is not None else -1
            self.arms = played.arms_laid
            self.markers = [False] * self.players
            self.open_double = -1
        else:
            order = [*(str(seat) for seat in range(self.players)), MEXICAN]
            self.ends = [played.trains[name].end for name in order]
            self.active = [True] * len(order)
            self.foot = -1
            self.arms = 0
            self.markers = [seat in played.markers for seat in range(self.players)]
            self.open_double = order.index(played.open_double) if played.open_double is not None else -1
        self.toes = played.toes_laid
        self.turn = played.turn
        self.drawn = rank[played.drawn] if played.drawn is not None else -1
        self.drew = played.drew_this_turn
        self.laid = played.laid_this_turn
        self.running = played.running
        self.first_taken = [seat in played.first_turn_taken for seat in range(self.players)]
        self.passes = played.passes_without_draw
        self.over = played.is_over
        self.winner = played.winner if played.winner is not None else -1
        self.centre = played.double.high

    # --- where a tile may go ---------------------------------------------------------------

    def _targets(self, seat: int) -> list[tuple[int, int]]:
        """(train, the number it must match) for each train ``seat`` may play on; train -1 is
        a new arm or toe (Chicken Foot)."""
        ends = self.ends
        if self.chicken:
            if self.arms < ARMS:
                return [(-1, self.centre)]
            if self.foot >= 0:
                return [(-1, ends[self.foot])]
            return [(train, end) for train, end in enumerate(ends) if self.active[train]]
        if self.open_double >= 0:
            return [(self.open_double, ends[self.open_double])]
        if self.running:
            return [(seat, ends[seat])]
        markers = self.markers
        return [
            (train, ends[train])
            for train in range(self.players + 1)
            if train == seat or train == self.players or markers[train]
        ]

    def _choice(self, seat: int) -> tuple[int, int, int] | None:
        """The play quick_play makes: (tile, train, the number matched), or ``None``."""
        targets = self._targets(seat)
        hand = self.hands[seat]
        low, high, pips = self.low, self.high, self.pips
        counts = [0] * 13
        for tile in hand:
            counts[low[tile]] += 1
            if low[tile] != high[tile]:
                counts[high[tile]] += 1
        best: tuple[int, int, int] | None = None
        best_worth = (-(10**9), 0)
        for tile in [self.drawn] if self.drawn >= 0 else hand:
            a, b = low[tile], high[tile]
            for train, value in targets:
                if a != value and b != value:
                    continue
                worth = pips[tile]
                if tile == self.zero:
                    worth += self.double_blank
                if a == b:
                    worth += _ANSWERED if counts[a] > 1 else _UNANSWERED
                else:
                    worth += 3 * min(counts[b if a == value else a] - 1, 2)
                if (worth, pips[tile]) > best_worth:
                    best, best_worth = (tile, train, value), (worth, pips[tile])
        return best

    # --- acting ------------------------------------------------------------------------------

    def _lay(self, seat: int, tile: int, train: int, value: int) -> None:
        a, b = self.low[tile], self.high[tile]
        end = b if a == value else a
        if train < 0:
            train = len(self.ends)
            self.ends.append(end)
            self.active.append(True)
            if self.arms < ARMS:
                self.arms += 1
        else:
            self.ends[train] = end
        hand = self.hands[seat]
        hand.remove(tile)
        self.drawn = -1
        self.passes = 0
        self.laid += 1
        double = a == b
        if self.chicken:
            if self.foot >= 0:
                self.toes += 1
                if self.toes == TOES:
                    self.foot, self.toes = -1, 0
            if double:
                self.foot, self.toes = train, 0
                self.active[train] = False
            if not self._went_out(seat):
                self._end_turn()
            return
        if train == seat:
            self.markers[seat] = False
        if (
            self.opening_run
            and train == seat
            and not self.first_taken[seat]
            and not self.drew
            and self.laid == 1
        ):
            self.running = True
        if self._went_out(seat):
            return
        if double:
            self.open_double = train
            return
        if self.open_double == train:
            self.open_double = -1
        if self.running:
            return
        self._end_turn()

    def _went_out(self, seat: int) -> bool:
        if self.hands[seat]:
            return False
        self.over = True
        self.winner = seat
        return True

    def _end_turn(self) -> None:
        self.first_taken[self.turn] = True
        self.turn = (self.turn + 1) % self.players
        self.drawn = -1
        self.drew = False
        self.laid = 0
        self.running = False

    def play_out(self) -> list[int]:
        """Play to the round's end, every seat choosing as quick_play does; each seat's points."""
        while not self.over:
            seat = self.turn
            choice = self._choice(seat)
            if choice is not None:
                self._lay(seat, *choice)
            elif self.running and self.open_double < 0:
                self._end_turn()  # the run ended
            elif self.drawn < 0 and self.boneyard:
                tile = self.boneyard.pop()
                insort(self.hands[seat], tile)
                self.drawn = tile
                self.drew = True
            else:
                if not self.boneyard and self.drawn < 0:
                    self.passes += 1
                if not self.chicken:
                    self.markers[seat] = True
                self._end_turn()
                if self.passes >= self.players:
                    self.over = True
        pips, zero, blank = self.pips, self.zero, self.double_blank
        return [sum(blank if tile == zero else pips[tile] for tile in hand) for hand in self.hands]


def fast_play_out(played: TrainRound, seat: int) -> float:
    """Play ``played`` out fast (it is left unchanged); ``seat``'s points, negated (more is better)."""
    return -FastRound(played).play_out()[seat]
