"""How the search spends its budget: weighed deals, an unbiased sampler, racing, equivalent moves.

The search levels (:mod:`engine.line.ai.search`) weigh each guessed deal instead of oversampling,
correct the deal sampler's bias, drop clearly worse candidates as they go, search equivalent
moves once, and count their budget in play-outs as well as deals. Each of those is checked
here on positions small enough to reason about.
"""

from __future__ import annotations

import random
from collections import Counter

from engine import Action, Hand, Play, Tile, make_rules, view_of
from engine.line.ai import EXPERT, SearchBot
from engine.line.ai.base import think_through
from engine.line.ai.hint import explain
from engine.line.ai.knowledge import DealSampler, Knowledge
from engine.line.ai.tally import Numbers, Tally
from tests.helpers.scripted import count_slices


def tiles(text: str) -> list[Tile]:
    """Tiles written ``"6-4 3-3"``."""
    return [Tile(*sorted(int(n) for n in item.split("-"))) for item in text.split()]


def test_weighted_deals_are_uniform_among_the_consistent_deals() -> None:
    """Seat 1 holds one of a, b; seat 2 two of a, c, d; seat 3 the rest. Four deals fit, one with
    seat 1 holding a; filling seat 1 first makes that one half the samples, the weights a quarter."""
    a, b, c, d, e = tiles("1-0 2-0 3-0 4-0 5-0")
    hidden = (a, b, c, d, e)
    knowledge = Knowledge(
        seat=0,
        hidden=hidden,
        counts=(7, 1, 2, 2),
        boneyard=0,
        lacks=(frozenset(),) * 4,
        not_held=(frozenset(), frozenset({c, d, e}), frozenset({b, e}), frozenset()),
    )
    sampler = DealSampler(knowledge, hidden)
    rng = random.Random(5)
    plain: Counter[int] = Counter()
    weighed: dict[int, float] = {}
    for _ in range(4000):
        hands, boneyard, weight = sampler.sample_weighted(rng)
        assert not boneyard and sorted(hands[1] + hands[2] + hands[3]) == [0, 1, 2, 3, 4]
        plain[hands[1][0]] += 1
        weighed[hands[1][0]] = weighed.get(hands[1][0], 0.0) + weight
    assert abs(plain[0] / 4000 - 0.5) < 0.03, "the sampler alone favours seat 1 holding a"
    assert abs(weighed[0] / sum(weighed.values()) - 0.25) < 0.03


def test_numbers_are_the_same_for_every_candidate() -> None:
    numbers = Numbers(random.Random(1), count=4)
    first = [numbers.random() for _ in range(6)]
    again = numbers.again()
    assert [again.random() for _ in range(6)] == first
    assert first[4:] == first[:2], "a play-out needing more goes round again"


def test_racing_drops_a_clearly_worse_candidate_and_keeps_the_best() -> None:
    """Candidate 1 is worse than 0 by 0.5 in every world: dropped. Candidate 2 ties candidate 0
    on average, with noise: kept. The dropped one keeps the average of its worlds."""
    tally = Tally(3)
    rng = random.Random(2)
    for _ in range(20):
        base = rng.uniform(-0.5, 0.5)
        tally.add(1.0, [(base, 1.0, 0.0), (base - 0.5, 0.0, 0.0), (base + rng.uniform(-0.3, 0.3), 0.5, 0.0)])
    tally.race(2.5)
    assert tally.live == [0, 2]
    tally.add(1.0, [(1.0, 1.0, 0.0), (1.0, 1.0, 0.0)])
    assert tally.worlds == 21 and tally.playouts == 20 * 3 + 2
    assert len(tally.scores[1]) == 20
    assert tally.values()[1] < tally.values()[0]
    assert tally.best() in (0, 2)


def test_racing_drops_nothing_between_equal_candidates() -> None:
    tally = Tally(2)
    for value in (0.5, -0.5, 0.25, 1.0):
        tally.add(1.0, [(value, 1.0, 0.0), (value, 1.0, 0.0)])
    tally.race(2.5)
    assert tally.live == [0, 1]
    assert tally.best() == 0, "the first among equals"


def test_weights_count_in_the_averages() -> None:
    tally = Tally(2)
    tally.add(3.0, [(1.0, 1.0, 4.0), (0.0, 0.0, -2.0)])
    tally.add(1.0, [(-1.0, 0.0, 0.0), (0.0, 1.0, 2.0)])
    assert tally.values() == [0.5, 0.0]
    assert tally.win_rates() == [0.75, 0.25]
    assert tally.margins() == [3.0, -1.0]


def _two_players(mine: str, theirs: str, first: str) -> Hand:
    """A two-player block hand: seat 0 holds ``mine`` and opens with ``first``."""
    rules = make_rules("block", 2)
    own, other = tiles(mine), tiles(theirs)
    rest = [tile for tile in rules.tiles if tile not in own + other]
    hand = Hand(rules, [own, other], rest)
    hand.apply(Play(tiles(first)[0]))
    return hand


def test_a_tile_on_two_ends_showing_the_same_number_is_searched_once() -> None:
    """After 6-6 opens, seat 1's 6-1 fits both ends; the two plays leave the same position."""
    hand = _two_players("6-6 3-3 6-5 6-4 5-5 5-4 4-4", "6-1 2-0 2-1 2-2 1-0 1-1 0-0", "6-6")
    view = view_of(hand, 1)
    plays = [action for action in view.legal_actions if isinstance(action, Play)]
    assert len(plays) == 2 and plays[0].tile == plays[1].tile
    decision = think_through(SearchBot("test", worlds=8).think(view, random.Random(1)))
    assert decision.worlds == 0, "nothing to choose between"
    assert decision.action == plays[0]
    assert "either end leaves the same numbers" in explain(view, decision)


def test_racing_keeps_the_clear_best_move() -> None:
    """A two-player block position where one move is clearly best (about 0.67 against 0.25 and
    less). For the same play-outs as a full search of 100 deals, racing drops what is clearly
    worse and so sees more deals, and picks the move the full search picks."""
    rules = make_rules("block", 2)
    hand = Hand.deal(rules, random.Random(13))
    moves = random.Random(13)
    for _ in range(6):
        legal = hand.legal_actions()
        hand.apply(legal[int(moves.random() * len(legal))])
    view = view_of(hand, hand.turn)
    plays = [action for action in view.legal_actions if isinstance(action, Play)]
    distinct = len({(play.tile, view.layout.value(play.end)) for play in plays if play.end is not None})
    assert distinct >= 3
    for seed in range(3):
        full = think_through(SearchBot("test", 400, playouts=100 * distinct).think(view, random.Random(seed)))
        raced = think_through(
            SearchBot("test", 400, playouts=100 * distinct, race=2.5, race_from=16).think(
                view, random.Random(seed)
            )
        )
        assert full.worlds == 100
        assert raced.worlds > 100
        assert raced.action.tile == full.action.tile  # type: ignore[union-attr]
        assert full.values[full.action] - sorted(full.values.values())[0] > 0.3
        assert set(raced.values) == set(full.values)


def test_the_play_out_budget_stops_the_search_early_and_in_slices() -> None:
    rules = make_rules("draw-2")
    hand = Hand.deal(rules, random.Random(2), 0)
    while len([a for a in hand.legal_actions() if isinstance(a, Play)]) < 2:
        hand.apply(hand.legal_actions()[0])
    view = view_of(hand, hand.turn)
    candidates = len({a for a in view.legal_actions if isinstance(a, Play)})
    bot = SearchBot("test", worlds=100, slice_worlds=2, playouts=4 * candidates)
    slices, decision = count_slices(bot.think(view, random.Random(1)))
    assert decision.worlds <= 4
    assert slices >= 1
    assert decision.action in view.legal_actions


def test_weighing_prefers_deals_that_explain_the_play() -> None:
    """Seat 1 laid 1-0 on a 0 where a heavier tile with a 0 would have done: a weighing search
    weighs the deals in which it held such a tile less."""
    rules = make_rules("block", 2)
    mine = tiles("6-6 6-5 6-4 5-5 5-4 4-4 6-0")
    theirs = tiles("1-0 2-1 3-1 3-2 3-3 2-2 1-1")
    hand = Hand(rules, [mine, theirs], [t for t in rules.tiles if t not in mine + theirs])
    hand.apply(Play(tiles("6-6")[0]))
    hand.apply(hand.legal_actions()[0])  # seat 1 cannot play a six: it passes
    hand.apply(Play(tiles("6-0")[0], hand.legal_actions()[-1].end))  # type: ignore[union-attr]
    hand.apply(Play(tiles("1-0")[0], hand.legal_actions()[0].end))  # type: ignore[union-attr]
    view = view_of(hand, 0)
    bot = SearchBot("test", worlds=10, weigh=True, strength=2.0)
    candidates: list[Action] = [a for a in view.legal_actions if isinstance(a, Play)]
    setup = bot._setup(view, candidates)
    heavier = {rules.tiles.index(t) for t in rules.tiles if 0 in (t.low, t.high) and t.pips > 1}
    weights: dict[bool, list[float]] = {True: [], False: []}
    for hands, _, weight in bot._deals(setup, 400, random.Random(3)):
        weights[bool(heavier & set(hands[1]))].append(weight)
    assert weights[True] and weights[False]
    assert max(weights[True]) < min(weights[False])


def test_the_expert_is_deterministic_for_a_view_seed_and_budget() -> None:
    rules = make_rules("partnership-block")
    hand = Hand.deal(rules, random.Random(7))
    bot = SearchBot("expert", **EXPERT)
    for _ in range(6):
        view = view_of(hand, hand.turn)
        first = think_through(bot.think(view, random.Random(3)))
        second = think_through(bot.think(view, random.Random(3)))
        assert first == second
        hand.apply(hand.legal_actions()[0])
