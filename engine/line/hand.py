"""One hand (deal) as a state machine: deal, turns, and the end with its score."""

from __future__ import annotations

import bisect
import copy
import random
from collections.abc import Sequence
from typing import cast

from engine.errors import EngineError, IllegalActionError, RulesError
from engine.line.actions import Action, Claim, Draw, Lead, Pass, Play
from engine.line.events import (
    Claimed,
    Event,
    HandResult,
    Led,
    Opening,
    Penalized,
    Scored,
)
from engine.line.hand_tables import OPENING_CODE, Fit, HandTables, Move, opening_weight
from engine.line.layout import Layout, SpinnerRule, end_count, fresh_side_ranks, spins
from engine.line.rules import BlockedWinner, DrawRule, FirstOpener, OutRule, Rules
from engine.line.scoring import hand_award
from engine.tiles import Tile

__all__ = ["MAX_REDEALS", "Hand", "first_opening", "highest_double_opening"]

MAX_REDEALS = 1000
"""A deal that finds no double this many times running is refused (only a broken set could)."""


def highest_double_opening(hands: Sequence[Sequence[Tile]]) -> Opening:
    """The holder of the highest double opens with it; with none dealt, the heaviest tile."""
    dealt = [(seat, tile) for seat, held in enumerate(hands) for tile in held]
    if not dealt:
        raise RulesError("no tiles were dealt, so nobody can open", "bad-deal")
    seat, tile = max(dealt, key=lambda entry: opening_weight(entry[1]))
    return Opening(seat, tile)


def first_opening(rules: Rules, hands: Sequence[Sequence[Tile]]) -> Opening:
    """The opening of a hand dealt "as the first hand" under ``rules.first_opener``.

    Raises :class:`RulesError` (``bad-deal``) when the rules want a double and none was
    dealt (such a deal is shuffled again by :meth:`Hand.deal`).
    """
    opening = highest_double_opening(hands)
    if rules.first_opener is FirstOpener.HIGHEST_DOUBLE_ANY:
        return Opening(opening.seat)
    redeal = rules.first_opener is FirstOpener.HIGHEST_DOUBLE_REDEAL
    if redeal and opening.tile is not None and not opening.tile.is_double:
        raise RulesError("nobody holds a double, so the tiles must be dealt again", "bad-deal")
    return opening


_Resumed = tuple[Layout, int, tuple[int, ...], tuple[int, ...], "tuple[int, int] | None", "Tile | None", bool]
"""A resumed hand's starting state: layout, turn, points, penalties, pending claim, drawn tile, overdrew."""

_STANDARD_SHUFFLE = random.Random.shuffle

_DRAW = Draw()
_PASS = Pass()


class Hand:
    """A hand in progress. Build with :meth:`deal` (seeded) or directly from a scripted deal.

    ``legal_actions()`` lists what the player to move may do; ``apply()`` checks an
    action and plays it, raising :class:`IllegalActionError` otherwise. With manual
    scoring, :class:`Claim` actions may be applied for any seat (see :meth:`legal_claims`).

    Inside, tiles are ranks (see :class:`HandTables`); the open ends are kept as lists of end
    codes and values, updated in place, and the :attr:`layout` value is built from the
    plays only when it is asked for. ``legal_actions()`` is worked out once per position.
    """

    # The open ends, kept up to date play by play (see _set_layout and _play):
    _layout: Layout
    """The layout as last built; :attr:`layout` adds the plays laid since."""
    _unlaid: list[Play]
    """The plays laid since :attr:`_layout` was built."""
    _codes: list[int]
    """The open ends' codes (see :func:`engine.line.layout.end_of`), in the layout's order."""
    _values: list[int]
    """The value showing at each open end."""
    _laid: int
    """How many tiles are laid."""
    _spinners: set[int]
    """The placements that are spinners."""
    _spinners_possible: bool
    """Whether the rules make spinners at all."""

    def __init__(
        self,
        rules: Rules,
        hands: Sequence[Sequence[Tile]],
        boneyard: Sequence[Tile],
        opening: Opening | None = None,
    ) -> None:
        """Start a hand from a known deal; ``boneyard[-1]`` is drawn first.

        Without ``opening`` the hand is opened as a first hand (:func:`first_opening`).
        """
        self.rules = rules
        self._check_deal(hands, boneyard)
        rank = self._start_with_tiles(hands, boneyard, opening)
        if (
            self.opening.tile is not None
            and rank.get(self.opening.tile) not in self._hands[self.opening.seat]
        ):
            raise RulesError(
                f"seat {self.opening.seat} must open with {self.opening.tile} but does not hold it",
                "bad-deal",
            )

    def _start_with_tiles(
        self, hands: Sequence[Sequence[Tile]], boneyard: Sequence[Tile], opening: Opening | None
    ) -> dict[Tile, int]:
        """:meth:`_start` from tiles rather than ranks; returns the rules' rank of each tile."""
        tables = self.rules.derived(HandTables)
        rank = tables.rank
        self._start(
            tables,
            [sorted(rank[tile] for tile in held) for held in hands],
            [rank[tile] for tile in boneyard],
            opening,
        )
        return rank

    def _start(
        self, tables: HandTables, hands: list[list[int]], boneyard: list[int], opening: Opening | None
    ) -> None:
        """Set up a dealt hand: ``hands`` are sorted ranks; without ``opening``, opened as a first hand."""
        self._t = tables
        self._hands = hands
        self._boneyard = boneyard
        self._deal: tuple[tuple[tuple[int, ...], ...], tuple[int, ...]] = (
            tuple(map(tuple, hands)),
            tuple(boneyard),
        )
        """The ranks dealt: each seat's, and the boneyard's (see :attr:`dealt` and :attr:`stock`)."""
        self._dealt: tuple[tuple[Tile, ...], ...] | None = None
        self.actions: list[Action] = []
        """Every action applied to this hand, in order (with :attr:`dealt`, the hand's record)."""
        self.opening = opening if opening is not None else self._first_opening()
        self.redeals = 0
        """How many deals were shuffled in again because nobody held a double."""
        self._layout, self._unlaid, self._codes, self._values = tables.empty, [], [], []  # _set_layout(empty)
        self._laid, self._spinners, self._spinners_possible = 0, set(), tables.spinners_possible
        held_suits = list(tables.suit_counts)
        for rank in boneyard:
            held_suits[tables.low[rank]] -= 1
            held_suits[tables.high[rank]] -= tables.low[rank] != tables.high[rank]
        self._held_suits = held_suits
        """How many tiles held (by all seats) show each value."""
        self.turn = self.opening.seat
        self.starter = self.opening.seat if not self.opening.lead_choices else None
        """The seat that opens the layout (``None`` until the winning side has chosen)."""
        self.history: list[Event] = []
        self.result: HandResult | None = None
        self.pending: tuple[int, int] | None = None
        """With manual scoring: (seat, points) of the last play's score, not yet claimed."""
        self._play_points = [0] * tables.sides
        self._penalties = [0] * tables.sides
        self._drew_this_turn = False
        self._overdrew_this_turn = False
        self._last_drawn: int | None = None
        """The rank of the tile drawn last (-1: a drawn tile not of the set, refused on resuming)."""
        self._resumed: _Resumed | None = None
        """How a hand taken up from a position started (see :meth:`start_copy`)."""
        self._legal: tuple[Action, ...] | None = None
        """:meth:`legal_actions` of this position, once worked out."""

    def _first_opening(self) -> Opening:
        """:func:`first_opening` of the dealt hands, worked out on ranks."""
        tables, hands = self._t, self._hands
        for best in tables.heaviest_first:  # the heaviest tile not left in the boneyard
            if best not in self._boneyard:
                break
        else:
            raise RulesError("no tiles were dealt, so nobody can open", "bad-deal")
        seat = 0
        while best not in hands[seat]:
            seat += 1
        rule = self.rules.first_opener
        if rule is FirstOpener.HIGHEST_DOUBLE_REDEAL and tables.low[best] != tables.high[best]:
            raise RulesError("nobody holds a double, so the tiles must be dealt again", "bad-deal")
        key = (seat, -1 if rule is FirstOpener.HIGHEST_DOUBLE_ANY else best)
        opening = tables.openings.get(key)
        if opening is None:
            opening = tables.openings[key] = Opening(seat, None if key[1] < 0 else tables.tiles[best])
        return opening

    @classmethod
    def deal(
        cls,
        rules: Rules,
        rng: random.Random,
        starter: int | None = None,
        lead_choices: tuple[int, ...] = (),
    ) -> Hand:
        """Shuffle with ``rng`` and deal.

        ``starter`` opens with any tile; with ``lead_choices`` it chooses which of them
        starts instead; with neither, the hand is opened as a first hand, shuffling
        again while the rules want a double and none was dealt.
        """
        tables = rules.derived(HandTables)
        opening = None if starter is None else Opening(starter, None, lead_choices)
        # The standard shuffle moves items by position alone, so shuffling the tiles' ranks deals
        # what shuffling the tiles would; any other shuffle is handed the tiles themselves.
        by_rank = getattr(type(rng), "shuffle", None) is _STANDARD_SHUFFLE
        for redeals in range(MAX_REDEALS):
            try:
                if by_rank:
                    order = list(tables.deal_order)
                    rng.shuffle(order)
                    hand = cls._from_ranks(rules, tables, order, opening)
                else:
                    tiles = list(tables.deal_tiles)
                    rng.shuffle(tiles)
                    hand = cls._from_shuffled(rules, tables, tiles, opening)
            except EngineError:
                if starter is not None:
                    raise
                continue  # nobody holds the double the rules want: shuffle again
            hand.redeals = redeals
            return hand
        raise RulesError(f"no double was dealt in {MAX_REDEALS} deals", "bad-deal")

    @classmethod
    def _from_shuffled(
        cls, rules: Rules, tables: HandTables, tiles: list[Tile], opening: Opening | None
    ) -> Hand:
        """The hand dealt from ``tiles`` laid out in order: each seat's hand, then the boneyard."""
        parts, dealt, rank_at = tables.deal_parts, rules.players * rules.hand_size, tables.rank_at
        try:
            found = [rank_at[tile.low][tile.high] for tile in tiles]
        except (AttributeError, IndexError):
            found = []
        count = len(tables.tiles)
        if len(found) != count or None in found or len(set(found)) != count:
            # Not each tile of the set once (an RNG that lays out tiles of its own): the checked way.
            return cls(rules, [tiles[part] for part in parts], tiles[dealt:], opening)
        return cls._from_ranks(rules, tables, cast(list[int], found), opening)

    @classmethod
    def _from_ranks(cls, rules: Rules, tables: HandTables, order: list[int], opening: Opening | None) -> Hand:
        """The hand dealt from the tiles of these ranks laid out in order (each tile of the set once)."""
        parts, dealt = tables.deal_parts, rules.players * rules.hand_size
        hands = []
        for part in parts:
            held = order[part]
            held.sort()
            hands.append(held)
        hand = cls.__new__(cls)
        hand.rules = rules
        hand._start(tables, hands, order[dealt:], opening)
        return hand

    @classmethod
    def resume(
        cls,
        rules: Rules,
        hands: Sequence[Sequence[Tile]],
        boneyard: Sequence[Tile],
        layout: Layout,
        opening: Opening,
        turn: int,
        *,
        play_points: Sequence[int] = (),
        penalties: Sequence[int] = (),
        pending: tuple[int, int] | None = None,
        drawn: Tile | None = None,
        overdrew: bool = False,
    ) -> Hand:
        """A hand taken up in the middle (from a position): the tiles held, the boneyard and the
        layout, whose turn it is, and what was scored so far this hand.

        ``drawn`` is the tile the player to move has drawn this turn (one draw per turn) and
        ``overdrew`` whether it has paid an overdraw penalty this turn. The history before
        is unknown, so it starts empty. Raises :class:`RulesError` (``bad-deal``) for a
        position the rules cannot reach or in which nobody can move.
        """
        laid = [placement.tile for placement in layout.placements]
        on_table = [tile for held in hands for tile in held] + list(boneyard) + laid
        if sorted(on_table) != sorted(rules.tiles):
            raise RulesError("the position does not hold each tile of the set exactly once", "bad-deal")
        if layout.spinner_rule is not rules.spinner:
            raise RulesError("the layout is not built by these rules' spinner rule", "bad-deal")
        hand = cls.__new__(cls)
        hand.rules = rules
        rank = hand._start_with_tiles(hands, boneyard, opening)
        hand._set_layout(layout)
        for placement in layout.placements:
            hand._release(rank[placement.tile])
        hand.turn = turn
        hand.pending = pending
        hand._play_points = list(play_points) or [0] * rules.sides
        hand._penalties = list(penalties) or [0] * rules.sides
        hand._drew_this_turn = drawn is not None
        hand._overdrew_this_turn = overdrew
        hand._last_drawn = None if drawn is None else rank.get(drawn, -1)
        hand._check_resumed()
        hand._resumed = (
            layout,
            turn,
            tuple(hand._play_points),
            tuple(hand._penalties),
            pending,
            drawn,
            overdrew,
        )
        return hand

    @property
    def dealt(self) -> tuple[tuple[Tile, ...], ...]:
        """Each seat's tiles as dealt (sorted): with :attr:`stock`, the whole deal, for records."""
        if self._dealt is None:
            tiles = self._t.tiles
            self._dealt = tuple(tuple([tiles[rank] for rank in held]) for held in self._deal[0])
        return self._dealt

    @property
    def stock(self) -> tuple[Tile, ...]:
        """The boneyard as dealt, ``stock[-1]`` drawn first."""
        tiles = self._t.tiles
        return tuple([tiles[rank] for rank in self._deal[1]])

    def start_copy(self) -> Hand:
        """A new hand as this one was before its first action (dealt, or taken up from a position)."""
        if self._resumed is None:
            return Hand(self.rules, self.dealt, self.stock, self.opening)
        layout, turn, play_points, penalties, pending, drawn, overdrew = self._resumed
        return Hand.resume(
            self.rules,
            self.dealt,
            self.stock,
            layout,
            self.opening,
            turn,
            play_points=play_points,
            penalties=penalties,
            pending=pending,
            drawn=drawn,
            overdrew=overdrew,
        )

    def __deepcopy__(self, memo: dict[int, object]) -> Hand:
        """A copy sharing what never changes (the rules and their tables); everything else is copied."""
        clone = type(self).__new__(type(self))
        memo[id(self)] = clone
        for name, value in vars(self).items():
            setattr(clone, name, value if name in ("rules", "_t") else copy.deepcopy(value, memo))
        return clone

    def _check_resumed(self) -> None:
        rules = self.rules
        if not 0 <= self.turn < rules.players or not self._hands[self.turn]:
            raise RulesError(f"seat {self.turn} is to move but holds no tiles", "bad-deal")
        if not 0 <= self.opening.seat < rules.players:
            raise RulesError(f"there is no seat {self.opening.seat} to open", "bad-deal")
        if len(self._play_points) != rules.sides or len(self._penalties) != rules.sides:
            raise RulesError(f"points so far are needed for {rules.sides} sides", "bad-deal")
        if self.opening.lead_choices and (self._laid or self.turn != self.opening.seat):
            raise RulesError("the choice of who starts comes before any tile is laid", "bad-deal")
        if (
            not self._laid
            and self.opening.tile is not None
            and (self.turn != self.opening.seat or self.opening.tile not in self.hand_of(self.turn))
        ):
            raise RulesError(
                f"seat {self.turn} must open with {self.opening.tile} but does not hold it", "bad-deal"
            )
        if not self._laid and not self.opening.lead_choices and self.turn != self.opening.seat:
            raise RulesError(
                f"seat {self.opening.seat} opens, so seat {self.turn} cannot be to move", "bad-deal"
            )
        if self.pending is not None and (
            not rules.manual_scoring or not 0 <= self.pending[0] < rules.players or self.pending[1] <= 0
        ):
            raise RulesError("only manually scored games have points waiting to be called", "bad-deal")
        if self._last_drawn is not None and (
            rules.draw is not DrawRule.ONE_PER_TURN or self._last_drawn not in self._hands[self.turn]
        ):
            raise RulesError("a tile drawn this turn must be in the hand of the player to move", "bad-deal")
        if self._overdrew_this_turn and not rules.overdraw_penalty:
            raise RulesError("these rules have no overdraw penalty", "bad-deal")
        if any(not held for held in self._hands) and rules.out_rule is OutRule.ONE:
            raise RulesError("a player is already out, so the hand is over", "bad-deal")
        if rules.out_rule is OutRule.PARTNERSHIP and any(
            all(not self._hands[seat] for seat in rules.seats_of(side)) for side in range(rules.sides)
        ):
            raise RulesError("a side is already out, so the hand is over", "bad-deal")
        if self._laid and self._should_end():
            raise RulesError("nobody can move: the hand is over", "position-over")

    def _check_deal(self, hands: Sequence[Sequence[Tile]], boneyard: Sequence[Tile]) -> None:
        if len(hands) != self.rules.players:
            raise RulesError(
                f"a deal for {self.rules.players} players needs {self.rules.players} hands, got {len(hands)}",
                "bad-deal",
            )
        dealt = sorted([tile for held in hands for tile in held] + list(boneyard))
        if dealt != sorted(self.rules.tiles):
            raise RulesError("the deal does not hold each tile of the set exactly once", "bad-deal")

    # --- the layout ----------------------------------------------------------------

    @property
    def start_layout(self) -> Layout | None:
        """The layout the hand's history starts from: ``None`` for a hand played from its deal
        (an empty table), the position's layout for a hand taken up from a position."""
        return None if self._resumed is None else self._resumed[0]

    @property
    def layout(self) -> Layout:
        """The tiles laid so far: an immutable :class:`Layout`, a new one after each play."""
        if self._unlaid:
            layout = self._layout
            for play in self._unlaid:
                layout = layout.play(play.tile, play.end)
            self._layout = layout
            self._unlaid = []
        return self._layout

    def _set_layout(self, layout: Layout) -> None:
        """Take ``layout`` as the layout, with its open ends."""
        self._spinners_possible = layout.spinner_rule is not SpinnerRule.NONE
        self._layout = layout
        self._unlaid = []
        self._codes = list(layout.end_codes())
        self._values = list(layout.values)
        self._laid = len(layout.placements)
        self._spinners = set()
        for index, placement in enumerate(layout.placements):
            if placement.spinner:
                self._spinners.add(index)

    def _lay(self, move: Move, low: int, high: int) -> None:
        """Lay ``move``'s tile (``low``-``high``), keeping the open ends as :meth:`Layout.play` makes them."""
        code = move.code
        if code == OPENING_CODE:  # the same layout every time this tile opens
            opened = self._t.opened
            layout = opened[move.rank] or self._t.empty.play(move.play.tile, None)
            self._set_layout(layout)
            opened[move.rank] = layout
            return
        if code >> 2 in self._spinners:  # other sides of the spinner may open: the layout knows
            self._set_layout(self.layout.play(move.play.tile, move.play.end))
            return
        codes, values, laid = self._codes, self._values, self._laid
        position = codes.index(code)
        value = values[position]
        del codes[position], values[position]
        outer = high if low == value else low
        if low == high and self._spinners_possible:
            rule = self.rules.spinner
            spinner = spins(rule, move.play.tile, bool(self._spinners))
            for side in fresh_side_ranks(rule, code & 3, spinner):
                codes.append(laid * 4 + side)
                values.append(outer)
            if spinner:
                self._spinners.add(laid)
        else:  # the new tile's one open side faces the way the end it covers did
            codes.append(laid * 4 + (code & 3))
            values.append(outer)
        self._laid = laid + 1
        self._unlaid.append(move.play)

    def _open_suits(self) -> int:
        """The values showing at the open ends, as a suit mask."""
        suits = 0
        for value in self._values:
            suits |= 1 << value
        return suits

    def _can_play(self, seat: int) -> bool:
        """Whether ``seat`` holds a tile that fits an open end."""
        open_suits, suits = self._open_suits(), self._t.suits
        return any(suits[rank] & open_suits for rank in self._hands[seat])

    def _hold(self, rank: int) -> None:
        """Count a tile that comes into a hand."""
        tables, held = self._t, self._held_suits
        held[tables.low[rank]] += 1
        if tables.high[rank] != tables.low[rank]:
            held[tables.high[rank]] += 1

    def _release(self, rank: int) -> None:
        """Count a tile that leaves the hands."""
        tables, held = self._t, self._held_suits
        held[tables.low[rank]] -= 1
        if tables.high[rank] != tables.low[rank]:
            held[tables.high[rank]] -= 1

    # --- what is known -------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended (out, blocked, or the match won during play)."""
        return self.result is not None

    @property
    def choosing_lead(self) -> bool:
        """Whether the winning side has yet to choose who starts."""
        return self.starter is None

    @property
    def boneyard_count(self) -> int:
        """How many tiles are left to draw from (or sleeping)."""
        return len(self._boneyard)

    @property
    def play_points_by_side(self) -> tuple[int, ...]:
        """What each side has scored during play so far this hand."""
        return tuple(self._play_points)

    @property
    def penalties_by_side(self) -> tuple[int, ...]:
        """What each side has lost to overdraw penalties so far this hand."""
        return tuple(self._penalties)

    @property
    def drawn_this_turn(self) -> Tile | None:
        """One-draw-per-turn games: the tile the player to move has drawn this turn (hidden information)."""
        if self.rules.draw is DrawRule.ONE_PER_TURN and self._drew_this_turn and self._last_drawn is not None:
            return self._t.tiles[self._last_drawn]
        return None

    @property
    def overdrew_this_turn(self) -> bool:
        """Whether the player to move has paid an overdraw penalty this turn."""
        return self._overdrew_this_turn

    def hand_of(self, seat: int) -> tuple[Tile, ...]:
        """The tiles a seat holds (hidden information: only for that seat's view or the end)."""
        tiles = self._t.tiles
        return tuple([tiles[rank] for rank in self._hands[seat]])

    def hand_counts(self) -> tuple[int, ...]:
        """How many tiles each seat holds."""
        return tuple(map(len, self._hands))

    def boneyard(self) -> tuple[Tile, ...]:
        """The undrawn tiles, the next to be drawn last (hidden information)."""
        return tuple(map(self._t.tiles.__getitem__, self._boneyard))

    def can_draw(self) -> bool:
        """Whether the rules let a stuck player draw now."""
        return self.rules.draw is not DrawRule.NONE and len(self._boneyard) > self.rules.boneyard_reserve

    def legal_actions(self) -> tuple[Action, ...]:
        """Everything the player to move may do, in a stable order (empty once the hand is over).

        Plays come first, then a draw or pass, then a claim the player to move may make.
        """
        legal = self._legal
        if legal is None:
            if self.result is not None:
                legal = ()
            elif self.pending is None:
                legal = self._turn_actions()
            else:
                legal = self._turn_actions() + self.legal_claims(self.turn)
            self._legal = legal
        return legal

    def _turn_actions(self) -> tuple[Action, ...]:
        """What the player to move may do, claims aside (see :meth:`legal_actions`)."""
        if self.starter is None:
            return tuple(Lead(seat) for seat in self.opening.lead_choices)
        held, tables = self._hands[self.turn], self._t
        if not self._laid:
            if self.opening.tile is not None:
                return (tables.move(tables.rank[self.opening.tile], OPENING_CODE).play,)
            return tuple(tables.move(rank, OPENING_CODE).play for rank in held)
        one_draw_taken = self._drew_this_turn and self.rules.draw is DrawRule.ONE_PER_TURN
        if one_draw_taken:
            held = [rank for rank in held if rank == self._last_drawn]
        # Each play of each tile held, on each open end it fits, in end order:
        codes, values, rows = self._codes, tuple(self._values), tables.rows
        fit: Fit | None = tables.fits.get(values)
        if fit is None:
            fit = tables.fit(values)
        listed: list[Action] = []
        for rank in held:
            for position in fit[rank]:
                listed.append(rows[rank][codes[position]] or tables.move(rank, codes[position]).play)
        plays = tuple(listed)
        if plays:
            if self.rules.overdraw_penalty and self.can_draw():
                return (*plays, _DRAW)
            return plays
        if one_draw_taken:
            return (_PASS,)
        return (_DRAW,) if self.can_draw() else (_PASS,)

    def legal_claims(self, seat: int) -> tuple[Claim, ...]:
        """The claim ``seat`` may make now: a call of its own score, or muggins on another's."""
        if self.pending is None or self.result is not None:
            return ()
        scorer = self.pending[0]
        if seat == scorer:
            return (Claim(seat),)
        if self.rules.side_of(seat) != self.rules.side_of(scorer):
            return (Claim(seat, muggins=True),)
        return ()

    # --- changing the state --------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Play ``action`` (for the seat to move, or a claim for its seat), or raise :class:`IllegalActionError`."""
        legal = self._legal or self.legal_actions()  # empty once the hand is over
        for option in legal:  # the very value legal_actions() gave, found without comparing values
            if option is action:
                break
        else:
            if isinstance(action, Claim):  # any seat may claim, in turn or not
                if self.result is not None or action not in self.legal_claims(action.seat):
                    raise self._why_claim_illegal(action)
            elif action not in legal:
                raise self._why_illegal(action)
        if isinstance(action, Play):  # apply_unchecked(), its commonest case inlined
            self._legal = None
            self.actions.append(action)
            self._play(self.turn, action)
        else:
            self.apply_unchecked(action)

    def apply_unchecked(self, action: Action) -> None:
        """Play an action already known to be legal (fast path for search; no checks)."""
        self._legal = None
        seat = self.turn
        self.actions.append(action)
        if isinstance(action, Play):
            self._play(seat, action)
        elif isinstance(action, Pass):
            self.history.append(self._t.passed[seat])
            self._next_turn()
        elif isinstance(action, Draw):
            self._draw(seat)
        elif isinstance(action, Lead):
            self.history.append(Led(seat, action.seat))
            self.starter = self.turn = action.seat
        else:
            self._claim(action)

    def _play(self, seat: int, action: Play) -> None:
        """``seat`` lays a tile: the hands, the open ends, the record, the score, the next turn.

        The hottest path of all, so the common case of each step is written out here; the
        helpers it stands for are named where they are inlined.
        """
        tables = self._t
        try:  # tables.move_of(action), inlined on this hot path
            move: Move = action._note
            if move.owner is not tables:
                move = tables.move_of(action)
        except AttributeError:
            move = tables.move_of(action)
        rank, code = move.rank, move.code
        held = self._hands[seat]
        held.remove(rank)
        low, high = tables.low[rank], tables.high[rank]
        counts = self._held_suits  # _release(rank), inlined on this hot path
        counts[low] -= 1
        if high != low:
            counts[high] -= 1
        if code < 0 or self._spinners_possible:  # the opening tile, or spinners may be about
            self._lay(move, low, high)
        else:  # _lay() of a tile in a layout without spinners, inlined on this hot path
            codes, values = self._codes, self._values
            position = codes.index(code)
            outer = high if values[position] == low else low
            del codes[position], values[position]
            codes.append(self._laid * 4 + (code & 3))  # the new tile's open side faces the same way
            values.append(outer)
            self._laid += 1
            self._unlaid.append(move.play)
        self.history.append(move.played[seat] or move.played_by(seat))
        self.pending = None  # a score not claimed before the next tile is lost
        side_out = not held and self._side_is_out(seat)
        if tables.scores_play:
            self._score_play(seat, side_out)
        if side_out:
            self._finish("out", seat)
            return
        # _next_turn(), inlined on this hot path:
        next_seat, hands = tables.next_seat, self._hands
        turn = next_seat[seat]
        while not hands[turn]:  # a player who is out (partners must both go out)
            turn = next_seat[turn]
        self.turn = turn
        self._drew_this_turn = self._overdrew_this_turn = False
        if tables.draws and len(self._boneyard) > self.rules.boneyard_reserve:
            return  # the next player can draw
        if not (self.rules.stuck_ends_hand and not self._can_play(turn)):  # _should_end(), inlined
            for value in self._values:
                if counts[value]:
                    return  # somebody holds a tile that fits
        self._finish("blocked", None)

    def _score_play(self, seat: int, side_out: bool) -> None:
        """Score the play just made by ``seat`` (or leave it to be claimed); ``side_out``: it ends the hand."""
        points = self._t.points[end_count(self.layout)]
        if points:
            if not self.rules.manual_scoring:
                self._score(seat, points, "play")
            elif side_out:
                self._score(seat, points, "last")
            else:
                self.pending = (seat, points)

    def _draw(self, seat: int) -> None:
        rules = self.rules
        overdraw = bool(rules.overdraw_penalty) and self._can_play(seat)
        rank = self._boneyard.pop()
        bisect.insort(self._hands[seat], rank)
        self._hold(rank)
        self._last_drawn = rank
        self._drew_this_turn = True
        self.history.append(self._t.drew[seat])
        if overdraw and not self._overdrew_this_turn:
            self._overdrew_this_turn = True
            self._penalties[rules.side_of(seat)] += rules.overdraw_penalty
            self.history.append(Penalized(seat, rules.overdraw_penalty))
        if self._should_end():  # the last allowed draw can leave nobody able to play
            self._finish("blocked", None)
        elif rules.draw is DrawRule.ONE_ENDS_TURN:
            self._next_turn()

    def _claim(self, claim: Claim) -> None:
        assert self.pending is not None
        points = self.pending[1]
        self.pending = None
        self.history.append(Claimed(claim.seat, claim.muggins))
        self._score(claim.seat, points, "muggins" if claim.muggins else "call")

    def _score(self, seat: int, points: int, how: str) -> None:
        self._play_points[self.rules.side_of(seat)] += points
        self.history.append(Scored(seat, points, how))

    def end_at_target(self, seat: int) -> None:
        """Stop the hand because ``seat``'s side reached the match target during play."""
        if self.result is None:
            self._legal = None
            self._finish("target", seat)

    def _side_is_out(self, seat: int) -> bool:
        if self.rules.out_rule is OutRule.ONE:
            return True
        return all(not self._hands[partner] for partner in self._t.seats_of[seat])

    def _next_turn(self) -> None:
        tables, hands = self._t, self._hands
        next_seat = tables.next_seat
        turn = next_seat[self.turn]
        while not hands[turn]:  # a player who is out (partners must both go out)
            turn = next_seat[turn]
        self.turn = turn
        self._drew_this_turn = self._overdrew_this_turn = False
        if self._should_end():
            self._finish("blocked", None)

    def _should_end(self) -> bool:
        """Whether the hand is blocked: the player to move cannot draw and nobody can play (or,
        with ``stuck_ends_hand``, the player to move cannot)."""
        if self._t.draws and len(self._boneyard) > self.rules.boneyard_reserve:  # can_draw()
            return False
        if self.rules.stuck_ends_hand and not self._can_play(self.turn):
            return True
        return not any(map(self._held_suits.__getitem__, self._values))  # nobody can play

    def _why_claim_illegal(self, claim: Claim) -> IllegalActionError:
        if self.result is not None:
            return IllegalActionError(f"{claim}: the hand is over", "hand-over")
        if not self.rules.manual_scoring:
            return IllegalActionError(
                f"{claim}: scores are counted automatically in this game", "nothing-to-claim"
            )
        if self.pending is None:
            return IllegalActionError(
                f"{claim}: there is nothing to claim (the ends count {end_count(self.layout)})",
                "nothing-to-claim",
            )
        scorer = self.pending[0]
        if claim.muggins and claim.seat == scorer:
            return IllegalActionError(
                f"{claim}: seat {claim.seat} made the play, so calls it", "nothing-to-claim"
            )
        if not claim.muggins:
            return IllegalActionError(
                f"{claim}: only seat {scorer}, who made the play, may call it", "nothing-to-claim"
            )
        return IllegalActionError(f"{claim}: partners cannot claim muggins on each other", "nothing-to-claim")

    def _why_illegal(self, action: Action) -> IllegalActionError:
        where = f"seat {self.turn} to move, move {len(self.history) + 1}, ends {self._ends_text()}"
        if self.result is not None:
            return IllegalActionError(
                f"{action}: the hand is over ({len(self.history)} moves, ends {self._ends_text()})",
                "hand-over",
            )
        if self.starter is None:
            choices = " or ".join(f"seat {seat}" for seat in self.opening.lead_choices)
            return IllegalActionError(
                f"{action}: seat {self.turn} must first choose who starts ({choices})", "choose-lead"
            )
        if isinstance(action, Lead):
            return IllegalActionError(f"{action}: the starter is already chosen ({where})", "choose-lead")
        legal = self._turn_actions()
        can_play = any(isinstance(option, Play) for option in legal)
        if isinstance(action, Play):
            if action.tile not in self.hand_of(self.turn):
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
            one_draw = self.rules.draw is DrawRule.ONE_PER_TURN and self._drew_this_turn
            if (
                one_draw
                and action.tile != self.drawn_this_turn
                and action.tile.has(self.layout.value(action.end))
            ):
                return IllegalActionError(
                    f"{action}: after drawing one tile only that tile may be played ({where})", "must-pass"
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

    def _finish(self, reason: str, winning_seat: int | None) -> None:
        rules, tables = self.rules, self._t
        tiles, pip_counts = tables.tiles, tables.pips
        held_tiles, pips_held, side_pips_held = [], [], [0] * tables.sides
        for seat, held in enumerate(self._hands):  # plain loops: hands are short by now
            count = 0
            for rank in held:
                count += pip_counts[rank]
            pips_held.append(count)
            side_pips_held[tables.side_of[seat]] += count
            held_tiles.append(tuple([tiles[rank] for rank in held]))
        pips, side_pips = tuple(pips_held), tuple(side_pips_held)
        points = [0] * tables.sides
        if winning_seat is not None:
            winner_side: int | None = tables.side_of[winning_seat]
            winner_seat: int | None = winning_seat
            if reason == "out":
                points[tables.side_of[winning_seat]] = hand_award(
                    rules.out_scoring, tables.side_of[winning_seat], side_pips
                )
        else:
            winner_side = self._blocked_winner(pips, side_pips)
            winner_seat = None if winner_side is None else self._lowest_seat_of(winner_side, pips)
            if winner_side is not None:
                points[winner_side] = hand_award(rules.blocked_scoring, winner_side, side_pips)
        if self.pending is not None:
            # Nobody can claim once the hand is over, and no tile was laid after the play:
            # the points go to the player who made it (the hand-ending play is scored with the hand).
            self._score(self.pending[0], self.pending[1], "last")
            self.pending = None
        self.result = HandResult(
            reason=reason,
            winner_side=winner_side,
            winner_seat=winner_seat,
            pips=pips,
            side_pips=side_pips,
            points=tuple(points),
            hands=tuple(held_tiles),
            partnerships=rules.partnerships,
            play_points=tuple(self._play_points),
            penalties=tuple(self._penalties),
            blocked_rule=rules.blocked_winner,
        )

    def _blocked_winner(self, pips: tuple[int, ...], side_pips: tuple[int, ...]) -> int | None:
        if self.rules.blocked_winner is BlockedWinner.LOWEST_PLAYER:
            lowest = min(pips)
            sides = {self._t.side_of[seat] for seat, count in enumerate(pips) if count == lowest}
        else:
            lowest = min(side_pips)
            sides = {side for side, count in enumerate(side_pips) if count == lowest}
        return sides.pop() if len(sides) == 1 else None

    def _lowest_seat_of(self, side: int, pips: tuple[int, ...]) -> int:
        seats = self._t.side_seats[side]
        return min(seats, key=lambda seat: (pips[seat], self._distance_from_opener(seat)))

    def _distance_from_opener(self, seat: int) -> int:
        distance, current = 0, self.opening.seat if self.starter is None else self.starter
        while current != seat:
            current = self.rules.next_seat(current)
            distance += 1
        return distance
