"""Saved games (web/storage/save_check.py and web/storage/saves.py): real saves pass and restore unchanged; every damaged save found
refuses with a short message in plain words; mutated saves never raise anything else; and the
save slots keep unreadable saves aside over a storage that may be full or throw on every call."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import EngineError
from engine.line.ai import make_bot
from engine.line.json_record import match_record
from engine.line.match import Match
from tests.helpers.storage import BlockedStorage, DictStorage, SecurityError
from web.line.controller import Controller, Settings
from web.storage.save_check import (
    MAX_ACTIONS_PER_HAND,
    MAX_DEPTH,
    MAX_HANDS,
    MAX_SAVE_CHARS,
    SaveError,
    ValidSave,
    settings_of_damaged_save,
    validate_save,
)
from web.storage.saves import BROKEN_PREFIX, LEGACY_BROKEN_KEY, MAX_BROKEN, SAVE_KEY, SaveSlots, slot_key

DAMAGED = "the saved game is damaged: "
PYTHON_WORDS = re.compile(
    r"Error|Traceback|Exception|\b(int|float|str|dict|None|True|False|NaN|inf|nan|Infinity|json)\b|[{}<>\"\\]"
)

# (variant, players, options, moves): one table per kind of move a record holds.
TABLES: list[tuple[str, int | None, dict[str, str] | None, int]] = [
    ("draw-2", None, None, 40),
    ("block", 4, None, 30),
    ("partnership-block", None, {"partner-draw": "on"}, 30),
    ("jamaican-partner", None, None, 60),
    ("all-fives", 2, {"manual-scoring": "on"}, 40),
    ("pub-block", 4, {"set": "double-twelve"}, 30),
    ("cut-throat", 3, None, 60),
    ("double-nine-cross", 3, None, 30),
]


def played(
    variant: str, players: int | None, options: dict[str, str] | None, moves: int, seed: int
) -> Controller:
    """A controller after ``moves`` moves: the person's seat played by an Easy bot, the others by theirs.

    Its match is dealt as tables dealt when saves were JSON (every hand from the one seed,
    before deals were committed), so that its JSON save is one such a table wrote."""
    settings = Settings.for_variant(variant, players, options=options)
    controller = Controller.over(settings, Match(settings.rules(), seed))
    person, rng = make_bot("greedy"), random.Random(seed)
    for _ in range(moves):
        if controller.phase == "match-over":
            break
        if controller.phase == "bot":
            controller.bot_move()
        elif controller.phase == "hand-over":
            controller.next_hand()
        else:
            controller.act(person.choose(controller.view(), rng))
    return controller


def legacy_save(controller: Controller) -> str:
    """The save as the table wrote it before saves became records (JSON): such saves still load."""
    record = match_record(controller.match, controller.actions)
    return json.dumps({"settings": controller.settings.to_json(), "record": record})


@cache
def real_saves() -> tuple[str, ...]:
    """One real save in the JSON form of each table in :data:`TABLES`."""
    return tuple(legacy_save(played(*table, seed=11 + number)) for number, table in enumerate(TABLES))


def edited(text: str, change: Callable[[dict[str, Any]], None]) -> str:
    """A save with its parsed data changed by ``change``."""
    data = json.loads(text)
    change(data)
    return json.dumps(data)


def draw2() -> str:
    return real_saves()[0]


def assert_plain_refusal(text: object) -> SaveError:
    """``validate_save`` refuses ``text`` with a short message in plain words."""
    with pytest.raises(SaveError) as caught:
        validate_save(text)  # type: ignore[arg-type]
    error = caught.value
    message = str(error)
    assert isinstance(error, EngineError) and error.code == "bad-save"
    assert message.startswith(DAMAGED) and message == DAMAGED + error.reason
    assert len(message) <= 100, message
    assert not PYTHON_WORDS.search(message), message
    return error


# --- real saves ---------------------------------------------------------------------------


@pytest.mark.parametrize("number", range(len(TABLES)), ids=[table[0] for table in TABLES])
def test_a_real_save_passes_unchanged_and_restores_identically(number: int) -> None:
    variant, players, options, moves = TABLES[number]
    controller = played(variant, players, options, moves, seed=11 + number)
    text = legacy_save(controller)
    valid = validate_save(text)
    assert valid.text == text
    assert Settings.from_json(valid.settings) == controller.settings
    restored = Controller.restore(valid.text)
    assert legacy_save(restored) == text
    assert restored.view() == controller.view()
    assert restored.match.scores == controller.match.scores


def test_a_whole_match_is_far_below_the_size_limit() -> None:
    controller = played("draw-2", None, None, 5000, seed=3)
    assert controller.phase == "match-over"
    text = legacy_save(controller)
    assert validate_save(text).text == text
    assert len(text) < MAX_SAVE_CHARS / 50


def test_a_just_dealt_match_saves_one_empty_hand_and_that_is_a_real_save() -> None:
    # The app saves as soon as a match starts, before any move: hands [[]] is that save, so it
    # passes (a mid-match record replaced by [[]] cannot be told from it).
    controller = played("draw-2", None, None, 0, seed=5)
    text = legacy_save(controller)
    assert json.loads(text)["record"]["hands"] == [[]]
    assert Controller.restore(validate_save(text).text).view() == controller.view()
    emptied = edited(draw2(), lambda data: data["record"].__setitem__("hands", [[]]))
    assert Controller.restore(validate_save(emptied).text).match.hand_number == 1
    assert_plain_refusal(edited(draw2(), lambda data: data["record"].__setitem__("hands", [[[]]])))
    assert_plain_refusal(edited(draw2(), lambda data: data["record"].__setitem__("hands", [])))


def test_keys_a_save_does_not_need_are_left_out() -> None:
    text = edited(draw2(), lambda data: data.update(version=2, note={"x": [1, 2]}))
    assert validate_save(text).text == draw2()


# --- every damaged save found, and more ------------------------------------------------------


def settings_players(value: object) -> Callable[[str], str]:
    return lambda text: edited(text, lambda data: data["settings"].__setitem__("players", value))


def record_value(key: str, value: object) -> Callable[[str], str]:
    return lambda text: edited(text, lambda data: data["record"].__setitem__(key, value))


def literal(old: str, new: str) -> Callable[[str], str]:
    """Replace the first ``old`` in the text (for what json.dumps cannot write)."""

    def change(text: str) -> str:
        assert old in text
        return text.replace(old, new, 1)

    return change


def seed_literal(new: str) -> Callable[[str], str]:
    return lambda text: re.sub(r'"seed": \d+', f'"seed": {new}', text)


DAMAGE: dict[str, tuple[Callable[[str], str], str]] = {
    # the five that bricked the app
    "players 1e999": (
        literal('"players": 2', '"players": 1e999'),
        "the number of players is not a whole number",
    ),
    "target -1e999": (literal('"target": 100', '"target": -1e999'), "the target score is not a whole number"),
    "record players 4.0": (record_value("players", 4.0), "the number of players is not a whole number"),
    "20,000-deep nesting": (lambda text: "[" * 20_000 + "]" * 20_000, "it is nested too deeply"),
    "20,000-deep hands": (
        record_value("hands", "HANDS"),
        "it is nested too deeply",
    ),
    # the six accepted silently (the seventh, [[]] hands, is a real save: see above)
    "empty": (lambda text: "", "it is empty"),
    "blank": (lambda text: " \n\t", "it is empty"),
    "players '4'": (settings_players("4"), "the number of players is not a whole number"),
    "players 4.5": (settings_players(4.5), "the number of players is not a whole number"),
    "target 100.0": (
        lambda text: edited(text, lambda data: data["settings"].__setitem__("target", 100.0)),
        "the target score is not a whole number",
    ),
    "4 MB of padding": (
        lambda text: text[:-1] + ', "padding": "' + " " * 4_000_000 + '"}',
        "it is too large",
    ),
    # numbers
    "NaN seed": (seed_literal("NaN"), "it holds a number that is not a number"),
    "Infinity seed": (seed_literal("Infinity"), "it holds a number that is not a number"),
    "-Infinity target": (
        literal('"target": 100', '"target": -Infinity'),
        "it holds a number that is not a number",
    ),
    "5000-digit seed": (seed_literal("9" * 5000), "the deal number is far too large"),
    "5000-digit negative players": (literal('"players": 2', '"players": -' + "9" * 5000), "is far too large"),
    "seed 2**63": (record_value("seed", 2**63), "the deal number is out of range"),
    "negative seed": (record_value("seed", -1), "the deal number is out of range"),
    "seed 1.5": (record_value("seed", 1.5), "the deal number is not a whole number"),
    "players true": (settings_players(True), "the number of players is not a whole number"),
    "players 0": (settings_players(0), "the number of players is out of range"),
    "players 3 in draw-2": (
        lambda text: edited(text, lambda data: data["settings"].update(players=3, levels=["greedy"] * 2)),
        "does not fit",
    ),
    "target 120": (lambda text: edited(text, lambda d: d["settings"].__setitem__("target", 120)), "not one"),
    "target 10**9": (
        lambda text: edited(text, lambda d: d["record"].__setitem__("target", 10**9)),
        "out of range",
    ),
    # structure
    "not an object": (lambda text: "[1, 2]", "it is not in the right form"),
    "not JSON": (lambda text: text[:-5], "it is not readable"),
    "a bare string": (lambda text: '"save"', "it is not in the right form"),
    "a key twice": (seed_literal('5, "seed": 6'), "it holds the same entry twice"),
    "settings missing": (
        lambda text: edited(text, lambda data: data.pop("settings")),
        "settings are missing",
    ),
    "record null": (
        lambda text: edited(text, lambda data: data.__setitem__("record", None)),
        "record is missing",
    ),
    "record a list": (lambda text: edited(text, lambda data: data.__setitem__("record", [])), "right form"),
    "no target": (
        lambda text: edited(text, lambda data: data["record"].pop("target")),
        "target score is missing",
    ),
    "unknown format": (record_value("format", "dominoes-match/9"), "not one this table writes"),
    "unknown variant": (lambda text: text.replace('"draw-2"', '"draw-9"'), "not one this table knows"),
    "unknown level": (
        lambda text: edited(text, lambda data: data["settings"].__setitem__("levels", ["genius"])),
        "levels are not ones",
    ),
    "too few levels": (
        lambda text: edited(text, lambda data: data["settings"].__setitem__("levels", [])),
        "levels are not ones",
    ),
    "a level not text": (
        lambda text: edited(text, lambda data: data["settings"].__setitem__("levels", [7])),
        "is not a name",
    ),
    "an unknown option": (record_value("options", {"spinner": "on"}), "rule options are not ones"),
    "an option value not text": (record_value("options", {"overdraw": 1}), "is not a name"),
    "options a list": (record_value("options", ["overdraw"]), "rule options are not in the right form"),
    "a long option value": (
        record_value("options", {"overdraw": "o" * 5000}),
        "is not a name this table uses",
    ),
    "settings and record disagree": (record_value("options", {"overdraw": "on"}), "disagree"),
    "hands not a list": (record_value("hands", "6-6"), "list of hands is not in the right form"),
    "hands empty": (record_value("hands", []), "list of hands is not in the right form"),
    "a hand not a list": (record_value("hands", ["6-6"]), "a hand is not a list of moves"),
    "a move not text": (record_value("hands", [[66]]), "a move is not one this table writes"),
    "a move too long": (record_value("hands", [["6-6" * 100]]), "a move is not one this table writes"),
    "a move not ASCII": (record_value("hands", [["6\u20136"]]), "a move is not one this table writes"),
    "a move empty": (record_value("hands", [[""]]), "a move is not one this table writes"),
    "too many hands": (record_value("hands", [[]] * (MAX_HANDS + 1)), "too many hands"),
    "too many moves": (record_value("hands", [["draw"] * (MAX_ACTIONS_PER_HAND + 1)]), "too many moves"),
}


@pytest.mark.parametrize("name", DAMAGE)
def test_a_damaged_save_is_refused_in_plain_words(name: str) -> None:
    damage, expected = DAMAGE[name]
    text = damage(draw2()).replace('"HANDS"', "[" * 20_000 + "]" * 20_000)
    error = assert_plain_refusal(text)
    assert expected in error.reason


def test_a_save_that_is_not_text_is_refused() -> None:
    assert assert_plain_refusal(draw2().encode()).reason == "it is not text"
    assert assert_plain_refusal(None).reason == "it is not text"


def test_depth_is_counted_on_the_text_outside_strings() -> None:
    inside = edited(draw2(), lambda data: data.update(note='[[[[[[[[[[[[[[[[\\"{{{{{{{{{{{{'))
    assert validate_save(inside).text == draw2()
    deep = edited(draw2(), lambda data: data.update(note=json.loads("[" * MAX_DEPTH + "]" * MAX_DEPTH)))
    assert assert_plain_refusal(deep).reason == "it is nested too deeply"
    at_limit = edited(
        draw2(), lambda data: data.update(note=json.loads("[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1)))
    )
    assert validate_save(at_limit).text == draw2()


@pytest.mark.parametrize(
    "name", ["record players 4.0", "5000-digit seed", "negative seed", "a move not text", "too many hands"]
)
def test_settings_survive_a_damaged_record(name: str) -> None:
    damaged = DAMAGE[name][0](draw2())
    assert_plain_refusal(damaged)
    found = settings_of_damaged_save(damaged)
    assert found is not None
    assert Settings.from_json(found) == Settings.from_json(json.loads(draw2())["settings"])


@pytest.mark.parametrize(
    "name", ["players 1e999", "players '4'", "target 100.0", "unknown level", "empty", "not JSON"]
)
def test_no_settings_from_a_save_whose_settings_are_damaged(name: str) -> None:
    assert settings_of_damaged_save(DAMAGE[name][0](draw2())) is None


# --- mutated saves: SaveError or a save the controller restores, nothing else ------------------

ACTION_LIKE = st.from_regex(r"\A(\d{1,2}-\d{1,2}(@\d{1,3}[NESWnesw])?|draw|pass|(lead|call|muggins):\d)\Z")
ODD_VALUES = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([0, 1, -1, 2, 3, 4, 5, 6, 100, 2**31, 2**63 - 1, 2**63]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.none(),
    st.text(max_size=20),
    ACTION_LIKE,
    st.sampled_from(["draw-2", "block", "cut-throat", "greedy", "expert", "on", "off", "dominoes-match/1"]),
    st.lists(st.one_of(st.integers(0, 9), ACTION_LIKE), max_size=4),
    st.lists(st.lists(ACTION_LIKE, max_size=4), max_size=3),
    st.dictionaries(st.text(max_size=8), st.text(max_size=8), max_size=3),
)


def paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path (keys and indexes) to a value inside ``value``."""
    found = [path]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += paths(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += paths(inner, (*path, index))
    return found


@st.composite
def tree_edit(draw: st.DrawFn, data: Any) -> None:
    """Change the parsed save in place: replace, delete, add, or nest a value."""
    inside = paths(data)[1:]
    if not inside:
        return
    path = draw(st.sampled_from(inside))
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    kind = draw(st.sampled_from(["replace", "replace", "delete", "add", "nest", "insert-move"]))
    if kind == "replace":
        parent[last] = draw(ODD_VALUES)
    elif kind == "delete":
        del parent[last]
    elif kind == "add" and isinstance(parent, dict):
        parent[draw(st.text(max_size=10))] = draw(ODD_VALUES)
    elif kind == "nest":
        for _ in range(draw(st.integers(1, 12))):
            parent[last] = [parent[last]]
    elif kind == "insert-move":
        record = data.get("record")
        hands = record.get("hands") if isinstance(record, dict) else None
        if isinstance(hands, list) and hands:
            hand = hands[draw(st.integers(0, len(hands) - 1))]
            if isinstance(hand, list):
                hand.insert(draw(st.integers(0, len(hand))), draw(ACTION_LIKE))


@st.composite
def text_edit(draw: st.DrawFn, text: str) -> str:
    """Change the text itself: truncate, insert, cut, duplicate a key, odd number literals, nest."""
    kind = draw(st.sampled_from(["truncate", "insert", "cut", "duplicate", "number", "nest"]))
    at = draw(st.integers(0, len(text)))
    if kind == "truncate":
        return text[:at]
    if kind == "insert":
        return text[:at] + draw(st.text(min_size=1, max_size=5)) + text[at:]
    if kind == "cut":
        return text[:at] + text[at + draw(st.integers(1, 20)) :]
    keys = list(re.finditer(r'"[a-z-]+": ', text))
    if kind == "duplicate" and keys:
        key = draw(st.sampled_from(keys))
        return (
            text[: key.start()]
            + key.group()
            + draw(st.sampled_from(["1, ", '"x", ', "[], "]))
            + text[key.start() :]
        )
    numbers = list(re.finditer(r"\b\d+\b", text))
    if kind == "number" and numbers:
        number = draw(st.sampled_from(numbers))
        new = draw(
            st.sampled_from(["1e999", "-1e999", "4.0", "-0", "NaN", "-Infinity", "9" * 5000, "1" * 19])
        )
        return text[: number.start()] + new + text[number.end() :]
    depth = draw(st.sampled_from([2, 5, 9, 50, 20_000]))
    return text[:at] + "[" * depth + "]" * depth + text[at:] if kind == "nest" else text


@st.composite
def mutated_saves(draw: st.DrawFn) -> str:
    """A real save with one to three edits of its data and/or its text."""
    text = draw(st.sampled_from(real_saves()))
    data = json.loads(text)
    tree_edits = draw(st.integers(0, 3))
    for _ in range(tree_edits):
        draw(tree_edit(data))
    text = json.dumps(data)  # writes NaN and Infinity for such floats
    for _ in range(draw(st.integers(0 if tree_edits else 1, 2))):
        text = draw(text_edit(text))
    return text


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_saves())
def test_a_mutated_save_is_refused_plainly_or_restores(text: str) -> None:
    try:
        valid = validate_save(text)
    except SaveError as error:
        message = str(error)
        assert message.startswith(DAMAGED) and len(message) <= 100 and not PYTHON_WORDS.search(message)
    else:
        assert isinstance(valid, ValidSave)
        try:
            restored = Controller.restore(valid.text)
        except EngineError:
            pass  # a move that cannot be played: found only by replaying
        else:
            assert restored.settings == Settings.from_json(valid.settings)
            assert validate_save(legacy_save(restored)).text == legacy_save(restored)
    found = settings_of_damaged_save(text)
    if found is not None:
        Settings.from_json(found)


# --- the save slots ----------------------------------------------------------------------------


class StuckStorage(DictStorage):
    """A storage that cannot remove anything."""

    def remove(self, key: str) -> None:
        raise SecurityError("no")


def damaged(number: int) -> str:
    """A distinct damaged save for each ``number``."""
    return draw2().replace('"players": 2', f'"players": {number}.5', 1)


def test_a_working_storage_is_available_and_the_probe_leaves_nothing() -> None:
    storage = DictStorage()
    slots = SaveSlots(storage)
    assert slots.available and storage.data == {}
    assert slots.load("") == (None, None)
    assert slots.save("", draw2()) and storage.data == {SAVE_KEY: draw2()}
    valid, notice = slots.load("")
    assert notice is None and valid is not None and valid.text == draw2()
    assert slots.broken_saves() == [] and storage.data == {SAVE_KEY: draw2()}


def test_a_storage_that_throws_on_every_call_never_breaks_the_table() -> None:
    slots = SaveSlots(BlockedStorage())
    assert not slots.available
    assert slots.load("") == (None, None)
    assert slots.load("variant=block") == (None, None)
    assert slots.save("", draw2()) is False
    assert slots.broken_saves() == []
    assert "could not be restored" in slots.set_aside("")


def test_a_full_storage_refuses_saves_without_raising() -> None:
    storage = DictStorage(quota=1000)
    slots = SaveSlots(storage)
    assert slots.available
    assert slots.save("", draw2()[:900])
    assert not slots.save("", draw2() * 2)
    assert storage.data[SAVE_KEY] == draw2()[:900]  # the last save that fitted stays
    assert not SaveSlots(DictStorage(quota=5)).available


def test_a_save_over_the_limit_is_not_written() -> None:
    storage = DictStorage()
    slots = SaveSlots(storage)
    assert slots.save("", draw2())
    assert not slots.save("", " " * (MAX_SAVE_CHARS + 1))
    assert storage.data[SAVE_KEY] == draw2()


def test_a_damaged_save_is_kept_aside_and_the_slot_cleared() -> None:
    storage = DictStorage()
    storage.data[SAVE_KEY] = damaged(4)
    slots = SaveSlots(storage)
    valid, notice = slots.load("")
    assert valid is None and notice is not None
    assert "number of players is not a whole number" in notice and "kept aside" in notice
    assert not PYTHON_WORDS.search(notice.replace("(", "").replace(")", ""))
    assert SAVE_KEY not in storage.data
    assert slots.broken_saves() == [damaged(4)]
    assert slots.load("") == (None, None)  # the next boot does not trip again


def test_several_damaged_saves_are_all_kept_up_to_the_cap() -> None:
    storage = DictStorage()
    slots = SaveSlots(storage)
    for number in range(3):
        storage.data[SAVE_KEY] = damaged(number)
        assert slots.load("")[1] is not None
    assert slots.broken_saves() == [damaged(0), damaged(1), damaged(2)]
    for number in range(3, 3 + MAX_BROKEN):
        storage.data[slot_key(f"table={number}")] = damaged(number)
        assert slots.load(f"table={number}")[1] is not None
    assert slots.broken_saves() == [damaged(number) for number in range(3, 3 + MAX_BROKEN)]
    assert len([key for key in storage.data if key.startswith(BROKEN_PREFIX)]) == MAX_BROKEN
    assert not [key for key in storage.data if key.startswith("dominoes.save")]


def test_an_empty_save_is_kept_aside_with_a_notice() -> None:
    storage = DictStorage()
    storage.data[SAVE_KEY] = ""
    valid, notice = SaveSlots(storage).load("")
    assert valid is None and notice is not None and "it is empty" in notice
    assert SAVE_KEY not in storage.data


def test_a_save_that_cannot_be_cleared_is_kept_once() -> None:
    storage = StuckStorage()
    storage.data[SAVE_KEY] = damaged(1)
    for _ in range(4):
        assert SaveSlots(storage).load("")[1] is not None
    assert SaveSlots(storage).broken_saves() == [damaged(1)]


def test_a_damaged_save_too_big_for_storage_keeps_what_fits() -> None:
    storage = DictStorage(quota=40_000)
    slots = SaveSlots(storage)
    padded = draw2()[:-1] + ', "padding": "' + "x" * (MAX_SAVE_CHARS + 1000) + '"}'
    storage.data[SAVE_KEY] = padded  # written when storage had more room
    valid, notice = slots.load("")
    assert valid is None and notice is not None and "too large" in notice and "kept aside" in notice
    (kept,) = slots.broken_saves()
    note, _, prefix = kept.partition("\n")
    assert note == f"(cut to the first {len(prefix)} of {len(padded)} characters)"
    assert padded.startswith(prefix) and 1024 <= len(prefix) <= 40_000
    assert SAVE_KEY not in storage.data
    storage.data[SAVE_KEY] = padded  # the same save again (say the slot could not be cleared)
    assert slots.load("")[1] is not None
    assert slots.broken_saves() == [kept]


def test_a_copy_is_never_longer_than_the_size_limit() -> None:
    storage = DictStorage()
    slots = SaveSlots(storage)
    padded = "x" * (MAX_SAVE_CHARS * 3)
    storage.data[SAVE_KEY] = padded
    slots.load("")
    (kept,) = slots.broken_saves()
    note, _, prefix = kept.partition("\n")
    assert note == f"(cut to the first {MAX_SAVE_CHARS} of {len(padded)} characters)" and padded.startswith(
        prefix
    )


def test_no_room_at_all_for_a_copy_says_so() -> None:
    storage = DictStorage(quota=10)
    storage.data[SAVE_KEY] = damaged(2)
    valid, notice = SaveSlots(storage).load("")
    assert valid is None and notice is not None and "no room to keep a copy" in notice
    assert SAVE_KEY not in storage.data


def test_the_game_being_played_gets_room_before_saves_set_aside() -> None:
    storage = DictStorage(quota=len(draw2()) * 3)
    slots = SaveSlots(storage)
    for number in range(2):
        storage.data[slot_key(str(number))] = damaged(number)
        slots.load(str(number))
    assert slots.broken_saves() == [damaged(0), damaged(1)]
    assert slots.save("", draw2() + " " * 200)
    assert slots.broken_saves() == [damaged(1)]  # the oldest copy made way


def test_valid_settings_survive_a_damaged_record() -> None:
    storage = DictStorage()
    storage.data[SAVE_KEY] = DAMAGE["record players 4.0"][0](real_saves()[2])
    slots = SaveSlots(storage)
    valid, notice = slots.load("")
    assert valid is None and notice is not None
    assert slots.damaged_settings is not None
    expected = Settings.from_json(json.loads(real_saves()[2])["settings"])
    assert Settings.from_json(slots.damaged_settings) == expected
    storage.data[SAVE_KEY] = damaged(1)  # its settings are what is damaged
    assert slots.load("")[0] is None and slots.damaged_settings is None


def test_a_save_that_cannot_be_restored_is_set_aside_on_request() -> None:
    storage = DictStorage()
    slots = SaveSlots(storage)
    illegal = edited(draw2(), lambda data: data["record"].__setitem__("hands", [["9-9"]]))
    slots.save("", illegal)
    valid, notice = slots.load("")
    assert valid is not None and notice is None
    with pytest.raises(EngineError):
        Controller.restore(valid.text)
    notice = slots.set_aside("")
    assert "a move in it cannot be played" in notice and "kept aside" in notice
    assert slots.broken_saves() == [illegal] and SAVE_KEY not in storage.data


def test_tables_have_their_own_slots() -> None:
    names = [
        "",
        "variant=block&players=4&seed=7",
        "variant=block&players=4&seed=8",
        "variant=block&players=4&seed=7&table=left",
        "x" * 500,
        "x" * 501,
        "d\u00e9j\u00e0 vu",
        "#" + slot_key("x" * 500).rsplit("#", 1)[1],
    ]
    keys = [slot_key(name) for name in names]
    assert keys[0] == SAVE_KEY and keys[1] == "dominoes.save:variant=block&players=4&seed=7"
    assert len(set(keys)) == len(names) and all(len(key) <= 100 for key in keys)
    storage = DictStorage()
    slots = SaveSlots(storage)
    saves = real_saves()
    for name, text in zip(names, saves, strict=True):
        assert slots.save(name, text)
    for name, text in zip(names, saves, strict=True):
        valid, notice = slots.load(name)
        assert notice is None and valid is not None and valid.text == text


def test_a_save_set_aside_by_an_earlier_version_is_listed_first() -> None:
    storage = DictStorage()
    storage.data[LEGACY_BROKEN_KEY] = "old"
    storage.data[SAVE_KEY] = damaged(3)
    slots = SaveSlots(storage)
    slots.load("")
    assert slots.broken_saves() == ["old", damaged(3)]


def test_a_storage_giving_something_other_than_text_counts_as_empty() -> None:
    class JsNullStorage(DictStorage):
        def get(self, key: str) -> str | None:
            return object()  # type: ignore[return-value]

        def keys(self) -> list[str]:
            return None  # type: ignore[return-value]

    slots = SaveSlots(JsNullStorage())
    assert slots.load("") == (None, None) and slots.broken_saves() == []


# --- saves as records (docs/notation.md) -----------------------------------------------------


@cache
def record_saves() -> tuple[str, ...]:
    """One real save, as the table writes it now (a record), of each table in :data:`TABLES`."""
    return tuple(played(*table, seed=11 + number).save() for number, table in enumerate(TABLES))


@pytest.mark.parametrize("number", range(len(TABLES)), ids=[table[0] for table in TABLES])
def test_a_record_save_passes_unchanged_and_restores_identically(number: int) -> None:
    variant, players, options, moves = TABLES[number]
    controller = played(variant, players, options, moves, seed=11 + number)
    text = controller.save()
    assert text.startswith("[Variant ")
    valid = validate_save(text)
    assert valid.text == text and valid.record is None
    assert Settings.from_json(valid.settings) == controller.settings
    restored = Controller.restore(valid.text)
    assert restored.save() == text
    assert restored.view() == controller.view()
    assert restored.actions == controller.actions


@pytest.mark.parametrize("number", range(len(TABLES)), ids=[table[0] for table in TABLES])
def test_a_save_from_before_records_restores_to_the_same_game(number: int) -> None:
    variant, players, options, moves = TABLES[number]
    controller = played(variant, players, options, moves, seed=11 + number)
    restored = Controller.restore(validate_save(legacy_save(controller)).text)
    assert restored.save() == controller.save()


@pytest.mark.parametrize(
    ("damage", "expected"),
    [
        (lambda text: text.replace('"draw-2"', '"draw-9"'), "not one this table offers"),
        (lambda text: text.replace('[Players "2"]', '[Players "7"]'), "number of players does not fit"),
        (lambda text: text.replace('[Target "100"]', '[Target "1e9"]'), "not one this table offers"),
        (lambda text: text.replace("[Variant", '[Variant "x"] [Variant', 1), "not one this table offers"),
        (lambda text: text + " " * MAX_SAVE_CHARS, "too long"),
        (lambda text: text.replace("]", "", 1), "its description of the game cannot be read"),
        (lambda text: text[: text.index("[Seed") + 9], "it is cut short"),
    ],
)
def test_a_record_save_with_damaged_tags_is_refused_in_plain_words(
    damage: Callable[[str], str], expected: str
) -> None:
    error = assert_plain_refusal(damage(record_saves()[0]))
    assert expected in error.reason


def test_a_record_save_with_a_move_that_cannot_be_played_keeps_its_settings() -> None:
    text = record_saves()[0]
    broken = text.replace("\n1. ", "\n1. 9-9 ", 1)
    valid = validate_save(broken)  # the tags are fine; the moves are checked on replay
    with pytest.raises(EngineError):
        Controller.restore(valid.text)
    assert settings_of_damaged_save(broken) == valid.settings
    assert settings_of_damaged_save(text.replace('"draw-2"', '"draw-9"')) is None


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_mutated_record_save_is_refused_plainly_or_restores(data: st.DataObject) -> None:
    text = data.draw(st.sampled_from(record_saves()))
    start = data.draw(st.integers(0, len(text) - 1))
    length = data.draw(st.integers(0, 12))
    insert = data.draw(st.text(alphabet='[]{}"\\ -@0123456789abcNEWS.\n+', max_size=6))
    mutated = text[:start] + insert + text[start + length :]
    try:
        valid = validate_save(mutated)
    except SaveError as error:
        assert not PYTHON_WORDS.search(str(error)), str(error)
        return
    try:
        restored = Controller.restore(valid.text)
    except EngineError:
        return
    assert Controller.restore(restored.save()).save() == restored.save()
