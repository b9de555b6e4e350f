"""The train games' own elements of the page, by id: what the app wires at boot, before the
train games' page (:mod:`web.trains.table`) is imported, the first time one is opened."""

from __future__ import annotations

__all__ = ["TRAIN_BUTTONS", "TRAIN_CLICKS"]

TRAIN_BUTTONS = ("trains-end", "trains-scores", "trains-next", "trains-sheet-next")
"""The train games' own buttons, by element id: End run, Scores, and Next round in the
footer and on the score sheet (Draw, Pass, Hint and Undo are the footer's, shared)."""

TRAIN_CLICKS = (*TRAIN_BUTTONS, "trains-hand", "trains-targets")
"""Every element of the train games whose clicks go to their table: the buttons and the
keyboard twin (the person's tiles, and the trains the chosen tile may go on)."""
