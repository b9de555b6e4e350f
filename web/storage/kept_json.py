"""Reading and writing one key of JSON in the browser's storage, as every store of the table's
figures does (statistics, puzzles, the day's results, the history's list, ratings): a key
missing, blocked, too long or damaged reads as nothing kept; a write storage refuses (full or
blocked) is dropped, the figures staying for the visit."""

from __future__ import annotations

import json
from typing import Any

from web.storage.saves import Storage

__all__ = ["read_json", "write_json"]


def read_json(storage: Storage | None, key: str, max_chars: int) -> Any:
    """The JSON value under ``key`` (``None`` if there is none, or it cannot be read: no
    storage, blocked, at least ``max_chars`` long, or not JSON)."""
    if storage is None:
        return None
    try:
        text = storage.get(key)
        return json.loads(text) if isinstance(text, str) and len(text) < max_chars else None
    except Exception:  # blocked storage or damaged text both mean "nothing kept yet"
        return None


def write_json(storage: Storage | None, key: str, data: Any) -> bool:
    """Write ``data`` as JSON under ``key``; whether it was written."""
    if storage is None:
        return False
    try:
        storage.set(key, json.dumps(data))
    except Exception:  # storage full or blocked: kept for this visit
        return False
    return True
