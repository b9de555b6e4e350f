"""Which of the table's sounds a change of the game calls for (the sounds themselves are
synthesized by ``sound.js``). Pure: reads engine events, imports nothing from the browser."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

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
    return _in_order((_sound_of_event(event) for event in new_events), hand_ended)


def _sound_of_event(event: Event) -> str | None:
    if isinstance(event, Played):
        return "lay"
    if isinstance(event, Drew):
        return "draw"
    if isinstance(event, Passed):
        return "pass"
    if isinstance(event, Scored) and event.points > 0:
        return "score"
    return None


def _in_order(names: Iterable[str | None], ended: bool) -> list[str]:
    """The sounds in order (several draws in a row sound once), then the end's if it ended."""
    found: list[str] = []
    for name in names:
        if name is not None and not (name == "draw" and found and found[-1] == "draw"):
            found.append(name)
    if ended:
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
    sounds = {TrainPlay: "lay", TrainDraw: "draw", TrainPass: "pass"}
    return _in_order((sounds.get(type(action)) for action in new_actions), round_ended)
