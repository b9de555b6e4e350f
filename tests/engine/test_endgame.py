"""Two-player endgames solved (`engine.line.ai.endgame`), judged by a plain minimax over the engine.

The oracle plays every legal action of an engine `Hand` (passes included) to the end of the
hand; the solver works on the line core's bit masks and stops at a player's first win. Both
must agree on who wins with perfect play, from random positions of the two-player line games
once nothing more may be drawn. Then: the budget, what is solvable, the search and review
that use it, and the calibration's replays that play such endgames perfectly.
"""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import Hand, view_of
from engine.line.ai import think_through
from engine.line.ai.bits import LineHand
from engine.line.ai.calibration import perfect_play
from engine.line.ai.endgame import EndgameTooLarge, best_move, solvable, solve
from engine.line.ai.fast import FastHand, Outcome, action_of
from engine.line.ai.review import review_hand
from engine.line.selfplay import bot_match
from engine.line.variants import make_rules
from tests.helpers.deals import FAST
from tests.helpers.positions import LOST_ENDGAME

TWO_PLAYER_LINE_GAMES = [("draw-2", {}), ("block", {}), ("draw", {}), ("draw-2", {"overdraw": "on"})]


def worth(winner_side: int | None, side: int) -> float:
    """A hand's end to ``side``: 1 won, 0.5 tied, 0 lost."""
    return 0.5 if winner_side is None else float(winner_side == side)


def minimax(hand: Hand, side: int) -> float:
    """The worth of ``hand`` to ``side`` when both players play to win (the oracle)."""
    if hand.result is not None:
        return worth(hand.result.winner_side, side)
    worths = []
    for action in hand.legal_actions():
        after = copy.deepcopy(hand)
        after.apply(action)
        worths.append(minimax(after, side))
    mine = hand.rules.side_of(hand.turn) == side
    return max(worths) if mine else min(worths)


def endgame_of(variant: str, options: dict[str, str], seed: int, tiles_left: int) -> Hand | None:
    """A random two-player hand played at random until nothing more may be drawn and at most
    ``tiles_left`` tiles are in the hands (``None`` if it ends first)."""
    rng = random.Random(seed)
    hand = Hand.deal(make_rules(variant, 2, options=options), rng)
    while hand.result is None:
        line = LineHand.from_fast(FastHand.from_hand(hand))
        held = sum(len(hand.hand_of(seat)) for seat in range(2))
        if solvable(line) and held <= tiles_left:
            return hand
        hand.apply(rng.choice(hand.legal_actions()))
    return None


@FAST
@given(game=st.sampled_from(TWO_PLAYER_LINE_GAMES), seed=st.integers(0, 2**32 - 1), tiles=st.integers(2, 9))
def test_the_solver_finds_who_wins_with_perfect_play_as_a_minimax_over_the_engine(
    game: tuple[str, dict[str, str]], seed: int, tiles: int
) -> None:
    hand = endgame_of(*game, seed, tiles)
    if hand is None:
        return
    line = LineHand.from_fast(FastHand.from_hand(hand))
    outcome = solve(line, {})
    for side in (0, 1):
        assert worth(outcome.winner_side, side) == minimax(hand, side)
    move = best_move(line)
    if move is not None:  # the best play keeps what perfect play is worth to the mover
        after = copy.deepcopy(hand)
        after.apply(action_of(move, FastHand.from_hand(hand).t))
        mover = hand.rules.side_of(hand.turn)
        assert minimax(after, mover) == minimax(hand, mover)


def test_a_solve_larger_than_its_budget_gives_up_and_keeps_what_it_solved() -> None:
    hand = next(
        found
        for seed in range(100)
        if (found := endgame_of("draw-2", {}, seed, 9)) is not None
        and sum(len(found.hand_of(seat)) for seat in range(2)) >= 7
    )
    line = LineHand.from_fast(FastHand.from_hand(hand))
    fresh: dict[tuple[int, ...], Outcome] = {}
    whole = solve(line, fresh)
    needed = len(fresh)  # every position looked at is kept
    memo: dict[tuple[int, ...], Outcome] = {}
    with pytest.raises(EndgameTooLarge):
        solve(line, memo, budget=needed - 1)
    assert 0 < len(memo) < needed
    assert solve(line, memo) == whole  # going on from what was kept
    assert best_move(line, budget=1) is None


def test_only_two_player_line_endgames_with_nothing_to_draw_are_solvable() -> None:
    def line_of(variant: str, players: int, moves: int) -> LineHand:
        rng = random.Random(7)
        hand = Hand.deal(make_rules(variant, players), rng)
        for _ in range(moves):
            hand.apply(rng.choice(hand.legal_actions()))
        return LineHand.from_fast(FastHand.from_hand(hand))

    assert not solvable(line_of("draw-2", 2, 2))  # tiles still to draw
    assert solvable(line_of("block", 2, 2))  # no drawing in the block game
    assert not solvable(line_of("block", 2, 0))  # nothing laid yet
    assert not solvable(line_of("partnership-block", 4, 2))
    assert not solvable(line_of("all-fives", 2, 2))  # points scored during play


def test_the_review_judges_a_small_endgame_exactly() -> None:
    seed, seat, move = LOST_ENDGAME
    hand = bot_match("draw-2", 2, seed, ["medium", "medium"], max_hands=1).hands[0]
    review = think_through(review_hand(hand, seat))
    decision = next(decision for decision in review.decisions if decision.move == move)
    assert decision.label == "blunder" and decision.loss == 1.0
    assert str(decision.best).startswith("6-4") and str(decision.played).startswith("6-5")
    assert set(decision.chances.values()) == {0.0, 1.0}
    # Two moves later every move loses: nothing to blame.
    later = next(decision for decision in review.decisions if decision.move == move + 2)
    assert later.label in ("best", "good") and set(later.chances.values()) == {0.0}


def test_the_calibration_replays_play_a_small_endgame_perfectly() -> None:
    seed, seat, move = LOST_ENDGAME
    record = bot_match("draw-2", 2, seed, ["medium", "medium"], max_hands=1).hands[0]
    hand = record.start_copy()
    for action in record.actions[:move]:
        hand.apply(action)
    perfect = perfect_play(hand)
    assert str(perfect).startswith("6-4")
    line = LineHand.from_fast(FastHand.from_hand(hand))
    assert solve(line, {}).winner_side == 1  # seat 1 can win from here, and 6-4 is how
    assert perfect_play(record.start_copy()) is None  # the hand's start: much still to draw
    assert view_of(hand, seat).boneyard_count <= hand.rules.boneyard_reserve
