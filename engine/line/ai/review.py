"""Hand review: the Expert's search looks back at every decision of one seat, and says what it cost.

At each decision of the reviewed seat, the search (:class:`engine.line.ai.search.SearchBot`, as
the Expert plays out, but with every legal move searched in every guessed deal: no racing)
runs on that seat's view *at that moment*: the tiles it held and the public
play so far, never the hidden tiles the record now shows. Each legal move gets its chance
to win the hand for the seat's side (and, in the games scoring during play, its expected
point margin: the side's points less the best other side's at the hand's end). One
search picks the best move, a second on fresh deals gives the figures; the move played is
compared with the best one, and the difference is labelled (:data:`LABELS`):

- in the games scoring nothing during play, by the chance to win the hand lost, in
  percentage points: under 5 is *good*, from 5 an *inaccuracy*, from 10 a *mistake*,
  from 20 a *blunder*;
- in the fives and threes games, by the expected points lost: under 2 is *good*, from 2
  an inaccuracy, from 5 a mistake, from 10 a blunder.

The move the search rates highest is *best*; a move with no alternative is *forced* (not
searched, and not counted in the accuracy). Each decision gets a one-line reason in the
Hint's words (:func:`engine.line.ai.hint.merit`). The search guesses the hidden tiles from the
facts alone (see :data:`REVIEW`), so a review holds whatever the style of the players.

The search's random numbers are seeded from the hand's number and the move's, nothing
else, so the same record reviews the same everywhere (CPython or Pyodide), and a review
is blind to what the seat could not see: deal the unseen tiles differently and every
evaluation stays the same.

Run it as ``python -m engine.line.ai.review RECORD`` (``--help`` for the options).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from engine.errors import EngineError
from engine.line.actions import Action, Claim, Draw, Lead, Pass, Play
from engine.line.ai.base import think_through
from engine.line.ai.hint import merit
from engine.line.ai.knowledge import knowledge_of
from engine.line.ai.medium import play_features
from engine.line.ai.search import Decision, SearchBot
from engine.line.hand import Hand
from engine.line.match import Match
from engine.line.rules import PlayScoring, Rules
from engine.line.view import PlayerView, view_of

__all__ = [
    "LABELS",
    "POINT_THRESHOLDS",
    "REVIEW",
    "WIN_THRESHOLDS",
    "DecisionReview",
    "HandReview",
    "MatchReview",
    "better_words",
    "cost_words",
    "decision_moves",
    "describe",
    "flaw",
    "main",
    "move_words",
    "review_bot",
    "review_decision",
    "review_hand",
    "review_match",
    "scores_points",
    "summary_line",
]

LABELS = ("best", "good", "inaccuracy", "mistake", "blunder", "forced")
"""Every label a decision can get, from the best to the worst, then a move with no alternative."""

WIN_THRESHOLDS = {"inaccuracy": 0.05, "mistake": 0.10, "blunder": 0.20}
"""The chance to win the hand lost from which a move is labelled so (games scoring nothing
during play)."""

POINT_THRESHOLDS = {"inaccuracy": 2.0, "mistake": 5.0, "blunder": 10.0}
"""The expected points lost from which a move is labelled so (the fives and threes games)."""

REVIEW: dict[str, Any] = {
    "worlds": 300,
    "playouts": 2400,
    "unbiased": True,
    "wary": True,
    "race": 0.0,
    "endgames": True,
}
"""The review's search: the Expert's play-outs, every legal move searched in every guessed
deal (no racing), up to 300 deals and 2,400 play-outs per search (so a decision with many
moves searches fewer deals); a decision takes two searches (:func:`review_decision`).

Unlike the Expert, it makes no guess about how the others play, which a review of anyone's
game cannot know: it deals the hidden tiles from the facts alone (what passes and draws
prove), every consistent deal as likely, without reading the others' choices as a
heaviest-tile player's, and in its play-outs every player plays warily (the Expert has the
other side play as Easy). Measured on Medium players' hands, the Expert's reading made the
review blame moves that, replayed on the real deal, did no worse
(``python -m engine.line.ai.calibration``; see the README).

Near the end of a two-player hand, once nothing more may be drawn and the deals left are
few, each is played to the end as two perfect players would (``endgames``,
:mod:`engine.line.ai.endgame`): a greedy play-out there lets the other player walk into a lost
block or miss the one winning tile, and the review saw wins where every move lost."""


def review_bot() -> SearchBot:
    """The searcher behind reviews (see :data:`REVIEW`)."""
    return SearchBot("review", **REVIEW)


def scores_points(rules: Rules) -> bool:
    """Whether reviews of this rule set weigh moves by expected points (the games scoring
    during play) rather than by the chance to win the hand."""
    return rules.play_scoring is not PlayScoring.NONE


@dataclass(frozen=True, slots=True)
class DecisionReview:
    """One decision of the reviewed seat: what was played, what was best, what it cost."""

    hand_index: int
    move: int
    """How many moves of the hand had been made before this one (its index in the hand's actions)."""
    seat: int
    played: Action
    best: Action
    chances: dict[Action, float]
    """Each move searched, with its chance to win the hand for the seat's side (ties count
    half); empty for a forced move."""
    margins: dict[Action, float]
    """Each move searched, with its expected point margin (the side's points less the best
    other side's at the hand's end)."""
    worlds: int
    """How many guessed deals the search played every move out in."""
    loss: float
    """What the move played cost against the best: the chance to win lost (0 to 1), or in
    the games scoring during play the expected points lost."""
    label: str
    """One of :data:`LABELS`."""
    reason: str
    """One line a player understands."""
    every_move: str = ""
    """Every move searched with its figures, best first ("4-4 on the 4 42%, 4-3 on the 4 30%");
    empty for a forced move."""

    @property
    def chance(self) -> float | None:
        """The side's chance to win the hand after the move played (``None``: forced, not searched)."""
        return self.chances.get(self.played)

    @property
    def best_chance(self) -> float | None:
        """The side's chance to win the hand after the best move (``None``: forced)."""
        return self.chances.get(self.best)

    @property
    def counted(self) -> bool:
        """Whether the decision counts in the accuracy (there was a choice)."""
        return self.label != "forced"

    @property
    def sound(self) -> bool:
        """Whether the move lost nothing real (best or good)."""
        return self.label in ("best", "good")

    def data(self) -> dict[str, Any]:
        """The review as plain data (moves in their notation), ready for JSON."""
        return {
            "hand_index": self.hand_index,
            "move": self.move,
            "seat": self.seat,
            "played": str(self.played),
            "best": str(self.best),
            "chances": {str(action): chance for action, chance in self.chances.items()},
            "margins": {str(action): margin for action, margin in self.margins.items()},
            "worlds": self.worlds,
            "loss": self.loss,
            "label": self.label,
            "reason": self.reason,
            "every_move": self.every_move,
        }


class _Reviewed(Protocol):
    @property
    def decisions(self) -> tuple[DecisionReview, ...]: ...


def _tally(decisions: Sequence[DecisionReview]) -> tuple[int, int]:
    counted = [decision for decision in decisions if decision.counted]
    return len(counted), sum(decision.sound for decision in counted)


class _Summary:
    """The accuracy and the costliest moment of some reviewed decisions (a hand's, a match's)."""

    __slots__ = ()

    @property
    def tally(self: _Reviewed) -> tuple[int, int]:
        """How many decisions had a choice, and how many of those lost nothing real."""
        return _tally(self.decisions)

    @property
    def accuracy(self: _Reviewed) -> float | None:
        """The share of the decisions with a choice that lost nothing real (``None``: none had a choice)."""
        decisions, sound = _tally(self.decisions)
        return sound / decisions if decisions else None

    @property
    def costliest(self: _Reviewed) -> DecisionReview | None:
        """The decision that cost most (``None`` if none cost anything real)."""
        costly = [decision for decision in self.decisions if decision.counted and not decision.sound]
        return max(costly, key=lambda decision: decision.loss, default=None)


@dataclass(frozen=True, slots=True)
class HandReview(_Summary):
    """The review of one hand for one seat."""

    hand_index: int
    seat: int
    decisions: tuple[DecisionReview, ...]
    points: bool
    """Whether losses are in expected points (:func:`scores_points`) rather than chances."""

    def count(self, label: str) -> int:
        """How many decisions got ``label``."""
        return sum(decision.label == label for decision in self.decisions)


@dataclass(frozen=True, slots=True)
class MatchReview(_Summary):
    """The reviews of a match's hands for one seat."""

    seat: int
    hands: tuple[HandReview, ...]

    @property
    def decisions(self) -> tuple[DecisionReview, ...]:
        """Every decision reviewed, hand after hand."""
        return tuple(decision for hand in self.hands for decision in hand.decisions)


def decision_moves(hand: Hand, seat: int) -> list[int]:
    """The moves of a recorded hand that were ``seat``'s decisions (their indexes in its
    actions; a call of a score is not a decision)."""
    replay = hand.start_copy()
    moves = []
    for index, action in enumerate(hand.actions):
        if not isinstance(action, Claim) and replay.turn == seat:
            moves.append(index)
        replay.apply(action)
    return moves


def review_decision(
    view: PlayerView,
    played: Action,
    hand_index: int,
    move: int,
    bot: SearchBot | None = None,
) -> Generator[None, None, DecisionReview]:
    """Review the move ``played`` from ``view`` (the seat's view before it), searching in
    slices (yielding between them); returns the :class:`DecisionReview`.

    Two searches on fresh deals: the first finds the best move, the second gives every
    move's figures and so what the move played cost against it. Measured on the deals
    that chose it, the best move would look better than it is (the likeliest to come out
    on top among many moves is one whose deals happened to favour it), and a review would
    blame moves that cost nothing. The searches' random numbers come from ``hand_index``
    and ``move`` only.
    """
    choices = tuple(action for action in view.legal_actions if not isinstance(action, Claim))
    view = replace(view, legal_actions=choices)
    searcher = bot or review_bot()
    rng = random.Random(f"review {hand_index} {move} choose")
    choosing = yield from searcher.think(view, rng, also=(played,))
    if choosing.worlds == 0:
        return DecisionReview(
            hand_index,
            move,
            view.seat,
            played,
            best=played,
            chances={},
            margins={},
            worlds=0,
            loss=0.0,
            label="forced",
            reason=_forced_reason(view, played),
        )
    points = scores_points(view.rules)
    best = _best(choosing, played, points)
    decision = yield from searcher.think(view, random.Random(f"review {hand_index} {move}"), also=(played,))
    measure = decision.margins if points else decision.win_rates
    loss = max(0.0, measure[best] - measure[played])
    label = "best" if best == played else _label(loss, points)
    review = DecisionReview(
        hand_index,
        move,
        view.seat,
        played,
        best=best,
        chances=decision.win_rates,
        margins=decision.margins,
        worlds=decision.worlds,
        loss=loss,
        label=label,
        reason="",
    )
    return replace(review, reason=_reason(view, review, points), every_move=_every_move(view, review, points))


def _best(decision: Decision, played: Action, points: bool) -> Action:
    """The move a search rates highest: by points or by the chance to win, the other measure
    (the Expert's worth of a move, in which the points count too) breaking a tie, and the
    move played a complete tie."""
    measure = decision.margins if points else decision.win_rates
    second = decision.win_rates if points else decision.values
    return max(measure, key=lambda action: (measure[action], second[action], action == played))


def _label(loss: float, points: bool) -> str:
    """The label of a move that was not the best, by what it cost."""
    thresholds = POINT_THRESHOLDS if points else WIN_THRESHOLDS
    label = "good"
    for name in ("inaccuracy", "mistake", "blunder"):
        if loss >= thresholds[name] - 1e-9:
            label = name
    return label


def review_hand(
    hand: Hand,
    seat: int,
    hand_index: int = 0,
    scores: tuple[int, ...] = (),
    bot: SearchBot | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Generator[None, None, HandReview]:
    """Review every decision of ``seat`` in a recorded ``hand`` (number ``hand_index`` of its
    match, which stood at ``scores``), yielding between slices of search; returns the
    :class:`HandReview`. ``progress`` is told (decisions reviewed, decisions in all) as it goes.
    """
    bot = bot or review_bot()
    moves = set(decision_moves(hand, seat))
    replay = hand.start_copy()
    decisions: list[DecisionReview] = []
    for index, action in enumerate(hand.actions):
        if index in moves:
            if progress is not None:
                progress(len(decisions), len(moves))
            view = view_of(replay, seat, scores)
            decisions.append((yield from review_decision(view, action, hand_index, index, bot)))
        replay.apply(action)
    if progress is not None:
        progress(len(decisions), len(moves))
    return HandReview(hand_index, seat, tuple(decisions), scores_points(hand.rules))


def review_match(
    match: Match,
    seat: int,
    hands: Sequence[int] | None = None,
    bot: SearchBot | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Generator[None, None, MatchReview]:
    """Review ``seat``'s decisions in a match's hands (``hands``: their indexes, else all),
    yielding between slices; ``progress`` is told (decisions reviewed, in all) over the match."""
    chosen = list(range(len(match.hands))) if hands is None else list(hands)
    totals = [len(decision_moves(match.hands[index], seat)) for index in chosen]
    reviews = []
    for number, index in enumerate(chosen):
        done_before = sum(totals[:number])

        def told(done: int, _total: int, before: int = done_before) -> None:
            if progress is not None:
                progress(before + done, sum(totals))

        scores = tuple(match.sheet[index - 1].totals) if index else tuple(match.start_scores)
        reviews.append((yield from review_hand(match.hands[index], seat, index, scores, bot, told)))
    return MatchReview(seat, tuple(reviews))


# --- the words ------------------------------------------------------------------------


def move_words(view: PlayerView, action: Action) -> str:
    """A move as a player says it: "6-4 on the 6", "leading yourself", "drawing"."""
    if isinstance(action, Play):
        return (
            str(action.tile)
            if action.end is None
            else f"{action.tile} on the {view.layout.value(action.end)}"
        )
    if isinstance(action, Lead):
        return "leading yourself" if action.seat == view.seat else "letting your partner lead"
    if isinstance(action, Draw):
        return "drawing"
    if isinstance(action, Pass):
        return "passing"
    return str(action)


def better_words(view: PlayerView, played: Action, best: Action) -> str:
    """The better move as a player says it, told apart from the move played when both lay one
    tile on ends showing the same number (which may score differently)."""
    said = move_words(view, best)
    return f"{said} at the other end" if said == move_words(view, played) else said


def _forced_reason(view: PlayerView, played: Action) -> str:
    if isinstance(played, Draw):
        return "Nothing fitted: you had to draw."
    if isinstance(played, Pass):
        return "Nothing fitted: you had to pass."
    said = f"{_capital(move_words(view, played))} was your only move"
    if sum(isinstance(action, Play) for action in view.legal_actions) > 1:
        return f"{said} (either end leaves the same numbers showing)."
    return f"{said}."


def _reason(view: PlayerView, review: DecisionReview, points: bool) -> str:
    """One line: how the move played did, the better move and why (in the Hint's words)."""
    played, best = review.played, review.best
    said, better = move_words(view, played), better_words(view, played, best)
    if review.label == "best":
        why = merit(view, played) if isinstance(played, Play) else "the best move found"
        return f"{_capital(said)}: {why} ({_figure(review, played, points)} {_unit(points)})."
    figures = f"{_figure(review, played, points)} against {_figure(review, best, points)} {_unit(points)}"
    if review.label == "good":
        return f"{_capital(said)} was about as good as {better} ({figures})."
    gave_away = flaw(view, played, best)
    why = merit(view, best) if isinstance(best, Play) else "it did better in the deals played out"
    if gave_away:
        return f"{_capital(said)} {gave_away}; {better} was better: {why} ({figures})."
    figures = f"{_figure(review, best, points)} against {_figure(review, played, points)} {_unit(points)}"
    return f"{_capital(better)} was better than {said}: {why} ({figures})."


def _every_move(view: PlayerView, review: DecisionReview, points: bool) -> str:
    """Each move searched and its figure, best first (a tile on two ends showing the same
    number, the same move, once)."""
    measure = review.margins if points else review.chances
    said: dict[str, str] = {}
    for action in sorted(measure, key=lambda action: -measure[action]):
        said.setdefault(move_words(view, action), _figure(review, action, points))
    return ", ".join(f"{words} {figure}" for words, figure in said.items()) + f" {_unit(points)}"


def _figure(review: DecisionReview, action: Action, points: bool) -> str:
    """A move's expected point margin ("+1.5") or chance to win ("46%")."""
    if points:
        return f"{review.margins[action]:+.1f}"
    return f"{round(100 * review.chances[action])}%"


def _unit(points: bool) -> str:
    return "points expected" if points else "to win"


def flaw(view: PlayerView, played: Action, best: Action) -> str | None:
    """What the move played gave away that the better one did not, if the notes can say
    ("let the next player follow"; the hand review's and a puzzle's words)."""
    if not isinstance(played, Play) or not isinstance(best, Play) or view.layout.is_empty:
        return None
    knowledge = knowledge_of(view)
    mine, theirs = play_features(view, knowledge, played), play_features(view, knowledge, best)
    if theirs.get("left_passes") and not mine.get("left_passes"):
        return "let the next player follow"
    if theirs.get("points", 0) > mine.get("points", 0):
        scored = int(mine.get("points", 0))
        return f"scored {scored}" if scored else "scored nothing"
    if played.tile.pips < best.tile.pips - 3 and theirs.get("follow", 0) >= mine.get("follow", 0):
        return f"kept the heavier {best.tile} in your hand"
    return None


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# --- the command line ------------------------------------------------------------------


def describe(review: MatchReview, names: Sequence[str]) -> str:
    """A review as text: each decision with its label and reason, and each hand's summary."""
    lines = []
    for hand in review.hands:
        lines.append(f"Hand {hand.hand_index + 1}, {names[hand.seat]}'s decisions:")
        for decision in hand.decisions:
            lines.append(f"  move {decision.move + 1:>3}  {decision.label:<10}  {decision.reason}")
            if decision.every_move:
                lines.append(f"  {'':>8}  {'':<10}  Every move: {decision.every_move}.")
        lines.append("  " + summary_line(hand.accuracy, hand.costliest, hand.points))
    if len(review.hands) > 1:
        points = review.hands[0].points
        lines.append("Match: " + summary_line(review.accuracy, review.costliest, points))
    return "\n".join(lines)


def cost_words(loss: float, points: bool) -> str:
    """What a move cost, in words: "12% of the chance to win" or "3.5 points"."""
    return f"{loss:.1f} points" if points else f"{round(100 * loss)}% of the chance to win"


def summary_line(accuracy: float | None, costliest: DecisionReview | None, points: bool) -> str:
    """The accuracy and the costliest moment in a sentence."""
    if accuracy is None:
        return "No decision had a choice."
    text = f"Accuracy {round(100 * accuracy)}%"
    if costliest is None:
        return text + ": no move lost anything real."
    return (
        f"{text}; the costliest moment: hand {costliest.hand_index + 1}, move {costliest.move + 1} "
        f"({costliest.label}, {cost_words(costliest.loss, points)})."
    )


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m engine.line.ai.review RECORD``: print the review of a record's hands."""
    import argparse  # (here: the page imports this module, and needs neither)
    from pathlib import Path

    from engine.line.notation import read_record

    parser = argparse.ArgumentParser(
        prog="python -m engine.line.ai.review",
        description="Review one seat's decisions in a recorded game with the Expert's search.",
    )
    parser.add_argument("record", help="a record file in the project's notation (- reads standard input)")
    parser.add_argument("--seat", type=int, default=0, help="the seat to review (default: 0, the first)")
    parser.add_argument("--hand", type=int, help="review only this hand (1 is the first)")
    args = parser.parse_args(argv)
    try:
        text = sys.stdin.read() if args.record == "-" else Path(args.record).read_text(encoding="utf-8")
    except OSError as error:
        print(f"Cannot read {args.record}: {error.strerror}.", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print(f"Cannot read {args.record}: it is not a text file.", file=sys.stderr)
        return 2
    try:
        match = read_record(text)
    except EngineError as error:
        print(f"This record cannot be read: {error}", file=sys.stderr)
        return 2
    players = match.rules.players
    if not 0 <= args.seat < players:
        print(f"There is no seat {args.seat}: the seats are 0 to {players - 1}.", file=sys.stderr)
        return 2
    if args.hand is not None and not 1 <= args.hand <= len(match.hands):
        print(f"There is no hand {args.hand}: the record has {len(match.hands)}.", file=sys.stderr)
        return 2
    hands = None if args.hand is None else [args.hand - 1]
    names = [match.tags.get(f"Seat{seat}") or f"seat {seat}" for seat in range(players)]
    review = think_through(review_match(match, args.seat, hands))
    print(describe(review, names))
    return 0


if __name__ == "__main__":
    sys.exit(main())
