"""The table's keys on the page: the ``keydown`` listener that turns keys into commands.

Which key does what is :mod:`web.keys` (pure); this module reads the browser's key events:
Escape closes the end-of-hand summary to show the board; Ctrl+Z (or Cmd+Z) takes a move
back; arrows move between the keyboard twin's buttons; letters are commands (draw, pass,
hint, undo, the menus, read aloud), carried out by whoever the app names. Keys act only
when no dialog other than the summary is open and the person is not typing.

The document is passed in; nothing here imports from the browser.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from web.keys import ARROWS, COMMAND_KEYS, arrow_target
from web.page import Page

__all__ = ["Keyboard"]


class Keyboard:
    """Listens for the page's keys and hands each command on."""

    def __init__(self, page: Page, undo: Callable[[], None], command: Callable[[str], None]) -> None:
        """Listen on ``page``'s document: Ctrl+Z calls ``undo``; a command key calls
        ``command`` with the command's name (:data:`web.keys.COMMAND_KEYS`)."""
        self.page = page
        self.document = page.document
        self._undo = undo
        self._command = command
        page.on(self.document, "keydown", self._on_key)
        page.on(self.document, "pointerdown", lambda _e: setattr(page, "keyboard_in_use", False))

    def _on_key(self, event: Any) -> None:
        key = str(event.key)
        self.page.keyboard_in_use = True
        on_top = self.document.querySelector("dialog[open]:not(#hand-dialog)")  # (none: null, falsy)
        if key == "Escape" and self.page.el("hand-dialog").open and not on_top:
            event.preventDefault()  # (with a dialog over it, Escape closes that one, the browser's way)
            self.page.dismiss_summary()
            return
        target = event.target
        if str(getattr(target, "tagName", "")).upper() in ("INPUT", "TEXTAREA", "SELECT"):
            return
        if key.lower() == "z" and (event.ctrlKey or event.metaKey) and not event.shiftKey:
            event.preventDefault()
            self._undo()
            return
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        if on_top:
            return  # a dialog has the keyboard (the replay viewer has its own arrow keys)
        if key in ARROWS:
            if self._move_focus(key):
                event.preventDefault()
            return
        command = COMMAND_KEYS.get(key.lower()) if len(key) == 1 else None
        if command is not None:
            event.preventDefault()
            self._command(command)

    def _move_focus(self, key: str) -> bool:
        """Move focus along the keyboard twin's group that has it; False if focus is elsewhere."""
        active = self.document.activeElement
        # (JavaScript's null reaches Python as pyodide's jsnull, which is falsy but not None.)
        if not active or not self.document.querySelector(".twin").contains(active):
            return False
        group = active if str(active.getAttribute("role") or "") == "group" else active.parentElement
        buttons = list(group.querySelectorAll("button"))
        if not buttons:
            return False
        index = next((i for i, button in enumerate(buttons) if button.isSameNode(active)), -1)
        buttons[arrow_target(key, index, len(buttons))].focus()
        return True
