"""What scores: a play's points in the fives games, and the winners' award at a hand's end.

Each rule is written here once. The checked hand (:mod:`engine.line.hand`) and the two play-out
states of the AI (:mod:`engine.line.ai.fast`, :mod:`engine.line.ai.bits`) read a play's points from
:func:`points_by_count`, a table worked out once per rule set, rather than each testing the
count again.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.line.layout import Layout, end_count
from engine.line.rules import HandScoring, PlayScoring, Rules

__all__ = ["count_points", "hand_award", "play_points", "points_by_count", "round_to_five"]


def count_points(scoring: PlayScoring, count: int) -> int:
    """What a play leaving the open ends at ``count`` scores under ``scoring`` (0: nothing).

    Fives: a multiple of five scores the count. Fives and threes: a multiple of three too.
    """
    if scoring is PlayScoring.NONE or not count:
        return 0
    if count % 5 == 0 or (scoring is PlayScoring.FIVES_AND_THREES and count % 3 == 0):
        return count
    return 0


def points_by_count(rules: Rules) -> tuple[int, ...]:
    """By the count of the open ends after a play, what the play scores under ``rules``.

    Long enough for any layout of the rules' set: an open end shows no more than its tile's
    pips, so the count never passes the pips of the whole set. Worked out once per rule set.
    """
    return rules.derived(_points_by_count)


def _points_by_count(rules: Rules) -> tuple[int, ...]:
    most = sum(tile.pips for tile in rules.tiles)
    return tuple(count_points(rules.play_scoring, count) for count in range(most + 1))


def play_points(scoring: PlayScoring, layout: Layout) -> int:
    """What a play scores under ``scoring`` given the layout after it (0: nothing)."""
    if scoring is PlayScoring.NONE:
        return 0
    return count_points(scoring, end_count(layout))


def round_to_five(points: int) -> int:
    """Round to the nearest multiple of 5, a remainder of 1-2 down and 3-4 up (All Fives)."""
    return 5 * ((points + 2) // 5)


def hand_award(scoring: HandScoring, winner_side: int, side_pips: Sequence[int]) -> int:
    """What the winning side scores at the end of the hand, given each side's pips."""
    if scoring is HandScoring.ONE_POINT:
        return 1
    if scoring is HandScoring.OPPONENTS_PIPS:
        return sum(side_pips) - side_pips[winner_side]
    losers = [pips for side, pips in enumerate(side_pips) if side != winner_side]
    differences = [pips - side_pips[winner_side] for pips in losers]
    if scoring is HandScoring.ROUNDED_DIFFERENCE:
        return sum(round_to_five(difference) for difference in differences)
    return sum(differences)
