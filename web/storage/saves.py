"""The save slots: one saved game per table in the browser's storage, and the saves set aside.

:class:`SaveSlots` keeps one save per table (the plain table and each game a link names)
over any key-value :class:`Storage` (the app adapts ``window.localStorage``; the tests use
a dict). It sets every unreadable save aside (the newest :data:`MAX_BROKEN` are kept) and
clears the live slot so the next boot does not trip on it again, and never lets a storage
error (a sandboxed iframe's ``SecurityError``, a full quota) escape.

When storage is full, the game being played comes first: a save that does not fit makes
room from what the table owns and may drop (the copies set aside but the newest, then the
saves of tables not opened for :data:`STALE_DAYS` days, the longest unopened first), and
says what it dropped (:attr:`SaveSlots.room_made`). To know which tables are old, each
boot notes the day its table was opened under :data:`OPENED_KEY`.

Each text is checked by :func:`web.storage.save_check.validate_save` before it is restored.

Pure Python (standard library only); no browser imports.
"""

from __future__ import annotations

import hashlib
import json
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
    "OPENED_KEY",
    "PROBE_KEY",
    "SAVE_KEY",
    "SLOT_PREFIX",
    "STALE_DAYS",
    "TRUNCATED_NOTE",
    "SaveSlots",
    "Storage",
    "StorageFull",
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

OPENED_KEY = "dominoes.opened"
"""A JSON object: for each save key, the day (counted from 1970-01-01) its table was last
opened, and the rule set and number of players it was last seen playing: ``[20419, "block",
4]`` (or the day alone, when the game was not known)."""

STALE_DAYS = 60
"""A table not opened for this many days may lose its save when storage is full and the
table being played needs the room."""

TRUNCATED_NOTE = "(cut to the first {kept} of {total} characters)\n"
"""The line that starts a set-aside copy storage had no room for in full."""

_SLOT_SAFE = re.compile(r"[A-Za-z0-9=&._-]+")
_MIN_KEPT_CHARS = 1024
_NOTE = re.compile(r"\(cut to the first (\d{1,7}) of (\d{1,12}) characters\)\n", re.ASCII)


class StorageFull(Exception):
    """Raised by a :class:`Storage`'s ``set`` when the browser's storage for the site is full
    (any other error means storage is blocked or broken)."""


class Storage(Protocol):
    """A key-value store of text, like the browser's ``localStorage``.

    Any call may raise (a sandboxed iframe's ``SecurityError``; ``set`` raises
    :class:`StorageFull` when the quota is full); :class:`SaveSlots` catches everything.
    """

    def get(self, key: str) -> str | None:
        """The text under ``key``, or None if there is none."""
        ...

    def set(self, key: str, value: str) -> None:
        """Keep ``value`` under ``key``; raises :class:`StorageFull` when storage is full, and
        may raise anything when it is blocked."""
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

    ``available`` says whether storage took a test write when this was made; ``full``,
    whether it refused it for want of room (storage can be read, and a save may still fit
    once room is made); ``blocked``, whether it cannot be used at all (a sandboxed iframe,
    some private windows). Reads and writes are tried either way.
    """

    def __init__(self, storage: Storage, today: int | None = None) -> None:
        """Use ``storage``, probing it once with a write and a removal of :data:`PROBE_KEY`;
        ``today`` (days since 1970-01-01) dates the tables opened, None: no dates are kept
        and no table counts as old."""
        self._storage = storage
        self._today = today
        self.full = False
        """Whether storage refused the last write for want of room (see :class:`StorageFull`)."""
        self.available = self._set(PROBE_KEY, "1") and self._remove(PROBE_KEY)
        self.blocked = not self.available and not self.full
        """Whether storage cannot be used at all: nothing will be kept, and the person is told so."""
        self.damaged_settings: dict[str, Any] | None = None
        """The settings of the last save :meth:`load` set aside, when they are still usable
        (see :func:`settings_of_damaged_save`): start the new match with them."""
        self.room_made: str | None = None
        """What the last :meth:`save` dropped to make room, in the player's words (None: nothing)."""

    def opened(self, slot: str, game: tuple[str, int] | None = None) -> None:
        """Note that ``slot``'s table was opened today (and date any save not yet dated), so
        that a full storage drops only the saves of tables long unopened; and the ``game``
        it plays (rule set and number of players), so that a save of it damaged beyond
        reading still says which game to start again (:meth:`last_game`)."""
        if self._today is None:
            return
        present = self._slot_keys()
        entries = {key: entry for key, entry in self._opened_entries().items() if key in present}
        for key in present:
            entries.setdefault(key, self._today)
        key = slot_key(slot)
        last = game or self.last_game(slot)
        entries[key] = [self._today, *last] if last else self._today
        self._set(OPENED_KEY, json.dumps(entries, sort_keys=True, separators=(",", ":")))

    def last_game(self, slot: str) -> tuple[str, int] | None:
        """The rule set and number of players ``slot``'s table was last seen playing, if known."""
        entry = self._opened_entries().get(slot_key(slot))
        if isinstance(entry, list) and len(entry) == 3:
            variant, players = entry[1], entry[2]
            if isinstance(variant, str) and len(variant) <= 40 and type(players) is int:
                return variant, players
        return None

    def text(self, slot: str) -> str | None:
        """The text in ``slot`` as stored, unchecked (None: there is none, or storage failed)."""
        return self._get(slot_key(slot))

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
        previous save stays). When storage is full, room is made first from what the table
        may drop (see the module's docstring), one item at a time until the save fits;
        :attr:`room_made` then says what was dropped, even if the save still did not fit.
        """
        self.room_made = None
        if not isinstance(text, str) or len(text) > MAX_SAVE_CHARS:
            return False
        key = slot_key(slot)
        if self._set(key, text):
            return True
        dropped: list[str] = []
        kept = False
        for kind, spare in self._spares(key) if self.full else ():
            self._remove(spare)
            dropped.append(kind)
            if self._set(key, text):
                kept = True
                break
        if dropped:
            self._forget_dropped()
            self.room_made = _room_made(dropped, kept)
        return kept

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
        """Store ``value`` under ``key``; whether storage took it (:attr:`full` says whether
        a refusal was for want of room)."""
        try:
            self._storage.set(key, value)
        except StorageFull:
            self.full = True
            return False
        except Exception:  # storage blocked, or a bug in the adapter
            return False
        self.full = False
        return True

    def _spares(self, keep: str) -> list[tuple[str, str]]:
        """What may be dropped to make room for the save under ``keep``, first to go first:
        each item's kind (``"copy"`` or ``"table"``) and key."""
        copies = [LEGACY_BROKEN_KEY] if self._get(LEGACY_BROKEN_KEY) is not None else []
        copies += self._broken_keys()
        spares = [("copy", key) for key in copies[:-1]]
        if self._today is not None:
            days = self._opened_days()
            old = [key for key in self._slot_keys() if key != keep and key in days]
            old = [key for key in old if self._today - days[key] >= STALE_DAYS]
            spares += [("table", key) for key in sorted(old, key=lambda key: (days[key], key))]
        return spares

    def _forget_dropped(self) -> None:
        """Drop the entries of tables whose saves are gone (the index stays small)."""
        entries = self._opened_entries()
        present = set(self._slot_keys())
        if set(entries) - present:
            kept = {key: entry for key, entry in entries.items() if key in present}
            self._set(OPENED_KEY, json.dumps(kept, sort_keys=True, separators=(",", ":")))

    def _opened_days(self) -> dict[str, int]:
        """The day each table was last opened (see :data:`OPENED_KEY`); unreadable dates are none."""
        days = {}
        for key, entry in self._opened_entries().items():
            day = entry[0] if isinstance(entry, list) and entry else entry
            if type(day) is int:
                days[key] = day
        return days

    def _opened_entries(self) -> dict[str, Any]:
        """What :data:`OPENED_KEY` holds for each table, unchecked (nothing if it is unreadable)."""
        text = self._get(OPENED_KEY)
        try:
            data = json.loads(text) if text is not None and len(text) <= MAX_SAVE_CHARS else {}
        except ValueError:
            return {}
        return data if isinstance(data, dict) else {}

    def _slot_keys(self) -> list[str]:
        """The keys of every table's save in storage."""
        keys = self._call_value(self._storage.keys)
        listed = keys if isinstance(keys, list | tuple) else []
        return [
            key for key in listed if isinstance(key, str) and (key == SAVE_KEY or key.startswith(SLOT_PREFIX))
        ]

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


def _room_made(dropped: list[str], kept: bool) -> str:
    """What making room dropped (``dropped``: each item's kind), as the player is told it."""
    copies, tables = dropped.count("copy"), dropped.count("table")
    parts = []
    if copies:
        parts.append(f"{copies} damaged saved {'game' if copies == 1 else 'games'} set aside earlier")
    if tables:
        parts.append(
            f"the saved {'game' if tables == 1 else 'games'} of {tables} other "
            f"{'table' if tables == 1 else 'tables'} not opened for {STALE_DAYS} days"
        )
    done = "so your game is saved" if kept else "but your game still does not fit"
    return f"The browser's storage for this site was full: the table removed {' and '.join(parts)}, {done}."
