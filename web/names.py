"""Names from records, links and saves, made safe and legible to show.

A record's ``Seat`` tags are free text written by whoever wrote the record. Shown as they
are, invisible formatting characters could change what the page shows around them: a
right-to-left override in a name reverses the moves that follow it ("6-4@6-6" appears as
"6-6@6-4"), and zero-width or control characters hide or break what follows. So a name is
cleaned before anything shows it: every control and formatting character removed (line
breaks and tabs become spaces), spaces run together, and a name longer than
:data:`MAX_NAME_CHARS` cut with an ellipsis. A name written in a right-to-left script is
kept whole inside an isolate (U+2068 ... U+2069), so it reads right to left without
reordering the words and moves around it.

Pure Python (standard library); no browser imports.
"""

from __future__ import annotations

import unicodedata

__all__ = ["MAX_NAME_CHARS", "shown_name"]

MAX_NAME_CHARS = 24
"""The longest name shown whole (the longest computer player's is "Comp 1", a person's name
rarely passes 20); a longer one keeps its first characters and an ellipsis."""

_SPACES = frozenset("\t\n\v\f\r\x1c\x1d\x1e\x1f\x85\u2028\u2029")
"""Characters that separate words or lines: each becomes a space."""
_HIDDEN = frozenset(("Cc", "Cf", "Cs", "Co", "Cn"))
"""Unicode categories never shown: controls, formatting (bidirectional controls, zero-width
characters), surrogates, private use and unassigned."""
_RIGHT_TO_LEFT = frozenset(("R", "AL"))
_ISOLATE, _END_ISOLATE = "\u2068", "\u2069"


def shown_name(raw: str, fallback: str) -> str:
    """``raw`` as a name safe and legible to show, or ``fallback`` if nothing visible is left."""
    kept = []
    for char in raw[: MAX_NAME_CHARS * 8]:  # (enough for the name shown, however spaced)
        if char in _SPACES or unicodedata.category(char).startswith("Z"):
            kept.append(" ")
        elif unicodedata.category(char) not in _HIDDEN:
            kept.append(char)
    name = " ".join("".join(kept).split())
    if not name:
        return fallback
    if len(name) > MAX_NAME_CHARS:
        name = name[: MAX_NAME_CHARS - 1].rstrip() + "…"
    if any(unicodedata.bidirectional(char) in _RIGHT_TO_LEFT for char in name):
        name = _ISOLATE + name + _END_ISOLATE
    return name
