"""Which of the table's sounds a change of the game calls for (the sounds themselves are
synthesized by ``sound.js``). Pure: reads engine events, imports nothing from the browser."""

from __future__ import annotations

from collections.abc import Sequence

from engine.line.events import Drew, Event, Passed, Played, Scored
from engine.trains.actions import Draw as TrainDraw
from engine.trains.actions import Pass as TrainPass
from engine.trains.actions import Play as TrainPlay

__all__ = ["DICE_SOUNDS", "SOUNDS", "dice_sounds", "sounds_for", "train_sounds"]

SOUNDS = ("lay", "draw", "pass", "score", "end")
"""Every sound the table makes: a tile laid, a tile drawn, a pass, points scored during
play, and the end of a hand."""


def sounds_for(new_events: Sequence[Event], hand_ended: bool) -> list[str]:
    """The sounds for ``new_events`` (the hand's events since the last sounds), in order,
    then the end of the hand's if it has just ended. Several draws in a row sound once."""
    found: list[str] = []
    for event in new_events:
        if isinstance(event, Played):
            name = "lay"
        elif isinstance(event, Drew):
            name = "draw"
        elif isinstance(event, Passed):
            name = "pass"
        elif isinstance(event, Scored) and event.points > 0:
            name = "score"
        else:
            continue
        if not (name == "draw" and found and found[-1] == "draw"):
            found.append(name)
    if hand_ended:
        found.append("end")
    return found


DICE_SOUNDS = ("lay", "roll", "end")
"""The sounds of Dice and Dominoes: the tiles shown at a reveal, the dice thrown, a hand's end."""


def dice_sounds(revealed: bool, thrown: bool, hand_ended: bool) -> list[str]:
    """The sounds for a change of the dice game, in order: a round's tiles shown, then the
    dice thrown (again), then the end of the hand."""
    return [
        name for name, happened in zip(DICE_SOUNDS, (revealed, thrown, hand_ended), strict=True) if happened
    ]


def train_sounds(new_actions: Sequence[object], round_ended: bool) -> list[str]:
    """The sounds for a train game's actions since the last sounds (a tile laid, drawn, a
    pass; several draws in a row sound once), then the end of the round's if it has just ended."""
    found: list[str] = []
    for action in new_actions:
        if isinstance(action, TrainPlay):
            name = "lay"
        elif isinstance(action, TrainDraw):
            name = "draw"
        elif isinstance(action, TrainPass):
            name = "pass"
        else:
            continue
        if not (name == "draw" and found and found[-1] == "draw"):
            found.append(name)
    if round_ended:
        found.append("end")
    return found
