"""Which puzzle to set a player next: one at their level, not tried before, within the rule
set and theme they chose."""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence

from engine.puzzles.puzzle import Puzzle

__all__ = ["NEAREST", "choose_puzzle", "matching"]

NEAREST = 12
"""The next puzzle is drawn from this many untried ones rated nearest the player."""


def matching(puzzles: Sequence[Puzzle], variant: str | None = None, theme: str | None = None) -> list[Puzzle]:
    """The puzzles of rule set ``variant`` and theme ``theme`` (``None``: any)."""
    return [
        puzzle
        for puzzle in puzzles
        if (variant is None or puzzle.variant == variant) and (theme is None or puzzle.theme == theme)
    ]


def choose_puzzle(
    puzzles: Sequence[Puzzle],
    rating: float,
    ratings: Mapping[str, float],
    tried: Collection[str],
    rng: random.Random,
    variant: str | None = None,
    theme: str | None = None,
) -> Puzzle | None:
    """A puzzle for a player rated ``rating``: drawn with ``rng`` from the :data:`NEAREST`
    untried ones (``tried``: ids) of the chosen rule set and theme whose rating (``ratings``
    by id where a puzzle's has moved, else its own) is nearest; when every one was tried,
    from all of them. ``None`` when none matches."""
    pool = matching(puzzles, variant, theme)
    untried = [puzzle for puzzle in pool if puzzle.id not in tried] or pool
    untried.sort(key=lambda puzzle: (abs(ratings.get(puzzle.id, puzzle.rating) - rating), puzzle.id))
    return rng.choice(untried[:NEAREST]) if untried else None
