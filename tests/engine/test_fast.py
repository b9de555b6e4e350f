"""The compact search state (`engine.line.ai.fast.FastHand`) plays exactly as the engine does.

Random hands of every variant, player count and option are played on an engine `Hand` and
a `FastHand` in lockstep: the legal moves, the open ends, the player to move and the end
of the hand must agree at every step. Manual scoring is played with every score called at
once (as bots do), which is what the fast state assumes.
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from engine import Hand, Play, Tile, view_of
from engine.line.ai.bits import Policy
from engine.line.ai.fast import FastHand, action_of, move_of
from engine.line.ai.search import play_out_fast
from engine.line.scoring import play_points
from tests.helpers.deals import FAST, Deal, deals, make_deal, openings
from tests.helpers.lockstep import assert_same, call_scores, engine_outcome
from tests.helpers.tables import TABLES, rules_of


def play_in_lockstep(deal: Deal, seed: int) -> tuple[Hand, FastHand]:
    rng = random.Random(seed)
    hand = deal.start()
    fast = FastHand.from_hand(hand)
    table = fast.t
    step = 0
    while hand.result is None:
        assert_same(hand, fast, table, f"step {step}")
        action = rng.choice(hand.legal_actions())
        hand.apply(action)
        call_scores(hand)
        fast.apply(move_of(action, table))
        step += 1
    assert_same(hand, fast, table, "the end")
    assert fast.outcome == engine_outcome(hand)
    return hand, fast


@FAST
@given(deal=deals(), seed=st.integers(0, 2**32 - 1))
def test_fast_hand_plays_as_the_engine(deal: Deal, seed: int) -> None:
    play_in_lockstep(deal, seed)


def test_fast_hand_plays_as_the_engine_at_every_table() -> None:
    """Every variant, player count, option value and kind of opening, a few seeds each."""
    for number, table in enumerate(TABLES):
        rules = rules_of(table)
        for kind in openings(rules):
            for seed in range(2):
                play_in_lockstep(make_deal(rules, 1000 * number + seed, kind, seed), seed)


@FAST
@given(deal=deals(), seed=st.integers(0, 2**32 - 1), cut=st.floats(0.0, 0.95))
def test_a_fast_hand_built_mid_hand_or_from_a_view_goes_on_as_the_engine(
    deal: Deal, seed: int, cut: float
) -> None:
    """From any position: built from the hand, or from the mover's view plus the true hidden
    tiles, the fast state continues exactly as the engine does; a copy is independent."""
    rng = random.Random(seed)
    hand = deal.start()
    actions = []
    while hand.result is None:
        actions.append(rng.choice(hand.legal_actions()))
        hand.apply(actions[-1])
        call_scores(hand)
    stop = int(cut * len(actions))
    hand = deal.start()
    for action in actions[:stop]:
        hand.apply(action)
        call_scores(hand)
    view = view_of(hand, hand.turn)
    hidden: list[tuple[Tile, ...]] = [hand.hand_of(seat) for seat in range(hand.rules.players)]
    built = [FastHand.from_hand(hand), FastHand.from_view(view, hidden, hand.boneyard())]
    spare = built[0].copy()
    for fast in built:
        table = fast.t
        replica = deal.start()
        for action in actions[:stop]:
            replica.apply(action)
            call_scores(replica)
        for action in actions[stop:]:
            assert_same(replica, fast, table, f"after {stop} actions")
            replica.apply(action)
            call_scores(replica)
            fast.apply(move_of(action, table))
        assert fast.outcome == engine_outcome(replica)
    assert_same(hand, spare, spare.t, "the copy is untouched")


@FAST
@given(deal=deals(), seed=st.integers(0, 2**32 - 1))
def test_the_playout_policy_picks_the_highest_scoring_then_heaviest_fitting_tile(
    deal: Deal, seed: int
) -> None:
    rng = random.Random(seed)
    fast = FastHand.from_hand(deal.start())
    while fast.outcome is None:
        legal = fast.moves()
        greedy = fast.greedy_move(rng, 0.0)
        assert greedy in legal
        plays = [move for move in fast.plays() if move >= 0]
        if plays and greedy >= 0:
            keys = [(fast.points_if(move), fast.t.key[move >> 12]) for move in plays]
            assert (fast.points_if(greedy), fast.t.key[greedy >> 12]) == max(keys), "most points, then weight"
        fast.apply(fast.greedy_move(rng, 0.5))


@FAST
@given(deal=deals(), seed=st.integers(0, 2**32 - 1))
def test_points_if_is_what_the_play_scores_and_changes_nothing(deal: Deal, seed: int) -> None:
    rng = random.Random(seed)
    hand = deal.start()
    fast = FastHand.from_hand(hand)
    table = fast.t
    while hand.result is None:
        for action in hand.legal_actions():
            if isinstance(action, Play):
                expected = play_points(hand.rules.play_scoring, hand.layout.play(action.tile, action.end))
                assert fast.points_if(move_of(action, table)) == expected
        assert_same(hand, fast, table, "points_if left the state as it was")
        action = rng.choice(hand.legal_actions())
        hand.apply(action)
        call_scores(hand)
        fast.apply(move_of(action, table))


@FAST
@given(deal=deals(), seed=st.integers(0, 2**32 - 1))
def test_on_highest_end_moves_a_play_to_the_end_leaving_the_highest_number(deal: Deal, seed: int) -> None:
    rng = random.Random(seed)
    fast = FastHand.from_hand(deal.start())
    while fast.outcome is None:
        legal = fast.moves()
        for move in legal:
            moved = fast.on_highest_end(move)
            assert moved in legal
            if move < 0 or fast.laid == 0:
                assert moved == move
                continue
            tile = move >> 12
            same_tile = [other for other in legal if other >= 0 and other >> 12 == tile]
            assert moved in same_tile

            low, high = fast.t.low[tile], fast.t.high[tile]
            shown = dict(zip(fast.ends(), fast.values(), strict=True))
            left = {play: high if shown[(play & 0xFFF) - 1] == low else low for play in same_tile}
            assert left[moved] == max(left.values())
        fast.apply(rng.choice(legal))


@FAST
@given(
    deal=deals(),
    seed=st.integers(0, 2**32 - 1),
    cut=st.floats(0.0, 0.95),
    randomness=st.sampled_from([0.0, 0.125, 1.0]),
    side=st.integers(0, 4),
    wary=st.booleans(),
    easy=st.one_of(st.none(), st.sampled_from([0.0, 0.03, 0.5])),
    known=st.lists(st.integers(0, 2**13 - 1), min_size=5, max_size=5),
)
def test_search_play_outs_on_a_fast_hand_make_legal_moves_and_end_as_the_engine(
    deal: Deal,
    seed: int,
    cut: float,
    randomness: float,
    side: int,
    wary: bool,
    easy: float | None,
    known: list[int],
) -> None:
    """Search's play-out on a `FastHand` (every game; the line games also have a quicker core,
    `tests/engine/test_bits.py`): from any position and for every kind of seat, each move it
    makes is legal in the engine, which ends the hand as the play-out did."""
    rng = random.Random(seed)
    hand = deal.start()
    steps = 0
    while hand.result is None and rng.random() < cut:
        hand.apply(rng.choice(hand.legal_actions()))
        call_scores(hand)
        steps += 1
    if hand.result is not None:
        return
    rules = hand.rules
    policy = Policy.of(rules, randomness, side % rules.sides, wary, easy)
    lacks = [mask & ((1 << (rules.max_pip + 1)) - 1) for mask in known[: rules.players]]
    fast = FastHand.from_hand(hand)
    moves: list[int] = []
    outcome = play_out_fast(fast, random.Random(seed), policy, lacks, moves)
    for number, move in enumerate(moves):
        hand.apply(action_of(move, fast.t))  # checked: raises if illegal
        call_scores(hand)
        assert (hand.result is None) == (number < len(moves) - 1), (
            f"the hand ends with the play-out, after {steps}"
        )
    assert engine_outcome(hand) == outcome
