"""Moves as a person writes them at the table, and back.

- ``6-5``: open the layout with 6-5.
- ``5-3@6-5``: lay 5-3 against 6-5. When the tile could go on more than one open side
  of 6-5 (an opening tile, a spinner), the side follows: ``5-3@5-5E`` (east, west,
  north or south, as the layout is drawn with the first tile across the middle).
- ``draw 4-1``: draw a tile from the boneyard; in a record, the tile drawn is named.
- ``pass``; ``lead 2``: the winning side's choice that seat 2 starts.
- ``call 1``: seat 1 calls the points of its own play; ``muggins 0``: seat 0 claims
  points another player did not call.
- ``+10`` after a move: the points it scored; ``-10`` after a draw: an overdraw penalty.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from engine.errors import NotationError
from engine.line.actions import Action, Claim, Draw, Lead, Pass, Play
from engine.line.layout import End, Layout, Side
from engine.tiles import Tile

__all__ = ["action_words", "by_suit", "play_text", "read_play"]

_PLAY = re.compile(r"(\d{1,2})[-|:](\d{1,2})(?:@(\d{1,2})[-|:](\d{1,2})([EWNSewns])?)?")

PLAY_EXAMPLE = "a tile such as 6-4 or a play such as 6-4@6-6"


def by_suit(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    """Tiles as a player sorts a hand: heaviest suit first (``6-6 6-4 5-3``)."""
    return tuple(sorted(tiles, key=lambda tile: (-tile.high, -tile.low)))


def play_text(layout: Layout, play: Play) -> str:
    """How ``play`` is written, given the layout before it."""
    if play.end is None:
        return str(play.tile)
    anchor = layout.placements[play.end.placement]
    sides = [end for end in layout.ends_for(play.tile) if end.placement == play.end.placement]
    side = play.end.side.value if len(sides) > 1 else ""
    return f"{play.tile}@{anchor.tile}{side}"


def read_play(word: str, layout: Layout) -> Play:
    """The play a word names on ``layout``; raises :class:`NotationError` (no line yet)."""
    match = _PLAY.fullmatch(word)
    if match is None:
        raise NotationError(f"not a play: {word!r}", "bad-action", expected=PLAY_EXAMPLE)
    tile = Tile.of(int(match.group(1)), int(match.group(2)))
    if match.group(3) is None:
        if not layout.is_empty:
            raise NotationError(
                f"{tile} needs the tile it is laid against",
                "bad-action",
                expected=f"{tile}@ and a tile on the table",
            )
        return Play(tile)
    if layout.is_empty:
        raise NotationError(
            f"nothing is on the table yet, so {tile} opens it", "bad-action", expected=str(tile)
        )
    anchor = Tile.of(int(match.group(3)), int(match.group(4)))
    index = next((i for i, placed in enumerate(layout.placements) if placed.tile == anchor), None)
    if index is None:
        raise NotationError(
            f"{anchor} is not on the table", "bad-action", expected="a tile on the table after @"
        )
    open_sides = [end for end in layout.ends if end.placement == index]
    fitting = [end for end in layout.ends_for(tile) if end.placement == index]
    if match.group(5):
        end = End(index, Side(match.group(5).upper()))
        if end not in open_sides:
            sides = " or ".join(side.side.value for side in open_sides) or "none"
            raise NotationError(
                f"{anchor} has no open {end.side.value} side",
                "bad-action",
                expected=f"an open side of {anchor}: {sides}",
            )
        return Play(tile, end)
    if len(fitting) == 1:
        return Play(tile, fitting[0])
    if not open_sides:
        raise NotationError(
            f"{anchor} has no open side", "bad-action", expected="a tile with an open end after @"
        )
    if not fitting:
        return Play(tile, open_sides[0])  # replay says why it does not fit
    sides = " or ".join(end.side.value for end in fitting)
    raise NotationError(
        f"{tile} fits more than one side of {anchor}",
        "bad-action",
        expected=f"the side after {anchor}: {sides}",
    )


def action_words(layout: Layout, action: Action, drawn: Tile | None = None) -> list[str]:
    """The words of an action (``drawn``: the tile a draw takes, named in records)."""
    if isinstance(action, Play):
        return [play_text(layout, action)]
    if isinstance(action, Draw):
        return ["draw"] if drawn is None else ["draw", str(drawn)]
    if isinstance(action, Pass):
        return ["pass"]
    if isinstance(action, Lead):
        return ["lead", str(action.seat)]
    assert isinstance(action, Claim)
    return ["muggins" if action.muggins else "call", str(action.seat)]
