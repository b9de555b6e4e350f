"""The tables of the play-out core (:mod:`engine.line.ai.bits`), one per rule set, and the
outcome of a hand it finished: tiles by local id, suits, pips ten tiles at a time, seats and
sides, the rules as flags (see :mod:`engine.line.ai.bits` for the local ids and the masks)."""

from __future__ import annotations

from engine.line.ai.fast import Outcome
from engine.line.layout import SpinnerRule
from engine.line.rules import BlockedWinner, DrawRule, HandScoring, OutRule, PlayScoring, Rules
from engine.line.scoring import hand_award, points_by_count
from engine.tiles import Tile

__all__ = ["PIP_BITS", "PIP_PART", "PIP_TOP", "PlayoutTable", "outcome_of", "playout_table", "serves"]

_new_tuple = tuple.__new__
"""Makes an :class:`Outcome` without its generated ``__new__`` (half the cost, once per play-out)."""

PIP_BITS = 10
"""The pips of a hand are looked up this many tiles at a time."""
PIP_PART = (1 << PIP_BITS) - 1
PIP_TOP = 2 * PIP_BITS


def serves(rules: Rules) -> bool:
    """Whether this core plays hands of ``rules``: every game laid in a line (no spinner)."""
    return rules.spinner is SpinnerRule.NONE


class PlayoutTable:
    """What a rule set's hands need, tabulated once: tiles by local id, suits, seats."""

    def __init__(self, rules: Rules) -> None:
        """Tabulate ``rules`` (see the module docstring for the local ids)."""
        tiles = rules.tiles
        self.rules = rules
        self.n = len(tiles)
        by_key = sorted(range(self.n), key=lambda g: -(2 * tiles[g].pips + tiles[g].is_double))
        self.global_of: list[int] = by_key
        """The global tile id (index into ``rules.tiles``) of each local id."""
        self.local_of: list[int] = [0] * self.n
        for local, g in enumerate(by_key):
            self.local_of[g] = local
        self.bits = [1 << local for local in range(self.n)]
        """The one-bit mask of each local id."""
        dealt = rules.players * rules.hand_size
        self.seat_slices = [slice(start, start + rules.hand_size) for start in range(0, dealt, rules.hand_size)]
        """Which stretch of a shuffled tile list each seat is dealt (:meth:`LineHand.deal`)."""
        self.tiles: list[Tile] = [tiles[g] for g in by_key]
        self.low = [tile.low for tile in self.tiles]
        self.high = [tile.high for tile in self.tiles]
        self.pips = [tile.pips for tile in self.tiles]
        self.key = [2 * tile.pips + tile.is_double for tile in self.tiles]
        self.double = [int(tile.is_double) for tile in self.tiles]
        self.index = {1 << local: local for local in range(self.n)}
        """The local id of a one-bit mask."""
        self.width = rules.max_pip + 1
        self.suit = [0] * self.width
        for local, tile in enumerate(self.tiles):
            self.suit[tile.low] |= 1 << local
            self.suit[tile.high] |= 1 << local
        self.pair = [0] * self.width**2
        """``pair[x * width + y]``: the bit of the tile ``x``-``y``, the one tile that fits both of two
        different numbers showing (0 if it is out of the set)."""
        for local, tile in enumerate(self.tiles):
            self.pair[tile.low * self.width + tile.high] = 1 << local
            self.pair[tile.high * self.width + tile.low] = 1 << local
        self.tie = [0] * self.n
        for local in range(self.n):
            for other in range(self.n):
                if other != local and self.key[other] == self.key[local]:
                    self.tie[local] |= 1 << other
        """The other tiles as heavy as each one (the policy's ties)."""
        self.no_tie = [0] * self.n
        """No ties: where each hand is listed heaviest first, the heaviest tile is the first."""
        self.pip_tables = [self._pip_table(base) for base in range(0, self.n, PIP_BITS)]
        """The pips of a mask are looked up ``PIP_BITS`` bits at a time, a table for each."""
        players = rules.players
        self.next_seat = [rules.next_seat(seat) for seat in range(players)]
        self.side_of = [rules.side_of(seat) for seat in range(players)]
        self.partnerships = rules.partnerships
        """Two sides of two partners (seats 0 and 2, 1 and 3), as ``rules.side_of`` pairs them."""
        self.partners = [
            [other for other in rules.seats_of(rules.side_of(seat)) if other != seat]
            for seat in range(players)
        ]
        self.out_one = rules.out_rule is OutRule.ONE
        self.scoring = rules.play_scoring is not PlayScoring.NONE
        self.scores = points_by_count(rules)
        """What a play scores by the count of the open ends after it."""
        self.reserve = rules.boneyard_reserve if rules.draw is not DrawRule.NONE else self.n
        """A seat may draw while the boneyard holds more tiles than this."""
        self.one_per_turn = rules.draw is DrawRule.ONE_PER_TURN
        self.ends_turn = rules.draw is DrawRule.ONE_ENDS_TURN
        self.stuck_ends = rules.stuck_ends_hand
        self.overdraw = rules.overdraw_penalty
        self.lowest_player = rules.blocked_winner is BlockedWinner.LOWEST_PLAYER
        self.out_scoring = rules.out_scoring
        self.blocked_scoring = rules.blocked_scoring
        self.net = self.scoring or bool(self.overdraw)
        """Whether points scored during play or penalties count in the outcome."""
        self.hot = (
            self.suit, self.pips, self.index, self.tie, self.double, self.next_seat, self.side_of,
            self.partners, self.out_one, self.scoring, self.scores, self.reserve, self.one_per_turn,
            self.ends_turn, self.stuck_ends,
        )  # fmt: skip
        """What the play-out loop reads, in one tuple (unpacked at once)."""

    def _pip_table(self, base: int) -> list[int]:
        """The pips of each mask of the ``PIP_BITS`` tiles from local id ``base`` on."""
        table = [0] * (1 << min(PIP_BITS, self.n - base))
        for part in range(1, len(table)):
            low = part & -part
            table[part] = table[part ^ low] + self.pips[base + low.bit_length() - 1]
        return table

    def pips_of(self, mask: int) -> int:
        """The pips of the tiles of a mask."""
        total = 0
        for table in self.pip_tables:
            total += table[mask & PIP_PART]
            mask >>= PIP_BITS
        return total

    def points(self, count: int) -> int:
        """What a play leaving the ends at ``count`` scores (0 in games that score none)."""
        return self.scores[count]


def playout_table(rules: Rules) -> PlayoutTable:
    """The table of a rule set, made once (kept with the rules)."""
    return rules.derived(PlayoutTable)


def outcome_of(
    t: PlayoutTable,
    hands: list[int],
    play_points: list[int],
    penalties: list[int],
    reason: str,
    winning_seat: int,
) -> Outcome:
    """How a hand of ``t``'s rules ended with ``hands`` left (``winning_seat`` out, or -1), as
    ``FastHand`` reports it."""
    tables = t.pip_tables
    if len(tables) == 3:  # 21 to 30 tiles (a double-six set): three looks each
        low, middle, high = tables
        seat_pips = [
            low[mask & PIP_PART] + middle[mask >> PIP_BITS & PIP_PART] + high[mask >> PIP_TOP]
            for mask in hands
        ]
    else:
        seat_pips = [t.pips_of(mask) for mask in hands]
    side_pips = [seat_pips[0] + seat_pips[2], seat_pips[1] + seat_pips[3]] if t.partnerships else seat_pips
    winner: int | None
    if winning_seat >= 0:
        winner = t.side_of[winning_seat]
        scoring = t.out_scoring
    elif t.lowest_player:
        winner = lowest_player_side(t, seat_pips)
        scoring = t.blocked_scoring
    else:
        lowest = min(side_pips)
        winner = side_pips.index(lowest) if side_pips.count(lowest) == 1 else None
        scoring = t.blocked_scoring
    points = [0] * len(side_pips)
    if winner is not None:
        if scoring is HandScoring.OPPONENTS_PIPS:
            points[winner] = sum(side_pips) - side_pips[winner]
        else:
            points[winner] = hand_award(scoring, winner, side_pips)
    if t.net:
        points = [a + p - q for a, p, q in zip(points, play_points, penalties, strict=True)]
    return _new_tuple(Outcome, (winner, tuple(points), reason))


def lowest_player_side(t: PlayoutTable, seat_pips: list[int]) -> int | None:
    """The side of the player with the fewest pips (``None``: opponents tie for fewest)."""
    lowest = min(seat_pips)
    sides = {t.side_of[seat] for seat, count in enumerate(seat_pips) if count == lowest}
    return sides.pop() if len(sides) == 1 else None
