"""What one seat can work out about the hidden tiles, and deals consistent with it.

Everything here reads a :class:`~engine.line.view.PlayerView` only. The hidden tiles are those
neither in the seat's hand nor on the table; they lie in the other hands and the boneyard
(the sleeping tiles, in block games). The public history narrows them down:

* A pass means the player holds nothing that matches any open end.
* A draw that is not an overdraw means the same for the tiles held before it. Drawing until
  a tile plays (or one tile, then play it or pass) means the player still holds nothing of
  those numbers after the turn: every tile drawn but the last did not match, and the last
  one, if it matched, was the one played. So once such a turn is over the player lacks
  exactly the numbers showing then (what was known before may not hold for the new tiles).
* An opening that the rules force with the highest double dealt (or, with no double, the
  heaviest tile) means no other player was dealt a higher double (or any double or heavier
  tile); that holds until the player draws.

Each fact is kept only while it is certainly true of every tile the player holds now, so
a sampled deal never rules out the real one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import comb

from engine.line.events import Drew, Passed, Penalized, Played
from engine.line.rules import DrawRule, FirstOpener
from engine.line.view import PlayerView
from engine.tiles import Tile

__all__ = ["DealSampler", "Knowledge", "knowledge_of", "sample_deal", "with_facts"]

_FORCED_HIGHEST = (FirstOpener.HIGHEST_DOUBLE, FirstOpener.HIGHEST_DOUBLE_REDEAL)
_TRIES = 40
"""Random deals tried before the sampler relaxes what it knows (see :func:`sample_deal`)."""


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What a seat knows of the hidden tiles.

    ``hidden`` are the tiles it cannot see (in other hands or the boneyard); ``counts`` how
    many each seat holds (its own seat included) and ``boneyard`` how many are undealt.
    ``lacks[seat]`` are numbers that seat certainly holds none of; ``not_held[seat]``
    tiles it certainly does not hold. Both are empty for the seat itself.
    """

    seat: int
    hidden: tuple[Tile, ...]
    counts: tuple[int, ...]
    boneyard: int
    lacks: tuple[frozenset[int], ...]
    not_held: tuple[frozenset[Tile], ...]

    def may_hold(self, seat: int, tile: Tile) -> bool:
        """Whether ``seat`` may hold ``tile`` as far as the seat knows."""
        return (
            tile.low not in self.lacks[seat]
            and tile.high not in self.lacks[seat]
            and tile not in self.not_held[seat]
        )


def knowledge_of(view: PlayerView) -> Knowledge:
    """Work out from the view's public history what each other seat lacks."""
    rules = view.rules
    players = rules.players
    lacks: list[set[int]] = [set() for _ in range(players)]
    not_held: list[set[Tile]] = [set() for _ in range(players)]
    layout = view.history_layout()
    overdrawn_turn = -1  # the seat whose current turn has seen an overdraw penalty
    drawing = -1  # the seat that drew a tile this turn and has not laid or passed yet
    history = view.history
    for index, event in enumerate(history):
        if isinstance(event, Played):
            if layout.is_empty:
                _opening_facts(view, event.seat, event.tile, not_held)
            layout = layout.play(event.tile, event.end)
            overdrawn_turn = drawing = -1
        elif isinstance(event, Passed):
            lacks[event.seat] |= set(layout.values)
            overdrawn_turn = drawing = -1
        elif isinstance(event, Drew):
            seat = event.seat
            following = history[index + 1] if index + 1 < len(history) else None
            if isinstance(following, Penalized) and following.seat == seat:
                overdrawn_turn = seat
            not_held[seat].clear()  # the new tile may be anything
            if overdrawn_turn == seat or rules.draw is DrawRule.ONE_ENDS_TURN:
                lacks[seat] = set()  # a voluntary draw, or a tile taken instead of a play
            else:
                lacks[seat] = set(layout.values)
                drawing = seat
    if drawing >= 0:
        # Mid-turn after a draw, the last tile drawn may fit (that is why the drawing
        # stopped); which tile it is, only the drawer knows. Once the turn ends, the fact
        # holds for every tile the drawer keeps.
        lacks[drawing] = set()
    hidden = tuple(tile for tile in rules.tiles if tile not in set(view.hand) and not _laid(view, tile))
    lacks[view.seat] = set()
    not_held[view.seat] = set()
    return Knowledge(
        seat=view.seat,
        hidden=hidden,
        counts=view.hand_counts,
        boneyard=view.boneyard_count,
        lacks=tuple(frozenset(values) for values in lacks),
        not_held=tuple(frozenset(tiles) for tiles in not_held),
    )


def with_facts(knowledge: Knowledge, not_held: dict[int, frozenset[Tile]]) -> Knowledge:
    """``knowledge`` with more tiles some seats are taken not to hold."""
    merged = tuple(
        tiles | not_held.get(seat, frozenset()) if seat != knowledge.seat else tiles
        for seat, tiles in enumerate(knowledge.not_held)
    )
    return Knowledge(
        knowledge.seat, knowledge.hidden, knowledge.counts, knowledge.boneyard, knowledge.lacks, merged
    )


def _laid(view: PlayerView, tile: Tile) -> bool:
    return any(placement.tile == tile for placement in view.layout.placements)


def _opening_facts(view: PlayerView, opener: int, tile: Tile, not_held: list[set[Tile]]) -> None:
    """The forced opening with the highest double (or heaviest tile): nobody else had better."""
    if view.opening_tile != tile or view.rules.first_opener not in _FORCED_HIGHEST:
        return
    key = (tile.is_double, tile.pips, tile.high)
    better = {other for other in view.rules.tiles if (other.is_double, other.pips, other.high) > key}
    for seat in range(view.rules.players):
        if seat != opener:
            not_held[seat] |= better


def sample_deal(knowledge: Knowledge, rng: random.Random) -> tuple[list[tuple[Tile, ...]], tuple[Tile, ...]]:
    """A random placement of the hidden tiles consistent with ``knowledge`` (see :class:`DealSampler`).

    Returns each seat's hand (the knowing seat's entry is empty: it keeps its own) and the
    boneyard in drawing order (last drawn first).
    """
    sampler = DealSampler(knowledge, knowledge.hidden)
    hands, boneyard = sampler.sample(rng)
    tiles = knowledge.hidden
    return [tuple(tiles[tile] for tile in held) for held in hands], tuple(tiles[tile] for tile in boneyard)


def _random_key(rng: random.Random) -> Callable[[object], float]:
    """A sort key giving every item a fresh random number: sorting by it shuffles."""
    draw = rng.random
    return lambda _: draw()


class DealSampler:
    """Draws random deals consistent with what a seat knows, many times over, quickly.

    Tiles are ids: indices into ``tiles`` (search passes ``rules.tiles``, the ids of
    :mod:`engine.line.ai.fast`). The most constrained seats are filled first from a shuffled
    pool. When random tries keep failing (possible only when the facts leave very few
    deals), what is known of the most constrained seat is forgotten, one seat at a time,
    until deals come; the sampler stays relaxed from then on.
    """

    def __init__(self, knowledge: Knowledge, tiles: Sequence[Tile]) -> None:
        """Prepare to sample for ``knowledge``; ``tiles`` numbers the tiles."""
        index = {tile: number for number, tile in enumerate(tiles)}
        self.counts = knowledge.counts
        self.pool = [index[tile] for tile in knowledge.hidden]
        self.others = [seat for seat in range(len(knowledge.counts)) if seat != knowledge.seat]
        self.allowed = [0] * len(knowledge.counts)
        """Per seat, a bit mask of the tile ids it may hold."""
        everything = 0
        for tile in knowledge.hidden:
            everything |= 1 << index[tile]
        self._everything = everything
        for seat in self.others:
            for tile in knowledge.hidden:
                if knowledge.may_hold(seat, tile):
                    self.allowed[seat] |= 1 << index[tile]
        self._sort()

    def _sort(self) -> None:
        self.order = sorted(self.others, key=lambda seat: self.allowed[seat].bit_count() - self.counts[seat])

    def sample(self, rng: random.Random) -> tuple[list[list[int]], list[int]]:
        """One deal: each seat's tile ids (empty for the knowing seat) and the boneyard."""
        hands, boneyard, _ = self.sample_weighted(rng)
        return hands, boneyard

    def sample_weighted(self, rng: random.Random) -> tuple[list[list[int]], list[int], float]:
        """One deal, as :meth:`sample`, with its weight: how much likelier it is in a uniform
        draw among the consistent deals than the sampler made it.

        Filling one seat after another favours the deals in which the first seats' tiles
        leave the later seats few choices. A deal's chance here is the product, over the
        seats, of one over the number of ways the seat could have been filled from what was
        left; weighing each deal by that product undoes the bias exactly.
        """
        while True:
            for _ in range(_TRIES):
                deal = self._try(rng)
                if deal is not None:
                    return deal
            constrained = [seat for seat in self.order if self.allowed[seat] != self._everything]
            self.allowed[constrained[0]] = self._everything
            self._sort()

    def _try(self, rng: random.Random) -> tuple[list[list[int]], list[int], float] | None:
        """One try at a deal, filling the seats in order from a shuffled pool (``None``: stuck)."""
        pool = sorted(self.pool, key=_random_key(rng))  # shuffled (sorted by random numbers): quicker
        hands: list[list[int]] = [[] for _ in self.counts]
        taken = 0
        ways = 1
        for seat in self.order:
            need, allowed = self.counts[seat], self.allowed[seat]
            held = hands[seat]
            if need:
                ways *= comb((allowed & ~taken).bit_count(), need)
                for tile in pool:
                    bit = 1 << tile
                    if allowed & bit and not taken & bit:
                        held.append(tile)
                        taken |= bit
                        if len(held) == need:
                            break
            if len(held) < need:
                return None
        return hands, [tile for tile in pool if not taken & (1 << tile)], float(ways)
