"""The end of a match in words: who won, by how much, and where every side finished.

What the end-of-match moment shows (the hand summary's top, with its short celebration).
Standard library and engine only; the page draws it.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import HandScoring, MatchScoring
from engine.words import agree
from web.line.controller import Controller

__all__ = ["MatchEnd", "match_end"]


@dataclass(frozen=True)
class MatchEnd:
    """A finished match as the moment says it.

    ``headline`` names the winner ("You win the match!", "North wins the match"), ``margin``
    says by how much ("By 37 points: 112 to 75."), ``standings`` lists every side with its
    final score, winner first, and ``cheer`` tells whether to celebrate: the person won, or
    people share the device (someone at the table did).
    """

    headline: str
    margin: str
    standings: tuple[str, ...]
    cheer: bool


def match_end(controller: Controller, side_name: str, other_names: tuple[str, ...]) -> MatchEnd | None:
    """The moment of ``controller``'s finished match (``None`` while it goes on).
    ``side_name`` is the winning side's name and ``other_names`` every side's, in side
    order, as the table names them (We/They, or the players)."""
    match = controller.match
    result = match.result
    if result is None:
        return None
    rules = match.rules
    scores = result.scores
    winner = result.winner_side
    order = sorted(range(len(scores)), key=lambda side: (side != winner, -scores[side], side))
    runner_up = scores[order[1]] if len(order) > 1 else 0
    unit = _unit(rules.match_scoring, rules.out_scoring)
    ahead = scores[winner] - runner_up
    if rules.match_scoring is MatchScoring.SIX_LOVE:
        margin = f"Six-love: {scores[winner]} to {runner_up}."
    else:
        margin = f"By {_count(ahead, unit)}: {scores[winner]} to {_others(scores, order)}."
    person_side = rules.side_of(controller.human_seat)
    won = controller.pass_and_play or winner == person_side
    headline = f"{side_name} {agree(side_name, 'wins')} the match{'!' if won else ''}"
    standings = tuple(f"{other_names[side]}: {_count(scores[side], unit)}" for side in order)
    return MatchEnd(headline, margin, standings, won)


def _unit(match_scoring: MatchScoring, out_scoring: HandScoring) -> str:
    """What the scores count: hands won, or points."""
    if (
        match_scoring in (MatchScoring.SIX_LOVE, MatchScoring.FIRST_TO_SIX)
        or out_scoring is HandScoring.ONE_POINT
    ):
        return "hand"
    return "point"


def _count(number: int, unit: str) -> str:
    return f"{number} {unit}{'' if number == 1 else 's'}"


def _others(scores: tuple[int, ...], order: list[int]) -> str:
    """The other sides' scores, best first ("75", "75, 60 and 12")."""
    rest = [str(scores[side]) for side in order[1:]]
    return rest[0] if len(rest) == 1 else f"{', '.join(rest[:-1])} and {rest[-1]}"
