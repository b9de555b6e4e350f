"""Copying text to the clipboard from the page (the browser's ``navigator.clipboard``)."""

from __future__ import annotations

from typing import Any

__all__ = ["copy_text"]


async def copy_text(window: Any, text: str) -> bool:
    """Put ``text`` on the clipboard; ``False`` where the browser does not allow it (an
    embedded frame without the permission, an old browser, a refusal)."""
    try:
        await window.navigator.clipboard.writeText(text)
    except Exception:  # any refusal means the same to the person: copy it another way
        return False
    return True
