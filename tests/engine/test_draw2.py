"""The rules of `draw-2` (RULES.md, Scarne's Standard Two-Hand Draw), one test per rule, on scripted deals."""

from __future__ import annotations

import itertools
import random

import pytest

from engine import (
    Draw,
    Drew,
    Hand,
    IllegalActionError,
    Match,
    MatchResult,
    Opening,
    Pass,
    Play,
    Played,
    RulesError,
    make_rules,
    parse_tile,
)
from engine.line.selfplay import play_bot_match
from tests.helpers.scripted import action, illegal, play, scripted_hand, tiles

RULES = make_rules("draw-2")

# --- scripted deals ---------------------------------------------------------------------------

# Seat 0 lays the doubles down the east arm, seat 1 follows with 6-5, 5-4, ..., 1-0; seat 0 goes
# out with 0-0 and seat 1 is left with 6-4 (10 pips). Nobody draws.
OUT = ["6-6 5-5 4-4 3-3 2-2 1-1 0-0", "6-5 5-4 4-3 3-2 2-1 1-0 6-4"]
OUT_MOVES = [
    "6-6", "6-5 east", "5-5 east", "5-4 east", "4-4 east", "4-3 east", "3-3 east",
    "3-2 east", "2-2 east", "2-1 east", "1-1 east", "1-0 east", "0-0 east",
]  # fmt: skip

# Seat 0 holds every six; seat 1 holds none and neither does any tile it can draw, so after 6-6
# it draws twelve tiles, two are left, and it must pass.
NO_SIXES_FOR_SEAT_1 = ["6-6 6-5 6-4 6-3 6-2 6-1 6-0", "0-0 1-0 1-1 2-0 2-1 2-2 3-0"]
TWELVE_DRAWS = "3-1 3-2 3-3 4-0 4-1 4-2 4-3 4-4 5-0 5-1 5-2 5-3"  # 5-4 and 5-5 stay in the boneyard

# A block: the line ends up 6-1 1-2 2-6 6-6 6-3 3-4 4-6 with sixes at both ends, and the last two
# sixes (6-0, 6-5) are the two tiles left in the boneyard. Seat 1 draws twelve tiles at the start.
BLOCK = ["6-6 6-3 4-6 2-6 6-1 0-0 1-0", "2-0 2-2 3-0 3-1 3-3 4-0 4-1"]
BLOCK_DRAWS = "3-4 1-2 1-1 4-2 4-4 5-0 5-1 5-2 5-3 5-4 5-5 3-2"
BLOCK_MOVES = [
    "6-6", *["draw"] * 12, "pass",
    "6-3 east", "3-4 east", "4-6 east",
    "pass",  # seat 1 can neither play nor draw, but seat 0 can still play
    "2-6 west", "1-2 west", "6-1 west",
]  # fmt: skip

# The same line, reached without drawing; the draws come at the end and leave nobody able to play.
LATE_BLOCK = ["6-6 6-3 4-6 6-1 0-0 1-0 1-1", "2-6 3-4 1-2 2-0 2-2 3-0 3-1"]
LATE_BLOCK_DRAWS = "3-2 3-3 4-0 4-1 4-2 4-4 5-0 5-1 5-2 5-3 5-4 5-5"
LATE_BLOCK_MOVES = [
    "6-6", "2-6 west", "6-3 east", "3-4 east", "4-6 east", "1-2 west", "6-1 west",
    *["draw"] * 12,
]  # fmt: skip

# A real blocked hand that ties at 30 pips each (found by random play, kept as a fixture).
TIE = ["5-0 1-1 4-1 4-2 6-2 5-3 6-6", "1-0 4-0 5-1 6-1 5-2 4-4 5-4"]
TIE_DRAWS = "2-2 3-1 2-1 6-3 2-0 3-3 0-0 3-0 4-3 6-4 6-5 3-2"
TIE_MOVES = [
    "5-0", "5-1 east", "4-1 east", "4-4 east", "4-2 east", "5-2 east", "5-3 east", "1-0 west",
    "1-1 west", "6-1 west", "6-2 west", "draw", "2-2 west", "draw", "3-1 east", "draw", "2-1 east",
    "draw", "draw", "2-0 west", "4-0 west", "draw", "draw", "draw", "draw", "4-3 west", "draw",
    "draw", "draw", "3-2 west",
]  # fmt: skip


def pips(text: str) -> int:
    return sum(tile.pips for tile in tiles(text))


def played(hands: list[str], draws: str, moves: list[str], opener: int = 0) -> Hand:
    hand = scripted_hand(RULES, hands, draws, Opening(opener))
    play(hand, *moves)
    return hand


def finish_with(match: Match, hands: list[str], draws: str, moves: list[str], opener: int) -> None:
    """Replace the match's current hand by a scripted one and play it out through the match."""
    match.hand = scripted_hand(match.rules, hands, draws, Opening(opener))
    for text in moves:
        match.apply(action(match.hand, text))
    assert match.hand.is_over


# --- who starts --------------------------------------------------------------------------------


def test_draw2_is_for_two_players_with_seven_tiles_and_fourteen_in_the_boneyard() -> None:
    hand = Hand.deal(RULES, random.Random(3), starter=0)
    assert hand.hand_counts() == (7, 7)
    assert hand.boneyard_count == 14
    for players in (1, 3, 4):
        with pytest.raises(RulesError) as caught:
            make_rules("draw-2", players)
        assert caught.value.code == "bad-player-count"


def test_draw2_first_starter_by_high_draw() -> None:
    redraws = 0
    for seed in range(60):
        match = Match(RULES, seed)
        rounds = match.lead_draws
        assert rounds, "the first starter is chosen by drawing"
        contenders = [0, 1]
        for number, lead in enumerate(rounds):
            assert [seat for seat, _ in lead.draws] == contenders
            drawn = [tile for _, tile in lead.draws]
            assert len(set(drawn)) == len(drawn)
            heaviest = max(tile.pips for tile in drawn)
            top = [seat for seat, tile in lead.draws if tile.pips == heaviest]
            if number < len(rounds) - 1:
                assert len(top) > 1, "only a tie for the heaviest draw is drawn again"
                contenders = top
            else:
                assert len(top) == 1
                assert match.hand.opening == Opening(top[0])
                assert match.turn == top[0]
        redraws += len(rounds) > 1
    assert redraws > 0, "no seed exercised a tied draw"


def test_draw2_start_alternates() -> None:
    for seed in range(3):
        record = play_bot_match("draw-2", 2, seed, ["greedy", "random"])
        openers = [played_hand["opener"] for played_hand in record["hands"]]
        assert len(openers) > 2
        assert all(after == 1 - before for before, after in itertools.pairwise(openers))


def test_draw2_start_alternates_even_after_a_tie() -> None:
    match = Match(RULES, seed=8)
    first = match.hand.opening.seat
    # The scripted tie, turned round if need be so that the match's own opener starts it.
    finish_with(match, TIE if first == 0 else TIE[::-1], TIE_DRAWS, TIE_MOVES, first)
    assert match.hand.result is not None and match.hand.result.is_tie
    assert match.next_hand().opening == Opening(1 - first)


def test_draw2_starter_may_open_with_any_tile() -> None:
    for seed in range(5):
        match = Match(RULES, seed)
        starter = match.turn
        assert match.hand.opening.tile is None
        held = match.hand.hand_of(starter)
        assert match.legal_actions() == tuple(Play(tile) for tile in held)
    hand = scripted_hand(RULES, OUT, opening=Opening(1))
    play(hand, "1-0")  # not a double, not the heaviest: still fine
    assert hand.layout.values == (1, 0)
    assert hand.turn == 0


# --- drawing and passing -----------------------------------------------------------------------


def test_draw2_draw_until_playable() -> None:
    # Seat 1 holds no six; the third tile it draws, 6-5, plays.
    hand = scripted_hand(
        RULES, ["6-6 6-4 6-3 6-2 6-1 6-0 5-5", NO_SIXES_FOR_SEAT_1[1]], draws="3-1 3-2 6-5 3-3"
    )
    play(hand, "6-6")
    for drawn in tiles("3-1 3-2"):
        assert hand.turn == 1
        assert hand.legal_actions() == (Draw(),)
        assert illegal(hand, Pass()).code == "cannot-pass"
        play(hand, "draw")
        assert drawn in hand.hand_of(1)
    play(hand, "draw")
    six_five = parse_tile("6-5")
    assert six_five in hand.hand_of(1)
    assert hand.turn == 1, "the turn stays with the drawer"
    assert set(hand.legal_actions()) == {Play(six_five, end) for end in hand.layout.ends}
    for refused in (Draw(), Pass()):
        assert illegal(hand, refused).code == "must-play"
    assert hand.history == [Played(0, parse_tile("6-6")), Drew(1), Drew(1), Drew(1)]
    assert hand.boneyard_count == 11
    play(hand, "6-5 east")
    assert hand.turn == 0


def test_draw2_stop_drawing_when_two_remain_then_pass() -> None:
    hand = scripted_hand(RULES, NO_SIXES_FOR_SEAT_1, draws=TWELVE_DRAWS)
    play(hand, "6-6")
    for _ in range(12):
        assert hand.legal_actions() == (Draw(),)
        play(hand, "draw")
    assert hand.boneyard_count == 2
    assert hand.hand_counts() == (6, 19)
    assert hand.legal_actions() == (Pass(),)
    assert illegal(hand, Draw()).code == "cannot-draw"
    play(hand, "pass")
    assert not hand.is_over  # seat 0 can still play
    assert hand.turn == 0
    play(hand, "6-5 east")
    assert all(isinstance(option, Play) for option in hand.legal_actions())  # seat 1 holds fives


def test_draw2_hand_ends_when_neither_can_play() -> None:
    hand = scripted_hand(RULES, BLOCK, BLOCK_DRAWS, Opening(0))
    play(hand, *BLOCK_MOVES[:-1])
    assert not hand.is_over
    play(hand, BLOCK_MOVES[-1])
    assert hand.layout.values == (6, 6)
    assert set(hand.boneyard()) == set(tiles("6-5 6-0"))
    assert hand.is_over
    assert hand.legal_actions() == ()
    assert hand.result is not None and hand.result.reason == "blocked"
    assert illegal(hand, Pass()).code == "hand-over"


def test_draw2_hand_ends_at_once_when_the_last_draw_leaves_nobody_able_to_play() -> None:
    # RULES.md: "Hand ends when neither can play"; a blocked hand is one where no player can
    # play and no one can draw. After seat 1's twelfth draw that is the position: the hand
    # must be over then, not after a further forced "pass".
    hand = scripted_hand(RULES, LATE_BLOCK, LATE_BLOCK_DRAWS, Opening(0))
    play(hand, *LATE_BLOCK_MOVES)
    assert hand.layout.values == (6, 6)
    assert hand.boneyard_count == 2
    values = set(hand.layout.values)
    assert not any(tile.has(value) for seat in (0, 1) for tile in hand.hand_of(seat) for value in values)
    assert hand.is_over, f"nobody can play or draw, yet the hand goes on: legal {hand.legal_actions()}"
    assert hand.result is not None
    assert hand.result.reason == "blocked"
    assert hand.result.pips == (pips("0-0 1-0 1-1"), pips("2-0 2-2 3-0 3-1 " + LATE_BLOCK_DRAWS))


# --- scoring -----------------------------------------------------------------------------------


def test_draw2_blocked_lowest_scores_opponents_pips() -> None:
    hand = played(BLOCK, BLOCK_DRAWS, BLOCK_MOVES)
    result = hand.result
    assert result is not None
    left_with_seat_1 = "2-0 2-2 3-0 3-1 3-3 4-0 4-1 1-1 4-2 4-4 5-0 5-1 5-2 5-3 5-4 5-5 3-2"
    assert result.pips == (pips("0-0 1-0"), pips(left_with_seat_1))
    assert (result.winner_seat, result.winner_side) == (0, 0)
    assert result.points == (pips(left_with_seat_1), 0)
    assert (
        result.describe(["You", "Bot"])
        == f"blocked: You hold the fewest pips (1); score {pips(left_with_seat_1)}"
    )


def test_draw2_blocked_tie_no_count() -> None:
    hand = played(TIE, TIE_DRAWS, TIE_MOVES)
    result = hand.result
    assert result is not None
    assert result.reason == "blocked"
    assert result.pips == (30, 30)
    assert result.is_tie
    assert result.points == (0, 0)
    assert result.describe(["You", "Bot"]) == "blocked: You and Bot tie for the fewest pips (30); nobody wins"


def test_draw2_out_scores_opponents_pips() -> None:
    hand = played(OUT, "", OUT_MOVES)
    result = hand.result
    assert result is not None
    assert (result.reason, result.winner_seat) == ("out", 0)
    assert result.points == (10, 0)
    assert hand.boneyard_count == 14


# --- the match ---------------------------------------------------------------------------------


def test_draw2_match_targets_100_150_200() -> None:
    assert RULES.target == 100
    for target in (100, 150, 200):
        assert make_rules("draw-2", target=target).target == target
    for target in (50, 99, 250, 0, -100):
        with pytest.raises(RulesError) as caught:
            make_rules("draw-2", target=target)
        assert caught.value.code == "bad-option"
        assert str(target) in str(caught.value)


def test_draw2_winner_credited_difference() -> None:
    match = Match(RULES, seed=4)
    match.scores = [95, 60]
    match.hand = scripted_hand(RULES, OUT, opening=Opening(0))
    for text in OUT_MOVES[:-1]:
        match.apply(action(match.hand, text))
        assert match.result is None
    match.apply(action(match.hand, OUT_MOVES[-1]))
    assert match.result == MatchResult(winner_side=0, scores=(105, 60), credited=45)
    with pytest.raises(IllegalActionError) as caught:
        match.apply(Pass())
    assert caught.value.code == "match-over"


def test_draw2_winner_credited_difference_in_self_play() -> None:
    for seed in (100, 150):
        record = play_bot_match("draw-2", 2, seed=seed, levels=["greedy", "greedy"])
        scores = record["scores"]
        winner = record["winner_side"]
        assert scores[winner] >= 100
        assert record["credited"] == scores[winner] - scores[1 - winner] > 0
