"""The train family's Beginner, Easy and Medium players, and the choice the Medium player
makes (:func:`strategy_play`), which the Expert's play-outs use for every seat.

- **Beginner** (``random``) takes any action offered, at random.
- **Easy** (``greedy``) lays its heaviest tile that fits (draws and passes when it must).
- **Medium** (``medium``) plays the common strategy: it plans the longest run of its tiles
  from the end of its own train and keeps those tiles for it (its train stays its own and
  long), lays the tiles that do not fit that plan on the Mexican train and on others'
  marked trains, sheds heavy tiles first and the double-blank at once when it counts 50,
  lays a double only when it holds a tile to answer it, and in Chicken Foot prefers the
  play that leaves an end it can follow.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Protocol

from engine.errors import IllegalActionError
from engine.tiles import Tile
from engine.trains.actions import Play, TrainAction
from engine.trains.view import TrainView

__all__ = [
    "GreedyTrainBot",
    "MediumTrainBot",
    "RandomTrainBot",
    "TrainBot",
    "hand_counts",
    "longest_run",
    "quick_play",
    "strategy_play",
    "tile_worth",
]

DOUBLE_BLANK = Tile(0, 0)
_RUN_SEARCH_STEPS = 3000


class TrainBot(Protocol):
    """Chooses one of the actions a seat's view offers."""

    level: str

    def choose(self, view: TrainView, rng: random.Random) -> TrainAction:
        """One of ``view.legal``."""
        ...


def _offered(view: TrainView) -> tuple[TrainAction, ...]:
    if not view.legal:
        raise IllegalActionError(f"seat {view.seat} has nothing to do now", "not-your-turn")
    return view.legal


class RandomTrainBot:
    """Beginner: any action offered, at random."""

    level = "random"

    def choose(self, view: TrainView, rng: random.Random) -> TrainAction:
        """A random one of ``view.legal``."""
        return rng.choice(_offered(view))


class GreedyTrainBot:
    """Easy: the heaviest tile that fits (the first offered among equals), else the draw or pass."""

    level = "greedy"

    def choose(self, view: TrainView, rng: random.Random) -> TrainAction:
        """The heaviest play offered, or the only other action."""
        legal = _offered(view)
        plays = [action for action in legal if isinstance(action, Play)]
        if not plays:
            return legal[0]
        return max(plays, key=lambda play: play.tile.pips)


class MediumTrainBot:
    """Medium: the common strategy (see :func:`strategy_play`)."""

    level = "medium"

    def choose(self, view: TrainView, rng: random.Random) -> TrainAction:
        """The play the strategy prefers, or the only other action."""
        legal = _offered(view)
        plays = [action for action in legal if isinstance(action, Play)]
        if not plays:
            return legal[0]
        own = None if view.variant == "chicken-foot" else next(t for t in view.trains if t.owner == view.seat)
        return strategy_play(
            view.hand,
            plays,
            own_train=own.name if own else None,
            own_end=own.end if own else None,
            own_marked=bool(own and own.marked),
            double_blank=view.double_blank,
            ends=_ends(view),
        )


def _ends(view: TrainView) -> dict[str, int]:
    ends = {train.name: train.end for train in view.trains}
    for play in view.legal:
        if isinstance(play, Play) and play.train not in ends:
            # a new arm or toe of Chicken Foot: it starts from the number it must match
            ends[play.train] = view.double.high if "." not in play.train else _foot_end(view)
    return ends


def _foot_end(view: TrainView) -> int:
    foot = next(train for train in view.trains if train.name == view.foot)
    return foot.end


def longest_run(hand: Sequence[Tile], end: int, steps: int = _RUN_SEARCH_STEPS) -> tuple[Tile, ...]:
    """The longest line of ``hand``'s tiles that can be laid one after another from ``end``
    (the heaviest among equally long ones), searched for at most ``steps`` steps."""
    tiles = sorted(set(hand), reverse=True)
    # Each number's tiles in the search's order (heaviest first), as (index, the number at
    # the tile's other end, its pips): the search's inner loop then compares no tiles (a
    # Medium move with a full hand ran its whole budget, 20 ms on CPython, 150 on a slow tablet).
    following: dict[int, list[tuple[int, int, int]]] = {}
    for index, tile in enumerate(tiles):
        for value in {tile.low, tile.high}:
            following.setdefault(value, []).append((index, tile.other(value), tile.pips))
    used = [False] * len(tiles)
    path: list[int] = []
    best_length, best_pips = 0, 0
    best_path: tuple[int, ...] = ()
    budget = steps

    def extend(value: int, pips: int) -> None:
        nonlocal best_length, best_pips, best_path, budget
        if budget <= 0:
            return
        budget -= 1
        if (len(path), pips) > (best_length, best_pips):
            best_length, best_pips, best_path = len(path), pips, tuple(path)
        for index, other, tile_pips in following.get(value, ()):
            if not used[index]:
                used[index] = True
                path.append(index)
                extend(other, pips + tile_pips)
                path.pop()
                used[index] = False

    extend(end, 0)
    return tuple(tiles[index] for index in best_path)


def hand_counts(hand: Sequence[Tile]) -> list[int]:
    """How many of ``hand``'s tiles carry each number (a double once)."""
    counts = [0] * 13
    for tile in hand:
        counts[tile.low] += 1
        if not tile.is_double:
            counts[tile.high] += 1
    return counts


def tile_worth(tile: Tile, matched: int, counts: Sequence[int], double_blank: int) -> int:
    """What laying ``tile`` against ``matched`` is worth to the strategy, own train aside:
    its pips (the double-blank's points when it counts), a double answered from the hand
    (+15) or not (-40), and an end left that the hand can follow (+3 a tile, up to 2)."""
    score = tile.pips
    if tile == DOUBLE_BLANK:
        score += double_blank
    if tile.is_double:
        score += 15 if counts[tile.low] > 1 else -40
    else:
        score += 3 * min(counts[tile.other(matched)] - 1, 2)
    return score


def strategy_play(
    hand: Sequence[Tile],
    plays: Sequence[Play],
    own_train: str | None,
    own_end: int | None,
    own_marked: bool,
    double_blank: int,
    ends: Mapping[str, int],
) -> Play:
    """The play the common strategy prefers among ``plays`` (not empty), for a hand of
    ``hand``; ``own_train``/``own_end``: the player's own train and its end (Mexican Train;
    ``None`` in Chicken Foot); ``ends``: the number each play's train must be matched with."""
    run = longest_run(hand, own_end) if own_end is not None else ()
    counts = hand_counts(hand)

    def worth(play: Play) -> tuple[int, int]:
        tile = play.tile
        score = tile_worth(tile, ends[play.train], counts, double_blank)
        if own_train is not None:
            if play.train == own_train:
                score += 30 if run and tile == run[0] else 5
                score += 10 if own_marked else 0
            elif tile in run:
                score -= 25
        return score, tile.pips

    return max(plays, key=worth)


def quick_play(hand: Sequence[Tile], plays: Sequence[tuple[Play, int]], double_blank: int) -> Play:
    """The play-outs' choice among ``plays`` (each with the number it matches): the
    strategy's, own train aside (:func:`tile_worth`), so that it needs no plan of a run."""
    counts = hand_counts(hand)
    best = max(
        plays, key=lambda pair: (tile_worth(pair[0].tile, pair[1], counts, double_blank), pair[0].tile.pips)
    )
    return best[0]
