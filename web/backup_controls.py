"""Export and Import a backup (in the History dialog; the export also from the reminder in
the notice): the file of everything the table keeps (:mod:`web.storage.backup`).

Export saves the file at once. Import reads the chosen file, checks all of it (replaying
every record and restoring every saved game, a step at a time so the page stays
responsive: a large history takes a few seconds), and only then merges it; a file that
fails a check is refused in plain words and nothing changes. After a merge the app reloads
the page, so that everything on it (the game at the table too, if the file's was further
on) is read again from what was merged."""

from __future__ import annotations

import asyncio
import contextlib
import datetime
from collections.abc import Callable
from typing import Any

from web.clipboard import save_as_file
from web.page import Page
from web.storage.backup import (
    MAX_BACKUP_CHARS,
    BackupError,
    backup_name,
    deep_check,
    make_backup,
    read_backup,
)
from web.storage.backup_merge import merge_backup
from web.storage.backup_reminder import BackupReminder
from web.storage.saves import Storage
from web.table_kinds import moves_made, replay_of_text, restored

__all__ = ["IMPORTED_KEY", "BackupControls", "imported_notice"]

IMPORTED_KEY = "dominoes.imported"
"""Where what an import merged is said, for the page it reloads to show (and remove)."""


class BackupControls:
    """The dialog's Export and Import controls (ids fixed in ``index.html``)."""

    def __init__(
        self,
        page: Page,
        window: Any,
        storage: Storage,
        today: Callable[[], datetime.date],
        before_import: Callable[[], None],
    ) -> None:
        """Wire the controls. ``before_import`` runs once a file has passed every check,
        before anything is written (the app stops the game at the table)."""
        self.page = page
        self.window = window
        self.storage = storage
        self.today = today
        self.reminder = BackupReminder(storage)
        """When the person was last reminded to export, and when they last did."""
        self._before_import = before_import
        self._tasks: set[asyncio.Future[None]] = set()
        page.on(page.el("backup-export-btn"), "click", lambda _e: self.export())
        page.on(page.el("backup-import-file"), "change", lambda _e: self._run(self._import_file()))

    def export(self) -> None:
        """Save the backup file, and say so."""
        today = self.today()
        name = backup_name(today.isoformat())
        save_as_file(self.window, make_backup(self.storage, today.isoformat()), name)
        self.reminder.note_export(today)
        self._say(f"Saved {name}: keep it somewhere safe. Import it here or on another device.")

    def _run(self, work: Any) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _import_file(self) -> None:
        chooser = self.page.el("backup-import-file")
        files = chooser.files
        if not files or not files.length:
            return
        file = files.item(0)
        chooser.value = ""
        if int(file.size) > MAX_BACKUP_CHARS:
            self._say("This file is too big to be a backup of this table. Nothing was changed.")
            return
        try:
            text = str(await file.text())
        except Exception:  # the browser could not read it (moved, no permission)
            self._say("This file could not be read. Nothing was changed.")
            return
        self._say("Checking the backup…")
        try:
            backup = read_backup(text)
            for _ in deep_check(backup, restored, replay_of_text):
                await asyncio.sleep(0)  # (a breath for the page between two records)
        except BackupError as error:
            self._say(str(error))
            return
        self._before_import()
        self._reload_saying(merge_backup(self.storage, backup, moves_made))

    def reminder_due(self, matches: int) -> str:
        """The reminder to export, when one is due (``""`` otherwise): the browser has not
        promised to keep the storage (``dominoesBoot.persisted``) and the history keeps
        ``matches`` matches."""
        persisted = getattr(getattr(self.window, "dominoesBoot", None), "persisted", None)
        return self.reminder.reminder(persisted is True, matches, self.today())

    def _reload_saying(self, said: str) -> None:
        """Reload the page, everything read again from what the import merged; ``said`` (what
        was imported) is shown once the page is back (:func:`imported_notice`)."""
        with contextlib.suppress(Exception):  # (storage refused: the reload shows it unannounced)
            self.storage.set(IMPORTED_KEY, said)
        self.window.location.reload()

    def _say(self, text: str) -> None:
        said = self.page.el("backup-said")
        said.textContent = text
        said.scrollIntoView(False)  # (in view at the foot of its dialog, if it was not)


def imported_notice(storage: Storage) -> list[str]:
    """What the import before the page's reload said, to show at this boot (once)."""
    try:
        said = storage.get(IMPORTED_KEY)
        storage.remove(IMPORTED_KEY)
    except Exception:  # blocked storage: nothing was imported
        return []
    if isinstance(said, str) and said.startswith(("Imported ", "Nothing to import")):
        return [said[:300]]
    return []
