"""Partners talking through their play: the signal a search player sends, and how it reads its partner.

Seeing its partner's hand would lift the Expert from about 77% to 92% of partnership
hands won against Easy players (README, "The arena"): the partner's hand
is the information that matters most, and partners may only share it through their play.
So a search player built with ``partners=True`` follows a simple convention that strong
human players also teach, "show your strong suit" (the Hint explains such a move in those
words):

* **Signal.** Among the moves its search finds about equally good (within
  :data:`SIGNAL_MARGIN` of the best), it lays the one that leaves showing the number it
  holds most of (:func:`suit_signal`).
* **Reading.** Each guessed deal counts by how well it explains the partner's choices
  under a model of that convention (:class:`PartnerModel`): a choice's odds grow with the
  tiles the partner still held of the number it left showing, with the tile's pips and
  with a double, and shrink with the tiles it held of the number it covered.

The model's weights (:data:`PARTNER_WEIGHTS`) were fitted as a conditional logit on
7,361 choices of the Expert signalling at 0.05 in arena self-play (seeds 1001-1500, never
the seeds the README's arena table uses). The model allows a random choice with
probability ``surprise``, so a partner who does not signal (a person, say) only makes the
reading a little less sharp. Only choices the partner has drawn no tile since are read:
after a draw its hand then is unknown.

No level uses it yet. Measured paired against the same Expert without it, it won +1.4 ±
1.0 points more of partnership hands on 4,000 tuning deals but none more on the arena's
fresh seeds, for about 7% more decision time in the page, where the Expert's slowest
decisions have little room under their target on a throttled CPU (README, "Speed"). It
waits for a cheaper search.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from engine.line.actions import Action, Play
from engine.line.ai.belief import choices_of
from engine.line.view import PlayerView
from engine.tiles import Tile

__all__ = [
    "PARTNER_WEIGHTS",
    "SIGNAL_MARGIN",
    "PartnerChoice",
    "PartnerModel",
    "partner_choices_of",
    "suit_signal",
]

SIGNAL_MARGIN = 0.05
"""How far below the best move's worth (on :func:`engine.line.ai.search.hand_value`'s scale of
-1 to 1) a move may be and still be chosen for the signal it sends."""

PARTNER_WEIGHTS = (0.446, 0.882, 3.907, -0.908)
"""The reading's weights: per 12 pips of the tile, for a double, per 6 tiles held of the
number left showing, per 6 tiles held of the number covered (see the module docstring)."""


def suit_signal(view: PlayerView, action: Action) -> int:
    """How many tiles the seat keeps of the number ``action`` leaves showing (the larger
    count of the tile's two numbers for the opening tile; 0 for anything but a play)."""
    if not isinstance(action, Play):
        return 0
    tile = action.tile
    kept = [other for other in view.hand if other != tile]
    if action.end is None or view.layout.is_empty:
        shown = max((tile.low, tile.high), key=lambda number: _holding(kept, number))
    else:
        shown = tile.other(view.layout.value(action.end))
    return _holding(kept, shown)


def _holding(tiles: Sequence[Tile], number: int) -> int:
    return sum(1 for tile in tiles if number in (tile.low, tile.high))


@dataclass(frozen=True, slots=True)
class PartnerChoice:
    """A tile the partner chose to lay: the numbers showing then, the one covered, its later tiles."""

    seat: int
    tile: Tile
    showing: tuple[int, ...] | None
    """The distinct numbers showing at the open ends then (``None``: the partner opened)."""
    covered: int | None
    """The number the tile was laid against (``None`` for the opening tile)."""
    laid_later: tuple[Tile, ...]
    """Tiles the partner laid after this choice (they were in its hand at the time)."""


def partner_choices_of(view: PlayerView) -> list[PartnerChoice]:
    """The free choices of the seat's partners that their hands now still explain (no tile
    drawn since: :func:`engine.line.ai.belief.choices_of`). With no partnerships there are none."""
    if not view.rules.partnerships:
        return []
    return [
        PartnerChoice(
            choice.seat,
            choice.tile,
            None if choice.values is None else tuple(sorted(choice.values)),
            None if choice.before is None or choice.end is None else choice.before.value(choice.end),
            choice.laid_later,
        )
        for choice in choices_of(view, partners=True)
        if not choice.drawn_since
    ]


class PartnerModel:
    """The convention's model of the partner's choices, compiled for scoring guessed deals of tile ids.

    A choice's probability is its softmax weight among every (tile, number covered) the
    partner could have laid from its hand then (the tiles a deal gives it now, those it
    laid later, and the chosen one), mixed with a uniformly random choice with probability
    ``surprise``. Tile ids index ``tiles``. Deals giving the partner the same tiles score
    the same, so each hand is scored once per decision.
    """

    def __init__(
        self,
        choices: Sequence[PartnerChoice],
        tiles: Sequence[Tile],
        weights: Sequence[float] = PARTNER_WEIGHTS,
        surprise: float = 0.05,
    ) -> None:
        """Compile ``choices`` for deals of ids into ``tiles``."""
        index = {tile: number for number, tile in enumerate(tiles)}
        pips, double, self._shown_weight, self._covered_weight = weights
        self._shown_weight /= 6
        self._covered_weight /= 6
        self._surprise = surprise
        self._numbers = [(tile.low, tile.high) for tile in tiles]
        self._base = [pips * tile.pips / 12 + (double if tile.is_double else 0.0) for tile in tiles]
        self._choices = [
            (
                choice.seat,
                index[choice.tile],
                choice.showing,
                choice.covered,
                [index[t] for t in choice.laid_later],
            )
            for choice in choices
        ]
        self._scored: dict[tuple[tuple[int, ...], ...], float] = {}

    def log_likelihood(self, hands: Sequence[Sequence[int]]) -> float:
        """The log-probability of the partner's choices if each seat holds ``hands[seat]`` (ids) now."""
        key = tuple(tuple(sorted(hands[seat])) for seat in {choice[0] for choice in self._choices})
        found = self._scored.get(key)
        if found is None:
            found = self._scored[key] = sum(self._log_probability(choice, hands) for choice in self._choices)
        return found

    def _log_probability(
        self,
        choice: tuple[int, int, tuple[int, ...] | None, int | None, list[int]],
        hands: Sequence[Sequence[int]],
    ) -> float:
        seat, chosen, showing, covered, later = choice
        numbers, base = self._numbers, self._base
        shown_weight, covered_weight = self._shown_weight, self._covered_weight
        held = [*hands[seat], *later, chosen]
        count = [0] * 10
        for tile in held:
            low, high = numbers[tile]
            count[low] += 1
            if high != low:
                count[high] += 1
        scores: list[float] = []
        chosen_score = 0.0
        for tile in held:
            low, high = numbers[tile]
            if showing is None:  # the opening tile: it shows the number held most of
                score = base[tile] + shown_weight * (max(count[low], count[high]) - 1)
                scores.append(score)
                if tile == chosen:
                    chosen_score = score
                continue
            for shown in showing:
                if shown != low and shown != high:
                    continue
                other = high if shown == low else low
                score = base[tile] + shown_weight * (count[other] - 1) + covered_weight * (count[shown] - 1)
                scores.append(score)
                if tile == chosen and shown == covered:
                    chosen_score = score
        if len(scores) < 2:
            return 0.0
        top = max(scores)
        modelled = math.exp(chosen_score - top) / sum(math.exp(score - top) for score in scores)
        return math.log((1 - self._surprise) * modelled + self._surprise / len(scores))
