"""Talking to the page that embeds the table: ``postMessage`` both ways, to one origin only.

The host page's origin is the link's ``origin`` parameter, or else the origin of the page
that opened the frame (``document.referrer``). Messages go only to that origin; commands
are taken only from it, and only if :func:`web.embedding.embed.read_command` accepts them.
"""

from __future__ import annotations

import re
from typing import Any

from web.embedding.embed import Command, Embed, event, read_command
from web.line.controller import Controller

__all__ = ["HostLink"]

_ORIGIN = re.compile(r"https?://[^/?#]+")


class HostLink:
    """The table's side of the conversation with its host page."""

    def __init__(self, window: Any, document: Any, embed: Embed) -> None:
        """Find the host's origin (``None``: nobody to talk to, so nothing is sent or taken)."""
        self.window = window
        referrer = _ORIGIN.match(str(document.referrer or ""))
        self.origin: str | None = embed.origin or (referrer.group() if referrer else None)
        self.sent: list[str] = []
        """Every message sent, for the end-to-end tests (``dominoesTest``)."""
        self._told: tuple[int, int, str] = (0, 0, "")

    def send(self, kind: str, **data: object) -> None:
        """Post ``{"source": "dominoes", "type": kind, ...}`` to the host page."""
        if self.origin is None:
            return
        text = event(kind, **data)
        self.sent.append(text)
        del self.sent[:-100]
        self.window.parent.postMessage(self.window.JSON.parse(text), self.origin)

    def report(self, controller: Controller) -> None:
        """Tell the host what changed at a line-of-play table since the last report: a move,
        the end of a hand, the end of the match (each once)."""
        match = controller.match
        result = match.hand.result
        self.report_progress(
            hands=len(match.hands),
            moves=len(match.hand.actions),
            phase=controller.phase,
            last_action=str(match.hand.actions[-1]) if match.hand.actions else "",
            result="" if result is None else result.describe(controller.names, controller.hand_award()),
            scores=list(match.scores),
            winner=None if match.result is None else match.result.winner_side,
        )

    def report_progress(
        self,
        *,
        hands: int,
        moves: int,
        phase: str,
        last_action: str,
        result: str,
        scores: list[int],
        winner: int | None,
    ) -> None:
        """Tell the host what changed since the last report, for any kind of game: a move
        (``moves`` into hand or round ``hands``, ``last_action`` in the record's notation),
        the end of a hand (``result`` in words, the match's ``scores``) and the end of the
        match (the ``winner``'s side or seat), each once."""
        told_hands, told_moves, told_phase = self._told
        if (hands, moves) != (told_hands, told_moves) and moves:
            self.send("move", mode="live", hand=hands, move=moves, action=last_action)
        if phase != told_phase and phase in ("hand-over", "match-over"):
            self.send("hand-over", hand=hands, result=result, scores=scores)
            if phase == "match-over" and winner is not None:
                self.send("match-over", winner_side=winner, scores=scores)
        self._told = (hands, moves, phase)

    def forget_told(self) -> None:
        """A new game: report its moves from the first."""
        self._told = (0, 0, "")

    def command(self, message: Any) -> Command | None:
        """The command a ``message`` event carries, if it comes from the host's origin."""
        if self.origin is None or str(message.origin) != self.origin:
            return None
        try:
            text = str(self.window.JSON.stringify(message.data))
        except Exception:  # data that cannot be written as JSON (a function, a cycle)
            return None
        return read_command(text)
