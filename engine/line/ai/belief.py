"""How likely a guessed deal is, given how the other players have played so far.

:mod:`engine.line.ai.knowledge` keeps only what is certain. Players also give things away by
what they choose: most players lay a heavy tile when they can, so a player who laid a
light one probably held no heavier tile that fitted. This module scores a guessed deal by
the probability of every choice the other players made, under a simple model of play: a
player picks among the tiles that fit with odds growing with the tile's weight
(``exp(weight * pips)``, doubles counting a little extra). Deals that explain the play
well get more of the search's attention (:func:`resample`).

A choice is scored fully while the player's hand at that time is known from the guess:
the tiles held now plus those laid since. After a player draws, the tiles drawn since
cannot be told apart from those held before, so an earlier choice only asks whether the
guess can explain it at all. The partner's choices are not read: a partner plays to its
own plan, not to this model (reading them this way was measured to make things worse).

:func:`heaviest_facts` turns the model into certainties for a player who has never yet
strayed from it, for the search to deal from; :func:`scoring_facts` does the same for the
games scoring during play, where most players lay the tile that scores most.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.line.events import Drew, Played
from engine.line.layout import End, Layout
from engine.line.rules import PlayScoring
from engine.line.scoring import play_points
from engine.line.view import PlayerView
from engine.tiles import Tile

__all__ = [
    "SURPRISE",
    "Choice",
    "PlayModel",
    "choices_of",
    "heaviest_facts",
    "log_likelihood",
    "resample",
    "scoring_facts",
]

SURPRISE = 0.05
"""How often the model expects a player to lay a fitting tile at random instead."""

DOUBLE_BONUS = 0.5
"""Pips a double counts extra in the model: between two tiles of equal weight, players lay the double."""


@dataclass(frozen=True, slots=True)
class Choice:
    """A tile another player chose to lay: what showed at the ends, and what they laid later."""

    seat: int
    tile: Tile
    values: frozenset[int] | None
    """The numbers showing at the open ends then (``None``: the player opened the layout)."""
    laid_later: tuple[Tile, ...]
    """Tiles the same player laid after this choice (they were in the hand at the time)."""
    drawn_since: int = 0
    """Tiles the player drew after this choice: its hand then is not known from a guess of now."""
    before: Layout | None = None
    """The layout the tile was laid on (``None``: not recorded)."""
    end: End | None = None
    """The end the tile was laid on (``None`` for the opening tile)."""


def choices_of(view: PlayerView, partners: bool = False) -> list[Choice]:
    """The free choices of the opponents (a partner plays to its own plan, not by this model),
    or with ``partners`` those of the seat's partners (read by :mod:`engine.line.ai.partner`).

    A forced opening tile is no choice. A choice made before the player drew again is kept
    with the number of tiles drawn since (see :class:`PlayModel`).
    """
    rules = view.rules
    mine = rules.side_of(view.seat)
    layout = view.history_layout()
    made: list[tuple[int, Tile, frozenset[int] | None, Layout, End | None]] = []
    draws: list[list[int]] = [[] for _ in range(rules.players)]
    for event in view.history:
        if isinstance(event, Drew):
            draws[event.seat].append(len(made))
        elif isinstance(event, Played):
            values = None if layout.is_empty else frozenset(layout.values)
            forced = layout.is_empty and view.opening_tile == event.tile
            made.append((-1 if forced else event.seat, event.tile, values, layout, event.end))
            layout = layout.play(event.tile, event.end)
    found = []
    for index, (seat, tile, values, before, end) in enumerate(made):
        if seat < 0 or seat == view.seat:
            continue
        if (rules.side_of(seat) == mine) != partners:
            continue
        later = tuple(other for who, other, *_ in made[index + 1 :] if who == seat)
        drawn = sum(1 for position in draws[seat] if position > index)
        found.append(Choice(seat, tile, values, later, drawn, before, end))
    return found


def heaviest_facts(choices: Sequence[Choice], hidden: Sequence[Tile]) -> dict[int, frozenset[Tile]]:
    """The hidden tiles each player cannot hold *if* it always lays its heaviest fitting tile.

    Only players whose play so far fits that habit are included: one who laid a tile while
    holding a heavier one that fitted (seen when it laid that one later) plainly does not
    play so, and is left out. Tiles compare by pips, then a double first.
    """
    return _habit_facts(choices, hidden, lambda choice: lambda tile: _preferred(tile, choice))


def scoring_facts(
    choices: Sequence[Choice], hidden: Sequence[Tile], scoring: PlayScoring
) -> dict[int, frozenset[Tile]]:
    """:func:`heaviest_facts` for the games scoring during play: the hidden tiles each player
    cannot hold *if* it always lays the tile scoring most (then the heaviest, a double first).

    A choice counts only with its layout recorded.
    """

    def preferred_to(choice: Choice) -> Callable[[Tile], bool]:
        before = choice.before
        if before is None:
            return lambda tile: False
        tile = choice.tile
        chosen = (play_points(scoring, before.play(tile, choice.end)), tile.pips, tile.is_double)

        def better(other: Tile) -> bool:
            ends: tuple[End | None, ...] = (None,) if before.is_empty else before.ends_for(other)
            return any(
                (play_points(scoring, before.play(other, end)), other.pips, other.is_double) > chosen
                for end in ends
            )

        return better

    return _habit_facts(choices, hidden, preferred_to)


def _habit_facts(
    choices: Sequence[Choice],
    hidden: Sequence[Tile],
    preferred_to: Callable[[Choice], Callable[[Tile], bool]],
) -> dict[int, frozenset[Tile]]:
    """The hidden tiles each player cannot hold if it always follows a habit:
    ``preferred_to(choice)`` tells the tiles the habit would have laid instead of the choice.

    Choices made before the player drew again say nothing of its hand now; a player seen
    laying later a tile the habit preferred at an earlier choice does not follow it, and is
    left out.
    """
    facts: dict[int, set[Tile]] = {}
    broken: set[int] = set()
    for choice in choices:
        if choice.drawn_since:
            continue
        preferred = preferred_to(choice)
        if any(preferred(tile) for tile in choice.laid_later):
            broken.add(choice.seat)
        facts.setdefault(choice.seat, set()).update(tile for tile in hidden if preferred(tile))
    return {seat: frozenset(tiles) for seat, tiles in facts.items() if seat not in broken}


def _preferred(tile: Tile, choice: Choice) -> bool:
    """Whether a player laying its heaviest fitting tile would have laid ``tile`` instead."""
    values = choice.values
    fits = values is None or tile.low in values or tile.high in values
    return fits and (tile.pips, tile.is_double) > (choice.tile.pips, choice.tile.is_double)


def log_likelihood(
    choices: Sequence[Choice], hands: Sequence[Sequence[Tile]], strength: float, surprise: float = SURPRISE
) -> float:
    """The log-probability of ``choices`` if the other seats hold ``hands`` now (see :class:`PlayModel`)."""
    tiles = sorted(
        {tile for held in hands for tile in held} | {t for c in choices for t in (c.tile, *c.laid_later)}
    )
    model = PlayModel(choices, tiles, strength, surprise)
    index = {tile: number for number, tile in enumerate(tiles)}
    return model.log_likelihood([[index[tile] for tile in held] for held in hands])


class PlayModel:
    """The model of play above, compiled for scoring many guessed deals of tile ids.

    Each choice follows the model with probability ``1 - surprise`` and is a uniformly
    random fitting tile otherwise, so one odd choice never rules a deal out altogether.
    A choice made before the player drew again is scored only by whether the guess could
    explain it at all (every heavier fitting tile held now must have been drawn since).
    Tile ids index ``tiles``.
    """

    def __init__(
        self,
        choices: Sequence[Choice],
        tiles: Sequence[Tile],
        strength: float,
        surprise: float = SURPRISE,
    ) -> None:
        """Compile ``choices`` for deals of ids into ``tiles``."""
        index = {tile: number for number, tile in enumerate(tiles)}
        self.surprise = surprise
        self.masks = [(1 << tile.low) | (1 << tile.high) for tile in tiles]
        self._choices: list[tuple[int, float, list[float], list[float]]] = []
        """Per choice: the seat, the chosen tile's odds, each tile's odds if it fitted then (else
        0), and the odds of the fitting tiles known to be in the hand then (laid later, chosen)."""
        self._after_draws: list[tuple[int, int, list[int], list[bool], int]] = []
        odds = [
            math.exp(strength * (tile.pips + (DOUBLE_BONUS if tile.is_double else 0.0))) for tile in tiles
        ]
        for choice in choices:
            values = -1 if choice.values is None else sum(1 << value for value in choice.values)
            later = [index[tile] for tile in choice.laid_later]
            if choice.drawn_since:
                # The hand then is unknown, but a player laying its heaviest fitting tile held no
                # heavier one that fitted: any such tile it holds now must have been drawn since.
                key = (choice.tile.pips, choice.tile.is_double)
                heavier = [(t.pips, t.is_double) > key for t in tiles]
                self._after_draws.append((choice.seat, values, later, heavier, choice.drawn_since))
                continue
            fitting = [
                odds[tile] if values < 0 or self.masks[tile] & values else 0.0 for tile in range(len(tiles))
            ]
            chosen = index[choice.tile]
            known = [fitting[tile] for tile in (*later, chosen) if fitting[tile]]
            self._choices.append((choice.seat, odds[chosen], fitting, known))

    def log_likelihood(self, hands: Sequence[Sequence[int]]) -> float:
        """The log-probability of the choices if each seat holds ``hands[seat]`` (ids) now."""
        total = 0.0
        masks, surprise = self.masks, self.surprise
        for seat, chosen, fitting, known in self._choices:
            # The sum runs in the same order as over [*hand, *later, chosen], for the same floats.
            options = len(known)
            weight: float = 0
            for tile in hands[seat]:
                odds = fitting[tile]
                if odds:
                    weight += odds
                    options += 1
            if options < 2:
                continue
            for odds in known:
                weight += odds
            modelled = chosen / weight
            total += math.log((1 - surprise) * modelled + surprise / options)
        for seat, values, later, heavier, drawn in self._after_draws:
            preferred = sum(
                1 for tile in (*hands[seat], *later) if heavier[tile] and (values < 0 or masks[tile] & values)
            )
            if preferred > drawn:
                total += math.log(surprise)
        return total


def resample(weights: Sequence[float], count: int, rng: random.Random) -> list[int]:
    """``count`` indices drawn in proportion to ``weights`` (log weights), evenly spread.

    Systematic resampling: one random offset, then equal steps through the cumulative
    weights, so a deal twice as likely is searched about twice as often.
    """
    top = max(weights)
    linear = [math.exp(weight - top) for weight in weights]
    total = sum(linear)
    step = total / count
    position = rng.random() * step
    picked: list[int] = []
    cumulative = 0.0
    index = -1
    for _ in range(count):
        while cumulative <= position and index < len(linear) - 1:
            index += 1
            cumulative += linear[index]
        picked.append(index)
        position += step
    return picked
