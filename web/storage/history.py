"""The person's history: every match played at the main table, newest first, each kept as its
whole record with what the History screen lists and filters by (the day, the rule set, the
players and their levels, the result and score, the hands won, the review's accuracy).

A match is kept from its first finished hand and updated after each one, so a match left
unfinished keeps the hands it had. The list is JSON under one key (:data:`HISTORY_KEY`) and
each match's record is under a key of its own (:func:`record_key`), so that the end of a
hand writes that match's record and the short list, not every record kept. Read defensively
(anything damaged is dropped, entry by entry; a record lost from storage is said to be
lost when it is opened) and bounded: at most :data:`MAX_MATCHES` matches and
:data:`MAX_CHARS` characters of records, the oldest matches removed first, and the first
time that happens the table says so once. Nothing else is ever removed to make room for
the history: if the storage is full, what cannot be written is kept for the visit.

Pure Python (standard library and :mod:`web.storage.saves`' storage protocol).
"""

from __future__ import annotations

import contextlib
import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from web.storage.kept_json import read_json, write_json
from web.storage.saves import Storage

__all__ = [
    "HISTORY_KEY",
    "MAX_CHARS",
    "MAX_MATCHES",
    "OUTCOMES",
    "PRUNED_NOTICE",
    "History",
    "Kept",
    "kept_from_json",
    "record_key",
]

HISTORY_KEY = "dominoes.history"
"""Where the history is kept (the main table only: embedded tables keep none)."""

MAX_MATCHES = 200
"""The most matches the history keeps."""

MAX_CHARS = 1_200_000
"""The most characters the kept records take together (about a quarter of what a browser
gives a site, leaving the rest to the saves): 200 long matches fit well under it."""

PRUNED_NOTICE = (
    f"Your history keeps your newest {MAX_MATCHES} matches (or as many as fit): the oldest was "
    "removed to make room. Export a backup (in History) keeps a copy of everything."
)
"""What the table says the first time the history removes a match."""

OUTCOMES = ("won", "lost", "unfinished", "shared")
"""A kept match's result for the person: won, lost, not played to the end, or ``shared``
(people played each other on one device: the match is nobody's win or loss here)."""

_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
_ID = re.compile(r"[\w:.\- ]{1,200}")
_LEVEL = re.compile(r"[a-z]{1,12}")
_VARIANT = re.compile(r"[a-z0-9-]{1,40}")
_MAX_TEXT = 400_000
"""The longest list read (a list of :data:`MAX_MATCHES` entries is a tenth of it)."""


def record_key(match_id: str) -> str:
    """The storage key of a kept match's record."""
    return f"{HISTORY_KEY}.{hashlib.sha256(match_id.encode('utf-8')).hexdigest()[:20]}"


@dataclass(frozen=True)
class Kept:
    """One match of the history.

    ``levels`` are the other seats' players in seat order (a computer level, or ``human``);
    ``scores`` every side's final (or latest) score and ``side`` the person's side;
    ``reviews`` each reviewed hand's number, the decisions the review counted in it and
    how many of them were sound; ``chars`` the length of its record (kept apart: see
    :meth:`History.record`).
    """

    match_id: str
    day: str
    variant: str
    players: int
    levels: tuple[str, ...]
    outcome: str
    scores: tuple[int, ...]
    side: int
    hands: int
    hands_won: int
    points_for: int
    points_against: int
    chars: int = 0
    reviews: tuple[tuple[int, int, int], ...] = ()

    @property
    def accuracy(self) -> float | None:
        """The review's accuracy over this match's reviewed hands (``None``: none reviewed)."""
        decisions = sum(review[1] for review in self.reviews)
        sound = sum(review[2] for review in self.reviews)
        return sound / decisions if decisions else None

    def to_json(self) -> dict[str, Any]:
        """The entry as JSON values (see :func:`kept_from_json`)."""
        return {
            "id": self.match_id,
            "day": self.day,
            "variant": self.variant,
            "players": self.players,
            "levels": list(self.levels),
            "outcome": self.outcome,
            "scores": list(self.scores),
            "side": self.side,
            "hands": self.hands,
            "hands_won": self.hands_won,
            "points_for": self.points_for,
            "points_against": self.points_against,
            "reviews": [list(review) for review in self.reviews],
            "chars": self.chars,
        }


def _count(value: object, limit: int = 10**7) -> bool:
    return type(value) is int and 0 <= value < limit


def kept_from_json(value: object) -> Kept | None:
    """A kept match from its JSON form, if every field is sane (``None`` otherwise)."""
    if not isinstance(value, dict):
        return None
    match_id, day, variant = (value.get(key) for key in ("id", "day", "variant"))
    levels, scores, reviews = value.get("levels"), value.get("scores"), value.get("reviews", [])
    counts = [
        value.get(key)
        for key in ("players", "side", "hands", "hands_won", "points_for", "points_against", "chars")
    ]
    if not (isinstance(match_id, str) and _ID.fullmatch(match_id)):
        return None
    if not (
        isinstance(day, str)
        and _DAY.fullmatch(day)
        and isinstance(variant, str)
        and _VARIANT.fullmatch(variant)
    ):
        return None
    if value.get("outcome") not in OUTCOMES:
        return None
    numbers = [count for count in counts if isinstance(count, int) and _count(count)]
    if len(numbers) != len(counts):
        return None
    if not (
        isinstance(levels, list)
        and len(levels) < 16
        and all(isinstance(level, str) and _LEVEL.fullmatch(level) for level in levels)
    ):
        return None
    if not (
        isinstance(scores, list)
        and 0 < len(scores) < 16
        and all(type(s) is int and abs(s) < 10**7 for s in scores)
    ):
        return None
    if not (
        isinstance(reviews, list) and len(reviews) <= 1000 and all(_review(review) for review in reviews)
    ):
        return None
    players, side, hands, hands_won, points_for, points_against, chars = numbers
    if not (1 <= players <= 16 and side < len(scores) and hands_won <= hands and 0 < chars <= MAX_CHARS):
        return None
    return Kept(
        match_id,
        day,
        variant,
        players,
        tuple(str(level) for level in levels),
        str(value["outcome"]),
        tuple(int(score) for score in scores),
        side,
        hands,
        hands_won,
        points_for,
        points_against,
        chars,
        tuple((int(review[0]), int(review[1]), int(review[2])) for review in reviews),
    )


def _review(value: object) -> bool:
    """Whether ``value`` is a kept review: hand number, decisions, sound ones (no more than decisions)."""
    return (
        isinstance(value, list)
        and len(value) == 3
        and all(_count(number) for number in value)
        and value[2] <= value[1]
    )


class History:
    """The kept matches, newest first, written at once on every change (``storage`` ``None``:
    kept for this visit only)."""

    def __init__(self, storage: Storage | None) -> None:
        """Read what ``storage`` keeps (nothing if it is missing or damaged)."""
        self.storage = storage
        self.matches: list[Kept] = []
        """The kept matches, the most recently played first."""
        self.told_pruned = False
        """Whether the person was told, once, that the oldest matches are removed to make room."""
        self._records: dict[str, str] = {}
        """Records kept for this visit only (no storage, or it was full)."""
        self._load()

    def get(self, match_id: str) -> Kept | None:
        """The kept match with this id, if any."""
        return next((kept for kept in self.matches if kept.match_id == match_id), None)

    def record(self, match_id: str) -> str | None:
        """A kept match's record (``None`` if it is not kept, or the browser lost it)."""
        if match_id in self._records:
            return self._records[match_id]
        if self.storage is None or self.get(match_id) is None:
            return None
        try:
            text = self.storage.get(record_key(match_id))
        except Exception:  # blocked storage: the record cannot be read now
            return None
        return text if isinstance(text, str) and 0 < len(text) <= MAX_CHARS else None

    def keep(self, kept: Kept, record: str) -> str:
        """Keep a match and its record (in place of the same match's older entry: its review
        is carried over), newest first, removing the oldest matches beyond the bounds. Returns
        the notice to show the first time a match is removed (``""`` otherwise)."""
        if not 0 < len(record) <= MAX_CHARS:
            return ""
        kept = replace(kept, chars=len(record))
        before = self.get(kept.match_id)
        if before is not None and not kept.reviews:
            kept = replace(kept, reviews=before.reviews)
        self._store_record(kept.match_id, record)
        self.matches = [kept, *(other for other in self.matches if other.match_id != kept.match_id)]
        removed = self._prune()
        notice = ""
        if removed and not self.told_pruned:
            self.told_pruned = True
            notice = PRUNED_NOTICE
        self._save()
        return notice

    def count_review(self, match_id: str, hand_number: int, decisions: int, sound: int) -> None:
        """Keep the review of hand ``hand_number`` of a kept match (a hand reviewed again
        replaces its figures; nothing if the match is not kept)."""
        before = self.get(match_id)
        if before is None or not 0 <= sound <= decisions:
            return
        others = [review for review in before.reviews if review[0] != hand_number]
        reviews = tuple(sorted([*others, (hand_number, decisions, sound)]))
        self.matches = [replace(kept, reviews=reviews) if kept is before else kept for kept in self.matches]
        self._save()

    def merge(self, matches: Iterable[tuple[Kept, str]]) -> int:
        """Add the matches not kept yet, each with its record (an import), in day order, newest
        first; returns how many were added. A match already kept stays as it is."""
        known = {kept.match_id for kept in self.matches}
        added: list[Kept] = []
        for kept, record in matches:
            if kept.match_id in known or not 0 < len(record) <= MAX_CHARS:
                continue
            self._store_record(kept.match_id, record)
            known.add(kept.match_id)
            added.append(replace(kept, chars=len(record)))
        if not added:
            return 0
        # (a stable sort: on one day, the matches kept here stay before the ones imported)
        self.matches = sorted([*self.matches, *added], key=lambda kept: kept.day, reverse=True)
        self._prune()
        self._save()
        return sum(kept in self.matches for kept in added)

    def filtered(self, variant: str = "", level: str = "", outcome: str = "") -> list[Kept]:
        """The kept matches of a rule set, against a computer level, with a result (``""``: any)."""
        return [
            kept
            for kept in self.matches
            if (not variant or kept.variant == variant)
            and (not level or level in kept.levels)
            and (not outcome or kept.outcome == outcome)
        ]

    def _prune(self) -> bool:
        """Drop the oldest matches beyond the bounds, and their records; returns whether any was dropped."""
        removed = False
        while len(self.matches) > MAX_MATCHES or (
            len(self.matches) > 1 and sum(kept.chars for kept in self.matches) > MAX_CHARS
        ):
            dropped = self.matches.pop()
            self._records.pop(dropped.match_id, None)
            if self.storage is not None:
                with contextlib.suppress(Exception):  # blocked storage: nothing to free
                    self.storage.remove(record_key(dropped.match_id))
            removed = True
        return removed

    def _store_record(self, match_id: str, record: str) -> None:
        """Write a match's record to storage, or keep it for this visit if it cannot be written."""
        try:
            if self.storage is None:
                raise LookupError("no storage")
            self.storage.set(record_key(match_id), record)
        except Exception:  # no storage, or full, or blocked: kept for this visit
            self._records[match_id] = record
        else:
            self._records.pop(match_id, None)

    def _load(self) -> None:
        data = read_json(self.storage, HISTORY_KEY, _MAX_TEXT)
        if not isinstance(data, dict):
            return
        self.told_pruned = data.get("told_pruned") is True
        matches = data.get("matches")
        if isinstance(matches, list):
            seen: set[str] = set()
            for value in matches[: MAX_MATCHES * 2]:
                kept = kept_from_json(value)
                if kept is not None and kept.match_id not in seen:
                    seen.add(kept.match_id)
                    self.matches.append(kept)
            self._prune()

    def _save(self) -> None:
        if self.storage is None:
            return
        data = {"told_pruned": self.told_pruned, "matches": [kept.to_json() for kept in self.matches]}
        write_json(self.storage, HISTORY_KEY, data)
