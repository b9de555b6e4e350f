"""Where each seat sits on screen and what it is called: the same for every kind of game.

The person holding the device is seat 0 at the bottom; the other seats follow clockwise as
seen on screen (bottom, left, top, right).

Standard library only.
"""

from __future__ import annotations

__all__ = ["SEAT_POSITIONS", "seat_names"]

SEAT_POSITIONS: dict[int, tuple[str, ...]] = {
    2: ("bottom", "top"),
    3: ("bottom", "left", "right"),
    4: ("bottom", "left", "top", "right"),
    5: ("bottom", "left", "top-left", "top-right", "right"),
}
"""Where each seat sits on screen, in seat order, for each number of players."""

_NAMES = {
    "bottom": "You",
    "left": "West",
    "top": "North",
    "right": "East",
    "top-left": "North-West",
    "top-right": "North-East",
}


def seat_names(players: int, pass_and_play: bool = False) -> tuple[str, ...]:
    """The display name of each seat: "You" (or "South" when people share the device), then
    compass points clockwise."""
    names = tuple(_NAMES[position] for position in SEAT_POSITIONS[players])
    return ("South", *names[1:]) if pass_and_play else names
