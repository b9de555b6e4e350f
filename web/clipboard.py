"""Copying text to the clipboard from the page (the browser's ``navigator.clipboard``), and
saving it as a file (a download)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from web.page import Page

__all__ = ["copy_text", "save_as_file", "share_result"]


def save_as_file(window: Any, text: str, name: str) -> None:
    """Offer ``text`` as a download named ``name`` (a link to its text, clicked)."""
    document = window.document
    link = document.createElement("a")
    link.href = "data:text/plain;charset=utf-8," + str(window.encodeURIComponent(text))
    link.download = name
    document.body.appendChild(link)
    link.click()
    link.remove()


async def copy_text(window: Any, text: str) -> bool:
    """Put ``text`` on the clipboard; ``False`` where the browser does not allow it (an
    embedded frame without the permission, an old browser, a refusal)."""
    try:
        await window.navigator.clipboard.writeText(text)
    except Exception:  # any refusal means the same to the person: copy it another way
        return False
    return True


async def share_result(window: Any, page: Page, text: str, link: str) -> None:
    """Copy a result's words and the link to play it (a day's puzzle or deal), and say so;
    where copying is not allowed, the words are shown for the person to copy. Marks
    ``<body data-copied>`` with the words' length for the tests."""
    copied = await copy_text(window, f"{text}\n{link}")
    page.show_status("Result copied: paste it anywhere." if copied else text)
    page.document.body.dataset.copied = str(len(text))
