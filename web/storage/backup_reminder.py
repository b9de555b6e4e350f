"""When to remind the person to export a backup: the browser has not promised to keep the
site's storage (``navigator.storage.persist()`` said no, or could not be asked), the
history holds matches worth keeping (at least :data:`REMIND_FROM_MATCHES`), and the person
has neither exported nor been reminded in the last :data:`REMIND_EVERY_DAYS` days.

The days of the last export and the last reminder are kept under :data:`REMINDER_KEY`.
Pure Python (the storage protocol of :mod:`web.storage.saves`).
"""

from __future__ import annotations

import datetime

from web.storage.kept_json import read_json, write_json
from web.storage.saves import Storage

__all__ = ["EXPORT_REMINDER", "REMINDER_KEY", "REMIND_EVERY_DAYS", "REMIND_FROM_MATCHES", "BackupReminder"]

REMINDER_KEY = "dominoes.backup"
"""Where the days of the last export and the last reminder are kept."""

REMIND_FROM_MATCHES = 5
"""The fewest kept matches worth a reminder."""

REMIND_EVERY_DAYS = 30
"""The fewest days between a reminder and the last export or reminder."""

EXPORT_REMINDER = (
    "This browser may clear what the table keeps when space runs short, your {} matches "
    "with it: Export a backup keeps a copy (in History, too)."
)
"""The reminder (its start names it: :meth:`web.notice.Notice` offers the export beside it)."""


def _day(value: object) -> datetime.date | None:
    try:
        return datetime.date.fromisoformat(value) if isinstance(value, str) and len(value) == 10 else None
    except ValueError:
        return None


class BackupReminder:
    """The last export and reminder (``storage`` ``None``: no reminders)."""

    def __init__(self, storage: Storage | None) -> None:
        """Read the days kept in ``storage`` (none if missing or damaged)."""
        self.storage = storage
        data = read_json(storage, REMINDER_KEY, 1000)
        data = data if isinstance(data, dict) else {}
        self.exported = _day(data.get("exported"))
        """The day of the last export (``None``: never)."""
        self.reminded = _day(data.get("reminded"))
        """The day of the last reminder (``None``: never)."""

    def note_export(self, today: datetime.date) -> None:
        """An export was made ``today``."""
        self.exported = today
        self._save()

    def reminder(self, persisted: object, matches: int, today: datetime.date) -> str:
        """The reminder to show now (``""``: none), noted as shown. ``persisted`` is what the
        browser answered (``True`` only if it promised to keep the storage); ``matches``
        how many the history keeps."""
        if self.storage is None or persisted is True or matches < REMIND_FROM_MATCHES:
            return ""
        for last in (self.exported, self.reminded):
            if last is not None and 0 <= (today - last).days < REMIND_EVERY_DAYS:
                return ""
        self.reminded = today
        self._save()
        return EXPORT_REMINDER.format(matches)

    def _save(self) -> None:
        days = {"exported": self.exported, "reminded": self.reminded}
        write_json(self.storage, REMINDER_KEY, {name: day.isoformat() for name, day in days.items() if day})
