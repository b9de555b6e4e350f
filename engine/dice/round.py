"""Dice and Dominoes (``dice``, source 004, Joe Celko): one round's rules, pure.

A round: the dice show the two Match Points; every player has secretly committed up to
two tiles, each face up (an attempt to discard) or face down; all are revealed at once.
This module says which commitments are allowed and what the reveal does: who discards
what, who takes tiles back, who draws, who has gone out, whether the dice are thrown
again; and who takes the pot when players go out. The hand's state machine (deal, ante,
rounds, the boneyard, the pot) builds on it.

Decisions where the source leaves room (also in ``shared/RULES.md``):

- A face-up attempt must be one the dice allow (each tile matched to a different die, or
  a special as the source defines it); a face-up tile that could not be discarded is
  refused when committed, as an illegal move is, rather than revealed for nothing.
- A special played with a second face-up tile: the second is discarded if it matches
  either die (the special does not use a die up); else it goes back to the hand.
- A player whose hand is empty after the round's discards has gone out and draws nothing.
- With several sets, a player who plays two Perfects (or two Wildcards) is exempt from
  drawing this round and the next (the source's own rule).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum

from engine.errors import IllegalActionError
from engine.tiles import Tile

__all__ = [
    "WILDCARD",
    "Commitment",
    "RoundOutcome",
    "Special",
    "check_commitment",
    "discard_allowed",
    "matched_to_dice",
    "pot_winners",
    "resolve_round",
    "special_of",
]

WILDCARD = Tile(0, 0)
"""The Wildcard: discarded at any time, matching no die."""


class Special(IntEnum):
    """The special plays, by priority: a higher one blocks every lower play in its round."""

    NONE = 0
    WILDCARD = 1
    PERFECT = 2
    DOUBLE_PERFECT = 3


@dataclass(frozen=True)
class Commitment:
    """What one player put out this round: tiles face up (attempts) and face down."""

    up: tuple[Tile, ...] = ()
    down: tuple[Tile, ...] = ()

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """Every tile put out, face up first."""
        return self.up + self.down


def _matches(tile: Tile, die: int) -> bool:
    return die in (tile.low, tile.high)


def matched_to_dice(tiles: Sequence[Tile], dice: tuple[int, int]) -> bool:
    """Whether each tile can be matched to a die of its own: one tile needs either die; two
    tiles need the two different dice (toss 2 and 6: 0-2 with 1-6 yes, 0-2 with 2-3 no; a
    toss of 2 and 2 lets two deuces go)."""
    if not tiles:
        return True
    if len(tiles) == 1:
        return any(_matches(tiles[0], die) for die in dice)
    if len(tiles) == 2:
        first, second = tiles
        a, b = dice
        return (_matches(first, a) and _matches(second, b)) or (_matches(first, b) and _matches(second, a))
    return False


def _perfect(dice: tuple[int, int]) -> Tile:
    return Tile.of(*dice)


def special_of(up: Sequence[Tile], dice: tuple[int, int]) -> Special:
    """The highest special among face-up tiles: the Double Perfect (the doubles of both
    Match Points together), the Perfect (the tile bearing both), the Wildcard (0-0)."""
    a, b = dice
    if a != b and sorted(up) == sorted((Tile(a, a), Tile(b, b))):
        return Special.DOUBLE_PERFECT
    if _perfect(dice) in up:
        return Special.PERFECT
    if WILDCARD in up:
        return Special.WILDCARD
    return Special.NONE


def discard_allowed(up: Sequence[Tile], dice: tuple[int, int]) -> bool:
    """Whether tiles put face up are an attempt the dice allow: a special, or each tile
    matched to a die of its own."""
    return special_of(up, dice) is not Special.NONE or matched_to_dice(up, dice)


def check_commitment(hand: Sequence[Tile], commitment: Commitment, dice: tuple[int, int]) -> None:
    """Raise :class:`IllegalActionError` unless ``commitment`` is one the player may make:
    two tiles of their hand (one when one is held), each face up or down, a face-up
    attempt being one the dice allow."""
    tiles = commitment.tiles
    held = list(hand)
    for tile in tiles:
        if tile not in held:
            raise IllegalActionError(f"{tile} is not in your hand", "not-held")
        held.remove(tile)
    wanted = min(2, len(hand))
    if len(tiles) != wanted:
        raise IllegalActionError(
            f"put out {'two tiles' if wanted == 2 else 'your last tile'}, each face up or face down",
            "commit-count",
        )
    if not discard_allowed(commitment.up, dice):
        raise IllegalActionError(
            "those face-up tiles cannot all be discarded on these dice: "
            "each needs a die of its own showing one of its numbers",
            "no-match",
        )


def _kept_by_special(up: Sequence[Tile], dice: tuple[int, int], special: Special) -> tuple[Tile, ...]:
    """The face-up tiles a special play discards: the special, and a second tile if it
    matches a die (or is a second special of the same kind, with several sets)."""
    if special is Special.DOUBLE_PERFECT:
        return tuple(up)
    mark = _perfect(dice) if special is Special.PERFECT else WILDCARD
    kept = [mark]
    rest = list(up)
    rest.remove(mark)
    for tile in rest:
        if tile == mark or any(_matches(tile, die) for die in dice):
            kept.append(tile)
    return tuple(kept)


@dataclass(frozen=True)
class RoundOutcome:
    """What a reveal did, seat by seat."""

    discarded: tuple[tuple[Tile, ...], ...]
    """The tiles each seat discarded (face up to the discard pile)."""
    returned: tuple[tuple[Tile, ...], ...]
    """The face-up tiles each seat had to take back (blocked by a special, or left over)."""
    draws: tuple[bool, ...]
    """Whether each seat draws a tile at the end of the round."""
    out: tuple[int, ...]
    """The seats whose hands are empty: they have gone out."""
    special: Special
    """The round's highest special (``NONE`` if none was played)."""
    special_seats: tuple[int, ...]
    """The seats that played it (several only with several sets)."""
    nobody_attempted: bool
    """No tile was face up: everyone draws and the dice are thrown again."""
    exempt_next: tuple[int, ...] = ()
    """Seats that played two Perfects or two Wildcards: no draw in the next round either."""


def resolve_round(
    hands: Sequence[Sequence[Tile]], commitments: Sequence[Commitment], dice: tuple[int, int]
) -> RoundOutcome:
    """The reveal: each seat's commitment (already checked) against the dice."""
    players = len(hands)
    specials = [special_of(c.up, dice) for c in commitments]
    top = max(specials, default=Special.NONE)
    discarded: list[tuple[Tile, ...]] = []
    returned: list[tuple[Tile, ...]] = []
    exempt_next: list[int] = []
    for seat, commitment in enumerate(commitments):
        up = commitment.up
        if top is Special.NONE:
            discarded.append(tuple(up))
            returned.append(())
        elif specials[seat] is top:
            kept = _kept_by_special(up, dice, top)
            discarded.append(kept)
            returned.append(tuple(tile for tile in up if tile not in kept))
            doubled = top in (Special.PERFECT, Special.WILDCARD) and len(kept) == 2 and kept[0] == kept[1]
            if doubled:
                exempt_next.append(seat)
        else:
            discarded.append(())
            returned.append(tuple(up))
    out = tuple(seat for seat in range(players) if len(hands[seat]) == len(discarded[seat]))
    special_seats = tuple(
        seat for seat in range(players) if top is not Special.NONE and specials[seat] is top
    )
    draws = tuple(seat not in out and seat not in special_seats for seat in range(players))
    nobody = all(not c.up for c in commitments)
    return RoundOutcome(
        tuple(discarded), tuple(returned), draws, out, top, special_seats, nobody, tuple(exempt_next)
    )


def pot_winners(outcome: RoundOutcome, players: int) -> tuple[int, ...] | None:
    """Who takes the pot after this round: ``None`` if nobody went out (play on); ``()``
    if every player went out together (the pot stays for the next hand); else the winners
    (several split it): the sole player out, or among several the ones who went out with
    the highest special (Double Perfect, then Perfect, then Wildcard), else all of them."""
    out = outcome.out
    if not out:
        return None
    if len(out) == 1:
        return out
    with_special = tuple(seat for seat in out if seat in outcome.special_seats)
    if with_special:
        return with_special
    if len(out) == players:
        return ()
    return out
