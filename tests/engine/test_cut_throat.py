"""The rules of `cut-throat` (RULES.md, Cut Throat dominoes from Jamaica), one test per rule, on
scripted deals."""

from __future__ import annotations

import random

import pytest

from engine import (
    Direction,
    Draw,
    DrawRule,
    Hand,
    Match,
    MatchResult,
    MatchScoring,
    Opening,
    Pass,
    Play,
    Rules,
    RulesError,
    Tile,
    make_rules,
    parse_tile,
)
from tests.helpers.scripted import illegal, line_deal, match_play, play, scripted_hand, swap_hand, tiles

RULES = make_rules("cut-throat")  # 3 players
TWO = make_rules("cut-throat", 2)
TWO_BONEYARD = make_rules("cut-throat", 2, options={"boneyard": "on"})
FOUR = make_rules("cut-throat", 4)
SIX_SIX = parse_tile("6-6")

# --- scripted deals ---------------------------------------------------------------------------

# Two players with a boneyard (found by random play). Seat 0 opens 6-6; seat 1 draws four tiles
# before 6-3 plays, later draws down to the two that stay, passes, and the hand blocks on fives.
DRAWING = ["1-0 5-0 5-1 6-2 5-4 5-5 6-6", "3-0 4-0 1-1 2-1 3-1 5-2 6-5"]
DRAWING_DRAWS = "2-0 0-0 4-4 6-3 4-2 5-3 2-2 3-3 6-0 3-2 4-1 4-3"
DRAWING_MOVES = [
    "6-6", "6-5 west", "5-5 west", "5-2 west", "6-2 west", "draw", "draw", "draw", "draw",
    "6-3 east", "draw", "draw", "5-3 east", "draw", "draw", "draw", "6-0 west", "5-0 west", "draw",
    "draw", "draw", "pass", "5-4 east", "4-1 east", "5-1 east",
]  # fmt: skip


# Three players (found by random play): seat 0 opens 6-6, seat 2 holds no six and passes; seat 0
# goes out with 3-0.
OUT_3 = [
    "3-0 4-0 6-0 3-1 3-2 4-3 5-4 6-4 6-6",
    "1-0 5-0 5-1 6-1 2-2 6-2 3-3 6-3 6-5",
    "2-0 1-1 2-1 4-1 4-2 5-2 5-3 4-4 5-5",
]
OUT_3_MOVES = [
    "6-6", "pass", "6-3 west", "3-1 west", "4-1 west", "6-2 east", "6-4 west", "2-0 east",
    "6-5 west", "4-0 east", "4-2 east", "2-2 east", "5-4 west", "4-4 west", "pass", "3-2 east",
    "5-3 east", "5-0 east", "6-0 east", "pass", "6-1 east", "4-3 west", "2-1 east", "3-3 west",
    "3-0 west",
]  # fmt: skip


def blocked(rules: Rules, keep: list[str], opener: int = 0) -> tuple[list[str], list[str]]:
    """Every tile but the kept ones laid in one line from 6-6 back to a six: nobody can play."""
    return line_deal(rules, keep, opener, "6-6")


def out_by(rules: Rules, opener: int) -> tuple[list[str], list[str]]:
    """The opener lays every tile it holds; each other player keeps one (6-5, then 5-5, 4-4)."""
    kept = iter(["6-5", "5-5", "4-4"])
    keep = ["" if seat == opener else next(kept) for seat in range(rules.players)]
    return line_deal(rules, keep, opener, "6-6")


# Three players, one tile kept each: the seat keeping 1-1 is lowest.
LOW = {0: ["1-1", "2-2", "3-3"], 1: ["2-2", "1-1", "3-3"], 2: ["3-3", "2-2", "1-1"]}
# Three players, two tiles kept each: seats 0 and 1 tie on 5 pips, seat 2 holds 12.
TIED = ["1-1 3-0", "2-2 1-0", "3-1 4-4"]


def play_hand(match: Match, deal: tuple[list[str], list[str]], starter: int) -> None:
    """Play a scripted hand through the match; ``starter`` lays the first tile (6-6)."""
    dealt = match.hand.opening
    if dealt.tile is None:
        assert dealt.seat == starter and not dealt.lead_choices
        opening: Opening | None = Opening(starter)
    else:
        assert dealt.tile == SIX_SIX
        opening = None
    hands, moves = deal
    swap_hand(match, scripted_hand(match.rules, hands, opening=opening))
    assert match.hand.opening.seat == starter
    match_play(match, *moves)
    assert match.hand.is_over


def won_by(seat: int, starter: int) -> tuple[list[str], list[str]]:
    """A three-player hand blocked with ``seat`` the lowest, opened by ``starter``."""
    return blocked(RULES, LOW[seat], starter)


# --- the table --------------------------------------------------------------------------------


def test_cut_throat_hand_sizes_for_two_three_and_four_players() -> None:
    for rules, size, boneyard, removed in (
        (TWO, 14, 0, set()),
        (TWO_BONEYARD, 7, 14, set()),
        (RULES, 9, 0, {Tile(0, 0)}),
        (FOUR, 7, 0, set()),
    ):
        assert rules.hand_size == size
        assert set(rules.removed) == removed
        assert len(rules.tiles) == 28 - len(removed)
        hand = Hand.deal(rules, random.Random(size))
        assert hand.hand_counts() == (size,) * rules.players
        assert hand.boneyard_count == boneyard
    assert RULES.players == 3
    for players in (1, 5):
        with pytest.raises(RulesError) as caught:
            make_rules("cut-throat", players)
        assert caught.value.code == "bad-player-count"


def test_cut_throat_each_for_himself() -> None:
    for rules in (TWO, RULES, FOUR):
        assert not rules.partnerships
        assert rules.sides == rules.players
        assert [rules.side_of(seat) for seat in range(rules.players)] == list(range(rules.players))


def test_cut_throat_boneyard_option_is_for_two_players() -> None:
    assert TWO.draw is DrawRule.NONE
    assert TWO_BONEYARD.draw is DrawRule.UNTIL_PLAYABLE and TWO_BONEYARD.boneyard_reserve == 2
    for players in (3, 4):
        with pytest.raises(RulesError) as caught:
            make_rules("cut-throat", players, options={"boneyard": "on"})
        assert caught.value.code == "bad-option"


def test_cut_throat_play_goes_anticlockwise() -> None:
    for rules in (TWO, RULES, FOUR):
        assert rules.direction is Direction.ANTICLOCKWISE
    hands, moves = won_by(0, starter=1)
    hand = scripted_hand(RULES, hands)
    seen = []
    for move in moves[:4]:
        seen.append(hand.turn)
        play(hand, move)
    assert seen == [1, 0, 2, 1]


def test_cut_throat_first_hand_six_six_holder_must_play_it() -> None:
    hands, _ = won_by(0, starter=2)
    hand = scripted_hand(RULES, hands)
    assert hand.opening == Opening(2, SIX_SIX)
    assert hand.legal_actions() == (Play(SIX_SIX),)
    assert illegal(hand, "3-3").code == "wrong-opening"
    for seed in range(6):
        match = Match(FOUR, seed)
        holder = next(seat for seat in range(4) if SIX_SIX in match.hand.hand_of(seat))
        assert match.hand.opening == Opening(holder, SIX_SIX)


# --- the play and the end of a hand -----------------------------------------------------------


def test_cut_throat_pass_if_unable_never_draw_without_a_boneyard() -> None:
    hand = scripted_hand(RULES, OUT_3)
    play(hand, "6-6")
    assert hand.turn == 2, "anticlockwise from seat 0"
    assert hand.legal_actions() == (Pass(),)
    assert illegal(hand, "draw").code == "cannot-draw"
    play(hand, "pass")
    assert hand.turn == 1
    assert illegal(hand, "pass").code == "must-play"
    play(hand, *OUT_3_MOVES[2:])
    assert hand.result is not None
    assert (hand.result.reason, hand.result.winner_seat, hand.result.points) == ("out", 0, (1, 0, 0))


def test_cut_throat_two_players_with_the_boneyard_draw_as_in_draw_2() -> None:
    hand = scripted_hand(TWO_BONEYARD, DRAWING, DRAWING_DRAWS)
    assert hand.opening == Opening(0, SIX_SIX)
    play(hand, *DRAWING_MOVES[:5])
    assert hand.turn == 1 and hand.layout.values == (6, 6)  # seat 1 holds no six
    for drawn in tiles("2-0 0-0 4-4"):
        assert hand.legal_actions() == (Draw(),)
        assert illegal(hand, "pass").code == "cannot-pass"
        play(hand, "draw")
        assert drawn in hand.hand_of(1) and hand.turn == 1
    play(hand, "draw")  # 6-3 plays
    assert all(isinstance(option, Play) for option in hand.legal_actions())
    play(hand, *DRAWING_MOVES[9:21])
    assert hand.boneyard_count == 2, "two tiles stay in the boneyard"
    assert hand.legal_actions() == (Pass(),)
    assert illegal(hand, "draw").code == "cannot-draw"
    play(hand, *DRAWING_MOVES[21:])
    assert hand.result is not None and hand.result.reason == "blocked"
    assert hand.result.pips == (7, 48)
    assert hand.result.winner_seat == 0 and hand.result.points == (1, 0)


def test_cut_throat_out_wins_the_hand() -> None:
    for rules in (TWO, RULES, FOUR):
        hands, moves = out_by(rules, opener=1)
        hand = scripted_hand(rules, hands)
        play(hand, *moves)
        result = hand.result
        assert result is not None
        assert (result.reason, result.winner_seat, result.winner_side) == ("out", 1, 1)
        assert result.points == tuple(1 if seat == 1 else 0 for seat in range(rules.players))


def test_cut_throat_blocked_lowest_pips_wins() -> None:
    hands, moves = won_by(1, starter=0)
    hand = scripted_hand(RULES, hands)
    play(hand, *moves)
    result = hand.result
    assert result is not None and result.reason == "blocked"
    assert result.pips == (4, 2, 6)
    assert (result.winner_seat, result.winner_side) == (1, 1)
    assert result.points == (0, 1, 0)


def test_cut_throat_blocked_tie_for_lowest_is_a_tie_hand_replayed() -> None:
    hands, moves = blocked(RULES, TIED)
    hand = scripted_hand(RULES, hands)
    play(hand, *moves)
    result = hand.result
    assert result is not None and result.reason == "blocked"
    assert result.pips == (5, 5, 12)
    assert result.is_tie and result.points == (0, 0, 0)
    four = scripted_hand(FOUR, blocked(FOUR, ["1-1", "2-0", "3-0", "3-2"])[0])
    play(four, *blocked(FOUR, ["1-1", "2-0", "3-0", "3-2"])[1])
    assert four.result is not None and four.result.is_tie and four.result.pips == (2, 2, 3, 5)
    match = Match(RULES, seed=1)
    play_hand(match, (hands, moves), starter=0)
    assert match.scores == [0, 0, 0]
    assert "replayed" in match.sheet[-1].note
    replay = match.next_hand()
    holder = next(seat for seat in range(3) if SIX_SIX in replay.hand_of(seat))
    assert replay.opening == Opening(holder, SIX_SIX), "at 0-0-0 the holder of 6-6 starts the replay"


# --- hands won and the match ------------------------------------------------------------------


def test_cut_throat_each_player_counts_hands_won_and_the_winner_starts_with_any_tile() -> None:
    assert RULES.match_scoring is MatchScoring.FIRST_TO_SIX
    match = Match(RULES, seed=2)
    play_hand(match, won_by(1, starter=0), starter=0)
    assert match.scores == [0, 1, 0]
    nxt = match.next_hand()
    assert nxt.opening == Opening(1), "the winner starts, with no lead choice to make"
    assert set(nxt.legal_actions()) == {Play(tile) for tile in nxt.hand_of(1)}
    play_hand(match, won_by(1, starter=1), starter=1)
    assert match.scores == [0, 2, 0]
    assert [line.gained for line in match.sheet] == [(0, 1, 0), (0, 1, 0)]


def test_cut_throat_first_to_six_wins_with_another_player_on_zero() -> None:
    match = Match(RULES, seed=3)
    play_hand(match, won_by(0, starter=0), starter=0)
    for _ in range(4):
        match.next_hand()
        play_hand(match, won_by(0, starter=0), starter=0)
    match.next_hand()
    play_hand(match, won_by(1, starter=0), starter=0)
    assert match.scores == [5, 1, 0] and match.result is None
    match.next_hand()
    play_hand(match, won_by(0, starter=1), starter=1)
    assert match.result == MatchResult(winner_side=0, scores=(6, 1, 0), credited=5 + 6)


def test_cut_throat_everyone_has_won_a_hand_scores_return_to_zero() -> None:
    match = Match(RULES, seed=4)
    play_hand(match, won_by(0, starter=0), starter=0)
    match.next_hand()
    play_hand(match, won_by(1, starter=0), starter=0)
    match.next_hand()
    play_hand(match, won_by(1, starter=1), starter=1)
    assert match.scores == [1, 2, 0]
    match.next_hand()
    play_hand(match, won_by(2, starter=1), starter=1)
    assert match.scores == [0, 0, 0]
    assert match.sheet[-1].gained == (0, 0, 1) and match.sheet[-1].totals == (0, 0, 0)
    assert match.result is None
    nxt = match.next_hand()
    holder = next(seat for seat in range(3) if SIX_SIX in nxt.hand_of(seat))
    assert nxt.opening == Opening(holder, SIX_SIX), "after the reset the holder of 6-6 starts"


def test_cut_throat_two_players_six_love_or_back_to_zero() -> None:
    match = Match(TWO, seed=5)
    play_hand(match, out_by(TWO, 0), starter=0)
    match.next_hand()
    play_hand(match, out_by(TWO, 0), starter=0)
    assert match.scores == [2, 0]
    match.next_hand()
    play_hand(match, blocked(TWO, ["2-2", "1-1"], opener=0), starter=0)  # seat 1 wins
    assert match.scores == [0, 0], "both players have won a hand"
    match.next_hand()
    play_hand(match, out_by(TWO, 1), starter=1)
    for _ in range(5):
        match.next_hand()
        play_hand(match, out_by(TWO, 1), starter=1)
    assert match.result == MatchResult(winner_side=1, scores=(0, 6), credited=6)
