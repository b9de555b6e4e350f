"""Rules as data: one frozen :class:`Rules` value holds every knob a variant turns.

A variant (see :mod:`engine.variants`) is a named recipe that builds a ``Rules`` for a
player count and options. The hand and match state machines read only this value, so
a house rule is a new value, not a new branch scattered through the code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from engine.errors import RulesError
from engine.layout import SpinnerRule
from engine.tiles import Tile, full_set

__all__ = [
    "BlockedWinner",
    "Direction",
    "DrawRule",
    "FirstOpener",
    "HandScoring",
    "MatchScoring",
    "NextStarter",
    "Rules",
    "SpinnerRule",
]


class Direction(StrEnum):
    """The order of play around the table."""

    CLOCKWISE = "clockwise"
    ANTICLOCKWISE = "anticlockwise"


class FirstOpener(StrEnum):
    """Who opens the first hand of a match, and with what.

    - ``highest-double``: the holder of the highest double dealt must open with it;
      with no double dealt, the holder of the heaviest tile opens with that tile.
    - ``high-draw``: before the deal each player draws a tile; the heaviest draw
      (redrawing ties) opens, with any tile.
    """

    HIGHEST_DOUBLE = "highest-double"
    HIGH_DRAW = "high-draw"


class NextStarter(StrEnum):
    """Who opens the hands after the first (with any tile).

    - ``winner``: the player who went out; after a block, the winning side's player
      with the fewest pips. After a tied hand the same opening is repeated.
    - ``rotate``: the start moves to the next player in the direction of play.
    """

    WINNER = "winner"
    ROTATE = "rotate"


class DrawRule(StrEnum):
    """What a player who cannot play does.

    - ``none``: passes (the sleeping tiles are never drawn).
    - ``until-playable``: draws until a tile plays or only the reserve is left.
    - ``one-per-turn``: draws one tile; plays it if it fits, else passes.
    """

    NONE = "none"
    UNTIL_PLAYABLE = "until-playable"
    ONE_PER_TURN = "one-per-turn"


class BlockedWinner(StrEnum):
    """Who wins a blocked hand.

    - ``lowest-side``: the side (a player, or a partnership's combined tiles) with the
      fewest pips; a tie for fewest is no count.
    """

    LOWEST_SIDE = "lowest-side"


class HandScoring(StrEnum):
    """What the winning side scores at the end of a hand.

    - ``opponents-pips``: the pips left in every losing hand.
    """

    OPPONENTS_PIPS = "opponents-pips"


class MatchScoring(StrEnum):
    """How hands add up to a match.

    - ``target``: the match ends after a hand in which a side reaches the target;
      the higher score wins and is credited with the difference from each other side.
    """

    TARGET = "target"


@dataclass(frozen=True, slots=True)
class Rules:
    """Every rule setting of a variant at a given player count. See ``shared/RULES.md``."""

    variant: str
    players: int
    hand_size: int
    max_pip: int = 6
    removed: frozenset[Tile] = field(default_factory=frozenset)
    partnerships: bool = False
    direction: Direction = Direction.CLOCKWISE
    first_opener: FirstOpener = FirstOpener.HIGHEST_DOUBLE
    next_starter: NextStarter = NextStarter.WINNER
    draw: DrawRule = DrawRule.NONE
    boneyard_reserve: int = 0
    """Tiles that must stay in the boneyard: drawing stops when only this many are left."""
    spinner: SpinnerRule = SpinnerRule.NONE
    blocked_winner: BlockedWinner = BlockedWinner.LOWEST_SIDE
    out_scoring: HandScoring = HandScoring.OPPONENTS_PIPS
    blocked_scoring: HandScoring = HandScoring.OPPONENTS_PIPS
    match_scoring: MatchScoring = MatchScoring.TARGET
    target: int = 100

    def __post_init__(self) -> None:
        if self.partnerships and self.players != 4:
            raise RulesError(f"partnerships need 4 players, not {self.players}", "bad-rules")
        dealt = self.players * self.hand_size
        if dealt > len(self.tiles):
            raise RulesError(
                f"{self.players} hands of {self.hand_size} need {dealt} tiles; the set has {len(self.tiles)}",
                "bad-rules",
            )
        if self.target <= 0:
            raise RulesError(f"the target must be positive, not {self.target}", "bad-option")

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The tiles in play, in a fixed order."""
        return full_set(self.max_pip, self.removed)

    @property
    def sides(self) -> int:
        """How many sides score: partnerships, or else each player alone."""
        return 2 if self.partnerships else self.players

    def side_of(self, seat: int) -> int:
        """The side a seat plays for (partners sit opposite: seats 0 and 2, 1 and 3)."""
        return seat % 2 if self.partnerships else seat

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats playing for a side."""
        return tuple(seat for seat in range(self.players) if self.side_of(seat) == side)

    def next_seat(self, seat: int) -> int:
        """The seat that plays after ``seat``.

        Seats are numbered clockwise, so clockwise play counts up.
        """
        step = 1 if self.direction is Direction.CLOCKWISE else -1
        return (seat + step) % self.players
