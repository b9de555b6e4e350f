"""What a hand of a line game is made of and what happens in it: who opens and the deal, the
public record of each move (the events), and the result with its sentences."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.line.layout import End
from engine.line.rules import BlockedWinner
from engine.tiles import Tile
from engine.words import agree, and_list

__all__ = [
    "Claimed",
    "Deal",
    "Drew",
    "Event",
    "HandResult",
    "Led",
    "Opening",
    "Passed",
    "Penalized",
    "Played",
    "Scored",
]


@dataclass(frozen=True, slots=True)
class Opening:
    """Who opens a hand, and the tile they must open with (``None``: any tile).

    With ``lead_choices`` the hand begins with a choice: ``seat`` (the winning side's
    lower seat) decides which of ``lead_choices`` starts, with any tile.
    """

    seat: int
    tile: Tile | None = None
    lead_choices: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Deal:
    """The tiles of a hand as dealt: each seat's tiles, and the boneyard (``boneyard[-1]`` drawn first).

    ``unordered``: how many tiles at the start of the boneyard are in no known order (a
    record names only the tiles drawn). A match dealt from a seed that deals these very
    tiles keeps the seed's order for them (see :class:`engine.line.match.Match`).
    """

    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]
    unordered: int = 0

    def agrees_with(self, dealt: tuple[tuple[Tile, ...], ...], stock: tuple[Tile, ...]) -> bool:
        """Whether a hand that was dealt ``dealt`` with the boneyard ``stock`` was dealt these tiles,
        in this order where the order is known."""
        known = len(self.boneyard) - self.unordered
        return (
            tuple(tuple(sorted(held)) for held in self.hands) == dealt
            and sorted(self.boneyard) == sorted(stock)
            and self.boneyard[self.unordered :] == stock[len(stock) - known :]
        )


@dataclass(frozen=True, slots=True)
class Played:
    """Public record: ``seat`` laid ``tile`` on ``end`` (``None`` for the opening tile)."""

    seat: int
    tile: Tile
    end: End | None = None

    def __str__(self) -> str:
        return f"{self.tile}" if self.end is None else f"{self.tile}@{self.end}"


@dataclass(frozen=True, slots=True)
class Drew:
    """Public record: ``seat`` drew a tile (which tile is known only to that seat)."""

    seat: int

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Passed:
    """Public record: ``seat`` passed."""

    seat: int

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Led:
    """Public record: the winning side's ``seat`` chose ``starter`` to open the hand."""

    seat: int
    starter: int

    def __str__(self) -> str:
        return f"lead:{self.starter}"


@dataclass(frozen=True, slots=True)
class Scored:
    """Public record: ``seat`` scored ``points`` during play.

    ``how`` is ``"play"`` (scored automatically by the play), ``"call"`` (called by the
    player who made it), ``"muggins"`` (claimed by another player) or ``"last"`` (the
    hand-ending play of a manually scored game, scored with the hand).
    """

    seat: int
    points: int
    how: str = "play"

    def __str__(self) -> str:
        return f"{self.how}:{self.seat}+{self.points}"


@dataclass(frozen=True, slots=True)
class Claimed:
    """Public record: a claim was made (its points, if any, follow as :class:`Scored`)."""

    seat: int
    muggins: bool

    def __str__(self) -> str:
        return f"{'muggins' if self.muggins else 'call'}:{self.seat}"


@dataclass(frozen=True, slots=True)
class Penalized:
    """Public record: ``seat`` drew while holding a playable tile and loses ``points``."""

    seat: int
    points: int

    def __str__(self) -> str:
        return f"overdraw:{self.seat}-{self.points}"


Event = Played | Drew | Passed | Led | Scored | Claimed | Penalized


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended and what it scored.

    ``reason`` is ``"out"``, ``"blocked"`` or ``"target"`` (the match was won during
    play). ``winner_side`` and ``winner_seat`` are ``None`` for a tied hand. ``points``
    is what each side scores for the end of the hand; ``play_points`` what each side
    scored during play and ``penalties`` what each side lost to penalties;
    ``blocked_rule`` the rules' :class:`BlockedWinner`, which :meth:`describe` explains.
    """

    reason: str
    winner_side: int | None
    winner_seat: int | None
    pips: tuple[int, ...]
    side_pips: tuple[int, ...]
    points: tuple[int, ...]
    hands: tuple[tuple[Tile, ...], ...]
    partnerships: bool
    play_points: tuple[int, ...] = ()
    penalties: tuple[int, ...] = ()
    blocked_rule: BlockedWinner = BlockedWinner.LOWEST_SIDE
    """The rule that decided a blocked hand (see :class:`engine.line.rules.BlockedWinner`)."""

    @property
    def is_tie(self) -> bool:
        """Whether nobody won the hand (a block with a tie for the fewest pips)."""
        return self.winner_side is None

    @property
    def net_points(self) -> tuple[int, ...]:
        """What each side made of the hand: its award, plus its points in play, less its penalties."""
        none = (0,) * len(self.points)
        return tuple(
            award + played - lost
            for award, played, lost in zip(
                self.points, self.play_points or none, self.penalties or none, strict=True
            )
        )

    def describe(self, seat_names: Sequence[str], award: Sequence[int] = ()) -> str:
        """One line a player understands, e.g. ``blocked: West holds the fewest pips (7); scores 41``
        or ``West went out and scores 12``.

        ``award``: the points each side was credited for this hand by the match rules, when
        known (the score sheet's :attr:`~engine.line.match.HandScore.award`); otherwise the
        hand's own :attr:`points` are told.

        A blocked hand is explained by what decided it under :attr:`blocked_rule`: the
        single player with the fewest pips (``lowest-player``, whatever his partner
        holds), or the side with the fewest, both partners' tiles added (``lowest-side``
        with partnerships).
        """
        if self.reason == "target":
            assert self.winner_side is not None
            return f"{self.side_name(self.winner_side, seat_names)} reached the target during play"
        if self.reason == "out":
            assert self.winner_seat is not None and self.winner_side is not None
            side = self.side_name(self.winner_side, seat_names)
            who = seat_names[self.winner_seat]
            points = (award or self.points)[self.winner_side]
            if side == who:  # (alone: "You went out and score 5", not "You went out; You score 5")
                return f"{who} went out and {agree(who, 'scores')} {points}"
            return f"{who} went out; {side} {agree(side, 'scores')} {points}"
        return f"blocked: {self._blocked_lowest(seat_names)}; {self._blocked_award(seat_names, award or self.points)}"

    def _blocked_lowest(self, seat_names: Sequence[str]) -> str:
        """Who holds the fewest pips, counted as the blocked-hand rule counts them."""
        if self.partnerships and self.blocked_rule is BlockedWinner.LOWEST_SIDE:
            lowest = min(self.side_pips)
            names = [
                self.side_name(side, seat_names) for side, pips in enumerate(self.side_pips) if pips == lowest
            ]
            fewest = f"the fewest pips between them ({lowest})"
        else:
            lowest = min(self.pips)
            names = [seat_names[seat] for seat, pips in enumerate(self.pips) if pips == lowest]
            fewest = f"the fewest pips ({lowest})"
        if len(names) == 1:
            return f"{names[0]} {agree(names[0], 'holds')} {fewest}"
        return f"{and_list(names)} tie for {fewest}"

    def _blocked_award(self, seat_names: Sequence[str], points_of: Sequence[int]) -> str:
        """Who scores what for a blocked hand (``nobody wins`` for a tie)."""
        if self.winner_side is None:
            return "nobody wins"
        side = self.side_name(self.winner_side, seat_names)
        points = points_of[self.winner_side]
        if self.partnerships and self.blocked_rule is BlockedWinner.LOWEST_PLAYER:
            return f"{side} {agree(side, 'scores')} {points}"  # the side is more than the player named
        return f"{agree(side, 'scores')} {points}"

    def side_name(self, side: int, seat_names: Sequence[str]) -> str:
        """A side's name: the player's name, or both partners' names joined by ``&``."""
        if not self.partnerships:
            return seat_names[side]
        return " & ".join(seat_names[seat] for seat in range(len(seat_names)) if seat % 2 == side)
