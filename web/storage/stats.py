"""Statistics kept on the device, per rule set: matches and hands played and won, points for
and against, the current and the best run of matches won, and the running accuracy of the
person's hands reviewed (:mod:`engine.line.ai.review`). These are the all-time figures (the
history keeps the newest matches only); the figures per level and match by match come from
the history (:mod:`web.history_stats`).

Stored as JSON under one key of the browser's storage (:data:`STATS_KEY`), read
defensively (anything damaged reads as no statistics), and counted once per hand: a
reload, or a hand taken back and played again, does not count a hand twice.

Pure Python (standard library and :mod:`web.storage.saves`' storage protocol); no browser imports.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, fields
from typing import Any

from web.storage.kept_json import read_json, write_json
from web.storage.saves import Storage

__all__ = ["STATS_KEY", "RuleSetStats", "Stats", "stats_lines"]

STATS_KEY = "dominoes.stats"
"""Where the statistics are kept (the main table only; embedded tables keep none)."""

_MAX_RESET_IDS = 400
"""The most match ids :attr:`Stats.reset_before` keeps (the history keeps at most 200)."""

_MAX_COUNTED = 120
"""How many counting marks are remembered, the least recently used forgotten first: two per
match (its hands, and whether it was counted as finished) and one per hand reviewed."""


@dataclass
class RuleSetStats:
    """One rule set's figures, from the person's side."""

    matches: int = 0
    matches_won: int = 0
    hands: int = 0
    hands_won: int = 0
    points_for: int = 0
    points_against: int = 0
    streak: int = 0
    """Matches won in a row, up to now."""
    best_streak: int = 0
    reviewed_hands: int = 0
    """Hands of the person's reviewed (each once)."""
    reviewed_decisions: int = 0
    """Their decisions with a choice."""
    sound_decisions: int = 0
    """Those the review found lost nothing real: over ``reviewed_decisions``, the running accuracy."""

    @property
    def accuracy(self) -> float | None:
        """The running accuracy of the reviewed hands (``None``: none reviewed)."""
        return self.sound_decisions / self.reviewed_decisions if self.reviewed_decisions else None


def _plural(count: int, word: str, words: str) -> str:
    return f"{count} {word if count == 1 else words}"


def stats_lines(figures: RuleSetStats) -> list[tuple[str, str]]:
    """A rule set's figures as a player reads them: (what, how many) pairs, e.g.
    ``("Matches won", "2 of 5")``, ``("Wins in a row", "your best is 2 matches; now 1")``."""
    lines = [
        ("Matches won", f"{figures.matches_won} of {figures.matches}"),
        ("Hands won", f"{figures.hands_won} of {figures.hands}"),
        ("Points", f"{figures.points_for} for you, {figures.points_against} against"),
    ]
    if figures.best_streak:
        now = f"; now {figures.streak}" if figures.streak != figures.best_streak else ", and counting"
        lines.append(
            ("Wins in a row", f"your best is {_plural(figures.best_streak, 'match', 'matches')}{now}")
        )
    else:
        lines.append(("Wins in a row", "no match won yet"))
    if figures.accuracy is None:
        lines.append(("Review accuracy", "no hand reviewed yet"))
    else:
        hands = _plural(figures.reviewed_hands, "hand", "hands")
        lines.append(("Review accuracy", f"{round(100 * figures.accuracy)}% ({hands})"))
    return lines


class Stats:
    """The statistics in a storage; every change is written at once."""

    def __init__(self, storage: Storage) -> None:
        """Read the statistics from ``storage`` (none if they are missing or damaged)."""
        self.storage = storage
        self.by_rule_set: dict[str, RuleSetStats] = {}
        self._counted: dict[str, int] = {}
        self.reset_before: frozenset[str] = frozenset()
        """The history's matches kept when the statistics were last reset: the figures drawn
        from the history leave them out (:mod:`web.history_stats`)."""
        self._load()

    def of(self, variant: str) -> RuleSetStats:
        """The figures of a rule set (zeros if it was never played)."""
        return self.by_rule_set.get(variant, RuleSetStats())

    def count_hand(
        self, match_id: str, variant: str, hand_number: int, won: bool, points_for: int, points_against: int
    ) -> bool:
        """Count a finished hand of match ``match_id`` once; returns whether it was counted now."""
        if self._counted.get(match_id, 0) >= hand_number:
            return False
        self._mark(match_id, hand_number)
        self._trim()
        figures = self.by_rule_set.setdefault(variant, RuleSetStats())
        figures.hands += 1
        figures.hands_won += int(won)
        figures.points_for += points_for
        figures.points_against += points_against
        self._save()
        return True

    def count_match(self, match_id: str, variant: str, won: bool) -> bool:
        """Count a finished match once (after its last hand); returns whether it was counted now."""
        marker = f"{match_id}:match"
        if self._counted.get(marker):
            return False
        self._mark(marker, 1)
        self._trim()
        figures = self.by_rule_set.setdefault(variant, RuleSetStats())
        figures.matches += 1
        figures.matches_won += int(won)
        figures.streak = figures.streak + 1 if won else 0
        figures.best_streak = max(figures.best_streak, figures.streak)
        self._save()
        return True

    def count_review(self, match_id: str, variant: str, hand_number: int, decisions: int, sound: int) -> bool:
        """Count the review of hand ``hand_number`` of a match once (``decisions`` with a choice,
        ``sound`` of them lost nothing real); returns whether it was counted now."""
        marker = f"{match_id}:review:{hand_number}"
        if self._counted.get(marker) or not 0 <= sound <= decisions:
            return False
        self._mark(marker, 1)
        self._trim()
        figures = self.by_rule_set.setdefault(variant, RuleSetStats())
        figures.reviewed_hands += 1
        figures.reviewed_decisions += decisions
        figures.sound_decisions += sound
        self._save()
        return True

    def reset(self, kept_ids: Iterable[str] = ()) -> None:
        """Forget every figure (the matches already counted stay counted), and leave the
        history's matches kept now (``kept_ids``) out of the figures drawn from it."""
        self.by_rule_set = {}
        self.reset_before = frozenset(list(kept_ids)[:_MAX_RESET_IDS])
        self._save()

    def _mark(self, key: str, value: int) -> None:
        """Remember a counting mark as the most recent one."""
        self._counted.pop(key, None)
        self._counted[key] = value

    def _trim(self) -> None:
        while len(self._counted) > _MAX_COUNTED:
            del self._counted[next(iter(self._counted))]

    def _load(self) -> None:
        data = read_json(self.storage, STATS_KEY, 200_000)
        if not isinstance(data, dict):
            return
        names = [field.name for field in fields(RuleSetStats)]
        rule_sets = data.get("rule_sets")
        if isinstance(rule_sets, dict):
            for variant, values in rule_sets.items():
                if isinstance(variant, str) and isinstance(values, dict):
                    numbers = {name: values.get(name, 0) for name in names}
                    if all(type(value) is int and 0 <= value < 10**9 for value in numbers.values()):
                        self.by_rule_set[variant] = RuleSetStats(**numbers)
        counted = data.get("counted")
        if isinstance(counted, dict):
            self._counted = {
                str(key): value for key, value in counted.items() if type(value) is int and 0 <= value < 10**6
            }
            self._trim()
        before = data.get("reset_before")
        if isinstance(before, list):
            self.reset_before = frozenset(item for item in before[:_MAX_RESET_IDS] if isinstance(item, str))

    def to_json(self) -> dict[str, Any]:
        """What the store keeps, as JSON values (what a backup carries: :mod:`web.storage.backup`)."""
        data: dict[str, Any] = {
            "rule_sets": {variant: asdict(figures) for variant, figures in self.by_rule_set.items()},
            "counted": self._counted,
        }
        if self.reset_before:
            data["reset_before"] = sorted(self.reset_before)
        return data

    def _save(self) -> None:
        write_json(self.storage, STATS_KEY, self.to_json())
