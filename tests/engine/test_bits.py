"""The bit-mask play-out core (`engine.line.ai.bits.LineHand`) plays exactly as the engine does.

Every rule set laid in a line (no spinner: every variant and option the core serves) is
played on an engine `Hand`, a `FastHand` and a `LineHand` in lockstep: the legal moves (in
`FastHand`'s order), the open ends, the player to move, the hands, the points and the end
of the hand agree at every step. A play-out on the core makes, move for move and random
draw for random draw, the moves search's play-out makes on a `FastHand`
(`engine.line.ai.search.play_out_fast`), for every kind of seat policy; and each of those moves
is legal in the engine, which ends the hand with the same outcome.
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from engine import Hand, Tile, view_of
from engine.line.ai.bits import EASY, WARY, LineHand, Policy, state_for
from engine.line.ai.bits_table import serves
from engine.line.ai.fast import FastHand, action_of, move_of
from engine.line.ai.search import play_out_fast
from engine.line.events import Opening
from engine.line.rules import Rules
from tests.helpers.deals import FAST, Deal, make_deal, openings
from tests.helpers.lockstep import assert_same, call_scores, engine_outcome
from tests.helpers.tables import TABLES, rules_of

LINE_TABLES = [table for table in TABLES if serves(rules_of(table))]


@st.composite
def line_deals(draw: st.DrawFn) -> Deal:
    """A deal of a rule set the core serves, variant first (as `tests.helpers.deals.deals`)."""
    variants = sorted({table[0] for table in LINE_TABLES})
    variant = draw(st.sampled_from(variants))
    rules = rules_of(draw(st.sampled_from([table for table in LINE_TABLES if table[0] == variant])))
    kind = draw(st.sampled_from(openings(rules)))
    return make_deal(rules, draw(st.integers(0, 2**32 - 1)), kind, draw(st.integers(0, 4)))


def assert_agree(hand: Hand, fast: FastHand, line: LineHand, where: str) -> None:
    """The engine, the fast state and the core show the same position."""
    assert_same(hand, fast, fast.t, where)
    assert line.moves() == fast.moves(), where
    assert line.outcome == fast.outcome, where
    if hand.result is None:
        assert line.turn == hand.turn, where
    assert line.ends() == fast.ends(), where
    assert line.values() == list(hand.layout.values), where
    assert [line.tiles_of(seat) for seat in range(hand.rules.players)] == [
        list(hand.hand_of(seat)) for seat in range(hand.rules.players)
    ], where
    assert len(line.boneyard) == hand.boneyard_count, where
    assert line.play_points == list(hand.play_points_by_side), where
    assert line.penalties == list(hand.penalties_by_side), where
    if line.laid:
        assert line.end_count() == fast.end_count(), where


def play_in_lockstep(deal: Deal, seed: int) -> None:
    rng = random.Random(seed)
    hand = deal.start()
    fast = FastHand.from_hand(hand)
    line = LineHand.from_fast(fast)
    step = 0
    while hand.result is None:
        assert_agree(hand, fast, line, f"step {step}")
        action = rng.choice(hand.legal_actions())
        hand.apply(action)
        call_scores(hand)
        fast.apply(move_of(action, fast.t))
        line.apply(move_of(action, fast.t))
        step += 1
    assert_agree(hand, fast, line, "the end")
    assert line.outcome == engine_outcome(hand)


@FAST
@given(deal=line_deals(), seed=st.integers(0, 2**32 - 1))
def test_the_core_plays_as_the_engine(deal: Deal, seed: int) -> None:
    play_in_lockstep(deal, seed)


def test_the_core_plays_as_the_engine_at_every_line_table() -> None:
    """Every rule set the core serves (every variant, player count and option value), each kind of opening."""
    for number, table in enumerate(LINE_TABLES):
        rules = rules_of(table)
        for kind in openings(rules):
            for seed in range(2):
                play_in_lockstep(make_deal(rules, 1000 * number + seed, kind, seed), seed)


def test_the_core_serves_the_games_without_a_spinner() -> None:
    served = {table[0] for table in LINE_TABLES}
    assert {"partnership-block", "block", "draw", "all-fives", "fives-and-threes", "cut-throat"} <= served
    assert not any(serves(rules_of(table)) for table in TABLES if table[0] in ("cross", "double-nine-cross"))
    for table in TABLES:
        fast = FastHand.from_hand(make_deal(rules_of(table), 1, openings(rules_of(table))[0], 0).start())
        assert isinstance(state_for(fast), LineHand) == serves(rules_of(table))


def actions_of(deal: Deal, seed: int) -> list[object]:
    """A whole random hand's actions (scores called at once)."""
    rng = random.Random(seed)
    hand = deal.start()
    actions = []
    while hand.result is None:
        actions.append(rng.choice(hand.legal_actions()))
        hand.apply(actions[-1])  # type: ignore[arg-type]
        call_scores(hand)
    return actions


def replay(deal: Deal, actions: list[object]) -> Hand:
    hand = deal.start()
    for action in actions:
        hand.apply(action)  # type: ignore[arg-type]
        call_scores(hand)
    return hand


@FAST
@given(deal=line_deals(), seed=st.integers(0, 2**32 - 1), cut=st.floats(0.0, 0.95))
def test_the_core_built_mid_hand_or_from_a_view_goes_on_as_the_engine(
    deal: Deal, seed: int, cut: float
) -> None:
    """From any position, built from the hand or from the mover's view plus the true hidden
    tiles (as search builds its worlds), the core continues exactly as the engine does."""
    actions = actions_of(deal, seed)
    stop = int(cut * len(actions))
    hand = replay(deal, actions[:stop])
    view = view_of(hand, hand.turn)
    hidden: list[tuple[Tile, ...]] = [hand.hand_of(seat) for seat in range(hand.rules.players)]
    from_view = FastHand.from_view(view, hidden, hand.boneyard())
    template = LineHand.from_fast(FastHand.from_view(view, [()] * hand.rules.players, ()))
    table = from_view.t
    dealt = template.with_hidden(
        [[table.index[tile] for tile in held] for held in hidden],
        [table.index[t] for t in hand.boneyard()],
        view.seat,
    )
    pairs = [
        (FastHand.from_hand(hand), LineHand.from_fast(FastHand.from_hand(hand))),
        (from_view, LineHand.from_fast(from_view)),
        (FastHand.from_view(view, hidden, hand.boneyard()), dealt),
    ]
    for fast, line in pairs:
        spare, before = line.copy(), line.moves()
        replica = replay(deal, actions[:stop])
        for action in actions[stop:]:
            assert_agree(replica, fast, line, f"after {stop} actions")
            replica.apply(action)  # type: ignore[arg-type]
            call_scores(replica)
            fast.apply(move_of(action, fast.t))  # type: ignore[arg-type]
            line.apply(move_of(action, fast.t))  # type: ignore[arg-type]
        assert line.outcome == engine_outcome(replica)
        assert spare.moves() == before, "a copy is untouched"


policies = st.builds(
    lambda randomness, side, wary, easy: (randomness, side, wary, easy),
    st.sampled_from([0.0, 0.125, 0.5, 1.0]),
    st.integers(0, 4),
    st.booleans(),
    st.one_of(st.none(), st.sampled_from([0.0, 0.03, 0.5])),
)


Plan = tuple[float, int, bool, float | None]
"""A play-out policy: randomness, the searching side, wary, Easy opponents' randomness."""


def check_play_out(
    deal: Deal, seed: int, cut: float, plan: Plan, playout_seed: int, known: list[int]
) -> None:
    """From the position ``cut`` of the way through a random hand, the core's play-out makes the
    moves (and draws the numbers) of search's play-out on a `FastHand`, each legal in the engine,
    which ends the hand as the play-out did. ``known`` stands for what each seat is known to lack."""
    actions = actions_of(deal, seed)
    hand = replay(deal, actions[: int(cut * len(actions))])
    rules: Rules = hand.rules
    randomness, side, wary, easy = plan
    policy = Policy.of(rules, randomness, side % rules.sides, wary, easy)
    lacks = [mask & ((1 << (rules.max_pip + 1)) - 1) for mask in known[: rules.players]]
    fast = FastHand.from_hand(hand)
    line = LineHand.from_fast(fast)
    start = line.copy()

    expected: list[int] = []
    want = play_out_fast(fast, random.Random(playout_seed), policy, list(lacks), expected)
    trace: list[int] = []
    got = line.play_out(random.Random(playout_seed).random, policy, list(lacks), trace)
    assert got == want
    assert _moves_of(start, trace) == expected

    assert_the_engine_replays(start, trace, hand, fast, line, got)


def assert_the_engine_replays(
    start: LineHand, trace: list[int], hand: Hand, fast: FastHand, line: LineHand, got: object
) -> None:
    """Each move of a core play-out's ``trace`` from ``start`` is legal there and in the engine
    ``hand`` (whose move ints ``fast`` speaks), which ends as the play-out did (``got``, and
    ``line``'s hands)."""
    step = start.copy()
    for number, entry in enumerate(trace):
        move = step.traced_move(entry)
        assert move in step.moves(), f"move {number}"
        hand.apply(action_of(move, fast.t))
        call_scores(hand)
        step.apply(move)
    assert hand.result is not None and engine_outcome(hand) == got == step.outcome
    assert [line.tiles_of(seat) for seat in range(hand.rules.players)] == [
        list(held) for held in hand.result.hands
    ]


@FAST
@given(
    deal=line_deals(),
    seed=st.integers(0, 2**32 - 1),
    cut=st.floats(0.0, 0.95),
    plan=policies,
    playout_seed=st.integers(0, 2**32 - 1),
    known=st.lists(st.integers(0, 2**13 - 1), min_size=5, max_size=5),
)
def test_a_play_out_on_the_core_makes_the_moves_search_makes_on_a_fast_hand_and_the_engine_accepts_them(
    deal: Deal, seed: int, cut: float, plan: Plan, playout_seed: int, known: list[int]
) -> None:
    check_play_out(deal, seed, cut, plan, playout_seed, known)


def test_play_outs_on_the_core_at_every_line_table() -> None:
    """Every rule set the core serves, with the Hard level's play-out, the Expert's and random play."""
    plans: list[Plan] = [(0.125, 0, False, None), (0.125, 1, True, 0.03), (1.0, 0, False, None)]
    for number, table in enumerate(LINE_TABLES):
        rules = rules_of(table)
        kinds = openings(rules)
        for index, plan in enumerate(plans):
            seed = 3 * number + index
            deal = make_deal(rules, seed, kinds[seed % len(kinds)], seed)
            check_play_out(
                deal, seed, (seed % 7) / 10, plan, seed, [seed * 2654435761 >> shift for shift in range(5)]
            )


def _moves_of(start: LineHand, trace: list[int]) -> list[int]:
    hand = start.copy()
    moves = []
    for entry in trace:
        moves.append(hand.traced_move(entry))
        hand.apply(moves[-1])
    return moves


def test_every_kind_of_seat_is_exercised() -> None:
    rules = rules_of(LINE_TABLES[0])
    assert Policy.of(rules, 0.1, 0, wary=True, easy=0.03).modes == (WARY, EASY, WARY, EASY)


def engine_hand_of(line: LineHand, starter: int) -> tuple[Hand, FastHand]:
    """The engine hand of a core deal, and a `FastHand` of it whose lists are in the core's order."""
    rules, t = line.rules, line.t
    hands = [line.tiles_of(seat) for seat in range(rules.players)]
    boneyard = [t.tiles[local] for local in line.boneyard]
    hand = Hand(rules, hands, boneyard, Opening(starter, None))
    fast = FastHand.from_hand(hand)
    for seat in range(rules.players):  # heaviest first (local id order), as the core lists a deal
        fast.hands[seat] = [t.global_of[local] for local in range(t.n) if line.hands[seat] >> local & 1]
    return hand, fast


@FAST
@given(
    table=st.sampled_from(LINE_TABLES),
    seed=st.integers(0, 2**32 - 1),
    starter=st.integers(0, 4),
    randomness=st.sampled_from([0.0, 0.125, 1.0]),
)
def test_the_core_deals_a_hand_that_plays_as_the_engine(
    table: tuple[str, int, tuple[tuple[str, str], ...]], seed: int, starter: int, randomness: float
) -> None:
    """A deal of the core is a whole deal of the rules; played out, it makes the moves a
    `FastHand` of the same deal makes, each legal in the engine."""
    rules = rules_of(table)
    starter %= rules.players
    line = LineHand.deal(rules, random.Random(seed), starter)
    dealt = [tile for seat in range(rules.players) for tile in line.tiles_of(seat)]
    assert sorted(dealt + [line.t.tiles[local] for local in line.boneyard]) == sorted(rules.tiles)
    assert all(len(line.tiles_of(seat)) == rules.hand_size for seat in range(rules.players))
    hand, fast = engine_hand_of(line, starter)
    assert_agree(hand, fast, line, "dealt")
    policy = Policy.of(rules, randomness)
    expected: list[int] = []
    want = play_out_fast(fast, random.Random(seed), policy, None, expected)
    trace: list[int] = []
    start = line.copy()
    assert line.play_out(random.Random(seed).random, policy, None, trace) == want
    assert _moves_of(start, trace) == expected
    for move in expected:
        hand.apply(action_of(move, fast.t))
        call_scores(hand)
    assert engine_outcome(hand) == want


def test_the_core_deals_every_tile_at_random() -> None:
    """Each tile lands in each seat's hand about equally often."""
    rules = rules_of(("partnership-block", 4, ()))
    rng = random.Random(5)
    counts = [[0] * rules.players for _ in rules.tiles]
    for _ in range(2000):
        line = LineHand.deal(rules, rng)
        for seat in range(rules.players):
            for local in range(line.t.n):
                counts[local][seat] += line.hands[seat] >> local & 1
    assert all(400 < count < 600 for row in counts for count in row)


@FAST
@given(table=st.sampled_from(LINE_TABLES), seed=st.integers(0, 2**32 - 1), starter=st.integers(0, 4))
def test_random_play_outs_on_the_core_are_legal_in_the_engine_and_end_as_it_does(
    table: tuple[str, int, tuple[tuple[str, str], ...]], seed: int, starter: int
) -> None:
    """``play_at_random`` makes only moves the engine accepts, and the hand ends as the engine ends it."""
    rules = rules_of(table)
    starter %= rules.players
    line = LineHand.deal(rules, random.Random(seed), starter)
    hand, fast = engine_hand_of(line, starter)
    start = line.copy()
    trace: list[int] = []
    got = line.play_at_random(random.Random(seed).random, trace)
    assert_the_engine_replays(start, trace, hand, fast, line, got)


def test_a_random_play_out_picks_each_legal_play_about_equally_often() -> None:
    """From one position, the first move of ``play_at_random`` is each legal play (tile and end)
    about as often as the others, the plays of a tile fitting both ends counted once per end."""
    rules = rules_of(("partnership-block", 4, ()))
    rng = random.Random(11)
    for _ in range(200):  # a position where the player to move has several plays, one on both ends
        position = LineHand.deal(rules, rng)
        position.apply(position.moves()[0])
        plays = [move for move in position.moves() if move >= 0]
        if len(plays) >= 3 and len({move >> 12 for move in plays}) < len(plays):
            break
    else:
        raise AssertionError("no position with a tile fitting both ends")
    counts = dict.fromkeys(plays, 0)
    draws = 600 * len(plays)
    for _ in range(draws):
        trial = position.copy()
        trace: list[int] = []
        trial.play_at_random(rng.random, trace)
        counts[position.traced_move(trace[0])] += 1
    expected = draws / len(plays)
    assert all(0.85 * expected < count < 1.15 * expected for count in counts.values()), counts
