"""Moves storage had no room for: noted so that a reload says its position is older.

When a table's save does not fit in a full storage, the slot keeps the last position that
did, and a reload would restore it. So that the reload does not pass that older position
off as the latest, the table notes how far the game had got (``"hand 3, move 2"``) and which
save it had got past, under :data:`UNSAVED_PREFIX` and the table's save key. The note goes
in the tab's ``sessionStorage`` (its own room, kept across a reload of the tab) and, if it
fits, ``localStorage`` too (seen by a new tab). A note about another save than the one in
the slot (written since by this tab or another) is ignored.

Pure Python over :class:`web.storage.saves.Storage` objects; storage errors never escape.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence

from web.storage.saves import Storage

__all__ = ["UNSAVED_PREFIX", "UnsavedMoves"]

UNSAVED_PREFIX = "dominoes.unsaved:"
"""The note for a table is kept under this and the table's save key."""

_MAX_NOTE_CHARS = 400
_REACHED = re.compile(r"[A-Za-z0-9 ,()-]{1,80}")
"""What a note's position may say (such as "the end of hand 1, 9-0"): nothing else is shown."""


def _fingerprint(saved: str | None) -> str:
    """A short fingerprint of the save a note is about (``""``: there was none)."""
    if saved is None:
        return ""
    return hashlib.sha256(saved.encode("utf-8", "surrogatepass")).hexdigest()[:24]


class UnsavedMoves:
    """The notes of moves a table could not save, over one or more stores (tried in order)."""

    def __init__(self, stores: Sequence[Storage]) -> None:
        """Keep notes in each of ``stores`` (the tab's ``sessionStorage`` first)."""
        self._stores = tuple(stores)

    def note(self, save_key: str, saved: str | None, reached: str) -> None:
        """Note that the game under ``save_key`` reached ``reached`` (the player's words) but
        the slot still holds ``saved`` (None: nothing)."""
        text = json.dumps({"saved": _fingerprint(saved), "reached": reached})
        for store in self._stores:
            try:
                store.set(UNSAVED_PREFIX + save_key, text)
            except Exception:  # full or blocked: the other store may take it
                continue

    def clear(self, save_key: str) -> None:
        """Forget the note of the table under ``save_key`` (its latest position was saved)."""
        for store in self._stores:
            try:
                if store.get(UNSAVED_PREFIX + save_key) is not None:
                    store.remove(UNSAVED_PREFIX + save_key)
            except Exception:  # blocked: there is no note there
                continue

    def reached(self, save_key: str, saved: str | None) -> str | None:
        """How far the game under ``save_key`` had got past ``saved`` (what the slot holds),
        if a note says so; None if there is no note about that save."""
        for store in self._stores:
            try:
                text = store.get(UNSAVED_PREFIX + save_key)
                data = json.loads(text) if isinstance(text, str) and len(text) <= _MAX_NOTE_CHARS else None
            except Exception:  # blocked, or a note damaged by hand: no note
                continue
            if not isinstance(data, dict) or data.get("saved") != _fingerprint(saved):
                continue
            reached = data.get("reached")
            if isinstance(reached, str) and _REACHED.fullmatch(reached):
                return reached
        return None
