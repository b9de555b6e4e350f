"""Playing the checked engine ``Hand`` and the search's fast states in lockstep.

What the tests of ``engine.line.ai.fast.FastHand`` and of the bit-mask core
(``engine.line.ai.bits.LineHand``) share: :func:`call_scores` (every score called at once, as
the bots and the fast states assume), :func:`assert_same` (the engine and a ``FastHand`` show the
same position), :func:`engine_ends` and :func:`engine_outcome` (the engine's open ends and end
of hand in the fast state's terms).
"""

from __future__ import annotations

from engine import Claim, Hand, Layout
from engine.line.ai.fast import FastHand, Outcome, TileTable, action_of, move_of
from engine.line.layout import Side

__all__ = ["assert_same", "call_scores", "engine_ends", "engine_outcome"]

_SIDE = {Side.EAST: 0, Side.WEST: 1, Side.NORTH: 2, Side.SOUTH: 3}


def engine_ends(layout: Layout) -> list[int]:
    """The layout's open ends as the fast state numbers them (placement * 4 + side)."""
    return [end.placement * 4 + _SIDE[end.side] for end in layout.ends]


def engine_outcome(hand: Hand) -> Outcome:
    """The finished hand's result as the fast state gives it (winner, net points, reason)."""
    result = hand.result
    assert result is not None
    net = tuple(
        a + p - q for a, p, q in zip(result.points, result.play_points, result.penalties, strict=True)
    )
    return Outcome(result.winner_side, net, result.reason)


def call_scores(hand: Hand) -> None:
    """Every scoring play is called at once by the player who made it."""
    if hand.pending is not None and hand.result is None:
        hand.apply(Claim(hand.pending[0]))


def assert_same(hand: Hand, fast: FastHand, table: TileTable, where: str) -> None:
    """The engine's hand and the fast state agree: legal moves, turn, open ends and their values,
    the hands and the boneyard (``where`` names the step in the failure message)."""
    legal = hand.legal_actions()
    assert sorted(fast.moves()) == sorted(move_of(action, table) for action in legal), where
    assert {str(action_of(move, table)) for move in fast.moves()} == {str(action) for action in legal}, where
    if hand.result is None:
        assert fast.turn == hand.turn, where
    assert fast.ends() == engine_ends(hand.layout), where
    assert [fast.value(end) for end in fast.ends()] == list(hand.layout.values), where
    assert [sorted(table.tiles[t] for t in held) for held in fast.hands] == [
        list(hand.hand_of(seat)) for seat in range(hand.rules.players)
    ], where
    assert len(fast.boneyard) == hand.boneyard_count, where
