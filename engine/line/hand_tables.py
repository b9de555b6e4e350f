"""What the hands of one rule set look up again and again, built once per :class:`Rules`.

Inside a hand a tile is its *rank*: its index in :attr:`HandTables.tiles`, the set in tile
order, so a sorted list of ranks is a sorted hand. A :class:`Move` is one tile laid on one
end, shared by every hand of the rule set with its :class:`~engine.line.actions.Play` and
each seat's :class:`~engine.line.events.Played` event, so a hand in play builds no new value.
"""

from __future__ import annotations

from engine.line.actions import Play
from engine.line.events import Drew, Opening, Passed, Played
from engine.line.layout import Layout, SpinnerRule, end_code, end_of
from engine.line.rules import DrawRule, PlayScoring, Rules
from engine.line.scoring import points_by_count
from engine.tiles import Tile

__all__ = ["MOST_FITS", "OPENING_CODE", "WHOLE_FITS", "Fit", "Fits", "HandTables", "Move", "opening_weight"]


OPENING_CODE = -1
"""The end code of the play that opens the layout (it goes on no end)."""

MOST_FITS = 4096
"""About how many combinations of open values :meth:`HandTables.fit` keeps, at most."""
WHOLE_FITS = 256
"""About how many of those it works out for every tile at once, at most."""


class Fits(dict[int, tuple[int, ...]]):
    """For open ends showing ``shown``: by rank, the positions of the ends the tile fits.

    Worked out for a tile the first time it is asked for.
    """

    __slots__ = ("high", "low", "shown")

    def __init__(self, shown: tuple[int, ...], low: tuple[int, ...], high: tuple[int, ...]) -> None:
        super().__init__()
        self.shown, self.low, self.high = shown, low, high

    def __missing__(self, rank: int) -> tuple[int, ...]:
        suits = (self.low[rank], self.high[rank])
        positions = self[rank] = tuple(
            position for position, value in enumerate(self.shown) if value in suits
        )
        return positions


Fit = tuple[tuple[int, ...], ...] | Fits
"""By rank, the positions of the open ends a tile fits (see :meth:`HandTables.fit`)."""


class Move:
    """One tile laid on one end (or opening the layout), shared by every hand of a rule set.

    It holds the :class:`Play` and, made on first use, each seat's :class:`Played` event,
    so a hand in play builds no new action or event values.
    """

    __slots__ = ("code", "owner", "play", "played", "rank")

    def __init__(self, owner: HandTables, play: Play, rank: int, code: int) -> None:
        self.owner = owner
        """The tables of the rule set whose hands share it."""
        self.play = play
        self.rank = rank
        """The tile's rank (see :class:`HandTables`)."""
        self.code = code
        """The end's code (see :func:`engine.line.layout.end_of`), or :data:`OPENING_CODE`."""
        self.played: list[Played | None] = [None] * owner.players
        """Each seat's record of this move, once made (see :meth:`played_by`)."""

    def played_by(self, seat: int) -> Played:
        """The public record of ``seat`` making this move."""
        event = self.played[seat]
        if event is None:
            event = self.played[seat] = Played(seat, self.play.tile, self.play.end)
        return event


class HandTables:
    """What the hands of one rule set look up again and again, built once per :class:`Rules`.

    Inside a hand a tile is its *rank*: its index in :attr:`tiles`, the set in tile order,
    so a sorted list of ranks is a sorted hand. A tile's *suits* are a bit mask (bit ``v``
    for each value ``v`` it shows).
    """

    __slots__ = (
        "deal_order",
        "deal_parts",
        "deal_tiles",
        "draws",
        "drew",
        "empty",
        "fits",
        "heaviest_first",
        "high",
        "kept_fits",
        "low",
        "moves",
        "next_seat",
        "opened",
        "openings",
        "passed",
        "pips",
        "players",
        "points",
        "rank",
        "rank_at",
        "rows",
        "scores_play",
        "seats_of",
        "side_of",
        "side_seats",
        "sides",
        "spinners_possible",
        "suit_counts",
        "suits",
        "tiles",
        "whole_fits",
    )

    def __init__(self, rules: Rules) -> None:
        tiles = tuple(sorted(rules.tiles))
        self.tiles = tiles
        self.rank = {tile: rank for rank, tile in enumerate(tiles)}
        self.low = tuple(tile.low for tile in tiles)
        self.high = tuple(tile.high for tile in tiles)
        self.pips = tuple(tile.pips for tile in tiles)
        self.suits = tuple((1 << tile.low) | (1 << tile.high) for tile in tiles)
        self.suit_counts = tuple(sum(tile.has(value) for tile in tiles) for value in range(rules.max_pip + 1))
        """How many tiles of the set show each value."""
        self.deal_tiles = rules.tiles
        """The tiles a deal shuffles: ``rules.tiles``, in its order."""
        self.deal_order = tuple(self.rank[tile] for tile in self.deal_tiles)
        """Their ranks."""
        self.rank_at: list[list[int | None]] = [
            [None] * (rules.max_pip + 1) for _ in range(rules.max_pip + 1)
        ]
        """The rank of each tile by its low and high value (``None``: not of the set)."""
        for rank, tile in enumerate(tiles):
            self.rank_at[tile.low][tile.high] = rank
        size = rules.hand_size
        self.deal_parts = tuple(slice(seat * size, (seat + 1) * size) for seat in range(rules.players))
        """Where each seat's tiles are in a shuffled set (the rest is the boneyard)."""
        self.heaviest_first = tuple(
            sorted(range(len(tiles)), key=lambda rank: opening_weight(tiles[rank]), reverse=True)
        )
        """The ranks, heaviest first for opening a first hand (see :func:`highest_double_opening`)."""
        self.openings: dict[tuple[int, int], Opening] = {}
        """The openings of first hands made so far, by (seat, rank)."""
        self.spinners_possible = rules.spinner is not SpinnerRule.NONE
        self.empty = Layout(rules.spinner)
        """The layout before the first tile (shared: a layout never changes)."""
        self.opened: list[Layout | None] = [None] * len(tiles)
        """By rank, the layout of that tile alone, once made (shared too)."""
        self.draws = rules.draw is not DrawRule.NONE
        self.scores_play = rules.play_scoring is not PlayScoring.NONE
        self.points = points_by_count(rules)
        """What a play scores by the count of the open ends after it (see :func:`engine.line.scoring.points_by_count`)."""
        self.players = rules.players
        self.next_seat = tuple(rules.next_seat(seat) for seat in range(rules.players))
        self.side_of = tuple(rules.side_of(seat) for seat in range(rules.players))
        self.seats_of = tuple(rules.seats_of(rules.side_of(seat)) for seat in range(rules.players))
        """The seats of each seat's side (its own and its partner's)."""
        self.sides = rules.sides
        self.side_seats = tuple(rules.seats_of(side) for side in range(rules.sides))
        """The seats of each side."""
        self.passed = tuple(Passed(seat) for seat in range(rules.players))
        self.drew = tuple(Drew(seat) for seat in range(rules.players))
        self.moves: tuple[dict[int, Move], ...] = tuple({} for _ in tiles)
        """Each tile's moves made so far, by end code."""
        self.rows: tuple[list[Play | None], ...] = tuple([None] * (4 * len(tiles)) for _ in tiles)
        """The same moves' plays, by rank then end code (a list: the quickest to look up)."""
        self.fits: dict[tuple[int, ...], Fit] = {}
        """Where each tile fits, by the values showing at the open ends (see :meth:`fit`)."""
        self.kept_fits = self.whole_fits = 0
        """The most open ends whose combinations of values :attr:`fits` keeps (no more than
        :data:`MOST_FITS` of them), and keeps worked out whole (no more than :data:`WHOLE_FITS`)."""
        while (rules.max_pip + 1) ** (self.kept_fits + 1) <= MOST_FITS:
            self.kept_fits += 1
        while (rules.max_pip + 1) ** (self.whole_fits + 1) <= WHOLE_FITS:
            self.whole_fits += 1

    def move(self, rank: int, code: int) -> Move:
        """The move laying the tile of ``rank`` on the end with ``code`` (:data:`OPENING_CODE`: opening)."""
        move = self.moves[rank].get(code)
        if move is None:
            play = Play(self.tiles[rank], None if code == OPENING_CODE else end_of(code))
            move = self.moves[rank][code] = Move(self, play, rank, code)
            object.__setattr__(play, "_note", move)  # see engine.line.actions._Note
            if code != OPENING_CODE:
                self.rows[rank][code] = play
        return move

    def fit(self, values: tuple[int, ...]) -> Fit:
        """Where each tile fits open ends showing ``values``, worked out tile by tile as asked; kept
        if ends this many show few enough combinations of values, and then, if they show very few
        (a line's two ends), worked out for every tile at once, a tuple being the quickest to read."""
        fit = Fits(values, self.low, self.high)
        if len(values) > self.kept_fits:  # crosses: too many combinations to keep
            return fit
        if len(values) <= self.whole_fits:
            self.fits[values] = tuple([fit[rank] for rank in range(len(self.tiles))])
        else:
            self.fits[values] = fit
        return self.fits[values]

    def move_of(self, play: Play) -> Move:
        """The move of ``play``: noted on a play these tables made, else found from its tile and end."""
        try:
            move: Move = play._note
        except AttributeError:  # a play made elsewhere (read from text, copied)
            return self.move(self.rank[play.tile], OPENING_CODE if play.end is None else end_code(play.end))
        if move.owner is not self:  # shared by another rule set's hands
            return self.move(self.rank[play.tile], OPENING_CODE if play.end is None else end_code(play.end))
        return move


def opening_weight(tile: Tile) -> tuple[bool, int, int]:
    """How heavy a tile is for opening a first hand: a double first, then more pips, then the higher half."""
    return (tile.is_double, tile.pips, tile.high)
