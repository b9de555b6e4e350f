"""A new match's choices, and the level name of the seat a person plays.

Kept apart from the controller so that what reads and writes games
(:mod:`web.game_record`) can use them without the controller.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine import Rules, RulesError, get_variant, make_rules
from engine.ai import BOT_LEVELS

__all__ = ["HUMAN", "SEAT_LEVELS", "Settings"]

HUMAN = "human"
"""The level name of a seat a person plays: always seat 0, and in pass-and-play others too."""

SEAT_LEVELS: dict[str, str] = {HUMAN: "A person (pass and play)", **BOT_LEVELS}
"""Who may play a seat other than the first: a person sharing the device, or a computer level."""


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
        resolved = get_variant(self.variant).resolve_options(self.players, dict(self.options))
        object.__setattr__(self, "options", tuple(sorted(resolved.items())))
        self.rules()  # raises RulesError if the table is not offered
        if len(self.levels) != self.players - 1 or any(level not in SEAT_LEVELS for level in self.levels):
            raise RulesError(
                f"need {self.players - 1} levels from {', '.join(SEAT_LEVELS)}, got {list(self.levels)}",
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
        """The engine rules these settings play."""
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
        """The variant's defaults (or the given choices) with every AI seat at ``level``."""
        preset = get_variant(variant)
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
