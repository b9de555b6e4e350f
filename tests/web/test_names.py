"""Names from records (web/names.py): shown safely and legibly wherever a replay or a review
shows them, whatever the record's ``Seat`` tags hold."""

from __future__ import annotations

import time
import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.notation.text import tag_text
from web.dice.controller import DiceController
from web.dice.replay import DiceReplay
from web.line.controller import Controller, Settings
from web.names import MAX_NAME_CHARS, shown_name
from web.replay.model import Replay

RLO, LRO, PDF, ZWSP, ZWJ, BOM = "\u202e", "\u202d", "\u202c", "\u200b", "\u200d", "\ufeff"


def test_direction_overrides_and_invisible_characters_are_removed() -> None:
    assert shown_name(f"{RLO}Ann{PDF}", "West") == "Ann"
    assert shown_name(f"B{ZWSP}o{ZWJ}b{BOM}", "West") == "Bob"
    assert shown_name("Al\x00ice\x07", "West") == "Alice"
    assert shown_name("Jo\tand\nSam\u2028", "West") == "Jo and Sam"
    assert shown_name("  spaced   out  ", "West") == "spaced out"


def test_a_name_with_nothing_visible_is_the_seats_name() -> None:
    for raw in ("", "   ", f"{RLO}{PDF}", ZWSP * 50, "\x00\x01"):
        assert shown_name(raw, "North") == "North"


def test_a_long_name_is_cut_with_an_ellipsis() -> None:
    name = shown_name("Bartholomew the Magnificent of Dominoes", "East")
    assert len(name) == MAX_NAME_CHARS and name.endswith("…")
    assert name == "Bartholomew the Magnifi…"
    assert shown_name("x" * 800_000, "East") == "x" * (MAX_NAME_CHARS - 1) + "…"
    assert shown_name("Exactly twenty-four char", "East") == "Exactly twenty-four char"


def test_a_right_to_left_name_is_isolated_from_the_words_around_it() -> None:
    assert shown_name("أحمد", "West") == "\u2068أحمد\u2069"
    assert shown_name("דנה 2", "West") == "\u2068דנה 2\u2069"
    assert shown_name("Ann", "West") == "Ann"


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=400))
def test_any_name_shows_only_visible_characters_within_the_length(raw: str) -> None:
    name = shown_name(raw, "West")
    inner = name.removeprefix("\u2068").removesuffix("\u2069")
    assert 0 < len(inner) <= MAX_NAME_CHARS
    assert all(unicodedata.category(char)[0] != "C" for char in inner), repr(name)
    assert inner == inner.strip() and "  " not in inner


def finished_hand_record(names: dict[int, str]) -> str:
    """A two-player Block hand played to its end, its seats named ``names``."""
    controller = Controller(Settings.for_variant("block", 2), 3)
    match = controller.match
    while not match.hand.is_over:
        match.apply(match.legal_actions()[0])
    text = controller.save()
    for seat, name in names.items():
        text = text.replace(f'[Seat{seat} "{controller.names[seat]}"]', tag_text(f"Seat{seat}", name), 1)
    return text


def test_a_replay_shows_moves_in_order_whatever_a_name_holds() -> None:
    plain = Replay.of_text(finished_hand_record({}))
    hostile = Replay.of_text(finished_hand_record({1: f"{RLO}Mallory"}))
    assert hostile.names[1] == "Mallory"
    for before, after in zip(plain.steps[0], hostile.steps[0], strict=True):
        assert after.sentence == before.sentence.replace(plain.names[1], "Mallory")
        assert RLO not in after.sentence


def test_an_800000_character_name_opens_quickly_and_is_cut() -> None:
    text = finished_hand_record({1: "x" * 800_000})
    started = time.perf_counter()
    replay = Replay.of_text(text)
    assert replay.names[1] == "x" * (MAX_NAME_CHARS - 1) + "…"
    # Not a timing test (timings are noisy): reading the record once must not be quadratic
    # or per character in Python; a generous bound catches a return of the old 0.4 s loop x 10.
    assert time.perf_counter() - started < 4


def test_a_dice_replay_cleans_its_names_too() -> None:
    controller = DiceController(Settings.for_variant("dice", 3), 5)
    text = controller.save().replace('[Seat1 "West"]', tag_text("Seat1", f"{ZWSP}{RLO}Zed"), 1)
    assert DiceReplay(text).names[1] == "Zed"
