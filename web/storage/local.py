"""The page's ``localStorage`` as a :class:`web.storage.saves.Storage`.

Any call may raise (storage blocked in a cross-site frame, full, or switched off):
:class:`web.storage.saves.SaveSlots` catches it. The window is passed in; nothing here imports
from the browser.
"""

from __future__ import annotations

from typing import Any

__all__ = ["LocalStorage"]


class LocalStorage:
    """The page's ``localStorage`` as a :class:`web.storage.saves.Storage` (any call may raise:
    :class:`web.storage.saves.SaveSlots` catches it)."""

    def __init__(self, window: Any) -> None:
        """Use ``window.localStorage``, looked up at each call (the getter itself may throw)."""
        self._window = window

    def get(self, key: str) -> str | None:
        """The text under ``key``, or None."""
        value = self._window.localStorage.getItem(key)
        # A missing key is JS null, which Pyodide gives as ``jsnull`` (not None): only a str is a value.
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        """Store ``value`` under ``key`` (raises when storage is full or blocked)."""
        self._window.localStorage.setItem(key, value)

    def remove(self, key: str) -> None:
        """Forget ``key``."""
        self._window.localStorage.removeItem(key)

    def keys(self) -> list[str]:
        """Every key in storage."""
        storage = self._window.localStorage
        return [str(storage.key(index)) for index in range(int(storage.length))]
