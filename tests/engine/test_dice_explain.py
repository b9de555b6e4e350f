"""Dice and Dominoes: each reveal told in sentences, each tile's fate said."""

from __future__ import annotations

import random

from engine import parse_tile
from engine.dice.explain import explain_round
from engine.dice.hand import DiceHand
from engine.dice.round import Commitment

NAMES = ["South", "West", "North"]


def t(*texts: str) -> tuple:
    return tuple(parse_tile(text) for text in texts)


def hand_of(hands: list[tuple], dice: tuple[int, int], boneyard: tuple = ()) -> DiceHand:
    hand = DiceHand(len(hands), random.Random(0))
    hand.hands = [list(h) for h in hands]
    hand.boneyard = list(boneyard)
    hand.dice = dice
    return hand


def test_a_perfect_is_told_with_what_everyone_else_takes_back_and_draws() -> None:
    hand = hand_of(
        [t("6-2", "6-1", "3-3"), t("6-5", "4-4", "1-1"), t("2-1", "0-3", "4-5")],
        (2, 6),
        t("5-5", "0-0", "4-3"),
    )
    hand.commit(0, Commitment(t("6-2", "6-1"), ()))
    hand.commit(1, Commitment(t("6-5"), t("4-4")))
    played = hand.commit(2, Commitment((), t("2-1", "0-3")))
    assert played is not None
    story = explain_round(played, NAMES)
    assert story.headline == (
        "The dice show 2 and 6. Perfect by South: everyone else takes back any face-up tiles and draws."
    )
    assert story.seats == (
        "South discards 6-2 and 6-1 and draws nothing.",
        "West takes back 6-5 (blocked by the special) and draws a tile.",
        "North put nothing face up and draws a tile.",
    )


def test_going_out_an_empty_boneyard_and_a_second_tile_that_matches_no_die_are_told() -> None:
    hand = hand_of([t("6-2", "3-3"), t("2-5", "4-4")], (2, 6))
    hand.commit(0, Commitment(t("6-2", "3-3"), ()))
    played = hand.commit(1, Commitment(t("2-5"), t("4-4")))
    assert played is not None
    story = explain_round(played, NAMES)
    assert story.seats == (
        "South discards 6-2, takes back 3-3 (it matches no die) and draws nothing.",
        "West takes back 5-2 (blocked by the special) and cannot draw: the boneyard is empty.",
    )
    hand = hand_of([t("6-6", "2-2"), t("0-1", "0-4")], (2, 6))
    hand.commit(0, Commitment(t("6-6", "2-2"), ()))
    played = hand.commit(1, Commitment((), t("0-1", "0-4")))
    assert played is not None
    story = explain_round(played, NAMES)
    assert "Double Perfect by South" in story.headline and "may throw" not in story.headline
    assert story.seats[0] == "South discards 6-6 and 2-2 and is out."


def test_nobody_trying_to_discard_says_the_dice_are_thrown_again() -> None:
    hand = hand_of([t("6-2", "3-3"), t("2-5", "4-4")], (2, 6), t("1-1", "1-0"))
    hand.commit(0, Commitment((), t("6-2", "3-3")))
    played = hand.commit(1, Commitment((), t("2-5", "4-4")))
    assert played is not None
    assert explain_round(played, ["seat 0", "seat 1"]).headline.endswith(
        "Nobody tried to discard: everyone draws and the dice are thrown again."
    )
    assert explain_round(played, ["seat 0", "seat 1"]).seats[0].startswith("Seat 0 put nothing face up")


def test_the_person_reading_is_told_in_the_second_person() -> None:
    hand = hand_of([t("6-2", "3-3"), t("2-5", "4-4")], (2, 6))
    hand.commit(0, Commitment(t("6-2", "3-3"), ()))
    played = hand.commit(1, Commitment(t("2-5"), t("4-4")))
    assert played is not None
    story = explain_round(played, ["West", "You"])
    assert (
        story.seats[1] == "You take back 5-2 (blocked by the special) and cannot draw: the boneyard is empty."
    )
    story = explain_round(played, ["You", "West"])
    assert "Perfect by you:" in story.headline
    assert story.seats[0] == "You discard 6-2, take back 3-3 (it matches no die) and draw nothing."
