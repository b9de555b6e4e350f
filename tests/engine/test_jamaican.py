"""The rules of `jamaican-partner` (RULES.md, Partner dominoes from Jamaica), one test per rule, on
scripted deals."""

from __future__ import annotations

import random

import pytest

from engine import (
    Direction,
    Hand,
    Lead,
    Led,
    Match,
    MatchResult,
    MatchScoring,
    Opening,
    Pass,
    Play,
    RulesError,
    make_rules,
    parse_tile,
)
from tests.helpers.scripted import illegal, line_deal, match_play, play, scripted_hand, swap_hand, tiles

RULES = make_rules("jamaican-partner")
PLAYOFF = make_rules("jamaican-partner", options={"playoff": "on"})
SPORTING = make_rules("jamaican-partner", options={"sporting": "on"})
SIX_SIX = parse_tile("6-6")

# --- scripted deals ---------------------------------------------------------------------------

# Found by random play. Seat 1 holds 6-6 and opens; play goes 1, 0, 3, 2; seat 0 goes out with
# 0-0. Left: seat 1 2-2, seat 2 3-3 5-3, seat 3 5-1 6-1 6-3.
OUT = [
    "0-0 5-0 4-1 5-2 4-3 6-4 6-5",
    "1-0 3-0 4-0 2-1 2-2 4-2 6-6",
    "6-0 1-1 3-2 6-2 3-3 5-3 4-4",
    "2-0 3-1 5-1 6-1 6-3 5-4 5-5",
]
OUT_MOVES = [
    "6-6", "6-4 east", "5-4 east", "6-0 west", "1-0 west", "5-2 east", "2-0 east", "1-1 west",
    "4-0 east", "4-1 west", "pass", "4-4 west", "4-2 west", "4-3 east", "3-1 east", "6-2 west",
    "2-1 east", "6-5 west", "5-5 west", "3-2 east", "3-0 east", "5-0 west", "pass", "pass", "pass",
    "0-0 west",
]  # fmt: skip

# Blocked hands: every tile but the kept ones is laid in one line from the opening tile back to a
# six. The source's example: North (seat 0) 5-5, East (seat 1) 2-2, South (seat 2) 1-1; West
# (seat 3) holds 5-1 in the source, which no blocked position allows (the line's two ends would
# then be a one and a five), so West keeps 3-3, the same 6 pips.
EXAMPLE = ["5-5", "2-2", "1-1", "3-3"]
# East (seat 1) lowest: side 1 wins.
EAST_LOWEST = ["5-5", "1-1", "2-2", "3-3"]
# Seat 0 (1-1) and seat 1 (2-0), opponents, tie for the fewest pips: a tie.
OPPONENTS_TIED = ["1-1", "2-0", "3-0", "3-2"]
# Seat 0 (1-1) and seat 2 (2-0), partners, tie for the fewest: side 0 wins.
PARTNERS_TIED = ["1-1", "3-0", "2-0", "3-2"]


def blocked(keep: list[str], opener: int = 0, first: str = "6-6") -> tuple[list[str], list[str]]:
    return line_deal(RULES, keep, opener, first)


def out_by(opener: int) -> tuple[list[str], list[str]]:
    """The opener lays all seven tiles and goes out; the others keep 6-5, 3-3 and 5-5."""
    kept = iter(["6-5", "3-3", "5-5"])
    return line_deal(RULES, ["" if seat == opener else next(kept) for seat in range(4)], opener, "6-6")


def play_hand(match: Match, keep: list[str] | None, starter: int | None = None) -> None:
    """Play a scripted hand through the match, opened as the match says the next hand opens.

    ``keep=None``: the opener goes out. With the 6-6 rule the chosen ``starter`` holds 6-6;
    with a lead choice the chooser picks ``starter`` (default: the higher seat, the partner).
    """
    dealt = match.hand.opening
    if dealt.lead_choices:
        starter = dealt.lead_choices[-1] if starter is None else starter
        opening: Opening | None = dealt
        prefix = [f"lead:{starter}"]
    elif dealt.tile is None:
        assert starter is None or starter == dealt.seat
        starter, opening, prefix = dealt.seat, Opening(dealt.seat), []
    else:
        assert dealt.tile == SIX_SIX, "the holder of 6-6 must open with it"
        starter, opening, prefix = 0 if starter is None else starter, None, []
    hands, moves = out_by(starter) if keep is None else line_deal(match.rules, keep, starter, "6-6")
    swap_hand(match, scripted_hand(match.rules, hands, opening=opening))
    match_play(match, *prefix, *moves)
    assert match.hand.is_over


# --- the table and the first hand -------------------------------------------------------------


def test_jamaican_partner_four_players_partners_opposite_seven_each_no_boneyard() -> None:
    assert RULES.players == 4 and RULES.partnerships
    assert [RULES.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    hand = Hand.deal(RULES, random.Random(2))
    assert hand.hand_counts() == (7, 7, 7, 7) and hand.boneyard_count == 0
    with pytest.raises(RulesError) as caught:
        make_rules("jamaican-partner", 2)
    assert caught.value.code == "bad-player-count"


def test_jamaican_partner_play_goes_anticlockwise() -> None:
    assert RULES.direction is Direction.ANTICLOCKWISE
    assert [RULES.next_seat(seat) for seat in range(4)] == [3, 0, 1, 2]
    hand = scripted_hand(RULES, OUT)
    seen = []
    for move in OUT_MOVES[:6]:
        seen.append(hand.turn)
        play(hand, move)
    assert seen == [1, 0, 3, 2, 1, 0]


def test_jamaican_partner_first_hand_six_six_holder_must_play_it() -> None:
    hand = scripted_hand(RULES, OUT)
    assert hand.opening == Opening(1, SIX_SIX)
    assert hand.legal_actions() == (Play(SIX_SIX),)
    assert illegal(hand, "2-2").code == "wrong-opening"
    for seed in range(6):
        match = Match(RULES, seed)
        holder = next(seat for seat in range(4) if SIX_SIX in match.hand.hand_of(seat))
        assert match.hand.opening == Opening(holder, SIX_SIX)


def test_jamaican_partner_sporting_six_six_holder_may_start_with_another_tile() -> None:
    assert RULES.option("sporting") == "off"
    hand = scripted_hand(SPORTING, OUT)
    assert hand.opening == Opening(1), "still the holder of 6-6 starts"
    assert set(hand.legal_actions()) == {Play(tile) for tile in hand.hand_of(1)}
    play(hand, "2-2")
    assert hand.layout.values == (2, 2)
    assert hand.turn == 0
    sporting = scripted_hand(SPORTING, OUT)
    play(sporting, "6-6")  # announcing nothing and playing 6-6 is still fine
    assert sporting.turn == 0
    with pytest.raises(RulesError) as caught:
        make_rules("jamaican-partner", options={"sporting": "yes"})
    assert caught.value.code == "bad-option"


# --- the play and the end of a hand -----------------------------------------------------------


def test_jamaican_partner_pass_if_unable() -> None:
    hand = scripted_hand(RULES, OUT)
    play(hand, *OUT_MOVES[:10])
    assert hand.turn == 3 and hand.layout.values == (4, 4)  # seat 3 holds no four
    assert hand.legal_actions() == (Pass(),)
    assert illegal(hand, "draw").code == "cannot-draw"
    play(hand, "pass")
    assert hand.turn == 2  # holds 4-4
    assert illegal(hand, "pass").code == "must-play"


def test_jamaican_partner_out_wins_the_hand_for_the_team() -> None:
    hand = scripted_hand(RULES, OUT)
    play(hand, *OUT_MOVES)
    result = hand.result
    assert result is not None
    assert (result.reason, result.winner_seat, result.winner_side) == ("out", 0, 0)
    assert result.points == (1, 0)


def test_jamaican_partner_blocked_team_of_lowest_single_player() -> None:
    hands, moves = blocked(EXAMPLE)
    hand = scripted_hand(RULES, hands)
    play(hand, *moves)
    result = hand.result
    assert result is not None and result.reason == "blocked"
    assert result.hands == tuple(tuple(tiles(kept)) for kept in EXAMPLE)
    assert result.pips == (10, 4, 2, 6)
    assert result.side_pips == (12, 10), "North-South hold more in total ..."
    assert result.winner_side == 0, "... but South holds the fewest"
    assert result.winner_seat == 2
    assert result.points == (1, 0)


def test_jamaican_partner_blocked_two_opponents_tied_for_fewest_is_a_tie() -> None:
    hands, moves = blocked(OPPONENTS_TIED)
    hand = scripted_hand(RULES, hands)
    play(hand, *moves)
    result = hand.result
    assert result is not None and result.reason == "blocked"
    assert result.pips == (2, 2, 3, 5)
    assert result.is_tie
    assert result.points == (0, 0)


def test_jamaican_partner_blocked_two_partners_tied_for_fewest_win_for_their_team() -> None:
    hands, moves = blocked(PARTNERS_TIED)
    hand = scripted_hand(RULES, hands)
    play(hand, *moves)
    result = hand.result
    assert result is not None and result.reason == "blocked"
    assert result.pips == (2, 3, 2, 5)
    assert result.winner_side == 0
    assert result.winner_seat in (0, 2)
    assert result.points == (1, 0)


# --- six-love ---------------------------------------------------------------------------------


def test_jamaican_partner_winning_team_scores_one() -> None:
    assert RULES.match_scoring is MatchScoring.SIX_LOVE
    match = Match(RULES, seed=1)
    play_hand(match, EXAMPLE)
    assert match.scores == [1, 0]
    assert match.sheet[-1].gained == (1, 0)
    assert match.worth == 1


def test_jamaican_partner_later_hands_winning_team_chooses_which_partner_starts_any_tile() -> None:
    match = Match(RULES, seed=2)
    play_hand(match, EAST_LOWEST)  # side 1 wins
    nxt = match.next_hand()
    assert nxt.opening == Opening(1, None, (1, 3)), "seat 1, the lower seat of side 1, chooses"
    assert nxt.turn == 1 and nxt.choosing_lead
    assert nxt.legal_actions() == (Lead(1), Lead(3))
    for refused in ("lead:0", "lead:2", "pass"):
        assert illegal(nxt, refused).code == "choose-lead"
    assert illegal(nxt, str(nxt.hand_of(1)[0])).code == "choose-lead"
    play(nxt, "lead:3")
    assert nxt.history == [Led(1, 3)]
    assert nxt.starter == 3 and nxt.turn == 3
    assert set(nxt.legal_actions()) == {Play(tile) for tile in nxt.hand_of(3)}, "any tile"
    assert illegal(nxt, "lead:1").code == "choose-lead"


def test_jamaican_partner_winning_team_may_choose_its_lower_seat_to_start() -> None:
    match = Match(RULES, seed=3)
    play_hand(match, EXAMPLE)  # side 0 wins
    nxt = match.next_hand()
    assert nxt.opening == Opening(0, None, (0, 2))
    play(nxt, "lead:0")
    assert nxt.turn == 0
    assert set(nxt.legal_actions()) == {Play(tile) for tile in nxt.hand_of(0)}


def test_jamaican_partner_side_that_keeps_winning_adds_points() -> None:
    match = Match(RULES, seed=4)
    play_hand(match, EXAMPLE)
    for expected in (2, 3):
        match.next_hand()
        play_hand(match, None)  # side 0 leads and its starter goes out
        assert match.scores == [expected, 0]
    assert [line.totals for line in match.sheet] == [(1, 0), (2, 0), (3, 0)]


def test_jamaican_partner_other_side_wins_score_returns_to_love_all_and_six_six_holder_starts() -> None:
    match = Match(RULES, seed=5)
    match.scores = [3, 0]  # constructed; the first hand is dealt as one
    play_hand(match, EAST_LOWEST)
    assert match.scores == [0, 0]
    assert match.sheet[-1].gained == (0, 1)
    assert "0-0" in match.sheet[-1].note
    nxt = match.next_hand()
    holder = next(seat for seat in range(4) if SIX_SIX in nxt.hand_of(seat))
    assert nxt.opening == Opening(holder, SIX_SIX)
    assert nxt.legal_actions() == (Play(SIX_SIX),)


def test_jamaican_partner_without_the_play_off_option_one_all_resets_to_love_all() -> None:
    match = Match(RULES, seed=6)
    play_hand(match, EXAMPLE)
    match.next_hand()
    play_hand(match, EAST_LOWEST, starter=2)  # side 0 leads, side 1 wins
    assert match.scores == [0, 0]
    assert not match.playoff


def test_jamaican_partner_six_love_wins_the_game() -> None:
    match = Match(RULES, seed=7)
    play_hand(match, EXAMPLE)
    for _ in range(4):
        match.next_hand()
        play_hand(match, None)
    assert match.scores == [5, 0] and match.result is None
    match.next_hand()
    play_hand(match, None)
    assert match.result == MatchResult(winner_side=0, scores=(6, 0), credited=6)
    assert match.is_over


def test_jamaican_partner_tie_at_love_all_replay_worth_two_started_by_six_six_holder() -> None:
    match = Match(RULES, seed=8)
    play_hand(match, OPPONENTS_TIED)
    assert match.scores == [0, 0]
    assert match.ties == 1 and match.worth == 2
    replay = match.next_hand()
    holder = next(seat for seat in range(4) if SIX_SIX in replay.hand_of(seat))
    assert replay.opening == Opening(holder, SIX_SIX)
    play_hand(match, EAST_LOWEST)
    assert match.scores == [0, 2], "the replay takes the winners to 2-0"
    assert match.sheet[-1].gained == (0, 2)
    assert match.worth == 1


def test_jamaican_partner_tie_with_a_team_on_points_that_team_starts_and_adds_two() -> None:
    match = Match(RULES, seed=9)
    play_hand(match, EXAMPLE)  # 1-0 to side 0
    match.next_hand()
    play_hand(match, OPPONENTS_TIED)  # side 0 led (seat 2 chosen); a tie
    assert match.scores == [1, 0] and match.worth == 2
    replay = match.next_hand()
    assert replay.opening == Opening(0, None, (0, 2)), "the team with points starts the replay"
    play_hand(match, None, starter=0)
    assert match.scores == [3, 0]


def test_jamaican_partner_leading_team_loses_the_replay_score_resets() -> None:
    match = Match(RULES, seed=10)
    play_hand(match, EXAMPLE)
    match.next_hand()
    play_hand(match, OPPONENTS_TIED)
    match.next_hand()
    play_hand(match, EAST_LOWEST)  # side 0 leads the replay and loses
    assert match.scores == [0, 0]
    assert match.worth == 1
    nxt = match.next_hand()
    assert nxt.opening.tile == SIX_SIX


def test_jamaican_partner_each_further_tie_adds_one_to_the_replay_worth() -> None:
    match = Match(RULES, seed=11)
    worths = [match.worth]
    for _ in range(3):
        play_hand(match, OPPONENTS_TIED)
        worths.append(match.worth)
        match.next_hand()
    assert worths == [1, 2, 3, 4]
    assert match.scores == [0, 0]
    play_hand(match, EXAMPLE)
    assert match.scores == [4, 0], "one for this deal and one for each tied deal before it"
    match.next_hand()
    play_hand(match, OPPONENTS_TIED)
    match.next_hand()
    play_hand(match, OPPONENTS_TIED)
    assert match.worth == 3
    match.next_hand()
    play_hand(match, None)  # the leading team wins the second replay: 4 + 3
    assert match.result == MatchResult(winner_side=0, scores=(7, 0), credited=7)


def test_jamaican_partner_play_off_at_one_all() -> None:
    assert PLAYOFF.playoff_at_one_all and not RULES.playoff_at_one_all
    match = Match(PLAYOFF, seed=12)
    play_hand(match, EXAMPLE)  # 1-0
    match.next_hand()
    play_hand(match, EAST_LOWEST, starter=2)  # side 1 wins: 1-1, not 0-0
    assert match.scores == [1, 1]
    assert match.playoff
    assert "play-off" in match.sheet[-1].note
    match.next_hand()
    play_hand(match, EXAMPLE)  # side 0 wins the play-off
    assert match.scores == [2, 0]
    assert not match.playoff
    nxt = match.next_hand()
    assert nxt.opening == Opening(0, None, (0, 2)), "the play-off winner starts the next hand"


def test_jamaican_partner_play_off_tie_is_replayed() -> None:
    match = Match(PLAYOFF, seed=13)
    play_hand(match, EAST_LOWEST)  # 0-1
    match.next_hand()
    play_hand(match, EXAMPLE, starter=3)  # 1-1: play-off
    assert match.scores == [1, 1] and match.playoff
    match.next_hand()
    play_hand(match, OPPONENTS_TIED)
    assert match.playoff, "a tied play-off is played again"
    assert match.scores == [1, 1]
    match.next_hand()
    play_hand(match, EAST_LOWEST)
    assert match.scores == [0, 2]
    assert not match.playoff
