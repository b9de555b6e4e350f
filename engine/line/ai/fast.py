"""A compact copy of a hand for search: the same rules as :class:`engine.line.hand.Hand`, fast.

Search plays thousands of hands per decision, so this state keeps plain ints and lists:
tiles are indices into ``rules.tiles``; an open end is the int ``placement * 4 + side``
(sides E, W, N, S = 0, 1, 2, 3, so sorting the ints gives the engine's order of ends);
moves are ints (see :data:`PASS`, :data:`DRAW`, :func:`lead_move`, :func:`play_move`).

What it leaves out is what search does not need: the event history, the hand result's
descriptive fields, and manual scoring (a scoring play is credited at once, as it is
when every player calls their own scores, which bots always do). A property test
(``tests/engine/test_fast.py``) plays random hands of every variant on both and checks
that the legal moves, the turn and the outcome agree at every step.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from typing import NamedTuple, Protocol

from engine.line.actions import Action, Draw, Lead, Pass, Play
from engine.line.events import Claimed, Drew, Led, Passed, Penalized, Played, Scored
from engine.line.hand import Hand
from engine.line.layout import End, Layout, Side, SpinnerRule
from engine.line.rules import BlockedWinner, DrawRule, OutRule, PlayScoring, Rules
from engine.line.scoring import hand_award, points_by_count
from engine.line.view import PlayerView
from engine.tiles import Tile

__all__ = [
    "DRAW",
    "PASS",
    "FastHand",
    "Outcome",
    "RandomSource",
    "TileTable",
    "action_of",
    "lead_move",
    "move_of",
    "play_move",
    "split_move",
    "without_overdraw",
]


class RandomSource(Protocol):
    """Where a play-out draws its random numbers: a :class:`random.Random`, or anything with
    its ``random()``."""

    def random(self) -> float:
        """The next number in [0, 1)."""
        ...


PASS = -1
"""The move "pass"."""
DRAW = -2
"""The move "draw a tile"."""
_LEAD_BASE = -10
_NO_END = -1
_SIDES = (Side.EAST, Side.WEST, Side.NORTH, Side.SOUTH)
_SIDE_INDEX = {side: index for index, side in enumerate(_SIDES)}
_CROSSWISE = {0: (2, 3), 1: (2, 3), 2: (0, 1), 3: (0, 1)}
_END_SHIFT = 12
"""A play move is ``tile << 12 | (end + 1)``: end codes stay below 4095."""


def lead_move(seat: int) -> int:
    """The move "the winning side lets ``seat`` lead"."""
    return _LEAD_BASE - seat


def play_move(tile: int, end: int) -> int:
    """The move "lay tile ``tile`` on end ``end``" (``end`` -1 opens the layout)."""
    return (tile << _END_SHIFT) | (end + 1)


class TileTable:
    """The tiles of a rule set as parallel lists, indexed by tile id (the order of ``rules.tiles``)."""

    def __init__(self, rules: Rules) -> None:
        """Tabulate the tiles of ``rules``."""
        self.tiles: tuple[Tile, ...] = rules.tiles
        self.index: dict[Tile, int] = {tile: i for i, tile in enumerate(self.tiles)}
        self.low = [tile.low for tile in self.tiles]
        self.high = [tile.high for tile in self.tiles]
        self.pips = [tile.pips for tile in self.tiles]
        self.double = [tile.is_double for tile in self.tiles]
        self.mask = [(1 << tile.low) | (1 << tile.high) for tile in self.tiles]
        self.key = [2 * tile.pips + tile.is_double for tile in self.tiles]
        """The playout policy's preference: heavier first, a double before a tile of equal weight."""
        self.scores = points_by_count(rules)
        """What a play scores by the count of the open ends after it."""


def _table(rules: Rules) -> TileTable:
    return rules.derived(TileTable)


def move_of(action: Action, table: TileTable) -> int:
    """The move int of an engine action (not a claim)."""
    if isinstance(action, Play):
        end = _NO_END if action.end is None else action.end.placement * 4 + _SIDE_INDEX[action.end.side]
        return play_move(table.index[action.tile], end)
    if isinstance(action, Draw):
        return DRAW
    if isinstance(action, Pass):
        return PASS
    if isinstance(action, Lead):
        return lead_move(action.seat)
    raise ValueError(f"{action} has no move in a search")


def without_overdraw(moves: list[int]) -> list[int]:
    """``moves`` without a draw offered beside plays (an overdraw is never worth its cost)."""
    if len(moves) > 1 and moves[-1] == DRAW:
        moves.pop()
    return moves


def split_move(move: int) -> tuple[int, int]:
    """A play move's tile id and end (-1: it opens the layout)."""
    return move >> _END_SHIFT, (move & ((1 << _END_SHIFT) - 1)) - 1


def action_of(move: int, table: TileTable) -> Action:
    """The engine action of a move int."""
    if move == PASS:
        return Pass()
    if move == DRAW:
        return Draw()
    if move <= _LEAD_BASE:
        return Lead(_LEAD_BASE - move)
    tile, end = split_move(move)
    return Play(table.tiles[tile], None if end < 0 else End(end >> 2, _SIDES[end & 3]))


class Outcome(NamedTuple):
    """How a finished hand came out: the winning side (``None``: a tie) and each side's net points.

    ``points`` counts the end-of-hand award, the points scored during play, less penalties.
    (A named tuple: search makes one per play-out, and a tuple is quicker to make than a
    frozen dataclass.)
    """

    winner_side: int | None
    points: tuple[int, ...]
    reason: str


class FastHand:
    """A hand in progress, in a form that is quick to copy and to play on.

    Build it with :meth:`from_hand` (a full deal) or :meth:`from_view` (one seat's view plus
    a guess at the hidden tiles). :meth:`moves` lists the legal moves, :meth:`apply` plays
    one (unchecked), :meth:`copy` makes an independent copy; ``outcome`` is set at the end.
    """

    __slots__ = (
        "_cross",
        "_drew",
        "_last_drawn",
        "_open",
        "_overdrew",
        "_p_covered",
        "_p_double",
        "_p_outer",
        "_p_side",
        "_p_spinner",
        "_root_inner",
        "_vals",
        "boneyard",
        "hands",
        "opening_tile",
        "outcome",
        "penalties",
        "play_points",
        "rules",
        "starter_choices",
        "t",
        "turn",
    )

    def __init__(self, rules: Rules) -> None:
        """An empty hand (no tiles anywhere); the constructors fill it in."""
        self.rules = rules
        self.t = _table(rules)
        self.hands: list[list[int]] = [[] for _ in range(rules.players)]
        self.boneyard: list[int] = []
        self.turn = 0
        self.starter_choices: tuple[int, ...] = ()
        """Non-empty while the winning side still has to choose who leads."""
        self.opening_tile = -1
        """The tile that must open the layout (-1: any tile)."""
        self.play_points = [0] * rules.sides
        self.penalties = [0] * rules.sides
        self.outcome: Outcome | None = None
        self._drew = False
        self._overdrew = False
        self._last_drawn = -1
        # The layout, per placement: the value facing away, the side it lies against, whether
        # it is a double or a spinner, and which of its sides are covered (bits E, W, N, S).
        self._p_outer: list[int] = []
        self._p_side: list[int] = []
        self._p_double: list[bool] = []
        self._p_spinner: list[bool] = []
        self._p_covered: list[int] = []
        self._root_inner = 0
        self._open: list[int] = []
        """Every open end in the engine's order; ``_vals`` holds the value showing at each."""
        self._vals: list[int] = []
        self._cross = False
        """The opening spinner's cross is not complete yet: only its own sides are open."""

    # --- building ---------------------------------------------------------------------

    @classmethod
    def from_hand(cls, hand: Hand) -> FastHand:
        """A copy of an engine hand (every tile known), for tests and for the arena."""
        fast = cls(hand.rules)
        t = fast.t
        fast.hands = [[t.index[tile] for tile in hand.hand_of(seat)] for seat in range(hand.rules.players)]
        fast.boneyard = [t.index[tile] for tile in hand.boneyard()]
        fast._copy_public(hand.layout, hand.turn, hand.history, hand.play_points_by_side)
        fast._copy_turn(hand.legal_actions() if hand.result is None else ())
        return fast

    @classmethod
    def from_view(
        cls, view: PlayerView, hidden: Sequence[Sequence[Tile]], boneyard: Sequence[Tile]
    ) -> FastHand:
        """The hand as ``view``'s seat sees it, with ``hidden`` hands for the other seats.

        ``hidden[seat]`` is ignored for the view's own seat; ``boneyard[-1]`` is drawn first.
        The view's legal actions say whether the seat has already drawn this turn.
        """
        fast = cls(view.rules)
        t = fast.t
        for seat in range(view.rules.players):
            held = view.hand if seat == view.seat else hidden[seat]
            fast.hands[seat] = [t.index[tile] for tile in held]
        fast.boneyard = [t.index[tile] for tile in boneyard]
        played = [0] * view.rules.sides
        for event in view.history:
            if isinstance(event, Scored):
                played[view.rules.side_of(event.seat)] += event.points
        fast._copy_public(view.layout, view.turn, view.history, played)
        fast._copy_turn(view.legal_actions)
        return fast

    def with_hidden(self, hidden: Sequence[Sequence[int]], boneyard: Sequence[int], seat: int) -> FastHand:
        """A copy with the hands of every seat but ``seat`` and the boneyard replaced (tile ids).

        Search builds the public part of a position once (:meth:`from_view`) and deals
        each guess of the hidden tiles into a copy of it.
        """
        other = self.copy()
        for each, held in enumerate(hidden):
            if each != seat:
                other.hands[each] = list(held)
        other.boneyard = list(boneyard)
        return other

    def _copy_turn(self, legal: Sequence[Action]) -> None:
        """What the legal actions of the player to move say about the turn.

        A lead to choose, a tile that must open, and (one tile per turn) the tile just drawn.
        """
        leads = tuple(action.seat for action in legal if isinstance(action, Lead))
        if leads:
            self.starter_choices = leads
        elif not self._p_outer and len(legal) == 1 and isinstance(legal[0], Play):
            self.opening_tile = self.t.index[legal[0].tile]
        plays = {action.tile for action in legal if isinstance(action, Play)}
        if self._drew and self.rules.draw is DrawRule.ONE_PER_TURN and len(plays) == 1:
            self._last_drawn = self.t.index[next(iter(plays))]

    def _copy_public(
        self, layout: Layout, turn: int, history: Sequence[object], play_points: Sequence[int]
    ) -> None:
        for placement in layout.placements:
            tile = self.t.index[placement.tile]
            if placement.parent is None:
                self._lay(tile, _NO_END)
            else:
                self._lay(tile, placement.parent * 4 + _SIDE_INDEX[placement.side])
        self.turn = turn
        self.play_points = list(play_points)
        rules = self.rules
        for event in history:
            if isinstance(event, Penalized):
                self.penalties[rules.side_of(event.seat)] += event.points
        # What the player to move has done this turn: the events since the turn came to them.
        for event in reversed(history):
            if isinstance(event, Scored | Claimed):
                continue
            if getattr(event, "seat", None) != turn or isinstance(event, Played | Passed | Led):
                break
            if isinstance(event, Drew):
                self._drew = True
            elif isinstance(event, Penalized):
                self._overdrew = True

    def copy(self) -> FastHand:
        """An independent copy."""
        other = FastHand.__new__(FastHand)
        other.rules = self.rules
        other.t = self.t
        other.hands = [list(held) for held in self.hands]
        other.boneyard = list(self.boneyard)
        other.turn = self.turn
        other.starter_choices = self.starter_choices
        other.opening_tile = self.opening_tile
        other.play_points = list(self.play_points)
        other.penalties = list(self.penalties)
        other.outcome = self.outcome
        other._drew = self._drew
        other._overdrew = self._overdrew
        other._last_drawn = self._last_drawn
        other._p_outer = list(self._p_outer)
        other._p_side = list(self._p_side)
        other._p_double = list(self._p_double)
        other._p_spinner = list(self._p_spinner)
        other._p_covered = list(self._p_covered)
        other._root_inner = self._root_inner
        other._open = list(self._open)
        other._vals = list(self._vals)
        other._cross = self._cross
        return other

    def future_key(self) -> tuple[object, ...]:
        """What decides how the hand can go on from here, as a hashable value: the hands
        (as sets), the boneyard, the turn and what was drawn in it, the open ends and the
        layout's shape. Two hands with the same key play on alike (the points already
        scored are not in it): an exact solver keeps each position's answer under it."""
        return (
            tuple(tuple(sorted(held)) for held in self.hands),
            tuple(self.boneyard),
            self.turn,
            self.starter_choices,
            self.opening_tile,
            tuple(self._open),
            tuple(self._vals),
            tuple(self._p_covered),
            tuple(self._p_double),
            tuple(self._p_spinner),
            self._cross,
            self._drew,
            self._overdrew,
            self._last_drawn,
        )

    # --- the layout -------------------------------------------------------------------

    @property
    def laid(self) -> int:
        """How many tiles are on the table."""
        return len(self._p_outer)

    def ends(self) -> list[int]:
        """The open ends, as ``placement * 4 + side`` ints, in the engine's order.

        That is placement by placement, and on each its line sides before its crosswise ones.
        """
        if self._cross:  # only the opening spinner's sides, which lead the list
            return [end for end in self._open if end < 4]
        return self._open

    def values(self) -> list[int]:
        """The value showing at each of :meth:`ends`."""
        if self._cross:
            return [value for end, value in zip(self._open, self._vals, strict=True) if end < 4]
        return self._vals

    def value(self, end: int) -> int:
        """The number showing at an open end."""
        return self._vals[self._open.index(end)]

    def end_mask(self) -> int:
        """The values showing at the open ends, as a bit mask (bit v: some end shows v)."""
        mask = 0
        for value in self.values():
            mask |= 1 << value
        return mask

    def end_count(self) -> int:
        """The sum of the open ends as the fives games count it (see :func:`engine.line.layout.end_count`)."""
        total = 0
        counted = -1  # a double lying across the end of a line counts both halves, once
        for end, value in zip(self.ends(), self.values(), strict=True):
            placement = end >> 2
            if not self._p_double[placement]:
                total += value
            elif placement != counted and (end < 2 if placement == 0 else end & 3 == self._p_side[placement]):
                total += 2 * value
                counted = placement
        return total

    def _lay(self, tile: int, end: int) -> None:
        t, rule = self.t, self.rules.spinner
        index = len(self._p_outer)
        double = t.double[tile]
        if end == _NO_END:
            self._root_inner = t.low[tile]
            outer, side = t.high[tile], 0
            spinner = double and rule is not SpinnerRule.NONE
            self._cross = spinner and rule in (SpinnerRule.CROSS, SpinnerRule.EVERY_DOUBLE)
        else:
            side = end & 3
            position = self._open.index(end)
            inner = self._vals[position]
            outer = t.high[tile] if t.low[tile] == inner else t.low[tile]
            spinner = double and (
                rule is SpinnerRule.EVERY_DOUBLE
                or (rule is SpinnerRule.FIRST_DOUBLE and not any(self._p_spinner))
            )
            del self._open[position]
            del self._vals[position]
            parent = end >> 2
            covered = self._p_covered[parent] | (1 << side)
            self._p_covered[parent] = covered
            if parent == 0 and covered == 15:
                self._cross = False
            if self._p_spinner[parent] and rule is SpinnerRule.FIRST_DOUBLE:
                self._open_first_double(parent, covered)
        self._p_outer.append(outer)
        self._p_side.append(side)
        self._p_double.append(double)
        self._p_spinner.append(spinner)
        self._p_covered.append(0)
        across = spinner and rule is not SpinnerRule.FIRST_DOUBLE
        if end == _NO_END:  # the line (east shows the high value, west the low one), then across
            self._open.extend((0, 1, 2, 3) if across else (0, 1))
            self._vals.extend(
                (outer, self._root_inner, outer, outer) if across else (outer, self._root_inner)
            )
        else:
            self._open.append(index * 4 + side)
            self._vals.append(outer)
            if across:
                first, second = _CROSSWISE[side]
                self._open.extend((index * 4 + first, index * 4 + second))
                self._vals.extend((outer, outer))

    def _open_first_double(self, spinner: int, covered: int) -> None:
        """The first double's crosswise sides open once its line sides are covered."""
        line = 3 if spinner == 0 else 1 << self._p_side[spinner]
        if covered & line != line:
            return
        across = _CROSSWISE[0] if spinner == 0 else _CROSSWISE[self._p_side[spinner]]
        for side in across:
            code = spinner * 4 + side
            if not covered & (1 << side) and code not in self._open:
                position = bisect.bisect(self._open, code)
                self._open.insert(position, code)
                self._vals.insert(position, self._p_outer[spinner])

    # --- moves ------------------------------------------------------------------------

    @property
    def drew(self) -> bool:
        """Whether the player to move has drawn this turn."""
        return self._drew

    @property
    def overdrew(self) -> bool:
        """Whether the player to move has paid an overdraw penalty this turn."""
        return self._overdrew

    @property
    def last_drawn(self) -> int:
        """The tile drawn last (-1: none, or not known); it matters only while :attr:`drew`."""
        return self._last_drawn

    def is_double_at(self, end: int) -> bool:
        """Whether the tile at an open end is a double."""
        return self._p_double[end >> 2]

    @property
    def drawn_tile_only(self) -> bool:
        """Whether the player to move drew one tile this turn and may lay only that one."""
        return self._drew and self.rules.draw is DrawRule.ONE_PER_TURN

    def can_draw(self) -> bool:
        """Whether the rules let a stuck player draw now."""
        return self.rules.draw is not DrawRule.NONE and len(self.boneyard) > self.rules.boneyard_reserve

    def moves(self) -> list[int]:
        """The legal moves of the player to move (empty once the hand is over)."""
        if self.outcome is not None:
            return []
        if self.starter_choices:
            return [lead_move(seat) for seat in self.starter_choices]
        held = self.hands[self.turn]
        if not self._p_outer:
            if self.opening_tile >= 0:
                return [play_move(self.opening_tile, _NO_END)]
            return [play_move(tile, _NO_END) for tile in held]
        one_draw_taken = self._drew and self.rules.draw is DrawRule.ONE_PER_TURN
        # After one draw only the drawn tile may be played. Built from a view where it did not
        # fit, which tile it was is not known (-1), and passing is all there is.
        candidates = ([self._last_drawn] if self._last_drawn >= 0 else []) if one_draw_taken else held
        low, high = self.t.low, self.t.high
        ends, values = self.ends(), self.values()
        plays = []
        for tile in candidates:
            a, b = low[tile], high[tile]
            for end, value in zip(ends, values, strict=True):
                if value == a or value == b:  # noqa: SIM109 (faster than a tuple test)
                    plays.append((tile << _END_SHIFT) | (end + 1))
        if plays:
            if self.rules.overdraw_penalty and self.can_draw():
                plays.append(DRAW)
            return plays
        if one_draw_taken:
            return [PASS]
        return [DRAW] if self.can_draw() else [PASS]

    def plays(self) -> list[int]:
        """The moves search considers: as :meth:`moves`, without the costly overdraw."""
        return without_overdraw(self.moves())

    def points_if(self, move: int) -> int:
        """What a play would score during play (0 in games that score none), without making it."""
        scoring = self.rules.play_scoring
        if scoring is PlayScoring.NONE:
            return 0
        tile, end = split_move(move)
        saved = (self._open[:], self._vals[:], self._cross, self._root_inner)
        parent = end >> 2
        covered = self._p_covered[parent] if end >= 0 else 0
        self._lay(tile, end)
        count = self.end_count()
        self._open, self._vals, self._cross, self._root_inner = saved
        for placements in (self._p_outer, self._p_side, self._p_double, self._p_spinner, self._p_covered):
            placements.pop()
        if end >= 0:
            self._p_covered[parent] = covered
        return self.t.scores[count]

    def greedy_move(self, rng: RandomSource, randomness: float) -> int:
        """The playout policy: the heaviest fitting tile (a double first), on its first end.

        In the games that score during play, the play that scores most comes first. With
        probability ``randomness`` a random move of :meth:`plays` instead. Quicker than
        listing every move, which is what playouts spend most of their time on.
        """
        t = self.t
        explore = rng.random() < randomness
        if not explore and self.rules.play_scoring is not PlayScoring.NONE:
            moves = self.plays()
            if len(moves) == 1 or moves[0] < 0:
                return moves[0]
            return max(moves, key=lambda move: (self.points_if(move), t.key[move >> _END_SHIFT]))
        if explore or not self._p_outer or self.starter_choices or self.drawn_tile_only:
            moves = self.plays()
            if len(moves) == 1:
                return moves[0]
            if explore:
                return moves[int(rng.random() * len(moves))]
            return max(moves, key=lambda move: t.key[move >> _END_SHIFT] if move >= 0 else -1)
        mask = self.end_mask()
        best, best_key = -1, -1
        for tile in self.hands[self.turn]:
            if t.mask[tile] & mask and t.key[tile] > best_key:
                best, best_key = tile, t.key[tile]
        if best < 0:
            return DRAW if self.can_draw() else PASS
        low, high = t.low[best], t.high[best]
        for end, value in zip(self.ends(), self.values(), strict=True):
            if value == low or value == high:  # noqa: SIM109 (faster than a tuple test)
                return (best << _END_SHIFT) | (end + 1)
        raise AssertionError("a fitting tile has an end")  # pragma: no cover

    def on_highest_end(self, move: int) -> int:
        """``move``'s tile laid on the end that leaves the highest number showing (as Easy does).

        A pass, a draw or a lead is returned as it is.
        """
        if move < 0:
            return move
        tile = move >> _END_SHIFT
        low, high = self.t.low[tile], self.t.high[tile]
        best, best_left = move, -1
        for end, value in zip(self.ends(), self.values(), strict=True):
            if value == low or value == high:  # noqa: SIM109 (faster than a tuple test)
                left = high if value == low else low
                if left > best_left:
                    best, best_left = (tile << _END_SHIFT) | (end + 1), left
        return best

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
            self._play(*split_move(move))

    def _play(self, tile: int, end: int) -> None:
        seat = self.turn
        rules = self.rules
        self.hands[seat].remove(tile)
        self._lay(tile, end)
        self.opening_tile = -1
        if rules.play_scoring is not PlayScoring.NONE:
            self.play_points[rules.side_of(seat)] += self.t.scores[self.end_count()]
        if not self.hands[seat] and (
            rules.out_rule is OutRule.ONE
            or all(not self.hands[partner] for partner in rules.seats_of(rules.side_of(seat)))
        ):
            self._finish("out", seat)
        else:
            self._next_turn()

    def _draw(self) -> None:
        seat, rules = self.turn, self.rules
        held = self.hands[seat]
        if rules.overdraw_penalty and not self._overdrew:
            mask = self.end_mask()
            if any(self.t.mask[tile] & mask for tile in held):
                self._overdrew = True
                self.penalties[rules.side_of(seat)] += rules.overdraw_penalty
        tile = self.boneyard.pop()
        held.append(tile)
        self._last_drawn = tile
        self._drew = True
        if self._should_end():
            self._finish("blocked", -1)
        elif rules.draw is DrawRule.ONE_ENDS_TURN:
            self._next_turn()

    def _next_turn(self) -> None:
        rules = self.rules
        seat = rules.next_seat(self.turn)
        while not self.hands[seat]:
            seat = rules.next_seat(seat)
        self.turn = seat
        self._drew = False
        self._overdrew = False
        if self._should_end():
            self._finish("blocked", -1)

    def _should_end(self) -> bool:
        if self.can_draw():
            return False
        mask = self.end_mask()
        tile_mask = self.t.mask
        if self.rules.stuck_ends_hand and not any(tile_mask[tile] & mask for tile in self.hands[self.turn]):
            return True
        return not any(tile_mask[tile] & mask for held in self.hands for tile in held)

    # --- the end ----------------------------------------------------------------------

    def _finish(self, reason: str, winning_seat: int) -> None:
        rules, pips = self.rules, self.t.pips
        seat_pips = [sum(pips[tile] for tile in held) for held in self.hands]
        side_pips = [0] * rules.sides
        for seat, count in enumerate(seat_pips):
            side_pips[rules.side_of(seat)] += count
        award = [0] * rules.sides
        winner: int | None
        if winning_seat >= 0:
            winner = rules.side_of(winning_seat)
            award[winner] = hand_award(rules.out_scoring, winner, side_pips)
        else:
            if rules.blocked_winner is BlockedWinner.LOWEST_PLAYER:
                lowest = min(seat_pips)
                sides = {rules.side_of(seat) for seat, count in enumerate(seat_pips) if count == lowest}
            else:
                lowest = min(side_pips)
                sides = {side for side, count in enumerate(side_pips) if count == lowest}
            winner = sides.pop() if len(sides) == 1 else None
            if winner is not None:
                award[winner] = hand_award(rules.blocked_scoring, winner, side_pips)
        self.outcome = Outcome(
            winner,
            tuple(a + p - q for a, p, q in zip(award, self.play_points, self.penalties, strict=True)),
            reason,
        )
