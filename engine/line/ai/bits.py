"""The play-out core for line games: a hand on integer bit masks, played out in one loop.

Most games lay their tiles in one line with two open ends (no spinner: :func:`serves`).
There a hand fits in a few ints, and search, which plays thousands of hands per decision,
plays them out here rather than on :class:`~engine.line.ai.fast.FastHand` (which it keeps for
the games with a spinner).

- **Tiles** have *local ids* ``0 .. n-1`` per rule set, heaviest first by the play-out's
  preference (:attr:`TileTable.key <engine.line.ai.fast.TileTable.key>`: heavier first, a double
  before a tile of equal weight), so a hand's heaviest tile is its lowest set bit.
- **Hands** are int bit masks over local ids (bit ``l``: the seat holds tile ``l``); the
  boneyard is a list of local ids, the last drawn first.
- **Suits**: ``suit[v]`` is the mask of the tiles showing the number ``v``, so the tiles a
  seat can lay are ``hand & (suit[x] | suit[y])``, ``x`` and ``y`` being the numbers showing.
- **Ends** are those two small ints, at the *first* and the *second* open end in the
  engine's order of ends (a tile laid on the first end makes the newest end, which comes
  second). The step-by-step methods also keep each end's code (``placement * 4 + side``) to
  speak the move ints of :mod:`engine.line.ai.fast`; the play-out loops do without.
- **Ties**: a ``FastHand`` keeps each hand as a list, and its policies break ties between
  equally heavy tiles, and number their random choices, in that order (for guessed hands,
  the order the sampler dealt them). ``rank[l]`` is tile ``l``'s place in its holder's list
  (a tile still in the boneyard comes after every dealt one, in drawing order), so a play-out
  here makes the very moves, and draws the very random numbers, of search's play-out on a
  ``FastHand``. A hand this module deals itself (:meth:`LineHand.deal`, for benchmarks and
  tests) lists each hand heaviest first instead and needs no ranks (``rank`` is ``None``).
- **Tables** (:class:`~engine.line.ai.bits_table.PlayoutTable`, one per rule set) hold the rest: tile values and pips by
  local id, ``pair`` (the one tile fitting both of two different numbers), ties, the pips of
  ten tiles at a time, the seats' order and sides, and the rules as flags.

Moves are the ints of :mod:`engine.line.ai.fast` (global tile ids: indices into ``rules.tiles``).
:meth:`LineHand.moves` and :meth:`LineHand.apply` play step by step; :meth:`LineHand.play_out`
finishes the hand as a :class:`Policy` plays it, in a loop over local variables: a lean one
when every seat is greedy and nothing more can be drawn or scored during play (the block
games at the Hard level, or random play), a general one otherwise;
:meth:`LineHand.play_at_random` finishes it with a uniformly random play each turn (pure
Monte Carlo, and the random hands ``python build.py bench engine`` compares). Property tests
(``tests/engine/test_bits.py``) play random hands of every rule set this serves on the core,
on ``FastHand`` and on the engine in lockstep, and check move for move that play-outs make
``FastHand``'s moves and that the engine accepts each.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from itertools import repeat, starmap

from engine.line.ai.bits_table import outcome_of, playout_table, serves
from engine.line.ai.fast import (
    DRAW,
    PASS,
    FastHand,
    Outcome,
    lead_move,
    play_move,
    split_move,
    without_overdraw,
)
from engine.line.rules import PlayScoring, Rules
from engine.tiles import Tile

__all__ = ["EASY", "GREEDY", "WARY", "LineHand", "Policy", "state_for"]

_LEAD_BASE = -10
_NO_END = -1

GREEDY = 0
"""A seat that plays out greedily (:meth:`FastHand.greedy_move`)."""
EASY = 1
"""A seat that plays out as the Easy player: greedy, on the end leaving the highest number."""
WARY = 2
"""A seat that plays out warily (:func:`engine.line.ai.search.wary_move`)."""



@dataclass(frozen=True, slots=True)
class Policy:
    """How each seat plays a hand out: its kind of play (:data:`GREEDY`, :data:`EASY`,
    :data:`WARY`) and how often it lays a random tile instead."""

    modes: tuple[int, ...]
    rates: tuple[float, ...]
    watch: bool = field(init=False)
    """Whether some seat is not plain greedy: then passes and draws are noted (``lacks``)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "watch", any(self.modes))

    @classmethod
    def of(
        cls, rules: Rules, randomness: float, side: int = 0, wary: bool = False, easy: float | None = None
    ) -> Policy:
        """Search's play-out (see :class:`engine.line.ai.search.SearchBot`) for ``side``.

        The other side plays as Easy with randomness ``easy`` if given; ``side`` plays warily
        with ``wary``; everyone else greedily with ``randomness``. Wary play is greedy where it
        never applies: in the games that score during play, and when the next seat is a partner.
        """
        modes, rates = [], []
        for seat in range(rules.players):
            if rules.side_of(seat) != side and easy is not None:
                modes.append(EASY)
                rates.append(easy)
                continue
            partner_next = rules.side_of(rules.next_seat(seat)) == rules.side_of(seat)
            plain = not wary or partner_next or rules.play_scoring is not PlayScoring.NONE
            modes.append(GREEDY if plain else WARY)
            rates.append(randomness)
        return cls(tuple(modes), tuple(rates))


def state_for(fast: FastHand) -> FastHand | LineHand:
    """The quickest state that plays ``fast``'s hand: a :class:`LineHand` where it serves."""
    return LineHand.from_fast(fast) if serves(fast.rules) else fast


class LineHand:
    """A hand of a line game, on bit masks. See the module docstring.

    Build it with :meth:`from_fast` (from a :class:`FastHand`: a dealt hand or a view) or
    :meth:`deal`; :meth:`moves` and :meth:`apply` play step by step, as ``FastHand``'s do;
    :meth:`play_out` finishes the hand. ``outcome`` is set at the end.
    """

    __slots__ = (
        "boneyard",
        "cx",
        "cy",
        "drew",
        "dx",
        "dy",
        "hands",
        "laid",
        "last_drawn",
        "opening_tile",
        "outcome",
        "overdrew",
        "penalties",
        "play_points",
        "rank",
        "rules",
        "starter_choices",
        "t",
        "turn",
        "x",
        "y",
    )

    def __init__(self, rules: Rules) -> None:
        """An empty hand (no tiles anywhere, nothing laid); the constructors fill it in."""
        self.rules = rules
        self.t = playout_table(rules)
        self.hands = [0] * rules.players
        self.boneyard: list[int] = []
        self.rank: list[int] | None = None
        """Each tile's place in its holder's list (see the module docstring); ``None``: every
        hand is listed heaviest first, in local id order (the hands :meth:`deal` deals)."""
        self.turn = 0
        self.starter_choices: tuple[int, ...] = ()
        self.opening_tile = -1
        """The local id of the tile that must open the layout (-1: any tile)."""
        self.play_points = [0] * rules.sides
        self.penalties = [0] * rules.sides
        self.outcome: Outcome | None = None
        self.drew = False
        self.overdrew = False
        self.last_drawn = -1
        self.laid = 0
        self.x = self.y = -1
        """The numbers showing at the first and the second open end (-1: nothing laid)."""
        self.cx = self.cy = -1
        """The codes (``placement * 4 + side``) of the first and the second open end."""
        self.dx = self.dy = 0
        """Whether the tile at the first (second) end is a double: 1 or 0."""

    # --- building ---------------------------------------------------------------------

    @classmethod
    def from_fast(cls, fast: FastHand) -> LineHand:
        """The same position as ``fast`` (a line game's), with ``fast``'s order of each hand."""
        hand = cls(fast.rules)
        t = hand.t
        hand.rank = [0] * t.n
        for seat, held in enumerate(fast.hands):
            hand.hands[seat] = hand._deal_in(held)
        hand._deal_boneyard(fast.boneyard)
        hand.turn = fast.turn
        hand.starter_choices = fast.starter_choices
        hand.opening_tile = t.local_of[fast.opening_tile] if fast.opening_tile >= 0 else -1
        hand.play_points = list(fast.play_points)
        hand.penalties = list(fast.penalties)
        hand.outcome = fast.outcome
        hand.drew, hand.overdrew = fast.drew, fast.overdrew
        hand.last_drawn = t.local_of[fast.last_drawn] if fast.last_drawn >= 0 else -1
        hand.laid = fast.laid
        ends = fast.ends()
        if ends:
            (hand.cx, hand.cy), (hand.x, hand.y) = ends, fast.values()
            hand.dx, hand.dy = (int(fast.is_double_at(end)) for end in ends)
        return hand

    @classmethod
    def deal(cls, rules: Rules, rng: random.Random, starter: int = 0) -> LineHand:
        """A random deal (each tile sorted by a random number); ``starter`` opens with any tile.

        Each hand is listed heaviest first (ties between equally heavy tiles go to the lower
        local id), a drawn tile after them: as a ``FastHand`` whose lists were in that order.
        """
        t = playout_table(rules)
        hand = rules.derived(_blank_hand).copy()
        hand.rules = rules
        # Each tile's bit, sorted by a random number drawn for it as the sort asks for its key.
        bits = sorted(t.bits, key=partial(next, starmap(rng.random, repeat((), t.n))))
        hand.hands = [sum(bits[stretch]) for stretch in t.seat_slices]
        dealt = rules.players * rules.hand_size
        if dealt < t.n:  # a drawn tile goes to the end of the list, as in a FastHand
            hand.rank = list(range(t.n))
            hand._deal_boneyard([t.global_of[t.index[bit]] for bit in bits[dealt:]])
        hand.turn = starter
        return hand

    def with_hidden(self, hidden: Sequence[Sequence[int]], boneyard: Sequence[int], seat: int) -> LineHand:
        """A copy with the hands of every seat but ``seat`` and the boneyard replaced (global ids).

        As :meth:`FastHand.with_hidden`: search deals each guess of the hidden tiles into a copy.
        """
        other = self.copy()
        other.rank = list(range(self.t.n)) if self.rank is None else list(self.rank)
        for each, held in enumerate(hidden):
            if each != seat:
                other.hands[each] = other._deal_in(held)
        other._deal_boneyard(boneyard)
        return other

    def _deal_in(self, held: Sequence[int]) -> int:
        """The mask of a list of global ids, ranking them in that order."""
        mask, local_of, rank = 0, self.t.local_of, self.rank
        assert rank is not None
        for place, g in enumerate(held):
            local = local_of[g]
            mask |= 1 << local
            rank[local] = place
        return mask

    def _deal_boneyard(self, boneyard: Sequence[int]) -> None:
        """Fill the boneyard (global ids, the last drawn first): its tiles rank after any dealt one."""
        local_of, rank, n = self.t.local_of, self.rank, self.t.n
        assert rank is not None
        self.boneyard = [local_of[g] for g in boneyard]
        for place, local in enumerate(reversed(self.boneyard)):
            rank[local] = n + place

    def copy(self) -> LineHand:
        """An independent copy (the ranks are shared: no move changes them)."""
        other = LineHand.__new__(LineHand)
        other.rules = self.rules
        other.t = self.t
        other.hands = self.hands[:]
        other.boneyard = self.boneyard[:]
        other.rank = self.rank
        other.turn = self.turn
        other.starter_choices = self.starter_choices
        other.opening_tile = self.opening_tile
        other.play_points = self.play_points[:]
        other.penalties = self.penalties[:]
        other.outcome = self.outcome
        other.drew = self.drew
        other.overdrew = self.overdrew
        other.last_drawn = self.last_drawn
        other.laid = self.laid
        other.x, other.y, other.cx, other.cy, other.dx, other.dy = (
            self.x, self.y, self.cx, self.cy, self.dx, self.dy
        )  # fmt: skip
        return other

    # --- what the tests look at -------------------------------------------------------

    def ends(self) -> list[int]:
        """The open ends as ``placement * 4 + side`` codes, in the engine's order."""
        return [] if self.x < 0 else [self.cx, self.cy]

    def values(self) -> list[int]:
        """The number showing at each of :meth:`ends`."""
        return [] if self.x < 0 else [self.x, self.y]

    def tiles_of(self, seat: int) -> list[Tile]:
        """The tiles ``seat`` holds, sorted."""
        return sorted(self._locals(self.hands[seat], self.t.tiles))

    @staticmethod
    def _locals(mask: int, values: Sequence[Tile]) -> list[Tile]:
        return [values[local] for local in range(mask.bit_length()) if mask >> local & 1]

    # --- moves ------------------------------------------------------------------------

    def can_draw(self) -> bool:
        """Whether the rules let a stuck player draw now."""
        return len(self.boneyard) > self.t.reserve

    def _in_order(self, mask: int) -> list[int]:
        """The local ids of ``mask`` in their holder's order."""
        index, tiles = self.t.index, []
        while mask:
            bit = mask & -mask
            tiles.append(index[bit])
            mask ^= bit
        if len(tiles) > 1 and self.rank is not None:
            tiles.sort(key=self.rank.__getitem__)
        return tiles

    def moves(self) -> list[int]:
        """The legal moves of the player to move, in ``FastHand``'s order (empty once over)."""
        if self.outcome is not None:
            return []
        if self.starter_choices:
            return [lead_move(seat) for seat in self.starter_choices]
        t = self.t
        held = self.hands[self.turn]
        if self.x < 0:
            if self.opening_tile >= 0:
                return [play_move(t.global_of[self.opening_tile], _NO_END)]
            return [play_move(t.global_of[local], _NO_END) for local in self._in_order(held)]
        one_draw_taken = self.drew and t.one_per_turn
        if one_draw_taken:
            held = 1 << self.last_drawn if self.last_drawn >= 0 else 0
        sx, sy = t.suit[self.x], t.suit[self.y]
        plays = []
        for local in self._in_order(held & (sx | sy)):
            g = t.global_of[local]
            if sx >> local & 1:
                plays.append(play_move(g, self.cx))
            if sy >> local & 1:
                plays.append(play_move(g, self.cy))
        if plays:
            if t.overdraw and self.can_draw():
                plays.append(DRAW)
            return plays
        if one_draw_taken:
            return [PASS]
        return [DRAW] if self.can_draw() else [PASS]

    def plays(self) -> list[int]:
        """The moves search considers: as :meth:`moves`, without the costly overdraw."""
        return without_overdraw(self.moves())

    def apply(self, move: int) -> None:
        """Play a legal move for the player to move (unchecked)."""
        if move == PASS:
            self._next_turn()
        elif move == DRAW:
            self._draw()
        elif move <= _LEAD_BASE:
            self.turn = _LEAD_BASE - move
            self.starter_choices = ()
        else:
            g, end = split_move(move)
            self._play(self.t.local_of[g], end)

    def _play(self, local: int, end: int) -> None:
        t, seat = self.t, self.turn
        self.hands[seat] ^= 1 << local
        self._lay(local, end)
        self.opening_tile = -1
        if t.scoring:
            self.play_points[t.side_of[seat]] += t.points(self.end_count())
        if not self.hands[seat] and (t.out_one or not any(self.hands[other] for other in t.partners[seat])):
            self._finish("out", seat)
        else:
            self._next_turn()

    def _open(self, local: int) -> None:
        """Open the layout with a tile (local id): :meth:`_play`'s work, done quicker."""
        t, seat, hands = self.t, self.turn, self.hands
        hands[seat] ^= 1 << local
        self.x, self.y = t.high[local], t.low[local]  # east shows the high number, west the low one
        self.cx, self.cy, self.dx, self.dy = 0, 1, t.double[local], t.double[local]
        self.laid, self.opening_tile = 1, -1
        if t.scoring:
            self.play_points[t.side_of[seat]] += t.points(t.pips[local])
        if not hands[seat] and (t.out_one or not any(hands[other] for other in t.partners[seat])):
            self._finish("out", seat)
        else:
            self._next_turn()

    def _lay(self, local: int, end: int) -> None:
        t = self.t
        double = t.double[local]
        if end == _NO_END:
            self.x, self.y = t.high[local], t.low[local]
            self.cx, self.cy, self.dx, self.dy = 0, 1, double, double
        elif end == self.cx:
            code = self.laid * 4 + (self.cx & 3)
            self.x, self.y, self.cx, self.cy = self.y, t.pips[local] - self.x, self.cy, code
            self.dx, self.dy = self.dy, double
        else:
            self.y, self.cy, self.dy = t.pips[local] - self.y, self.laid * 4 + (self.cy & 3), double
        self.laid += 1

    def end_count(self) -> int:
        """The sum of the open ends as the fives games count it (a double at an end counts twice)."""
        if self.laid == 1:  # a lone tile: its pips, a double's counted once
            return self.x + self.y
        return (self.x << self.dx) + (self.y << self.dy)

    def _draw(self) -> None:
        t, seat = self.t, self.turn
        if t.overdraw and not self.overdrew and self.hands[seat] & (t.suit[self.x] | t.suit[self.y]):
            self.overdrew = True
            self.penalties[t.side_of[seat]] += t.overdraw
        local = self.boneyard.pop()
        self.hands[seat] |= 1 << local
        self.last_drawn = local
        self.drew = True
        if self._should_end():
            self._finish("blocked", -1)
        elif t.ends_turn:
            self._next_turn()

    def _next_turn(self) -> None:
        t = self.t
        seat = t.next_seat[self.turn]
        while not self.hands[seat]:
            seat = t.next_seat[seat]
        self.turn = seat
        self.drew = self.overdrew = False
        if self._should_end():
            self._finish("blocked", -1)

    def _should_end(self) -> bool:
        if self.can_draw():
            return False
        t = self.t
        fits = t.suit[self.x] | t.suit[self.y]
        if t.stuck_ends and not self.hands[self.turn] & fits:
            return True
        held = 0
        for mask in self.hands:
            held |= mask
        return not held & fits

    def _finish(self, reason: str, winning_seat: int) -> None:
        self.outcome = outcome_of(self.t, self.hands, self.play_points, self.penalties, reason, winning_seat)

    # --- the play-out -----------------------------------------------------------------

    def play_out(
        self,
        rand: Callable[[], float],
        policy: Policy,
        lacks: list[int] | None = None,
        trace: list[int] | None = None,
    ) -> Outcome:
        """Finish the hand as ``policy`` plays it, drawing random numbers from ``rand``
        (e.g. ``rng.random``); the :class:`Outcome`.

        The moves, and the random numbers drawn, are those of search's play-out on a
        ``FastHand`` (:func:`engine.line.ai.search.play_out_fast`) with ``rng``. ``lacks`` is, per
        seat, a mask of the numbers it is known to lack, for wary seats; it grows as seats
        pass or draw. With ``trace``, each move is appended to it: a pass, a draw or a lead
        as its move int, a play as ``local << 1 | position`` (position 0: the first end, or
        the opening; see :meth:`traced_move`). The ends' codes are not kept up to date:
        once played out, only the outcome, the hands and the points are to be read.
        """
        while self.outcome is None and self.x < 0:
            rate = policy.rates[self.turn]
            if self.starter_choices:
                move = self._lead_choice(rand, rate)
                if trace is not None:
                    trace.append(move)
                self.apply(move)
            else:
                local = self._opening_choice(rand, rate)
                if trace is not None:
                    trace.append(local << 1)
                self._open(local)
        if self.outcome is not None:
            return self.outcome
        t = self.t
        if not (policy.watch or t.scoring or t.stuck_ends) and len(self.boneyard) <= t.reserve:
            return self._plain_loop(rand, policy.rates, trace)
        if lacks is None:
            lacks = [0] * self.rules.players
        return self._loop(rand, policy, lacks, trace)

    def play_at_random(self, rand: Callable[[], float], trace: list[int] | None = None) -> Outcome:
        """Finish the hand with a uniformly random play each turn (a pass when there is none),
        drawing random numbers from ``rand``; the :class:`Outcome`.

        Pure Monte Carlo: the plays are counted once per end a tile fits, as the engine lists
        them, and each is as likely (a number is drawn only when there are two or more). The opening is :meth:`play_out`'s at randomness 1. In
        the games where players draw, score during play or a stuck player ends the hand, it
        plays as :meth:`play_out` with randomness 1 does (a uniformly random play too, and a
        draw only when nothing fits). ``trace`` is as :meth:`play_out`'s.
        """
        t = self.t
        if t.scoring or t.stuck_ends or len(self.boneyard) > t.reserve:
            return self.play_out(rand, Policy.of(self.rules, 1.0), None, trace)
        while self.outcome is None and self.x < 0:
            if self.starter_choices:
                move = self._lead_choice(rand, 1.0)
                if trace is not None:
                    trace.append(move)
                self.apply(move)
            else:
                local = self._opening_choice(rand, 1.0)
                if trace is not None:
                    trace.append(local << 1)
                self._open(local)
        if self.outcome is not None:
            return self.outcome
        suit, pips, index, next_seat, partners, out_one = (
            t.suit, t.pips, t.index, t.next_seat, t.partners, t.out_one
        )  # fmt: skip
        hands = self.hands
        x, y, turn = self.x, self.y, self.turn
        held = 0
        for mask in hands:
            held |= mask
        sx, sy = suit[x], suit[y]
        while True:
            mine = hands[turn]
            on_x, on_y = mine & sx, mine & sy
            if on_x or on_y:
                count_x = on_x.bit_count()
                count = count_x + on_y.bit_count()
                pick = int(rand() * count) if count > 1 else 0
                if pick < count_x:
                    fit, position = on_x, 0
                else:
                    fit, position, pick = on_y, 1, pick - count_x
                while pick:  # the pick-th tile in bit order
                    fit &= fit - 1
                    pick -= 1
                bit = fit & -fit
                local = index[bit]
                if trace is not None:
                    trace.append(local << 1 | position)
                mine ^= bit
                hands[turn] = mine
                held ^= bit
                if position:
                    y = pips[local] - y
                    sy = suit[y]
                else:
                    x, y = y, pips[local] - x
                    sx, sy = sy, suit[y]
                if not mine and (out_one or not any(hands[other] for other in partners[turn])):
                    self.x, self.y, self.turn = x, y, turn
                    self.outcome = outcome_of(t, hands, self.play_points, self.penalties, "out", turn)
                    return self.outcome
            elif trace is not None:
                trace.append(PASS)
            turn = next_seat[turn]
            while not hands[turn]:  # a player who is out, waiting for a partner
                turn = next_seat[turn]
            if not held & (sx | sy):
                self.x, self.y, self.turn = x, y, turn
                self.outcome = outcome_of(t, hands, self.play_points, self.penalties, "blocked", -1)
                return self.outcome

    def traced_move(self, step: int) -> int:
        """The move int of an entry of a :meth:`play_out` trace, in this (step-by-step) position."""
        if step < 0:
            return step
        local, position = step >> 1, step & 1
        if self.x < 0:
            return play_move(self.t.global_of[local], _NO_END)
        return play_move(self.t.global_of[local], self.cy if position else self.cx)

    def _lead_choice(self, rand: Callable[[], float], rate: float) -> int:
        """``FastHand.greedy_move`` choosing who leads: the first choice, or at random."""
        choices = self.starter_choices
        explore = rand() < rate
        if explore and len(choices) > 1:
            return lead_move(choices[int(rand() * len(choices))])
        return lead_move(choices[0])

    def _opening_choice(self, rand: Callable[[], float], rate: float) -> int:
        """``FastHand.greedy_move`` opening the layout: the tile (local id).

        The heaviest (where points are scored during play, the best scoring, then the
        heaviest), the first in list order among equals; or a random one.
        """
        t = self.t
        explore = rand() < rate
        if self.opening_tile >= 0:
            return self.opening_tile
        held = self.hands[self.turn]
        if not held & (held - 1):
            return t.index[held]
        if explore:
            if self.rank is None:  # the k-th bit
                for _ in range(int(rand() * held.bit_count())):
                    held &= held - 1
                return t.index[held & -held]
            tiles = self._in_order(held)
            return tiles[int(rand() * len(tiles))]
        if t.scoring:
            best, best_points = -1, -1
            for local in self._in_order(held):
                points = t.points(t.pips[local])
                if points > best_points or (points == best_points and t.key[local] > t.key[best]):
                    best, best_points = local, points
            return best
        bit = held & -held
        local = t.index[bit]
        if self.rank is not None and held & t.tie[local]:
            local = _first_ranked(held & (t.tie[local] | bit), self.rank, t.index)
        return local

    def _plain_loop(
        self, rand: Callable[[], float], rates: Sequence[float], trace: list[int] | None
    ) -> Outcome:
        """The play-out where every seat is greedy and nothing more is drawn or scored during play
        (and a stuck player does not end the hand).

        The common case (the block games at the Hard level, or played at random), in a loop
        leaner than :meth:`_loop`'s, with which it agrees move for move.
        """
        t = self.t
        suit, pips, index, tie, next_seat, partners, out_one, pair, width = (
            t.suit, t.pips, t.index, t.tie, t.next_seat, t.partners, t.out_one, t.pair, t.width
        )  # fmt: skip
        hands, rank = self.hands, self.rank
        x, y, turn = self.x, self.y, self.turn
        held = 0
        for mask in hands:
            held |= mask
        fits = suit[x] | suit[y]
        while True:
            fit = hands[turn] & fits
            if fit:
                if rand() < rates[turn]:  # a random play
                    if rank is None and x != y and not fit & pair[x * width + y]:
                        # (_explore's common case, inline) a play per tile, in bit order
                        count = fit.bit_count()
                        if count > 1:
                            pick = int(rand() * count)
                            while pick:
                                fit &= fit - 1
                                pick -= 1
                        bit = fit & -fit
                        local = index[bit]
                        position = 0 if suit[x] & bit else 1
                    elif rank is None and x == y:
                        # (_explore's next case, inline) two plays per tile, one on each end
                        pick = int(rand() * 2 * fit.bit_count())
                        position = pick & 1
                        pick >>= 1
                        while pick:
                            fit &= fit - 1
                            pick -= 1
                        bit = fit & -fit
                        local = index[bit]
                    elif rank is None:
                        # (_explore's last case, inline) the tile x-y makes two plays, the rest one
                        sx, sy = suit[x], suit[y]
                        pick = int(rand() * (fit.bit_count() + 1))
                        while True:
                            bit = fit & -fit
                            if sx & bit:
                                if not pick:
                                    position = 0
                                    break
                                pick -= 1
                            if sy & bit:
                                if not pick:
                                    position = 1
                                    break
                                pick -= 1
                            fit ^= bit
                        local = index[bit]
                    else:
                        local, position = _explore(fit, suit[x], suit[y], rank, index, rand)
                        bit = 1 << local
                else:  # the heaviest tile (the lowest bit), on the first end it fits
                    bit = fit & -fit
                    local = index[bit]
                    if rank is not None and fit & tie[local]:
                        local = _first_ranked(fit & (tie[local] | bit), rank, index)
                        bit = 1 << local
                    position = 0 if suit[x] & bit else 1
                if trace is not None:
                    trace.append(local << 1 | position)
                mine = hands[turn] ^ bit
                hands[turn] = mine
                held ^= bit
                if position:
                    y = pips[local] - y
                else:
                    x, y = y, pips[local] - x
                fits = suit[x] | suit[y]
                if not mine and (out_one or not any(hands[other] for other in partners[turn])):
                    self.x, self.y, self.turn = x, y, turn
                    self.outcome = outcome_of(t, hands, self.play_points, self.penalties, "out", turn)
                    return self.outcome
            else:
                rand()  # the greedy player's number, drawn before it finds nothing to lay
                if trace is not None:
                    trace.append(PASS)
            turn = next_seat[turn]
            while not hands[turn]:  # a player who is out, waiting for a partner
                turn = next_seat[turn]
            if not held & fits:
                self.x, self.y, self.turn = x, y, turn
                self.outcome = outcome_of(t, hands, self.play_points, self.penalties, "blocked", -1)
                return self.outcome

    def _loop(
        self, rand: Callable[[], float], policy: Policy, lacks: list[int], trace: list[int] | None
    ) -> Outcome:
        """The general play-out loop, on local variables: a turn per round (a draw is a round).

        Each seat chooses as :meth:`FastHand.greedy_move`, ``on_highest_end`` (Easy) and
        :func:`engine.line.ai.search.wary_move` would, drawing the same random numbers. It never
        overdraws (no policy does), so it skips the overdraw penalty.
        """
        t = self.t
        (
            suit, pips, index, tie, double, next_seat, side_of, partners,
            out_one, scoring, scores, reserve, one_per_turn, ends_turn, stuck_ends,
        ) = t.hot  # fmt: skip
        modes, rates, watch, pair, width = policy.modes, policy.rates, policy.watch, t.pair, t.width
        hands, boneyard, rank, play_points = self.hands, self.boneyard, self.rank, self.play_points
        if rank is None:
            tie = t.no_tie
        x, y, dx, dy, turn = self.x, self.y, self.dx, self.dy, self.turn
        held = 0
        for mask in hands:
            held |= mask
        fits = suit[x] | suit[y]
        spare = len(boneyard) - reserve
        """How many more tiles may be drawn."""
        # After a draw in the one-per-turn game only the drawn tile may be laid: ``only`` masks it.
        only = (1 << self.last_drawn if self.last_drawn >= 0 else 0) if self.drew and one_per_turn else -1
        reason, winner = "blocked", -1
        while True:
            fit = hands[turn] & fits
            if only >= 0:
                fit &= only
            mode = modes[turn]
            if fit:
                local = -1
                if mode == WARY and only < 0 and lacks[next_seat[turn]]:
                    if rand() < rates[turn]:  # the wary player's own number: play greedily
                        explore = rand() < rates[turn]
                    else:
                        local, position = _wary(
                            fit, x, y, suit, lacks[next_seat[turn]], pips, tie, rank, index
                        )
                        explore = local < 0 and rand() < 0.0  # no wary play: the greedy one still draws
                else:
                    explore = rand() < rates[turn]
                if local >= 0:
                    bit = 1 << local
                elif not explore:
                    if scoring:
                        local, position = _scoring(
                            fit, x, y, dx, dy, suit, pips, double, tie, rank, index, scores
                        )
                        bit = 1 << local
                    else:  # the heaviest tile (the lowest bit), on the first end it fits
                        bit = fit & -fit
                        local = index[bit]
                        if rank is not None and fit & tie[local]:
                            local = _first_ranked(fit & (tie[local] | bit), rank, index)
                            bit = 1 << local
                        position = 0 if suit[x] & bit else 1
                elif rank is None and x != y and not fit & pair[x * width + y]:  # as in _plain_loop, inline
                    count = fit.bit_count()
                    if count > 1:
                        pick = int(rand() * count)
                        while pick:
                            fit &= fit - 1
                            pick -= 1
                    bit = fit & -fit
                    local = index[bit]
                    position = 0 if suit[x] & bit else 1
                else:
                    local, position = _explore(fit, suit[x], suit[y], rank, index, rand)
                    bit = 1 << local
                if mode == EASY and not scoring and suit[y] & bit and suit[x] & bit:
                    position = 1 if y < x else 0  # the end leaving the higher number (the first if equal)
                if trace is not None:
                    trace.append(local << 1 | position)
                mine = hands[turn] ^ bit
                hands[turn] = mine
                held ^= bit
                if position:
                    y = pips[local] - y
                    if scoring:
                        dy = double[local]
                else:
                    x, y = y, pips[local] - x
                    if scoring:
                        dx, dy = dy, double[local]
                fits = suit[x] | suit[y]
                if scoring:
                    count = (x << dx) + (y << dy)
                    play_points[side_of[turn]] += scores[count]
                if not mine and (out_one or not any(hands[other] for other in partners[turn])):
                    reason, winner = "out", turn
                    break
            else:  # nothing to lay: draw if the rules let us, else pass
                rand()
                if mode == WARY and only < 0 and lacks[next_seat[turn]]:
                    rand()  # a wary player draws its own number first
                if watch:
                    lacks[turn] |= (1 << x) | (1 << y)
                if only < 0 and spare > 0:
                    if trace is not None:
                        trace.append(DRAW)
                    spare -= 1
                    bit = 1 << boneyard.pop()
                    hands[turn] |= bit
                    held |= bit
                    if spare <= 0 and ((stuck_ends and not hands[turn] & fits) or not held & fits):
                        break
                    if one_per_turn:
                        only = bit
                        continue
                    if not ends_turn:
                        continue
                elif trace is not None:
                    trace.append(PASS)
            turn = next_seat[turn]
            while not hands[turn]:  # a player who is out, waiting for a partner
                turn = next_seat[turn]
            only = -1
            if spare <= 0 and ((stuck_ends and not hands[turn] & fits) or not held & fits):
                break
        self.x, self.y, self.dx, self.dy, self.turn = x, y, dx, dy, turn
        self.outcome = outcome_of(t, hands, play_points, self.penalties, reason, winner)
        return self.outcome


def _first_ranked(mask: int, rank: list[int], index: dict[int, int]) -> int:
    """The tile of ``mask`` that comes first in its holder's list."""
    best, best_rank = -1, -1
    while mask:
        bit = mask & -mask
        local = index[bit]
        if best < 0 or rank[local] < best_rank:
            best, best_rank = local, rank[local]
        mask ^= bit
    return best


def _explore(
    fit: int, sx: int, sy: int, rank: list[int] | None, index: dict[int, int], rand: Callable[[], float]
) -> tuple[int, int]:
    """A random play, as ``FastHand.greedy_move`` picks one: from the plays in list order
    (each tile on the first end, then on the second), drawing a number if there are two or more."""
    both = fit & sx & sy
    count = fit.bit_count() + both.bit_count()
    if count == 1:
        return index[fit], 0 if sx & fit else 1
    pick = int(rand() * count)
    tiles = []
    while fit:
        bit = fit & -fit
        tiles.append(index[bit])
        fit ^= bit
    if rank is not None:
        tiles.sort(key=rank.__getitem__)
    if not both:  # one play per tile
        local = tiles[pick]
        return local, 0 if sx >> local & 1 else 1
    if sx == sy:  # two per tile
        return tiles[pick >> 1], pick & 1
    for local in tiles:
        if sx >> local & 1:
            if not pick:
                return local, 0
            pick -= 1
        if sy >> local & 1:
            if not pick:
                return local, 1
            pick -= 1
    raise AssertionError("the pick is one of the plays")  # pragma: no cover


def _scoring(
    fit: int,
    x: int,
    y: int,
    dx: int,
    dy: int,
    suit: list[int],
    pips: list[int],
    double: list[int],
    tie: list[int],
    rank: list[int] | None,
    index: dict[int, int],
    scores: tuple[int, ...],
) -> tuple[int, int]:
    """The play that scores most, then the heaviest, then the first in list order and on the first end."""
    best, best_position, best_points = -1, -1, -1
    sx, sy = suit[x], suit[y]
    while fit:
        bit = fit & -fit
        local = index[bit]
        fit ^= bit
        for position in (0, 1):
            if not (sy if position else sx) & bit:
                continue
            if position:
                count = (x << dx) + ((pips[local] - y) << double[local])
            else:
                count = (y << dy) + ((pips[local] - x) << double[local])
            points = scores[count]
            if points > best_points or (
                points == best_points and tie[best] >> local & 1 and rank and rank[local] < rank[best]
            ):
                best, best_position, best_points = local, position, points
    return best, best_position


def _wary(
    fit: int,
    x: int,
    y: int,
    suit: list[int],
    known: int,
    pips: list[int],
    tie: list[int],
    rank: list[int] | None,
    index: dict[int, int],
) -> tuple[int, int]:
    """The heaviest play after which every number showing is one the next seat lacks (-1: none).

    Ties go to the first tile in list order, and a tile goes on the first end that will do.
    """
    best, best_position = -1, -1
    sx, sy = suit[x], suit[y]
    while fit:
        bit = fit & -fit
        local = index[bit]
        fit ^= bit
        if best >= 0 and not tie[best] >> local & 1:
            break  # lighter than the one found
        if best >= 0 and rank and rank[local] > rank[best]:
            continue
        if sx & bit and not ((1 << (pips[local] - x)) | (1 << y)) & ~known:
            best, best_position = local, 0
        elif sy & bit and not ((1 << x) | (1 << (pips[local] - y))) & ~known:
            best, best_position = local, 1
    return best, best_position


def _blank_hand(rules: Rules) -> LineHand:
    """An empty hand of ``rules``, to copy (quicker than building one); kept with the rules."""
    return LineHand(rules)
