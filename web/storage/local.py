"""The page's ``localStorage`` (or ``sessionStorage``) as a :class:`web.storage.saves.Storage`.

Any call may raise (storage blocked in a cross-site frame, full, or switched off):
:class:`web.storage.saves.SaveSlots` catches it. A write refused for want of room raises
:class:`web.storage.saves.StorageFull`, whatever the browser names it. The window is passed
in; nothing here imports from the browser.
"""

from __future__ import annotations

from typing import Any

from web.storage.saves import StorageFull

__all__ = ["LocalStorage", "is_quota_error"]

_QUOTA_NAMES = ("QuotaExceededError", "NS_ERROR_DOM_QUOTA_REACHED")
"""What browsers call the error of a write storage has no room for (Firefox's older name too)."""


def is_quota_error(error: BaseException) -> bool:
    """Whether a browser's storage error says storage is full (its name, or its text in Pyodide)."""
    name = getattr(error, "name", "")
    return any(quota in f"{name if isinstance(name, str) else ''} {error}" for quota in _QUOTA_NAMES)


class LocalStorage:
    """The page's ``localStorage`` as a :class:`web.storage.saves.Storage` (any call may raise:
    :class:`web.storage.saves.SaveSlots` catches it)."""

    def __init__(self, window: Any, area: str = "localStorage") -> None:
        """Use ``window.localStorage`` (or the ``area`` named, such as ``"sessionStorage"``),
        looked up at each call (the getter itself may throw)."""
        self._window = window
        self._area = area

    def _store(self) -> Any:
        return getattr(self._window, self._area)

    def get(self, key: str) -> str | None:
        """The text under ``key``, or None."""
        value = self._store().getItem(key)
        # A missing key is JS null, which Pyodide gives as ``jsnull`` (not None): only a str is a value.
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        """Store ``value`` under ``key`` (raises :class:`StorageFull` when storage is full,
        anything else when it is blocked)."""
        try:
            self._store().setItem(key, value)
        except Exception as error:
            if is_quota_error(error):
                raise StorageFull(str(getattr(error, "name", "")) or "storage is full") from None
            raise

    def remove(self, key: str) -> None:
        """Forget ``key``."""
        self._store().removeItem(key)

    def keys(self) -> list[str]:
        """Every key in storage."""
        storage = self._store()
        return [str(storage.key(index)) for index in range(int(storage.length))]
