"""Dice and Dominoes (``dice``): what a reveal did, in sentences a player reads.

The table shows them under the revealed tiles and the record writes them as comments:
a headline for the round ("Perfect: 6-2 by South. Everyone else takes back and draws.")
and one sentence per player saying what became of each tile put out. Pure: the names of
the seats are given.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.dice.hand import DiceRound
from engine.dice.round import Special
from engine.tiles import Tile

__all__ = ["SPECIAL_NAMES", "YOU", "RoundStory", "explain_round", "tiles_said"]

SPECIAL_NAMES = {
    Special.WILDCARD: "Wildcard",
    Special.PERFECT: "Perfect",
    Special.DOUBLE_PERFECT: "Double Perfect",
}
"""The specials as the source names them."""


@dataclass(frozen=True)
class RoundStory:
    """A reveal told: the round's headline and one sentence per seat of the hand."""

    headline: str
    seats: tuple[str, ...]


def tiles_said(tiles: Sequence[Tile]) -> str:
    """Tiles in a sentence: ``6-2``, ``6-2 and 1-1``."""
    return " and ".join(str(tile) for tile in tiles)


def _names_said(names: Sequence[str]) -> str:
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


YOU = "You"
"""A seat named so is told in the second person ("You discard 6-2.")."""

_SECOND_PERSON = {"discards": "discard", "takes": "take", "draws": "draw", "is": "are"}


def explain_round(played: DiceRound, names: Sequence[str]) -> RoundStory:
    """The story of ``played``; ``names[i]`` names seat ``i`` of the hand (:data:`YOU` for
    the person reading it)."""
    outcome = played.outcome
    dice = f"{played.dice[0]} and {played.dice[1]}"
    if outcome.nobody_attempted:
        draws = (
            "everyone draws and " if any(played.drew or (tile is not None for tile in played.drawn)) else ""
        )
        headline = f"The dice show {dice}. Nobody tried to discard: {draws}the dice are thrown again."
    elif outcome.special is Special.NONE:
        headline = f"The dice show {dice}."
    else:
        name = SPECIAL_NAMES[outcome.special]
        players = _names_said(
            [names[seat] if names[seat] != YOU else "you" for seat in outcome.special_seats]
        )
        headline = (
            f"The dice show {dice}. {name} by {players}: everyone else takes back "
            "any face-up tiles and draws."
        )
        if outcome.special is Special.DOUBLE_PERFECT and not outcome.out:
            headline += f" {players[:1].upper() + players[1:]} may throw the dice again."
    seats: list[str] = []
    for seat, commitment in enumerate(played.commitments):
        said: list[str] = []
        discarded = outcome.discarded[seat]
        returned = outcome.returned[seat]
        if discarded:
            said.append(f"discards {tiles_said(discarded)}")
        if returned:
            why = "blocked by the special" if seat not in outcome.special_seats else "it matches no die"
            said.append(f"takes back {tiles_said(returned)} ({why})")
        if not commitment.up:
            said.append("put nothing face up")
        if seat in outcome.out:
            said.append("is out")
        elif outcome.draws[seat]:
            drew = played.drew[seat] if played.drew else played.drawn[seat] is not None
            if drew:
                said.append("draws a tile")
            elif seat in played.exempt:
                said.append("draws nothing (excused after two specials)")
            else:
                said.append("cannot draw: the boneyard is empty")
        elif seat in outcome.special_seats:
            said.append("draws nothing")
        if names[seat] == YOU:
            said = [_second_person(part) for part in said]
        sentence = f"{names[seat]} " + _joined(said) + "."
        seats.append(sentence[:1].upper() + sentence[1:])
    return RoundStory(headline, tuple(seats))


def _second_person(part: str) -> str:
    verb, _, rest = part.partition(" ")
    return f"{_SECOND_PERSON.get(verb, verb)} {rest}"


def _joined(parts: Sequence[str]) -> str:
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]
