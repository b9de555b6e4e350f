"""The rules of the English pub games `pub-block` and `draw` (RULES.md, sources 003 and 002), one
test per rule, on scripted deals."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from engine import (
    Draw,
    DrawRule,
    EngineError,
    Hand,
    HandScoring,
    Match,
    MatchResult,
    NextStarter,
    Opening,
    OutRule,
    Pass,
    Play,
    Rules,
    RulesError,
    Tile,
    get_variant,
    make_rules,
    parse_tile,
)
from tests.helpers.scripted import illegal, line_deal, match_play, play, scripted_hand, swap_hand, tiles

PUB = make_rules("pub-block")
SIX_SIX = parse_tile("6-6")

# --- scripted deals: pub-block, four players as two partnerships, four tiles sleeping -----------

SLEEPING = "5-5 4-0 4-1 1-0"
# Every tile but the sleeping and the kept ones is laid in one line from 6-6 back to a six.
# Side 0 keeps 2-2 (seat 0) and 1-1 (seat 2), 6 pips; side 1 3-3 and 4-4, 14 pips.
SIDE_0_LOWER = ["2-2", "3-3", "1-1", "4-4"]
# Side 0 keeps 1-1 and 4-4, side 1 2-2 and 3-3: 10 pips each.
EQUAL = ["1-1", "2-2", "4-4", "3-3"]


def blocked(keep: Sequence[str], opener: int = 0, rules: Rules = PUB) -> tuple[list[str], list[str]]:
    return line_deal(rules, keep, opener, "6-6", SLEEPING)


def out_by(opener: int, rules: Rules = PUB) -> tuple[list[str], list[str]]:
    """The opener lays all six tiles and goes out; the others keep 6-5, 3-3 and 2-2 in seat order."""
    kept = iter(["6-5", "3-3", "2-2"])
    keep = ["" if seat == opener else next(kept) for seat in range(4)]
    return line_deal(rules, keep, opener, "6-6", SLEEPING)


# Found by random play, with both partners having to chip out: seat 1 opens 6-6 and goes out with
# 6-3 (move 21); play goes on, skipping seat 1; seat 2 goes out with 4-1 (its partner seat 0 still
# holds 6-1 and 6-4), and seat 3's 4-4 ends the hand: side 1 scores seat 0's 17 pips.
BOTH_OUT = [
    "0-0 6-0 6-1 5-3 5-4 6-4",
    "1-0 3-0 4-0 6-3 5-5 6-6",
    "2-1 4-1 5-1 2-2 4-2 6-2",
    "2-0 5-0 3-2 5-2 4-4 6-5",
]
BOTH_OUT_MOVES = [
    "6-6", "6-2 east", "2-0 east", "6-0 west", "4-0 west", "4-2 west", "5-2 west", "0-0 east",
    "5-5 west", "5-1 west", "5-0 east", "5-3 east", "1-0 west", "pass", "3-2 east", "pass",
    "3-0 west", "2-2 east", "pass", "pass", "6-3 west", "2-1 east", "6-5 west", "5-4 west",
    "4-1 east", "4-4 west",
]  # fmt: skip

# --- scripted deals: the Draw game, two players ------------------------------------------------

# Seat 1 opens 6-6; seat 0 draws until 6-4 plays; later seat 1 draws the boneyard empty, passes,
# and the hand goes on until it blocks. Left: seat 0 21, seat 1 69.
DRAWING = ["4-0 5-1 5-2 3-3 4-3 5-3 4-4", "0-0 6-0 3-1 2-2 3-2 4-2 6-6"]
DRAWING_DRAWS = "4-1 1-0 6-4 5-4 6-1 5-5 6-5 2-1 2-0 1-1 6-2 5-0 6-3 3-0"
DRAWING_MOVES = [
    "6-6", "draw", "draw", "draw", "6-4 west", "4-2 west", "5-2 west", "6-0 east", "4-0 east",
    "draw", "5-4 west", "4-4 west", "draw", "draw", "draw", "draw", "draw", "draw", "draw", "draw",
    "draw", "draw", "pass", "4-1 east", "3-1 east", "4-3 east",
]  # fmt: skip

# One tile per turn: seat 0 opens 4-4; seat 1 draws 1-0, which does not play, and passes; near
# the end seat 1 draws 6-4 and plays it. Seat 0 goes out with 6-2; seat 1 keeps 28 pips.
ONE_EACH = ["0-0 3-0 4-0 6-1 2-2 6-2 4-4", "2-0 6-0 2-1 3-2 3-3 5-3 6-5"]
ONE_EACH_DRAWS = "1-0 6-4"
ONE_EACH_MOVES = [
    "4-4", "draw", "pass", "4-0 east", "2-0 east", "2-2 east", "3-2 east", "3-0 east", "1-0 east",
    "6-1 east", "6-0 east", "0-0 east", "draw", "6-4 west", "6-2 west",
]  # fmt: skip


class Shuffles:
    """A stand-in for the deal's RNG: each shuffle lays the tiles out in the next given order."""

    def __init__(self, *orders: list[Tile]) -> None:
        self.orders = list(orders)

    def shuffle(self, items: list[Tile]) -> None:
        items[:] = self.orders.pop(0)


def pips(text: str) -> int:
    return sum(tile.pips for tile in tiles(text))


# --- pub-block: the table -----------------------------------------------------------------------


def test_pub_block_default_four_players_two_partnerships_six_each_rest_sleeping() -> None:
    assert (PUB.players, PUB.hand_size, PUB.max_pip) == (4, 6, 6)
    assert PUB.partnerships and PUB.sides == 2
    assert PUB.draw is DrawRule.NONE
    hand = Hand.deal(PUB, random.Random(1))
    assert hand.hand_counts() == (6, 6, 6, 6) and hand.boneyard_count == 4
    sleeping = hand.boneyard()
    while not hand.is_over:
        hand.apply(hand.legal_actions()[0])
    assert hand.boneyard() == sleeping, "sleeping tiles are never drawn"


@pytest.mark.parametrize(
    ("players", "options", "size", "set_size"),
    [
        (2, {}, 8, 28),
        (3, {}, 6, 28),
        (5, {}, 5, 28),
        (4, {"partners": "off"}, 6, 28),
        (4, {"set": "double-nine"}, 9, 55),
        (2, {"set": "double-nine"}, 9, 55),
        (4, {"set": "double-twelve"}, 12, 91),
    ],
)
def test_pub_block_hand_sizes_for_every_player_count_and_set(
    players: int, options: dict[str, str], size: int, set_size: int
) -> None:
    rules = make_rules("pub-block", players, options=options)
    assert rules.hand_size == size
    assert len(rules.tiles) == set_size
    assert rules.partnerships == (players == 4 and options.get("partners", "on") == "on")
    hand = Hand.deal(rules, random.Random(players))
    assert hand.hand_counts() == (size,) * players
    assert hand.boneyard_count == set_size - players * size


def test_pub_block_double_twelve_is_for_four_players() -> None:
    for players in (2, 3, 5):
        with pytest.raises(RulesError) as caught:
            make_rules("pub-block", players, options={"set": "double-twelve"})
        assert caught.value.code == "bad-option"


# --- pub-block: who starts -----------------------------------------------------------------------


def test_pub_block_highest_double_starts_and_must_play_it() -> None:
    hands, _ = blocked(SIDE_0_LOWER, opener=3)
    hand = scripted_hand(PUB, hands)
    assert hand.opening == Opening(3, SIX_SIX)
    assert hand.legal_actions() == (Play(SIX_SIX),)
    # 6-6 sleeping: 5-5 (seat 2) starts although seat 0 holds the heavier 6-5.
    no_six_six = scripted_hand(
        PUB,
        [
            "6-5 6-4 4-4 1-0 2-0 3-0",
            "4-3 4-2 4-1 4-0 3-3 2-1",
            "5-5 5-4 5-3 5-2 5-1 5-0",
            "6-3 6-2 6-1 6-0 3-1 3-2",
        ],
    )
    assert no_six_six.opening == Opening(2, parse_tile("5-5"))
    assert no_six_six.legal_actions() == (Play(parse_tile("5-5")),)
    assert illegal(no_six_six, "5-4").code == "wrong-opening"


def test_pub_block_double_nine_set_highest_double_starts() -> None:
    rules = make_rules("pub-block", options={"set": "double-nine"})
    for seed in range(5):
        hand = Hand.deal(rules, random.Random(seed))
        doubles = [(tile, seat) for seat in range(4) for tile in hand.hand_of(seat) if tile.is_double]
        tile, seat = max(doubles)
        assert hand.opening == Opening(seat, tile)
        assert hand.legal_actions() == (Play(tile),)


def test_pub_block_no_double_dealt_reshuffle_and_deal_again() -> None:
    rules = make_rules("pub-block", 2)
    doubles = [tile for tile in rules.tiles if tile.is_double]
    others = [tile for tile in rules.tiles if not tile.is_double]
    no_double = others[:16] + doubles + others[16:]  # 16 dealt tiles, no double among them
    with_doubles = list(rules.tiles)  # seat 0 gets 0-0 ... 3-1, seat 1 the next 8
    hand = Hand.deal(rules, Shuffles(no_double, with_doubles))  # type: ignore[arg-type]
    assert hand.redeals == 1
    assert hand.hand_of(0) == tuple(sorted(with_doubles[:8]))
    held = [(tile, seat) for seat in range(2) for tile in hand.hand_of(seat) if tile.is_double]
    tile, seat = max(held)
    assert hand.opening == Opening(seat, tile)
    with pytest.raises(EngineError) as caught:
        Hand(rules, [no_double[:8], no_double[8:16]], no_double[16:])
    assert caught.value.code == "bad-deal"


@pytest.mark.parametrize(("variant", "seed"), [("pub-block", 3844), ("draw", 592)])
def test_pub_block_and_draw_a_seeded_deal_without_a_double_is_dealt_again(variant: str, seed: int) -> None:
    rules = make_rules(variant, 2)
    hand = Hand.deal(rules, random.Random(seed))
    assert hand.redeals == 1
    first = list(rules.tiles)
    random.Random(seed).shuffle(first)  # the first deal, as Hand.deal made it
    assert not any(tile.is_double for tile in first[: 2 * rules.hand_size])
    assert hand.opening.tile is not None and hand.opening.tile.is_double


def test_pub_block_every_hand_opened_by_the_highest_double() -> None:
    assert PUB.next_starter is NextStarter.AS_FIRST
    match = Match(PUB, seed=2)
    for _ in range(3):
        while not match.hand.is_over:
            match.apply(match.legal_actions()[0])
        if match.is_over:
            break
        hand = match.next_hand()
        doubles = [(tile, seat) for seat in range(4) for tile in hand.hand_of(seat) if tile.is_double]
        tile, seat = max(doubles)
        assert hand.opening == Opening(seat, tile)


# --- pub-block: the play and the end of a hand -----------------------------------------------------


def test_pub_block_must_play_if_able_else_knock() -> None:
    hand = scripted_hand(PUB, BOTH_OUT)
    play(hand, *BOTH_OUT_MOVES[:13])
    assert hand.turn == 2 and not any(
        tile.has(value) for tile in hand.hand_of(2) for value in hand.layout.values
    )
    assert hand.legal_actions() == (Pass(),)
    assert illegal(hand, "draw").code == "cannot-draw"
    play(hand, "pass")
    assert illegal(hand, "pass").code == "must-play"


def test_pub_block_out_ends_the_hand_winners_score_the_losers_pips() -> None:
    hands, moves = out_by(opener=2)
    hand = scripted_hand(PUB, hands)
    play(hand, *moves)
    result = hand.result
    assert result is not None
    assert (result.reason, result.winner_seat, result.winner_side) == ("out", 2, 0)
    assert result.pips == (pips("6-5"), pips("3-3"), 0, pips("2-2"))
    assert result.points == (6 + 4, 0), "the losers' pips; the partner's 6-5 does not count"


def test_pub_block_both_partners_must_chip_out_option() -> None:
    assert PUB.out_rule is OutRule.ONE
    rules = make_rules("pub-block", options={"out": "both"})
    assert rules.out_rule is OutRule.PARTNERSHIP
    hand = scripted_hand(rules, BOTH_OUT)
    play(hand, *BOTH_OUT_MOVES[:21])
    assert hand.hand_of(1) == () and not hand.is_over, "seat 1 is out; its partner still holds tiles"
    assert hand.turn == 2
    play(hand, *BOTH_OUT_MOVES[21:24])  # seats 2, 3 and 0 play
    assert hand.turn == 2, "seat 1, out, is skipped"
    play(hand, BOTH_OUT_MOVES[24])
    assert hand.hand_of(2) == () and not hand.is_over, "seat 2 is out but seat 0 is not"
    play(hand, BOTH_OUT_MOVES[25])
    result = hand.result
    assert result is not None
    assert (result.reason, result.winner_side, result.winner_seat) == ("out", 1, 3)
    assert result.pips == (17, 0, 0, 0)
    assert result.points == (0, 17)
    one = scripted_hand(PUB, BOTH_OUT)
    play(one, *BOTH_OUT_MOVES[:21])
    assert one.is_over, "by default one player out ends the hand"
    with pytest.raises(RulesError) as caught:
        make_rules("pub-block", 2, options={"out": "both"})
    assert caught.value.code == "bad-option"


def test_pub_block_blocked_smaller_combined_pips_wins_the_difference() -> None:
    hands, moves = blocked(SIDE_0_LOWER, opener=1)
    hand = scripted_hand(PUB, hands)
    play(hand, *moves)
    result = hand.result
    assert result is not None and result.reason == "blocked"
    assert set(hand.boneyard()) == set(tiles(SLEEPING))
    assert result.side_pips == (6, 14)
    assert result.winner_side == 0
    assert result.points == (14 - 6, 0)


def test_pub_block_blocked_equal_totals_score_nothing() -> None:
    hands, moves = blocked(EQUAL)
    hand = scripted_hand(PUB, hands)
    play(hand, *moves)
    result = hand.result
    assert result is not None and result.reason == "blocked"
    assert result.side_pips == (10, 10)
    assert result.is_tie and result.points == (0, 0)


def test_pub_block_four_players_without_partners() -> None:
    rules = make_rules("pub-block", options={"partners": "off"})
    assert not rules.partnerships and rules.sides == 4
    hands, moves = line_deal(rules, ["1-1", "2-2", "3-3", "4-4"], 0, "6-6", SLEEPING)
    hand = scripted_hand(rules, hands)
    play(hand, *moves)
    result = hand.result
    assert result is not None and result.winner_seat == 0
    assert result.points == ((4 - 2) + (6 - 2) + (8 - 2), 0, 0, 0), "the difference from each loser"
    hands, moves = line_deal(rules, ["6-5", "", "3-3", "2-2"], 1, "6-6", SLEEPING)
    out = scripted_hand(rules, hands)
    play(out, *moves)
    assert out.result is not None and out.result.winner_seat == 1
    assert out.result.points == (0, 11 + 6 + 4, 0, 0), "every opponent's pips"


def test_pub_block_one_point_per_hand_scoring_option() -> None:
    assert PUB.out_scoring is HandScoring.OPPONENTS_PIPS and PUB.blocked_scoring is HandScoring.DIFFERENCE
    rules = make_rules("pub-block", options={"scoring": "one-point"})
    assert rules.target == 7
    assert get_variant("pub-block").targets_for({"scoring": "one-point"}) == ((5, 7, 11), 7)
    for deal in (blocked(SIDE_0_LOWER, rules=rules), out_by(0, rules=rules)):
        hand = scripted_hand(rules, deal[0])
        play(hand, *deal[1])
        assert hand.result is not None and hand.result.points == (1, 0)


def test_pub_block_match_to_100_or_121_at_the_end_of_a_hand() -> None:
    assert PUB.target == 100
    assert make_rules("pub-block", target=121).target == 121
    with pytest.raises(RulesError) as caught:
        make_rules("pub-block", target=200)
    assert caught.value.code == "bad-option"
    match = Match(PUB, seed=3)
    match.scores = [95, 60]
    hands, moves = out_by(opener=0)
    swap_hand(match, scripted_hand(PUB, hands))
    match_play(match, *moves[:-1])
    assert match.result is None
    match_play(match, moves[-1])
    assert match.result == MatchResult(winner_side=0, scores=(95 + 11 + 4, 60), credited=110 - 60)


# --- the Draw game ----------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "size"), [(2, 7), (3, 5), (4, 4), (5, 3)])
def test_draw_hand_sizes(players: int, size: int) -> None:
    rules = make_rules("draw", players)
    assert rules.hand_size == size
    hand = Hand.deal(rules, random.Random(players))
    assert hand.hand_counts() == (size,) * players
    assert hand.boneyard_count == 28 - players * size


def test_draw_four_players_partnerships_optional() -> None:
    assert make_rules("draw").partnerships
    assert not make_rules("draw", options={"partners": "off"}).partnerships
    for players in (2, 3, 5):
        assert not make_rules("draw", players).partnerships


def test_draw_highest_double_must_be_played() -> None:
    hand = scripted_hand(make_rules("draw", 2), DRAWING, DRAWING_DRAWS)
    assert hand.opening == Opening(1, SIX_SIX)
    assert hand.legal_actions() == (Play(SIX_SIX),)


def test_draw_cannot_play_draw_until_playable_then_pass_when_the_boneyard_is_empty() -> None:
    rules = make_rules("draw", 2)
    assert rules.draw is DrawRule.UNTIL_PLAYABLE and rules.boneyard_reserve == 0
    hand = scripted_hand(rules, DRAWING, DRAWING_DRAWS)
    play(hand, "6-6")
    for _ in range(2):  # 4-1 and 1-0 do not play
        assert hand.legal_actions() == (Draw(),)
        assert illegal(hand, "pass").code == "cannot-pass"
        play(hand, "draw")
    play(hand, "draw")  # 6-4 plays
    assert hand.turn == 0
    assert illegal(hand, "draw").code == "must-play"
    play(hand, *DRAWING_MOVES[4:22])
    assert hand.boneyard_count == 0, "every tile is drawn"
    assert hand.legal_actions() == (Pass(),)
    play(hand, "pass")
    assert not hand.is_over
    play(hand, *DRAWING_MOVES[23:])
    result = hand.result
    assert result is not None and result.reason == "blocked"
    assert result.pips == (21, 69)
    assert result.points == (69 - 21, 0)


def test_draw_one_tile_per_turn_option_play_it_if_possible_else_pass() -> None:
    rules = make_rules("draw", 2, options={"draw": "one-per-turn"})
    assert rules.draw is DrawRule.ONE_PER_TURN
    hand = scripted_hand(rules, ONE_EACH, ONE_EACH_DRAWS)
    play(hand, "4-4")
    assert hand.legal_actions() == (Draw(),)
    play(hand, "draw")  # 1-0 does not play
    assert hand.legal_actions() == (Pass(),), "one tile a turn: no second draw"
    assert illegal(hand, "draw").code == "cannot-draw"
    play(hand, "pass")
    play(hand, *ONE_EACH_MOVES[3:12])
    assert hand.turn == 1 and hand.layout.values == (4, 0)  # seat 1 keeps 1-2 3-3 3-5 5-6
    play(hand, "draw")  # 6-4 plays
    six_four = parse_tile("6-4")
    assert set(hand.legal_actions()) == {Play(six_four, end) for end in hand.layout.ends_for(six_four)}
    assert illegal(hand, "pass").code == "must-play"
    play(hand, *ONE_EACH_MOVES[13:])
    assert hand.result is not None and hand.result.reason == "out"
    assert hand.result.points == (28, 0)


def test_draw_out_and_block_score_as_pub_block() -> None:
    rules = make_rules("draw", 2)
    assert (rules.out_scoring, rules.blocked_scoring) == (HandScoring.OPPONENTS_PIPS, HandScoring.DIFFERENCE)
    assert rules.first_opener == PUB.first_opener and rules.next_starter is NextStarter.AS_FIRST
    one_point = make_rules("draw", 2, options={"scoring": "one-point"})
    hand = scripted_hand(one_point, DRAWING, DRAWING_DRAWS)
    play(hand, *DRAWING_MOVES)
    assert hand.result is not None and hand.result.points == (1, 0)
