"""The hand review (engine.line.ai.review): what it calls a move, on positions whose answer is known.

Scripted positions (tiles and moves written out) where one move is plainly best: shutting
out an opponent who has passed, blocking the hand while ahead on pips, scoring 10 with the
last tile in a fives game, playing instead of overdrawing. Then the labels against their
thresholds on real hands, the summaries, determinism, blindness to the hidden tiles (the
twins of ``tests.helpers.deals``), cancelling, progress, manual scoring, and the command line.

Most tests search with a small budget (``SMALL``): the positions are chosen so that the
answer is clear at any budget; the scripted ones use the real one (``review_bot()``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Action, Claim, Draw, Hand, Lead, Opening, Pass, Play, Rules, make_rules, view_of
from engine.line.ai import GreedyBot, think_step, think_through
from engine.line.ai.knowledge import knowledge_of
from engine.line.ai.review import (
    LABELS,
    POINT_THRESHOLDS,
    REVIEW,
    WIN_THRESHOLDS,
    DecisionReview,
    HandReview,
    MatchReview,
    decision_moves,
    main,
    move_words,
    review_bot,
    review_decision,
    review_hand,
    review_match,
    scores_points,
)
from engine.line.ai.search import SearchBot
from engine.line.match import Match
from engine.line.notation import write_record
from engine.line.selfplay import bot_match
from engine.line.view import PlayerView
from tests.helpers.deals import Deal, deals, final, make_deal, twins
from tests.helpers.scripted import action, play, scripted_hand
from tests.helpers.tables import BY_VARIANT, rules_of

SMALL: dict[str, Any] = {**REVIEW, "worlds": 40, "playouts": 300}
"""A review's search with a smaller budget (the same reading of the table)."""


def small_bot() -> SearchBot:
    return SearchBot("review", **SMALL)


def reviewed(
    view: PlayerView, played: Action | str, hand: Hand, bot: SearchBot | None = None, hand_index: int = 0
) -> DecisionReview:
    """The review of ``played`` (an action, or its words for :func:`action`) from ``view``."""
    if isinstance(played, str):
        played = action(hand, played)
    return think_through(review_decision(view, played, hand_index, len(hand.actions), bot or review_bot()))


def at(
    rules: Rules, hands: Sequence[str], moves: Sequence[str], draws: str = "", opening: Opening | None = None
) -> Hand:
    """A scripted hand after ``moves``."""
    hand = scripted_hand(rules, hands, draws, opening)
    play(hand, *moves)
    return hand


def finish(hand: Hand, seed: int = 0) -> Hand:
    """Play the hand out with the Easy bot (calling any score at once)."""
    bot, rng = GreedyBot(), random.Random(seed)
    while not hand.is_over:
        if hand.pending is not None:
            hand.apply(Claim(hand.pending[0]))
            continue
        hand.apply(bot.choose(view_of(hand, hand.turn), rng))
    return hand


def recorder() -> tuple[list[tuple[int, int]], Callable[[int, int], None]]:
    """A progress callback, and the list of what it was told."""
    told: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> None:
        told.append((done, total))

    return told, progress


def worse_than_good(label: str) -> bool:
    return label in ("inaccuracy", "mistake", "blunder")


# --- (a) keeping out an opponent who has passed ----------------------------------------------
#
# Two-player block. Seat 0 opens 5-5; after 6-4 seat 0 passes (no 5, no 6); later seat 1
# passes on 3 and 4. Seat 0 holds 2-1 3-1 3-3 with a 3 and a 4 showing: 3-3 on the 3 leaves
# 3 and 4, which seat 1 cannot follow; 3-1 on the 3 shows a 1 he may well hold.

SHUT_OUT = make_rules("block", 2)
SHUT_OUT_DEAL = ["3-0 2-1 3-1 4-1 3-3 4-4 5-5", "0-0 5-0 6-0 6-1 2-2 5-4 6-4"]
SHUT_OUT_MOVES = ["5-5", "5-4@0E", "4-4@1E", "6-4@2E", "pass", "6-1@3E", "4-1@4E", "5-0@0W", "3-0@6W", "pass"]


def test_letting_a_player_who_passed_follow_is_worse_than_keeping_him_out() -> None:
    hand = at(SHUT_OUT, SHUT_OUT_DEAL, SHUT_OUT_MOVES)
    view = view_of(hand, 0)
    assert hand.turn == 0
    keep_out, let_in = action(hand, "3-3@7W"), action(hand, "3-1@7W")
    assert isinstance(keep_out, Play) and isinstance(let_in, Play)
    lacks = knowledge_of(view).lacks[1]
    assert {3, 4} <= lacks, "seat 1 passed on a 3 and a 4"
    assert set(view.layout.play(keep_out.tile, keep_out.end).values) <= lacks
    assert not set(view.layout.play(let_in.tile, let_in.end).values) <= lacks

    bad = reviewed(view, let_in, hand)
    assert bad.best == keep_out
    assert worse_than_good(bad.label), bad
    assert bad.loss >= WIN_THRESHOLDS["mistake"] + 0.2, "a clear margin, not a close call"
    assert bad.chance is not None and bad.best_chance is not None
    assert 0.0 <= bad.chance < bad.best_chance <= 1.0
    assert bad.loss == pytest.approx(bad.best_chance - bad.chance)
    assert move_words(view, keep_out) == "3-3 on the 3"
    assert bad.reason.startswith("3-1 on the 3 let the next player follow; 3-3 on the 3 was better: ")
    assert bad.counted and not bad.sound
    assert bad.worlds > 0 and set(bad.chances) == {keep_out, let_in}

    good = reviewed(view, keep_out, hand)
    assert (good.label, good.best, good.loss) == ("best", keep_out, 0.0)
    assert good.chances == bad.chances, "the same search whichever move was played"
    assert good.reason.startswith("3-3 on the 3: the next player has passed on 3 and 4")
    assert good.sound


def test_the_shut_out_is_found_whatever_the_search_seed_and_budget() -> None:
    hand = at(SHUT_OUT, SHUT_OUT_DEAL, SHUT_OUT_MOVES)
    view = view_of(hand, 0)
    for number in range(3):
        bad = reviewed(view, "3-1@7W", hand, small_bot(), hand_index=number)
        assert bad.best == action(hand, "3-3@7W") and worse_than_good(bad.label)


# --- (b) blocking the hand while ahead on pips -------------------------------------------------
#
# Partnership block. Seat 1 holds 0-0 6-0 1-1 with a 0 and a 6 showing and every other six
# laid: 6-0 on the 0 blocks the hand. Seat 1's side then holds 2 pips plus seat 3's two
# tiles, the others the rest of the 34 hidden pips: it wins whoever holds what.

BLOCK = make_rules("partnership-block")
BLOCK_DEAL = [
    "2-0 3-0 2-1 3-1 6-2 4-3 6-3",
    "0-0 6-0 1-1 5-1 3-2 3-3 6-4",
    "4-0 4-1 6-1 2-2 4-2 4-4 6-6",
    "1-0 5-0 5-2 5-3 5-4 5-5 6-5",
]
BLOCK_MOVES = [
    "6-6", "6-5@0E", "6-3@0W", "3-3@2W", "pass", "5-5@1E", "4-3@3W", "6-4@5W", "6-1@6W", "5-4@4E",
    "3-1@7W", "3-2@9W", "4-4@8E", "5-2@10W", "pass", "5-1@12W", "4-2@11E", "1-0@13W", "6-2@14E",
]  # fmt: skip
BLOCKING, NOT_BLOCKING = "6-0@15W", "0-0@15W"


def test_blocking_the_hand_while_ahead_on_pips_is_best_and_not_blocking_is_a_mistake() -> None:
    hand = at(BLOCK, BLOCK_DEAL, BLOCK_MOVES)
    seat = hand.turn
    assert seat == 1
    view = view_of(hand, seat)
    # The facts: the block is certain, and won whoever holds the hidden tiles.
    blocked = at(BLOCK, BLOCK_DEAL, [*BLOCK_MOVES, BLOCKING])
    assert blocked.result is not None and blocked.result.reason == "blocked"
    assert blocked.result.winner_side == BLOCK.side_of(seat)
    knowledge = knowledge_of(view)
    hidden = sorted((tile.pips for tile in knowledge.hidden), reverse=True)
    partner = BLOCK.next_seat(BLOCK.next_seat(seat))
    own_after = sum(tile.pips for tile in hand.hand_of(seat)) - action(hand, BLOCKING).tile.pips  # type: ignore[union-attr]
    partner_at_most = sum(hidden[: knowledge.counts[partner]])
    assert own_after + partner_at_most < sum(hidden) - partner_at_most, "the side is surely ahead on pips"

    bad = reviewed(view, NOT_BLOCKING, hand)
    assert bad.best == action(hand, BLOCKING)
    assert bad.label in ("mistake", "blunder"), bad
    assert bad.best_chance == pytest.approx(1.0), "the block wins in every deal"
    assert bad.chance is not None and bad.chance < 0.8
    assert bad.reason.startswith("6-0 on the 0 was better than 0-0 on the 0: ")

    good = reviewed(view, BLOCKING, hand)
    assert good.label == "best" and good.best == action(hand, BLOCKING)
    assert good.reason.startswith("6-0 on the 0:")


def test_review_hand_finds_the_missed_block_in_a_scripted_hand() -> None:
    hand = finish(at(BLOCK, BLOCK_DEAL, [*BLOCK_MOVES, NOT_BLOCKING]))
    review = think_through(review_hand(hand, 1))
    assert not review.points
    assert [decision.move for decision in review.decisions] == decision_moves(hand, 1)
    missed = next(decision for decision in review.decisions if decision.move == len(BLOCK_MOVES))
    assert missed.played == action(at(BLOCK, BLOCK_DEAL, BLOCK_MOVES), NOT_BLOCKING)
    before = at(BLOCK, BLOCK_DEAL, BLOCK_MOVES)
    assert missed == reviewed(view_of(before, 1), NOT_BLOCKING, before), "the same as reviewing it alone"
    assert missed.label in ("mistake", "blunder")
    assert review.costliest is not None and review.costliest.loss >= missed.loss
    assert review.accuracy is not None and review.accuracy < 1.0


# --- the fives games: points, not chances --------------------------------------------------------
#
# Two-player all-fives. Seat 0's last tile is 5-4, with a 4 and a 5 showing: on the 4 it
# leaves 5 and 5 (10 points), on the 5 it leaves 4 and 4 (8: nothing). Either way seat 0 goes
# out and wins the hand, with the same tiles left to count against the other player.

FIVES = make_rules("all-fives", 2)
FIVES_DEAL = ["5-0 3-2 5-2 6-2 5-4", "1-0 5-3 6-3 6-5 6-6"]
FIVES_DRAWS = "4-2 3-0 4-0 2-2 5-5 0-0 5-1 6-1"
FIVES_MOVES = [
    "6-6", "6-2@0E", "6-3@0W", "5-2@1E", "5-3@2W", "5-0@3E", "6-5@4W", "draw", "draw", "3-0@5E",
    "draw", "draw", "draw", "draw", "draw", "draw", "6-1@6W", "3-2@7E", "2-2@9E", "4-2@10E", "5-1@8W",
]  # fmt: skip
SCORES_10, SCORES_NOTHING = "5-4@11E", "5-4@12W"


def test_in_a_fives_game_scoring_10_with_the_last_tile_is_best_by_10_points() -> None:
    assert scores_points(FIVES) and scores_points(make_rules("fives-and-threes", 2))
    assert not scores_points(SHUT_OUT) and not scores_points(BLOCK)
    hand = at(FIVES, FIVES_DEAL, FIVES_MOVES, FIVES_DRAWS)
    assert hand.turn == 0 and len(hand.hand_of(0)) == 1
    for move, points in ((SCORES_10, 10), (SCORES_NOTHING, 0)):
        after = at(FIVES, FIVES_DEAL, [*FIVES_MOVES, move], FIVES_DRAWS)
        assert after.is_over and after.play_points_by_side[0] - hand.play_points_by_side[0] == points

    view = view_of(hand, 0)
    bad = reviewed(view, SCORES_NOTHING, hand)
    best = action(hand, SCORES_10)
    assert bad.best == best
    assert bad.loss == pytest.approx(10.0, abs=1e-6), "the points lost, not a chance"
    assert bad.margins[best] - bad.margins[bad.played] == pytest.approx(10.0, abs=1e-6)
    assert bad.chances[best] == bad.chances[bad.played], "both go out: the same chance to win"
    assert bad.label == "blunder"
    assert "scored nothing" in bad.reason and "5-4 on the 4 was better: it scores 10" in bad.reason
    assert "points expected" in bad.reason

    good = reviewed(view, SCORES_10, hand)
    assert (good.label, good.loss) == ("best", 0.0)

    finished = at(FIVES, FIVES_DEAL, [*FIVES_MOVES, SCORES_NOTHING], FIVES_DRAWS)
    review = think_through(review_hand(finished, 0))
    assert review.points
    assert review.decisions[-1] == bad
    assert review.costliest is not None and review.costliest.loss >= bad.loss


# --- an overdraw ------------------------------------------------------------------------------------
#
# Two-player draw with the overdraw penalty. Seat 1 may play 5-1, 5-2 or 5-4 on a 5 or 5-2 on
# a 2, and draws instead (costing 10 points).

OVERDRAW = make_rules("draw-2", 2, options={"overdraw": "on"})
OVERDRAW_DEAL = ["1-0 4-0 4-1 6-1 2-2 6-2 6-5", "0-0 5-1 5-2 3-3 4-3 5-4 6-6"]
OVERDRAW_MOVES = ["6-5", "6-6@0E", "6-2@1E"]


def overdraw_hand() -> Hand:
    return at(OVERDRAW, OVERDRAW_DEAL, OVERDRAW_MOVES, "2-1 5-3 6-4", Opening(0, None))


def test_an_overdraw_is_searched_and_judged_worse_than_the_best_play() -> None:
    hand = overdraw_hand()
    assert OVERDRAW.overdraw_penalty > 0
    view = view_of(hand, 1)
    plays = [act for act in view.legal_actions if isinstance(act, Play)]
    assert len(plays) >= 2 and Draw() in view.legal_actions, "a draw while a play was possible"

    review = reviewed(view, Draw(), hand)
    assert review.label != "forced" and review.counted and review.worlds > 0
    assert set(review.chances) == {*plays, Draw()}, "the overdraw is searched next to every play"
    assert isinstance(review.best, Play)
    assert worse_than_good(review.label), review
    assert review.chance is not None and review.best_chance is not None
    assert review.chance < review.best_chance
    assert review.reason.endswith("to win).") and "was better than drawing" in review.reason

    # In a whole hand: the overdraw is a decision of its own, reviewed the same.
    hand.apply(Draw())
    finish(hand)
    whole = think_through(review_hand(hand, 1))
    drew = next(decision for decision in whole.decisions if decision.move == len(OVERDRAW_MOVES))
    assert drew == review
    assert len(OVERDRAW_MOVES) + 1 in decision_moves(hand, 1), "the turn stays with the drawer"


# --- labels and summaries ---------------------------------------------------------------------------


def expected_label(loss: float, points: bool) -> str:
    """The label a loss gets by the published thresholds (each one inclusive)."""
    thresholds = POINT_THRESHOLDS if points else WIN_THRESHOLDS
    label = "good"
    for name in ("inaccuracy", "mistake", "blunder"):
        if loss >= thresholds[name] - 1e-9:
            label = name
    return label


def check_decision(decision: DecisionReview, points: bool, hand: Hand) -> None:
    """A decision's label agrees with its loss, its figures with each other."""
    assert decision.label in LABELS
    assert decision.played == hand.actions[decision.move]
    if decision.label == "forced":
        assert decision.chances == {} and decision.margins == {} and decision.worlds == 0
        assert decision.loss == 0.0 and decision.best == decision.played
        assert decision.chance is None and decision.best_chance is None and not decision.counted
        return
    assert decision.counted and decision.worlds > 0
    assert decision.played in decision.chances and decision.best in decision.chances
    assert set(decision.chances) == set(decision.margins)
    measure = decision.margins if points else decision.chances
    # (The best move is chosen by a search of its own; the figures, from a second one, may rank
    # another move first: they only say what the move played cost against the one chosen.)
    assert decision.loss == pytest.approx(max(0.0, measure[decision.best] - measure[decision.played]))
    assert all(0.0 <= chance <= 1.0 for chance in decision.chances.values())
    if decision.label == "best":
        assert decision.best == decision.played and decision.loss == 0.0 and decision.sound
    else:
        assert decision.best != decision.played
        assert decision.label == expected_label(decision.loss, points)
        assert decision.sound == (decision.label == "good")
        if decision.label == "good":
            assert decision.loss < (POINT_THRESHOLDS if points else WIN_THRESHOLDS)["inaccuracy"]
            assert "was about as good as" in decision.reason
    assert decision.reason and "\n" not in decision.reason


def check_summary(review: HandReview | MatchReview) -> None:
    decisions = review.decisions
    counted = [decision for decision in decisions if decision.label != "forced"]
    sound = [decision for decision in counted if decision.label in ("best", "good")]
    assert review.accuracy == (len(sound) / len(counted) if counted else None)
    costly = [decision for decision in counted if decision.label not in ("best", "good")]
    assert review.costliest == max(costly, key=lambda decision: decision.loss, default=None)
    if isinstance(review, HandReview):
        assert sum(review.count(label) for label in LABELS) == len(decisions)


def test_the_thresholds_rise_with_the_labels() -> None:
    assert LABELS == ("best", "good", "inaccuracy", "mistake", "blunder", "forced")
    for thresholds in (WIN_THRESHOLDS, POINT_THRESHOLDS):
        assert list(thresholds) == ["inaccuracy", "mistake", "blunder"]
        assert 0 < thresholds["inaccuracy"] < thresholds["mistake"] < thresholds["blunder"]
    assert WIN_THRESHOLDS["blunder"] < 1.0, "a chance lost is at most 1"


LABELLED_MATCHES = [
    ("partnership-block", 4, 2, ["random", "greedy", "medium", "random"]),
    ("draw-2", 2, 3, ["random", "greedy"]),
    ("all-fives", 2, 4, ["random", "greedy"]),
]


@pytest.mark.parametrize(
    ("variant", "players", "seed", "levels"), LABELLED_MATCHES, ids=[m[0] for m in LABELLED_MATCHES]
)
def test_labels_agree_with_the_losses_and_the_thresholds(
    variant: str, players: int, seed: int, levels: list[str]
) -> None:
    match = bot_match(variant, players, seed, levels, max_hands=2)
    points = scores_points(match.rules)
    seen: set[str] = set()
    for index, hand in enumerate(match.hands):
        for seat in range(players):
            review = think_through(review_hand(hand, seat, index, bot=small_bot()))
            assert review.points == points and review.seat == seat and review.hand_index == index
            for decision in review.decisions:
                check_decision(decision, points, hand)
                seen.add(decision.label)
            check_summary(review)
    assert {"best", "forced"} <= seen and seen - {"best", "good", "forced"}, f"too few kinds of label: {seen}"


def test_a_move_with_no_alternative_is_forced_and_not_counted() -> None:
    hand = at(SHUT_OUT, SHUT_OUT_DEAL, SHUT_OUT_MOVES[:4])
    view = view_of(hand, 0)
    assert view.legal_actions == (Pass(),)
    forced = reviewed(view, Pass(), hand)
    assert forced.label == "forced" and forced.chances == {} and forced.worlds == 0
    assert forced.reason == "Nothing fitted: you had to pass."
    only = at(SHUT_OUT, SHUT_OUT_DEAL, SHUT_OUT_MOVES[:8])  # seat 0's only tile with a 0 or a 4
    assert view_of(only, 0).legal_actions == (action(only, "3-0@6W"),)
    single = reviewed(view_of(only, 0), "3-0@6W", only)
    assert single.label == "forced" and single.reason == "3-0 on the 0 was your only move."
    assert single.best == single.played and single.loss == 0.0
    opening = at(SHUT_OUT, SHUT_OUT_DEAL, [])
    assert reviewed(view_of(opening, 0), "5-5", opening).reason == "5-5 was your only move."

    finished = finish(at(SHUT_OUT, SHUT_OUT_DEAL, SHUT_OUT_MOVES))
    review = think_through(review_hand(finished, 0, bot=small_bot()))
    assert review.count("forced") >= 1
    counted = [decision for decision in review.decisions if decision.counted]
    assert len(counted) < len(review.decisions)
    assert review.accuracy == sum(decision.sound for decision in counted) / len(counted)


def test_a_match_review_gathers_its_hands() -> None:
    match = bot_match("partnership-block", 4, 6, ["random", "greedy", "random", "greedy"], max_hands=2)
    assert len(match.hands) == 2
    bot = small_bot()
    told, progress = recorder()
    review = think_through(review_match(match, 0, bot=bot, progress=progress))
    assert review.seat == 0 and [hand.hand_index for hand in review.hands] == [0, 1]
    scores = [tuple(match.start_scores), tuple(match.sheet[0].totals)]
    for index, hand_review in enumerate(review.hands):
        assert hand_review == think_through(review_hand(match.hands[index], 0, index, scores[index], bot))
    assert review.decisions == review.hands[0].decisions + review.hands[1].decisions
    check_summary(review)
    total = sum(len(decision_moves(hand, 0)) for hand in match.hands)
    assert told[-1] == (total, total) and all(count == total for _, count in told)
    assert [done for done, _ in told] == sorted(done for done, _ in told)
    alone = think_through(review_match(match, 0, hands=[1], bot=bot))
    assert alone == MatchReview(0, (review.hands[1],))


def test_a_choice_of_who_leads_is_reviewed() -> None:
    """Jamaican partner: the side that won the last hand chooses which partner leads the next."""
    match = bot_match("jamaican-partner", 4, 3, ["greedy"] * 4, max_hands=2)
    hand = match.hands[1]
    assert hand.opening.lead_choices, "the second hand begins with the choice of a leader"
    chooser = hand.opening.seat
    review = think_through(review_hand(hand, chooser, 1, tuple(match.sheet[0].totals), small_bot()))
    first = review.decisions[0]
    assert first.move == 0 and isinstance(first.played, Lead)
    assert first.counted and set(first.chances) == {Lead(seat) for seat in hand.opening.lead_choices}
    said = "eading yourself" if first.played.seat == chooser else "etting your partner lead"
    assert said in first.reason  # (first in the line, or named after the better choice)
    check_decision(first, False, hand)


# --- determinism -----------------------------------------------------------------------------------


def test_the_same_hand_reviews_the_same_whatever_came_before() -> None:
    match = bot_match("draw-2", 2, 8, ["random", "greedy"], max_hands=2)
    hand, other = match.hands
    random.seed(1)
    first = think_through(review_hand(hand, 0, 0, bot=small_bot()))
    bot = small_bot()
    think_through(review_hand(other, 1, 1, bot=bot))  # the bot used on something else first
    random.seed(99)
    random.random()
    again = think_through(review_hand(hand, 0, 0, bot=bot))
    assert again == first
    assert any(decision.worlds for decision in first.decisions), "something was searched"
    # The hand's number seeds the search, and is part of each decision's review.
    renumbered = think_through(review_hand(hand, 0, 5, bot=small_bot()))
    assert [decision.hand_index for decision in renumbered.decisions] == [5] * len(first.decisions)


# --- honesty: the review is blind to what the seat could not see -----------------------------------


def next_move(deal: Deal, seed: int, original: Hand) -> Action:
    """The move played next in the playout the twins come from (the first non-claim if a claim)."""
    _, actions = final(deal, seed)
    played = actions[len(original.actions)]
    if isinstance(played, Claim):
        played = next(act for act in original.legal_actions() if not isinstance(act, Claim))
    return played


def twin_reviews(deal: Deal, seed: int, cut: float) -> tuple[DecisionReview, DecisionReview] | None:
    found = twins(deal, seed, cut)
    if found is None:
        return None
    original, twin = found
    seat = original.turn
    if view_of(original, seat) != view_of(twin, seat):
        return None  # not the same public history: e.g. the other's draw is an overdraw in one deal only
    played = next_move(deal, seed, original)
    move = len(original.actions)
    first = think_through(review_decision(view_of(original, seat), played, 1, move, small_bot()))
    second = think_through(review_decision(view_of(twin, seat), played, 1, move, small_bot()))
    return first, second


@settings(max_examples=60, deadline=None, derandomize=True)
@given(deal=deals(), seed=st.integers(0, 2**32 - 1), cut=st.floats(0.05, 0.9))
def test_a_review_does_not_peek_at_hidden_tiles(deal: Deal, seed: int, cut: float) -> None:
    """Deal the hidden tiles differently (the same public history): the same review, figures and words."""
    found = twin_reviews(deal, seed, cut)
    if found is None:
        return
    first, second = found
    assert first == second, "the review changed when tiles the seat cannot see moved"


def test_no_peeking_in_reviews_is_not_vacuous() -> None:
    """The twins are found in most variants, and most of their reviews are real searches."""
    found = searched = 0
    for index, variant in enumerate(sorted(BY_VARIANT)):
        rules = rules_of(BY_VARIANT[variant][0])
        for seed in range(2):
            deal = make_deal(rules, 100 * index + seed, "seat", seed)
            reviews = twin_reviews(deal, seed, 0.4)
            if reviews is None:
                continue
            found += 1
            first, second = reviews
            assert first == second, f"{variant}: the review peeked"
            searched += first.worlds > 0
    assert found >= 14
    assert searched >= 8


# --- cancelling and progress -----------------------------------------------------------------------


def test_a_review_closed_midway_leaves_nothing_behind() -> None:
    hand = finish(at(SHUT_OUT, SHUT_OUT_DEAL, SHUT_OUT_MOVES))
    bot = small_bot()
    straight = think_through(review_hand(hand, 0, bot=bot))
    thinking = review_hand(hand, 0, bot=bot)
    for _ in range(3):
        finished, _result = think_step(thinking)
        assert not finished, "the review thinks in slices"
    thinking.close()
    with pytest.raises(StopIteration):
        next(thinking)
    assert think_through(review_hand(hand, 0, bot=bot)) == straight


def test_progress_counts_the_decisions_up_to_all_of_them() -> None:
    hand = finish(at(BLOCK, BLOCK_DEAL, BLOCK_MOVES))
    for seat in range(4):
        told, progress = recorder()
        review = think_through(review_hand(hand, seat, bot=small_bot(), progress=progress))
        total = len(decision_moves(hand, seat))
        assert total == len(review.decisions) > 0
        assert told[0] == (0, total) and told[-1] == (total, total)
        assert all(count == total for _, count in told)
        done = [done for done, _ in told]
        assert done == sorted(done) and set(done) == set(range(total + 1))


# --- manual scoring -----------------------------------------------------------------------------------


def test_calls_of_scores_are_not_decisions_and_the_review_still_works() -> None:
    match = bot_match("all-fives", 2, 0, ["greedy", "greedy"], max_hands=1, options={"manual-scoring": "on"})
    hand, seat, other = match.hands[0], 1, 0
    replay = hand.start_copy()
    mine: list[int] = []
    claims_on_my_turn = 0
    for index, act in enumerate(hand.actions):
        if isinstance(act, Claim):
            claims_on_my_turn += replay.turn == seat
        elif replay.turn == seat:
            mine.append(index)
        replay.apply(act)
    assert claims_on_my_turn >= 1, "the other player called a score while it was the seat's turn"
    assert decision_moves(hand, seat) == mine
    review = think_through(review_hand(hand, seat, bot=small_bot()))
    assert [decision.move for decision in review.decisions] == mine
    for decision in review.decisions:
        assert not isinstance(decision.played, Claim)
        check_decision(decision, True, hand)

    # The other player never calls his scores: the seat may cry Muggins on its turn, and plays
    # instead. The review weighs the plays (a search would take the Muggins at once).
    uncalled = hand.start_copy()
    for act in hand.actions:
        if not (isinstance(act, Claim) and act.seat == other):
            uncalled.apply(act)
    muggins = [
        index
        for index in decision_moves(uncalled, seat)
        if Claim(seat, muggins=True) in view_at(uncalled, index, seat).legal_actions
    ]
    assert muggins, "the seat had a Muggins on its turn"
    review = think_through(review_hand(uncalled, seat, bot=small_bot()))
    for decision in review.decisions:
        assert not any(isinstance(act, Claim) for act in decision.chances)
        check_decision(decision, True, uncalled)
    assert any(decision.counted for decision in review.decisions if decision.move in muggins)


def view_at(hand: Hand, move: int, seat: int) -> PlayerView:
    replay = hand.start_copy()
    for act in hand.actions[:move]:
        replay.apply(act)
    return view_of(replay, seat)


# --- the command line ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def record_match() -> Match:
    match = bot_match("partnership-block", 4, 5, ["random", "greedy", "random", "greedy"], max_hands=2)
    assert len(match.hands) == 2
    return match


@pytest.fixture
def record(tmp_path: Path, record_match: Match) -> Path:
    path = tmp_path / "game.txt"
    path.write_text(write_record(record_match), encoding="utf-8")
    return path


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def decision_lines(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith("  move ")]


def test_the_command_line_reviews_every_hand(
    record: Path, record_match: Match, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run([str(record), "--seat", "2"], capsys)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Hand 1, seat 2's decisions:"
    assert "Hand 2, seat 2's decisions:" in lines
    decisions = sum(len(decision_moves(hand, 2)) for hand in record_match.hands)
    assert len(decision_lines(out)) == decisions
    for line in decision_lines(out):
        assert line.split()[2] in LABELS
    assert sum(line.strip().startswith("Accuracy") for line in lines) == 2
    assert lines[-1].startswith("Match: Accuracy ")


def test_the_command_line_reviews_one_hand(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, everything, _ = run([str(record)], capsys)
    code, out, err = run([str(record), "--hand", "1"], capsys)
    assert code == 0 and err == ""
    assert "Hand 1, seat 0's decisions:" in out and "Hand 2" not in out and "Match:" not in out
    first = everything.split("Hand 2,")[0].rstrip("\n")
    assert out.rstrip("\n") == first, "hand 1 alone reviews as it does in the whole record"


def test_the_command_line_reads_standard_input(
    record: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    _, expected, _ = run([str(record), "--hand", "2"], capsys)
    monkeypatch.setattr("sys.stdin", io.StringIO(record.read_text(encoding="utf-8")))
    code, out, _ = run(["-", "--hand", "2"], capsys)
    assert code == 0 and out == expected


def one_line_refusal(code: int, out: str, err: str, start: str) -> None:
    assert code == 2 and out == ""
    assert err.startswith(start) and err.count("\n") == 1, err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("argv", "start"),
    [
        (["--seat", "4"], "There is no seat 4: the seats are 0 to 3."),
        (["--seat", "-1"], "There is no seat -1"),
        (["--hand", "3"], "There is no hand 3: the record has 2."),
        (["--hand", "0"], "There is no hand 0"),
    ],
)
def test_the_command_line_refuses_a_seat_or_hand_out_of_range(
    record: Path, argv: list[str], start: str, capsys: pytest.CaptureFixture[str]
) -> None:
    one_line_refusal(*run([str(record), *argv], capsys), start)


def test_the_command_line_refuses_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nowhere.txt"
    one_line_refusal(*run([str(missing)], capsys), f"Cannot read {missing}")


@pytest.mark.parametrize(
    "mangle",
    [
        lambda text: "this is not a record\n",
        lambda text: "",
        lambda text: text[: len(text) // 2],
        lambda text: text.replace('[Tiles0 "', '[Tiles0 "6-6 ', 1),
    ],
    ids=["prose", "empty", "cut", "a-tile-twice"],
)
def test_the_command_line_refuses_a_malformed_record(
    record: Path, mangle: Callable[[str], str], capsys: pytest.CaptureFixture[str]
) -> None:
    record.write_text(mangle(record.read_text(encoding="utf-8")), encoding="utf-8")
    one_line_refusal(*run([str(record)], capsys), "This record cannot be read: ")


def test_the_command_line_refuses_a_record_that_is_not_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "binary.txt"
    path.write_bytes(b"\xff\xfe\x00garbage\x80")
    code, out, err = run([str(path)], capsys)
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err
