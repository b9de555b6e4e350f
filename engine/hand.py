"""One hand (deal) as a state machine: deal, turns, and the end with its score."""

from __future__ import annotations

import bisect
import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.actions import Action, Draw, Pass, Play
from engine.errors import EngineError, IllegalActionError
from engine.layout import End, Layout
from engine.rules import BlockedWinner, DrawRule, HandScoring, Rules
from engine.tiles import Tile, hand_pips

__all__ = ["Drew", "Event", "Hand", "HandResult", "Opening", "Passed", "Played", "highest_double_opening"]


@dataclass(frozen=True, slots=True)
class Opening:
    """Who opens a hand, and the tile they must open with (``None``: any tile)."""

    seat: int
    tile: Tile | None = None


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


Event = Played | Drew | Passed


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended and what it scored.

    ``reason`` is ``"out"`` or ``"blocked"``. ``winner_side`` and ``winner_seat`` are
    ``None`` for a tied block (no count). ``points`` is what each side scores.
    """

    reason: str
    winner_side: int | None
    winner_seat: int | None
    pips: tuple[int, ...]
    side_pips: tuple[int, ...]
    points: tuple[int, ...]
    hands: tuple[tuple[Tile, ...], ...]
    partnerships: bool

    @property
    def is_tie(self) -> bool:
        """Whether the hand was blocked with a tie for the fewest pips (no count)."""
        return self.winner_side is None

    def describe(self, seat_names: Sequence[str]) -> str:
        """One line a player understands, e.g. ``blocked: West lowest with 7; scores 41``."""
        if self.reason == "out":
            assert self.winner_seat is not None and self.winner_side is not None
            return (
                f"{seat_names[self.winner_seat]} went out; "
                f"{self._side_name(self.winner_side, seat_names)} scores {self.points[self.winner_side]}"
            )
        lowest = min(self.side_pips)
        if self.winner_side is None:
            tied = [
                self._side_name(side, seat_names)
                for side, pips in enumerate(self.side_pips)
                if pips == lowest
            ]
            return f"blocked: {' and '.join(tied)} tie for lowest with {lowest}; no count"
        return (
            f"blocked: {self._side_name(self.winner_side, seat_names)} lowest with {lowest}; "
            f"scores {self.points[self.winner_side]}"
        )

    def _side_name(self, side: int, seat_names: Sequence[str]) -> str:
        if not self.partnerships:
            return seat_names[side]
        return " & ".join(seat_names[seat] for seat in range(len(seat_names)) if seat % 2 == side)


def highest_double_opening(hands: Sequence[Sequence[Tile]]) -> Opening:
    """The holder of the highest double opens with it; with none dealt, the heaviest tile."""
    dealt = [(seat, tile) for seat, held in enumerate(hands) for tile in held]
    if not dealt:
        raise EngineError("no tiles were dealt, so nobody can open", "bad-deal")
    seat, tile = max(dealt, key=lambda entry: (entry[1].is_double, entry[1].pips, entry[1].high))
    return Opening(seat, tile)


class Hand:
    """A hand in progress. Build with :meth:`deal` (seeded) or directly from a scripted deal.

    ``legal_actions()`` lists what the player to move may do; ``apply()`` checks an
    action and plays it, raising :class:`IllegalActionError` otherwise.
    """

    def __init__(
        self,
        rules: Rules,
        hands: Sequence[Sequence[Tile]],
        boneyard: Sequence[Tile],
        opening: Opening | None = None,
    ) -> None:
        """Start a hand from a known deal; ``boneyard[-1]`` is drawn first.

        Without ``opening`` the highest double (else the heaviest tile) opens.
        """
        self.rules = rules
        self._check_deal(hands, boneyard)
        self._hands: list[list[Tile]] = [sorted(held) for held in hands]
        self._boneyard: list[Tile] = list(boneyard)
        self.opening = opening if opening is not None else highest_double_opening(self._hands)
        if self.opening.tile is not None and self.opening.tile not in self._hands[self.opening.seat]:
            raise EngineError(
                f"seat {self.opening.seat} must open with {self.opening.tile} but does not hold it",
                "bad-deal",
            )
        self.layout = Layout(rules.spinner)
        self.turn = self.opening.seat
        self.history: list[Event] = []
        self.result: HandResult | None = None
        self._drew_this_turn = False
        self._last_drawn: Tile | None = None

    @classmethod
    def deal(cls, rules: Rules, rng: random.Random, starter: int | None = None) -> Hand:
        """Shuffle with ``rng`` and deal; ``starter`` opens with any tile (``None``: highest double)."""
        tiles = list(rules.tiles)
        rng.shuffle(tiles)
        size = rules.hand_size
        hands = [tiles[seat * size : (seat + 1) * size] for seat in range(rules.players)]
        boneyard = tiles[rules.players * size :]
        return cls(rules, hands, boneyard, None if starter is None else Opening(starter))

    def _check_deal(self, hands: Sequence[Sequence[Tile]], boneyard: Sequence[Tile]) -> None:
        if len(hands) != self.rules.players:
            raise EngineError(
                f"a deal for {self.rules.players} players needs {self.rules.players} hands, got {len(hands)}",
                "bad-deal",
            )
        dealt = sorted([tile for held in hands for tile in held] + list(boneyard))
        if dealt != sorted(self.rules.tiles):
            raise EngineError("the deal does not hold each tile of the set exactly once", "bad-deal")

    # --- what is known -------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended (out or blocked)."""
        return self.result is not None

    @property
    def boneyard_count(self) -> int:
        """How many tiles are left to draw from (or sleeping)."""
        return len(self._boneyard)

    def hand_of(self, seat: int) -> tuple[Tile, ...]:
        """The tiles a seat holds (hidden information: only for that seat's view or the end)."""
        return tuple(self._hands[seat])

    def hand_counts(self) -> tuple[int, ...]:
        """How many tiles each seat holds."""
        return tuple(len(held) for held in self._hands)

    def boneyard(self) -> tuple[Tile, ...]:
        """The undrawn tiles, the next to be drawn last (hidden information)."""
        return tuple(self._boneyard)

    def can_draw(self) -> bool:
        """Whether the rules let a stuck player draw now."""
        return self.rules.draw is not DrawRule.NONE and len(self._boneyard) > self.rules.boneyard_reserve

    def legal_actions(self) -> tuple[Action, ...]:
        """Everything the player to move may do, in a stable order (empty once the hand is over)."""
        if self.result is not None:
            return ()
        held = self._hands[self.turn]
        if self.layout.is_empty:
            if self.opening.tile is not None:
                return (Play(self.opening.tile),)
            return tuple(Play(tile) for tile in held)
        candidates = held
        if self.rules.draw is DrawRule.ONE_PER_TURN and self._drew_this_turn:
            candidates = [held_tile for held_tile in held if held_tile == self._last_drawn]
        plays = tuple(Play(tile, end) for tile in candidates for end in self.layout.ends_for(tile))
        if plays:
            return plays
        if self.rules.draw is DrawRule.ONE_PER_TURN and self._drew_this_turn:
            return (Pass(),)
        return (Draw(),) if self.can_draw() else (Pass(),)

    # --- changing the state --------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Play ``action`` for the seat to move, or raise :class:`IllegalActionError`."""
        if action not in self.legal_actions():
            raise self._why_illegal(action)
        self.apply_unchecked(action)

    def apply_unchecked(self, action: Action) -> None:
        """Play an action already known to be legal (fast path for search; no checks)."""
        seat = self.turn
        if isinstance(action, Play):
            self._hands[seat].remove(action.tile)
            self.layout = self.layout.play(action.tile, action.end)
            self.history.append(Played(seat, action.tile, action.end))
            if not self._hands[seat]:
                self._finish("out", seat)
            else:
                self._next_turn()
        elif isinstance(action, Draw):
            tile = self._boneyard.pop()
            bisect.insort(self._hands[seat], tile)
            self._last_drawn = tile
            self._drew_this_turn = True
            self.history.append(Drew(seat))
            if self._is_blocked():  # the last allowed draw can leave nobody able to play
                self._finish("blocked", None)
        else:
            self.history.append(Passed(seat))
            self._next_turn()

    def _next_turn(self) -> None:
        self.turn = self.rules.next_seat(self.turn)
        self._drew_this_turn = False
        if self._is_blocked():
            self._finish("blocked", None)

    def _is_blocked(self) -> bool:
        if self.can_draw():
            return False
        values = set(self.layout.values)
        return not any(tile.low in values or tile.high in values for held in self._hands for tile in held)

    def _why_illegal(self, action: Action) -> IllegalActionError:
        where = f"seat {self.turn} to move, move {len(self.history) + 1}, ends {self._ends_text()}"
        if self.result is not None:
            return IllegalActionError(
                f"{action}: the hand is over ({len(self.history)} moves, ends {self._ends_text()})",
                "hand-over",
            )
        legal = self.legal_actions()
        can_play = any(isinstance(option, Play) for option in legal)
        if isinstance(action, Play):
            if action.tile not in self._hands[self.turn]:
                return IllegalActionError(
                    f"{action}: seat {self.turn} does not hold {action.tile} ({where})", "tile-not-in-hand"
                )
            if self.layout.is_empty and self.opening.tile is not None:
                return IllegalActionError(
                    f"{action}: this hand must open with {self.opening.tile} ({where})", "wrong-opening"
                )
            if action.end is None:
                return IllegalActionError(
                    f"{action}: the layout is open, so {action.tile} needs an end ({where})", "no-such-end"
                )
            if action.end not in self.layout.ends:
                return IllegalActionError(
                    f"{action}: {action.end} is not an open end ({where})", "no-such-end"
                )
            return IllegalActionError(
                f"{action}: {action.tile} does not fit there ({where})", "does-not-match"
            )
        if isinstance(action, Draw | Pass) and can_play:
            return IllegalActionError(
                f"{action}: seat {self.turn} can play, so must play ({where})", "must-play"
            )
        if isinstance(action, Draw):
            return IllegalActionError(
                f"draw: no drawing allowed now, {self.boneyard_count} left ({where})", "cannot-draw"
            )
        if isinstance(action, Pass):
            return IllegalActionError(f"pass: seat {self.turn} must draw first ({where})", "cannot-pass")
        return IllegalActionError(f"{action!r} is not an action", "unknown-action")

    def _ends_text(self) -> str:
        if self.layout.is_empty:
            return "none (the layout is empty)"
        return ", ".join(
            f"{end}={value}" for end, value in zip(self.layout.ends, self.layout.values, strict=True)
        )

    # --- the end of the hand -------------------------------------------------------

    def _finish(self, reason: str, out_seat: int | None) -> None:
        rules = self.rules
        pips = tuple(hand_pips(held) for held in self._hands)
        side_pips = tuple(sum(pips[seat] for seat in rules.seats_of(side)) for side in range(rules.sides))
        if out_seat is not None:
            winner_side: int | None = rules.side_of(out_seat)
            winner_seat: int | None = out_seat
            scoring = rules.out_scoring
        else:
            winner_side = self._blocked_winner(side_pips)
            winner_seat = None if winner_side is None else self._lowest_seat_of(winner_side, pips)
            scoring = rules.blocked_scoring
        points = [0] * rules.sides
        if winner_side is not None:
            points[winner_side] = _score(scoring, winner_side, side_pips)
        self.result = HandResult(
            reason=reason,
            winner_side=winner_side,
            winner_seat=winner_seat,
            pips=pips,
            side_pips=side_pips,
            points=tuple(points),
            hands=tuple(tuple(held) for held in self._hands),
            partnerships=rules.partnerships,
        )

    def _blocked_winner(self, side_pips: tuple[int, ...]) -> int | None:
        assert self.rules.blocked_winner is BlockedWinner.LOWEST_SIDE
        lowest = min(side_pips)
        sides = [side for side, pips in enumerate(side_pips) if pips == lowest]
        return sides[0] if len(sides) == 1 else None

    def _lowest_seat_of(self, side: int, pips: tuple[int, ...]) -> int:
        seats = self.rules.seats_of(side)
        return min(seats, key=lambda seat: (pips[seat], self._distance_from_opener(seat)))

    def _distance_from_opener(self, seat: int) -> int:
        distance, current = 0, self.opening.seat
        while current != seat:
            current = self.rules.next_seat(current)
            distance += 1
        return distance


def _score(scoring: HandScoring, winner_side: int, side_pips: tuple[int, ...]) -> int:
    assert scoring is HandScoring.OPPONENTS_PIPS
    return sum(pips for side, pips in enumerate(side_pips) if side != winner_side)
