"""The AI opponents: legal in every variant, blind to what their seat cannot see, deterministic.

Positions come from random playouts of every variant, player count and option (the deals
of ``tests.helpers.deals``). The search levels run with their real budgets on a sample of
positions; a small budget covers the breadth.
"""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Action, Claim, Draw, Hand, Play, Tile, make_rules, view_of
from engine.line.ai import BOT_LEVELS, EXPERT, HARD, SearchBot, make_bot
from engine.line.ai.belief import choices_of, log_likelihood, resample
from engine.line.ai.fast import Outcome
from engine.line.ai.knowledge import knowledge_of, sample_deal
from engine.line.ai.search import hand_value
from tests.helpers.deals import Deal, deals, final, make_deal, twins
from tests.helpers.scripted import count_slices
from tests.helpers.tables import BY_VARIANT, rules_of

POSITIONS = settings(max_examples=60, deadline=None, derandomize=True)


def position(deal: Deal, seed: int, cut: float) -> tuple[Hand, list[Action]]:
    """The hand after a random share of a random playout (not over)."""
    _, actions = final(deal, seed)
    actions = actions[: int(cut * len(actions))]
    return deal.replay(actions), actions


def small(level: str) -> SearchBot:
    """A search level with a budget small enough to run on many positions (racing after the
    first slice, so that is covered too)."""
    config = {"hard": HARD, "expert": EXPERT}[level]
    return SearchBot(level, **{**config, "worlds": 3, "slice_worlds": 2, "race_from": 1})


@POSITIONS
@given(deal=deals(), seed=st.integers(0, 2**32 - 1), cut=st.floats(0.0, 0.95))
def test_every_level_chooses_a_legal_action_in_every_variant(deal: Deal, seed: int, cut: float) -> None:
    hand, _ = position(deal, seed, cut)
    if hand.is_over:
        return
    view = view_of(hand, hand.turn)
    bots = [make_bot(level) for level in BOT_LEVELS if level not in ("hard", "expert")]
    bots += [small("hard"), small("expert")]
    for bot in bots:
        action = bot.choose(view, random.Random(seed))
        assert action in view.legal_actions, f"{bot.level} chose {action} from {view.legal_actions}"


@pytest.mark.parametrize("level", ["medium", "hard", "expert"])
def test_the_real_budgets_choose_legal_actions(level: str) -> None:
    bot = make_bot(level)
    chosen = Counter[str]()
    for variant, players in [("partnership-block", 4), ("draw-2", 2), ("all-fives", 3), ("cross", 4)]:
        rules = make_rules(variant, players)
        rng = random.Random(7)
        hand = Hand.deal(rules, rng)
        while not hand.is_over:
            view = view_of(hand, hand.turn)
            action = bot.choose(view, random.Random(len(hand.history)))
            assert action in view.legal_actions
            chosen[type(action).__name__] += 1
            hand.apply(action)
            if hand.pending is not None:
                hand.apply(Claim(hand.pending[0]))
    assert chosen["Play"] > 20


@settings(max_examples=80, deadline=None, derandomize=True)
@given(deal=deals(), seed=st.integers(0, 2**32 - 1), cut=st.floats(0.05, 0.9))
def test_no_bot_peeks_at_hidden_tiles(deal: Deal, seed: int, cut: float) -> None:
    """Deal the hidden tiles differently (consistently with what the seat saw): same action."""
    found = twins(deal, seed, cut)
    if found is None:
        return
    original, twin = found
    seat = original.turn
    bots = [make_bot(level) for level in BOT_LEVELS if level not in ("hard", "expert")]
    bots += [small("hard"), small("expert")]
    for bot in bots:
        first = bot.choose(view_of(original, seat), random.Random(seed))
        second = bot.choose(view_of(twin, seat), random.Random(seed))
        assert first == second, f"{bot.level} changed its move when tiles it cannot see moved"


def test_no_peeking_is_not_vacuous() -> None:
    """The twins above are usually found, and their hidden tiles really differ."""
    found = 0
    for index, variant in enumerate(sorted(BY_VARIANT)):
        rules = rules_of(BY_VARIANT[variant][0])
        for seed in range(3):
            deal = make_deal(rules, 100 * index + seed, "seat", seed)
            found += twins(deal, seed, 0.4) is not None
    assert found >= 20


@settings(max_examples=100, deadline=None, derandomize=True)
@given(deal=deals(), seed=st.integers(0, 2**32 - 1), cut=st.floats(0.0, 0.95), pick=st.integers(0, 4))
def test_what_a_seat_knows_is_true_and_sampled_deals_respect_it(
    deal: Deal, seed: int, cut: float, pick: int
) -> None:
    hand, _ = position(deal, seed, cut)
    rules = hand.rules
    seat = pick % rules.players
    view = view_of(hand, seat)
    knowledge = knowledge_of(view)
    truth = {tile for s in range(rules.players) if s != seat for tile in hand.hand_of(s)} | set(
        hand.boneyard()
    )
    assert set(knowledge.hidden) == truth
    for other in range(rules.players):
        if other != seat:
            for tile in hand.hand_of(other):
                assert knowledge.may_hold(other, tile), (
                    f"seat {other} holds {tile}, which it was said to lack"
                )
    rng = random.Random(seed)
    for _ in range(3):
        hands, boneyard = sample_deal(knowledge, rng)
        assert sorted(
            [t for s, held in enumerate(hands) if s != seat for t in held] + list(boneyard)
        ) == sorted(truth)
        for other, held in enumerate(hands):
            if other == seat:
                assert held == ()
                continue
            assert len(held) == len(hand.hand_of(other))
            assert all(knowledge.may_hold(other, tile) for tile in held)


def tiles(text: str) -> list[Tile]:
    from engine import parse_tile

    return [parse_tile(word) for word in text.split()]


def test_a_pass_shows_the_player_lacks_the_numbers_at_the_ends() -> None:
    rules = make_rules("block", 2)
    hand = Hand(
        rules,
        [tiles("6-6 6-5 6-4 2-1 1-1 1-0 0-0"), tiles("5-5 5-4 4-4 3-3 3-2 2-2 2-0")],
        [t for t in rules.tiles if t not in tiles("6-6 6-5 6-4 2-1 1-1 1-0 0-0 5-5 5-4 4-4 3-3 3-2 2-2 2-0")],
    )
    hand.apply(Play(tiles("6-6")[0]))
    assert hand.legal_actions() == (hand.legal_actions()[0],) and str(hand.legal_actions()[0]) == "pass"
    hand.apply(hand.legal_actions()[0])
    knowledge = knowledge_of(view_of(hand, 0))
    assert knowledge.lacks[1] == {6}
    assert not knowledge.may_hold(1, tiles("6-3")[0])


def test_a_forced_highest_double_opening_shows_nobody_else_holds_a_higher_double() -> None:
    rules = make_rules("pub-block", 2)  # the highest double must open
    hand = Hand.deal(rules, random.Random(5))
    opening = hand.opening.tile
    assert opening is not None and opening.is_double
    hand.apply(Play(opening))
    other = 1 - hand.opening.seat
    knowledge = knowledge_of(view_of(hand, hand.opening.seat))
    higher = [t for t in rules.tiles if t.is_double and t.high > opening.high]
    assert all(not knowledge.may_hold(other, double) for double in higher)
    assert all(knowledge.may_hold(other, t) for t in hand.hand_of(other))


def test_an_overdraw_or_a_tile_taken_instead_of_a_play_proves_nothing() -> None:
    rules = make_rules("all-fives", 2, options={"draw": "one-per-turn"})
    hand = Hand.deal(rules, random.Random(3))
    for _ in range(60):
        if hand.is_over:
            break
        action = hand.legal_actions()[0]
        hand.apply(action)
        if isinstance(action, Draw):
            seat = (hand.turn - 1) % 2
            assert knowledge_of(view_of(hand, 1 - seat)).lacks[seat] == frozenset()


def test_the_play_model_prefers_deals_that_explain_a_light_tile() -> None:
    """Seat 1 laid 1-0 on a 0 where it could have laid a heavier tile: deals in which it held
    no heavier tile that fits are likelier."""
    rules = make_rules("block", 2)
    mine = tiles("6-6 6-5 6-4 5-5 5-4 4-4 6-0")
    theirs = tiles("1-0 2-1 3-1 3-2 3-3 2-2 1-1")
    rest = [t for t in rules.tiles if t not in mine + theirs]
    hand = Hand(rules, [mine, theirs], rest)
    hand.apply(Play(tiles("6-6")[0]))
    hand.apply(hand.legal_actions()[0])  # seat 1 cannot play a six: it passes
    hand.apply(Play(tiles("6-0")[0], hand.legal_actions()[-1].end))  # type: ignore[union-attr]
    hand.apply(Play(tiles("1-0")[0], hand.legal_actions()[0].end))  # type: ignore[union-attr]
    view = view_of(hand, 0)
    choices = choices_of(view)
    assert [str(choice.tile) for choice in choices] == ["1-0"]
    light = [tiles("2-1 3-1 3-2 3-3 2-2 1-1")[i] for i in range(6)]
    with_heavy = [*light[:5], tiles("5-0")[0]]
    hands_light: list[tuple[Tile, ...]] = [(), tuple(light)]
    hands_heavy: list[tuple[Tile, ...]] = [(), tuple(with_heavy)]
    assert log_likelihood(choices, hands_light, 1.0) > log_likelihood(choices, hands_heavy, 1.0)


def test_resampling_follows_the_weights() -> None:
    picked = Counter(resample([0.0, 0.0, 2.0], 1000, random.Random(1)))

    share = math.exp(2) / (2 + math.exp(2))
    assert abs(picked[2] / 1000 - share) < 0.01
    assert picked[0] > 100 and picked[1] > 100


def test_search_is_deterministic_for_a_view_seed_and_budget() -> None:
    rules = make_rules("partnership-block")
    hand = Hand.deal(rules, random.Random(11))
    bot = make_bot("hard")
    for _ in range(12):
        view = view_of(hand, hand.turn)
        assert bot.choose(view, random.Random(3)) == bot.choose(view, random.Random(3))
        hand.apply(hand.legal_actions()[0])


def test_search_thinks_in_slices_and_stops_at_its_budget() -> None:
    rules = make_rules("draw-2")
    hand = Hand.deal(rules, random.Random(2), 0)
    bot = SearchBot("test", worlds=10, slice_worlds=3)
    while len([a for a in hand.legal_actions() if isinstance(a, Play)]) < 2:
        hand.apply(hand.legal_actions()[0])
    thinking = bot.think(view_of(hand, hand.turn), random.Random(1))
    slices, decision = count_slices(thinking)
    assert slices == 4  # reading the view, then 3 + 3 + 3 + 1 worlds, a yield between slices
    assert decision.worlds == 10
    assert decision.action in hand.legal_actions()
    assert set(decision.values) == {a for a in hand.legal_actions() if isinstance(a, Play)}


def test_hand_value_counts_wins_and_points_as_the_game_does() -> None:
    block = make_rules("partnership-block")
    assert (
        hand_value(block, Outcome(0, (30, 0), "out"), 0) > hand_value(block, Outcome(0, (5, 0), "out"), 0) > 0
    )
    assert hand_value(block, Outcome(1, (0, 5), "out"), 0) < 0
    jamaican = make_rules("jamaican-partner")
    assert hand_value(jamaican, Outcome(0, (1, 0), "out"), 0) == 1.0
    assert hand_value(jamaican, Outcome(None, (0, 0), "blocked"), 0) == 0.0
    fives = make_rules("all-fives", 2)
    assert hand_value(fives, Outcome(1, (40, 10), "out"), 0) > 0, "in the fives games points count most"


def test_heaviest_facts_rule_out_heavier_fitting_tiles_for_a_player_who_lays_the_heaviest() -> None:
    """Seat 1 laid 2-0 on a 0 (no six): if it always lays its heaviest fitting tile, it holds no
    heavier tile with a 0; a seat that laid a light tile and later a heavier one that also
    fitted then is plainly not such a player, and gets no such facts."""
    from engine.line.ai.belief import Choice, heaviest_facts

    rules = make_rules("block", 2)
    hidden = [t for t in rules.tiles if t not in tiles("6-6 2-0")]
    facts = heaviest_facts([Choice(1, tiles("2-0")[0], frozenset({0, 6}), ())], hidden)
    assert facts[1] == {t for t in hidden if (t.low in (0, 6) or t.high in (0, 6)) and t.pips > 2}
    broken = heaviest_facts([Choice(1, tiles("2-0")[0], frozenset({0}), tiles("5-0"))], hidden)
    assert 1 not in broken
