"""The hand review's model on the page: one seat's reviews of a replay's hands, and what they show.

A :class:`ReviewBook` holds the reviews (:mod:`engine.line.ai.review`) of one seat in the hands
of a :class:`web.replay.model.Replay`, made hand by hand as the person asks, and answers what the
replay viewer draws: the decision at a point of the replay and the better move to draw on
the board there, the chart's points, the table's rows, the marks in the move list, and
the summaries of a hand and of the hands reviewed.

Pure Python (standard library and the engine); no browser imports.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass

from engine import Play
from engine.line.ai.review import (
    DecisionReview,
    HandReview,
    MatchReview,
    better_words,
    cost_words,
    decision_moves,
    move_words,
    review_match,
    summary_line,
)
from engine.line.view import view_of
from engine.words import possessive
from web.replay.model import Replay

__all__ = ["MARKS", "ChartPoint", "ReviewBook", "ReviewRow"]

MARKS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
"""The marks a move list gives the costly moves, as chess annotators do."""


@dataclass(frozen=True)
class ChartPoint:
    """One decision on the chart: the side's chance to win after the move played, and after the best."""

    move: int
    chance: float
    best_chance: float
    label: str


@dataclass(frozen=True)
class ReviewRow:
    """One decision as the table lists it."""

    move: int
    """The decision's move number in the hand, from 1 (the replay shows the table before it at ``move - 1``)."""
    played: str
    label: str
    chance: str
    """The chance to win after the move played ("46%"), or "forced"."""
    better: str
    """The better move and its chance ("4-1 on the 4, 61%"), or "" if the move played was as good."""
    reason: str


class ReviewBook:
    """One seat's reviews of a replay's hands (see the module docstring)."""

    def __init__(self, replay: Replay, seat: int) -> None:
        """Reviews of ``seat``'s decisions in ``replay`` (none made yet)."""
        self.replay = replay
        self.seat = seat
        self.hands: dict[int, HandReview] = {}
        """The hands reviewed so far, by index."""

    @property
    def name(self) -> str:
        """The reviewed seat's name."""
        return self.replay.names[self.seat]

    def decisions_in(self, hand_index: int) -> int:
        """How many decisions the seat made in a hand (what a review of it goes through)."""
        return len(decision_moves(self.replay.match.hands[hand_index], self.seat))

    def thinking(
        self, hands: list[int], progress: Callable[[int, int], None] | None = None
    ) -> Generator[None, None, MatchReview]:
        """Review ``hands`` (indexes; those already reviewed are skipped), in slices; each hand's
        review is kept as it finishes. ``progress`` is told (decisions done, in all)."""
        wanted = [index for index in hands if index not in self.hands]
        review = yield from review_match(self.replay.match, self.seat, wanted, progress=progress)
        for hand in review.hands:
            self.hands[hand.hand_index] = hand
        return review

    def decision_at(self, hand_index: int, move: int) -> DecisionReview | None:
        """The reviewed decision made from the table after ``move`` moves of a hand (``None``: none there)."""
        hand = self.hands.get(hand_index)
        if hand is None:
            return None
        return next((decision for decision in hand.decisions if decision.move == move), None)

    def better_move(self, hand_index: int, move: int) -> Play | None:
        """The play to draw on the board after ``move`` moves: the better one, where the move
        played cost something real."""
        decision = self.decision_at(hand_index, move)
        if decision is None or decision.sound or not decision.counted or not isinstance(decision.best, Play):
            return None
        return decision.best

    def chart(self, hand_index: int) -> list[ChartPoint]:
        """The chart's points for a hand: its decisions with a choice, in order."""
        hand = self.hands.get(hand_index)
        if hand is None:
            return []
        return [
            ChartPoint(decision.move, decision.chance or 0.0, decision.best_chance or 0.0, decision.label)
            for decision in hand.decisions
            if decision.counted
        ]

    def rows(self, hand_index: int) -> list[ReviewRow]:
        """The table's rows for a hand: every decision, forced ones too."""
        hand = self.hands.get(hand_index)
        if hand is None:
            return []
        rows = []
        start = self.replay.match.hands[hand_index].start_copy()
        actions = self.replay.match.hands[hand_index].actions
        done = 0
        for decision in hand.decisions:
            for action in actions[done : decision.move]:
                start.apply(action)
            done = decision.move
            view = view_of(start, self.seat)
            played = move_words(view, decision.played)
            if not decision.counted:
                rows.append(
                    ReviewRow(decision.move + 1, played, decision.label, "forced", "", decision.reason)
                )
                continue
            better = ""
            if not decision.sound:
                named = better_words(view, decision.played, decision.best)
                better = f"{named}, {_percent(decision.best_chance)}"
            rows.append(
                ReviewRow(
                    decision.move + 1,
                    played,
                    decision.label,
                    _percent(decision.chance),
                    better,
                    decision.reason,
                )
            )
        return rows

    def marks(self, hand_index: int) -> dict[int, str]:
        """The label of each costly move of the seat, by its move number from 1 (for the move list)."""
        hand = self.hands.get(hand_index)
        if hand is None:
            return {}
        return {decision.move + 1: decision.label for decision in hand.decisions if decision.label in MARKS}

    def summary(self, hand_index: int) -> str:
        """A hand's review in two sentences: whose, the accuracy and the costliest moment."""
        hand = self.hands[hand_index]
        return f"{possessive(self.name)} hand {hand_index + 1}: " + summary_line(
            hand.accuracy, hand.costliest, hand.points
        )

    def match_summary(self) -> str | None:
        """The summary over every hand reviewed (``None`` until two are)."""
        if len(self.hands) < 2:
            return None
        review = MatchReview(self.seat, tuple(self.hands[index] for index in sorted(self.hands)))
        points = review.hands[0].points
        return f"{len(self.hands)} hands: " + summary_line(review.accuracy, review.costliest, points)

    def note(self, hand_index: int, move: int) -> str | None:
        """What the review says of the decision made after ``move`` moves (``None``: no decision there)."""
        decision = self.decision_at(hand_index, move)
        if decision is None:
            return None
        said = f"Move {move + 1}, {self.name}: "
        if not decision.counted:
            return said + decision.reason
        hand = self.hands[hand_index]
        cost = "" if decision.sound else f", costing {cost_words(decision.loss, hand.points)}"
        return f"{said}{decision.label}{cost}. {decision.reason} Every move: {decision.every_move}."


def _percent(chance: float | None) -> str:
    return "" if chance is None else f"{round(100 * chance)}%"
