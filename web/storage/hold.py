"""One table, one tab: which of the browser's tabs (or frames) showing a table holds its game.

Two tabs of one link share one save slot. Were both to play, the last to save would win
and the other's moves would be lost without a word. So a table's game is held by one tab
at a time: the newest. A tab takes its table when it boots (before it reads the save, so
it starts from the latest position) by writing its own name under the table's *holder
key* in storage; the other tabs see the key change (the browser's ``storage`` event) and
stop taking moves, saying the game is now open in another tab, with a button to take it
back (which writes their name again, and starts from the latest save).

A tab also checks before it writes a save that it still holds the table and that the save
is still the one it last loaded or wrote: should a ``storage`` event be missed (or a tab
of an older build, which knows nothing of holding, write the slot), a tab never saves over
a newer game than its own.

Pure Python over a :class:`web.storage.saves.Storage` (the app adapts ``localStorage``);
any storage error counts as "nothing stored" and never escapes.
"""

from __future__ import annotations

from web.storage.saves import Storage

__all__ = ["HOLDER_PREFIX", "TableHold", "holder_key"]

HOLDER_PREFIX = "dominoes.holder:"
"""A table's holder key is this and its save key (``dominoes.holder:dominoes.save``)."""


def holder_key(save_key: str) -> str:
    """The storage key naming the tab that holds the table whose save is under ``save_key``."""
    return HOLDER_PREFIX + save_key


class TableHold:
    """Whether this tab holds its table's game, over the storage the tabs share.

    ``tab`` names this tab (unique among the browser's tabs: the app draws it at random).
    """

    def __init__(self, storage: Storage, save_key: str, tab: str) -> None:
        """Watch the table whose save is under ``save_key``; call :meth:`take` to hold it."""
        self._storage = storage
        self.save_key = save_key
        self.key = holder_key(save_key)
        self.tab = tab
        self.known: str | None = None
        """The save as this tab last loaded or wrote it (None: there was none)."""
        self.elsewhere = False
        """Whether the table has been taken by another tab since this one last took it."""

    def take(self) -> None:
        """Hold the table from now on: the other tabs showing it will see it taken.

        Where storage is too full for even the holder's name, the other tab's name is
        removed, so that no tab is left holding a table it was given up by.
        """
        if not self._write(self.key, self.tab):
            self._remove(self.key)
            self._write(self.key, self.tab)
        self.elsewhere = False

    def loaded(self) -> None:
        """Remember the save as it is now (after this tab read it, or set a damaged one aside)."""
        self.known = self._read(self.save_key)

    def wrote(self, text: str) -> None:
        """Remember ``text`` as the save this tab has just written."""
        self.known = text

    def taken_by(self, key: str | None, new_value: str | None) -> bool:
        """Whether a change to storage made by another tab (a ``storage`` event's ``key`` and
        ``newValue``) takes this table from this tab; if so, :attr:`elsewhere` is set.

        A ``key`` of None is the whole storage cleared: no tab holds the table then, and
        this one keeps it. The holder is read again, not taken from the event: events come
        late (by then this tab may have taken the table back, after the tab that wrote them).
        """
        if key == self.key and new_value is not None and new_value != self.tab:
            holder = self._read(self.key)
            if holder is not None and holder != self.tab:
                self.elsewhere = True
        return self.elsewhere

    def may_save(self) -> bool:
        """Whether this tab may write its save now: it still holds the table and the save is
        the one it last loaded or wrote. If not, :attr:`elsewhere` is set."""
        holder = self._read(self.key)
        if (holder is not None and holder != self.tab) or self._read(self.save_key) != self.known:
            self.elsewhere = True
        return not self.elsewhere

    def _read(self, key: str) -> str | None:
        try:
            return self._storage.get(key)
        except Exception:  # storage blocked, or gone: nothing stored
            return None

    def _write(self, key: str, value: str) -> bool:
        try:
            self._storage.set(key, value)
        except Exception:  # storage full or blocked: the save itself will say so
            return False
        return True

    def _remove(self, key: str) -> None:
        try:
            self._storage.remove(key)
        except Exception:  # storage blocked: nothing to remove
            return
