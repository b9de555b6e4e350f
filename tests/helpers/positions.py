"""Positions of real bot matches that several test modules come back to, found once and named here."""

from __future__ import annotations

__all__ = ["LOST_ENDGAME"]

LOST_ENDGAME = (30026, 1, 23)
"""``(seed, seat, move)``: in the first hand of the ``draw-2`` match of two Medium players seeded
``seed`` (``engine.line.selfplay.bot_match("draw-2", 2, seed, ["medium", "medium"], max_hands=1)``),
seat 1, with nothing more to draw, plays 6-5 at move ``move`` where 6-4 wins against any defence
(and 6-5 loses against any)."""
