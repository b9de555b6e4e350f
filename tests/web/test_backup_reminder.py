"""The reminder to export a backup: when the browser has not promised to keep the storage
and the history is worth keeping, once a month at most, and not soon after an export."""

from __future__ import annotations

import datetime

from tests.helpers.storage import BlockedStorage, DictStorage
from web.notice import REMINDER_START
from web.storage.backup_reminder import (
    EXPORT_REMINDER,
    REMIND_EVERY_DAYS,
    REMIND_FROM_MATCHES,
    REMINDER_KEY,
    BackupReminder,
)

DAY = datetime.date(2026, 11, 28)


def test_a_reminder_comes_when_storage_may_be_cleared_and_there_is_history_to_lose() -> None:
    reminder = BackupReminder(DictStorage())
    assert reminder.reminder(True, 50, DAY) == "", "the browser promised to keep it"
    assert reminder.reminder(False, REMIND_FROM_MATCHES - 1, DAY) == "", "not yet worth keeping"
    said = reminder.reminder(None, REMIND_FROM_MATCHES, DAY)
    assert said == EXPORT_REMINDER.format(REMIND_FROM_MATCHES) and said.startswith(REMINDER_START)
    assert "Export a backup" in said and "{" not in said


def test_once_a_month_at_most_and_not_soon_after_an_export() -> None:
    storage = DictStorage()
    reminder = BackupReminder(storage)
    assert reminder.reminder(False, 9, DAY)
    later = DAY + datetime.timedelta(days=REMIND_EVERY_DAYS - 1)
    assert BackupReminder(storage).reminder(False, 9, later) == "", "kept across visits"
    month = DAY + datetime.timedelta(days=REMIND_EVERY_DAYS)
    again = BackupReminder(storage)
    again.note_export(month)
    assert again.reminder(False, 9, month + datetime.timedelta(days=3)) == ""
    assert BackupReminder(storage).reminder(False, 9, month + datetime.timedelta(days=REMIND_EVERY_DAYS))


def test_damaged_or_blocked_storage_never_breaks_it() -> None:
    storage = DictStorage()
    storage.set(REMINDER_KEY, '{"exported": "not a day", "reminded": 7}')
    assert BackupReminder(storage).reminder(False, 9, DAY)
    blocked = BackupReminder(BlockedStorage())
    blocked.note_export(DAY)
    assert blocked.reminder(False, 9, DAY) == ""
    assert BackupReminder(None).reminder(False, 9, DAY) == ""
