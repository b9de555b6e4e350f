"""The day's puzzle and the day's deal: the same for everyone on a calendar date, chosen
from the date alone (no server, offline), so two people comparing results played the same.

Both come from a SHA-256 of the date (and, for a deal, the rule set): nobody can steer them,
and a table of another version gives the same deal (its seed does not depend on the puzzle
set). The daily puzzle depends on the puzzle set too: tables shipping the same set agree.
"""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Sequence

from engine.line.variants import VARIANTS
from engine.puzzles.puzzle import Puzzle

__all__ = ["DAILY_LEVEL", "DAILY_VARIANTS", "EXPERT", "daily_deal_seed", "daily_puzzle"]

DAILY_VARIANTS = tuple(VARIANTS)
"""The rule sets with a deal of the day: every line-of-play rule set, at its usual number of
players."""

DAILY_LEVEL = "hard"
"""The computer players the person (and then the Expert in their seat) play the day's deal against."""

EXPERT = "expert"
"""Who plays the day's deal again in the person's seat, for the comparison."""


def _number(text: str) -> int:
    """A 64-bit number drawn from ``text`` by SHA-256."""
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def daily_puzzle(day: datetime.date, puzzles: Sequence[Puzzle]) -> Puzzle:
    """The puzzle of ``day`` among ``puzzles`` (the shipped set, in file order)."""
    if not puzzles:
        raise ValueError("no puzzles to choose the day's from")
    return puzzles[_number(f"dominoes daily puzzle {day.isoformat()}") % len(puzzles)]


def daily_deal_seed(day: datetime.date, variant: str) -> int:
    """The seed of ``day``'s deal in the rule set ``variant`` (a 31-bit number, as the
    table's own seeds are)."""
    return _number(f"dominoes daily deal {variant} {day.isoformat()}") % 2**31
