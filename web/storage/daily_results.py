"""The day's deals the person played, kept on the device: their result, and the Expert's in
their seat with its record (so a reload shows the comparison and the Expert's hand without
playing it again).

Stored as JSON under one key (:data:`DAILY_KEY`), read defensively, the newest
:data:`MAX_DAYS` results kept. Pure Python (the storage protocol of :mod:`web.storage.saves`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from web.storage.kept_json import read_json, write_json
from web.storage.saves import Storage

__all__ = ["DAILY_KEY", "MAX_DAYS", "DailyResult", "DailyResults", "result_words"]

DAILY_KEY = "dominoes.daily"
"""Where the day's deals' results are kept."""

MAX_DAYS = 60
"""How many results are kept, the oldest forgotten first."""

_MAX_TEXT = 600_000
_MAX_RECORD = 20_000


@dataclass(frozen=True)
class DailyResult:
    """One day's deal of one rule set: the person's points margin, the Expert's in their seat
    (``None`` until it has played), and the Expert's hand as a record."""

    day: str
    variant: str
    you: int
    expert: int | None = None
    expert_record: str = ""


def result_words(result: DailyResult) -> str:
    """The two results side by side, in a player's words: "You: +23. The Expert in your seat: +31."."""
    expert = "…" if result.expert is None else f"{result.expert:+d}"
    return f"You: {result.you:+d}. The Expert in your seat: {expert}."


class DailyResults:
    """The kept results (``storage`` ``None``: kept for this visit only)."""

    def __init__(self, storage: Storage | None) -> None:
        """Read what ``storage`` keeps (nothing if it is missing or damaged)."""
        self.storage = storage
        self.results: dict[tuple[str, str], DailyResult] = {}
        self._load()

    def of(self, day: str, variant: str) -> DailyResult | None:
        """The result of ``day``'s deal in ``variant``, if it was played."""
        return self.results.get((day, variant))

    def on(self, day: str) -> list[DailyResult]:
        """Every result of ``day``."""
        return [result for (when, _), result in self.results.items() if when == day]

    def keep(self, result: DailyResult) -> None:
        """Keep ``result`` (the person's, then with the Expert's once it has played)."""
        key = (result.day, result.variant)
        self.results.pop(key, None)
        self.results[key] = result
        while len(self.results) > MAX_DAYS:
            del self.results[next(iter(self.results))]
        self._save()

    def _load(self) -> None:
        data = read_json(self.storage, DAILY_KEY, _MAX_TEXT)
        if not isinstance(data, list):
            return
        for item in data[-MAX_DAYS:]:
            result = _result(item)
            if result is not None:
                self.results[(result.day, result.variant)] = result

    def to_json(self) -> list[list[Any]]:
        """What the store keeps, as JSON values (what a backup carries: :mod:`web.storage.backup`)."""
        return [[r.day, r.variant, r.you, r.expert, r.expert_record] for r in self.results.values()]

    def _save(self) -> None:
        if self.storage is not None:
            write_json(self.storage, DAILY_KEY, self.to_json())


def _result(item: Any) -> DailyResult | None:
    """A kept result, if it is well formed."""
    if not isinstance(item, list) or len(item) != 5:
        return None
    day, variant, you, expert, record = item
    if not (isinstance(day, str) and len(day) == 10 and isinstance(variant, str) and len(variant) <= 40):
        return None
    if type(you) is not int or abs(you) > 10_000:
        return None
    if expert is not None and (type(expert) is not int or abs(expert) > 10_000):
        return None
    if not isinstance(record, str) or len(record) > _MAX_RECORD:
        return None
    return DailyResult(day, variant, you, expert, record)
