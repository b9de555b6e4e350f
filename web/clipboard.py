"""Copying text to the clipboard from the page (the browser's ``navigator.clipboard``), and
saving it as a file (a download)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from web.page import Page

__all__ = ["copy_text", "save_as_file", "share_result"]


def save_as_file(window: Any, text: str, name: str) -> None:
    """Offer ``text`` as a download named ``name`` (a link to it, clicked). The text is held
    as a ``Blob`` (a ``data:`` link would be cut at a few megabytes: a backup can be larger)."""
    document = window.document
    blob = window.Blob.new(window.Array.of(text), window.JSON.parse('{"type": "text/plain;charset=utf-8"}'))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = name
    document.body.appendChild(link)
    link.click()
    link.remove()
    # (the link's URL is freed a minute later: freed at once, a slow download could lose it)
    window.setTimeout(window.URL.revokeObjectURL.bind(window.URL, url), 60_000)


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
