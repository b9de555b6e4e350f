"""The overdraw option of `draw-2` and `draw-3` (RULES.md, Scarne's irregularities): drawing while
holding a playable tile is allowed and costs 10 points, once per turn, off the drawer's score."""

from __future__ import annotations

import pytest

from engine import Draw, Match, Opening, Penalized, Play, Rules, make_rules, parse_tile
from tests.helpers.scripted import illegal, match_play, play, scripted_hand, swap_hand

DRAW_2 = make_rules("draw-2", options={"overdraw": "on"})
DRAW_3 = make_rules("draw-3", options={"overdraw": "on"})

# Two players: seat 0 lays its doubles down the east arm and goes out with 0-0; seat 1 follows
# with 6-5, 5-4, ... 1-0 and keeps 6-4. Seat 1 may overdraw before its first play.
OUT = ["6-6 5-5 4-4 3-3 2-2 1-1 0-0", "6-5 5-4 4-3 3-2 2-1 1-0 6-4"]
OUT_MOVES = [
    "6-6", "6-5 east", "5-5 east", "5-4 east", "4-4 east", "4-3 east", "3-3 east",
    "3-2 east", "2-2 east", "2-1 east", "1-1 east", "1-0 east", "0-0 east",
]  # fmt: skip
DRAWS = "3-0 4-0 4-1 4-2"  # none of them fits anything seat 1 needs

# Three players: the same, with seat 2 building the west arm; seat 2 keeps 5-3.
OUT_3 = ["6-6 5-5 4-4 3-3 2-2 1-1 0-0", "6-5 5-4 4-3 3-2 2-1 1-0 6-4", "6-0 5-0 5-1 5-2 5-3 6-1 6-2"]
OUT_3_MOVES = [
    "6-6", "6-5 east", "6-0 west",
    "5-5 east", "5-4 east", "5-0 west",
    "4-4 east", "4-3 east", "5-1 west",
    "3-3 east", "3-2 east", "6-1 west",
    "2-2 east", "2-1 east", "6-2 west",
    "1-1 east", "1-0 east", "5-2 west",
    "0-0 east",
]  # fmt: skip


@pytest.mark.parametrize("variant", ["draw-2", "draw-3"])
def test_overdraw_is_off_by_default_a_player_who_can_play_must(variant: str) -> None:
    rules = make_rules(variant)
    assert rules.overdraw_penalty == 0
    hand = scripted_hand(rules, OUT if variant == "draw-2" else OUT_3, DRAWS, Opening(0))
    play(hand, "6-6")
    assert Draw() not in hand.legal_actions()
    assert illegal(hand, "draw").code == "must-play"


@pytest.mark.parametrize("rules", [DRAW_2, DRAW_3], ids=["draw-2", "draw-3"])
def test_overdraw_drawing_while_able_to_play_is_allowed_and_costs_10(rules: Rules) -> None:
    assert rules.overdraw_penalty == 10
    hand = scripted_hand(rules, OUT if rules.players == 2 else OUT_3, DRAWS, Opening(0))
    play(hand, "6-6")
    sixes = [parse_tile("6-5"), parse_tile("6-4")]
    assert set(hand.legal_actions()) == {
        *(Play(tile, end) for tile in sixes for end in hand.layout.ends),
        Draw(),
    }
    play(hand, "draw")
    assert hand.history[-2:] == [hand.history[-2], Penalized(1, 10)]
    assert hand.turn == 1, "the drawer still has the turn"
    play(hand, "draw")  # the same turn: no second penalty
    assert [event for event in hand.history if isinstance(event, Penalized)] == [Penalized(1, 10)]
    play(hand, "6-5 east")
    play(hand, "draw") if rules.players == 2 else play(hand, "5-0 east", "draw")
    assert [event for event in hand.history if isinstance(event, Penalized)] == [
        Penalized(1, 10),
        Penalized(0, 10),
    ], "a new turn of overdrawing costs another 10"


def test_overdraw_a_forced_draw_costs_nothing() -> None:
    hand = scripted_hand(DRAW_2, ["6-6 6-4 6-3 6-2 6-1 6-0 5-5", "0-0 1-0 1-1 2-0 2-1 2-2 3-0"], "3-1 6-5")
    play(hand, "6-6")
    assert hand.legal_actions() == (Draw(),)
    play(hand, "draw")  # 3-1: still nothing to play
    assert not any(isinstance(event, Penalized) for event in hand.history)
    play(hand, "draw")  # 6-5 plays now; drawing further would be an overdraw
    assert Draw() in hand.legal_actions()
    assert not any(isinstance(event, Penalized) for event in hand.history)


def test_overdraw_not_possible_once_drawing_stops() -> None:
    hand = scripted_hand(DRAW_2, OUT, DRAWS, Opening(0))
    play(hand, "6-6", *["draw"] * 12)
    assert hand.boneyard_count == 2
    assert Draw() not in hand.legal_actions()
    assert illegal(hand, "draw").code == "must-play"


@pytest.mark.parametrize("rules", [DRAW_2, DRAW_3], ids=["draw-2", "draw-3"])
def test_overdraw_penalty_is_deducted_from_the_drawers_match_score(rules: Rules) -> None:
    match = Match(rules, seed=1)
    swap_hand(match, scripted_hand(rules, OUT if rules.players == 2 else OUT_3, DRAWS, Opening(0)))
    match_play(match, "6-6", "draw")
    assert match.scores[1] == -10, "at once"
    assert match.scores[0] == 0
    match_play(match, *(OUT_MOVES if rules.players == 2 else OUT_3_MOVES)[1:])
    result = match.hand.result
    assert result is not None and result.winner_seat == 0
    assert result.penalties[:2] == (0, 10)
    left = 10 + 3 + (8 if rules.players == 3 else 0)  # seat 1: 6-4 and the 3-0 it drew; seat 2: 5-3
    assert result.points[0] == left
    assert match.scores[:2] == [left, -10]
    assert match.sheet[-1].gained[:2] == (left, -10)


def test_overdraw_has_no_meaning_without_a_boneyard() -> None:
    rules = make_rules("draw-3", options={"overdraw": "on", "no-boneyard": "on"})
    assert rules.overdraw_penalty == 0
