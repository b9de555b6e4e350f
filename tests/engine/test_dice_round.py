"""Dice and Dominoes: one round's rules, one test per rule of source 004 (Joe Celko)."""

from __future__ import annotations

import pytest

from engine import IllegalActionError, parse_tile
from engine.dice.round import (
    Commitment,
    Special,
    check_commitment,
    matched_to_dice,
    pot_winners,
    resolve_round,
    special_of,
)


def t(*texts: str) -> tuple:
    return tuple(parse_tile(text) for text in texts)


def up(*texts: str, down: tuple[str, ...] = ()) -> Commitment:
    return Commitment(t(*texts), t(*down))


def test_the_sources_example_two_tiles_need_two_different_dice() -> None:
    # Toss 2 and 6, hand 0-2, 1-6, 2-3, 5-5: {0-2, 1-6} or {1-6, 2-3}, not {0-2, 2-3}.
    dice = (2, 6)
    assert matched_to_dice(t("2-0", "6-1"), dice)
    assert matched_to_dice(t("6-1", "3-2"), dice)
    assert not matched_to_dice(t("2-0", "3-2"), dice)
    assert matched_to_dice(t("2-0", "3-2"), (2, 2))  # a toss of two twos lets both deuces go
    assert not matched_to_dice(t("5-5"), dice)


def test_a_face_up_attempt_the_dice_do_not_allow_is_refused() -> None:
    hand = t("2-0", "6-1", "3-2", "5-5")
    check_commitment(hand, up("2-0", "6-1"), (2, 6))
    check_commitment(hand, up("2-0", down=("5-5",)), (2, 6))
    check_commitment(hand, up(down=("5-5", "3-2")), (2, 6))  # never obliged to discard
    with pytest.raises(IllegalActionError) as refused:
        check_commitment(hand, up("2-0", "3-2"), (2, 6))
    assert refused.value.code == "no-match"
    with pytest.raises(IllegalActionError):
        check_commitment(hand, up("5-5", down=("2-0",)), (2, 6))


def test_two_tiles_are_put_out_or_the_last_one() -> None:
    with pytest.raises(IllegalActionError) as one:
        check_commitment(t("2-0", "6-1"), up("2-0"), (2, 6))
    assert one.value.code == "commit-count"
    check_commitment(t("2-0"), up("2-0"), (2, 6))
    with pytest.raises(IllegalActionError) as foreign:
        check_commitment(t("2-0", "6-1"), up("2-0", "6-6"), (2, 6))
    assert foreign.value.code == "not-held"


def test_the_specials_and_their_priority() -> None:
    dice = (2, 6)
    assert special_of(t("2-2", "6-6"), dice) is Special.DOUBLE_PERFECT
    assert special_of(t("6-2"), dice) is Special.PERFECT
    assert special_of(t("6-2", "0-0"), dice) is Special.PERFECT
    assert special_of(t("0-0", "6-1"), dice) is Special.WILDCARD
    assert special_of(t("2-2"), dice) is Special.NONE
    assert special_of(t("2-2"), (2, 2)) is Special.PERFECT  # a double toss: the double is the Perfect
    assert Special.DOUBLE_PERFECT > Special.PERFECT > Special.WILDCARD > Special.NONE


def test_a_matching_discard_draws_a_replacement_and_a_player_who_attempts_nothing_draws() -> None:
    hands = [t("2-0", "6-1", "3-3", "5-5"), t("4-4", "5-4", "1-1", "3-1")]
    outcome = resolve_round(hands, [up("2-0", "6-1"), up(down=("4-4", "5-4"))], (2, 6))
    assert outcome.discarded == (t("2-0", "6-1"), ())
    assert outcome.draws == (True, True)
    assert outcome.special is Special.NONE and not outcome.nobody_attempted
    assert pot_winners(outcome, 2) is None


def test_nobody_attempting_a_discard_means_everyone_draws_and_the_dice_are_thrown_again() -> None:
    hands = [t("2-0", "6-1"), t("4-4", "5-4")]
    outcome = resolve_round(hands, [up(down=("2-0", "6-1")), up(down=("4-4", "5-4"))], (2, 6))
    assert outcome.nobody_attempted and outcome.draws == (True, True)


def test_the_wildcard_blocks_every_other_discard_and_draws_nothing() -> None:
    hands = [t("0-0", "6-1", "3-3"), t("2-0", "6-5", "1-1")]
    outcome = resolve_round(hands, [up("0-0", "6-1"), up("2-0", "6-5")], (2, 6))
    assert outcome.special is Special.WILDCARD and outcome.special_seats == (0,)
    assert outcome.discarded == (t("0-0", "6-1"), ())  # its second tile matched a die
    assert outcome.returned == ((), t("2-0", "6-5"))  # the others take theirs back
    assert outcome.draws == (False, True)


def test_a_specials_second_tile_must_match_a_die() -> None:
    hands = [t("0-0", "5-3", "4-4")]
    outcome = resolve_round(hands, [up("0-0", "5-3")], (2, 6))
    assert outcome.discarded == (t("0-0"),) and outcome.returned == (t("5-3"),)


def test_the_perfect_beats_the_wildcard_and_its_player_draws_nothing() -> None:
    hands = [t("0-0", "1-1", "3-3"), t("6-2", "4-1", "5-5"), t("6-1", "5-4", "3-1")]
    outcome = resolve_round(
        hands, [up("0-0", down=("1-1",)), up("6-2", down=("4-1",)), up("6-1", down=("5-4",))], (2, 6)
    )
    assert outcome.special is Special.PERFECT and outcome.special_seats == (1,)
    assert outcome.discarded == ((), t("6-2"), ())
    assert outcome.returned == (t("0-0"), (), t("6-1"))  # the Wildcard goes back too
    assert outcome.draws == (True, False, True)


def test_the_double_perfect_beats_everything() -> None:
    hands = [t("2-2", "6-6", "3-3"), t("6-2", "4-1", "5-5"), t("0-0", "5-4")]
    outcome = resolve_round(
        hands, [up("2-2", "6-6"), up("6-2", down=("4-1",)), up("0-0", down=("5-4",))], (6, 2)
    )
    assert outcome.special is Special.DOUBLE_PERFECT and outcome.special_seats == (0,)
    assert outcome.discarded == (t("2-2", "6-6"), (), ())
    assert outcome.draws == (False, True, True)


def test_a_player_whose_hand_empties_goes_out_and_draws_nothing() -> None:
    hands = [t("2-0", "6-1"), t("4-4", "5-4", "1-1")]
    outcome = resolve_round(hands, [up("2-0", "6-1"), up(down=("4-4", "5-4"))], (2, 6))
    assert outcome.out == (0,) and outcome.draws == (False, True)
    assert pot_winners(outcome, 2) == (0,)


def test_several_out_together_the_highest_special_takes_the_pot_else_they_split_it() -> None:
    dice = (2, 6)
    hands = [t("2-0", "6-1"), t("6-3"), t("4-4", "5-4")]
    split = resolve_round(hands, [up("2-0", "6-1"), up("6-3"), up(down=("4-4", "5-4"))], dice)
    assert split.out == (0, 1) and pot_winners(split, 3) == (0, 1)
    # With two sets, two players may both hold a Perfect: both discard, both are exempt
    # from drawing, and going out together with it they share the pot.
    twin = [t("6-2"), t("6-2"), t("4-4", "5-4")]
    shared = resolve_round(twin, [up("6-2"), up("6-2"), up("4-4", down=("5-4",))], dice)
    assert shared.special_seats == (0, 1) and shared.draws == (False, False, True)
    assert pot_winners(shared, 3) == (0, 1)


def test_everyone_out_together_leaves_the_pot_for_the_next_hand() -> None:
    hands = [t("2-0"), t("6-3")]
    outcome = resolve_round(hands, [up("2-0"), up("6-3")], (2, 6))
    assert outcome.out == (0, 1) and pot_winners(outcome, 2) == ()


def test_two_perfects_from_one_player_exempt_them_from_the_next_draw_too() -> None:
    hands = [t("6-2", "6-2", "1-1"), t("4-4", "5-4")]
    outcome = resolve_round(hands, [up("6-2", "6-2"), up(down=("4-4", "5-4"))], (2, 6))
    assert outcome.discarded[0] == t("6-2", "6-2") and outcome.exempt_next == (0,)
