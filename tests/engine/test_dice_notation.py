"""Dice and Dominoes records: written and read back the same, replayed from the seed or from
what they say, and every fault refused with its line, column and what was expected."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from engine import NotationError, parse_tile
from engine.dice.notation import read_dice_record, replay_dice_record, write_dice_record
from engine.dice.round import Commitment
from engine.dice.session import DiceSession
from engine.tiles import Tile


def t(*texts: str) -> list[Tile]:
    return [parse_tile(text) for text in texts]


def play(session: DiceSession, rng: random.Random, rounds: int) -> None:
    """Random legal play for ``rounds`` rounds (new hands dealt as needed)."""
    played = 0
    while not session.is_over and played < rounds:
        hand = session.hand
        assert hand is not None
        if hand.is_over:
            session.next_hand()
            continue
        if hand.awaiting_rethrow:
            seat = session.seats_in_hand[hand.awaiting_rethrow[0]]
            session.choose_rethrow(seat, rng.random() < 0.5)
            continue
        for seat in session.seats_in_hand:
            session.commit(seat, rng.choice(session.legal_commitments(seat)))
        played += 1


def test_a_record_reads_back_to_the_same_text_chips_and_pot() -> None:
    for seed in range(12):
        players = 2 + seed % 5
        sets = 2 if players > 5 else 1
        session = DiceSession.seeded(players, seed, chips=4, sets=sets, extra_ante=seed % 2 == 1)
        session.tags = {"Event": "Club night", "Seat0": "Ann {the bold}"}
        play(session, random.Random(seed), 60)
        text = write_dice_record(session)
        again = read_dice_record(text)
        assert write_dice_record(again) == text
        assert (again.chips, again.pot, again.is_over) == (session.chips, session.pot, session.is_over)
        assert again.tags == session.tags


def test_a_record_with_its_seed_plays_on_as_if_never_written() -> None:
    session = DiceSession.seeded(3, 41, chips=6)
    play(session, random.Random(2), 9)
    again = read_dice_record(write_dice_record(session))
    assert again.seed == 41
    # Both go on with the same choices: the same deals, throws and draws follow.
    play(session, random.Random(3), 25)
    play(again, random.Random(3), 25)
    assert write_dice_record(again) == write_dice_record(session)


def test_a_record_without_a_seed_replays_what_it_says() -> None:
    session = DiceSession.seeded(4, 5, chips=3)
    play(session, random.Random(5), 30)
    text = write_dice_record(session).replace('[Seed "5"]\n', "")
    again = read_dice_record(text)
    assert again.seed is None and write_dice_record(again) == text


def test_a_round_in_progress_keeps_what_was_put_out_unless_the_record_is_shown() -> None:
    session = DiceSession.seeded(3, 8)
    play(session, random.Random(8), 2)
    hand = session.hand
    assert hand is not None and not hand.is_over
    first = session.seats_in_hand[0]
    session.commit(first, session.legal_commitments(first)[0])
    saved = read_dice_record(write_dice_record(session))
    assert saved.hand is not None and saved.hand.committed == hand.committed
    shown = write_dice_record(session, pending=False)
    number = len(hand.rounds) + 1
    assert shown.rstrip().endswith(f"{number}. dice {hand.dice[0]}-{hand.dice[1]}")
    assert read_dice_record(shown).hand.committed == {}  # type: ignore[union-attr]


SOURCE_EXAMPLE = """[Variant "dice"]
[Players "2"]
[Options "chips=10"]

[Hand "1"]
[Tiles0 "6-2 2-0 3-2 6-5"]
[Tiles1 "4-4 5-4 1-1 3-3"]

1. dice 2-6 0: up 6-2 2-0 1: down 4-4 5-4 draw 1 4-0
2. dice 2-6 0: up 3-2 6-5 1: down 4-0 1-1 draw 1 5-5
"""


def test_a_record_written_at_a_real_table_reads_and_goes_out() -> None:
    session = read_dice_record(SOURCE_EXAMPLE)
    assert session.hand is not None and session.hand.is_over
    assert session.hand.winners == (0,) and session.chips == [11, 9] and session.pot == 0
    assert session.seed is None


def error_of(text: str) -> NotationError:
    with pytest.raises(NotationError) as caught:
        read_dice_record(text)
    return caught.value


def test_the_sources_example_two_tiles_on_one_die_are_refused_where_written() -> None:
    # Toss 2 and 6, hand 0-2 1-6 2-3 5-5: 0-2 with 1-6 may go, 0-2 with 2-3 may not.
    text = SOURCE_EXAMPLE.replace("6-2 2-0 3-2 6-5", "2-0 6-1 3-2 5-5").split("1. dice")[0]
    hand = read_dice_record(text + "1. dice 2-6 0: up 2-0 6-1 1: down 4-4 5-4 draw 0 6-6 draw 1 4-0").hand
    assert hand is not None and hand.rounds[0].outcome.discarded[0] == (Tile(0, 2), Tile(1, 6))
    error = error_of(text + "1. dice 2-6 0: up 2-0 3-2 1: down 4-4 5-4")
    assert (error.line, error.column) == (9, 13) and "die of its own" in str(error)


@pytest.mark.parametrize(
    ("change", "where", "said"),
    [
        (("2. dice 2-6", "2. dice 3-6"), (10, 9), "the dice as they are: 2-6"),
        (("draw 1 4-0", ""), (9, 1), "draw 1 and a tile"),
        (("draw 1 4-0", "draw 1 6-2"), (9, 1), "draw 1 and a tile"),
        (("1: down 4-4 5-4", "1: down 4-4 6-6"), (9, 27), "not in your hand"),
        (('[Tiles1 "4-4 5-4 1-1 3-3"]', '[Tiles1 "4-4 5-4 1-1 2-0"]'), (7, 10), "not dealt to another"),
        (('[Options "chips=10"]', '[Options "chips=10 colour=red"]'), (3, 11), "options such as"),
        (('[Variant "dice"]', '[Variant "draw"]'), (1, 11), '[Variant "dice"]'),
        (("2. dice", "3. dice"), (10, 1), "round number 2."),
        (("0: up 3-2 6-5", "0: up 3-2 x"), (10, 23), "a player's tiles"),
        (("1: down 4-0", "7: down 4-0"), (10, 27), "a seat from 0 to 1"),
        (("draw 1 5-5", "draw 1 5-5 draw 0 1-0"), (10, 54), "seat 0 does not draw"),
    ],
)
def test_a_faulty_record_is_refused_at_the_fault(
    change: tuple[str, str], where: tuple[int, int], said: str
) -> None:
    old, new = change
    assert old in SOURCE_EXAMPLE
    error = error_of(SOURCE_EXAMPLE.replace(old, new, 1))
    assert (error.line, error.column) == where, str(error)
    assert said in str(error)


@pytest.mark.parametrize(
    ("tag", "value", "said"), [("Chips", "10-10", "11-9"), ("Pot", "3", '"0"'), ("Result", "1", '"0"')]
)
def test_tags_that_disagree_with_the_rounds_are_refused(tag: str, value: str, said: str) -> None:
    error = error_of(
        SOURCE_EXAMPLE.replace('[Options "chips=10"]', f'[Options "chips=10"]\n[{tag} "{value}"]')
    )
    assert error.line == 4 and said in str(error)


def test_damaged_records_raise_only_notation_errors() -> None:
    session = DiceSession.seeded(3, 17, chips=3)
    play(session, random.Random(17), 25)
    words = write_dice_record(session).split(" ")
    rng = random.Random(0)
    replacements = [
        "",
        "up",
        "down",
        "draw",
        "9:",
        "0:",
        "keep",
        "again",
        "6-6",
        "0-0",
        "1.",
        "dice",
        "7-7",
        "x",
    ]
    refused = 0
    for _ in range(150):
        damaged = list(words)
        spot = rng.randrange(len(damaged))
        damaged[spot] = rng.choice(replacements)
        try:
            read_dice_record(" ".join(damaged))
        except NotationError as error:
            assert error.line is not None and error.column is not None
            refused += 1
    assert refused > 50


def test_a_double_perfects_choice_is_written_and_read() -> None:
    text = """[Variant "dice"]
[Players "2"]
[Seed "3"]

[Hand "1"]
[Tiles0 "2-2 6-6 3-1 4-1"]
[Tiles1 "5-5 5-4 1-1 3-3"]

1. dice 2-6 0: up 2-2 6-6 1: down 5-4 1-1 draw 1 4-0 again 0
2. dice 5-3 0: up 3-1 down 4-1 1: up 5-4 3-3 draw 0 0-0 draw 1 6-5
"""
    session = read_dice_record(text)
    hand = session.hand
    assert hand is not None
    assert hand.rethrow_choices[0] == ((0, True),)
    assert not hand.is_over and hand.dice == (5, 3) and session.chips == [19, 19] and session.pot == 2
    assert Tile(2, 2) in hand.discards and hand.committed == {}
    error = error_of(text.replace("again 0", "keep 0"))
    assert (error.line, error.column) == (10, 9) and "2-6" in str(error)


def test_the_specs_example_reads_and_writes_back_the_same() -> None:
    doc = Path(__file__).resolve().parents[2] / "docs" / "notation.md"
    (example,) = re.findall(r"```dice-record\n(.*?)```", doc.read_text(encoding="utf-8"), re.S)
    session = read_dice_record(example)
    assert write_dice_record(session) == example
    assert session.hand is not None and session.hand.winners == (2,) and session.chips == [9, 9, 12]


def test_a_record_saved_while_a_double_perfect_is_deciding_reads_back() -> None:
    text = """[Variant "dice"]
[Players "2"]

[Hand "1"]
[Tiles0 "2-2 6-6 3-1 4-1"]
[Tiles1 "5-5 5-4 1-1 3-3"]

1. dice 2-6 0: up 2-2 6-6 1: down 5-4 1-1 draw 1 4-0
"""
    session = read_dice_record(text)
    assert session.hand is not None and session.hand.awaiting_rethrow == (0,)
    again = read_dice_record(write_dice_record(session))
    assert again.hand is not None and again.hand.awaiting_rethrow == (0,)


def test_play_goes_on_after_a_record_that_ends_in_a_round() -> None:
    session = read_dice_record(SOURCE_EXAMPLE.split("2. dice")[0] + "2. dice 2-6 1: down 4-0 1-1")
    session.commit(0, Commitment(tuple(t("3-2")), tuple(t("6-5"))))  # the round is revealed: draws follow
    hand = session.hand
    assert hand is not None and len(hand.rounds) == 2 and all(hand.rounds[1].drawn)


def test_a_record_replays_to_any_round_of_any_hand() -> None:
    session = DiceSession.seeded(3, 23, chips=5)
    play(session, random.Random(23), 40)
    text = write_dice_record(session)
    for hand_index, (_, played) in enumerate(session.hands):
        for rounds in range(len(played.rounds) + 1):
            at = replay_dice_record(text, hand_index, rounds)
            assert at.hand_number == hand_index + 1 and at.hand is not None
            assert at.hand.rounds == played.rounds[:rounds]
            assert at.hand.dealt == played.dealt
    with pytest.raises(NotationError):
        replay_dice_record(text, len(session.hands), 0)
