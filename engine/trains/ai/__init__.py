"""The computer players of the train family, by level: the Beginner, Easy and Medium players
(:mod:`.bots`), what a seat can know of the hidden tiles (:mod:`.knowledge`) and the Expert's
search (:mod:`.search`).

Every player chooses from one seat's :class:`~engine.trains.view.TrainView` and a seeded
random source: ``bot.choose(view, rng)``; the Expert also thinks in slices
(``bot.think(view, rng)``, a generator: :mod:`engine.thinking`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.errors import RulesError

if TYPE_CHECKING:
    from engine.trains.ai.bots import TrainBot

__all__ = ["TRAIN_LEVELS", "TRAIN_LEVELS_SAID", "TRAIN_LEVEL_NAMES", "TrainBot", "make_train_bot"]

TRAIN_LEVELS: tuple[str, ...] = ("random", "greedy", "medium", "expert")
"""The level ids, weakest first (used in links, saves and records)."""

TRAIN_LEVEL_NAMES: dict[str, str] = {
    "random": "Beginner",
    "greedy": "Easy",
    "medium": "Medium",
    "expert": "Expert",
}
"""The name shown for each level."""

TRAIN_LEVELS_SAID: dict[str, str] = {
    "random": "Beginner: lays any tile that fits",
    "greedy": "Easy: lays its heaviest tile that fits",
    "medium": "Medium: keeps its own train for itself, sheds heavy tiles elsewhere, lays doubles it can answer",
    "expert": "Expert: guesses the hidden hands from what it has seen and plays each choice out",
}
"""Each level's name and how it plays, as the new-game dialog offers it."""


def make_train_bot(level: str) -> TrainBot:
    """The player of ``level`` (one of :data:`TRAIN_LEVELS`); a :class:`RulesError`
    (``bad-option``) for any other."""
    # imported the first time one is made: the catalogue reads the levels at every boot
    from engine.trains.ai.bots import GreedyTrainBot, MediumTrainBot, RandomTrainBot
    from engine.trains.ai.search import ExpertTrainBot

    if level == "random":
        return RandomTrainBot()
    if level == "greedy":
        return GreedyTrainBot()
    if level == "medium":
        return MediumTrainBot()
    if level == "expert":
        return ExpertTrainBot()
    raise RulesError(
        f"unknown train game level {level!r}: choose one of {', '.join(TRAIN_LEVELS)}", "bad-option"
    )


def __getattr__(name: str) -> object:
    """``TrainBot`` (the players' common type) imported on first use, like the players."""
    if name == "TrainBot":
        from engine.trains.ai.bots import TrainBot

        return TrainBot
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
