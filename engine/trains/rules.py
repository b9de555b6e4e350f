"""The settings of a game of the train family: which game, the set, the rounds' doubles,
the hand size for the number of players, and the options (``shared/RULES.md``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from engine.errors import RulesError
from engine.tiles import Tile

__all__ = ["CHICKEN_FOOT", "MEXICAN_TRAIN", "OPTION_VALUES", "TrainRules", "hand_size", "train_rules"]

MEXICAN_TRAIN = "mexican-train"
"""The id of Mexican Train."""
CHICKEN_FOOT = "chicken-foot"
"""The id of Chicken Foot."""

OPTION_VALUES: dict[str, dict[str, tuple[str, ...]]] = {
    MEXICAN_TRAIN: {
        "set": ("12", "9"),
        "rounds": ("full", "short"),
        "opening-run": ("off", "on"),
        "double-blank": ("0", "50"),
    },
    CHICKEN_FOOT: {"set": ("9", "12"), "double-blank": ("50", "0")},
}
"""Each game's options and their values, the default first (the catalogue's entries offer
them with labels: :mod:`engine.trains.variant`)."""

_HAND_SIZES: dict[tuple[str, int], dict[int, int]] = {
    (MEXICAN_TRAIN, 12): {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10},
    (MEXICAN_TRAIN, 9): {2: 10, 3: 10, 4: 10, 5: 8, 6: 8},
    (CHICKEN_FOOT, 9): {2: 15, 3: 13, 4: 10, 5: 8, 6: 7, 7: 6, 8: 5},
    (CHICKEN_FOOT, 12): {2: 21, 3: 19, 4: 16, 5: 14, 6: 12, 7: 10, 8: 9},
}
_SHORT_LOWEST = {12: 6, 9: 5}


def hand_size(variant: str, max_pip: int, players: int) -> int:
    """How many tiles each player is dealt (a :class:`RulesError` where the game is not played so)."""
    sizes = _HAND_SIZES.get((variant, max_pip))
    if sizes is None or players not in sizes:
        raise RulesError(
            f"{variant} with a double-{max_pip} set is not played by {players} players", "bad-player-count"
        )
    return sizes[players]


@dataclass(frozen=True, slots=True)
class TrainRules:
    """What a game of the train family is played with.

    ``doubles`` lists each round's engine (Mexican Train) or centre double (Chicken Foot)
    number, in the order the rounds are played; ``double_blank`` is what 0-0 left in a
    hand counts; ``opening_run`` lets each player lay a run of tiles on their own train on
    their first turn of a round (Mexican Train).
    """

    variant: str
    players: int
    max_pip: int
    doubles: tuple[int, ...]
    hand_size: int
    double_blank: int
    opening_run: bool = False

    @property
    def is_chicken_foot(self) -> bool:
        """Whether the game is Chicken Foot (else Mexican Train)."""
        return self.variant == CHICKEN_FOOT

    @property
    def rounds(self) -> int:
        """How many rounds the game has."""
        return len(self.doubles)

    def round_double(self, number: int) -> Tile:
        """The double in the middle of round ``number`` (from 0)."""
        value = self.doubles[number]
        return Tile(value, value)

    def hand_points(self, tiles: Iterable[Tile]) -> int:
        """What tiles left in a hand count at the round's end: their pips, 0-0 counting
        :attr:`double_blank`."""
        return sum(self.double_blank if tile == Tile(0, 0) else tile.pips for tile in tiles)

    def options(self) -> dict[str, str]:
        """The options these rules were made from, as the catalogue and records write them."""
        chosen = {"set": str(self.max_pip)}
        if not self.is_chicken_foot:
            lowest = self.doubles[-1]
            chosen["rounds"] = "full" if lowest == 0 else "short"
            chosen["opening-run"] = "on" if self.opening_run else "off"
        chosen["double-blank"] = str(self.double_blank)
        return chosen


def train_rules(variant: str, players: int, options: Mapping[str, str] | None = None) -> TrainRules:
    """The rules of ``variant`` for ``players`` with ``options`` (``set``, ``rounds``,
    ``opening-run``, ``double-blank``; a missing one takes its default). A
    :class:`RulesError` for an unknown game, option or value, or a player count the set
    is not played by."""
    offered = OPTION_VALUES.get(variant)
    if offered is None:
        raise RulesError(f"unknown train game {variant!r}", "unknown-variant")
    chosen = {name: values[0] for name, values in offered.items()}
    for name, value in (options or {}).items():
        if name not in offered:
            raise RulesError(
                f"{variant} has no option {name!r}; its options: {', '.join(offered)}", "bad-option"
            )
        if value not in offered[name]:
            raise RulesError(
                f"{variant} option {name} is one of {', '.join(offered[name])}, not {value!r}", "bad-option"
            )
        chosen[name] = value
    max_pip = int(chosen["set"])
    lowest = _SHORT_LOWEST[max_pip] if chosen.get("rounds") == "short" else 0
    return TrainRules(
        variant=variant,
        players=players,
        max_pip=max_pip,
        doubles=tuple(range(max_pip, lowest - 1, -1)),
        hand_size=hand_size(variant, max_pip, players),
        double_blank=int(chosen["double-blank"]),
        opening_run=chosen.get("opening-run") == "on",
    )
