"""The person's rating against the computer players, one per family of rule sets (the new-game
dialog's groups: Block, Draw, Caribbean, Scoring, Dice), with its history for a chart.

After each finished match against computer players the family's rating moves by Glicko-2
(:mod:`engine.rating`, the puzzle rating's mathematics), the match counting as a game
against each opposing computer seat, whose level's rating is fixed (measured in the arena:
``engine.line.ai.strength``): won if the person's side finished above that seat's, drawn if
level, lost if below. A match is rated once, whatever reloads follow. Stored as JSON under
one key (:data:`RATINGS_KEY`), read defensively and bounded.

Pure Python (standard library, the engine and :mod:`web.storage.saves`' storage protocol).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.rating import Rating, expected_score, rate, rating_from_numbers, rating_numbers
from web.storage.kept_json import read_json, write_json
from web.storage.saves import Storage

__all__ = [
    "LEVEL_DEVIATION",
    "MAX_POINTS",
    "PERSON_START",
    "RATINGS_KEY",
    "RatingPoint",
    "Ratings",
    "odds_words",
]

RATINGS_KEY = "dominoes.ratings"
"""Where the ratings are kept (the main table only)."""

PERSON_START = Rating(1500.0, 200.0)
"""A person's first rating in a family (as the puzzle rating's first: see
:data:`web.storage.puzzle_book.PLAYER_START`)."""

LEVEL_DEVIATION = 40.0
"""The deviation a computer level's rating is taken with: measured over hundreds of matches,
it is well known, but not exactly."""

MAX_POINTS = 300
"""How many points of each family's rating history are kept, the oldest forgotten first."""

_MAX_COUNTED = 600
_MAX_TEXT = 300_000
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
_FAMILY = re.compile(r"[A-Za-z ]{1,30}")


@dataclass(frozen=True)
class RatingPoint:
    """The family's rating after a rated match: the day and the rating (rounded)."""

    day: str
    rating: int


def odds_words(chance: float) -> str:
    """A chance of winning as a person says it: "about half", "about 2 in 3", "nearly all"."""
    for limit, words in (
        (0.1, "hardly any"),
        (0.2, "about 1 in 6"),
        (0.29, "about 1 in 4"),
        (0.38, "about 1 in 3"),
        (0.45, "a bit under half"),
        (0.55, "about half"),
        (0.62, "a bit over half"),
        (0.71, "about 2 in 3"),
        (0.8, "about 3 in 4"),
        (0.9, "about 5 in 6"),
    ):
        if chance < limit:
            return words
    return "nearly all"


class Ratings:
    """The person's rating in each family, written at once on every change (``storage``
    ``None``: kept for this visit only)."""

    def __init__(self, storage: Storage | None) -> None:
        """Read what ``storage`` keeps (nothing if it is missing or damaged)."""
        self.storage = storage
        self.by_family: dict[str, Rating] = {}
        self.points: dict[str, list[RatingPoint]] = {}
        """Each family's rating after each rated match, oldest first."""
        self._counted: list[str] = []
        self._load()

    def of(self, family: str) -> Rating:
        """The person's rating in ``family`` (the starting one until a match is rated)."""
        return self.by_family.get(family, PERSON_START)

    def count_match(
        self, match_id: str, family: str, day: str, results: Sequence[tuple[int, float]]
    ) -> tuple[int, int] | None:
        """Rate a finished match once: ``results`` holds, per opposing computer seat, its
        level's rating and the person's score against it (1, 0.5 or 0). Returns the rating
        before and after (``None``: counted before, or nothing to rate)."""
        if match_id in self._counted or not results or not _FAMILY.fullmatch(family):
            return None
        before = self.of(family)
        after = rate(before, [(Rating(float(level), LEVEL_DEVIATION), score) for level, score in results])
        self.by_family[family] = after
        points = self.points.setdefault(family, [])
        points.append(RatingPoint(day, round(after.rating)))
        del points[:-MAX_POINTS]
        self._counted.append(match_id)
        del self._counted[:-_MAX_COUNTED]
        self._save()
        return round(before.rating), round(after.rating)

    def sentence(self, family: str, levels: Sequence[tuple[str, int]]) -> str:
        """The family's rating in one sentence, against the level nearest it: "Your Block rating
        is 1480: you win about half your matches against Hard." ``levels``: (name, rating)."""
        rating = self.of(family)
        name = family.removesuffix(" games")
        shown = f"Your {name} rating is {round(rating.rating)}"
        if family not in self.by_family:
            shown += " (a starting guess until you finish a match)"
        if not levels:
            return shown + "."
        level_name, level_rating = min(levels, key=lambda pair: abs(pair[1] - rating.rating))
        chance = expected_score(rating, Rating(float(level_rating), LEVEL_DEVIATION))
        return f"{shown}: you win {odds_words(chance)} of your matches against {level_name}."

    # --- storage --------------------------------------------------------------------------

    def _load(self) -> None:
        data = read_json(self.storage, RATINGS_KEY, _MAX_TEXT)
        if not isinstance(data, dict):
            return
        families = data.get("families")
        if isinstance(families, dict):
            for family, value in list(families.items())[:20]:
                if isinstance(family, str) and _FAMILY.fullmatch(family) and isinstance(value, dict):
                    rating = rating_from_numbers(value.get("rating"))
                    if rating is not None:
                        self.by_family[family] = rating
                        self.points[family] = _points(value.get("points"))
        counted = data.get("counted")
        if isinstance(counted, list):
            self._counted = [
                key for key in counted[-_MAX_COUNTED:] if isinstance(key, str) and len(key) <= 200
            ]

    def to_json(self) -> dict[str, Any]:
        """What the store keeps, as JSON values (what a backup carries: :mod:`web.storage.backup`)."""
        return {
            "families": {
                family: {
                    "rating": rating_numbers(rating),
                    "points": [[point.day, point.rating] for point in self.points.get(family, [])],
                }
                for family, rating in self.by_family.items()
            },
            "counted": self._counted,
        }

    def _save(self) -> None:
        if self.storage is not None:
            write_json(self.storage, RATINGS_KEY, self.to_json())


def _points(value: object) -> list[RatingPoint]:
    """A kept rating history: the well-formed points, the newest :data:`MAX_POINTS`."""
    if not isinstance(value, list):
        return []
    points = []
    for point in value[-MAX_POINTS:]:
        if (
            isinstance(point, list)
            and len(point) == 2
            and isinstance(point[0], str)
            and _DAY.fullmatch(point[0])
            and type(point[1]) is int
            and 0 < point[1] < 10_000
        ):
            points.append(RatingPoint(point[0], point[1]))
    return points
