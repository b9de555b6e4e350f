"""Sentences about a game: lists of names, possessives and a verb agreeing with its subject.

The engine's results and the table's messages both say who did what in these words; they
hold no rules.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["agree", "and_list", "possessive", "sentence"]


def agree(subject: str, verb: str) -> str:
    """``verb`` (third person singular, e.g. "scores", "wins") agreeing with ``subject``.

    "You" and partners joined by "&" ("You & North") take the plural: "You & North score",
    "You are".
    """
    if subject == "You" or " & " in subject:
        if verb in _IRREGULAR:
            return _IRREGULAR[verb]
        return verb[:-2] if verb.endswith("es") and verb[-3:-2] in "sxz" else verb[:-1]
    return verb


_IRREGULAR = {"is": "are", "has": "have", "was": "were"}


def possessive(name: str, first: bool = True) -> str:
    """Whose: "West's", and for "You" "Your" (``first`` word of a sentence) or "your"."""
    if name == "You":
        return "Your" if first else "your"
    return f"{name}'s"


def and_list(names: Iterable[object], conjunction: str = "and") -> str:
    """Names joined as a sentence lists them: "West", "West and East", "You, West and East"
    (or with another ``conjunction``: "2, 3 or 4")."""
    words = [str(name) for name in names]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {conjunction} {words[-1]}"


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter and a full stop (unless it ends with one,
    ! or ?); "" stays ""."""
    text = text.strip()
    if not text:
        return ""
    if text[-1] not in ".!?":
        text += "."
    return text[0].upper() + text[1:]
