"""The train games told in sentences a player reads: each move, and how a round ended.

The table says them in its status line and move log and the screen-reader mode reads them;
they are public, as the table is (a draw is told without its tile). Pure: the names of the
seats are given ("You" reads as the person: "You laid", "your train").
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.trains.actions import Draw, EndRun, Pass, Play
from engine.trains.layout import MEXICAN
from engine.trains.round import TrainRound
from engine.words import agree, and_list, possessive

__all__ = ["tell_move", "tell_round_end", "train_named"]


def train_named(played: TrainRound, name: str, names: Sequence[str], mover: int | None = None) -> str:
    """A train in a sentence: "the Mexican train", "West's train" ("their own train" for the
    mover's own), "arm 2", "toe 2.1"."""
    if played.rules.is_chicken_foot:
        return f"arm {name}" if "." not in name else f"toe {name}"
    if name == MEXICAN:
        return "the Mexican train"
    seat = int(name)
    if seat == mover:
        return "your own train" if names[seat] == "You" else "their own train"
    return f"{possessive(names[seat], first=False)} train"


def _markers_before(played: TrainRound, index: int) -> set[int]:
    markers: set[int] = set()
    for move in played.moves[:index]:
        if isinstance(move.action, Pass) and not played.rules.is_chicken_foot:
            markers.add(move.seat)
        elif isinstance(move.action, Play) and move.action.train == str(move.seat):
            markers.discard(move.seat)
    return markers


def _tiles_left_after(played: TrainRound, index: int, seat: int) -> int:
    held = len(played.hands[seat])
    for move in played.moves[index + 1 :]:
        if move.seat == seat:
            held += 1 if isinstance(move.action, Play) else -1 if isinstance(move.action, Draw) else 0
    return held


def tell_move(played: TrainRound, index: int, names: Sequence[str]) -> str:
    """Move ``index`` of ``played`` (its round as it stands now) told: what was done, and what
    it means for the table (a double to answer, a marker, one tile left)."""
    move = played.moves[index]
    who = names[move.seat]
    action = move.action
    if isinstance(action, Draw):
        return f"{who} {agree(who, 'draws')} a tile."
    if isinstance(action, EndRun):
        return f"{who} {agree(who, 'ends')} {'your' if who == 'You' else 'their'} run."
    if isinstance(action, Pass):
        if played.rules.is_chicken_foot:
            return f"{who} {agree(who, 'passes')}."
        return f"{who} {agree(who, 'passes')}: a marker goes on {train_named(played, str(move.seat), names)}."
    assert isinstance(action, Play)
    return _tell_play(played, index, action, names)


def _tell_play(played: TrainRound, index: int, action: Play, names: Sequence[str]) -> str:
    move = played.moves[index]
    who = names[move.seat]
    train = played.trains[action.train]
    position = train.tiles.index(action.tile)
    before = train.tiles[position - 1] if position else None
    where = train_named(played, action.train, names, move.seat)
    if position == 0 and action.train == MEXICAN:
        said = f"{who} {agree(who, 'starts')} the Mexican train with {action.tile}"
    elif position == 0 and played.rules.is_chicken_foot and "." not in action.train:
        said = f"{who} {agree(who, 'lays')} {action.tile} on a side of the centre {played.double}"
    elif before is not None and before.is_double:
        said = f"{who} {agree(who, 'answers')} the {before} on {where} with {action.tile}"
    elif position == 0 and "." in action.train:
        foot = action.train.rsplit(".", 1)[0]
        said = (
            f"{who} {agree(who, 'lays')} {action.tile} as a toe of the {played.trains[foot].last} "
            f"on {train_named(played, foot, names)}"
        )
    else:
        said = f"{who} {agree(who, 'lays')} {action.tile} on {where}"
    notes = []
    if action.tile.is_double:
        if played.rules.is_chicken_foot:
            notes.append("a chicken foot: its three toes come before anything else")
        else:
            notes.append("it must be answered")
    if (
        not played.rules.is_chicken_foot
        and action.train == str(move.seat)
        and move.seat in _markers_before(played, index)
    ):
        notes.append(f"the marker comes off {train_named(played, action.train, names)}")
    left = _tiles_left_after(played, index, move.seat)
    if left == 1:
        notes.append(f"{who} {agree(who, 'has')} one tile left")
    elif left == 0:
        notes = [f"{who} {agree(who, 'is')} out"]
    return f"{said}{': ' + '; '.join(notes) if notes else ''}."


def tell_round_end(played: TrainRound, names: Sequence[str]) -> str:
    """How a finished round ended and what each player keeps: "West went out. You keep 12
    points, North 3, …"."""
    points = played.points()
    kept = [f"{names[seat]} {points[seat]}" for seat in range(len(points)) if seat != played.winner]
    if played.winner is not None:
        headline = f"{names[played.winner]} went out"
    else:
        headline = "Nobody can play and the boneyard is empty"
    return f"{headline}. Points this round: {and_list(kept)}."
