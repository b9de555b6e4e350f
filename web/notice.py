"""The notice under the top bar: a message that stays until the person dismisses it.

A notice is made of parts (each a sentence or a few), so that one thing said does not hide
another still true (a damaged save set aside at boot, then storage too full for a move).
While a part says the game could not be saved, the notice offers the record's download; while
it reminds the person to export a backup, it offers the export.
"""

from __future__ import annotations

from collections.abc import Callable

from web.page import Page
from web.storage.backup_reminder import EXPORT_REMINDER
from web.storage.keeper import SAVE_FAILED

__all__ = ["REMINDER_START", "Notice"]

REMINDER_START = EXPORT_REMINDER.split("{}")[0]
"""How the reminder to export begins (it names the matches after)."""


class Notice:
    """The page's ``#notice``: its text, its role for screen readers, its download and export buttons."""

    def __init__(self, page: Page, on_resize: Callable[[], None]) -> None:
        """Show notices on ``page``; ``on_resize`` runs whenever the notice shows, changes or
        hides (the board's area changes size)."""
        self._page = page
        self._on_resize = on_resize
        self.parts: list[str] = []
        """What the notice says, part by part (empty: it is hidden)."""

    def show(self, text: str | None, quiet: bool = False) -> None:
        """Say ``text`` in place of anything shown (``None`` hides the notice). A ``quiet``
        one is read out politely by screen readers, not as an alert."""
        self.parts = [text] if text else []
        self._render(quiet)

    def add(self, text: str) -> None:
        """Add ``text`` to what is shown (or show it): what was said before stays."""
        if text not in self.parts:
            self.parts.append(text)
        self._render()

    def drop(self, starts: str) -> None:
        """Take back the parts that begin with ``starts`` (they are no longer true)."""
        kept = [part for part in self.parts if not part.startswith(starts)]
        if kept != self.parts:
            self.parts = kept
            self._render()

    def _render(self, quiet: bool = False) -> None:
        page = self._page
        notice = page.el("notice")
        notice.setAttribute("role", "status" if quiet else "alert")
        page.el("notice-text").textContent = " ".join(self.parts)
        notice.hidden = not self.parts
        page.el("notice-download").hidden = not any(part.startswith(SAVE_FAILED) for part in self.parts)
        page.el("notice-export").hidden = not any(part.startswith(REMINDER_START) for part in self.parts)
        self.measure()
        self._on_resize()

    def measure(self) -> None:
        """Tell the style sheet how tall the notice is (``--notice-height`` on the body): the
        end-of-hand summary beside the board starts below it, so neither hides the other."""
        page = self._page
        height = 0 if page.el("notice").hidden else int(page.el("notice").offsetHeight)
        page.document.body.style.setProperty("--notice-height", f"{height}px")
