"""The computer players of Dice and Dominoes, by level: what a seat can know (:mod:`.knowledge`),
the Eager and Canny players (:mod:`.bots`), the Expert's search (:mod:`.search`) and the arena
that measures them (:mod:`.arena`).

Every player chooses from one seat's :class:`~engine.dice.hand.DiceView` and a seeded random
source: ``bot.commit(view, rng)`` and ``bot.rethrow(view, rng)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.errors import RulesError

if TYPE_CHECKING:
    from engine.dice.ai.bots import DiceBot

__all__ = ["DICE_LEVELS", "DICE_LEVELS_SAID", "DICE_LEVEL_NAMES", "DiceBot", "make_dice_bot"]

DICE_LEVELS: tuple[str, ...] = ("eager", "canny", "expert")
"""The level ids, weakest first (used in links and saves)."""

DICE_LEVEL_NAMES: dict[str, str] = {"eager": "Eager", "canny": "Canny", "expert": "Expert"}
"""The name shown for each level."""

DICE_LEVELS_SAID: dict[str, str] = {
    "eager": "Eager: discards as many tiles as the dice allow, whenever it can",
    "canny": "Canny: holds the Wildcard back and plays a special to stop a player about to go out",
    "expert": "Expert: guesses the hidden hands from what it has seen and plays each choice out",
}
"""Each level's name and how it plays, as the new-game dialog offers it."""


def make_dice_bot(level: str) -> DiceBot:
    """The bot of ``level`` (one of :data:`DICE_LEVELS`); a :class:`RulesError` (``bad-option``)
    for any other."""
    # The players are imported the first time one is made: the catalogue reads the levels
    # above at every boot, and a boot rarely plays this game.
    from engine.dice.ai.bots import CannyBot, EagerBot
    from engine.dice.ai.search import DiceSearchBot

    if level == "eager":
        return EagerBot()
    if level == "canny":
        return CannyBot()
    if level == "expert":
        return DiceSearchBot()
    raise RulesError(f"unknown dice AI level {level!r}: choose one of {', '.join(DICE_LEVELS)}", "bad-option")


def __getattr__(name: str) -> object:
    """``DiceBot`` (the players' common type) imported on first use, like the players."""
    if name == "DiceBot":
        from engine.dice.ai.bots import DiceBot

        return DiceBot
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
