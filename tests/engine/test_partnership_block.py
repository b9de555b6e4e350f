"""The rules of `partnership-block` (RULES.md, Scarne's Standard Partnership Block Game), one test
per rule, on scripted deals."""

from __future__ import annotations

import random

import pytest

from engine import (
    Direction,
    Hand,
    HandScore,
    Match,
    MatchResult,
    Opening,
    Pass,
    Play,
    RulesError,
    make_rules,
    parse_tile,
)
from tests.helpers.scripted import (
    illegal,
    line_deal,
    match_play,
    play,
    scripted_hand,
    swap_hand,
    tiles,
)

RULES = make_rules("partnership-block")
SIX_SIX = parse_tile("6-6")

# --- scripted deals ---------------------------------------------------------------------------

# Found by random play. Seat 1 holds 6-6 and opens; seat 2 goes out with 0-0. Left: seat 0 (its
# partner) 3-0 2-2 6-3 = 16, seat 1 6-2 3-3 = 14, seat 3 2-1 = 3.
OUT = [
    "1-0 3-0 6-1 2-2 4-2 6-3 6-4",
    "2-0 4-0 6-2 3-3 4-3 4-4 6-6",
    "0-0 6-0 1-1 5-1 3-2 5-5 6-5",
    "5-0 2-1 3-1 4-1 5-2 5-3 5-4",
]
OUT_MOVES = [
    "6-6", "6-0 east", "5-0 east", "6-1 west", "pass", "5-1 west", "5-2 east", "4-2 east",
    "4-3 east", "6-5 west", "5-3 east", "6-4 west", "4-4 west", "5-5 east", "4-1 west", "1-0 west",
    "2-0 west", "3-2 west", "3-1 west", "pass", "pass", "1-1 west", "5-4 east", "pass", "4-0 east",
    "0-0 east",
]  # fmt: skip

# Blocked: every tile but four doubles is laid in one line from 6-6 back to a six, so nobody can
# play. Seat 0 keeps 2-2, seat 2 1-1 (side 0: 6 pips); seat 1 keeps 3-3, seat 3 4-4 (side 1: 14).
# Seat 1 holds 6-6 and opens.
SIDE_0_LOWER = line_deal(RULES, ["2-2", "3-3", "1-1", "4-4"], opener=1, first="6-6")
# The same with side 1 lower: side 0 keeps 3-3 and 4-4 (14), side 1 2-2 and 1-1 (6). Seat 2 opens.
SIDE_1_LOWER = line_deal(RULES, ["3-3", "2-2", "4-4", "1-1"], opener=2, first="6-6")
# Equal totals: side 0 keeps 1-1 and 4-4 (10), side 1 2-2 and 3-3 (10). Seat 3 opens.
TIED = line_deal(RULES, ["1-1", "2-2", "4-4", "3-3"], opener=3, first="6-6")


def pips(text: str) -> int:
    return sum(tile.pips for tile in tiles(text))


def finish(
    match: Match, deal: tuple[list[str], list[str]] | list[str], opening: Opening | None = None
) -> None:
    """Play a scripted hand through the match to its end."""
    hands, moves = deal if isinstance(deal, tuple) else (deal, OUT_MOVES)
    swap_hand(match, scripted_hand(match.rules, hands, opening=opening))
    match_play(match, *moves)
    assert match.hand.is_over


# --- the table --------------------------------------------------------------------------------


def test_partnership_block_four_players_partners_opposite_seven_each_no_boneyard() -> None:
    assert RULES.players == 4 and RULES.partnerships
    assert RULES.max_pip == 6 and len(RULES.tiles) == 28
    assert [RULES.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert RULES.seats_of(0) == (0, 2) and RULES.seats_of(1) == (1, 3)
    hand = Hand.deal(RULES, random.Random(1))
    assert hand.hand_counts() == (7, 7, 7, 7)
    assert hand.boneyard_count == 0
    for players in (2, 3, 5):
        with pytest.raises(RulesError) as caught:
            make_rules("partnership-block", players)
        assert caught.value.code == "bad-player-count"


def test_partnership_block_draw_for_partners_two_lowest_and_two_highest_are_partners() -> None:
    rules = make_rules("partnership-block", options={"partner-draw": "on"})
    assert rules.partner_draw
    assert Match(RULES, seed=1).partner_draw is None, "only with the option"
    redraws = 0
    for seed in range(60):
        draw = Match(rules, seed).partner_draw
        assert draw is not None
        for drawn in draw.rounds:
            assert len(drawn) == 4 and len(set(drawn)) == 4, "four different tiles each round"
        *earlier, last = draw.rounds
        for drawn in earlier:  # drawn again only when the pairs or the highest draw are unclear
            counts = sorted(tile.pips for tile in drawn)
            assert counts[1] == counts[2] or counts[2] == counts[3]
        redraws += bool(earlier)
        counts = sorted(tile.pips for tile in last)
        assert counts[1] < counts[2] < counts[3], "the last round settles the pairs and the dealer"
        assert sorted(draw.seating) == [0, 1, 2, 3]
        assert draw.seating[0] == 0, "player 0 keeps seat 0"
        low = {player for player in range(4) if last[player].pips <= counts[1]}
        partners = {draw.seating[0], draw.seating[2]}
        assert partners == low or partners == set(range(4)) - low, "partners sit opposite"
        assert last[draw.dealer].pips == counts[3], "the highest draw deals first"
    assert redraws > 0, "no seed exercised a redraw"


def test_partnership_block_partner_draw_needs_partnerships_and_defaults_off() -> None:
    assert not RULES.partner_draw
    with pytest.raises(RulesError) as caught:
        make_rules("partnership-block", options={"partner-draw": "maybe"})
    assert caught.value.code == "bad-option"


# --- the first hand ---------------------------------------------------------------------------


def test_partnership_block_first_hand_six_six_holder_opens_with_it() -> None:
    hand = scripted_hand(RULES, OUT)
    assert hand.opening == Opening(1, SIX_SIX)
    assert hand.turn == 1
    assert hand.legal_actions() == (Play(SIX_SIX),)
    assert illegal(hand, "4-4").code == "wrong-opening"
    for seed in range(8):  # every tile is dealt, so someone always holds 6-6
        match = Match(RULES, seed)
        holder = next(seat for seat in range(4) if SIX_SIX in match.hand.hand_of(seat))
        assert match.hand.opening == Opening(holder, SIX_SIX)
        assert match.legal_actions() == (Play(SIX_SIX),)


def test_partnership_block_play_goes_clockwise_from_the_starter() -> None:
    assert RULES.direction is Direction.CLOCKWISE
    hand = scripted_hand(RULES, OUT)
    seen = []
    for move in OUT_MOVES[:5]:
        seen.append(hand.turn)
        play(hand, move)
    assert seen == [1, 2, 3, 0, 1]


def test_partnership_block_anticlockwise_option() -> None:
    rules = make_rules("partnership-block", options={"direction": "anticlockwise"})
    assert rules.direction is Direction.ANTICLOCKWISE
    hand = scripted_hand(rules, OUT)
    seen = []
    for move in ["6-6", "6-4 east", "4-1 east", "6-0 west"]:  # seat 1, then 0, 3, 2
        seen.append(hand.turn)
        play(hand, move)
    assert seen == [1, 0, 3, 2]
    assert hand.turn == 1
    with pytest.raises(RulesError) as caught:
        make_rules("partnership-block", options={"direction": "widdershins"})
    assert caught.value.code == "bad-option"


# --- the play ---------------------------------------------------------------------------------


def test_partnership_block_must_play_if_able_else_pass() -> None:
    hand = scripted_hand(RULES, OUT)
    play(hand, "6-6")
    assert hand.turn == 2  # holds 6-0 and 6-5
    assert set(hand.legal_actions()) == {
        Play(tile, end) for tile in tiles("6-0 6-5") for end in hand.layout.ends
    }
    assert illegal(hand, "pass").code == "must-play"
    assert illegal(hand, "draw").code == "must-play"
    play(hand, *OUT_MOVES[1:4])
    assert hand.turn == 1 and hand.layout.values == (5, 1)  # seat 1 holds no five and no one
    assert hand.legal_actions() == (Pass(),)
    assert illegal(hand, "draw").code == "cannot-draw", "there is nothing to draw"
    play(hand, "pass")
    assert hand.turn == 2


def test_partnership_block_two_open_ends_doubles_do_not_branch() -> None:
    hand = scripted_hand(RULES, OUT)
    for move in OUT_MOVES[:-1]:
        play(hand, move)
        assert len(hand.layout.ends) == 2
        assert not any(placement.spinner for placement in hand.layout.placements)
    doubles = [placement.tile for placement in hand.layout.placements if placement.tile.is_double]
    assert len(doubles) >= 4


# --- the end of a hand ------------------------------------------------------------------------


def test_partnership_block_out_scores_both_opponents_pips() -> None:
    hand = scripted_hand(RULES, OUT)
    play(hand, *OUT_MOVES[:-1])
    assert not hand.is_over
    play(hand, OUT_MOVES[-1])
    result = hand.result
    assert result is not None
    assert (result.reason, result.winner_seat, result.winner_side) == ("out", 2, 0)
    assert result.pips == (pips("3-0 2-2 6-3"), pips("6-2 3-3"), 0, pips("2-1"))
    assert result.side_pips == (16, 17)
    assert result.points == (14 + 3, 0), "the partner's 16 pips do not count"


def test_partnership_block_blocked_lower_side_scores_losers_total() -> None:
    hands, moves = SIDE_0_LOWER
    hand = scripted_hand(RULES, hands)
    assert hand.opening == Opening(1, SIX_SIX)
    play(hand, *moves[:-1])
    assert not hand.is_over
    play(hand, moves[-1])
    result = hand.result
    assert result is not None
    assert result.reason == "blocked"
    assert hand.layout.values == (6, 6)
    assert result.pips == (4, 6, 2, 8)
    assert result.side_pips == (6, 14)
    assert result.winner_side == 0
    assert result.points == (14, 0), "the losers' total, not the difference (8)"


def test_partnership_block_tie_is_no_game() -> None:
    hands, moves = TIED
    hand = scripted_hand(RULES, hands)
    play(hand, *moves)
    result = hand.result
    assert result is not None
    assert result.reason == "blocked"
    assert result.side_pips == (10, 10)
    assert result.is_tie and result.winner_side is None and result.winner_seat is None
    assert result.points == (0, 0)
    match = Match(RULES, seed=2)
    finish(match, TIED)
    assert match.scores == [0, 0]
    assert match.sheet[-1].gained == (0, 0)


def test_partnership_block_no_game_in_the_first_hand_six_six_holder_opens_again() -> None:
    for seed in range(4):
        match = Match(RULES, seed)
        finish(match, TIED)
        again = match.next_hand()
        holder = next(seat for seat in range(4) if SIX_SIX in again.hand_of(seat))
        assert again.opening == Opening(holder, SIX_SIX)
        assert again.legal_actions() == (Play(SIX_SIX),)


def test_partnership_block_no_game_later_the_same_starter_starts_again() -> None:
    match = Match(RULES, seed=3)
    finish(match, OUT)
    assert match.next_hand().opening == Opening(2)
    hands, moves = line_deal(RULES, ["1-1", "2-2", "4-4", "3-3"], opener=2, first="6-6")
    finish(match, (hands, moves), Opening(2))
    assert match.hand.result is not None and match.hand.result.is_tie
    again = match.next_hand()
    assert again.opening == Opening(2)
    assert set(again.legal_actions()) == {Play(tile) for tile in again.hand_of(2)}


# --- the next hand ----------------------------------------------------------------------------


def test_partnership_block_next_hand_started_by_the_player_who_went_out_with_any_tile() -> None:
    match = Match(RULES, seed=5)
    finish(match, OUT)
    nxt = match.next_hand()
    assert nxt.opening == Opening(2), "seat 2 went out (seat 1 opened the last hand)"
    assert nxt.turn == 2
    assert set(nxt.legal_actions()) == {Play(tile) for tile in nxt.hand_of(2)}


def test_partnership_block_after_a_block_the_winning_sides_player_with_fewer_pips_starts() -> None:
    match = Match(RULES, seed=6)
    finish(match, SIDE_0_LOWER)
    result = match.hand.result
    assert result is not None and result.winner_side == 0
    assert result.pips[2] < result.pips[0]
    assert result.winner_seat == 2
    nxt = match.next_hand()
    assert nxt.opening == Opening(2), "seat 2 (1-1) rather than its partner (2-2) or the opener (seat 1)"
    assert set(nxt.legal_actions()) == {Play(tile) for tile in nxt.hand_of(2)}


# --- the match --------------------------------------------------------------------------------


def test_partnership_block_match_to_200_higher_score_credited_difference() -> None:
    assert RULES.target == 200
    match = Match(RULES, seed=7)
    match.scores = [190, 150]
    swap_hand(match, scripted_hand(RULES, OUT))
    match_play(match, *OUT_MOVES[:-1])
    assert match.result is None, "the game ends only at the end of a hand"
    match_play(match, OUT_MOVES[-1])
    assert match.result == MatchResult(winner_side=0, scores=(207, 150), credited=57)


def test_partnership_block_match_ends_when_both_sides_are_over_200() -> None:
    match = Match(RULES, seed=8)
    match.scores = [195, 205]
    finish(match, OUT)  # side 0 scores 17
    assert match.result == MatchResult(winner_side=0, scores=(212, 205), credited=7)


def test_partnership_block_match_goes_on_below_200() -> None:
    match = Match(RULES, seed=9)
    match.scores = [150, 180]
    finish(match, OUT)
    assert match.scores == [167, 180]
    assert match.result is None
    assert not match.next_hand().is_over


def test_partnership_block_score_sheet_points_of_each_hand_won_and_running_total() -> None:
    match = Match(RULES, seed=10)
    finish(match, OUT)  # side 0: 17
    assert match.next_hand().opening == Opening(2)
    finish(match, SIDE_1_LOWER, Opening(2))  # side 1: 14, seat 3 lowest
    assert match.next_hand().opening == Opening(3)
    finish(match, TIED, Opening(3))  # no game
    assert [(line.number, line.gained, line.totals) for line in match.sheet] == [
        (1, (17, 0), (17, 0)),
        (2, (0, 14), (17, 14)),
        (3, (0, 0), (17, 14)),
    ]
    assert all(isinstance(line, HandScore) for line in match.sheet)
    assert match.sheet[0].result.winner_seat == 2
    assert match.sheet[2].note == "no count"
    assert match.scores == [17, 14]
