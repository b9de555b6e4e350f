"""Embedding the table in another site's page: the embed parameters and the message protocol.

A rules website puts the table in an ``<iframe>`` (``index.html?embed=1&…``; see the
README's embedding section). This module reads what such a link asks for besides the game
(:class:`Embed`), and checks the messages the host page sends (:func:`read_command`) and
builds the ones the table sends it (:func:`event`). Nothing in a parameter or a message
is ever used as HTML or code: each value is checked against a short list or a pattern.

Pure Python (standard library); no browser imports.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "EMBED_PARAMETERS",
    "MESSAGE_SOURCE",
    "PANELS",
    "Command",
    "Embed",
    "dress_for_embedding",
    "event",
    "read_command",
    "read_embed",
]

PANELS = ("rules", "score", "controls")
"""The panels a link may show or hide (all are shown unless ``panels`` lists some)."""

EMBED_PARAMETERS = ("embed", "panels", "theme", "compact", "hand", "move", "view", "origin")
"""The embedding parameters a link may give (see :func:`read_embed`)."""

MESSAGE_SOURCE = "dominoes"
"""Every message the table sends, and every command it accepts, has ``source`` set to this."""

MAX_MESSAGE_CHARS = 2000
"""The longest command read (as JSON): a real one is under 100 characters."""

_ORIGIN = re.compile(r"https?://[A-Za-z0-9.-]{1,253}(:[0-9]{1,5})?")
_NUMBER = re.compile(r"[0-9]{1,4}")


@dataclass(frozen=True)
class Embed:
    """What an embedding link asks for besides the game.

    ``enabled``: the table is embedded (``embed=1``): it keeps its save apart from the main
    table's and keeps no statistics. ``panels``: which of :data:`PANELS` show. ``theme``:
    ``light`` or ``dark`` (``None``: the table's own colours). ``compact``: smaller bars,
    for a small frame. ``hand`` and ``move``: where a replay opens (hand from 1, move from
    0). ``view``: a replay's hands, ``all`` face up or one seat's (``"0"``, ``"1"``…).
    ``origin``: the host page's origin, the only one the table talks to.
    """

    enabled: bool = False
    panels: frozenset[str] = frozenset(PANELS)
    theme: str | None = None
    compact: bool = False
    hand: int | None = None
    move: int | None = None
    view: str | None = None
    origin: str | None = None
    problems: tuple[str, ...] = field(default=())


def read_embed(params: dict[str, str]) -> Embed:
    """The embedding parameters of a link's (case-folded, stripped) parameters; never raises.

    A value it cannot use is left out with one short message naming the parameter.
    """
    problems: list[str] = []

    def refuse(name: str, allowed: str) -> None:
        problems.append(f"The link's {name} was ignored: {allowed}.")

    enabled = _switch(params.get("embed"), "embed", refuse)
    compact = _switch(params.get("compact"), "compact", refuse)
    panels = frozenset(PANELS)
    if "panels" in params:
        asked = [part.strip().lower() for part in params["panels"].split(",") if part.strip()]
        if asked and all(part in PANELS for part in asked) and len(asked) <= len(PANELS):
            panels = frozenset(asked)
        else:
            refuse("panels", f"panels lists some of {', '.join(PANELS)}, separated by commas")
    theme = params.get("theme", "").lower() or None
    if theme not in (None, "light", "dark"):
        refuse("theme", "the theme is light or dark")
        theme = None
    hand = _number(params.get("hand"), "hand", 1, refuse)
    move = _number(params.get("move"), "move", 0, refuse)
    view = params.get("view", "").lower() or None
    if view is not None and view != "all" and not (view.isascii() and view.isdigit() and len(view) == 1):
        refuse("view", "the view is all or a seat number (0 for the first)")
        view = None
    origin = params.get("origin")
    if origin is not None:
        origin = origin.rstrip("/").lower()  # browsers give a message's origin in lower case
        if not _ORIGIN.fullmatch(origin):
            refuse("origin", "the origin is the host page's scheme and host, like https://example.org")
            origin = None
    return Embed(enabled, panels, theme, compact, hand, move, view, origin, tuple(problems))


def _switch(text: str | None, name: str, refuse: Any) -> bool:
    if text is None:
        return False
    if text.lower() in ("1", "on", "true", "yes"):
        return True
    if text.lower() not in ("0", "off", "false", "no"):
        refuse(name, f"{name} is 1 or 0")
    return False


def _number(text: str | None, name: str, low: int, refuse: Any) -> int | None:
    if text is None:
        return None
    if _NUMBER.fullmatch(text) and int(text) >= low:
        return int(text)
    refuse(name, f"the {name} is a whole number from {low}")
    return None


def dress_for_embedding(document: Any, embed: Embed) -> None:
    """Show the page as an embedding link asks: the panels it hides, its colours, compact bars
    (as ``data-`` attributes of the page's body, which the style sheet reads)."""
    if not embed.enabled:
        return
    body = document.body
    body.dataset.embed = "1"
    body.dataset.hide = " ".join(panel for panel in PANELS if panel not in embed.panels)
    if embed.theme is not None:
        body.dataset.theme = embed.theme
    if embed.compact:
        body.dataset.compact = "1"


# --- messages ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Command:
    """A command from the host page.

    ``go``: show hand ``hand`` (from 1) after ``move`` moves in the replay. ``step``: one move
    forward (``delta`` 1) or back (-1). ``new-game``: deal a new game of the same rules,
    from ``seed`` if given.
    """

    kind: str
    hand: int = 1
    move: int = 0
    delta: int = 1
    seed: int | None = None


def read_command(text: str) -> Command | None:
    """The command a message's data (as JSON text) holds, or ``None`` if it is not one.

    Only small JSON objects with ``source: "dominoes"``, a known ``type`` and whole numbers
    in range are commands; anything else is ignored, never raised.
    """
    if not isinstance(text, str) or len(text) > MAX_MESSAGE_CHARS:
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # not JSON, or nested deeper than the reader goes
        return None
    if not isinstance(data, dict) or data.get("source") != MESSAGE_SOURCE:
        return None
    kind = data.get("type")
    if kind == "go":
        hand, move = data.get("hand", 1), data.get("move", 0)
        if _whole(hand, 1, 10_000) and _whole(move, 0, 10_000):
            return Command("go", hand=hand, move=move)
    elif kind == "step":
        delta = data.get("delta", 1)
        if delta in (1, -1) and type(delta) is int:
            return Command("step", delta=delta)
    elif kind == "new-game":
        seed = data.get("seed")
        if seed is None or _whole(seed, 0, 2**63 - 1):
            return Command("new-game", seed=seed)
    return None


def _whole(value: object, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def event(kind: str, **data: object) -> str:
    """A message to the host page, as JSON text: ``{"source": "dominoes", "type": kind, ...}``."""
    return json.dumps({"source": MESSAGE_SOURCE, "type": kind, **data})
