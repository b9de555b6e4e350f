"""Share links: a record, a position or a puzzle in the address's fragment (``#record=…``,
``#position=…``, ``#puzzle=…``: a puzzle's line as the puzzle file writes it, for a page
that sets its own puzzle).

The fragment never reaches a server, so a shared game stays between the people who share
it, and the link works offline. A record is compressed (zlib) and written in URL-safe
base64; a position is short and stays readable, percent-encoded.

Pure Python (standard library); no browser imports.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from dataclasses import dataclass
from urllib.parse import quote, unquote

__all__ = [
    "MAX_FRAGMENT",
    "Shared",
    "SharedError",
    "position_fragment",
    "puzzle_fragment",
    "read_fragment",
    "record_fragment",
]

MAX_FRAGMENT = 1_500_000
"""The longest fragment read (characters): a record of a thousand hands takes about 200,000."""

MAX_TEXT = 1024 * 1024
"""The longest record or position a link may unpack to (as long as a saved game may be)."""

_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")


class SharedError(ValueError):
    """A share link that cannot be read; the message is for the player."""


@dataclass(frozen=True)
class Shared:
    """What a link's fragment carries: ``kind`` is ``record``, ``position`` or ``puzzle``,
    ``text`` its text."""

    kind: str
    text: str


def record_fragment(text: str) -> str:
    """The fragment (with its ``#``) that carries a record."""
    packed = base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii").rstrip("=")
    return f"#record={packed}"


def position_fragment(text: str) -> str:
    """The fragment (with its ``#``) that carries a position, readable in the address bar."""
    return "#position=" + quote(text, safe="-@/?;:=")


def puzzle_fragment(text: str) -> str:
    """The fragment (with its ``#``) that carries a puzzle's line, readable in the address bar."""
    return "#puzzle=" + quote(text, safe="-@/?;:=")


def read_fragment(fragment: str) -> Shared | None:
    """What a fragment (``#…`` or without the ``#``) carries; ``None`` if it carries no game.

    Raises :class:`SharedError` with a message in the player's words if it tries to and
    cannot be read.
    """
    body = fragment[1:] if fragment.startswith("#") else fragment
    key, equals, value = body.partition("=")
    if not equals or key not in ("record", "position", "puzzle"):
        return None
    if len(value) > MAX_FRAGMENT:
        raise SharedError("The shared game in this link is too long to be real.")
    if key in ("position", "puzzle"):
        text = unquote(value, errors="replace")
        if len(text) > MAX_TEXT or "\ufffd" in text:
            raise SharedError(
                f"The {key} in this link is damaged: it may have been cut when it was copied."
            )
        return Shared(key, text)
    return Shared("record", _unpack(value))


def _unpack(value: str) -> str:
    damaged = "The game in this link is damaged: it may have been cut when it was copied."
    if not _BASE64URL.fullmatch(value) or len(value) % 4 == 1:
        raise SharedError(damaged)
    try:
        packed = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
        unpacker = zlib.decompressobj()
        data = unpacker.decompress(packed, MAX_TEXT + 1)
        if len(data) > MAX_TEXT or unpacker.unconsumed_tail:
            raise SharedError("The game in this link is too long to be real.")
        if not unpacker.eof:
            raise SharedError(damaged)
        return data.decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError):
        raise SharedError(damaged) from None
