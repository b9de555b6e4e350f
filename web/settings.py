"""A new match's choices, and the level name of the seat a person plays.

Kept apart from the controller so that what reads and writes games
(:mod:`web.storage.game_record`) can use them without the controller.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine import Rules, RulesError, make_rules
from engine.catalogue import computer_players, get_game
from engine.line.ai import BOT_LEVELS

__all__ = [
    "DEFAULT_LEVEL",
    "HUMAN",
    "SEAT_LEVELS",
    "Settings",
    "default_level",
    "seat_levels",
]

HUMAN = "human"
"""The level name of a seat a person plays: always seat 0, and in pass-and-play others too."""

PERSON = "A person (pass and play)"
"""How a seat played by another person sharing the device is offered."""

SEAT_LEVELS: dict[str, str] = {HUMAN: PERSON, **BOT_LEVELS}
"""Who may play a seat other than the first in a line-of-play game: a person sharing the
device, or a computer level."""


DEFAULT_LEVEL = "greedy"
"""The line-of-play computer players' level when a link or a record names none."""


def default_level(variant: str) -> str:
    """The computer players' level in ``variant`` when none is named (each kind of game has
    computer players of its own)."""
    return computer_players(variant).default


def seat_levels(variant: str) -> dict[str, str]:
    """Who may play a seat other than the first in ``variant``, by level id, with their names."""
    return {HUMAN: PERSON, **computer_players(variant).levels}


@dataclass(frozen=True)
class Settings:
    """A new match's choices: rule set, players, target, options, and who plays each other seat.

    ``levels[i]`` is the level of player ``i + 1`` (player 0 is the person holding the
    device): a computer level, or :data:`HUMAN` for another person sharing the device (pass
    and play). They sit at seats 1, 2, ... unless the players draw for partners. ``options``
    holds every option that applies, with its value (defaults filled in), as sorted (id,
    value) pairs.
    """

    variant: str = "draw-2"
    players: int = 2
    target: int = 100
    levels: tuple[str, ...] = field(default=("greedy",))
    options: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        game = get_game(self.variant)
        resolved = game.resolve_options(game.check_players(self.players), dict(self.options))
        object.__setattr__(self, "options", tuple(sorted(resolved.items())))
        game.check_settings(self.players, self.target, resolved)
        levels = seat_levels(self.variant)
        if len(self.levels) != self.players - 1 or any(level not in levels for level in self.levels):
            raise RulesError(
                f"need {self.players - 1} levels from {', '.join(levels)}, got {list(self.levels)}",
                "bad-option",
            )

    @property
    def people(self) -> int:
        """How many people share the device (1, or 2 to 5 in pass-and-play)."""
        return 1 + self.levels.count(HUMAN)

    @property
    def pass_and_play(self) -> bool:
        """Whether more than one person plays on this device, passing it between turns."""
        return self.people > 1

    def rules(self) -> Rules:
        """The engine rules these settings play (a line-of-play game only: any other kind
        raises :class:`RulesError`)."""
        return make_rules(self.variant, self.players, self.target, dict(self.options))

    @classmethod
    def for_variant(
        cls,
        variant: str,
        players: int | None = None,
        level: str = "greedy",
        options: dict[str, str] | None = None,
        target: int | None = None,
    ) -> Settings:
        """The variant's defaults (or the given choices) with every AI seat at ``level`` (a
        level the game's computer players do not have stands for their default one)."""
        preset = get_game(variant)
        if level not in seat_levels(variant):
            level = default_level(variant)
        count = preset.default_players if players is None else players
        resolved = preset.resolve_options(count, options)
        chosen_target = preset.targets_for(resolved)[1] if target is None else target
        return cls(variant, count, chosen_target, (level,) * (count - 1), tuple(sorted(resolved.items())))

    def to_json(self) -> dict[str, Any]:
        """Plain data for saving."""
        return {
            "variant": self.variant,
            "players": self.players,
            "target": self.target,
            "levels": list(self.levels),
            "options": dict(self.options),
        }

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        """Settings from :meth:`to_json` data; raises :class:`RulesError` if they are not valid."""
        if not isinstance(data, dict):
            raise RulesError("saved settings are not an object", "bad-option")
        try:
            options = data.get("options", {})
            if not isinstance(options, dict):
                raise TypeError("options are not an object")
            return cls(
                str(data["variant"]),
                int(data["players"]),
                int(data["target"]),
                tuple(data["levels"]),
                tuple(sorted((str(key), str(value)) for key, value in options.items())),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise RulesError(f"saved settings are incomplete: {error}", "bad-option") from None
