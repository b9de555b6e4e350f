"""The rules of `block` (RULES.md, Scarne's Block Dominoes), one test per rule, on scripted deals."""

from __future__ import annotations

import itertools
import random

import pytest

from engine import (
    Draw,
    DrawRule,
    Hand,
    IllegalActionError,
    Match,
    MatchResult,
    Opening,
    Pass,
    Passed,
    Play,
    RulesError,
    make_rules,
    parse_tile,
)
from engine.line.selfplay import play_bot_match
from tests.helpers.scripted import action, illegal, play, scripted_hand, tiles

SIX_SIX = parse_tile("6-6")

# --- scripted deals ---------------------------------------------------------------------------

# Three players. Seat 0 holds every double; seat 1 follows it along the east arm, seat 2 builds
# the west arm; seat 0 goes out with 0-0 on its seventh turn. Seat 1 keeps 6-2, seat 2 keeps 6-3.
OUT_3 = ["6-6 5-5 4-4 3-3 2-2 1-1 0-0", "6-5 5-4 4-3 3-2 2-1 1-0 6-2", "6-4 4-2 2-0 3-0 3-1 5-1 6-3"]
OUT_3_MOVES = [
    "6-6", "6-5 east", "6-4 west",
    "5-5 east", "5-4 east", "4-2 west",
    "4-4 east", "4-3 east", "2-0 west",
    "3-3 east", "3-2 east", "3-0 west",
    "2-2 east", "2-1 east", "3-1 west",
    "1-1 east", "1-0 east", "5-1 west",
    "0-0 east",
]  # fmt: skip

# Three players; every other six sleeps, so once 6-6 is down nobody can play: blocked at once.
# Pips left: seat 0 has 30, seat 1 has 15, seat 2 has 50.
BLOCKED_3 = [
    "6-6 3-1 3-2 3-3 4-0 4-1 4-2",
    "0-0 1-0 1-1 2-0 2-1 2-2 3-0",
    "4-3 4-4 5-0 5-1 5-2 5-3 5-4",
]

# The same shape with seats 1 and 2 tied for the fewest pips (30 each; seat 0 keeps 40).
TIED_3 = [
    "6-6 3-0 3-1 5-1 5-3 5-4 5-5",
    "0-0 2-0 2-1 3-2 5-2 3-3 4-3",
    "1-0 4-0 1-1 4-1 2-2 4-2 4-4",
]

# Two players tied at 32 once 6-6 blocks the table.
TIED_2 = ["6-6 2-2 3-2 4-0 4-1 4-4 5-1", "0-0 2-0 3-1 4-2 4-3 5-0 5-3"]


def rotated(hands: list[str], seats: int) -> list[str]:
    """The same deal moved ``seats`` places round the table (seat 0's tiles go to seat ``seats``)."""
    return hands[-seats:] + hands[:-seats] if seats else list(hands)


def pips(text: str) -> int:
    return sum(tile.pips for tile in tiles(text))


def finish_with(match: Match, hands: list[str], moves: list[str], opening: Opening | None = None) -> None:
    """Replace the match's current hand by a scripted one and play it to the end through the match."""
    match.hand = scripted_hand(match.rules, hands, opening=opening)
    for text in moves:
        match.apply(action(match.hand, text))
    assert match.hand.is_over


# --- the deal and the opening ------------------------------------------------------------------


def test_block_hand_sizes_seven_for_two_or_three_players_five_for_four_or_five() -> None:
    for players, size in {2: 7, 3: 7, 4: 5, 5: 5}.items():
        rules = make_rules("block", players)
        assert rules.hand_size == size
        hand = Hand.deal(rules, random.Random(players))
        assert hand.hand_counts() == (size,) * players
        assert hand.boneyard_count == 28 - players * size


def test_block_is_played_by_two_to_five() -> None:
    for players in (1, 6):
        with pytest.raises(RulesError) as caught:
            make_rules("block", players)
        assert caught.value.code == "bad-player-count"
        assert str(players) in str(caught.value)


def test_block_first_hand_six_six_holder_opens_with_it() -> None:
    hand = scripted_hand(
        make_rules("block", 3),
        ["5-5 4-4 3-3 6-5 6-4 6-3 6-2", "2-2 1-1 0-0 5-4 5-3 5-2 5-1", "6-6 1-0 2-0 2-1 3-0 3-1 3-2"],
    )
    assert hand.opening == Opening(2, SIX_SIX)
    assert hand.turn == 2
    assert hand.legal_actions() == (Play(SIX_SIX),)
    assert illegal(hand, "3-2").code == "wrong-opening"
    play(hand, "6-6")
    assert hand.turn == 0  # clockwise: the starter's left-hand neighbour plays next


def test_block_first_hand_of_a_match_opens_with_six_six_when_dealt() -> None:
    seen = 0
    for seed in range(12):
        match = Match(make_rules("block", 4), seed)
        holders = [seat for seat in range(4) if SIX_SIX in match.hand.hand_of(seat)]
        if holders:
            seen += 1
            assert match.hand.opening == Opening(holders[0], SIX_SIX)
            assert match.legal_actions() == (Play(SIX_SIX),)
    assert seen >= 3


def test_block_highest_double_opens_when_six_six_sleeps() -> None:
    # 6-6 is not dealt (it sleeps); 6-5 is heavier than 5-5 but not a double.
    hand = scripted_hand(
        make_rules("block", 3),
        ["4-4 6-5 6-4 3-0 2-0 1-0 0-0", "5-5 1-1 6-3 5-3 5-2 4-2 3-2", "2-2 3-3 6-2 6-1 5-1 4-1 2-1"],
    )
    assert hand.opening == Opening(1, parse_tile("5-5"))
    assert hand.legal_actions() == (Play(parse_tile("5-5")),)


def test_block_heaviest_tile_opens_when_no_double_dealt() -> None:
    hand = scripted_hand(
        make_rules("block", 2),
        ["1-0 2-0 2-1 3-0 3-1 3-2 5-4", "4-0 4-1 4-2 4-3 5-0 6-5 6-4"],
    )
    assert hand.opening == Opening(1, parse_tile("6-5"))
    assert hand.legal_actions() == (Play(parse_tile("6-5")),)


# --- the play ----------------------------------------------------------------------------------


def test_block_must_play_if_able() -> None:
    # Seat 1 holds one six, 6-5.
    hand = scripted_hand(make_rules("block", 3), [BLOCKED_3[0], "6-5 0-0 1-0 1-1 2-0 2-1 2-2", BLOCKED_3[2]])
    play(hand, "6-6")
    assert hand.turn == 1
    assert set(hand.legal_actions()) == {Play(parse_tile("6-5"), end) for end in hand.layout.ends}
    for refused in (Pass(), Draw()):
        error = illegal(hand, refused)
        assert error.code == "must-play"
        assert str(refused) in str(error)


def test_block_pass_when_unable() -> None:
    # Seat 2 holds neither a six nor a five.
    hand = scripted_hand(
        make_rules("block", 3),
        ["6-6 5-5 4-4 3-3 2-2 1-1 0-0", "6-5 6-4 6-3 6-2 6-1 6-0 5-4", "4-3 4-2 4-1 4-0 3-2 3-1 3-0"],
    )
    play(hand, "6-6", "6-5 east")
    assert hand.turn == 2
    assert hand.legal_actions() == (Pass(),)
    play(hand, "pass")
    assert hand.history[-1] == Passed(2)
    assert hand.turn == 0
    assert not hand.is_over  # seat 0 can still play 5-5


def test_block_never_draws_sleeping_tiles() -> None:
    rules = make_rules("block", 4)
    assert rules.draw is DrawRule.NONE
    hand = scripted_hand(
        rules,
        ["6-6 6-5 6-4 6-3 6-2", "0-0 1-0 1-1 2-0 2-1", "2-2 3-0 3-1 3-2 3-3", "4-0 4-1 4-2 4-3 4-4"],
    )
    sleeping = hand.boneyard()
    play(hand, "6-6")
    assert hand.legal_actions() == (Pass(),)
    assert illegal(hand, Draw()).code == "cannot-draw"
    while not hand.is_over:
        hand.apply(hand.legal_actions()[0])
    assert hand.boneyard() == sleeping
    assert hand.result is not None
    assert not set(sleeping) & {tile for held in hand.result.hands for tile in held}


# --- the end of a hand -------------------------------------------------------------------------


def test_block_out_scores_all_opponents_pips() -> None:
    hand = scripted_hand(make_rules("block", 3), OUT_3)
    play(hand, *OUT_3_MOVES[:-1])
    assert not hand.is_over
    play(hand, OUT_3_MOVES[-1])
    result = hand.result
    assert result is not None
    assert (result.reason, result.winner_seat, result.winner_side) == ("out", 0, 0)
    assert result.pips == (0, pips("6-2"), pips("6-3"))
    assert result.points == (8 + 9, 0, 0)
    assert result.describe(["North", "East", "West"]) == "North went out and scores 17"


def test_block_blocked_lowest_wins_all_opponents_pips() -> None:
    hand = scripted_hand(make_rules("block", 3), BLOCKED_3)
    play(hand, "6-6")
    result = hand.result
    assert result is not None
    assert result.reason == "blocked"
    assert result.pips == (30, 15, 50)
    assert (result.winner_side, result.winner_seat) == (1, 1)
    assert result.points == (0, 30 + 50, 0)
    assert result.describe(["North", "East", "West"]) == "blocked: East holds the fewest pips (15); scores 80"


def test_block_tie_for_lowest_is_no_count() -> None:
    two = scripted_hand(make_rules("block", 2), TIED_2)
    play(two, "6-6")
    assert two.result is not None
    assert two.result.reason == "blocked"
    assert two.result.pips == (32, 32)
    assert two.result.is_tie
    assert two.result.winner_seat is None
    assert two.result.points == (0, 0)


def test_block_tie_for_lowest_is_no_count_even_with_a_third_player_higher() -> None:
    hand = scripted_hand(make_rules("block", 3), TIED_3)
    play(hand, "6-6")
    result = hand.result
    assert result is not None
    assert result.pips == (40, 30, 30)
    assert result.is_tie
    assert result.points == (0, 0, 0)
    assert (
        result.describe(["North", "East", "West"])
        == "blocked: East and West tie for the fewest pips (30); nobody wins"
    )


# --- from hand to hand -------------------------------------------------------------------------


def test_block_after_no_count_same_starter_opens_again() -> None:
    rules = make_rules("block", 3)
    match = Match(rules, seed=5)
    # A first hand (seat 1 wins the block), so the next hand is opened by seat 1 with any tile.
    finish_with(match, BLOCKED_3, ["6-6"])
    assert match.next_hand().opening == Opening(1)
    # That hand is a tie: nothing is scored and seat 1 opens again, with any tile.
    finish_with(match, rotated(TIED_3, 1), ["6-6"], opening=Opening(1))
    assert match.hand.result is not None and match.hand.result.is_tie
    assert match.scores == [0, 80, 0]
    again = match.next_hand()
    assert match.hand_number == 3  # the tied hand counts as a hand
    assert again.opening == Opening(1)
    assert len(again.legal_actions()) == rules.hand_size


def test_block_after_no_count_in_the_first_hand_the_highest_double_opens_again() -> None:
    rules = make_rules("block", 3)
    match = Match(rules, seed=11)
    finish_with(match, TIED_3, ["6-6"])
    assert match.scores == [0, 0, 0]
    replay = match.next_hand()
    dealt = [replay.hand_of(seat) for seat in range(3)]
    doubles = [(tile, seat) for seat, held in enumerate(dealt) for tile in held if tile.is_double]
    tile, seat = max(doubles)
    assert replay.opening == Opening(seat, tile)
    assert replay.legal_actions() == (Play(tile),)


def test_block_next_hand_started_by_winner_with_any_tile() -> None:
    rules = make_rules("block", 3)
    after_out = Match(rules, seed=3)
    finish_with(after_out, OUT_3, OUT_3_MOVES)
    nxt = after_out.next_hand()
    assert nxt.opening == Opening(0)
    assert nxt.turn == 0
    assert set(nxt.legal_actions()) == {Play(tile) for tile in nxt.hand_of(0)}

    after_block = Match(rules, seed=3)
    finish_with(after_block, BLOCKED_3, ["6-6"])
    nxt = after_block.next_hand()
    assert nxt.opening == Opening(1)  # the lowest hand, not the player who made the last play
    assert set(nxt.legal_actions()) == {Play(tile) for tile in nxt.hand_of(1)}


def test_block_next_hand_started_by_winner_in_self_play() -> None:
    record = play_bot_match("block", 3, seed=4, levels=["greedy", "random", "greedy"])
    hands = record["hands"]
    assert len(hands) > 2
    first_hand = True  # until a hand is won, a no-count hand is replayed as a first hand
    for before, after in itertools.pairwise(hands):
        winner = before["result"]["winner_seat"]
        if winner is not None:
            assert after["opener"] == winner
            first_hand = False
        elif not first_hand:
            assert after["opener"] == before["opener"]


# --- the match ---------------------------------------------------------------------------------


def test_block_match_to_100_winner_credited_difference() -> None:
    match = Match(make_rules("block", 3), seed=1)
    match.scores = [90, 40, 25]
    match.hand = scripted_hand(match.rules, OUT_3)
    for text in OUT_3_MOVES[:-1]:
        match.apply(action(match.hand, text))
        assert match.result is None  # the match ends only at the end of a hand
    match.apply(action(match.hand, OUT_3_MOVES[-1]))
    assert match.scores == [107, 40, 25]
    assert match.result == MatchResult(winner_side=0, scores=(107, 40, 25), credited=(107 - 40) + (107 - 25))
    assert match.is_over
    with pytest.raises(IllegalActionError) as caught:
        match.next_hand()
    assert caught.value.code == "match-over"


def test_block_match_goes_on_below_the_target() -> None:
    match = Match(make_rules("block", 3), seed=1)
    match.scores = [80, 40, 25]
    finish_with(match, OUT_3, OUT_3_MOVES)
    assert match.scores == [97, 40, 25]
    assert match.result is None
    assert not match.next_hand().is_over


def test_block_match_target_may_be_lowered() -> None:
    assert make_rules("block", 3).target == 100
    assert make_rules("block", 3, target=50).target == 50
    with pytest.raises(RulesError) as caught:
        make_rules("block", 3, target=150)
    assert caught.value.code == "bad-option"


def test_block_tied_leaders_above_target_play_on() -> None:
    match = Match(make_rules("block", 3), seed=2)
    match.scores = [83, 100, 0]  # constructed: seat 1 is already at the target
    finish_with(match, OUT_3, OUT_3_MOVES)  # seat 0 scores 17
    assert match.scores == [100, 100, 0]
    assert match.result is None
    match.next_hand()
    finish_with(match, BLOCKED_3, ["6-6"])  # seat 1 scores 80
    assert match.result == MatchResult(winner_side=1, scores=(100, 180, 0), credited=80 + 180)


def test_block_self_play_match_ends_at_the_first_hand_reaching_100() -> None:
    record = play_bot_match("block", 4, seed=9, levels=["greedy"] * 4)
    totals = [0] * 4
    for number, played in enumerate(record["hands"], start=1):
        totals = [total + points for total, points in zip(totals, played["result"]["points"], strict=True)]
        leaders = [side for side, total in enumerate(totals) if total == max(totals)]
        finished = max(totals) >= 100 and len(leaders) == 1
        assert finished == (number == len(record["hands"]))
    assert record["scores"] == totals
    winner = record["winner_side"]
    assert totals[winner] == max(totals) >= 100
    assert record["credited"] == sum(totals[winner] - total for total in totals)
