"""Text notation round-trips, error types and codes, and the words a player reads."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import (
    VARIANTS,
    Draw,
    End,
    EngineError,
    HandResult,
    IllegalActionError,
    Match,
    NotationError,
    Opening,
    Pass,
    Play,
    RulesError,
    Side,
    Tile,
    full_set,
    get_variant,
    make_rules,
    parse_action,
    parse_end,
    parse_tile,
)
from tests.helpers.scripted import illegal, play, scripted_hand

# --- tiles -------------------------------------------------------------------------------------


def test_tile_is_written_high_first_and_reads_back() -> None:
    for tile in full_set(12):
        assert parse_tile(str(tile)) == tile
    assert str(Tile.of(6, 4)) == "6-4"
    assert Tile.of(6, 4) == Tile.of(4, 6) == Tile(4, 6)


@pytest.mark.parametrize("text", ["6-4", "4-6", "6|4", "6:4", " 6 - 4 "])
def test_tile_accepts_either_order_and_separator(text: str) -> None:
    assert parse_tile(text) == Tile(4, 6)


@pytest.mark.parametrize("text", ["", "6", "64", "6-", "a-b", "6-4-2", "-1-3", "6/4", "100-1"])
def test_tile_notation_error(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_tile(text)
    assert caught.value.code == "bad-tile"
    assert repr(text) in str(caught.value)


def test_tile_rejects_low_above_high() -> None:
    with pytest.raises(NotationError) as caught:
        Tile(5, 3)
    assert caught.value.code == "bad-tile"


def test_full_set_sizes_and_pips() -> None:
    assert len(full_set(6)) == 28
    assert sum(tile.pips for tile in full_set(6)) == 168
    assert len(full_set(9)) == 55
    assert len(full_set(12)) == 91
    assert len(set(full_set(6))) == 28
    assert Tile(0, 0) not in full_set(6, removed=[Tile(0, 0)])


# --- ends and actions --------------------------------------------------------------------------


def test_end_round_trip() -> None:
    for end in (End(0, Side.EAST), End(3, Side.WEST), End(12, Side.NORTH), End(7, Side.SOUTH)):
        assert parse_end(str(end)) == end
    assert str(End(3, Side.EAST)) == "3E"
    assert parse_end(" 12n ") == End(12, Side.NORTH)


@pytest.mark.parametrize("text", ["", "E", "E0", "0X", "-1E", "0 E W", "1.5E"])
def test_end_notation_error(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_end(text)
    assert caught.value.code == "bad-end"
    assert repr(text) in str(caught.value)


@pytest.mark.parametrize("text", ["6-4", "6-4@3E", "0-0@0W", "12-5@17N", "draw", "pass"])
def test_action_round_trip(text: str) -> None:
    assert str(parse_action(text)) == text


def test_action_values() -> None:
    assert parse_action("6-4@3E") == Play(Tile(4, 6), End(3, Side.EAST))
    assert parse_action("4-6") == Play(Tile(4, 6))
    assert parse_action(" DRAW ") == Draw()
    assert parse_action("Pass") == Pass()
    for act in (Play(Tile(2, 5), End(1, Side.WEST)), Play(Tile(3, 3)), Draw(), Pass()):
        assert parse_action(str(act)) == act


@pytest.mark.parametrize("text", ["", "6-4@", "6-4@3Q", "6-4@E3", "knock", "6-4 3E", "@3E", "draw 2"])
def test_action_notation_error(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_action(text)
    assert caught.value.code == "bad-action"
    assert repr(text) in str(caught.value)


def test_errors_are_value_errors_with_codes() -> None:
    for kind in (IllegalActionError, NotationError, RulesError):
        assert issubclass(kind, EngineError)
        assert issubclass(kind, ValueError)
        assert kind("x").code == kind.default_code
        assert kind("x", "some-code").code == "some-code"


# --- variants ----------------------------------------------------------------------------------


def test_unknown_variant() -> None:
    with pytest.raises(RulesError) as caught:
        get_variant("nope")
    assert caught.value.code == "unknown-variant"
    assert "'nope'" in str(caught.value)
    for known in ("block", "draw-2"):
        assert known in str(caught.value)
    with pytest.raises(RulesError):
        make_rules("nope")


@pytest.mark.parametrize(("variant", "players"), [("block", 1), ("block", 6), ("draw-2", 3), ("draw-2", 4)])
def test_bad_player_count(variant: str, players: int) -> None:
    with pytest.raises(RulesError) as caught:
        make_rules(variant, players)
    assert caught.value.code == "bad-player-count"
    assert str(players) in str(caught.value)
    assert variant in str(caught.value)


SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"


def test_variants_carry_their_source_and_defaults() -> None:
    assert set(VARIANTS) == {
        "partnership-block", "block", "pub-block", "draw-2", "draw-3", "draw", "cross",
        "double-nine-cross", "jamaican-partner", "cut-throat", "all-fives", "fives-and-threes",
    }  # fmt: skip
    for variant_id, variant in VARIANTS.items():
        assert variant.id == variant_id
        cited = variant.source.split(" ")[0]
        assert len(cited) == len("000_46cffac2192217f5.txt") and cited.endswith(".txt")
        if SEEDS.is_dir():  # the seeds sit beside the repository, not inside it
            assert (SEEDS / cited).is_file(), cited
        assert variant.rules_text
        rules = variant.rules()
        assert rules.variant == variant_id
        assert rules.players == variant.default_players
        assert rules.target == variant.default_target
    assert get_variant("block").player_counts == (2, 3, 4, 5)
    assert get_variant("draw-2").player_counts == (2,)


# --- illegal actions: codes and messages -------------------------------------------------------

# Three players, block. 6-6 opens (seat 0); seat 1 holds 6-5 and 5-4; seat 2 holds no six.
DEAL = ["6-6 5-5 4-4 3-3 2-2 1-1 0-0", "6-5 6-4 6-3 6-2 6-1 6-0 5-4", "4-3 4-2 4-1 4-0 3-2 3-1 3-0"]
# Three players, block, blocked as soon as 6-6 is down (every other six sleeps).
BLOCKED = ["6-6 3-1 3-2 3-3 4-0 4-1 4-2", "0-0 1-0 1-1 2-0 2-1 2-2 3-0", "4-3 4-4 5-0 5-1 5-2 5-3 5-4"]


def test_illegal_tile_not_in_hand_names_the_action_and_the_position() -> None:
    hand = scripted_hand(make_rules("block", 3), DEAL)
    play(hand, "6-6")
    error = illegal(hand, "5-5@0E")
    assert error.code == "tile-not-in-hand"
    message = str(error)
    for part in ("5-5@0E", "seat 1", "move 2", "0E=6", "0W=6"):
        assert part in message, f"{part!r} missing from {message!r}"


def test_illegal_no_such_end() -> None:
    hand = scripted_hand(make_rules("block", 3), DEAL)
    play(hand, "6-6", "6-5 east")
    error = illegal(hand, "4-3@0E")  # 0E is covered by 6-5 now
    assert error.code == "no-such-end"
    assert "4-3@0E" in str(error) and "0E" in str(error)
    assert illegal(hand, "4-3@9W").code == "no-such-end"


def test_illegal_does_not_match() -> None:
    hand = scripted_hand(make_rules("block", 3), DEAL)
    play(hand, "6-6")
    error = illegal(hand, "5-4@0E")
    assert error.code == "does-not-match"
    for part in ("5-4@0E", "seat 1", "0E=6"):
        assert part in str(error)


def test_illegal_play_without_an_end_once_the_layout_is_open_is_no_such_end() -> None:
    # 6-1 does fit (on 0E or 0W); what is wrong is that no end was named. Layout.play calls this
    # "no-such-end" ("needs an end"); the hand must not claim the tile "does not fit there".
    hand = scripted_hand(make_rules("block", 3), DEAL)
    play(hand, "6-6")
    error = illegal(hand, Play(parse_tile("6-5")))
    assert error.code == "no-such-end", str(error)
    assert "6-5" in str(error) and "seat 1" in str(error)


def test_a_scripted_opening_tile_must_be_held_by_the_opener() -> None:
    # Otherwise legal_actions() offers a play that apply() cannot make (list.remove fails).
    with pytest.raises(EngineError) as caught:
        scripted_hand(make_rules("block", 3), DEAL, opening=Opening(1, parse_tile("6-6")))
    assert caught.value.code == "bad-deal"


def test_illegal_wrong_opening() -> None:
    hand = scripted_hand(make_rules("block", 3), DEAL)
    error = illegal(hand, "5-5")
    assert error.code == "wrong-opening"
    assert "5-5" in str(error) and "6-6" in str(error) and "seat 0" in str(error)


def test_illegal_end_on_an_empty_layout() -> None:
    deal = ["6-6 5-5 4-4 3-3 2-2 1-1 0-0", "6-5 5-4 4-3 3-2 2-1 1-0 6-4"]
    hand = scripted_hand(make_rules("draw-2"), deal, opening=Opening(0))
    assert illegal(hand, "6-6@0E").code == "no-such-end"
    assert "layout is empty" in str(illegal(hand, "6-6@0E"))


def test_illegal_hand_over() -> None:
    hand = scripted_hand(make_rules("block", 3), BLOCKED)
    play(hand, "6-6")
    assert hand.is_over
    for late in ("pass", "draw", "3-1", "3-3@0E"):
        error = illegal(hand, late)
        assert error.code == "hand-over"
        assert late in str(error)


def test_illegal_match_moves() -> None:
    match = Match(make_rules("block", 3), seed=1)
    with pytest.raises(IllegalActionError) as caught:
        match.next_hand()
    assert caught.value.code == "hand-not-over"
    match.hand = scripted_hand(match.rules, BLOCKED)
    match.apply(parse_action("6-6"))
    with pytest.raises(IllegalActionError) as caught:
        match.apply(Pass())
    assert caught.value.code == "hand-over"
    assert "pass" in str(caught.value)


# --- what a player reads at the end of a hand ---------------------------------------------------


def test_hand_result_describe_blocked() -> None:
    result = HandResult(
        reason="blocked",
        winner_side=3,
        winner_seat=3,
        pips=(12, 15, 14, 7),
        side_pips=(12, 15, 14, 7),
        points=(0, 0, 0, 41),
        hands=((), (), (), ()),
        partnerships=False,
    )
    assert (
        result.describe(["North", "East", "South", "West"])
        == "blocked: West holds the fewest pips (7); scores 41"
    )
    assert not result.is_tie


def test_hand_result_describe_out_and_tie() -> None:
    out = HandResult("out", 1, 1, (9, 0), (9, 0), (0, 9), ((), ()), False)
    assert out.describe(["Ann", "Bob"]) == "Bob went out and scores 9"
    tie = HandResult("blocked", None, None, (8, 8, 20), (8, 8, 20), (0, 0, 0), ((), (), ()), False)
    assert tie.is_tie
    assert (
        tie.describe(["Ann", "Bob", "Cy"]) == "blocked: Ann and Bob tie for the fewest pips (8); nobody wins"
    )


def test_hand_result_describe_agrees_with_you_and_with_partners() -> None:
    names = ["You", "West", "North", "East"]
    ours = HandResult("out", 0, 2, (5, 9, 0, 4), (5, 13), (13, 0), ((), (), (), ()), True)
    assert ours.describe(names) == "North went out; You & North score 13"
    theirs = HandResult("blocked", 1, 3, (5, 9, 8, 2), (13, 11), (0, 13), ((), (), (), ()), True)
    assert theirs.describe(names) == "blocked: West & East hold the fewest pips between them (11); score 13"
    alone = HandResult("out", 0, 0, (0, 9), (0, 9), (9, 0), ((), ()), False)
    assert alone.describe(["You", "North"]) == "You went out and score 9"
