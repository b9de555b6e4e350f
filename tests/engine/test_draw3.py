"""The rules of `draw-3` (RULES.md, Scarne's Standard Three-Hand Draw), one test per rule, on scripted
deals (found by random play and kept as fixtures)."""

from __future__ import annotations

import random

import pytest

from engine import (
    Draw,
    DrawRule,
    Drew,
    Hand,
    Match,
    MatchResult,
    Opening,
    Pass,
    Play,
    Rules,
    RulesError,
    Tile,
    make_rules,
)
from tests.helpers.scripted import illegal, match_play, play, scripted_hand, swap_hand, tiles

RULES = make_rules("draw-3")
NO_BONEYARD = make_rules("draw-3", options={"no-boneyard": "on"})

# --- scripted deals (seat 0 opens with any tile) -----------------------------------------------

# Seat 0 opens 4-4; seat 1 holds no four and draws six tiles, the sixth (4-2) plays and one tile
# is left. Later seat 0, to move with ends 0 and 6, cannot play: the hand ends at once although
# seat 1 holds 6-2, 6-3, 6-5 and blanks. Left: seat 0 34, seat 1 64, seat 2 32.
STUCK = ["4-0 4-1 2-2 3-3 4-4 5-4 5-5", "1-0 1-1 2-1 3-1 5-1 3-2 6-5", "0-0 2-0 6-0 6-1 5-2 4-3 6-6"]
STUCK_DRAWS = "5-3 5-0 6-2 6-3 3-0 4-2"
STUCK_MOVES = [
    "4-4", "draw", "draw", "draw", "draw", "draw", "draw", "4-2 west", "2-0 west", "4-0 east",
    "1-0 east", "6-1 east",
]  # fmt: skip

# Seat 0 opens 4-4; seat 1 draws six tiles without a four: after the last allowed draw it still
# cannot play and the hand ends at once (seat 2 holds 4-2 and 5-4). Left: 32, 84, 41.
LAST_DRAW = ["4-0 1-1 4-1 2-2 4-3 4-4 6-4", "1-0 6-0 6-1 3-2 3-3 6-3 6-5", "0-0 2-0 3-1 4-2 5-3 5-4 6-6"]
LAST_DRAW_DRAWS = "5-0 5-1 3-0 6-2 5-2 5-5"

# Seat 0 opens 0-0; seat 1 draws six tiles without a blank and the hand ends: seats 0 and 2 tie
# on 33 pips.
TIE = ["0-0 4-0 3-1 4-1 6-1 5-2 3-3", "1-1 2-1 2-2 6-2 4-4 5-4 6-4", "1-0 2-0 3-0 5-0 6-0 5-1 5-5"]
TIE_DRAWS = "4-3 6-6 6-5 4-2 3-2 6-3"

# Seat 1 goes out with 3-0; seat 2 drew three tiles on the way. Left: seat 0 15, seat 2 6.
OUT = ["1-0 5-0 2-1 5-1 2-2 5-3 4-4", "2-0 3-0 4-0 1-1 6-2 5-5 6-6", "0-0 6-0 3-1 3-3 5-4 6-4 6-5"]
OUT_DRAWS = "3-2 4-2 5-2"
OUT_MOVES = [
    "2-1", "6-2 east", "3-1 west", "5-3 west", "6-6 east", "6-4 east", "5-0 west", "4-0 east",
    "0-0 west", "1-0 east", "1-1 east", "6-0 west", "5-1 east", "5-5 east", "6-5 west", "draw",
    "draw", "draw", "5-2 west", "2-0 west", "5-4 east", "4-4 east", "3-0 west",
]  # fmt: skip

# No boneyard: seat 1 passes after 2-0 and the hand goes on until it blocks on blanks.
# Left: seat 0 26, seat 1 50, seat 2 36.
NINE_EACH = [
    "2-0 1-1 4-1 3-2 4-2 6-2 3-3 6-3 5-5",
    "5-0 2-1 2-2 5-2 4-3 5-3 4-4 6-5 6-6",
    "1-0 3-0 4-0 6-0 3-1 5-1 6-1 5-4 6-4",
]
NINE_EACH_MOVES = [
    "5-5", "5-0 west", "6-0 west", "6-3 west", "5-2 east", "3-0 west", "2-0 east", "pass",
    "4-0 west", "4-2 west", "2-1 west", "1-0 west",
]  # fmt: skip


def hand_of(deal: list[str], draws: str = "", rules: Rules = RULES) -> Hand:
    """The scripted hand, opened by seat 0 with any tile (as a later hand is)."""
    return scripted_hand(rules, deal, draws, Opening(0))


def can_play(hand: Hand, seat: int) -> bool:
    return any(tile.has(value) for tile in hand.hand_of(seat) for value in hand.layout.values)


# --- the deal and the start ---------------------------------------------------------------------


def test_draw3_three_players_seven_each_seven_in_the_boneyard() -> None:
    assert RULES.players == 3 and RULES.hand_size == 7 and not RULES.removed
    hand = Hand.deal(RULES, random.Random(1), starter=0)
    assert hand.hand_counts() == (7, 7, 7) and hand.boneyard_count == 7
    for players in (2, 4):
        with pytest.raises(RulesError) as caught:
            make_rules("draw-3", players)
        assert caught.value.code == "bad-player-count"


def test_draw3_first_starter_by_high_draw() -> None:
    redraws = 0
    for seed in range(40):
        match = Match(RULES, seed)
        *earlier, last = match.lead_draws
        for lead in earlier:  # a tie for the heaviest draw is drawn again by the tied players
            heaviest = max(tile.pips for _, tile in lead.draws)
            assert sum(tile.pips == heaviest for _, tile in lead.draws) > 1
        redraws += bool(earlier)
        heaviest = max(tile.pips for _, tile in last.draws)
        (winner,) = [seat for seat, tile in last.draws if tile.pips == heaviest]
        assert match.hand.opening == Opening(winner)
    assert redraws > 0


def test_draw3_starter_may_open_with_any_tile() -> None:
    match = Match(RULES, seed=3)
    seat = match.turn
    assert match.hand.opening.tile is None
    assert match.legal_actions() == tuple(Play(tile) for tile in match.hand.hand_of(seat))
    hand = hand_of(OUT)
    play(hand, "2-1")  # neither a double nor the heaviest
    assert hand.turn == 1


def test_draw3_start_moves_to_the_left() -> None:
    match = Match(RULES, seed=4)
    opener = match.turn
    for _ in range(4):
        turned = TIE[-opener:] + TIE[:-opener] if opener else TIE  # seat `opener` holds TIE[0]
        swap_hand(match, scripted_hand(RULES, turned, TIE_DRAWS, Opening(opener)))
        match_play(match, "0-0", *["draw"] * 6)
        assert match.hand.result is not None and match.hand.result.is_tie
        opener = (opener + 1) % 3
        assert match.next_hand().opening == Opening(opener), "even after a tie"


# --- drawing ------------------------------------------------------------------------------------


def test_draw3_draw_until_playable() -> None:
    hand = hand_of(STUCK, STUCK_DRAWS)
    play(hand, "4-4")
    for drawn in tiles(STUCK_DRAWS)[:-1]:
        assert hand.turn == 1
        assert hand.legal_actions() == (Draw(),)
        assert illegal(hand, "pass").code == "cannot-pass"
        play(hand, "draw")
        assert drawn in hand.hand_of(1)
    play(hand, "draw")  # 4-2 plays
    assert hand.boneyard_count == 1
    assert all(isinstance(option, Play) for option in hand.legal_actions())
    assert illegal(hand, "draw").code == "must-play"


def test_draw3_drawing_stops_when_one_tile_is_left() -> None:
    hand = hand_of(STUCK, STUCK_DRAWS)
    play(hand, *STUCK_MOVES[:7])
    assert hand.boneyard_count == 1
    assert not hand.can_draw()


def test_draw3_the_last_allowed_draw_leaving_the_drawer_stuck_ends_the_hand_at_once() -> None:
    hand = hand_of(LAST_DRAW, LAST_DRAW_DRAWS)
    play(hand, "4-4", *["draw"] * 5)
    assert not hand.is_over
    play(hand, "draw")
    assert hand.boneyard_count == 1
    assert hand.is_over, "seat 1 cannot play and only one tile is left"
    assert can_play(hand, 2), "seat 2 could still play: the hand ends anyway"
    result = hand.result
    assert result is not None and result.reason == "blocked"
    assert result.pips == (32, 84, 41)
    assert result.winner_seat == 0
    assert result.points == (84 + 41, 0, 0)
    assert hand.history[-1] == Drew(1)


def test_draw3_hand_ends_at_once_when_the_player_to_move_cannot_play_and_one_tile_is_left() -> None:
    hand = hand_of(STUCK, STUCK_DRAWS)
    play(hand, *STUCK_MOVES[:-1])
    assert not hand.is_over
    play(hand, STUCK_MOVES[-1])
    assert hand.layout.values == (0, 6)
    assert hand.boneyard_count == 1
    assert not can_play(hand, 0) and can_play(hand, 1)
    assert hand.is_over, "seat 0 is to move and cannot play: no pass, the hand ends"
    assert hand.legal_actions() == ()
    assert illegal(hand, "pass").code == "hand-over"


def test_draw3_stuck_lowest_pips_wins_both_opponents_pips() -> None:
    hand = hand_of(STUCK, STUCK_DRAWS)
    play(hand, *STUCK_MOVES)
    result = hand.result
    assert result is not None
    assert result.pips == (34, 64, 32)
    assert (result.winner_seat, result.winner_side) == (2, 2)
    assert result.points == (0, 0, 34 + 64)


def test_draw3_stuck_tie_for_lowest_no_count() -> None:
    hand = hand_of(TIE, TIE_DRAWS)
    play(hand, "0-0", *["draw"] * 6)
    result = hand.result
    assert result is not None and result.reason == "blocked"
    assert result.pips == (33, 94, 33)
    assert result.is_tie and result.points == (0, 0, 0)


def test_draw3_out_scores_both_opponents_pips() -> None:
    hand = hand_of(OUT, OUT_DRAWS)
    play(hand, *OUT_MOVES)
    result = hand.result
    assert result is not None
    assert (result.reason, result.winner_seat) == ("out", 1)
    assert result.pips == (15, 0, 6)
    assert result.points == (0, 21, 0)


# --- the match ----------------------------------------------------------------------------------


def test_draw3_match_to_100_150_or_200() -> None:
    assert RULES.target == 100
    for target in (100, 150, 200):
        assert make_rules("draw-3", target=target).target == target
    with pytest.raises(RulesError) as caught:
        make_rules("draw-3", target=121)
    assert caught.value.code == "bad-option"


def test_draw3_winner_credited_the_difference_from_both_players() -> None:
    match = Match(RULES, seed=5)
    match.scores = [40, 90, 30]
    swap_hand(match, scripted_hand(RULES, OUT, OUT_DRAWS, Opening(0)))
    match_play(match, *OUT_MOVES[:-1])
    assert match.result is None
    match_play(match, OUT_MOVES[-1])
    assert match.result == MatchResult(winner_side=1, scores=(40, 111, 30), credited=(111 - 40) + (111 - 30))


# --- the no-boneyard option ---------------------------------------------------------------------


def test_draw3_no_boneyard_double_blank_removed_nine_each() -> None:
    assert NO_BONEYARD.removed == frozenset({Tile(0, 0)})
    assert len(NO_BONEYARD.tiles) == 27 and NO_BONEYARD.hand_size == 9
    hand = Hand.deal(NO_BONEYARD, random.Random(2), starter=0)
    assert hand.hand_counts() == (9, 9, 9) and hand.boneyard_count == 0
    assert Tile(0, 0) not in {tile for seat in range(3) for tile in hand.hand_of(seat)}
    assert NO_BONEYARD.draw is DrawRule.NONE
    assert Match(NO_BONEYARD, seed=1).lead_draws, "the first starter is still drawn for"


def test_draw3_no_boneyard_pass_when_unable_and_the_hand_ends_when_blocked() -> None:
    hand = hand_of(NINE_EACH, rules=NO_BONEYARD)
    play(hand, *NINE_EACH_MOVES[:7])
    assert hand.turn == 1 and not can_play(hand, 1)
    assert hand.legal_actions() == (Pass(),)
    assert illegal(hand, "draw").code == "cannot-draw"
    play(hand, "pass")
    assert not hand.is_over, "a player who cannot play passes; the hand goes on"
    play(hand, *NINE_EACH_MOVES[8:-1])
    assert not hand.is_over
    play(hand, NINE_EACH_MOVES[-1])
    result = hand.result
    assert result is not None and result.reason == "blocked"
    assert not any(can_play(hand, seat) for seat in range(3))
    assert result.pips == (26, 50, 36)
    assert result.points == (50 + 36, 0, 0)
