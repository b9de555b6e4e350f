"""Puzzles on the page (see ``docs/puzzles.md``).

- :mod:`web.puzzles.controller`: a try at a puzzle, its moves checked against the line.
- :mod:`web.puzzles.table`: the puzzle at the table, its buttons and words.
- :mod:`web.puzzles.desk`: the Puzzles dialog, the shipped set, choosing and rating puzzles.

Nothing here is imported at boot: the app imports the desk the first time puzzles are asked for.
"""

__all__ = ["PUZZLE_CLICKS"]

PUZZLE_CLICKS = (
    "puzzle-retry-btn",
    "puzzle-answer-btn",
    "puzzle-play-out-btn",
    "puzzle-next-btn",
    "puzzle-share-btn",
    "puzzle-leave-btn",
)
"""The ids of a puzzle's own buttons in the footer (the app sends their clicks to the table)."""
