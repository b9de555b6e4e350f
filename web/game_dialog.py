"""The Game dialog on the page: copy, download and share the game; open a record or a
position (the Statistics and History dialogs it opens are :mod:`web.stats_dialog` and
:mod:`web.history_dialog`).

It reads the game at the table through the app's :class:`~web.table.Table` and asks the
app (an :class:`AppSide`) to replay or to play a game; nothing of the game at the table changes unless an opened game is played, and a
game under way is replaced only after the person says so twice.
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

from engine import EngineError
from web.clipboard import copy_text, save_as_file
from web.links.share import SharedError, record_fragment
from web.page import Page
from web.replay.model import Stepping
from web.storage.game_record import is_record
from web.table import Table
from web.table_kinds import opened, replay_of_text

__all__ = ["MAX_IMPORT_CHARS", "AppSide", "GameDialog", "import_error_text"]

MAX_IMPORT_CHARS = 1024 * 1024
"""The longest text or file opened (as long as a saved game may be)."""


class AppSide(Protocol):
    """What the Game dialog needs of the app."""

    @property
    def table(self) -> Table:
        """The game at the table."""
        ...

    def open_replay(self, replay: Stepping, hand_index: int = 0, move: int = 0) -> None:
        """Show a replay."""

    def play_text(self, text: str) -> None:
        """Play on from a record's end or from a position (raises :class:`EngineError`)."""

    def date_text(self) -> str:
        """Today as a record writes it (``2026.11.24``)."""
        ...


def import_error_text(error: Exception) -> str:
    """What the person is told when a pasted or opened text cannot be used."""
    if isinstance(error, SharedError):
        return str(error)
    text = str(error).strip()
    if not text:
        return "This is not a game this table can open."
    return text[0].upper() + text[1:] + ("" if text.endswith(".") else ".")


class GameDialog:
    """The Game dialog."""

    def __init__(self, page: Page, window: Any, app: AppSide) -> None:
        """Wire the dialog's controls."""
        self.page = page
        self.window = window
        self.app = app
        self._confirm_replace = False
        self._tasks: set[asyncio.Future[None]] = set()
        el = page.el
        page.on(el("game-btn"), "click", lambda _e: self.open())
        page.on(el("replay-game-btn"), "click", lambda _e: self.replay_table())
        page.on(el("copy-record-btn"), "click", lambda _e: self._copy(self.record_text(), "Record copied."))
        page.on(el("download-record-btn"), "click", lambda _e: self.download())
        page.on(el("copy-position-btn"), "click", lambda _e: self.copy_position())
        page.on(el("share-btn"), "click", lambda _e: self.copy_share_link())
        page.on(el("import-file"), "change", lambda _e: self._run(self._read_file()))
        page.on(el("import-text"), "input", lambda _e: self._clear_import())
        page.on(el("import-replay-btn"), "click", lambda _e: self.replay_import())
        page.on(el("import-play-btn"), "click", lambda _e: self.play_import())

    # --- the game at the table -----------------------------------------------------------

    def open(self) -> None:
        """Open the Game dialog."""
        self._say("")
        self._clear_import()
        self.page.el("game-dialog").showModal()

    def record_text(self) -> str:
        """The record of the game at the table, dated (of the dice game: without the choices
        of a round still being chosen, which are secret until the reveal)."""
        return self.app.table.shared_record(self.app.date_text())

    def download(self) -> None:
        """Save the record as a ``.txt`` file (a link to its text, clicked)."""
        variant = self.app.table.settings.variant
        name = f"dominoes-{variant}-{self.app.date_text().replace('.', '-')}.txt"
        save_as_file(self.window, self.record_text(), name)
        self._say(f"Record saved as {name}.")

    def copy_position(self) -> None:
        """Copy this moment as a position, as the person sees it (the others' tiles hidden)."""
        text, said = self.app.table.position()
        if text is None:
            self._say(said)
            return
        self._copy(text, said)

    def copy_share_link(self) -> None:
        """Copy a link that opens a replay of this game (the record travels in the link itself)."""
        location = self.window.location
        link = f"{location.origin}{location.pathname}{record_fragment(self.record_text())}"
        self._copy(link, "Link copied: whoever opens it sees a replay of this game, every hand face up.")

    def replay_table(self) -> None:
        """Replay the hands finished at the table."""
        replay = self.app.table.replay()
        if replay is None:
            self._say("No hand has finished yet: there is nothing to replay.")
            return
        self.page.el("game-dialog").close()
        self.app.open_replay(replay, replay.hand_count - 1, 0)

    # --- opening a record or a position --------------------------------------------------

    def _import_text(self) -> str:
        return str(self.page.el("import-text").value)

    async def _read_file(self) -> None:
        files = self.page.el("import-file").files
        if not files or not files.length:
            return
        file = files.item(0)
        if int(file.size) > MAX_IMPORT_CHARS:
            self._import_error("This file is too big to be a game record.")
            return
        try:
            text = str(await file.text())
        except Exception:  # the browser could not read it (moved, no permission)
            self._import_error("This file could not be read.")
            return
        self.page.el("import-text").value = text
        self.page.el("import-file").value = ""
        self._clear_import()
        self._say(f"Opened {file.name}: replay it or play from it.")

    def replay_import(self) -> None:
        """Replay the pasted or opened record; a position is only played from."""
        text = self._import_text()
        if not self._checked(text):
            return
        if not is_record(text):
            problem = self._problem_playing(text)
            self._import_error(
                "A position is a single moment: use Play from it."
                if problem is None
                else f"This is neither a game record nor a position this table can read. {problem}"
            )
            return
        try:
            replay = replay_of_text(text)
        except EngineError as error:
            self._import_error(import_error_text(error))
            return
        self.page.el("game-dialog").close()
        self.app.open_replay(replay)

    def play_import(self) -> None:
        """Play on from the pasted or opened game (replacing the game at the table, once confirmed)."""
        text = self._import_text()
        if not self._checked(text):
            return
        problem = self._problem_playing(text)  # (before asking whether to replace the game)
        if problem is not None:
            self._import_error(problem)
            return
        under_way = self.app.table.under_way()
        if under_way and not self._confirm_replace:
            self._confirm_replace = True
            self._say(
                "This replaces the game at the table (copy its record first to keep it). Press Play from it again to go on."
            )
            return
        try:
            self.app.play_text(text)
        except EngineError as error:
            self._import_error(import_error_text(error))
            return
        self.page.el("game-dialog").close()

    @staticmethod
    def _problem_playing(text: str) -> str | None:
        """Why ``text`` (a record or a position) cannot be played on from, in the player's
        words; None if it can."""
        try:
            opened(text, 0)
        except EngineError as error:
            return import_error_text(error)
        return None

    def _checked(self, text: str) -> bool:
        if not text.strip():
            self._import_error("Paste a record or a position first, or open a file.")
            return False
        if len(text) > MAX_IMPORT_CHARS:
            self._import_error("This text is too long to be a game record.")
            return False
        return True

    def _import_error(self, message: str) -> None:
        error = self.page.el("import-error")
        error.textContent = message
        error.hidden = False

    def _clear_import(self) -> None:
        self.page.el("import-error").hidden = True
        self._confirm_replace = False

    # --- the clipboard -------------------------------------------------------------------

    def _copy(self, text: str, done: str) -> None:
        self._run(self._write_clipboard(text, done))

    def _run(self, work: Any) -> None:
        """Run a coroutine, holding on to it until it is done (so it is not collected midway)."""
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _write_clipboard(self, text: str, done: str) -> None:
        if not await copy_text(self.window, text):
            field = self.page.el("import-text")
            field.value = text
            field.select()
            self._say("Copying is not allowed here: the text is selected in the box below; copy it yourself.")
            return
        self._say(done)
        self.page.document.body.dataset.copied = str(len(text))

    def _say(self, text: str) -> None:
        self.page.el("game-said").textContent = text
