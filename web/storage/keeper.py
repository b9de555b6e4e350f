"""Keeping a tab's game in its table's save slot, and saying the truth when it cannot.

After every move the table's record is written to the slot, unless another tab holds the
table (:mod:`web.storage.hold`: this tab steps aside instead). When storage is full, the
slots make what room they may and the person is told what was dropped; if the save still
does not fit, they are told what a reload would bring back (named by hand and move) and
may download the record at once, and a note is left so that the reload says its position
is older (:mod:`web.storage.unsaved`). When a save fits again, they are told that too.

Pure Python; the notice is reached through two callables.
"""

from __future__ import annotations

from collections.abc import Callable

from web.storage.hold import TableHold
from web.storage.saves import SaveSlots
from web.storage.unsaved import UnsavedMoves

__all__ = ["SAVED_AGAIN", "SAVE_FAILED", "GameKeeper"]

SAVE_FAILED = "Your game could not be saved: the browser's storage for this site is full."
"""How the notice that a game could not be saved begins (with what a reload brings back)."""

SAVED_AGAIN = "Your game is saved again: the browser's storage had room for it."
"""Said when a save fits after storage refused the ones before it."""


class GameKeeper:
    """Writes one table's game to its slot after each move; tells the person when it cannot."""

    def __init__(
        self,
        slots: SaveSlots,
        slot: str,
        hold: TableHold,
        unsaved: UnsavedMoves,
        tell: Callable[[str], None],
        untell: Callable[[str], None],
    ) -> None:
        """Keep the game of ``slot`` (held by ``hold``) in ``slots``, noting unsaved moves in
        ``unsaved``; ``tell`` adds a part to the notice, ``untell`` takes back the parts
        beginning with its text."""
        self._slots = slots
        self._slot = slot
        self._hold = hold
        self._unsaved = unsaved
        self._tell = tell
        self._untell = untell
        self._told_failed = False
        self._saved_game: object | None = None
        self._saved_progress = ""

    def loaded(self, game: object | None, progress: str = "") -> None:
        """The slot holds ``game`` as it was at ``progress`` (just restored from it), or a game
        of no table of this tab (``None``)."""
        self._saved_game, self._saved_progress = game, progress

    def keep(self, text: str, game: object, progress: str) -> bool:
        """Write ``text``, the record of ``game`` (any object standing for the game being
        played, such as its table) at ``progress``; False if another tab holds the table
        (nothing is written: this tab must step aside)."""
        hold = self._hold
        if not hold.may_save():
            return False
        kept = self._slots.save(self._slot, text)
        if self._slots.room_made:
            self._tell(self._slots.room_made)
        if kept:
            hold.wrote(text)
            self.loaded(game, progress)
            self._unsaved.clear(hold.save_key)
            if self._told_failed:
                self._told_failed = False
                self._untell(SAVE_FAILED)
                self._tell(SAVED_AGAIN)
            return True
        self._unsaved.note(hold.save_key, hold.known, progress)
        if not self._told_failed:
            self._told_failed = True
            self._untell(SAVED_AGAIN)
            self._tell(self._failed(hold.known is not None, game))
        return True

    def _failed(self, slot_holds_a_game: bool, game: object) -> str:
        """The notice of a save storage had no room for: what a reload would bring back."""
        if not slot_holds_a_game:
            back = "A reload would start a new game"
        elif self._saved_game is game and self._saved_progress:
            back = f"A reload would bring back an older position of this game: {self._saved_progress}"
        elif self._saved_progress:
            back = f"A reload would bring back your previous game, at {self._saved_progress}"
        else:
            back = "A reload would bring back an older game"
        return f"{SAVE_FAILED} {back}. Download the record to keep the game as it is now."
