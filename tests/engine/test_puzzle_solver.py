"""The open-hand solver (engine/puzzles/solver.py) against a plain search on the engine's own
hands, and against the endgame solver search uses during play."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.line.actions import Action
from engine.line.ai.bits import LineHand
from engine.line.ai.endgame import solve as endgame_solve
from engine.line.ai.fast import FastHand, action_of
from engine.line.hand import Hand
from engine.line.rules import Rules
from engine.line.variants import VARIANTS, make_rules
from engine.puzzles.solver import TooLarge, Value, can_solve, move_values, solve

TWO_SIDED = [
    (variant, players)
    for variant in VARIANTS
    for players in (2, 4)
    if players in VARIANTS[variant].player_counts and make_rules(variant, players).sides == 2
]


def endgame_of(rules: Rules, seed: int, tiles_left: int) -> Hand | None:
    """A hand of ``rules`` dealt from ``seed`` and played at random until nothing more can
    be drawn and at most ``tiles_left`` tiles are in the hands (``None`` if it ended first)."""
    rng = random.Random(seed)
    hand = Hand.deal(rules, rng)
    while hand.result is None:
        fast = FastHand.from_hand(hand)
        if can_solve(fast) and sum(hand.hand_counts()) <= tiles_left:
            return hand
        hand.apply(rng.choice(hand.legal_actions()))
    return None


def plain_value(hand: Hand, side: int) -> Value:
    """The value of ``hand`` for ``side`` by trying every line on the engine itself."""
    result = hand.result
    if result is not None:
        margin = sum(
            (result.points[s] + result.play_points[s] - result.penalties[s]) * (1 if s == side else -1)
            for s in range(2)
        )
        outcome = 0 if result.winner_side is None else (1 if result.winner_side == side else -1)
        return Value(outcome, margin)
    mover = hand.rules.side_of(hand.turn)
    values = []
    for action in hand.legal_actions():
        after = copy.deepcopy(hand)
        after.apply(action)
        values.append(plain_value(after, side))
    return max(values) if mover == side else min(values)


def so_far(hand: Hand, side: int) -> int:
    """What ``side`` leads by in points scored during play and penalties, before the position."""
    points = [p - q for p, q in zip(hand.play_points_by_side, hand.penalties_by_side, strict=True)]
    return points[side] - points[1 - side]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(TWO_SIDED), st.integers(0, 10_000))
def test_every_moves_value_is_what_a_plain_search_of_the_engine_finds(
    game: tuple[str, int], seed: int
) -> None:
    variant, players = game
    hand = endgame_of(make_rules(variant, players), seed, tiles_left=6 if players == 2 else 7)
    assume(hand is not None)
    assert hand is not None
    fast = FastHand.from_hand(hand)
    side = hand.rules.side_of(hand.turn)
    before = so_far(hand, side)
    for move, value in move_values(fast).items():
        action: Action = action_of(move, fast.t)
        after = copy.deepcopy(hand)
        after.apply(action)
        expected = plain_value(after, side)
        assert value == Value(expected.result, expected.margin - before), (variant, seed, action)


@pytest.mark.parametrize("variant", ["block", "pub-block", "cut-throat"])
def test_who_wins_agrees_with_the_endgame_solver_of_search(variant: str) -> None:
    rules = make_rules(variant, 2)
    checked = 0
    for seed in range(40):
        hand = endgame_of(rules, seed, tiles_left=12)
        if hand is None:
            continue
        fast = FastHand.from_hand(hand)
        quick = endgame_solve(LineHand.from_fast(fast), {})
        side = rules.side_of(hand.turn)
        expected = 0 if quick.winner_side is None else (1 if quick.winner_side == side else -1)
        assert solve(fast).result == expected, (variant, seed)
        checked += 1
    assert checked >= 20


def test_a_position_larger_than_the_budget_says_so() -> None:
    hand = endgame_of(make_rules("block", 2), 3, tiles_left=12)
    assert hand is not None
    with pytest.raises(TooLarge):
        move_values(FastHand.from_hand(hand), budget=5)


def test_only_a_two_sided_hand_with_nothing_to_draw_is_solved() -> None:
    rules = make_rules("draw-2", 2)
    hand = Hand.deal(rules, random.Random(1))
    hand.apply(hand.legal_actions()[0])
    with pytest.raises(ValueError, match="nothing left to draw"):
        move_values(FastHand.from_hand(hand))  # the boneyard is full
    three = Hand.deal(make_rules("cut-throat", 3), random.Random(1))
    three.apply(three.legal_actions()[0])
    assert not can_solve(FastHand.from_hand(three))


def test_values_order_as_a_player_prefers_them() -> None:
    assert Value(1, 0) > Value(0, 30) > Value(-1, -1) > Value(-1, -40)
    assert Value(1, 10) > Value(1, 5)
    assert -Value(1, 10) == Value(-1, -10)
    assert str(Value(1, 12)) == "wins by 12" and str(Value(-1, -3)) == "loses by 3"
