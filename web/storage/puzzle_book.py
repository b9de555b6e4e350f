"""The person's puzzles, kept on the device: their puzzle rating, each puzzle's rating as it
moved, the streak of puzzles solved, and the history of attempts (with the day's puzzle).

A puzzle's first attempt is rated (Glicko-2, :mod:`engine.rating`): the person's rating and
the puzzle's both move, by how surprising the result was; trying it again later is for
practice and moves neither. Stored as JSON under one key (:data:`PUZZLES_KEY`), read
defensively (anything damaged reads as nothing kept yet) and bounded (the newest
:data:`MAX_ATTEMPTS` attempts).

Pure Python (standard library, the engine and :mod:`web.storage.saves`' storage protocol).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.puzzles.puzzle import Puzzle
from engine.rating import Rating, rate, rating_from_numbers, rating_numbers
from web.storage.kept_json import read_json, write_json
from web.storage.saves import Storage

__all__ = ["MAX_ATTEMPTS", "PLAYER_START", "PUZZLES_KEY", "PUZZLE_DEVIATION", "Attempt", "PuzzleBook"]

PUZZLES_KEY = "dominoes.puzzles"
"""Where the puzzles are kept (the main table only: an embedded table keeps them for the visit)."""

MAX_ATTEMPTS = 400
"""How many attempts the history keeps, the oldest forgotten first."""

PUZZLE_DEVIATION = 250.0
"""A shipped puzzle's starting deviation: its rating is an estimate (the generator's)."""

PLAYER_START = Rating(1500.0, 200.0)
"""A person's first puzzle rating. Glicko-2's newcomer deviation (350) would move it by 400
points on a first miss of an easy puzzle; 200 still lets it settle in a few dozen puzzles."""

_MAX_TEXT = 400_000


@dataclass(frozen=True)
class Attempt:
    """One rated attempt: the puzzle, the day (``2026-11-28``), whether it was solved, and the
    person's rating before and after."""

    puzzle_id: str
    day: str
    solved: bool
    before: int
    after: int

    @property
    def change(self) -> int:
        """How far the person's rating moved."""
        return self.after - self.before


class PuzzleBook:
    """The person's puzzle rating, streak and attempts, written at once on every change
    (``storage`` ``None``: kept for this visit only)."""

    def __init__(self, storage: Storage | None) -> None:
        """Read what ``storage`` keeps (nothing if it is missing or damaged)."""
        self.storage = storage
        self.rating: Rating = PLAYER_START
        self.streak = 0
        """Puzzles solved in a row, up to now."""
        self.best_streak = 0
        self.attempts: list[Attempt] = []
        """The rated attempts, oldest first."""
        self._puzzle_ratings: dict[str, Rating] = {}
        self._load()

    # --- reading -------------------------------------------------------------------------

    def puzzle_rating(self, puzzle: Puzzle) -> Rating:
        """``puzzle``'s rating as it stands here (its shipped one until it was attempted)."""
        return self._puzzle_ratings.get(puzzle.id, Rating(float(puzzle.rating), PUZZLE_DEVIATION))

    def ratings_by_id(self) -> dict[str, float]:
        """The ratings of the puzzles attempted here, by id."""
        return {puzzle_id: rating.rating for puzzle_id, rating in self._puzzle_ratings.items()}

    def tried(self) -> set[str]:
        """The ids of the puzzles attempted."""
        return {attempt.puzzle_id for attempt in self.attempts} | set(self._puzzle_ratings)

    def attempt_on(self, puzzle_id: str, day: str) -> Attempt | None:
        """The rated attempt at ``puzzle_id`` made on ``day``, if any (the day's puzzle)."""
        return next((a for a in reversed(self.attempts) if a.puzzle_id == puzzle_id and a.day == day), None)

    @property
    def solved(self) -> int:
        """How many of the kept attempts were solved."""
        return sum(attempt.solved for attempt in self.attempts)

    def summary(self) -> str:
        """The rating, the count and the streak in a player's words."""
        rating = round(self.rating.rating)
        if not self.attempts:
            return f"Your puzzle rating: {rating}, until you solve or miss a first puzzle."
        settled = "" if self.rating.deviation < 100 else " (still settling)"
        streak = f"{self.streak} in a row" + (
            f", your best {self.best_streak}" if self.best_streak > self.streak else ""
        )
        return (
            f"Your puzzle rating: {rating}{settled}. Solved {self.solved} of {len(self.attempts)}; {streak}."
        )

    def lines(self) -> list[tuple[str, str]]:
        """The figures as the Statistics dialog shows them: (what, how many) pairs."""
        rating = round(self.rating.rating)
        low, high = (round(bound) for bound in self.rating.interval())
        return [
            ("Puzzle rating", f"{rating} (most likely {low} to {high})"),
            ("Solved at the first try", f"{self.solved} of {len(self.attempts)}"),
            ("Solved in a row", f"your best is {self.best_streak}; now {self.streak}"),
        ]

    # --- a result ----------------------------------------------------------------------------

    def count(self, puzzle: Puzzle, solved: bool, day: str) -> Attempt | None:
        """Rate a finished attempt at ``puzzle`` (solved, or failed), if it was the person's
        first at it: both ratings move, the streak and the history with them. Returns the
        :class:`Attempt` (``None`` when the puzzle was tried before: practice, not rated)."""
        if puzzle.id in self.tried():
            return None
        mine, its = self.rating, self.puzzle_rating(puzzle)
        score = 1.0 if solved else 0.0
        self.rating = rate(mine, [(its, score)])
        self._puzzle_ratings[puzzle.id] = rate(its, [(mine, 1.0 - score)])
        self.streak = self.streak + 1 if solved else 0
        self.best_streak = max(self.best_streak, self.streak)
        attempt = Attempt(puzzle.id, day, solved, round(mine.rating), round(self.rating.rating))
        self.attempts.append(attempt)
        del self.attempts[:-MAX_ATTEMPTS]
        self._save()
        return attempt

    # --- storage --------------------------------------------------------------------------------

    def _load(self) -> None:
        data = read_json(self.storage, PUZZLES_KEY, _MAX_TEXT)
        if not isinstance(data, dict):
            return
        rating = rating_from_numbers(data.get("rating"))
        if rating is not None:
            self.rating = rating
        ratings = data.get("puzzles")
        if isinstance(ratings, dict):
            for puzzle_id, value in list(ratings.items())[:5000]:
                kept = rating_from_numbers(value)
                if isinstance(puzzle_id, str) and len(puzzle_id) <= 40 and kept is not None:
                    self._puzzle_ratings[puzzle_id] = kept
        for name in ("streak", "best_streak"):
            value = data.get(name)
            if type(value) is int and 0 <= value < 10**6:
                setattr(self, name, value)
        attempts = data.get("attempts")
        if isinstance(attempts, list):
            self.attempts = [a for a in map(_attempt, attempts[-MAX_ATTEMPTS:]) if a is not None]
        self.best_streak = max(self.best_streak, self.streak)

    def to_json(self) -> dict[str, Any]:
        """What the store keeps, as JSON values (what a backup carries: :mod:`web.storage.backup`)."""
        return {
            "rating": rating_numbers(self.rating),
            "puzzles": {
                puzzle_id: rating_numbers(rating) for puzzle_id, rating in self._puzzle_ratings.items()
            },
            "streak": self.streak,
            "best_streak": self.best_streak,
            "attempts": [[a.puzzle_id, a.day, int(a.solved), a.before, a.after] for a in self.attempts],
        }

    def _save(self) -> None:
        if self.storage is not None:
            write_json(self.storage, PUZZLES_KEY, self.to_json())


def _attempt(value: object) -> Attempt | None:
    """A kept attempt, if it is well formed."""
    if not isinstance(value, list) or len(value) != 5:
        return None
    puzzle_id, day, solved, before, after = value
    if not (isinstance(puzzle_id, str) and len(puzzle_id) <= 40 and isinstance(day, str) and len(day) == 10):
        return None
    if solved not in (0, 1) or not all(type(n) is int and 0 < n < 10_000 for n in (before, after)):
        return None
    return Attempt(puzzle_id, day, bool(solved), before, after)
