"""Partners talking through their play (engine.line.ai.partner), and the scoring players' habit read as facts.

A search player with ``partners=True`` signals its strong suit among near-equal moves and
reads its partner's choices by the same convention; in the games scoring during play the
search players take an opponent who has always scored most to go on doing so.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Hand, Layout, Play, make_rules, view_of
from engine.line.ai import EXPERT, SearchBot, think_through
from engine.line.ai.belief import Choice, scoring_facts
from engine.line.ai.hint import explain
from engine.line.ai.partner import SIGNAL_MARGIN, PartnerModel, partner_choices_of, suit_signal
from tests.helpers.scripted import action, scripted_hand, tiles

SEATS = (
    "6-6 6-5 5-5 5-4 4-4 4-3 3-3",
    "6-4 2-2 1-1 0-0 2-1 1-0 2-0",
    "6-3 3-2 3-1 3-0 6-2 5-2 4-1",
    "6-1 6-0 5-3 5-1 5-0 4-2 4-0",
)
"""A partnership-block deal: seat 0 must open 6-6, seat 1 can only follow with 6-4, and
seat 2 (seat 0's partner) then chooses between 6-3 and 6-2 on the six and 4-1 on the four."""


def after_partner_lays(text: str) -> Hand:
    """The deal above after 6-6, 6-4 east, and seat 2's ``text``."""
    hand = scripted_hand(make_rules("partnership-block"), SEATS)
    for move in ("6-6", "6-4 east", text):
        hand.apply(action(hand, move))
    return hand


def test_the_signal_counts_the_tiles_kept_of_the_number_left_showing() -> None:
    hand = scripted_hand(make_rules("partnership-block"), SEATS)
    for move in ("6-6", "6-4 east"):
        hand.apply(action(hand, move))
    view = view_of(hand, 2)
    shows = {str(play.tile): suit_signal(view, play) for play in view.legal_actions if isinstance(play, Play)}
    assert shows == {"6-3": 3, "6-2": 2, "4-1": 1}  # 3-2 3-1 3-0; 3-2 5-2; 3-1


def test_the_partner_s_free_choices_are_read_with_the_number_covered() -> None:
    hand = after_partner_lays("6-3 west")
    (choice,) = partner_choices_of(view_of(hand, 0))
    assert (choice.seat, str(choice.tile), choice.showing, choice.covered) == (2, "6-3", (4, 6), 6)
    assert partner_choices_of(view_of(hand, 2)) == [], "seat 0's 6-6 was forced: no choice"
    (seat_1,) = partner_choices_of(view_of(hand, 3))
    assert (seat_1.seat, str(seat_1.tile), seat_1.showing, seat_1.covered) == (1, "6-4", (6,), 6)
    draw = make_rules("draw-2")
    assert partner_choices_of(view_of(Hand.deal(draw, random.Random(1), 0), 0)) == []


def test_a_deal_that_explains_the_signal_is_likelier() -> None:
    """Seat 2 left a three showing: a guess giving it more threes explains that better."""
    rules = make_rules("partnership-block")
    hand = after_partner_lays("6-3 west")
    model = PartnerModel(partner_choices_of(view_of(hand, 0)), rules.tiles)
    ids = {tile: number for number, tile in enumerate(rules.tiles)}

    def likelihood(text: str) -> float:
        hands = [[], [], [ids[tile] for tile in tiles(text)], []]
        return model.log_likelihood(hands)

    threes = likelihood("3-2 3-1 3-0 6-2 5-2 4-1")
    none = likelihood("2-2 1-1 0-0 6-2 5-2 4-1")
    assert threes > none + 1.0
    assert likelihood("3-2 3-1 3-0 6-2 5-2 4-1") == threes, "the same hand scores the same"


@settings(max_examples=12, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1), moves=st.integers(0, 20))
def test_among_near_equal_moves_a_partner_shows_its_strong_suit(seed: int, moves: int) -> None:
    """With every candidate searched to the end of the budget (no racing), the move is
    within the margin of the best and shows the most of the seat's suit among those."""
    rules = make_rules("partnership-block")
    hand = Hand.deal(rules, random.Random(seed))
    chooser = random.Random(seed)
    for _ in range(moves):
        if hand.is_over:
            return
        hand.apply(chooser.choice(hand.legal_actions()))
    if hand.is_over:
        return
    view = view_of(hand, hand.turn)
    bot = SearchBot("test", **{**EXPERT, "worlds": 12, "race": 0.0, "partners": True})
    decision = think_through(bot.think(view, random.Random(seed)))
    if not decision.worlds:
        return
    best = max(decision.values.values())
    near = [move for move, worth in decision.values.items() if worth >= best - SIGNAL_MARGIN]
    assert decision.action in near
    assert suit_signal(view, decision.action) == max(suit_signal(view, move) for move in near)


def test_the_signal_changes_some_choices_and_only_in_partnerships() -> None:
    """Not vacuous: some moves differ from the plainly best; without partners none do. The
    hint for such a move says what it shows the partner."""
    differed = 0
    for variant in ("partnership-block", "draw-2"):
        rules = make_rules(variant)
        for seed in range(6):
            hand = Hand.deal(rules, random.Random(seed), 0)
            bot = SearchBot("test", **{**EXPERT, "worlds": 12, "race": 0.0, "partners": True})
            while not hand.is_over:
                view = view_of(hand, hand.turn)
                decision = think_through(bot.think(view, random.Random(seed)))
                plainly_best = max(decision.values, key=lambda move: decision.values[move])
                if (
                    decision.action != plainly_best
                    and decision.values[decision.action] < decision.values[plainly_best]
                ):
                    assert variant == "partnership-block", f"{variant} signalled"
                    differed += 1
                    play = decision.action
                    assert isinstance(play, Play)
                    shown = (
                        "strongest suit"
                        if play.end is None
                        else f"{play.tile.other(view.layout.value(play.end))}s"
                    )
                    assert f"shows your partner your {shown}" in explain(view, decision)
                hand.apply(decision.action)
    assert differed > 0


def test_scoring_facts_rule_out_tiles_that_would_have_scored_more() -> None:
    """All Fives: 6-4 opens (10 showing) and seat 1 lays 4-1 for nothing. A player who always
    scores most (then lays the heaviest) held no 6-1 (it makes 5) nor a heavier tile that fitted;
    one who later laid a tile that would have scored then plainly is not such a player."""
    rules = make_rules("all-fives", 2)
    before = Layout(rules.spinner).play(tiles("6-4")[0], None)
    four = next(end for end in before.ends_for(tiles("4-1")[0]))
    laid = tiles("4-1")[0]
    hidden = [tile for tile in rules.tiles if tile not in tiles("6-4 4-1")]
    facts = scoring_facts(
        [Choice(1, laid, frozenset({6, 4}), (), 0, before, four)], hidden, rules.play_scoring
    )
    assert tiles("6-1 4-3 6-2 4-4")[0] in facts[1]
    assert set(tiles("6-1 4-3 6-2 4-4")) <= facts[1]
    assert not set(tiles("4-0 1-1 3-2")) & facts[1], "lighter, or not fitting, and scoring nothing"
    broken = Choice(1, laid, frozenset({6, 4}), tuple(tiles("6-1")), 0, before, four)
    assert 1 not in scoring_facts([broken], hidden, rules.play_scoring)
