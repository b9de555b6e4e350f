"""A backup: everything the table keeps on the device, in one file to export and to import on
another device (or the same one after the browser cleared it).

The file is JSON (:data:`BACKUP_FORMAT`): the history's matches and their records, the saved
games of every table, the statistics, the ratings, the puzzle book, the day's results and
the colours and sound chosen. Each store writes its part as it keeps it (``to_json``).

Importing checks the whole file before anything is written, as a save is checked
(:mod:`web.storage.save_check`): :func:`read_backup` the text (size, nesting, exact JSON),
its shape and each store's part (read back by the store itself, it must come out the same:
anything a store would drop or change is damage); then :func:`deep_check` replays every
record and restores every saved game (step by step, so the page stays responsive). A file
that fails any check raises :class:`BackupError` saying why in the player's words, and
nothing is changed. :mod:`web.storage.backup_merge` then merges it, without duplicates.

Pure Python (standard library, the storage protocol and the stores); the functions that
restore a game and replay a record are passed in.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from engine import EngineError
from web.storage.daily_results import DAILY_KEY, DailyResults
from web.storage.history import MAX_MATCHES, History, Kept, kept_from_json
from web.storage.puzzle_book import PUZZLES_KEY, PuzzleBook
from web.storage.ratings import RATINGS_KEY, Ratings
from web.storage.save_check import SaveError, parse_json_safely, validate_save
from web.storage.saves import SAVE_KEY, SLOT_PREFIX, Storage
from web.storage.stats import STATS_KEY, Stats

__all__ = [
    "BACKUP_FORMAT",
    "MAX_BACKUP_CHARS",
    "MAX_BACKUP_DEPTH",
    "MAX_SAVES",
    "SETTINGS",
    "STORES",
    "Backup",
    "BackupError",
    "MemoryStorage",
    "backup_name",
    "deep_check",
    "make_backup",
    "read_backup",
    "stored_text",
]

BACKUP_FORMAT = "dominoes-backup/1"
"""What a backup's ``format`` says (a later version of the file says another number)."""

MAX_BACKUP_CHARS = 8 * 1024 * 1024
"""The longest file read: the browser gives a site about 5 million characters of storage,
and the JSON of a record is a little longer than the record."""

MAX_BACKUP_DEPTH = 8
"""How deep a backup nests (a rating's history nests 6 deep: file, ratings, families, a
family, its points, a point)."""

MAX_SAVES = 64
"""The most saved games a backup holds (one per table: the plain table and each link's)."""

SETTINGS = {
    "theme": ("dominoes.theme", ("system", "light", "dark")),
    "sound": ("dominoes.sound", ("on", "off")),
}
"""The choices a backup carries: its name in the file, the storage key (``web/theme.js``,
``web/sound.js``) and the values it may have."""

STORES: dict[str, tuple[str, Callable[[Storage], Any]]] = {
    "statistics": (STATS_KEY, Stats),
    "ratings": (RATINGS_KEY, Ratings),
    "puzzles": (PUZZLES_KEY, PuzzleBook),
    "daily": (DAILY_KEY, DailyResults),
}
"""The stores of figures a backup carries whole: its name in the file, the storage key, the store."""

_SECTIONS = {"format", "made", "history", "saves", "settings", *STORES}


class BackupError(EngineError):
    """A file that cannot be imported, and why, in the player's words."""


class MemoryStorage:
    """A :class:`~web.storage.saves.Storage` in memory (where a store's part of a backup is
    read back to check it)."""

    def __init__(self) -> None:
        """An empty store."""
        self.data: dict[str, str] = {}

    def get(self, key: str) -> str | None:
        """The text under ``key``."""
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        """Keep ``value`` under ``key``."""
        self.data[key] = value

    def remove(self, key: str) -> None:
        """Forget ``key``."""
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        """Every key."""
        return list(self.data)


@dataclass(frozen=True)
class Backup:
    """A backup's contents, its shape checked (:func:`read_backup`)."""

    made: str
    """The day it was made (``2026-11-28``)."""
    matches: tuple[tuple[Kept, str], ...]
    """The history's matches with their records, newest first."""
    saves: dict[str, str]
    """Each table's saved game, by its storage key."""
    stores: dict[str, Any]
    """Each store's part (by its name in the file), as the store keeps it."""
    settings: dict[str, str]
    """The colours and sound chosen (by name in the file)."""


def backup_name(made: str) -> str:
    """The file name an export is saved as: ``dominoes-backup-2026-11-28.json``."""
    return f"dominoes-backup-{made}.json"


# --- export ---------------------------------------------------------------------------------


def _saved_games(storage: Storage) -> dict[str, str]:
    """The saved games in ``storage`` that read as saves, by key."""
    saves: dict[str, str] = {}
    try:
        keys = sorted(storage.keys())
    except Exception:  # blocked storage: nothing to carry
        return saves
    for key in keys:
        if key != SAVE_KEY and not key.startswith(SLOT_PREFIX):
            continue
        text = stored_text(storage, key)
        if text is None:
            continue
        try:
            validate_save(text)
        except SaveError:
            continue  # (set aside at its table's next opening; a backup carries games that load)
        saves[key] = text
        if len(saves) == MAX_SAVES:
            break
    return saves


def stored_text(storage: Storage, key: str) -> str | None:
    """The text under ``key`` (``None``: none, or storage is blocked)."""
    try:
        text = storage.get(key)
    except Exception:  # blocked storage
        return None
    return text if isinstance(text, str) else None


def make_backup(storage: Storage, made: str) -> str:
    """The backup of everything ``storage`` keeps for the table, made on day ``made``."""
    history = History(storage)
    matches = []
    records = {}
    for kept in history.matches:
        record = history.record(kept.match_id)
        if record is not None:  # (a record the browser lost cannot be carried)
            matches.append(replace(kept, chars=len(record)).to_json())
            records[kept.match_id] = record
    settings = {}
    for name, (key, values) in SETTINGS.items():
        value = stored_text(storage, key)
        if value in values:
            settings[name] = value
    data: dict[str, Any] = {
        "format": BACKUP_FORMAT,
        "made": made,
        "history": {"matches": matches, "records": records},
        "saves": _saved_games(storage),
        **{name: store(storage).to_json() for name, (_, store) in STORES.items()},
        "settings": settings,
    }
    return json.dumps(data, ensure_ascii=False)


# --- import: the shape ----------------------------------------------------------------------


def _refuse(why: str) -> BackupError:
    return BackupError(f"This file cannot be imported: {why}. Nothing was changed.")


def _object(value: object, damage: str) -> dict[str, Any]:
    """``value`` if it is a JSON object, else the refusal saying ``damage``."""
    if not isinstance(value, dict):
        raise _refuse(damage)
    return value


def _history(value: object) -> tuple[tuple[Kept, str], ...]:
    part = _object(value, "its history is damaged")
    if set(part) != {"matches", "records"}:
        raise _refuse("its history is damaged")
    entries, records = part["matches"], _object(part["records"], "its history is damaged")
    if not isinstance(entries, list) or len(entries) > MAX_MATCHES or len(records) != len(entries):
        raise _refuse("its history is damaged")
    matches = []
    for number, entry in enumerate(entries, start=1):
        kept = kept_from_json(entry)
        if kept is None or kept.to_json() != entry:
            raise _refuse(f"match {number} of its history is damaged")
        record = records.get(kept.match_id)
        if not isinstance(record, str) or len(record) != kept.chars:
            raise _refuse(f"the record of match {number} of its history is damaged")
        matches.append((kept, record))
    if len({kept.match_id for kept, _ in matches}) != len(matches):
        raise _refuse("its history holds a match twice")
    return tuple(matches)


def _saves(value: object) -> dict[str, str]:
    saves = _object(value, "its saved games are damaged")
    if len(saves) > MAX_SAVES:
        raise _refuse("it holds more saved games than a table keeps")
    for key, text in saves.items():
        if (key != SAVE_KEY and not key.startswith(SLOT_PREFIX)) or len(key) > 200:
            raise _refuse("its saved games are damaged")
        try:
            validate_save(text)
        except SaveError as error:
            raise _refuse(f"a saved game in it is damaged ({error.reason})") from None
    return dict(saves)


def _store_part(name: str, value: object) -> Any:
    """A store's part, read back by the store itself: what it would drop or change is damage."""
    key, store = STORES[name]
    scratch = MemoryStorage()
    scratch.set(key, json.dumps(value))
    if store(scratch).to_json() != value:
        raise _refuse(f"its {_STORE_WORDS[name]} are damaged")
    return value


_STORE_WORDS = {
    "statistics": "statistics",
    "ratings": "ratings",
    "puzzles": "puzzle results",
    "daily": "day's results",
}


def _settings(value: object) -> dict[str, str]:
    settings = _object(value, "its settings are damaged")
    for name, chosen in settings.items():
        if name not in SETTINGS or chosen not in SETTINGS[name][1]:
            raise _refuse("its settings are damaged")
    return dict(settings)


def read_backup(text: object) -> Backup:
    """The backup in ``text``, its shape and every store's part checked (records and saved
    games are replayed by :func:`deep_check`). Raises :class:`BackupError` saying why."""
    try:
        data = parse_json_safely(text, MAX_BACKUP_CHARS, MAX_BACKUP_DEPTH, floats=True)
    except SaveError as error:
        raise _refuse(error.reason) from None
    if not isinstance(data, dict) or data.get("format") != BACKUP_FORMAT:
        if isinstance(data, dict) and str(data.get("format", "")).startswith("dominoes-backup/"):
            raise _refuse("it was made by a later version of this table: reload the page to update it")
        raise _refuse("it is not a backup of this table (Export writes one)")
    if set(data) != _SECTIONS:
        raise _refuse("it is damaged")
    made = data["made"]
    try:
        datetime.date.fromisoformat(made if isinstance(made, str) and len(made) == 10 else "")
    except ValueError:
        raise _refuse("its date is damaged") from None
    return Backup(
        made=made,
        matches=_history(data["history"]),
        saves=_saves(data["saves"]),
        stores={name: _store_part(name, data[name]) for name in STORES},
        settings=_settings(data["settings"]),
    )


def deep_check(
    backup: Backup, restore: Callable[[str], object], replay: Callable[[str], object]
) -> Iterator[None]:
    """Restore every saved game and replay every record of ``backup`` (the history's, and the
    Expert's hands of the day's deals), yielding after each (so a page can breathe between
    them); raises :class:`BackupError` naming the first that does not play. ``restore`` and
    ``replay`` raise :class:`EngineError` for such a text."""
    for key, text in backup.saves.items():
        try:
            restore(text)
        except Exception:  # (whatever a damaged game raises, it is damaged)
            raise _refuse(f"a saved game in it cannot be played ({_table_words(key)})") from None
        yield
    for number, (kept, record) in enumerate(backup.matches, start=1):
        try:
            replay(record)
        except Exception:
            raise _refuse(
                f"the record of match {number} of its history ({kept.day}) cannot be replayed"
            ) from None
        yield
    for day, _variant, _you, _expert, record in backup.stores["daily"]:
        if record:
            try:
                replay(record)
            except Exception:
                raise _refuse(f"the Expert's hand of the day's deal of {day} cannot be replayed") from None
            yield


def _table_words(key: str) -> str:
    return "the plain table" if key == SAVE_KEY else f"the table {key.removeprefix(SLOT_PREFIX)}"
