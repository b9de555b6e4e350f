"""The history's matches in a player's words: each one's title (rule set, players, who it
was against, the day) and result line (won or lost, the score, hands won, the review's
accuracy), and the History screen's filter choices. Standard library and engine only."""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from engine.catalogue import GAMES, computer_players
from engine.errors import EngineError
from engine.line.game import LineGame
from engine.trains.game import TrainGame
from engine.words import and_list
from web.settings import HUMAN
from web.storage.history import Kept

__all__ = [
    "OUTCOME_WORDS",
    "family_levels",
    "game_name",
    "is_reviewable",
    "kept_words",
    "level_choices",
    "level_name",
    "level_strength",
    "variant_choices",
]

OUTCOME_WORDS = {"won": "Won", "lost": "Lost", "unfinished": "Not finished", "shared": "Pass and play"}
"""Each result as the History screen says it (and names its filter)."""


def is_reviewable(variant: str) -> bool:
    """Whether the review can look at a rule set's matches (the line-of-play games; a dice
    session's choices are not reviewed)."""
    return isinstance(GAMES.get(variant), LineGame)


def game_name(variant: str) -> str:
    """A rule set's name ("Two-Hand Draw"), or its id if this table no longer offers it."""
    game = GAMES.get(variant)
    return game.name if game is not None else variant


def level_name(variant: str, level: str) -> str:
    """A seat's player as a person says it: "Expert", "a person"."""
    if level == HUMAN:
        return "a person"
    try:
        described = computer_players(variant).levels.get(level)
    except EngineError:
        described = None
    return described.partition(": ")[0] if described else level


_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def _day_words(day: str) -> str:
    """``2026-11-28`` as "28 Nov 2026"."""
    try:
        date = datetime.date.fromisoformat(day)
    except ValueError:
        return day
    return f"{date.day}\u00a0{_MONTHS[date.month - 1]}\u00a0{date.year}"  # (kept on one line)


def _against(kept: Kept) -> str:
    """Who the person played: "against Expert", "against Easy and Hard", "with a person"."""
    names = [level_name(kept.variant, level) for level in kept.levels]
    distinct = list(dict.fromkeys(names))
    if kept.outcome == "shared":
        return "pass and play"
    return f"against {and_list(distinct)}" if distinct else ""


def kept_words(kept: Kept) -> tuple[str, str]:
    """A kept match's two lines: "Two-Hand Draw · 2 players · against Expert · 28 Nov 2026"
    and "Won 100-87 · 3 of 5 hands won · review accuracy 82%" (a train game's are rounds,
    won by going out; its scores are totals, the lowest winning)."""
    title = " · ".join(
        part
        for part in (game_name(kept.variant), f"{kept.players} players", _against(kept), _day_words(kept.day))
        if part
    )
    mine = kept.scores[kept.side]
    others = [score for side, score in enumerate(kept.scores) if side != kept.side]
    score = "-".join(str(score) for score in (mine, *sorted(others, reverse=True)))
    hand = "round" if isinstance(GAMES.get(kept.variant), TrainGame) else "hand"
    hands = f"{kept.hands_won} of {kept.hands} {hand}{'s' * (kept.hands != 1)} won"
    result = [f"{OUTCOME_WORDS[kept.outcome]} {score}", hands]
    if kept.accuracy is not None:
        result.append(f"review accuracy {round(100 * kept.accuracy)}%")
    return title, " · ".join(result)


def family_levels(family: str) -> list[tuple[str, int]]:
    """The computer levels rated in ``family`` (a new-game group), (name, rating), weakest first."""
    variant = next((game_id for game_id, game in GAMES.items() if game.group == family), None)
    if variant is None:
        return []
    players = computer_players(variant)
    rated = [(level_name(variant, level), players.rating(family, level)) for level in players.levels]
    return [(name, rating) for name, rating in rated if rating is not None]


def variant_choices(matches: Sequence[Kept]) -> list[tuple[str, str]]:
    """The rule sets of the kept matches, (id, name) by name, for the rule-set filter."""
    return sorted({(kept.variant, game_name(kept.variant)) for kept in matches}, key=lambda pair: pair[1])


def level_choices(matches: Sequence[Kept]) -> list[tuple[str, str]]:
    """The computer levels the kept matches were played against, (id, name) weakest first,
    for the level filter."""
    found: dict[str, tuple[int, str]] = {}
    for kept in matches:
        for level in kept.levels:
            if level != HUMAN and level not in found:
                found[level] = (level_strength(kept.variant, level), level_name(kept.variant, level))
    return [(level, name) for level, (_, name) in sorted(found.items(), key=lambda pair: pair[1])]


def level_strength(variant: str, level: str) -> int:
    """Where a level stands among its rule set's computer players, weakest first (0 for the
    weakest; unknown ones last)."""
    try:
        levels = list(computer_players(variant).levels)
    except EngineError:
        return 99
    return levels.index(level) if level in levels else 99
