"""One table, one tab (web/storage/hold.py): two tabs are two TableHolds over one storage."""

from __future__ import annotations

import pytest

from tests.helpers.storage import BlockedStorage, DictStorage
from web.storage.hold import HOLDER_PREFIX, TableHold, holder_key

SAVE_KEY = "dominoes.save:variant=block"


def tab(storage: DictStorage, name: str) -> TableHold:
    """A tab booting: it takes the table, then reads the save."""
    hold = TableHold(storage, SAVE_KEY, name)
    hold.take()
    hold.loaded()
    return hold


def save(storage: DictStorage, hold: TableHold, text: str) -> bool:
    """A tab saving as the app does: only if it may."""
    if not hold.may_save():
        return False
    storage.set(SAVE_KEY, text)
    hold.wrote(text)
    return True


def test_the_holder_key_names_the_save_it_guards() -> None:
    assert holder_key(SAVE_KEY) == HOLDER_PREFIX + SAVE_KEY
    assert holder_key("dominoes.save") != holder_key("dominoes.save:variant=block")


def test_the_newest_tab_holds_the_table_and_the_older_one_is_told() -> None:
    storage = DictStorage()
    first = tab(storage, "A")
    assert save(storage, first, "three moves")
    second = tab(storage, "B")
    assert second.known == "three moves"  # it starts from the latest position
    # the browser tells the first tab its table's holder key changed
    assert first.taken_by(holder_key(SAVE_KEY), "B")
    assert first.elsewhere and not second.elsewhere
    assert save(storage, second, "four moves")


def test_a_tab_that_missed_the_news_never_saves_over_the_newer_game() -> None:
    storage = DictStorage()
    first = tab(storage, "A")
    save(storage, first, "one move")
    second = tab(storage, "B")
    save(storage, second, "two moves")
    assert not save(storage, first, "one move and another")  # (no storage event came)
    assert first.elsewhere
    assert storage.data[SAVE_KEY] == "two moves"


def test_a_save_written_by_a_tab_that_knows_nothing_of_holding_is_not_overwritten() -> None:
    storage = DictStorage()
    first = tab(storage, "A")
    save(storage, first, "one move")
    storage.set(SAVE_KEY, "another build's game")  # an older build's tab: no holder key
    assert not save(storage, first, "two moves")
    assert storage.data[SAVE_KEY] == "another build's game"


def test_play_here_takes_the_table_back_with_the_latest_save() -> None:
    storage = DictStorage()
    first = tab(storage, "A")
    save(storage, first, "one move")
    second = tab(storage, "B")
    first.taken_by(holder_key(SAVE_KEY), "B")
    save(storage, second, "two moves")
    first.take()  # Play here
    first.loaded()
    assert not first.elsewhere and first.known == "two moves"
    assert second.taken_by(holder_key(SAVE_KEY), "A")
    assert save(storage, first, "three moves") and not save(storage, second, "two moves and more")


@pytest.mark.parametrize(
    ("key", "value"),
    [
        (SAVE_KEY, "a save"),  # the save itself, not the holder
        (holder_key(SAVE_KEY), "A"),  # this tab's own name written again
        (holder_key("dominoes.save"), "B"),  # another table's holder
        (holder_key(SAVE_KEY), None),  # the key removed
        (None, None),  # storage cleared
    ],
)
def test_other_changes_to_storage_leave_the_table_held(key: str | None, value: str | None) -> None:
    hold = tab(DictStorage(), "A")
    assert not hold.taken_by(key, value)
    assert not hold.elsewhere


def test_a_first_save_and_a_game_without_a_save_are_kept() -> None:
    storage = DictStorage()
    hold = tab(storage, "A")
    assert hold.known is None
    assert save(storage, hold, "the first move")
    assert save(storage, hold, "the second move")


def test_storage_too_full_for_the_holders_name_drops_the_other_tabs_name() -> None:
    storage = DictStorage()
    tab(storage, "A")
    storage.quota = sum(len(k) + len(v) for k, v in storage.data.items()) - 1  # full
    second = tab(storage, "B")
    assert holder_key(SAVE_KEY) not in storage.data  # A's name is gone: A no longer holds it
    assert second.may_save()


def test_storage_that_raises_on_every_call_holds_nothing_and_never_raises() -> None:
    hold = TableHold(BlockedStorage(), SAVE_KEY, "A")
    hold.take()
    hold.loaded()
    assert hold.may_save() and not hold.elsewhere


def test_a_late_event_of_a_tab_taken_over_since_leaves_the_newest_holding() -> None:
    """Two frames booting at once: A takes the table, then B; the event of A's taking reaches
    B only after B took the table. B still holds it, and A is told by B's event."""
    storage = DictStorage()
    first = tab(storage, "A")
    second = tab(storage, "B")
    assert not second.taken_by(holder_key(SAVE_KEY), "A"), "A's event came after B took the table"
    assert not second.elsewhere
    assert first.taken_by(holder_key(SAVE_KEY), "B") and first.elsewhere
