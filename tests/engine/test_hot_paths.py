"""The engine's fast paths give what the plain rules give.

A hand keeps its open ends in lists updated play by play, builds its :class:`Layout` only when
asked, works ``legal_actions()`` out once per position, deals and opens from per-rules tables,
and shares one :class:`Play` and :class:`Played` value per move between hands. A layout grows
by changing only what the new tile changes. Each of these is checked here against the plain
computation, over seeded hands of every table (every variant, player count and option value).
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Iterator

import pytest

from engine import (
    Action,
    Draw,
    DrawRule,
    EngineError,
    FirstOpener,
    Hand,
    Layout,
    Pass,
    Play,
    Rules,
    Tile,
    make_rules,
    parse_action,
)
from engine.line.hand import first_opening
from engine.line.hand_tables import HandTables
from engine.line.layout import end_code, end_of, open_ends, showing
from engine.line.selfplay import play_random_hand
from tests.helpers.scripted import snapshot
from tests.helpers.tables import TABLES, rules_of

SEEDS = range(3)


def random_hands(rules: Rules, seeds: range = SEEDS) -> Iterator[tuple[Hand, random.Random]]:
    """Freshly dealt hands with the RNG that will choose their moves."""
    for seed in seeds:
        rng = random.Random(seed)
        yield Hand.deal(rules, rng), rng


def plain_legal(hand: Hand) -> tuple[Action, ...]:
    """The legal actions worked out from the layout, in the engine's order (tile, then end)."""
    rules, layout = hand.rules, hand.layout
    if hand.is_over:
        return ()
    claims = hand.legal_claims(hand.turn)
    if hand.choosing_lead:
        return tuple(parse_action(f"lead:{seat}") for seat in hand.opening.lead_choices) + claims
    held = hand.hand_of(hand.turn)
    if layout.is_empty:
        opening = hand.opening.tile
        return ((Play(opening),) if opening is not None else tuple(Play(tile) for tile in held)) + claims
    drawn = hand.drawn_this_turn
    candidates = [drawn] if drawn is not None else held
    plays: tuple[Action, ...] = tuple(Play(tile, end) for tile in candidates for end in layout.ends_for(tile))
    can_draw = rules.draw is not DrawRule.NONE and hand.boneyard_count > rules.boneyard_reserve
    if plays:
        return plays + ((Draw(),) if rules.overdraw_penalty and can_draw else ()) + claims
    if drawn is not None:
        return (Pass(), *claims)
    return ((Draw(),) if can_draw else (Pass(),)) + claims


def rebuilt(layout: Layout) -> Layout:
    """The same placements with the open ends worked out from scratch."""
    if layout.is_empty:
        return Layout(layout.spinner_rule)
    ends = open_ends(layout.placements, layout.spinner_rule)
    values = tuple(showing(layout.placements[end.placement], end.side) for end in ends)
    return Layout(layout.spinner_rule, layout.placements, ends, values)


@pytest.mark.parametrize("table", TABLES, ids=lambda table: f"{table[0]}-{table[1]}-{table[2]}")
def test_the_hand_keeps_its_ends_and_lists_its_actions_as_the_plain_rules_do(
    table: tuple[str, int, tuple[tuple[str, str], ...]],
) -> None:
    """At every step: the layout grown a tile at a time equals it worked out from scratch, the
    hand's open ends (kept in place) are the layout's, and legal_actions() is the plain list,
    in the same order, the same tuple until an action is applied."""
    rules = rules_of(table)
    for hand, rng in random_hands(rules):
        while not hand.is_over:
            legal = hand.legal_actions()
            assert legal == plain_legal(hand)
            assert hand.legal_actions() is legal
            layout = hand.layout
            assert layout == rebuilt(layout)
            assert hand._codes == [end_code(end) for end in layout.ends]
            assert hand._values == list(layout.values)
            assert layout.end_codes() == tuple(hand._codes)
            assert all(end_of(end_code(end)) == end for end in layout.ends)
            hand.apply(rng.choice(legal))
        assert hand.layout == rebuilt(hand.layout)


@pytest.mark.parametrize("table", TABLES, ids=lambda table: f"{table[0]}-{table[1]}-{table[2]}")
def test_a_layout_built_late_is_the_layout_built_at_every_step(
    table: tuple[str, int, tuple[tuple[str, str], ...]],
) -> None:
    """Two hands play the same moves; one is asked for its layout after every action, the other
    only at the end: they agree throughout, and at the end."""
    rules = rules_of(table)
    for seed in SEEDS:
        watched, rng = Hand.deal(rules, random.Random(seed)), random.Random(seed + 100)
        unwatched = Hand.deal(rules, random.Random(seed))
        layouts = []
        while not watched.is_over:
            action = rng.choice(watched.legal_actions())
            watched.apply(action)
            unwatched.apply(action)
            layouts.append(watched.layout)
            assert unwatched.legal_actions() == watched.legal_actions()
        assert unwatched.layout == watched.layout
        assert snapshot(unwatched) == snapshot(watched)
        assert all(layout == rebuilt(layout) for layout in layouts), "no layout changed once made"


def test_checked_and_unchecked_play_the_same_hands() -> None:
    """play_random_hand through apply() and through apply_unchecked() gives the same results."""
    for table in TABLES[::3]:
        rules = rules_of(table)
        for seed in SEEDS:
            assert play_random_hand(rules, seed) == play_random_hand(rules, seed, checked=False)


def test_an_action_equal_to_a_listed_one_is_applied_as_it() -> None:
    """apply() accepts a value equal to a legal action (not the very object) just the same."""
    rules = make_rules("cross", 4)
    for hand, rng in random_hands(rules):
        twin = copy.deepcopy(hand)
        while not hand.is_over:
            action = rng.choice(hand.legal_actions())
            hand.apply(action)
            twin.apply(parse_action(str(action)))  # rebuilt from text: equal, not identical
            assert snapshot(twin) == snapshot(hand)


def test_a_deep_copy_plays_on_alike_and_shares_only_what_never_changes() -> None:
    rules = make_rules("draw", 2)
    hand, rng = next(random_hands(rules))
    for _ in range(5):
        hand.apply(rng.choice(hand.legal_actions()))
    twin = copy.deepcopy(hand)
    assert twin.rules is hand.rules and snapshot(twin) == snapshot(hand)
    assert twin.history is not hand.history and twin._hands is not hand._hands
    while not hand.is_over:
        action = rng.choice(hand.legal_actions())
        hand.apply(action)
        twin.apply(action)
    assert snapshot(twin) == snapshot(hand)


def test_the_first_opening_is_the_one_first_opening_works_out() -> None:
    """The opening found from the ranks is :func:`first_opening` of the dealt tiles, for each rule."""
    for opener in (
        FirstOpener.HIGHEST_DOUBLE,
        FirstOpener.HIGHEST_DOUBLE_ANY,
        FirstOpener.HIGHEST_DOUBLE_REDEAL,
    ):
        for players, variant in ((2, "block"), (3, "draw"), (4, "block"), (4, "partnership-block")):
            rules = dataclasses.replace(make_rules(variant, players), first_opener=opener)
            for seed in range(40):
                hand = Hand.deal(rules, random.Random(seed))
                assert hand.opening == first_opening(rules, hand.dealt)
                assert Hand(rules, hand.dealt, hand.stock).opening == hand.opening


class OwnShuffle(random.Random):
    """A seeded RNG whose shuffle is its own method (the standard one, called through it)."""

    def shuffle(self, x: list[Tile]) -> None:  # type: ignore[override]
        super().shuffle(x)


def test_the_ranks_shuffled_deal_what_the_tiles_shuffled_deal() -> None:
    """The standard shuffle is given the tiles' ranks, any other the tiles: the same deals."""
    for table in TABLES[::5]:
        rules = rules_of(table)
        for seed in SEEDS:
            by_rank, by_tile = Hand.deal(rules, random.Random(seed)), Hand.deal(rules, OwnShuffle(seed))
            assert by_rank.dealt == by_tile.dealt and by_rank.stock == by_tile.stock
            assert (by_rank.opening, by_rank.redeals) == (by_tile.opening, by_tile.redeals)


class LaidOut:
    """A stand-in for the deal's RNG: its shuffle lays out the given tiles (whatever it is handed)."""

    def __init__(self, tiles: list[Tile]) -> None:
        self.tiles = tiles

    def shuffle(self, items: list[Tile]) -> None:
        items[:] = self.tiles


def test_a_deal_of_equal_tiles_is_the_same_deal_and_a_wrong_one_is_refused() -> None:
    rules = make_rules("block", 4)
    order = list(rules.tiles)
    random.Random(5).shuffle(order)
    hand = Hand.deal(rules, LaidOut(order))  # type: ignore[arg-type]
    copies = Hand.deal(rules, LaidOut([Tile(tile.low, tile.high) for tile in order]))  # type: ignore[arg-type]
    assert snapshot(copies) == snapshot(hand) and copies.dealt == hand.dealt
    for wrong in ([*order[:-1], order[0]], order[:-1], [*order, Tile(0, 0)]):
        with pytest.raises(EngineError) as caught:
            Hand.deal(rules, LaidOut(wrong), starter=0)  # type: ignore[arg-type]
        assert caught.value.code == "bad-deal"


def test_rules_keep_what_is_derived_from_them_out_of_their_value() -> None:
    """Rules.derived() caches per value; equality, hashing, repr, replace and copies ignore it."""
    rules = make_rules("block", 2)
    assert rules.tiles is rules.tiles
    fresh = make_rules("block", 2)
    assert fresh == rules and hash(fresh) == hash(rules) and repr(fresh) == repr(rules)
    assert [field.name for field in dataclasses.fields(rules)] == [
        field.name for field in dataclasses.fields(Rules)
    ]
    again = copy.deepcopy(rules)
    assert again == rules and again.tiles == rules.tiles
    wider = dataclasses.replace(rules, max_pip=9)
    assert len(wider.tiles) == 55 and len(rules.tiles) == 28


def test_a_play_shared_by_one_rule_set_is_found_again_by_another() -> None:
    """A play made (and noted) for one rule set's hands, applied to a hand of other rules -- equal
    rules built again, or a set without the double blank, whose tiles rank differently -- is
    taken for its tile and end, as any equal play."""
    made_for = make_rules("block", 2)
    tables = made_for.derived(HandTables)
    again = make_rules("block", 2)
    lacking = dataclasses.replace(made_for, removed=frozenset({Tile(0, 0)}), hand_size=6)
    assert again == made_for and again is not made_for
    for rules in (again, lacking):
        for seed in range(10):
            rng = random.Random(seed)
            hand, twin = Hand.deal(rules, rng), Hand.deal(rules, random.Random(seed))
            while not hand.is_over:
                action = rng.choice(hand.legal_actions())
                twin.apply(action)
                if isinstance(action, Play):
                    code = -1 if action.end is None else end_code(action.end)
                    action = tables.move(tables.rank[action.tile], code).play  # noted by other tables
                hand.apply(action)
                assert snapshot(hand) == snapshot(twin)
