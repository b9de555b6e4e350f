"""The medium opponent: the strategy notes of ``shared/RULES.md`` as a scoring rule.

Every legal play gets a score from a few features a club player weighs, and the best
score is played (ties go to the first in the legal order; the RNG is not used):

* shed weight: heavy tiles cost the most if the hand blocks (heavier still when the hand
  is weak, holding few of the numbers showing);
* keep suits alive: after the play, how many of my tiles still fit the ends;
* doubles: lay one while it can be followed (I hold another of its suit), not otherwise;
* make the player on my left pass: leave ends he is known to lack (he passed on them);
* partners: do not cover the number my partner laid or his double; leave ends in his
  suits, not in the ones he has passed on;
* cover an opponent's double at once;
* in the fives games, the points the play scores come first.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from engine.errors import IllegalActionError
from engine.line.actions import Action, Claim, Lead, Play
from engine.line.ai.knowledge import Knowledge, knowledge_of
from engine.line.events import Played
from engine.line.scoring import play_points
from engine.line.view import PlayerView
from engine.tiles import Tile

__all__ = ["MediumBot", "play_features"]

WEIGHTS = {
    "pips": 1.0,
    "weak_pips": 0.5,
    "follow": 2.5,
    "double_followed": 4.0,
    "double_alone": -3.0,
    "left_passes": 9.0,
    "cover_partner": -5.0,
    "partner_suit": 2.0,
    "partner_lacks": -2.5,
    "cover_opponent_double": 6.0,
    "points": 2.0,
    "left_options": -1.0,
    "left_pass_chance": 25.0,
    "partner_options": 0.0,
}
"""How much each feature of :func:`play_features` counts."""


def play_features(view: PlayerView, knowledge: Knowledge, play: Play) -> dict[str, float]:
    """The features of one legal play, as the strategy notes name them."""
    rules = view.rules
    layout = view.layout
    after = layout.play(play.tile, play.end)
    rest = [tile for tile in view.hand if tile != play.tile]
    showing = set(after.values)
    fitting_now = sum(1 for tile in view.hand if any(tile.has(value) for value in layout.values))
    weak = not layout.is_empty and fitting_now <= 1
    features: dict[str, float] = {
        "pips": play.tile.pips,
        "weak_pips": play.tile.pips if weak else 0.0,
        "follow": sum(1 for tile in rest if any(tile.has(value) for value in showing)),
        "points": play_points(rules.play_scoring, after),
    }
    if play.tile.is_double:
        followed = any(tile.has(play.tile.high) for tile in rest)
        features["double_followed" if followed else "double_alone"] = 1.0
    left = rules.next_seat(view.seat)
    if rules.side_of(left) != rules.side_of(view.seat):
        if showing and showing <= knowledge.lacks[left]:
            features["left_passes"] = 1.0
        # How many of the tiles the next player may hold would fit: the fewer, the likelier a pass.
        possible = [tile for tile in knowledge.hidden if knowledge.may_hold(left, tile)]
        fitting = sum(1 for tile in possible if tile.low in showing or tile.high in showing)
        features["left_options"] = float(fitting)
        held = knowledge.counts[left]
        if len(possible) >= held:  # the chance none of his tiles fits, if he holds any of them
            features["left_pass_chance"] = math.comb(len(possible) - fitting, held) / math.comb(
                len(possible), held
            )
    if play.end is not None:
        owner, end_tile = _laid_by(view, play.end.placement)
        if owner is not None and owner != view.seat:
            if rules.side_of(owner) == rules.side_of(view.seat):
                features["cover_partner"] = 1.0
            elif end_tile.is_double:
                features["cover_opponent_double"] = 1.0
    if rules.partnerships:
        partner_seat = next(s for s in rules.seats_of(rules.side_of(view.seat)) if s != view.seat)
        liked = _suits_shown(view, partner_seat)
        features["partner_suit"] = float(len(showing & liked))
        features["partner_lacks"] = float(len(showing & knowledge.lacks[partner_seat]))
        features["partner_options"] = float(
            sum(
                1
                for tile in knowledge.hidden
                if (tile.low in showing or tile.high in showing) and knowledge.may_hold(partner_seat, tile)
            )
        )
    return features


def _laid_by(view: PlayerView, placement: int) -> tuple[int | None, Tile]:
    """Who laid the tile at ``placement`` (``None``: laid before the position the hand was
    taken up from), and the tile (placements are numbered in play order)."""
    plays = [event for event in view.history if isinstance(event, Played)]
    earlier = len(view.layout.placements) - len(plays)
    if placement < earlier:
        return None, view.layout.placements[placement].tile
    event = plays[placement - earlier]
    return event.seat, event.tile


def _suits_shown(view: PlayerView, seat: int) -> set[int]:
    """The numbers ``seat`` has left showing at the ends it played on (its suits, as a signal)."""
    layout = view.history_layout()
    shown: set[int] = set()
    for event in view.history:
        if isinstance(event, Played):
            layout = layout.play(event.tile, event.end)
            if event.seat == seat:
                placement = layout.placements[-1]
                shown.add(placement.outer)
    return shown


def _score(features: dict[str, float]) -> float:
    return sum(WEIGHTS[name] * value for name, value in features.items())


class MediumBot:
    """Plays by the strategy notes (see the module docstring). Deterministic."""

    level = "medium"

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """The best-scoring legal play; a claim at once; otherwise the only other action."""
        legal = view.legal_actions
        if not legal:
            raise IllegalActionError(
                f"seat {view.seat} has nothing to do: it is not its turn", "not-your-turn"
            )
        for action in legal:
            if isinstance(action, Claim):
                return action
        leads = [action for action in legal if isinstance(action, Lead)]
        if leads:
            return _choose_leader(view, leads)
        plays = [action for action in legal if isinstance(action, Play)]
        if not plays:
            return legal[0]
        if view.layout.is_empty:
            return max(plays, key=lambda play: _opening_worth(view.hand, play.tile))
        knowledge = knowledge_of(view)
        return max(plays, key=lambda play: _score(play_features(view, knowledge, play)))


def _opening_worth(hand: Sequence[Tile], tile: Tile) -> tuple[int, int, int]:
    """Open with a double of a suit I hold more of, else a heavy tile of my longest suit."""
    suit_sizes = {value: sum(1 for other in hand if other.has(value)) for value in {tile.low, tile.high}}
    return (tile.is_double, max(suit_sizes.values()), tile.pips)


def _choose_leader(view: PlayerView, leads: list[Lead]) -> Lead:
    """Lead myself when my hand is strong in doubles and suits, else let my partner lead."""
    doubles = sum(1 for tile in view.hand if tile.is_double)
    for lead in leads:
        if (lead.seat == view.seat) == (doubles >= 2):
            return lead
    return leads[0]
