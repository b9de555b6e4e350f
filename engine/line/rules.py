"""Rules as data: one frozen :class:`Rules` value holds every knob a variant turns.

A variant (see :mod:`engine.line.variants`) is a named recipe that builds a ``Rules`` for a
player count and options. The hand and match state machines read only this value, so
a house rule is a new value, not a new branch scattered through the code.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TypeVar, cast

from engine.errors import RulesError
from engine.line.layout import SpinnerRule
from engine.tiles import Tile, full_set

__all__ = [
    "BlockedWinner",
    "Direction",
    "DrawRule",
    "FirstOpener",
    "HandScoring",
    "MatchScoring",
    "NextStarter",
    "OutRule",
    "PlayScoring",
    "Rules",
    "SpinnerRule",
]


class Direction(StrEnum):
    """The order of play around the table."""

    CLOCKWISE = "clockwise"
    ANTICLOCKWISE = "anticlockwise"


class FirstOpener(StrEnum):
    """Who opens a hand dealt "as the first hand", and with what.

    - ``highest-double``: the holder of the highest double must open with it; with no
      double dealt, the holder of the heaviest tile opens with that tile.
    - ``highest-double-any``: the holder of the highest double (no double dealt: of the
      heaviest tile) opens, with any tile ("sporting", All Fives).
    - ``highest-double-redeal``: the holder of the highest double must open with it; when
      nobody holds a double the tiles are shuffled and dealt again.
    - ``high-draw``: before the deal each player draws a tile; the heaviest draw
      (redrawing ties) opens, with any tile.
    """

    HIGHEST_DOUBLE = "highest-double"
    HIGHEST_DOUBLE_ANY = "highest-double-any"
    HIGHEST_DOUBLE_REDEAL = "highest-double-redeal"
    HIGH_DRAW = "high-draw"


class NextStarter(StrEnum):
    """Who opens the hands after the first.

    - ``winner``: the player who went out; after a block, the winning side's player
      with the fewest pips; any tile. After a tied hand the same opening is repeated.
    - ``rotate``: the start moves to the next player in the direction of play; any tile.
    - ``as-first``: every hand is opened as the first one is (by the first-opener rule).
    - ``winning-side``: the side that won the last hand leads; when it has two players
      they choose which of them starts (the lower seat decides), with any tile. While
      every score is 0 the first-opener rule applies; after a tie the side that led the
      tied hand leads again.
    """

    WINNER = "winner"
    ROTATE = "rotate"
    AS_FIRST = "as-first"
    WINNING_SIDE = "winning-side"


class DrawRule(StrEnum):
    """What a player who cannot play does.

    - ``none``: passes (the sleeping tiles are never drawn).
    - ``until-playable``: draws until a tile plays or only the reserve is left.
    - ``one-per-turn``: draws one tile; plays it if it fits, else passes (the Draw Game).
    - ``one-ends-turn``: draws one tile instead of playing, and the turn passes to the
      next player (All Fives: "that player takes a sleeping tile instead").
    """

    NONE = "none"
    UNTIL_PLAYABLE = "until-playable"
    ONE_PER_TURN = "one-per-turn"
    ONE_ENDS_TURN = "one-ends-turn"


class OutRule(StrEnum):
    """When going out ends the hand.

    - ``one``: as soon as any player plays his last tile.
    - ``partnership``: only when both partners of a side have played out; a player
      who is out is skipped until then.
    """

    ONE = "one"
    PARTNERSHIP = "partnership"


class BlockedWinner(StrEnum):
    """Who wins a blocked hand.

    - ``lowest-side``: the side (a player, or a partnership's combined tiles) with the
      fewest pips; a tie for fewest is a tied hand.
    - ``lowest-player``: the side of the single player with the fewest pips (a
      partner's tiles do not matter); opponents tied for fewest make a tied hand,
      partners tied for fewest win for their side.
    """

    LOWEST_SIDE = "lowest-side"
    LOWEST_PLAYER = "lowest-player"


class HandScoring(StrEnum):
    """What the winning side scores at the end of a hand.

    - ``opponents-pips``: the pips left in every losing hand.
    - ``difference``: for each losing side, its pips minus the winning side's pips.
    - ``rounded-difference``: as ``difference``, each rounded to the nearest multiple of
      5 (remainder 1-2 down, 3-4 up), as All Fives scores.
    - ``one-point``: one point per hand won.
    """

    OPPONENTS_PIPS = "opponents-pips"
    DIFFERENCE = "difference"
    ROUNDED_DIFFERENCE = "rounded-difference"
    ONE_POINT = "one-point"


class PlayScoring(StrEnum):
    """Points scored during play, after each tile laid (see :func:`engine.line.layout.end_count`).

    - ``none``: nothing is scored during play.
    - ``fives``: when the open ends add up to a multiple of 5, the player scores the sum.
    - ``fives-and-threes``: a sum that is a multiple of 5 or of 3 scores the sum (once).
    """

    NONE = "none"
    FIVES = "fives"
    FIVES_AND_THREES = "fives-and-threes"


_Derived = TypeVar("_Derived")


class _Memo:
    """A hidden slot for values derived from a frozen value (see :meth:`Rules.derived`).

    Not a dataclass field: it takes no part in equality, hashing, ``repr`` or
    ``dataclasses.replace``, and a copy (which does not carry it) derives its values again.
    """

    __slots__ = ("_memo",)
    _memo: dict[Callable[[Rules], object], object]


class MatchScoring(StrEnum):
    """How hands add up to a match.

    - ``target``: the match ends after a hand in which a side reaches the target;
      the higher score wins and is credited with the difference from each other side.
    - ``target-at-once``: the first side to reach the target wins at once, even mid-hand.
    - ``six-love``: a side wins a hand for its worth (1, more after tied hands); when the
      other side wins the score returns to 0-0; six with the other side on 0 wins.
    - ``first-to-six``: each player counts hands won; six with another player on 0
      wins; when every player has won a hand, every score returns to 0.
    """

    TARGET = "target"
    TARGET_AT_ONCE = "target-at-once"
    SIX_LOVE = "six-love"
    FIRST_TO_SIX = "first-to-six"


@dataclass(frozen=True, slots=True)
class Rules(_Memo):
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
    stuck_ends_hand: bool = False
    """The hand ends at once when the player to move can neither play nor draw (Three-Hand Draw)."""
    overdraw_penalty: int = 0
    """If positive, drawing while holding a playable tile is allowed and costs this many points."""
    out_rule: OutRule = OutRule.ONE
    spinner: SpinnerRule = SpinnerRule.NONE
    blocked_winner: BlockedWinner = BlockedWinner.LOWEST_SIDE
    out_scoring: HandScoring = HandScoring.OPPONENTS_PIPS
    blocked_scoring: HandScoring = HandScoring.OPPONENTS_PIPS
    play_scoring: PlayScoring = PlayScoring.NONE
    manual_scoring: bool = False
    """Players must call their own scoring plays; an uncalled score may be claimed ("Muggins!")."""
    match_scoring: MatchScoring = MatchScoring.TARGET
    target: int = 100
    playoff_at_one_all: bool = False
    """Six-love: at 1-1 a play-off hand is played instead of a reset; its winner leads 2-0."""
    touch_move: bool = False
    """A table rule: a playable tile the player has picked up must be the one played."""
    partner_draw: bool = False
    """Before the match the players draw tiles for partners: the two lowest play together."""
    options: tuple[tuple[str, str], ...] = ()
    """The variant options these rules were built with, as (option id, value) pairs."""

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
        if self.out_rule is OutRule.PARTNERSHIP and not self.partnerships:
            raise RulesError("both partners going out needs partnerships", "bad-rules")
        if self.partner_draw and not self.partnerships:
            raise RulesError("drawing for partners needs partnerships", "bad-rules")

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The tiles in play, in a fixed order."""
        return self.derived(_tiles_of)

    def derived(self, build: Callable[[Rules], _Derived]) -> _Derived:
        """``build(self)``, computed once for this value and kept with it.

        For tables that depend only on the rules (the tile set, seat order, ...); ``build``
        must be a module-level function, so the same one is passed every time.
        """
        try:
            memo = self._memo
        except AttributeError:
            memo = {}
            object.__setattr__(self, "_memo", memo)
        try:
            return cast(_Derived, memo[build])
        except KeyError:
            value = memo[build] = build(self)
            return value

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

    def option(self, option_id: str, default: str = "") -> str:
        """The value of a variant option these rules were built with (``default`` if absent)."""
        return dict(self.options).get(option_id, default)


def _tiles_of(rules: Rules) -> tuple[Tile, ...]:
    """The tile set of ``rules`` (kept with the rules by :meth:`Rules.derived`)."""
    return full_set(rules.max_pip, rules.removed)
