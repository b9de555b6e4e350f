"""Keeping the game after each move (web/storage/keeper.py): what the person is told when
storage is full, what a reload would bring back, and that nothing is told twice."""

from __future__ import annotations

from tests.helpers.storage import DictStorage
from web.storage.hold import TableHold
from web.storage.keeper import SAVE_FAILED, SAVED_AGAIN, GameKeeper
from web.storage.saves import SAVE_KEY, SaveSlots
from web.storage.unsaved import UnsavedMoves


class Told:
    """The notice's parts, as :class:`web.notice.Notice` keeps them."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def add(self, text: str) -> None:
        if text not in self.parts:
            self.parts.append(text)

    def drop(self, starts: str) -> None:
        self.parts = [part for part in self.parts if not part.startswith(starts)]


def keeper(
    storage: DictStorage, told: Told, session: DictStorage | None = None
) -> tuple[GameKeeper, TableHold]:
    hold = TableHold(storage, SAVE_KEY, "A")
    hold.take()
    hold.loaded()
    notes = UnsavedMoves((session or DictStorage(), storage))
    return GameKeeper(SaveSlots(storage), "", hold, notes, told.add, told.drop), hold


def test_saves_that_fit_say_nothing() -> None:
    storage, told = DictStorage(), Told()
    keep, _hold = keeper(storage, told)
    assert keep.keep("move 1", "game", "hand 1, move 1")
    assert storage.data[SAVE_KEY] == "move 1" and told.parts == []


def test_a_save_that_does_not_fit_says_which_older_position_a_reload_brings_back_once() -> None:
    storage, told, session = DictStorage(quota=120), Told(), DictStorage()
    keep, _hold = keeper(storage, told, session)
    assert keep.keep("x" * 20, "game", "hand 1, move 2")
    assert keep.keep("x" * 200, "game", "hand 1, move 3")
    assert keep.keep("x" * 210, "game", "hand 1, move 4")
    (said,) = told.parts
    assert said == (
        f"{SAVE_FAILED} A reload would bring back an older position of this game: hand 1, move 2. "
        "Download the record to keep the game as it is now."
    )
    assert storage.data[SAVE_KEY] == "x" * 20
    assert UnsavedMoves((session,)).reached(SAVE_KEY, "x" * 20) == "hand 1, move 4"
    # room again: told, and the note goes
    storage.quota = None
    assert keep.keep("x" * 220, "game", "hand 1, move 5")
    assert told.parts == [SAVED_AGAIN]
    assert UnsavedMoves((session, storage)).reached(SAVE_KEY, "x" * 220) is None
    assert session.data == {}


def test_a_new_game_that_does_not_fit_says_the_previous_game_comes_back() -> None:
    storage, told = DictStorage(quota=120), Told()
    keep, _hold = keeper(storage, told)
    assert keep.keep("x" * 20, "first game", "the end of hand 3, 40-12")
    assert keep.keep("y" * 200, "second game", "hand 1, move 0")
    assert told.parts[0].startswith(
        f"{SAVE_FAILED} A reload would bring back your previous game, at the end of hand 3, 40-12."
    )


def test_nothing_saved_yet_says_a_reload_starts_a_new_game() -> None:
    storage, told = DictStorage(quota=60), Told()
    keep, _hold = keeper(storage, told)
    assert keep.keep("y" * 200, "game", "hand 1, move 0")
    assert told.parts == [
        f"{SAVE_FAILED} A reload would start a new game. Download the record to keep the game as it is now."
    ]


def test_a_table_held_by_another_tab_is_not_written_and_the_tab_steps_aside() -> None:
    storage, told = DictStorage(), Told()
    keep, hold = keeper(storage, told)
    storage.data[hold.key] = "B"
    assert not keep.keep("move 1", "game", "hand 1, move 1")
    assert SAVE_KEY not in storage.data and told.parts == []
