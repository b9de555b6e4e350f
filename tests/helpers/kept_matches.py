"""Matches as the history keeps them, for the tests of the history and what is drawn from it."""

from __future__ import annotations

from dataclasses import replace

from web.storage.history import Kept

__all__ = ["kept"]


def kept(number: int, day: str = "2026-11-28", **changes: object) -> Kept:
    """A kept match numbered ``number`` (its id and record say which)."""
    base = Kept(
        match_id=f"slot:{number}:6-6",
        day=day,
        variant="draw-2",
        players=2,
        levels=("expert",),
        outcome="won",
        scores=(100, 87),
        side=0,
        hands=5,
        hands_won=3,
        points_for=100,
        points_against=87,
        chars=1,
    )
    return replace(base, **changes)  # type: ignore[arg-type]
