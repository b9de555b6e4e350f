"""A puzzle as the table ships it, and the text file that holds them (one puzzle a line).

A puzzle is a position (in the project's position notation, every hand written: an
open-hand puzzle shows them all, a hidden-hand one only the solver's, but the opponents
answer from the real deal), the seat that solves it, and its line: the moves from the
position on, the solver's own (each the only best move where the solver had a choice) and
the other seats' best answers between them. Beside them: the kind of puzzle, its theme,
its starting rating (its difficulty, on the players' rating scale) and what proved it.

One line of the file::

    block-2-0007 open block 0 1450 wins-p12 | block 2 100 ; scores 0-0 ; ... | 5-3@6-3 pass 3-1@5-3

Fields before the first ``|``: id, kind (``open`` or ``hidden``), theme, the solving seat,
the rating, and the proof (``wins-p12``: the answer's exact value; ``deals-40-of-46``: best
in 40 of the 46 deals the seat could not tell apart). A hidden-hand puzzle has a fourth
field, what its seat has seen (``1lacks45``: seat 1 passed on 4 and 5). Lines starting
``#`` are comments.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from engine.errors import NotationError

__all__ = ["KINDS", "Puzzle", "read_puzzles", "write_puzzles"]

KINDS = ("open", "hidden")
"""Open-hand puzzles (every hand face up, solved exactly) and hidden-hand ones (one seat's view)."""

_HEAD = re.compile(r"([a-z0-9-]+) (open|hidden) ([a-z-]+) (\d) (\d{3,4}) ([a-z0-9-]+)")
_MAX_FILE = 5_000_000
"""The longest puzzle file read (characters)."""


@dataclass(frozen=True, slots=True)
class Puzzle:
    """One puzzle: ``position`` (position notation, every hand written), the ``seat`` that
    solves it, its ``line`` of move words from the position on, and its ``id``, ``kind``,
    ``theme`` (see :mod:`engine.puzzles.themes`), ``rating`` and ``proof``."""

    id: str
    kind: str
    theme: str
    seat: int
    rating: int
    proof: str
    position: str
    line: tuple[str, ...]
    seen: str = ""
    """A hidden-hand puzzle's facts: what its seat has seen of the others' tiles (see
    :class:`engine.puzzles.hidden_hand.Facts`); empty for an open-hand one."""

    @property
    def variant(self) -> str:
        """The rule set's id (the position's first word)."""
        return self.position.split(" ", 1)[0]

    def text(self) -> str:
        """The puzzle's line in the puzzle file."""
        head = f"{self.id} {self.kind} {self.theme} {self.seat} {self.rating} {self.proof}"
        seen = f" | {self.seen}" if self.kind == "hidden" else ""
        return f"{head} | {self.position} | {' '.join(self.line)}{seen}"


def write_puzzles(puzzles: Iterable[Puzzle], comments: Iterable[str] = ()) -> str:
    """The text of a puzzle file: the ``comments`` (each a ``#`` line), then a line a puzzle."""
    lines = [f"# {comment}" if comment else "#" for comment in comments]
    lines += [puzzle.text() for puzzle in puzzles]
    return "\n".join(lines) + "\n"


def read_puzzles(text: str) -> list[Puzzle]:
    """The puzzles of a puzzle file, in order; a :class:`NotationError` naming the line for
    anything malformed (the positions and lines themselves are read when a puzzle is played
    or proved)."""
    if len(text) > _MAX_FILE:
        raise NotationError(f"a puzzle file is at most {_MAX_FILE} characters", "bad-puzzle")
    puzzles: list[Puzzle] = []
    seen: set[str] = set()
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split(" | ")
        head = _HEAD.fullmatch(parts[0])
        if head is None or len(parts) != (4 if head[2] == "hidden" else 3):
            raise NotationError(
                f"line {number} is not a puzzle: id, kind, theme, seat, rating and proof, "
                "then | the position | the moves",
                "bad-puzzle",
            )
        puzzle_id, kind, theme, seat, rating, proof = head.groups()
        if puzzle_id in seen:
            raise NotationError(f"line {number}: a second puzzle {puzzle_id}", "bad-puzzle")
        seen.add(puzzle_id)
        line_words = tuple(parts[2].split())
        if not line_words:
            raise NotationError(f"line {number}: puzzle {puzzle_id} has no moves", "bad-puzzle")
        facts = parts[3] if kind == "hidden" else ""
        puzzles.append(
            Puzzle(puzzle_id, kind, theme, int(seat), int(rating), proof, parts[1], line_words, facts)
        )
    return puzzles
