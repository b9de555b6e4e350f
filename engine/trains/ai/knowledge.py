"""What one seat of a train game can know of the tiles it cannot see, and hidden hands dealt
consistently with it.

The tiles a seat cannot see are those neither in its hand nor on the table; it knows how
many each other player holds and how many the boneyard holds. Every draw and every pass
shows the table that a player had no tile for the numbers they were allowed to play on (the
round records them: :attr:`engine.trains.round.Move.lacked`). So a player lacks a number
from the moment they draw for want of it; a tile drawn and laid leaves that as it was, and a
tile drawn and kept (a pass) may carry any number the player was not then asked for, so only
the numbers asked for at the pass stay lacking.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.tiles import Tile, full_set
from engine.trains.actions import Draw, Pass, Play
from engine.trains.view import TrainView

__all__ = ["TrainKnowledge", "deal_world", "knowledge_of"]


@dataclass(frozen=True)
class TrainKnowledge:
    """One seat's knowledge: the tiles it cannot see, how many each seat and the boneyard
    hold, and the numbers each other seat is known to lack."""

    seat: int
    unseen: tuple[Tile, ...]
    hand_counts: tuple[int, ...]
    boneyard: int
    lacking: tuple[frozenset[int], ...]


def knowledge_of(view: TrainView) -> TrainKnowledge:
    """What ``view``'s seat knows of the hidden tiles."""
    seen = {view.double, *view.hand, *(tile for train in view.trains for tile in train.tiles)}
    unseen = tuple(tile for tile in full_set(view.rules.max_pip) if tile not in seen)
    lacking: list[set[int]] = [set() for _ in range(view.players)]
    drew = [False] * view.players
    for seat, action, lacked in view.history:
        if isinstance(action, Draw):
            lacking[seat] |= lacked
            drew[seat] = True
        elif isinstance(action, Pass):
            lacking[seat] = lacking[seat] & lacked if drew[seat] else lacking[seat] | lacked
            drew[seat] = False
        elif isinstance(action, Play):
            drew[seat] = False
    lacking[view.seat] = set()
    return TrainKnowledge(
        view.seat, unseen, view.hand_counts, view.boneyard, tuple(frozenset(numbers) for numbers in lacking)
    )


def deal_world(
    knowledge: TrainKnowledge, own: list[Tile], rng: random.Random
) -> tuple[list[list[Tile]], list[Tile]]:
    """Every hand (``own`` for the knowing seat) and the boneyard, the unseen tiles dealt at
    random so that no seat gets a number it is known to lack where the tiles allow it (the
    seats lacking most are dealt first)."""
    pool = list(knowledge.unseen)
    rng.shuffle(pool)
    hands: list[list[Tile]] = [[] for _ in knowledge.hand_counts]
    hands[knowledge.seat] = list(own)
    order = sorted(
        (seat for seat in range(len(hands)) if seat != knowledge.seat),
        key=lambda seat: -len(knowledge.lacking[seat]),
    )
    for seat in order:
        lacks = knowledge.lacking[seat]
        need = knowledge.hand_counts[seat]
        fitting = [tile for tile in pool if tile.low not in lacks and tile.high not in lacks]
        chosen = fitting[:need]
        if len(chosen) < need:  # the guess cannot honour everything: fill up from the rest
            rest = [tile for tile in pool if tile not in chosen]
            chosen += rest[: need - len(chosen)]
        hands[seat] = chosen
        taken = set(chosen)
        pool = [tile for tile in pool if tile not in taken]
    return hands, pool
