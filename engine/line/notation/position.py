"""Single positions as one line of text: :func:`write_position` and :func:`read_position`.

A position says everything needed to play on from the middle of a hand: the rules, the
match score, who opened and whose turn it is, the layout (its tiles in the order they
were laid, written as moves), each hand (or, for a puzzle, only a count: ``?7``), the
boneyard, and what was scored so far this hand. Example::

    draw-2 2 100 ; scores 0-0 ; opener 1 ; turn 0 ; layout 6-6 6-3@6-6E ; hands 5-3 3-1 / ?6 ; stock ?14

See ``docs/notation.md`` for every field.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from engine.errors import EngineError, NotationError, RulesError
from engine.line.events import Opening
from engine.line.hand import Hand
from engine.line.layout import Layout
from engine.line.notation.moves import by_suit, play_text, read_play
from engine.line.rules import Rules
from engine.line.variants import VARIANTS, make_rules
from engine.notation.text import TILE_EXAMPLE, check_text, read_tile
from engine.tiles import Tile

__all__ = ["Position", "read_position", "write_position"]

MAX_POSITION = 20_000
"""The longest position read (characters); a double-twelve position is under 2,000."""

_CODE = "bad-position"
_DASHED = re.compile(r"-?\d{1,5}(?:--?\d{1,5})*")
_DASHED_PART = re.compile(r"(?:^|(?<=\d)-)(-?\d{1,5})")
_DEALS_TRIED = 50
"""Deals of a position's hidden tiles tried before deciding that nobody could move in any."""
_FIELDS = (
    "scores",
    "opener",
    "choose",
    "open",
    "turn",
    "layout",
    "hands",
    "stock",
    "played",
    "penalties",
    "pending",
    "drawn",
    "overdrew",
)
_REQUIRED = ("scores", "opener", "turn", "layout", "hands", "stock")


@dataclass(frozen=True, slots=True)
class Position:
    """A hand in the middle, as a position states it.

    ``hands[seat]`` and ``stock`` are tiles, or an ``int`` count where the position hides
    them (a puzzle shows only one seat's tiles). ``stock`` lists the boneyard in the order
    it is drawn, first drawn first. :meth:`hand` makes a playable :class:`Hand` of it.
    """

    rules: Rules
    scores: tuple[int, ...]
    opening: Opening
    turn: int
    layout: Layout
    hands: tuple[tuple[Tile, ...] | int, ...]
    stock: tuple[Tile, ...] | int
    play_points: tuple[int, ...]
    penalties: tuple[int, ...]
    pending: tuple[int, int] | None = None
    drawn: Tile | None = None
    overdrew: bool = False

    @classmethod
    def of(cls, hand: Hand, scores: tuple[int, ...] = (), seat: int | None = None) -> Position:
        """The position of ``hand`` (with the match ``scores``), from ``seat``'s view if given.

        From a seat's view the other hands and the boneyard are counts only. Raises
        :class:`RulesError` (``position-over``) for a finished hand (nothing is left to play).
        """
        if hand.is_over:
            raise RulesError("the hand is over: there is no position to play on", "position-over")
        rules = hand.rules
        hands: list[tuple[Tile, ...] | int] = []
        for each in range(rules.players):
            held = hand.hand_of(each)
            hands.append(held if seat is None or each == seat else len(held))
        stock: tuple[Tile, ...] | int = (
            tuple(reversed(hand.boneyard())) if seat is None else hand.boneyard_count
        )
        drawn = hand.drawn_this_turn
        if drawn is not None and seat is not None and seat != hand.turn:
            raise RulesError("the tile drawn this turn is hidden from this seat", "hidden-draw")
        opening = hand.opening
        if opening.lead_choices and hand.starter is not None:  # chosen: the starter opens, with any tile
            opening = Opening(hand.starter)
        return cls(
            rules=rules,
            scores=tuple(scores) or (0,) * rules.sides,
            opening=opening,
            turn=hand.turn,
            layout=hand.layout,
            hands=tuple(hands),
            stock=stock,
            play_points=hand.play_points_by_side,
            penalties=hand.penalties_by_side,
            pending=hand.pending,
            drawn=drawn,
            overdrew=hand.overdrew_this_turn,
        )

    def rotated(self, first: int) -> Position:
        """The same position with seat ``first`` numbered 0 and the others after it in turn.

        The play is the same (seats keep their order, partners stay partners); scores and
        points follow their sides. A puzzle for whichever seat is to move is written with
        ``position.rotated(position.turn)``: that seat becomes seat 0, where the person sits.
        """
        players, sides = self.rules.players, self.rules.sides

        def seat(old: int) -> int:
            return (old - first) % players

        def by_side(values: tuple[int, ...]) -> tuple[int, ...]:
            return tuple(values[(side + first) % sides] for side in range(sides))

        opening = Opening(
            seat(self.opening.seat), self.opening.tile, tuple(seat(s) for s in self.opening.lead_choices)
        )
        return Position(
            rules=self.rules,
            scores=by_side(self.scores),
            opening=opening,
            turn=seat(self.turn),
            layout=self.layout,
            hands=tuple(self.hands[(new + first) % players] for new in range(players)),
            stock=self.stock,
            play_points=by_side(self.play_points),
            penalties=by_side(self.penalties),
            pending=None if self.pending is None else (seat(self.pending[0]), self.pending[1]),
            drawn=self.drawn,
            overdrew=self.overdrew,
        )

    @property
    def hidden(self) -> tuple[Tile, ...]:
        """The tiles the position does not place (in hidden hands or a hidden boneyard)."""
        placed = {placement.tile for placement in self.layout.placements}
        for held in (*self.hands, self.stock):
            if not isinstance(held, int):
                placed.update(held)
        return tuple(tile for tile in self.rules.tiles if tile not in placed)

    def hand(self, rng: random.Random | None = None) -> Hand:
        """A playable hand from this position; hidden tiles are dealt at random with ``rng``.

        Without ``rng`` every tile must be shown. A deal of the hidden tiles in which nobody
        could move is dealt again. Raises :class:`RulesError` if the position cannot be
        played on.
        """
        hidden = list(self.hidden)
        if hidden and rng is None:
            raise RulesError("the position hides tiles: deal them with a seeded random", "hidden-tiles")
        for _ in range(_DEALS_TRIED if hidden else 1):
            if rng is not None:
                rng.shuffle(hidden)
            try:
                return self._resume(list(hidden))
            except EngineError as error:
                if error.code != "position-over":
                    raise
        raise RulesError("nobody can move with any deal of the hidden tiles tried", "position-over")

    def _resume(self, hidden: list[Tile]) -> Hand:
        forced = self.opening.tile if self.layout.is_empty else None
        opener = self.opening.seat
        if forced is not None and isinstance(self.hands[opener], int) and forced in hidden:
            hidden.remove(forced)  # the hidden opener holds the tile it must open with
        else:
            forced = None
        hands = []
        for seat, held in enumerate(self.hands):
            if isinstance(held, int):
                given = [forced] if forced is not None and seat == opener else []
                count = held - len(given)
                hands.append(tuple(given + hidden[:count]))
                del hidden[:count]
            else:
                hands.append(held)
        stock = tuple(hidden) if isinstance(self.stock, int) else self.stock
        return Hand.resume(
            self.rules,
            hands,
            tuple(reversed(stock)),
            self.layout,
            self.opening,
            self.turn,
            play_points=self.play_points,
            penalties=self.penalties,
            pending=self.pending,
            drawn=self.drawn,
            overdrew=self.overdrew,
        )


# --- writing ---------------------------------------------------------------------------


def write_position(position: Position | Hand, scores: tuple[int, ...] = (), seat: int | None = None) -> str:
    """The one-line text of a position (or of a hand in progress, from ``seat``'s view if given)."""
    if isinstance(position, Hand):
        position = Position.of(position, scores, seat)
    rules = position.rules
    head = " ".join(
        [rules.variant, str(rules.players), str(rules.target), *(f"{k}={v}" for k, v in rules.options)]
    )
    fields = [head, f"scores {_dashed(position.scores)}", f"opener {position.opening.seat}"]
    if position.opening.lead_choices:
        fields.append("choose " + " ".join(str(seat) for seat in position.opening.lead_choices))
    if position.opening.tile is not None and position.layout.is_empty:
        fields.append(f"open {position.opening.tile}")
    fields.append(f"turn {position.turn}")
    fields.append("layout " + (_layout_text(position.layout) or "-"))
    fields.append("hands " + " / ".join(_held_text(held, in_suits=True) for held in position.hands))
    fields.append("stock " + _held_text(position.stock))
    if any(position.play_points):
        fields.append(f"played {_dashed(position.play_points)}")
    if any(position.penalties):
        fields.append(f"penalties {_dashed(position.penalties)}")
    if position.pending is not None:
        fields.append(f"pending {position.pending[0]} +{position.pending[1]}")
    if position.drawn is not None:
        fields.append(f"drawn {position.drawn}")
    if position.overdrew:
        fields.append("overdrew")
    return " ; ".join(fields)


def _dashed(numbers: tuple[int, ...]) -> str:
    return "-".join(str(number) for number in numbers)


def _held_text(held: tuple[Tile, ...] | int, in_suits: bool = False) -> str:
    """Tiles (a hand sorted heaviest suit first; the stock in the order it is drawn), ``?n`` or ``-``."""
    if isinstance(held, int):
        return f"?{held}"
    if in_suits:
        held = by_suit(held)
    return " ".join(str(tile) for tile in held) or "-"


def _layout_text(layout: Layout) -> str:
    """The layout's tiles in the order they were laid, each written as the move that laid it."""
    from engine.line.actions import Play
    from engine.line.layout import End

    words: list[str] = []
    built = Layout(layout.spinner_rule)
    for placement in layout.placements:
        end = None if placement.parent is None else End(placement.parent, placement.side)
        play = Play(placement.tile, end)
        words.append(play_text(built, play))
        built = built.play(play.tile, play.end)
    return " ".join(words)


# --- reading ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Field:
    name: str
    words: tuple[tuple[int, str], ...]
    """The field's words after its name, each with its index in the text."""
    start: int


def read_position(text: str) -> Position:
    """The position a line of text states.

    Raises :class:`NotationError` (code ``bad-position``, with ``line``, ``column`` and
    ``expected``) for anything that is not a valid position, and no other exception.
    """
    check_text(text, MAX_POSITION, _CODE)
    reader = _Reader(text)
    head, fields = reader.fields()
    rules = reader.rules(head)
    for name in _REQUIRED:
        if name not in fields:
            raise reader.fail(len(text.rstrip()), f'a "{name} ..." field', "")
    sides, players = rules.sides, rules.players
    scores = reader.dashed(fields["scores"], sides, "the match score of each side, as 35-20")
    opener = reader.seat(fields["opener"], players)
    choices = tuple(reader.seats(fields["choose"], players)) if "choose" in fields else ()
    opening_tile = reader.tiles(fields["open"], rules, one=True)[0] if "open" in fields else None
    turn = reader.seat(fields["turn"], players)
    layout = reader.layout(fields["layout"], rules)
    hands = reader.hands(fields["hands"], rules)
    stock = reader.held(fields["stock"], fields["stock"].words, rules)
    played = (
        reader.dashed(fields["played"], sides, "points scored this hand by each side")
        if "played" in fields
        else (0,) * sides
    )
    penalties = (
        reader.dashed(fields["penalties"], sides, "penalties this hand by side")
        if "penalties" in fields
        else (0,) * sides
    )
    pending = reader.pending(fields["pending"], players) if "pending" in fields else None
    drawn = reader.tiles(fields["drawn"], rules, one=True)[0] if "drawn" in fields else None
    if "overdrew" in fields and fields["overdrew"].words:
        index, word = fields["overdrew"].words[0]
        raise reader.fail(index, "nothing after overdrew", word)
    position = Position(
        rules,
        scores,
        Opening(opener, opening_tile, choices),
        turn,
        layout,
        hands,
        stock,
        played,
        penalties,
        pending,
        drawn,
        "overdrew" in fields,
    )
    reader.check(position, fields)
    return position


class _Reader:
    """Reads the fields of one position's text, failing with where and what was expected."""

    def __init__(self, text: str) -> None:
        self.text = text

    def fail(self, index: int, expected: str, found: str | None) -> NotationError:
        line = self.text.count("\n", 0, index) + 1
        column = index - (self.text.rfind("\n", 0, index) + 1) + 1
        message = f"line {line}, column {column}: expected {expected}"
        if found is not None:
            message += f', found "{found[:24]}"' if found else ", found the end of the text"
        return NotationError(message, _CODE, line=line, column=column, expected=expected)

    def fields(self) -> tuple[_Field, dict[str, _Field]]:
        """The first field (the rules: every word, with its index) and the named fields by name."""
        parts: list[tuple[int, tuple[tuple[int, str], ...]]] = []
        start = 0
        for chunk in self.text.split(";"):
            words = tuple((start + match.start(), match.group()) for match in re.finditer(r"\S+", chunk))
            parts.append((start, words))
            start += len(chunk) + 1
        head_start, head_words = parts[0]
        if not head_words:
            raise self.fail(head_start, "a rule set, as in draw-2 2 100", "")
        fields: dict[str, _Field] = {}
        for part_start, words in parts[1:]:
            if not words:
                raise self.fail(part_start, f"a field ({', '.join(_FIELDS)})", "")
            index, word = words[0]
            name = word.lower()
            if name not in _FIELDS:
                raise self.fail(index, f"a field ({', '.join(_FIELDS)})", word)
            if name in fields:
                raise self.fail(index, f"one {name} field", word)
            fields[name] = _Field(name, words[1:], index)
        return _Field(head_words[0][1].lower(), head_words, head_start), fields

    def rules(self, head: _Field) -> Rules:
        (variant_at, variant), *rest = head.words
        numbers: list[int] = []
        options: dict[str, str] = {}
        for index, word in rest:
            if len(numbers) < 2 and "=" not in word:
                if not re.fullmatch(r"\d{1,3}", word):
                    raise self.fail(
                        index, "the number of players" if not numbers else "the target score", word
                    )
                numbers.append(int(word))
                continue
            key, equals, value = word.partition("=")
            if not equals or not key or not value:
                raise self.fail(index, "an option as name=value", word)
            options[key] = value
        if len(numbers) < 2:
            raise self.fail(
                head.words[-1][0] + len(head.words[-1][1]), "the number of players and the target score", ""
            )
        try:
            return make_rules(variant, numbers[0], numbers[1], options)
        except RulesError as error:
            if error.code == "unknown-variant":
                raise self.fail(variant_at, f"a rule set: {', '.join(sorted(VARIANTS))}", variant) from None
            at = (
                rest[0][0]
                if error.code == "bad-player-count"
                else rest[1][0]
                if "point" in str(error)
                else rest[-1][0]
            )
            raise self.fail(at, str(error), None) from None

    def dashed(self, field: _Field, count: int, what: str) -> tuple[int, ...]:
        """Numbers joined by ``-`` (a number below zero keeps its own ``-``: ``0--10``)."""
        if len(field.words) != 1:
            raise self.fail(field.start, what, field.name)
        index, word = field.words[0]
        if not _DASHED.fullmatch(word) or len(parts := _DASHED_PART.findall(word)) != count:
            raise self.fail(index, f"{what} ({count} numbers joined by -)", word)
        return tuple(int(part) for part in parts)

    def seat(self, field: _Field, players: int) -> int:
        if len(field.words) != 1:
            raise self.fail(field.start, f"a seat from 0 to {players - 1} after {field.name}", field.name)
        return self.seats(field, players)[0]

    def seats(self, field: _Field, players: int) -> list[int]:
        if not field.words:
            raise self.fail(field.start, f"seats from 0 to {players - 1} after {field.name}", field.name)
        seats = []
        for index, word in field.words:
            if not re.fullmatch(r"\d{1,2}", word) or int(word) >= players:
                raise self.fail(index, f"a seat from 0 to {players - 1}", word)
            seats.append(int(word))
        return seats

    def tiles(self, field: _Field, rules: Rules, one: bool = False) -> list[Tile]:
        if one and len(field.words) != 1:
            raise self.fail(field.start, f"one tile after {field.name}", field.name)
        found = []
        for index, word in field.words:
            try:
                tile = read_tile(word)
            except NotationError:
                raise self.fail(index, TILE_EXAMPLE, word) from None
            if tile not in set(rules.tiles):
                raise self.fail(index, f"a tile of the double-{rules.max_pip} set in play", word)
            found.append(tile)
        return found

    def layout(self, field: _Field, rules: Rules) -> Layout:
        layout = Layout(rules.spinner)
        words = field.words
        if len(words) == 1 and words[0][1] == "-":
            return layout
        if not words:
            raise self.fail(field.start, "the tiles laid, or - for none", "layout")
        for index, word in words:
            try:
                play = read_play(word, layout)
                layout = layout.play(play.tile, play.end)
            except EngineError as error:
                expected = getattr(error, "expected", "") or f"a tile that fits there ({error})"
                raise self.fail(index, expected, word) from None
            if any(tile.tile == play.tile for tile in layout.placements[:-1]):
                raise self.fail(index, "each tile laid once", word)
        return layout

    def held(self, field: _Field, words: tuple[tuple[int, str], ...], rules: Rules) -> tuple[Tile, ...] | int:
        if not words:
            raise self.fail(field.start, "tiles, ?count or -", field.name)
        if len(words) == 1 and words[0][1] == "-":
            return ()
        if len(words) == 1 and words[0][1].startswith("?"):
            index, word = words[0]
            if not re.fullmatch(r"\?\d{1,3}", word):
                raise self.fail(index, "a count of hidden tiles, as ?7", word)
            return int(word[1:])
        return tuple(self.tiles(_Field(field.name, words, field.start), rules))

    def hands(self, field: _Field, rules: Rules) -> tuple[tuple[Tile, ...] | int, ...]:
        groups: list[list[tuple[int, str]]] = [[]]
        for index, word in field.words:
            if word == "/":
                groups.append([])
            else:
                groups[-1].append((index, word))
        if len(groups) != rules.players:
            raise self.fail(field.start, f"{rules.players} hands separated by /", f"{len(groups)} hands")
        return tuple(self.held(field, tuple(group), rules) for group in groups)

    def pending(self, field: _Field, players: int) -> tuple[int, int]:
        words = field.words
        if len(words) != 2 or not re.fullmatch(r"\+\d{1,4}", words[1][1]):
            raise self.fail(field.start, "pending, the seat and its points, as pending 1 +10", field.name)
        seat = self.seat(_Field(field.name, words[:1], field.start), players)
        return seat, int(words[1][1][1:])

    def check(self, position: Position, fields: dict[str, _Field]) -> None:
        """Everything the fields must agree on: each tile once, and a hand the rules can play."""
        rules = position.rules
        seen: dict[Tile, str] = {placement.tile: "layout" for placement in position.layout.placements}
        for name, groups in (("hands", position.hands), ("stock", (position.stock,))):
            for held in groups:
                if isinstance(held, int):
                    continue
                for tile in held:
                    if tile in seen:
                        raise self.fail(
                            fields[name].start, f"each tile once ({tile} is also in {seen[tile]})", name
                        )
                    seen[tile] = name
        hidden_counts = sum(held for held in (*position.hands, position.stock) if isinstance(held, int))
        if hidden_counts != len(position.hidden):
            raise self.fail(
                fields["hands"].start,
                f"hands, stock and layout holding the {len(rules.tiles)} tiles of the set "
                f"({len(position.hidden)} not shown, counts give {hidden_counts})",
                "hands",
            )
        try:
            position.hand(random.Random(0))
        except EngineError as error:
            raise self.fail(
                fields["turn"].start, f"a position the rules can play on ({error})", None
            ) from None
