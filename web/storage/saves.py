"""The save slots: one saved game per table in the browser's storage, and the saves set aside.

:class:`SaveSlots` keeps one save per table (the plain table and each game a link names)
over any key-value :class:`Storage` (the app adapts ``window.localStorage``; the tests use
a dict). It sets every unreadable save aside (the newest :data:`MAX_BROKEN` are kept) and
clears the live slot so the next boot does not trip on it again, and never lets a storage
error (a sandboxed iframe's ``SecurityError``, a full quota) escape.

Each text is checked by :func:`web.storage.save_check.validate_save` before it is restored.

Pure Python (standard library only); no browser imports.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from typing import Any, Protocol

from web.storage.save_check import (
    MAX_SAVE_CHARS,
    SaveError,
    ValidSave,
    settings_of_damaged_save,
    validate_save,
)

__all__ = [
    "BROKEN_PREFIX",
    "LEGACY_BROKEN_KEY",
    "MAX_BROKEN",
    "MAX_SLOT_CHARS",
    "PROBE_KEY",
    "SAVE_KEY",
    "SLOT_PREFIX",
    "TRUNCATED_NOTE",
    "SaveSlots",
    "Storage",
    "slot_key",
]

SAVE_KEY = "dominoes.save"
"""The storage key of the plain table's save (unchanged, so older saves still load)."""

SLOT_PREFIX = "dominoes.save:"
"""The storage keys of other tables' saves start with this."""

BROKEN_PREFIX = "dominoes.broken:"
"""Saves set aside are kept under this prefix and a number, counting up."""

LEGACY_BROKEN_KEY = "dominoes.save.broken"
"""Where earlier versions kept the one unreadable save they set aside."""

PROBE_KEY = "dominoes.probe"
"""The key written and removed to learn whether storage works."""

MAX_BROKEN = 5
"""How many saves set aside are kept (the newest; the oldest is dropped)."""

MAX_SLOT_CHARS = 64
"""Slot names longer than this (or with other characters than ``_SLOT_SAFE``) are hashed."""

TRUNCATED_NOTE = "(cut to the first {kept} of {total} characters)\n"
"""The line that starts a set-aside copy storage had no room for in full."""

_SLOT_SAFE = re.compile(r"[A-Za-z0-9=&._-]+")
_MIN_KEPT_CHARS = 1024
_NOTE = re.compile(r"\(cut to the first (\d{1,7}) of (\d{1,12}) characters\)\n", re.ASCII)


class Storage(Protocol):
    """A key-value store of text, like the browser's ``localStorage``.

    Any call may raise (a sandboxed iframe's ``SecurityError``; ``set`` when the quota is
    full); :class:`SaveSlots` catches everything.
    """

    def get(self, key: str) -> str | None:
        """The text under ``key``, or None if there is none."""
        ...

    def set(self, key: str, value: str) -> None:
        """Keep ``value`` under ``key``; may raise when storage is full or blocked."""
        ...

    def remove(self, key: str) -> None:
        """Forget ``key`` (nothing happens if it is not there)."""
        ...

    def keys(self) -> list[str]:
        """Every key in the store."""
        ...


def slot_key(slot: str) -> str:
    """The storage key of a table's save slot.

    ``""`` (the plain table) is :data:`SAVE_KEY`; a short slot name of letters, digits and
    ``=&._-`` (such as a link's key ``"variant=block&players=4&seed=7"``) is
    ``"dominoes.save:" + slot``; any other is ``"dominoes.save:#"`` and 32 hex digits of
    its SHA-256, so keys stay short and two tables' keys never collide.
    """
    if not slot:
        return SAVE_KEY
    if len(slot) <= MAX_SLOT_CHARS and _SLOT_SAFE.fullmatch(slot):
        return SLOT_PREFIX + slot
    digest = hashlib.sha256(slot.encode("utf-8", "surrogatepass")).hexdigest()[:32]
    return f"{SLOT_PREFIX}#{digest}"


def _broken_number(key: str) -> int | None:
    """The number of a broken-save key (``dominoes.broken:7`` is 7), or None for other keys."""
    number = key.removeprefix(BROKEN_PREFIX)
    if number != key and number.isascii() and number.isdigit() and len(number) <= 12:
        return int(number)
    return None


def _copy_of(text: str, size: int) -> str:
    """``text`` whole if it has at most ``size`` characters, else its first ``size`` under a note."""
    if len(text) <= size:
        return text
    return TRUNCATED_NOTE.format(kept=size, total=len(text)) + text[:size]


def _is_copy_of(stored: str | None, text: str) -> bool:
    """Whether ``stored`` is ``text`` or a copy of it cut short by :func:`_copy_of`."""
    if stored is None or stored == text:
        return stored is not None
    note = _NOTE.match(stored)
    return note is not None and int(note.group(2)) == len(text) and text.startswith(stored[note.end() :])


class SaveSlots:
    """One save per table over a :class:`Storage`; storage errors never escape.

    ``available`` says whether storage took a test write when this was made (False in a
    sandboxed iframe or with storage full); reads and writes are still tried either way.
    """

    def __init__(self, storage: Storage) -> None:
        """Use ``storage``, probing it once with a write and a removal of :data:`PROBE_KEY`."""
        self._storage = storage
        self.available = self._call(lambda: storage.set(PROBE_KEY, "1")) and self._call(
            lambda: storage.remove(PROBE_KEY)
        )
        self.damaged_settings: dict[str, Any] | None = None
        """The settings of the last save :meth:`load` set aside, when they are still usable
        (see :func:`settings_of_damaged_save`): start the new match with them."""

    def load(self, slot: str) -> tuple[ValidSave | None, str | None]:
        """The table's save, checked, and a notice for the player if it could not be read.

        ``(None, None)``: no save. ``(save, None)``: a save to restore. ``(None, notice)``:
        the save was damaged; it was set aside (see :meth:`broken_saves`) and removed from
        the slot, and :attr:`damaged_settings` holds its settings if they are usable.
        """
        self.damaged_settings = None
        text = self._get(slot_key(slot))
        if text is None:
            return None, None
        try:
            return validate_save(text), None
        except SaveError as error:
            self.damaged_settings = settings_of_damaged_save(text)
            return None, self._set_aside(slot_key(slot), text, error.reason)

    def set_aside(self, slot: str, reason: str = "a move in it cannot be played") -> str:
        """Set the table's save aside (it passed :meth:`load` but could not be restored).

        Keeps a copy as :meth:`load` does for a damaged save, clears the slot, and returns
        the notice for the player; ``reason`` says what was wrong, in the player's words.
        """
        key = slot_key(slot)
        text = self._get(key)
        if text is None:
            return f"Your saved game could not be restored: {reason}. A new game has started."
        return self._set_aside(key, text, reason)

    def save(self, slot: str, text: str) -> bool:
        """Keep ``text`` as the table's save; False if it was not kept. Never raises.

        A text over :data:`MAX_SAVE_CHARS` is not written (it could not be loaded; the
        previous save stays). When storage refuses, the oldest saves set aside are dropped,
        one at a time, to make room: the game being played matters more.
        """
        if not isinstance(text, str) or len(text) > MAX_SAVE_CHARS:
            return False
        key = slot_key(slot)
        if self._set(key, text):
            return True
        for broken in self._broken_keys():
            self._remove(broken)
            if self._set(key, text):
                return True
        return False

    def broken_saves(self) -> list[str]:
        """The saves set aside, oldest first (a copy cut short starts with :data:`TRUNCATED_NOTE`).

        A save an earlier version set aside (under :data:`LEGACY_BROKEN_KEY`) comes first.
        """
        texts = [self._get(key) for key in (LEGACY_BROKEN_KEY, *self._broken_keys())]
        return [text for text in texts if text is not None]

    # --- inside --------------------------------------------------------------------------

    def _set_aside(self, key: str, text: str, reason: str) -> str:
        """Clear ``key`` (first, to make room) and keep a copy of ``text``; the player's notice
        says what was wrong (``reason``, plain words).

        Were the copy lost, nothing is lost that clearing the slot (or the new match's
        first save into it) would not lose anyway.
        """
        self._remove(key)
        kept = self._keep(text)
        kept_text = "A copy was kept aside" if kept else "There was no room to keep a copy"
        return f"Your saved game could not be restored: {reason}. {kept_text}, and a new game has started."

    def _keep(self, text: str) -> bool:
        """Store ``text`` as the newest broken save: whole, or the longest prefix storage takes.

        A copy is at most :data:`MAX_SAVE_CHARS` long (a longer save is damaged by its size
        alone, and a whole copy could leave no room for the game being played); when storage
        refuses it, ever shorter prefixes are tried, down to :data:`_MIN_KEPT_CHARS`. Keeps
        the newest :data:`MAX_BROKEN` copies and drops the rest.
        """
        keys = self._broken_keys()
        if any(_is_copy_of(self._get(key), text) for key in keys):
            return True  # kept already (an earlier boot could not clear the slot)
        numbers = [number for number in map(_broken_number, keys) if number is not None]
        new_key = f"{BROKEN_PREFIX}{max(numbers, default=0) + 1}"
        size = min(len(text), MAX_SAVE_CHARS)
        while True:
            kept = self._set(new_key, _copy_of(text, size))
            if kept or size <= _MIN_KEPT_CHARS:
                break
            size = max(size // 2, _MIN_KEPT_CHARS)
        for old in self._broken_keys()[:-MAX_BROKEN]:
            self._remove(old)
        return kept

    def _broken_keys(self) -> list[str]:
        """The numbered broken-save keys, oldest first."""
        keys = self._call_value(self._storage.keys)
        numbered = []
        for key in keys if isinstance(keys, list | tuple) else []:
            number = _broken_number(key) if isinstance(key, str) else None
            if number is not None:
                numbered.append((number, key))
        return [key for _, key in sorted(numbered)]

    def _get(self, key: str) -> str | None:
        """The text under ``key``; None if there is none or storage failed."""
        value = self._call_value(lambda: self._storage.get(key))
        return value if isinstance(value, str) else None  # Pyodide gives JS null as a non-str

    def _set(self, key: str, value: str) -> bool:
        """Store ``value`` under ``key``; whether storage took it."""
        return self._call(lambda: self._storage.set(key, value))

    def _remove(self, key: str) -> bool:
        """Remove ``key``; whether storage did."""
        return self._call(lambda: self._storage.remove(key))

    @staticmethod
    def _call(action: Callable[[], None]) -> bool:
        """Run a storage call; whether it worked."""
        try:
            action()
        except Exception:  # any storage error: blocked, full, or a bug in the adapter
            return False
        return True

    @staticmethod
    def _call_value(action: Callable[[], object]) -> object:
        """A storage call's result, or None if it raised."""
        try:
            return action()
        except Exception:  # any storage error: blocked, full, or a bug in the adapter
            return None
