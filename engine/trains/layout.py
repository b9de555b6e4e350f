"""The trains on the table: lines of tiles growing from the double in the middle.

In Mexican Train every seat has a personal train (named by the seat's number) and there
is one Mexican train (``M``), all starting at the engine. In Chicken Foot the centre double
gets four arms (``1`` to ``4``); a double laid on the end of a train grows a chicken foot,
three toes named after that train (``2.1``, ``2.2``, ``2.3``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.errors import IllegalActionError
from engine.tiles import Tile

__all__ = ["MEXICAN", "Train", "toe_name"]

MEXICAN = "M"
"""The name of the Mexican train."""


def toe_name(foot: str, toe: int) -> str:
    """The name of toe ``toe`` (1 to 3) of the chicken foot on the train named ``foot``."""
    return f"{foot}.{toe}"


@dataclass(slots=True)
class Train:
    """One train: its name, the number it starts from, its tiles in the order laid and the
    number showing at its end. ``owner`` is the seat of a personal train (Mexican Train)."""

    name: str
    start: int
    owner: int | None = None
    tiles: list[Tile] = field(default_factory=list)
    end: int = -1

    def __post_init__(self) -> None:
        if self.end < 0:
            self.end = self.start
            for tile in self.tiles:
                self.end = tile.other(self.end)

    @property
    def last(self) -> Tile | None:
        """The tile at the end of the train (``None`` while it is empty)."""
        return self.tiles[-1] if self.tiles else None

    @property
    def ends_in_double(self) -> bool:
        """Whether the tile at the end is a double."""
        last = self.last
        return last is not None and last.is_double

    def fits(self, tile: Tile) -> bool:
        """Whether ``tile`` can be laid on the end."""
        return tile.has(self.end)

    def lay(self, tile: Tile) -> None:
        """Add ``tile`` at the end (an :class:`IllegalActionError` if it does not match)."""
        if not self.fits(tile):
            raise IllegalActionError(
                f"{tile} does not match the {self.end} at the end of train {self.name}", "does-not-match"
            )
        self.tiles.append(tile)
        self.end = tile.other(self.end)

    def copy(self) -> Train:
        """A train with the same tiles that can grow on its own."""
        return Train(self.name, self.start, self.owner, list(self.tiles), self.end)
