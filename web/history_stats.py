"""Statistics from the history: per rule set, the person's figures against each computer
level (matches and hands won, points a hand), and two figures match by match for the
Statistics screen's charts (points a hand, and the review's accuracy where hands were
reviewed). Matches people shared on one device are nobody's win or loss and are left out.

Pure Python over :class:`~web.storage.history.Kept` entries (standard library and engine
names only)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from engine.words import and_list
from web.history_words import game_name, level_name, level_strength
from web.settings import HUMAN
from web.storage.history import Kept

__all__ = ["LevelFigures", "MatchFigure", "RuleSetFigures", "opponents_of", "rule_set_figures"]


@dataclass(frozen=True)
class LevelFigures:
    """The person's figures against one level (or one mix of levels) in one rule set."""

    opponents: str
    """Who they were, as a player says it: "Expert", "Easy and Hard"."""
    strength: int
    """Where the opponents stand, weakest first (for the order of the rows)."""
    matches: int = 0
    """Matches played to the end."""
    matches_won: int = 0
    hands: int = 0
    """Hands finished, of every match (one left unfinished too)."""
    hands_won: int = 0
    points_for: int = 0
    points_against: int = 0

    @property
    def points_a_hand(self) -> tuple[float, float] | None:
        """Points scored and conceded per finished hand (``None``: no hand yet)."""
        if not self.hands:
            return None
        return self.points_for / self.hands, self.points_against / self.hands


@dataclass(frozen=True)
class MatchFigure:
    """One kept match's figures for the charts, oldest first."""

    day: str
    points_a_hand: float
    """The points the person's side scored per hand of the match."""
    accuracy: float | None
    """The review's accuracy over the match's reviewed hands, as a share (``None``: none)."""


@dataclass(frozen=True)
class RuleSetFigures:
    """What the history says of one rule set."""

    variant: str
    name: str
    levels: tuple[LevelFigures, ...]
    """A row per opponent level, weakest first."""
    matches: tuple[MatchFigure, ...]
    """Every counted match, oldest first."""

    @property
    def reviewed(self) -> tuple[MatchFigure, ...]:
        """The matches with a reviewed hand, oldest first."""
        return tuple(match for match in self.matches if match.accuracy is not None)


def opponents_of(kept: Kept) -> tuple[str, int]:
    """Who the person played in ``kept``, and how strong: one level by its name ("Expert"), a
    mix by its names weakest first ("Easy and Hard"), as strong as its strongest."""
    levels = sorted(
        (level for level in set(kept.levels) if level != HUMAN),
        key=lambda level: level_strength(kept.variant, level),
    )
    names = [level_name(kept.variant, level) for level in levels]
    strongest = level_strength(kept.variant, levels[-1]) if levels else 99
    return (and_list(names) if names else "people"), strongest


def rule_set_figures(matches: Sequence[Kept], skip: Collection[str] = ()) -> list[RuleSetFigures]:
    """The figures of every rule set in ``matches`` (the history, newest first), leaving out
    the matches whose ids are in ``skip`` (those kept before the statistics were reset) and
    those people shared. Rule sets by name."""
    counted = [kept for kept in reversed(matches) if kept.match_id not in skip and kept.outcome != "shared"]
    figures = []
    for variant in dict.fromkeys(kept.variant for kept in counted):
        of_variant = [kept for kept in counted if kept.variant == variant]
        rows: dict[str, LevelFigures] = {}
        for kept in of_variant:
            opponents, strength = opponents_of(kept)
            row = rows.get(opponents, LevelFigures(opponents, strength))
            finished = kept.outcome in ("won", "lost")
            rows[opponents] = LevelFigures(
                opponents,
                strength,
                matches=row.matches + finished,
                matches_won=row.matches_won + (kept.outcome == "won"),
                hands=row.hands + kept.hands,
                hands_won=row.hands_won + kept.hands_won,
                points_for=row.points_for + kept.points_for,
                points_against=row.points_against + kept.points_against,
            )
        by_match = tuple(
            MatchFigure(kept.day, kept.points_for / kept.hands, kept.accuracy)
            for kept in of_variant
            if kept.hands
        )
        levels = tuple(sorted(rows.values(), key=lambda row: (row.strength, row.opponents)))
        figures.append(RuleSetFigures(variant, game_name(variant), levels, by_match))
    return sorted(figures, key=lambda rule_set: rule_set.name)
