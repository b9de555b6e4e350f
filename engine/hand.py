"""One hand (deal) as a state machine: deal, turns, and the end with its score."""

from __future__ import annotations

import bisect
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.actions import Action, Claim, Draw, Lead, Pass, Play
from engine.errors import EngineError, IllegalActionError
from engine.layout import End, Layout, end_count
from engine.rules import BlockedWinner, DrawRule, FirstOpener, HandScoring, OutRule, PlayScoring, Rules
from engine.tiles import Tile, hand_pips

__all__ = [
    "Claimed",
    "Deal",
    "Drew",
    "Event",
    "Hand",
    "HandResult",
    "Led",
    "Opening",
    "Passed",
    "Penalized",
    "Played",
    "Scored",
    "first_opening",
    "hand_award",
    "highest_double_opening",
    "play_points",
    "round_to_five",
]

MAX_REDEALS = 1000
"""A deal that finds no double this many times running is refused (only a broken set could)."""


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
    tiles keeps the seed's order for them (see :class:`engine.match.Match`).
    """

    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]
    unordered: int = 0

    def agrees_with(self, hand: Hand) -> bool:
        """Whether ``hand`` was dealt these tiles, in this order where the order is known."""
        known = len(self.boneyard) - self.unordered
        return (
            tuple(tuple(sorted(held)) for held in self.hands) == hand.dealt
            and sorted(self.boneyard) == sorted(hand.stock)
            and self.boneyard[self.unordered :] == hand.stock[len(hand.stock) - known :]
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
    """The rule that decided a blocked hand (see :class:`engine.rules.BlockedWinner`)."""

    @property
    def is_tie(self) -> bool:
        """Whether nobody won the hand (a block with a tie for the fewest pips)."""
        return self.winner_side is None

    def describe(self, seat_names: Sequence[str], award: Sequence[int] = ()) -> str:
        """One line a player understands, e.g. ``blocked: West holds the fewest pips (7); scores 41``.

        ``award``: the points each side was credited for this hand by the match rules, when
        known (the score sheet's :attr:`~engine.match.HandScore.award`); otherwise the
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
            return (
                f"{seat_names[self.winner_seat]} went out; "
                f"{side} {agree(side, 'scores')} {(award or self.points)[self.winner_side]}"
            )
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


def agree(subject: str, verb: str) -> str:
    """``verb`` (third person singular, e.g. "scores", "wins") agreeing with ``subject``.

    "You" and partners joined by "&" ("You & North") take the plural: "You & North score".
    """
    if subject == "You" or " & " in subject:
        return verb[:-2] if verb.endswith("es") and verb[-3:-2] in "sxz" else verb[:-1]
    return verb


def and_list(names: Iterable[object], conjunction: str = "and") -> str:
    """Names joined as a sentence lists them: "West", "West and East", "You, West and East"
    (or with another ``conjunction``: "2, 3 or 4")."""
    words = [str(name) for name in names]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {conjunction} {words[-1]}"


def highest_double_opening(hands: Sequence[Sequence[Tile]]) -> Opening:
    """The holder of the highest double opens with it; with none dealt, the heaviest tile."""
    dealt = [(seat, tile) for seat, held in enumerate(hands) for tile in held]
    if not dealt:
        raise EngineError("no tiles were dealt, so nobody can open", "bad-deal")
    seat, tile = max(dealt, key=lambda entry: (entry[1].is_double, entry[1].pips, entry[1].high))
    return Opening(seat, tile)


def first_opening(rules: Rules, hands: Sequence[Sequence[Tile]]) -> Opening:
    """The opening of a hand dealt "as the first hand" under ``rules.first_opener``.

    Raises :class:`EngineError` (``bad-deal``) when the rules want a double and none was
    dealt (such a deal is shuffled again by :meth:`Hand.deal`).
    """
    opening = highest_double_opening(hands)
    if rules.first_opener is FirstOpener.HIGHEST_DOUBLE_ANY:
        return Opening(opening.seat)
    redeal = rules.first_opener is FirstOpener.HIGHEST_DOUBLE_REDEAL
    if redeal and opening.tile is not None and not opening.tile.is_double:
        raise EngineError("nobody holds a double, so the tiles must be dealt again", "bad-deal")
    return opening


def play_points(scoring: PlayScoring, layout: Layout) -> int:
    """What a play scores under ``scoring`` given the layout after it (0: nothing)."""
    if scoring is PlayScoring.NONE:
        return 0
    count = end_count(layout)
    if count and (count % 5 == 0 or (scoring is PlayScoring.FIVES_AND_THREES and count % 3 == 0)):
        return count
    return 0


_Resumed = tuple[Layout, int, tuple[int, ...], tuple[int, ...], "tuple[int, int] | None", "Tile | None", bool]
"""A resumed hand's starting state: layout, turn, points, penalties, pending claim, drawn tile, overdrew."""


class Hand:
    """A hand in progress. Build with :meth:`deal` (seeded) or directly from a scripted deal.

    ``legal_actions()`` lists what the player to move may do; ``apply()`` checks an
    action and plays it, raising :class:`IllegalActionError` otherwise. With manual
    scoring, :class:`Claim` actions may be applied for any seat (see :meth:`legal_claims`).
    """

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
        self._hands: list[list[Tile]] = [sorted(held) for held in hands]
        self._boneyard: list[Tile] = list(boneyard)
        self.dealt: tuple[tuple[Tile, ...], ...] = tuple(tuple(held) for held in self._hands)
        """Each seat's tiles as dealt (sorted): with :attr:`stock`, the whole deal, for records."""
        self.stock: tuple[Tile, ...] = tuple(boneyard)
        """The boneyard as dealt, ``stock[-1]`` drawn first."""
        self.actions: list[Action] = []
        """Every action applied to this hand, in order (with :attr:`dealt`, the hand's record)."""
        self.opening = opening if opening is not None else first_opening(rules, self._hands)
        if self.opening.tile is not None and self.opening.tile not in self._hands[self.opening.seat]:
            raise EngineError(
                f"seat {self.opening.seat} must open with {self.opening.tile} but does not hold it",
                "bad-deal",
            )
        self.redeals = 0
        """How many deals were shuffled in again because nobody held a double."""
        self.layout = Layout(rules.spinner)
        self.turn = self.opening.seat
        self.starter = self.opening.seat if not self.opening.lead_choices else None
        """The seat that opens the layout (``None`` until the winning side has chosen)."""
        self.history: list[Event] = []
        self.result: HandResult | None = None
        self.pending: tuple[int, int] | None = None
        """With manual scoring: (seat, points) of the last play's score, not yet claimed."""
        self._play_points = [0] * rules.sides
        self._penalties = [0] * rules.sides
        self._drew_this_turn = False
        self._overdrew_this_turn = False
        self._last_drawn: Tile | None = None
        self._resumed: _Resumed | None = None
        """How a hand taken up from a position started (see :meth:`start_copy`)."""

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
        for redeals in range(MAX_REDEALS):
            tiles = list(rules.tiles)
            rng.shuffle(tiles)
            size = rules.hand_size
            hands = [tiles[seat * size : (seat + 1) * size] for seat in range(rules.players)]
            boneyard = tiles[rules.players * size :]
            if starter is not None:
                hand = cls(rules, hands, boneyard, Opening(starter, None, lead_choices))
            else:
                try:
                    hand = cls(rules, hands, boneyard)
                except EngineError:
                    continue
            hand.redeals = redeals
            return hand
        raise EngineError(f"no double was dealt in {MAX_REDEALS} deals", "bad-deal")

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
        is unknown, so it starts empty. Raises :class:`EngineError` (``bad-deal``) for a
        position the rules cannot reach or in which nobody can move.
        """
        laid = [placement.tile for placement in layout.placements]
        on_table = [tile for held in hands for tile in held] + list(boneyard) + laid
        if sorted(on_table) != sorted(rules.tiles):
            raise EngineError("the position does not hold each tile of the set exactly once", "bad-deal")
        if layout.spinner_rule is not rules.spinner:
            raise EngineError("the layout is not built by these rules' spinner rule", "bad-deal")
        hand = cls.__new__(cls)
        hand.rules = rules
        hand._hands = [sorted(held) for held in hands]
        hand._boneyard = list(boneyard)
        hand.dealt = tuple(tuple(held) for held in hand._hands)
        hand.stock = tuple(boneyard)
        hand.actions = []
        hand.opening = opening
        hand.redeals = 0
        hand.layout = layout
        hand.turn = turn
        hand.starter = opening.seat if not opening.lead_choices else None
        hand.history = []
        hand.result = None
        hand.pending = pending
        hand._play_points = list(play_points) or [0] * rules.sides
        hand._penalties = list(penalties) or [0] * rules.sides
        hand._drew_this_turn = drawn is not None
        hand._overdrew_this_turn = overdrew
        hand._last_drawn = drawn
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

    def _check_resumed(self) -> None:
        rules = self.rules
        if not 0 <= self.turn < rules.players or not self._hands[self.turn]:
            raise EngineError(f"seat {self.turn} is to move but holds no tiles", "bad-deal")
        if not 0 <= self.opening.seat < rules.players:
            raise EngineError(f"there is no seat {self.opening.seat} to open", "bad-deal")
        if len(self._play_points) != rules.sides or len(self._penalties) != rules.sides:
            raise EngineError(f"points so far are needed for {rules.sides} sides", "bad-deal")
        if self.opening.lead_choices and (not self.layout.is_empty or self.turn != self.opening.seat):
            raise EngineError("the choice of who starts comes before any tile is laid", "bad-deal")
        if (
            self.layout.is_empty
            and self.opening.tile is not None
            and (self.turn != self.opening.seat or self.opening.tile not in self._hands[self.turn])
        ):
            raise EngineError(
                f"seat {self.turn} must open with {self.opening.tile} but does not hold it", "bad-deal"
            )
        if self.layout.is_empty and not self.opening.lead_choices and self.turn != self.opening.seat:
            raise EngineError(
                f"seat {self.opening.seat} opens, so seat {self.turn} cannot be to move", "bad-deal"
            )
        if self.pending is not None and (
            not rules.manual_scoring or not 0 <= self.pending[0] < rules.players or self.pending[1] <= 0
        ):
            raise EngineError("only manually scored games have points waiting to be called", "bad-deal")
        if self._last_drawn is not None and (
            rules.draw is not DrawRule.ONE_PER_TURN or self._last_drawn not in self._hands[self.turn]
        ):
            raise EngineError("a tile drawn this turn must be in the hand of the player to move", "bad-deal")
        if self._overdrew_this_turn and not rules.overdraw_penalty:
            raise EngineError("these rules have no overdraw penalty", "bad-deal")
        if any(not held for held in self._hands) and rules.out_rule is OutRule.ONE:
            raise EngineError("a player is already out, so the hand is over", "bad-deal")
        if rules.out_rule is OutRule.PARTNERSHIP and any(
            all(not self._hands[seat] for seat in rules.seats_of(side)) for side in range(rules.sides)
        ):
            raise EngineError("a side is already out, so the hand is over", "bad-deal")
        if not self.layout.is_empty and self._should_end():
            raise EngineError("nobody can move: the hand is over", "position-over")

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
        if self.rules.draw is DrawRule.ONE_PER_TURN and self._drew_this_turn:
            return self._last_drawn
        return None

    @property
    def overdrew_this_turn(self) -> bool:
        """Whether the player to move has paid an overdraw penalty this turn."""
        return self._overdrew_this_turn

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
        """Everything the player to move may do, in a stable order (empty once the hand is over).

        Plays come first, then a draw or pass, then a claim the player to move may make.
        """
        if self.result is not None:
            return ()
        return self._turn_actions() + self.legal_claims(self.turn)

    def _turn_actions(self) -> tuple[Action, ...]:
        if self.starter is None:
            return tuple(Lead(seat) for seat in self.opening.lead_choices)
        held = self._hands[self.turn]
        if self.layout.is_empty:
            if self.opening.tile is not None:
                return (Play(self.opening.tile),)
            return tuple(Play(tile) for tile in held)
        one_draw_taken = self.rules.draw is DrawRule.ONE_PER_TURN and self._drew_this_turn
        candidates = [tile for tile in held if tile == self._last_drawn] if one_draw_taken else held
        plays = tuple(Play(tile, end) for tile in candidates for end in self.layout.ends_for(tile))
        if plays:
            if self.rules.overdraw_penalty and self.can_draw():
                return (*plays, Draw())
            return plays
        if one_draw_taken:
            return (Pass(),)
        return (Draw(),) if self.can_draw() else (Pass(),)

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
        if isinstance(action, Claim):
            if self.result is not None or action not in self.legal_claims(action.seat):
                raise self._why_claim_illegal(action)
        elif action not in self._turn_actions() or self.result is not None:
            raise self._why_illegal(action)
        self.apply_unchecked(action)

    def apply_unchecked(self, action: Action) -> None:
        """Play an action already known to be legal (fast path for search; no checks)."""
        seat = self.turn
        self.actions.append(action)
        if isinstance(action, Play):
            self._play(seat, action)
        elif isinstance(action, Draw):
            self._draw(seat)
        elif isinstance(action, Pass):
            self.history.append(Passed(seat))
            self._next_turn()
        elif isinstance(action, Lead):
            self.history.append(Led(seat, action.seat))
            self.starter = self.turn = action.seat
        else:
            self._claim(action)

    def _play(self, seat: int, action: Play) -> None:
        self._hands[seat].remove(action.tile)
        self.layout = self.layout.play(action.tile, action.end)
        self.history.append(Played(seat, action.tile, action.end))
        self.pending = None  # a score not claimed before the next tile is lost
        points = play_points(self.rules.play_scoring, self.layout)
        side_out = not self._hands[seat] and self._side_is_out(seat)
        if points:
            if not self.rules.manual_scoring:
                self._score(seat, points, "play")
            elif side_out:
                self._score(seat, points, "last")
            else:
                self.pending = (seat, points)
        if side_out:
            self._finish("out", seat)
        else:
            self._next_turn()

    def _draw(self, seat: int) -> None:
        overdraw = bool(self.rules.overdraw_penalty) and any(
            self.layout.ends_for(tile) for tile in self._hands[seat]
        )
        tile = self._boneyard.pop()
        bisect.insort(self._hands[seat], tile)
        self._last_drawn = tile
        self._drew_this_turn = True
        self.history.append(Drew(seat))
        if overdraw and not self._overdrew_this_turn:
            self._overdrew_this_turn = True
            self._penalties[self.rules.side_of(seat)] += self.rules.overdraw_penalty
            self.history.append(Penalized(seat, self.rules.overdraw_penalty))
        if self._should_end():  # the last allowed draw can leave nobody able to play
            self._finish("blocked", None)
        elif self.rules.draw is DrawRule.ONE_ENDS_TURN:
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
            self._finish("target", seat)

    def _side_is_out(self, seat: int) -> bool:
        if self.rules.out_rule is OutRule.ONE:
            return True
        return all(not self._hands[partner] for partner in self.rules.seats_of(self.rules.side_of(seat)))

    def _next_turn(self) -> None:
        self.turn = self.rules.next_seat(self.turn)
        while not self._hands[self.turn]:  # a player who is out (partners must both go out)
            self.turn = self.rules.next_seat(self.turn)
        self._drew_this_turn = False
        self._overdrew_this_turn = False
        if self._should_end():
            self._finish("blocked", None)

    def _should_end(self) -> bool:
        if self.can_draw():
            return False
        values = set(self.layout.values)
        if self.rules.stuck_ends_hand and not any(
            tile.low in values or tile.high in values for tile in self._hands[self.turn]
        ):
            return True
        return not any(tile.low in values or tile.high in values for held in self._hands for tile in held)

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
            one_draw = self.rules.draw is DrawRule.ONE_PER_TURN and self._drew_this_turn
            if (
                one_draw
                and action.tile != self._last_drawn
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
        rules = self.rules
        pips = tuple(hand_pips(held) for held in self._hands)
        side_pips = tuple(sum(pips[seat] for seat in rules.seats_of(side)) for side in range(rules.sides))
        points = [0] * rules.sides
        if winning_seat is not None:
            winner_side: int | None = rules.side_of(winning_seat)
            winner_seat: int | None = winning_seat
            if reason == "out":
                points[rules.side_of(winning_seat)] = hand_award(
                    rules.out_scoring, rules.side_of(winning_seat), side_pips
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
            hands=tuple(tuple(held) for held in self._hands),
            partnerships=rules.partnerships,
            play_points=tuple(self._play_points),
            penalties=tuple(self._penalties),
            blocked_rule=rules.blocked_winner,
        )

    def _blocked_winner(self, pips: tuple[int, ...], side_pips: tuple[int, ...]) -> int | None:
        if self.rules.blocked_winner is BlockedWinner.LOWEST_PLAYER:
            lowest = min(pips)
            sides = {self.rules.side_of(seat) for seat, count in enumerate(pips) if count == lowest}
        else:
            lowest = min(side_pips)
            sides = {side for side, count in enumerate(side_pips) if count == lowest}
        return sides.pop() if len(sides) == 1 else None

    def _lowest_seat_of(self, side: int, pips: tuple[int, ...]) -> int:
        seats = self.rules.seats_of(side)
        return min(seats, key=lambda seat: (pips[seat], self._distance_from_opener(seat)))

    def _distance_from_opener(self, seat: int) -> int:
        distance, current = 0, self.opening.seat if self.starter is None else self.starter
        while current != seat:
            current = self.rules.next_seat(current)
            distance += 1
        return distance


def round_to_five(points: int) -> int:
    """Round to the nearest multiple of 5, a remainder of 1-2 down and 3-4 up (All Fives)."""
    return 5 * ((points + 2) // 5)


def hand_award(scoring: HandScoring, winner_side: int, side_pips: Sequence[int]) -> int:
    """What the winning side scores at the end of the hand, given each side's pips."""
    if scoring is HandScoring.ONE_POINT:
        return 1
    losers = [pips for side, pips in enumerate(side_pips) if side != winner_side]
    if scoring is HandScoring.OPPONENTS_PIPS:
        return sum(losers)
    differences = [pips - side_pips[winner_side] for pips in losers]
    if scoring is HandScoring.ROUNDED_DIFFERENCE:
        return sum(round_to_five(difference) for difference in differences)
    return sum(differences)
