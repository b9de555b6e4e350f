"""The rules of `cross` and `double-nine-cross` (RULES.md, source 002), one test per rule, on scripted
deals."""

from __future__ import annotations

import random

import pytest

from engine import (
    Draw,
    DrawRule,
    End,
    Hand,
    NextStarter,
    Opening,
    Play,
    RulesError,
    Side,
    SpinnerRule,
    make_rules,
    parse_tile,
)
from tests.helpers.scripted import illegal, play, scripted_hand

E, W, N, S = Side.EAST, Side.WEST, Side.NORTH, Side.SOUTH
CROSS = make_rules("cross", 2)
NINE = make_rules("double-nine-cross", 2)

# Cross, two players. Seat 0 opens 6-6; seat 1 lays 6-3 east; seat 0 6-5 west; seat 1 holds no
# other six (its 3-3 would fit the 3, which is not open yet), draws 4-0 and 0-0, then 6-2, which
# goes north; seat 0 completes the cross with 6-4 south.
CROSS_DEAL = ["6-6 6-5 6-4 6-1 5-5 1-0 2-0", "6-3 3-3 3-2 2-2 1-1 2-1 3-1"]
CROSS_DRAWS = "4-0 0-0 6-2"

# Double-nine cross, two players: the cross 9-9, 9-5 E, 9-8 W, 9-4 N, 9-7 S; then 5-5 and 8-8.
NINE_DEAL = ["9-9 9-8 9-7 8-8 0-0 1-0 2-0", "9-5 9-4 5-5 5-3 1-1 2-1 3-1"]
NINE_CROSS = ["9-9", "9-5@0E", "9-8@0W", "9-4@0N", "9-7@0S"]


# --- cross --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "size"), [(2, 7), (3, 5), (4, 4), (5, 3)])
def test_cross_is_played_as_the_draw_game(players: int, size: int) -> None:
    rules = make_rules("cross", players)
    draw = make_rules("draw", players)
    assert rules.hand_size == draw.hand_size == size
    assert rules.draw is DrawRule.UNTIL_PLAYABLE and rules.boneyard_reserve == 0
    assert (rules.first_opener, rules.next_starter) == (draw.first_opener, NextStarter.AS_FIRST)
    assert (rules.out_scoring, rules.blocked_scoring) == (draw.out_scoring, draw.blocked_scoring)
    assert rules.partnerships == (players == 4)
    assert rules.spinner is SpinnerRule.CROSS
    hand = Hand.deal(rules, random.Random(players))
    assert hand.hand_counts() == (size,) * players and hand.boneyard_count == 28 - players * size
    assert make_rules("cross", options={"draw": "one-per-turn"}).draw is DrawRule.ONE_PER_TURN


def test_cross_first_tile_is_the_highest_double() -> None:
    hand = scripted_hand(CROSS, CROSS_DEAL, CROSS_DRAWS)
    assert hand.opening == Opening(0, parse_tile("6-6"))
    assert hand.legal_actions() == (Play(parse_tile("6-6")),)
    for seed in (592, 1146):  # no double in the first deal: dealt again
        again = Hand.deal(CROSS, random.Random(seed))
        assert again.redeals == 1
        assert again.opening.tile is not None and again.opening.tile.is_double


def test_cross_first_double_is_a_spinner_with_four_open_sides() -> None:
    hand = scripted_hand(CROSS, CROSS_DEAL, CROSS_DRAWS)
    play(hand, "6-6")
    assert hand.layout.placements[0].spinner
    assert hand.layout.ends == (End(0, E), End(0, W), End(0, N), End(0, S))
    assert hand.layout.values == (6, 6, 6, 6)
    three = parse_tile("6-3")
    assert set(hand.legal_actions()) == {Play(three, end) for end in hand.layout.ends}


def test_cross_next_four_tiles_go_against_its_four_sides_only_its_sides_are_open() -> None:
    hand = scripted_hand(CROSS, CROSS_DEAL, CROSS_DRAWS)
    play(hand, "6-6", "6-3@0E")
    assert hand.layout.ends == (End(0, W), End(0, N), End(0, S)), "not the 3 of 6-3 yet"
    play(hand, "6-5@0W")
    assert hand.layout.ends == (End(0, N), End(0, S))
    assert illegal(hand, "3-3@1E").code == "no-such-end"


def test_cross_players_may_have_to_draw_before_the_cross_is_complete() -> None:
    hand = scripted_hand(CROSS, CROSS_DEAL, CROSS_DRAWS)
    play(hand, "6-6", "6-3@0E", "6-5@0W")
    assert parse_tile("3-3") in hand.hand_of(1)
    assert hand.legal_actions() == (Draw(),), "3-3 matches the 3 showing, but only the cross is open"
    play(hand, "draw", "draw")
    assert hand.legal_actions() == (Draw(),)
    play(hand, "draw")  # 6-2
    two = parse_tile("6-2")
    assert set(hand.legal_actions()) == {Play(two, End(0, N)), Play(two, End(0, S))}


def test_cross_afterwards_four_open_ends() -> None:
    hand = scripted_hand(CROSS, CROSS_DEAL, CROSS_DRAWS)
    play(hand, "6-6", "6-3@0E", "6-5@0W", "draw", "draw", "draw", "6-2@0N", "6-4@0S")
    assert hand.layout.ends == (End(1, E), End(2, W), End(3, N), End(4, S))
    assert hand.layout.values == (3, 5, 2, 4)
    assert Play(parse_tile("3-3"), End(1, E)) in hand.legal_actions()


def test_cross_later_doubles_do_not_branch() -> None:
    hand = scripted_hand(CROSS, CROSS_DEAL, CROSS_DRAWS)
    play(hand, "6-6", "6-3@0E", "6-5@0W", "draw", "draw", "draw", "6-2@0N", "6-4@0S", "3-3@1E")
    assert not hand.layout.placements[5].spinner
    assert hand.layout.ends == (End(2, W), End(3, N), End(4, S), End(5, E))
    assert hand.layout.values == (5, 2, 4, 3)
    play(hand, "5-5@2W")
    assert len(hand.layout.ends) == 4


# --- double-nine cross ---------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "size"), [(2, 7), (3, 7), (4, 5), (5, 5)])
def test_double_nine_cross_set_and_hand_sizes(players: int, size: int) -> None:
    rules = make_rules("double-nine-cross", players)
    assert rules.max_pip == 9 and len(rules.tiles) == 55
    assert rules.hand_size == size
    hand = Hand.deal(rules, random.Random(players))
    assert hand.hand_counts() == (size,) * players and hand.boneyard_count == 55 - players * size
    twelve = make_rules("double-nine-cross", players, options={"set": "double-twelve"})
    assert twelve.max_pip == 12 and len(twelve.tiles) == 91 and twelve.hand_size == size


def test_double_nine_cross_bad_set_option() -> None:
    with pytest.raises(RulesError) as caught:
        make_rules("double-nine-cross", options={"set": "double-six"})
    assert caught.value.code == "bad-option"


def test_double_nine_cross_starts_as_cross() -> None:
    hand = scripted_hand(NINE, NINE_DEAL)
    assert hand.opening == Opening(0, parse_tile("9-9"))
    play(hand, "9-9")
    assert hand.layout.ends == (End(0, E), End(0, W), End(0, N), End(0, S))
    play(hand, "9-5@0E")
    assert hand.layout.ends == (End(0, W), End(0, N), End(0, S))
    play(hand, *NINE_CROSS[2:])
    assert hand.layout.ends == (End(1, E), End(2, W), End(3, N), End(4, S))
    assert hand.layout.values == (5, 8, 4, 7)
    again = Hand.deal(NINE, random.Random(3))  # no double in the first deal: dealt again
    assert again.redeals == 1 and again.opening.tile is not None and again.opening.tile.is_double


def test_double_nine_cross_every_double_laid_opens_two_new_chains() -> None:
    hand = scripted_hand(NINE, NINE_DEAL)
    play(hand, *NINE_CROSS)
    play(hand, "5-5@1E")
    assert hand.layout.placements[5].spinner
    assert len(hand.layout.ends) == 6, "the 5-5 continues its chain and opens two more"
    assert hand.layout.ends == (End(2, W), End(3, N), End(4, S), End(5, E), End(5, N), End(5, S))
    assert hand.layout.values == (8, 4, 7, 5, 5, 5)
    play(hand, "8-8@2W")
    assert len(hand.layout.ends) == 8
    three = parse_tile("5-3")
    assert set(hand.legal_actions()) == {Play(three, End(5, side)) for side in (E, N, S)}
    play(hand, "5-3@5N")
    assert End(5, N) not in hand.layout.ends and End(7, N) in hand.layout.ends
    assert hand.layout.value(End(7, N)) == 3
