"""Where each seat sits on screen and what it is called: the same for every kind of game.

The person holding the device is seat 0 at the bottom; the other seats follow clockwise as
seen on screen (bottom, left, top, right; the train games seat up to eight, at every
point of the compass). When people share the device the table turns to
whoever holds it, so there the seats are named after their players, not the compass.

Standard library only.
"""

from __future__ import annotations

__all__ = ["SEAT_POSITIONS", "seat_names", "shared_names"]

SEAT_POSITIONS: dict[int, tuple[str, ...]] = {
    2: ("bottom", "top"),
    3: ("bottom", "left", "right"),
    4: ("bottom", "left", "top", "right"),
    5: ("bottom", "left", "top-left", "top-right", "right"),
    6: ("bottom", "left", "top-left", "top", "top-right", "right"),
    7: ("bottom", "bottom-left", "left", "top-left", "top-right", "right", "bottom-right"),
    8: ("bottom", "bottom-left", "left", "top-left", "top", "top-right", "right", "bottom-right"),
}
"""Where each seat sits on screen, in seat order, for each number of players."""

_NAMES = {
    "bottom": "You",
    "left": "West",
    "top": "North",
    "right": "East",
    "top-left": "North-West",
    "top-right": "North-East",
    "bottom-left": "South-West",
    "bottom-right": "South-East",
}


def seat_names(players: int) -> tuple[str, ...]:
    """The display name of each seat: "You", then compass points clockwise."""
    return tuple(_NAMES[position] for position in SEAT_POSITIONS[players])


def shared_names(player_at: tuple[int, ...], people: frozenset[int]) -> tuple[str, ...]:
    """Each seat's name when people share the device (``player_at[seat]``: the player sitting
    there, 0 the one who set up the match; ``people``: the players who are people). The table
    turns to whoever holds the device, so a compass name would move round the screen: each
    seat is named after its player instead, "Player 1", "Player 2"… for the people in the
    order they were set up, "Computer 1"… for the computer players."""
    people_order = sorted(people)
    computers = sorted(set(player_at) - people)
    return tuple(
        f"Player {people_order.index(player) + 1}"
        if player in people
        else f"Computer {computers.index(player) + 1}"
        for player in player_at
    )
