"""A full storage (web/storage/saves.py, web/storage/unsaved.py, web/storage/first_game.py):
the game being played gets room from what the table may drop, the person is told what was
dropped, and an older position is never restored as if it were the latest."""

from __future__ import annotations

import json

from tests.helpers.storage import BlockedStorage, DictStorage
from web.dice.controller import DiceController
from web.line.controller import Controller, Settings
from web.links.params import parse_link
from web.storage.first_game import NOT_KEPT, first_game
from web.storage.saves import BROKEN_PREFIX, OPENED_KEY, SAVE_KEY, STALE_DAYS, SaveSlots, slot_key
from web.storage.unsaved import UNSAVED_PREFIX, UnsavedMoves

TODAY = 20_000


def game_text(moves: int = 0, seed: int = 3) -> str:
    """A Block match's record after ``moves`` moves (each player plays their first legal move)."""
    controller = Controller(Settings.for_variant("block", 2), seed)
    for _ in range(moves):
        controller.match.apply(controller.match.legal_actions()[0])
    return controller.save()


def filled(room: int, **data: str) -> DictStorage:
    """A storage holding ``data`` with ``room`` characters left."""
    storage = DictStorage()
    storage.data.update(data)
    storage.quota = sum(len(key) + len(value) for key, value in data.items()) + room
    return storage


def test_full_storage_is_told_apart_from_blocked_storage() -> None:
    full = SaveSlots(filled(3))
    assert full.full and not full.available and not full.blocked
    blocked = SaveSlots(BlockedStorage())
    assert blocked.blocked and not blocked.full


def test_room_is_made_from_copies_set_aside_but_the_newest_is_kept() -> None:
    copies = {f"{BROKEN_PREFIX}{number}": "x" * 500 for number in (1, 2, 3)}
    storage = filled(200, **copies)
    slots = SaveSlots(storage, TODAY)
    text = "y" * 800
    assert slots.save("", text)
    assert storage.data[SAVE_KEY] == text
    assert f"{BROKEN_PREFIX}3" in storage.data  # the newest copy stays
    assert slots.room_made is not None
    assert "removed 2 damaged saved games set aside earlier, so your game is saved" in slots.room_made


def test_the_newest_copy_is_never_dropped_for_room() -> None:
    storage = filled(100, **{f"{BROKEN_PREFIX}1": "x" * 500})
    slots = SaveSlots(storage, TODAY)
    assert not slots.save("", "y" * 400)
    assert f"{BROKEN_PREFIX}1" in storage.data and slots.room_made is None


def test_saves_of_tables_long_unopened_make_room_the_longest_unopened_first() -> None:
    old, older, recent = slot_key("variant=block"), slot_key("variant=cuban"), slot_key("variant=muggins")
    days = {old: TODAY - STALE_DAYS, older: TODAY - STALE_DAYS - 30, recent: TODAY - STALE_DAYS + 1}
    storage = filled(
        100, **{old: "o" * 300, older: "p" * 300, recent: "r" * 300, OPENED_KEY: json.dumps(days)}
    )
    slots = SaveSlots(storage, TODAY)
    assert slots.save("", "y" * 350)
    assert older not in storage.data and old in storage.data and recent in storage.data
    assert slots.room_made is not None
    assert f"the saved game of 1 other table not opened for {STALE_DAYS} days" in slots.room_made
    assert older not in json.loads(storage.data[OPENED_KEY])  # its date went with it
    assert not slots.save("", "y" * 1200)  # the recent table's save is never dropped
    assert recent in storage.data and slots.room_made is not None and "still does not fit" in slots.room_made


def test_the_table_being_played_never_loses_its_own_save_for_room() -> None:
    days = {SAVE_KEY: TODAY - 400}
    storage = filled(10, **{SAVE_KEY: "a" * 300, OPENED_KEY: json.dumps(days)})
    slots = SaveSlots(storage, TODAY)
    assert not slots.save("", "b" * 400)
    assert storage.data[SAVE_KEY] == "a" * 300


def test_opening_a_table_dates_it_and_every_save_not_yet_dated() -> None:
    storage = DictStorage()
    storage.data[slot_key("variant=block")] = "b"
    slots = SaveSlots(storage, TODAY)
    slots.opened("variant=cuban")  # no save yet: dated all the same, for its first save
    assert json.loads(storage.data[OPENED_KEY]) == {
        slot_key("variant=block"): TODAY,
        slot_key("variant=cuban"): TODAY,
    }
    SaveSlots(storage, TODAY + 5).opened("variant=block")
    assert json.loads(storage.data[OPENED_KEY]) == {slot_key("variant=block"): TODAY + 5}


def test_the_index_remembers_the_game_each_table_last_played_and_still_dates_it() -> None:
    storage = DictStorage()
    storage.data[SLOT_KEY] = "o" * 300
    slots = SaveSlots(storage, TODAY - STALE_DAYS)
    slots.opened("variant=block", ("block", 3))
    assert json.loads(storage.data[OPENED_KEY]) == {SLOT_KEY: [TODAY - STALE_DAYS, "block", 3]}
    later = SaveSlots(storage, TODAY)
    assert later.last_game("variant=block") == ("block", 3) and later.last_game("") is None
    storage.quota = sum(len(key) + len(value) for key, value in storage.data.items()) + 10
    assert later.save("", "y" * 200), "a table last opened long ago still makes room"
    assert SLOT_KEY not in storage.data


def test_a_damaged_date_index_drops_nothing() -> None:
    for index in ("not json", "[1, 2]", json.dumps({SLOT_KEY: "old"}), json.dumps({SLOT_KEY: True})):
        storage = filled(10, **{SLOT_KEY: "o" * 300, OPENED_KEY: index})
        slots = SaveSlots(storage, TODAY)
        assert not slots.save("", "y" * 200)
        assert SLOT_KEY in storage.data


SLOT_KEY = slot_key("variant=block")


def test_progress_names_the_hand_and_the_move() -> None:
    controller = Controller(Settings.for_variant("block", 2), 3)
    assert controller.progress() == "hand 1, move 0"
    controller.match.apply(controller.match.legal_actions()[0])
    assert controller.progress() == "hand 1, move 1"
    while not controller.match.hand.is_over:
        controller.match.apply(controller.match.legal_actions()[0])
    score = "-".join(map(str, controller.match.scores))
    assert controller.progress() == f"the end of hand 1, {score}"
    dice = DiceController(Settings.for_variant("dice"), 4)
    assert dice.progress() == "hand 1, round 1"


def test_a_note_is_only_about_the_save_it_was_written_over() -> None:
    session, local = DictStorage(), DictStorage()
    notes = UnsavedMoves((session, local))
    notes.note(SAVE_KEY, "the save", "hand 2, move 5")
    assert session.data == local.data and len(session.data) == 1
    assert notes.reached(SAVE_KEY, "the save") == "hand 2, move 5"
    assert notes.reached(SAVE_KEY, "another save") is None
    assert notes.reached(SLOT_KEY, "the save") is None
    assert UnsavedMoves((DictStorage(), local)).reached(SAVE_KEY, "the save") == "hand 2, move 5"  # a new tab
    notes.clear(SAVE_KEY)
    assert session.data == {} == local.data


def test_a_note_is_kept_by_whichever_store_has_room() -> None:
    session, local = DictStorage(), filled(0)
    notes = UnsavedMoves((BlockedStorage(), local, session))
    notes.note(SAVE_KEY, None, "hand 1, move 3")
    assert list(session.data) == [UNSAVED_PREFIX + SAVE_KEY]
    assert notes.reached(SAVE_KEY, None) == "hand 1, move 3"


def test_a_note_edited_by_hand_shows_nothing_it_should_not() -> None:
    session = DictStorage()
    notes = UnsavedMoves((session,))
    for reached in ("<b>hand</b>", "x" * 500, "", 7, None):
        session.data[UNSAVED_PREFIX + SAVE_KEY] = json.dumps({"saved": "", "reached": reached})
        assert notes.reached(SAVE_KEY, None) is None
    session.data[UNSAVED_PREFIX + SAVE_KEY] = "{not json"
    assert notes.reached(SAVE_KEY, None) is None


def test_an_older_position_is_restored_with_a_notice_saying_how_far_the_game_had_got() -> None:
    storage, session = DictStorage(), DictStorage()
    saved = game_text(moves=3)
    storage.data[SAVE_KEY] = saved
    notes = UnsavedMoves((session, storage))
    notes.note(SAVE_KEY, saved, "hand 1, move 9")
    first = first_game(SaveSlots(storage, TODAY), "", parse_link(""), None, [], notes)
    assert first.restored
    (notice,) = first.notices
    assert notice == (
        "The browser's storage for this site was full, so the moves after hand 1, move 3 could not "
        "be saved: this is the game as it was then (it had reached hand 1, move 9)."
    )


def test_a_game_storage_never_took_is_said_lost_when_a_new_game_starts() -> None:
    storage = DictStorage()
    UnsavedMoves((storage,)).note(SAVE_KEY, None, "hand 1, move 4")
    first = first_game(SaveSlots(storage, TODAY), "", parse_link(""), None, [], UnsavedMoves((storage,)))
    assert not first.restored
    assert first.notices == [
        "The browser's storage for this site was full, so your last game (at hand 1, move 4) "
        "could not be saved. A new game has started."
    ]


def test_a_save_written_after_the_note_is_restored_without_it() -> None:
    storage = DictStorage()
    UnsavedMoves((storage,)).note(SAVE_KEY, game_text(moves=1), "hand 1, move 4")
    storage.data[SAVE_KEY] = game_text(moves=5)  # another tab saved since
    first = first_game(SaveSlots(storage, TODAY), "", parse_link(""), None, [], UnsavedMoves((storage,)))
    assert first.restored and first.notices == []


def test_full_storage_at_boot_is_not_called_blocked() -> None:
    storage = filled(2, **{SAVE_KEY: game_text(moves=2)})
    first = first_game(SaveSlots(storage, TODAY), "", parse_link(""), None, [], UnsavedMoves((storage,)))
    assert first.restored and NOT_KEPT not in first.notices
    blocked = first_game(SaveSlots(BlockedStorage(), TODAY), "", parse_link(""), None, [])
    assert blocked.notices == [NOT_KEPT]
