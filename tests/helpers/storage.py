"""Key-value stores standing in for the browser's ``localStorage`` in the storage tests."""

from __future__ import annotations

from web.line.controller import Controller, Settings
from web.storage.saves import StorageFull

__all__ = [
    "EMPTY_LOCAL_STORAGE",
    "FILL_LOCAL_STORAGE",
    "BlockedStorage",
    "DictStorage",
    "SecurityError",
    "four_player_block_save",
]


class DictStorage:
    """A storage in a dict; refuses a write that would pass ``quota`` characters (keys and values)."""

    def __init__(self, quota: int | None = None) -> None:
        self.data: dict[str, str] = {}
        self.quota = quota

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
        if self.quota is not None and used + len(key) + len(value) > self.quota:
            raise StorageFull("the quota has been exceeded")
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)


class SecurityError(Exception):
    """What the browser raises for storage in a cross-site iframe."""


class BlockedStorage:
    """Storage that throws on every call."""

    def get(self, key: str) -> str | None:
        raise SecurityError("The operation is insecure.")

    def set(self, key: str, value: str) -> None:
        raise SecurityError("The operation is insecure.")

    def remove(self, key: str) -> None:
        raise SecurityError("The operation is insecure.")

    def keys(self) -> list[str]:
        raise SecurityError("The operation is insecure.")


FILL_LOCAL_STORAGE = """(leave) => {
  // Fill localStorage with junk, leaving about `leave` characters of room: a reserve of that
  // size is written first, everything else is filled in ever smaller pieces, then the reserve goes.
  localStorage.setItem("junk:reserve", "r".repeat(leave));
  let size = 1 << 22, count = 0;
  while (size >= 1) {
    try { localStorage.setItem("junk:" + count++, "j".repeat(size)); }
    catch (error) { size = Math.floor(size / 2); }
  }
  localStorage.removeItem("junk:reserve");
  return count;
}"""
"""Fills a page's ``localStorage`` with junk (``page.evaluate(FILL_LOCAL_STORAGE, leave)``),
leaving about ``leave`` characters of room."""

EMPTY_LOCAL_STORAGE = "() => { for (const key of Object.keys(localStorage)) if (key.startsWith('junk:')) localStorage.removeItem(key); }"
"""Removes the junk :data:`FILL_LOCAL_STORAGE` wrote."""


def four_player_block_save() -> str:
    """A four-player Block match's save in its second hand (the first scored 38 to North),
    as the table writes it: what the damaged-save tests damage."""
    controller = Controller(Settings.for_variant("block", 4), 7)
    match = controller.match
    while not match.hand.is_over:
        match.apply(match.legal_actions()[0])
    match.next_hand()
    for _ in range(5):
        match.apply(match.legal_actions()[0])
    return controller.save()
