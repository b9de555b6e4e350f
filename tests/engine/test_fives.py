"""The rules of `all-fives` and `fives-and-threes` (RULES.md, source 002), one test per rule, on
scripted deals: scoring during play (automatic and with calls and Muggins), drawing, the award at
the end of a hand, the match to 100 won at once, and the spinner option."""

from __future__ import annotations

import random

import pytest

from engine import (
    Claim,
    Claimed,
    Draw,
    DrawRule,
    Drew,
    End,
    Hand,
    IllegalActionError,
    Layout,
    Match,
    MatchResult,
    MatchScoring,
    Opening,
    Pass,
    Play,
    PlayScoring,
    Rules,
    RulesError,
    Scored,
    Side,
    SpinnerRule,
    Tile,
    end_count,
    make_rules,
    parse_tile,
)
from engine.line.scoring import round_to_five
from tests.helpers.scripted import illegal, match_play, play, scripted_hand, swap_hand, tiles

E, W, N, S = Side.EAST, Side.WEST, Side.NORTH, Side.SOUTH
FIVES = make_rules("all-fives")  # two players
THREES = make_rules("fives-and-threes")
MANUAL = make_rules("all-fives", options={"manual-scoring": "on"})
SPINNER = make_rules("all-fives", options={"spinner": "on"})

# --- scripted deals (two players) ----------------------------------------------------------------

# Seat 0 opens 5-0 (5), seat 1 lays 5-5 on the 5 (10 + 0), seat 0 0-0 on the blank (10 + 0), then
# nothing scores until seat 0 goes out with 6-5 (0 + 5). Seat 1 keeps 3-3.
CHAIN = ["5-0 0-0 2-1 4-3 6-5", "5-5 5-1 3-2 6-4 3-3"]
CHAIN_MOVES = [
    "5-0", "5-5 east", "0-0 west", "5-1 east", "2-1 east", "3-2 east", "4-3 east", "6-4 east",
    "6-5 east",
]  # fmt: skip


# Seat 0 lays its doubles from 6-6 down the east arm and goes out; seat 1 follows with 6-5, 5-4,
# 4-3, 3-2 and keeps the fifth tile.
def doubles_out(kept: str) -> list[str]:
    return ["6-6 5-5 4-4 3-3 2-2", f"6-5 5-4 4-3 3-2 {kept}"]


DOUBLES_MOVES = [
    "6-6", "6-5 east", "5-5 east", "5-4 east", "4-4 east", "4-3 east", "3-3 east", "3-2 east", "2-2 east",
]  # fmt: skip

# Seat 1 holds no six and no tile it draws has one: after 6-6 it draws sixteen tiles and passes
# with two (6-1 and 6-0) left sleeping.
NO_SIXES = ["6-6 6-5 6-4 6-3 6-2", "0-0 1-0 1-1 2-0 2-1"]
NO_SIX_DRAWS = "2-2 3-0 3-1 3-2 3-3 4-0 4-1 4-2 4-3 4-4 5-0 5-1 5-2 5-3 5-4 5-5"


# Four players (found by random play): seat 0 opens 6-6 and the hand blocks with pips 3, 5, 11
# and 6 -- the source's example: winner 3, losers 11, 6 and 5 give 10 + 5 + 0 = 15.
AWARD_EXAMPLE = ["3-0 2-1 4-3 6-5 6-6", "3-2 4-2 6-2 5-3 6-3", "5-0 6-0 5-2 3-3 5-5", "2-0 4-0 3-1 4-1 2-2"]
AWARD_EXAMPLE_DRAWS = "0-0 4-4 6-4 1-1 6-1 5-1"
AWARD_EXAMPLE_MOVES = [
    "6-6", "6-3 east", "6-0 west", "4-0 west", "4-3 east", "4-2 west", "5-2 west", "4-1 east",
    "6-5 west", "6-2 west", "draw", "draw", "draw", "draw", "1-1 east", "3-1 east", "2-1 west",
    "5-3 east", "5-5 east", "draw", "6-1 west", "draw", "5-1 east", "pass", "6-4 west", "pass",
    "pass", "pass", "4-4 west",
]  # fmt: skip

# Three players (found by random play): seat 1 opens 6-2; the hand blocks with seats 0 and 1 tied
# on 18 pips.
TIE_3 = ["3-2 4-2 5-2 5-4 6-4", "6-2 5-3 5-5 6-5 6-6", "3-0 4-0 3-1 5-1 4-4"]
TIE_3_DRAWS = "0-0 4-1 2-0 6-0 2-1 5-0 2-2 1-0 4-3 1-1 3-3"
TIE_3_MOVES = [
    "6-2", "draw", "draw", "draw", "2-0 west", "6-4 east", "draw", "6-0 west", "4-4 east",
    "5-4 east", "6-5 east", "draw", "draw", "draw", "draw", "draw", "draw", "draw", "pass", "pass",
    "6-6 east",
]  # fmt: skip

# Fives and threes, three players (found by random play): seat 1 opens 4-1; the hand blocks with
# pips 8, 54 and 39: the winner takes 46 + 31 = 77 (rounded, All Fives would give 45 + 30).
THREES_BLOCKED = ["1-0 4-0 6-1 4-2 5-4", "6-0 4-1 3-2 5-5 6-5", "0-0 5-1 2-2 6-2 3-3"]
THREES_BLOCKED_DRAWS = "2-0 5-0 2-1 3-1 5-3 1-1 3-0 4-4 6-6 6-3 5-2"
THREES_BLOCKED_MOVES = [
    "4-1", "5-1 west", "5-4 west", "draw", "draw", "draw", "draw", "draw", "draw", "draw", "draw",
    "4-4 east", "draw", "draw", "draw", "pass", "4-0 west", "5-0 west", "5-2 west", "4-2 west",
]  # fmt: skip


# Two players (found by random play): seat 0 opens 5-1; after both players have drawn, seat 0's
# 5-5 on the east end makes 15 and leaves nobody able to play with two tiles sleeping: the play
# that scores also blocks the hand.
BLOCKING = ["5-0 2-1 5-1 5-3 6-6", "1-0 3-0 3-1 4-3 5-4"]
BLOCKING_DRAWS = "4-0 4-4 2-2 4-2 2-0 6-0 6-5 6-1 5-2 6-2 3-2 4-1 1-1 0-0 6-3 5-5"
BLOCKING_MOVES = [
    "5-1", "1-0 west", "5-3 east", "4-3 east", "5-0 west", "5-4 east", "draw", "draw", "draw",
    "draw", "draw", "draw", "draw", "6-5 west", "draw", "6-1 west", "2-1 west", "draw", "5-2 west",
    "draw", "draw", "draw", "draw", "draw", "draw", "draw", "5-5 east",
]  # fmt: skip


def scored(hand: Hand) -> list[tuple[int, int, str]]:
    return [(event.seat, event.points, event.how) for event in hand.history if isinstance(event, Scored)]


def deal_for(rules: Rules, *moves: str) -> Hand:
    """A two-player hand opened by seat 0 with any tile, where the seats hold the tiles of
    ``moves`` in turn (seat 0 the first, third, ...), filled up with low tiles."""
    laid = [parse_tile(move.split()[0].split("@")[0]) for move in moves]
    others = [tile for tile in rules.tiles if tile not in laid]
    mine, theirs = laid[0::2], laid[1::2]
    hands = [[*mine, *others[: 5 - len(mine)]], [*theirs, *others[5 : 10 - len(theirs)]]]
    return scripted_hand(rules, [" ".join(map(str, held)) for held in hands], opening=Opening(0))


def opened(rules: Rules, *moves: str) -> Hand:
    """:func:`deal_for` with the first of ``moves`` played."""
    hand = deal_for(rules, *moves)
    play(hand, moves[0])
    return hand


# --- the table and the opener ----------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["all-fives", "fives-and-threes"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_all_fives_two_to_four_players_five_tiles_each_regardless(variant: str, players: int) -> None:
    rules = make_rules(variant, players)
    assert rules.hand_size == 5 and len(rules.tiles) == 28
    hand = Hand.deal(rules, random.Random(players))
    assert hand.hand_counts() == (5,) * players
    assert hand.boneyard_count == 28 - 5 * players
    assert not rules.partnerships


def test_all_fives_is_for_two_to_four() -> None:
    for players in (1, 5):
        with pytest.raises(RulesError) as caught:
            make_rules("all-fives", players)
        assert caught.value.code == "bad-player-count"


@pytest.mark.parametrize("rules", [FIVES, THREES], ids=["all-fives", "fives-and-threes"])
def test_all_fives_highest_double_holder_plays_first_with_any_tile(rules: Rules) -> None:
    hand = scripted_hand(rules, ["6-5 6-4 1-1 2-0 3-0", "4-4 5-0 5-1 5-2 5-3"])
    assert hand.opening == Opening(1), "4-4 beats 1-1; 6-5 is heavier but no double"
    assert set(hand.legal_actions()) == {Play(tile) for tile in hand.hand_of(1)}
    play(hand, "5-0")
    assert hand.turn == 0


def test_all_fives_no_double_dealt_heaviest_tile_holder_starts() -> None:
    hand = scripted_hand(FIVES, ["1-0 2-0 2-1 3-0 6-4", "4-0 4-1 6-5 5-0 3-1"])
    assert hand.opening == Opening(1)
    assert len(hand.legal_actions()) == 5


def test_all_fives_play_goes_clockwise() -> None:
    rules = make_rules("all-fives", 4)
    hand = scripted_hand(
        rules, ["6-6 1-0 2-0 3-0 4-0", "6-5 1-1 2-1 3-1 4-1", "6-4 2-2 3-2 4-2 5-2", "6-3 3-3 4-3 5-3 6-2"]
    )
    seen = []
    for move in ["6-6", "6-5 east", "6-4 west", "5-3 east"]:
        seen.append(hand.turn)
        play(hand, move)
    assert seen == [0, 1, 2, 3] and hand.turn == 0


# --- scoring during play -------------------------------------------------------------------------------


def test_all_fives_play_scores_when_the_ends_add_up_to_a_multiple_of_five() -> None:
    assert FIVES.play_scoring is PlayScoring.FIVES and not FIVES.manual_scoring
    hand = scripted_hand(FIVES, CHAIN, opening=Opening(0))
    play(hand, *CHAIN_MOVES[:4])
    assert scored(hand) == [(0, 5, "play"), (1, 10, "play"), (0, 10, "play")]
    assert hand.play_points_by_side == (15, 10)
    play(hand, *CHAIN_MOVES[4:8])
    assert len(scored(hand)) == 3, "1, 2, 3, 4 and 6 score nothing"


def test_all_fives_double_across_an_end_counts_both_halves() -> None:
    # The source: a 3 at one end and a 6 at the other; the 6-6 makes 3 + 6 + 6 = 15.
    hand = opened(FIVES, "6-3", "6-6 east")
    assert hand.layout.values == (6, 3)
    assert scored(hand) == []
    play(hand, "6-6 east")
    assert end_count(hand.layout) == 15
    assert scored(hand) == [(1, 15, "play")]


def test_all_fives_five_five_at_one_end_and_double_blank_at_the_blank_scores_10() -> None:
    hand = scripted_hand(FIVES, CHAIN, opening=Opening(0))
    play(hand, "5-0", "5-5 east")
    assert end_count(hand.layout) == 10
    play(hand, "0-0 west")
    assert end_count(hand.layout) == 10
    assert scored(hand)[-1] == (0, 10, "play")


@pytest.mark.parametrize(
    ("first", "points"), [("5-5", 10), ("5-0", 5), ("6-4", 10), ("3-2", 5), ("4-1", 5), ("0-0", 0)]
)
def test_all_fives_first_tile_alone_counts(first: str, points: int) -> None:
    hand = opened(FIVES, first)
    assert scored(hand) == ([(0, points, "play")] if points else [])


@pytest.mark.parametrize("first", ["6-6", "6-5", "4-3", "1-0", "3-3", "6-3"])
def test_all_fives_other_sums_score_nothing(first: str) -> None:
    assert scored(opened(FIVES, first)) == []


def test_all_fives_end_count_of_a_line() -> None:
    layout = Layout().play(parse_tile("5-5"), None)
    assert end_count(layout) == 10, "a lone double counts once"
    layout = layout.play(parse_tile("5-3"), End(0, E))
    assert end_count(layout) == 10 + 3, "the 5-5 still lies across the west end"
    layout = layout.play(parse_tile("5-1"), End(0, W))
    assert end_count(layout) == 3 + 1
    assert end_count(Layout()) == 0


# --- manual scoring and Muggins ------------------------------------------------------------------------


def test_all_fives_scoring_is_automatic_by_default_claims_refused() -> None:
    hand = opened(FIVES, "5-0")
    assert hand.pending is None
    for claim in ("call:0", "muggins:1"):
        assert illegal(hand, claim).code == "nothing-to-claim"
    assert not any(isinstance(option, Claim) for option in hand.legal_actions())


def test_all_fives_manual_scoring_the_scorer_calls_before_the_next_tile() -> None:
    assert MANUAL.manual_scoring
    hand = scripted_hand(MANUAL, CHAIN, opening=Opening(0))
    play(hand, "5-0")
    assert hand.pending == (0, 5)
    assert scored(hand) == [], "nothing is scored until it is called"
    assert hand.turn == 1
    assert hand.legal_claims(0) == (Claim(0),)
    assert illegal(hand, "muggins:0").code == "nothing-to-claim", "the scorer calls, not muggins"
    play(hand, "call:0")  # out of turn
    assert hand.history[-2:] == [Claimed(0, False), Scored(0, 5, "call")]
    assert hand.pending is None and hand.turn == 1
    assert illegal(hand, "call:0").code == "nothing-to-claim", "called once"


def test_all_fives_muggins_an_opponent_claims_an_uncalled_score() -> None:
    hand = scripted_hand(MANUAL, CHAIN, opening=Opening(0))
    play(hand, "5-0", "call:0", "5-5 east")
    assert hand.pending == (1, 10)
    assert hand.legal_claims(0) == (Claim(0, muggins=True),)
    assert illegal(hand, "call:0").code == "nothing-to-claim", "only the scorer calls"
    play(hand, "muggins:0")
    assert scored(hand) == [(0, 5, "call"), (0, 10, "muggins")]
    assert illegal(hand, "call:1").code == "nothing-to-claim", "the points are gone"
    assert hand.play_points_by_side == (15, 0)


def test_all_fives_muggins_is_offered_to_the_player_to_move() -> None:
    hand = scripted_hand(MANUAL, CHAIN, opening=Opening(0))
    play(hand, "5-0")
    assert Claim(1, muggins=True) in hand.legal_actions()


def test_all_fives_uncalled_points_are_lost_once_the_next_tile_is_laid() -> None:
    hand = scripted_hand(MANUAL, CHAIN, opening=Opening(0))
    play(hand, "5-0", "call:0", "5-5 east", "muggins:0", "0-0 west")
    assert hand.pending == (0, 10)
    play(hand, "5-1 east")  # nobody claimed the 10
    assert hand.pending is None
    for claim in ("call:0", "muggins:1"):
        assert illegal(hand, claim).code == "nothing-to-claim"
    assert hand.play_points_by_side == (15, 0)


def test_all_fives_manual_the_hand_ending_play_is_scored_with_the_hand() -> None:
    hand = scripted_hand(MANUAL, CHAIN, opening=Opening(0))
    play(hand, *CHAIN_MOVES)
    assert hand.is_over
    assert scored(hand)[-1] == (0, 5, "last"), "no call is needed for the last tile"
    assert hand.pending is None
    assert hand.result is not None
    assert hand.result.play_points == (5, 0)
    assert hand.result.points == (5, 0), "seat 1's 3-3, 6 pips, rounds to 5"


def test_all_fives_manual_a_play_that_blocks_the_hand_is_scored_with_the_hand() -> None:
    # RULES.md / the brief: the hand-ending play is scored with the hand. Going out is one way to
    # end a hand; a play that leaves nobody able to play (nothing left to draw) is the other.
    automatic = scripted_hand(FIVES, BLOCKING, BLOCKING_DRAWS)
    play(automatic, *BLOCKING_MOVES)
    assert automatic.result is not None and automatic.result.reason == "blocked"
    assert scored(automatic)[-1] == (0, 15, "play")
    hand = scripted_hand(MANUAL, BLOCKING, BLOCKING_DRAWS)
    play(hand, *BLOCKING_MOVES)
    assert hand.result is not None and hand.result.reason == "blocked"
    assert end_count(hand.layout) == 15
    assert scored(hand) == [(0, 15, "last")], "the blocking play's 15 is lost"
    assert hand.result.play_points == (15, 0)


# --- drawing ----------------------------------------------------------------------------------------------


def test_all_fives_cannot_play_draw_until_playable_while_three_or_more_sleep() -> None:
    assert FIVES.draw is DrawRule.UNTIL_PLAYABLE and FIVES.boneyard_reserve == 2
    hand = scripted_hand(FIVES, NO_SIXES, "2-2 3-0 6-1")
    play(hand, "6-6")
    for _ in range(2):
        assert hand.legal_actions() == (Draw(),)
        assert illegal(hand, "pass").code == "cannot-pass"
        play(hand, "draw")
    play(hand, "draw")  # 6-1 plays
    assert all(isinstance(option, Play) for option in hand.legal_actions())


def test_all_fives_once_two_remain_pass() -> None:
    hand = scripted_hand(FIVES, NO_SIXES, NO_SIX_DRAWS)
    play(hand, "6-6", *["draw"] * 16)
    assert hand.boneyard_count == 2 and set(hand.boneyard()) == set(tiles("6-1 6-0"))
    assert hand.legal_actions() == (Pass(),)
    assert illegal(hand, "draw").code == "cannot-draw"
    play(hand, "pass")
    assert hand.turn == 0 and not hand.is_over


def test_all_fives_one_tile_option_turn_over() -> None:
    # RULES.md: "draw (decision: until playable; option: one tile, turn over)". The drawn tile
    # is not played that turn: the turn is over.
    rules = make_rules("all-fives", options={"draw": "one-per-turn"})
    assert rules.draw is DrawRule.ONE_ENDS_TURN
    hand = scripted_hand(rules, NO_SIXES, "6-1 2-2")
    play(hand, "6-6")
    assert hand.legal_actions() == (Draw(),)
    play(hand, "draw")  # 6-1 would fit
    assert hand.history[-1] == Drew(1)
    assert Tile(1, 6) in hand.hand_of(1), "one tile, turn over: the drawn tile is not played now"
    assert hand.turn == 0, "the draw was seat 1's turn"
    assert not hand.is_over


# --- the end of a hand -----------------------------------------------------------------------------------


def test_round_to_five_remainder_one_two_down_three_four_up() -> None:
    assert [round_to_five(points) for points in range(13)] == [0, 0, 0, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10]


@pytest.mark.parametrize(
    ("kept", "award"), [("1-0", 0), ("2-0", 0), ("3-0", 5), ("6-1", 5), ("5-3", 10), ("6-4", 10)]
)
def test_all_fives_out_winner_scores_each_losers_pips_rounded_to_five(kept: str, award: int) -> None:
    hand = scripted_hand(FIVES, doubles_out(kept))
    play(hand, *DOUBLES_MOVES)
    result = hand.result
    assert result is not None and (result.reason, result.winner_seat) == ("out", 0)
    assert result.pips == (0, parse_tile(kept).pips)
    assert result.points == (award, 0)


def test_all_fives_blocked_lowest_wins_the_sources_award_example() -> None:
    rules = make_rules("all-fives", 4)
    hand = scripted_hand(rules, AWARD_EXAMPLE, AWARD_EXAMPLE_DRAWS)
    assert hand.opening == Opening(0)
    play(hand, *AWARD_EXAMPLE_MOVES[:-1])
    assert not hand.is_over
    play(hand, AWARD_EXAMPLE_MOVES[-1])
    result = hand.result
    assert result is not None and result.reason == "blocked"
    assert hand.boneyard_count == 2
    assert result.pips == (3, 5, 11, 6)
    assert result.winner_seat == 0
    assert result.points == (round_to_five(11 - 3) + round_to_five(6 - 3) + round_to_five(5 - 3), 0, 0, 0)
    assert result.points == (15, 0, 0, 0)


def test_all_fives_blocked_tie_for_lowest_no_award() -> None:
    hand = scripted_hand(make_rules("all-fives", 3), TIE_3, TIE_3_DRAWS)
    play(hand, *TIE_3_MOVES)
    result = hand.result
    assert result is not None and result.reason == "blocked"
    assert result.pips == (18, 18, 50)
    assert result.is_tie and result.points == (0, 0, 0)
    assert result.play_points == (0, 10, 0), "points scored in play stand"


def test_all_fives_hand_award_is_scored_on_top_of_play_points() -> None:
    match = Match(FIVES, seed=1)
    swap_hand(match, scripted_hand(FIVES, doubles_out("5-3")))
    match_play(match, *DOUBLES_MOVES)
    result = match.hand.result
    assert result is not None
    assert scored(match.hand) == [(0, 20, "play"), (1, 15, "play")]  # 12 + 4 + 4, 12 + 3
    assert result.play_points == (20, 15)
    assert match.scores == [20 + 10, 15]
    assert match.sheet[-1].gained == (30, 15)


# --- the match ------------------------------------------------------------------------------------------


def test_all_fives_first_to_100_wins_at_once_even_mid_hand() -> None:
    assert FIVES.match_scoring is MatchScoring.TARGET_AT_ONCE and FIVES.target == 100
    match = Match(FIVES, seed=2)
    match.scores = [90, 95]
    swap_hand(match, scripted_hand(FIVES, CHAIN, opening=Opening(0)))
    match_play(match, "5-0")  # 95: not yet
    assert match.result is None and not match.hand.is_over
    match_play(match, "5-5 east")  # seat 1 scores 10: 105
    assert match.hand.is_over
    result = match.hand.result
    assert result is not None and (result.reason, result.winner_side) == ("target", 1)
    assert match.result == MatchResult(winner_side=1, scores=(95, 105), credited=10)
    for late in ("0-0 west", "pass"):
        with pytest.raises(IllegalActionError) as caught:
            match_play(match, late)
        assert caught.value.code == "match-over"


def test_all_fives_manual_call_reaching_100_wins_at_once() -> None:
    match = Match(MANUAL, seed=3)
    match.scores = [95, 0]
    swap_hand(match, scripted_hand(MANUAL, CHAIN, opening=Opening(0)))
    match_play(match, "5-0")
    assert match.result is None, "not until it is called"
    match_play(match, "call:0")
    assert match.result == MatchResult(winner_side=0, scores=(100, 0), credited=100)


def test_all_fives_muggins_reaching_100_wins_at_once() -> None:
    match = Match(MANUAL, seed=4)
    match.scores = [0, 95]
    swap_hand(match, scripted_hand(MANUAL, CHAIN, opening=Opening(0)))
    match_play(match, "5-0", "muggins:1")
    assert match.result == MatchResult(winner_side=1, scores=(0, 100), credited=100)


def test_all_fives_reaching_100_with_the_hand_award() -> None:
    match = Match(FIVES, seed=5)
    match.scores = [70, 0]
    swap_hand(match, scripted_hand(FIVES, doubles_out("5-3")))
    match_play(match, *DOUBLES_MOVES[:-1])
    assert match.scores == [90, 15] and match.result is None
    match_play(match, DOUBLES_MOVES[-1])  # 2-2 makes 16, nothing; then 10 for the hand
    assert match.hand.result is not None and match.hand.result.reason == "out"
    assert match.result == MatchResult(winner_side=0, scores=(100, 15), credited=85)


# --- the spinner option ----------------------------------------------------------------------------------


def test_all_fives_spinner_option_off_by_default() -> None:
    assert FIVES.spinner is SpinnerRule.NONE and SPINNER.spinner is SpinnerRule.FIRST_DOUBLE
    hand = opened(FIVES, "5-5", "5-0 east", "5-3 west")
    play(hand, "5-0 east", "5-3 west")
    assert len(hand.layout.ends) == 2 and not hand.layout.placements[0].spinner


def test_all_fives_spinner_first_double_four_ends_once_both_sides_are_played() -> None:
    hand = opened(SPINNER, "5-5", "5-0 east", "5-3 west", "5-2@0N", "5-4@0S")
    assert hand.layout.placements[0].spinner
    assert hand.layout.ends == (End(0, E), End(0, W))
    assert scored(hand) == [(0, 10, "play")]
    play(hand, "5-0 east")
    assert hand.layout.ends == (End(0, W), End(1, E)), "north and south open only after both sides"
    assert scored(hand)[-1] == (1, 10, "play")  # 5-5 across the west end (10) + 0
    play(hand, "5-3 west")
    assert set(hand.layout.ends) == {End(1, E), End(2, W), End(0, N), End(0, S)}
    assert end_count(hand.layout) == 0 + 3, "the spinner's open sides count nothing yet"
    play(hand, "5-2@0N")
    assert end_count(hand.layout) == 0 + 3 + 2
    assert scored(hand)[-1] == (1, 5, "play")
    play(hand, "5-4@0S")
    assert len(hand.layout.ends) == 4
    assert end_count(hand.layout) == 0 + 3 + 2 + 4


def test_all_fives_spinner_is_the_first_double_even_when_it_does_not_open() -> None:
    hand = opened(SPINNER, "6-3", "3-3 west", "6-6 east", "3-1@1W")
    play(hand, "3-3 west")
    assert hand.layout.placements[1].spinner
    assert hand.layout.ends == (End(0, E), End(1, W))
    assert end_count(hand.layout) == 6 + 6
    play(hand, "6-6 east")
    assert not hand.layout.placements[2].spinner, "only the first double spins"
    play(hand, "3-1@1W")
    assert set(hand.layout.ends) == {End(2, E), End(3, W), End(1, N), End(1, S)}


# --- fives and threes ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "points"),
    [
        ("4-2", 6),
        ("6-3", 9),
        ("6-4", 10),
        ("5-5", 10),
        ("3-0", 3),
        ("6-6", 12),
        ("4-3", 0),
        ("5-3", 0),
        ("1-0", 0),
    ],
)
def test_fives_and_threes_multiples_of_three_or_five_score(first: str, points: int) -> None:
    assert THREES.play_scoring is PlayScoring.FIVES_AND_THREES
    hand = opened(THREES, first)
    assert scored(hand) == ([(0, points, "play")] if points else [])


def test_fives_and_threes_fifteen_scores_fifteen_once() -> None:
    hand = opened(THREES, "6-3", "6-6 east")
    assert scored(hand) == [(0, 9, "play")]
    play(hand, "6-6 east")
    assert scored(hand) == [(0, 9, "play"), (1, 15, "play")]


def test_fives_and_threes_out_winner_takes_the_losers_pips_point_for_point() -> None:
    hand = scripted_hand(THREES, doubles_out("5-3"))
    play(hand, *DOUBLES_MOVES)
    assert hand.result is not None and hand.result.points == (8, 0), "no rounding"


def test_fives_and_threes_blocked_winner_takes_the_differences_point_for_point() -> None:
    hand = scripted_hand(make_rules("fives-and-threes", 3), THREES_BLOCKED, THREES_BLOCKED_DRAWS)
    play(hand, *THREES_BLOCKED_MOVES)
    result = hand.result
    assert result is not None and result.reason == "blocked"
    assert result.pips == (8, 54, 39)
    assert result.points == ((54 - 8) + (39 - 8), 0, 0)


def test_fives_and_threes_is_played_as_all_fives() -> None:
    for field in (
        "hand_size",
        "first_opener",
        "next_starter",
        "draw",
        "boneyard_reserve",
        "match_scoring",
        "target",
    ):
        assert getattr(THREES, field) == getattr(FIVES, field), field


def test_fives_options_are_checked() -> None:
    for option in ("manual-scoring", "spinner"):
        with pytest.raises(RulesError) as caught:
            make_rules("fives-and-threes", options={option: "sometimes"})
        assert caught.value.code == "bad-option"
    assert Tile(0, 0) in THREES.tiles
