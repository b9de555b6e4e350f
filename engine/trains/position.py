"""Positions of the train family: one moment of one round on one line (spec:
``docs/notation.md``, "Train positions").

``mexican-train 4 set=12 rounds=full opening-run=off double-blank=0 ; round 3 ; totals
10-0-5-3 ; turn 1 7 ; trains 0: 10-4 4-1 / 1: - / 2: 10-2 / 3: - / M: - ; markers 1 ;
hands 6-2 4-1 / ?3 / ?4 / ?2 ; stock ?20``: the rules, the round (from 1), the totals
before it, the player to move and the turn's number, each train's tiles in the order laid,
then the hands and the boneyard, each shown or hidden (``?n``). Fields written only when
they say something: ``markers``, ``drawn`` (the tile the player to move drew and must lay or
keep), ``laid`` (tiles the player to move laid this turn), ``drew`` (they drew this turn),
``run`` (they are laying an opening run), ``first`` (the players who have had their first
turn, with the ``opening-run`` option) and ``passes`` (turns passed in a row with the
boneyard empty). The open double and the unfinished chicken foot are read from the trains.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from dataclasses import dataclass

from engine.errors import EngineError, NotationError
from engine.notation.text import read_tile
from engine.tiles import Tile, full_set
from engine.trains.actions import TRAIN_ID
from engine.trains.layout import MEXICAN, Train
from engine.trains.round import Situation, TrainRound
from engine.trains.rules import TrainRules, train_rules

__all__ = ["TrainPosition", "read_train_position", "write_train_position"]

_HIDDEN = re.compile(r"\?(\d{1,3})")
_COUNT = re.compile(r"\d{1,4}")


@dataclass(frozen=True)
class TrainPosition:
    """A position: the rules, the round's number (from 0), the totals before it, the trains,
    the situation, and each hand and the boneyard (``None`` where hidden, with its size)."""

    rules: TrainRules
    number: int
    totals: tuple[int, ...]
    trains: tuple[Train, ...]
    situation: Situation
    hands: tuple[tuple[Tile, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    stock: tuple[Tile, ...] | None
    stock_size: int
    drawn: Tile | None = None

    def round(self, rng: random.Random | None = None) -> TrainRound:
        """The round in this position; hidden tiles are dealt at random from ``rng`` (a
        :class:`NotationError` if tiles are hidden and no ``rng`` is given)."""
        seen = {
            self.rules.round_double(self.number),
            *(tile for train in self.trains for tile in train.tiles),
        }
        for hand in self.hands:
            seen.update(hand or ())
        seen.update(self.stock or ())
        hidden = [tile for tile in full_set(self.rules.max_pip) if tile not in seen]
        if hidden and rng is None:
            raise NotationError(
                "the position hides tiles: give a seeded random source to deal them", "bad-position"
            )
        if rng is not None:
            rng.shuffle(hidden)
        hands = []
        for hand, size in zip(self.hands, self.hand_sizes, strict=True):
            hands.append(list(hand) if hand is not None else [hidden.pop() for _ in range(size)])
        stock = list(self.stock) if self.stock is not None else [hidden.pop() for _ in range(self.stock_size)]
        try:
            return TrainRound.in_position(
                self.rules, self.number, hands, stock, list(self.trains), self.situation, self.drawn
            )
        except (EngineError, IndexError) as error:
            raise NotationError(f"not a position of {self.rules.variant}: {error}", "bad-position") from None


def write_train_position(played: TrainRound, totals: tuple[int, ...], seat: int | None = None) -> str:
    """``played`` as a position, the players having ``totals`` before the round; ``seat``:
    show only that seat's tiles (the others' and the boneyard hidden)."""
    rules = played.rules
    state = played.situation()
    fields = [
        " ".join([rules.variant, str(rules.players), *(f"{k}={v}" for k, v in rules.options().items())]),
        f"round {played.number + 1}",
        "totals " + "-".join(map(str, totals)),
        f"turn {state.turn} {state.turn_number}",
        "trains " + (" / ".join(f"{t.name}: {_tiles(t.tiles)}" for t in played.trains.values()) or "-"),
    ]
    if state.markers:
        fields.append("markers " + " ".join(map(str, sorted(state.markers))))
    fields.append(
        "hands "
        + " / ".join(
            _tiles(hand) if seat is None or index == seat else f"?{len(hand)}"
            for index, hand in enumerate(played.hands)
        )
    )
    fields.append("stock " + (_tiles(played.boneyard) if seat is None else f"?{len(played.boneyard)}"))
    if played.drawn is not None and (seat is None or seat == state.turn):
        fields.append(f"drawn {played.drawn}")
    if state.laid_this_turn:
        fields.append(f"laid {state.laid_this_turn}")
    if state.drew_this_turn:
        fields.append("drew")
    if state.running:
        fields.append("run")
    if rules.opening_run and state.first_turn_taken:
        fields.append("first " + " ".join(map(str, sorted(state.first_turn_taken))))
    if state.passes_without_draw:
        fields.append(f"passes {state.passes_without_draw}")
    return " ; ".join(fields)


def _tiles(tiles: Iterable[Tile]) -> str:
    listed = " ".join(str(tile) for tile in tiles)
    return listed or "-"


def read_train_position(text: str) -> TrainPosition:
    """The position ``text`` writes; a :class:`NotationError` naming the field at fault."""
    if not isinstance(text, str) or len(text) > 20_000:
        raise NotationError("a train position is one line of text", "bad-position")
    parts = [part.strip() for part in text.strip().split(";")]
    rules = _rules(parts[0])
    fields: dict[str, str] = {}
    for part in parts[1:]:
        name, _, value = part.partition(" ")
        if name in fields or name not in _FIELDS:
            raise _bad(part, f"one of the fields {', '.join(_FIELDS)}, each once")
        fields[name] = value.strip()
    for name in ("round", "totals", "turn", "trains", "hands", "stock"):
        if name not in fields:
            raise _bad(text, f"a field {name!r}")
    number = _number(fields["round"], "round", 1, rules.rounds) - 1
    totals = tuple(_number(value, "totals", 0, 10**6) for value in fields["totals"].split("-"))
    if len(totals) != rules.players:
        raise _bad(fields["totals"], f"{rules.players} totals joined by -")
    turn_words = fields["turn"].split()
    if len(turn_words) != 2:
        raise _bad(fields["turn"], "the player to move and the turn's number, such as turn 1 7")
    turn, turn_number = (
        _number(turn_words[0], "turn", 0, rules.players - 1),
        _number(turn_words[1], "turn", 1, 9999),
    )
    trains = _trains(rules, number, fields["trains"])
    hands, sizes = _hands(rules, fields["hands"])
    stock, stock_size = _group(fields["stock"], "stock")
    markers = frozenset(
        _number(word, "markers", 0, rules.players - 1) for word in fields.get("markers", "").split()
    )
    open_double = next((t.name for t in trains if t.ends_in_double and not rules.is_chicken_foot), None)
    foot, toes = _foot(rules, trains)
    situation = Situation(
        turn=turn,
        turn_number=turn_number,
        markers=markers,
        open_double=open_double,
        foot=foot,
        toes_laid=toes,
        drew_this_turn="drew" in fields,
        laid_this_turn=_number(fields["laid"], "laid", 1, 99) if "laid" in fields else 0,
        running="run" in fields,
        first_turn_taken=frozenset(
            _number(w, "first", 0, rules.players - 1) for w in fields.get("first", "").split()
        ),
        passes_without_draw=_number(fields["passes"], "passes", 1, rules.players)
        if "passes" in fields
        else 0,
    )
    drawn = _tile(fields["drawn"], "drawn") if "drawn" in fields else None
    position = TrainPosition(rules, number, totals, trains, situation, hands, sizes, stock, stock_size, drawn)
    if all(hand is not None for hand in hands) and stock is not None:
        position.round()  # every tile once, or an error now
    return position


_FIELDS = (
    "round",
    "totals",
    "turn",
    "trains",
    "markers",
    "hands",
    "stock",
    "drawn",
    "laid",
    "drew",
    "run",
    "first",
    "passes",
)


def _bad(found: str, expected: str) -> NotationError:
    return NotationError(f"expected {expected}, found {found!r}", "bad-position", expected=expected)


def _rules(text: str) -> TrainRules:
    words = text.split()
    if len(words) < 2 or not words[1].isdigit():
        raise _bad(text, "the game, the number of players and the options, such as mexican-train 4 set=12")
    options = dict(word.partition("=")[::2] for word in words[2:])
    try:
        return train_rules(words[0], int(words[1]), options)
    except EngineError as error:
        raise _bad(text, f"rules the game is played by ({error})") from None


def _number(word: str, field: str, lowest: int, highest: int) -> int:
    if not _COUNT.fullmatch(word) or not lowest <= int(word) <= highest:
        raise _bad(word, f"a number from {lowest} to {highest} in {field}")
    return int(word)


def _tile(word: str, field: str) -> Tile:
    try:
        return read_tile(word)
    except NotationError:
        raise _bad(word, f"a tile such as 6-4 in {field}") from None


def _group(text: str, field: str) -> tuple[tuple[Tile, ...] | None, int]:
    hidden = _HIDDEN.fullmatch(text.strip())
    if hidden:
        return None, int(hidden.group(1))
    if text.strip() == "-":
        return (), 0
    tiles = tuple(_tile(word, field) for word in text.split())
    return tiles, len(tiles)


def _hands(rules: TrainRules, text: str) -> tuple[tuple[tuple[Tile, ...] | None, ...], tuple[int, ...]]:
    groups = [_group(part, "hands") for part in text.split("/")]
    if len(groups) != rules.players:
        raise _bad(text, f"{rules.players} hands separated by /")
    return tuple(group for group, _ in groups), tuple(size for _, size in groups)


def _trains(rules: TrainRules, number: int, text: str) -> tuple[Train, ...]:
    centre = rules.round_double(number).high
    trains: dict[str, Train] = {}
    for part in [] if text.strip() == "-" else text.split("/"):
        name, colon, tiles = part.partition(":")
        name = name.strip()
        if not colon or not TRAIN_ID.fullmatch(name) or name in trains:
            raise _bad(part, "a train such as 0: 12-5 5-3, each once")
        if "." in name:
            parent = trains.get(name.rsplit(".", 1)[0])
            if parent is None or not parent.ends_in_double or not rules.is_chicken_foot:
                raise _bad(part, "a toe named after the chicken foot it grows on, after that train")
            start = parent.end
        else:
            start = centre
        owner = int(name) if not rules.is_chicken_foot and name != MEXICAN else None
        train = Train(name, start, owner)
        for word in [] if tiles.strip() == "-" else tiles.split():
            tile = _tile(word, "trains")
            if not train.fits(tile):
                raise _bad(word, f"a tile matching the {train.end} at the end of train {name}")
            train.lay(tile)
        trains[name] = train
    if not rules.is_chicken_foot and list(trains) != [*map(str, range(rules.players)), MEXICAN]:
        raise _bad(text, "every player's train and the Mexican train M, in order")
    return tuple(trains.values())


def _foot(rules: TrainRules, trains: tuple[Train, ...]) -> tuple[str | None, int]:
    if not rules.is_chicken_foot:
        return None, 0
    for train in trains:
        if train.ends_in_double:
            toes = sum(
                1 for other in trains if other.name.rsplit(".", 1)[0] == train.name and "." in other.name
            )
            if toes < 3:
                return train.name, toes
    return None, 0
