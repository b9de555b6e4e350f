"""The dice game's own elements of the page, by id: what the app wires at boot, before the
dice game's page (:mod:`web.dice.table`) is imported, the first time a dice game is opened."""

from __future__ import annotations

__all__ = ["DICE_BUTTONS", "DICE_CLICKS"]

DICE_BUTTONS = (
    "dice-take-back",
    "dice-put-out",
    "dice-go-on",
    "dice-again",
    "dice-keep",
    "dice-next-hand",
    "dice-stop",
)
"""The footer's buttons for the dice game, by element id."""

DICE_CLICKS = (*DICE_BUTTONS, "dice-twin")
"""Every element of the dice game whose clicks go to its table: the buttons and the keyboard twin."""
