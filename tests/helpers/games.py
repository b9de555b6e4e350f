"""Playing any game of the catalogue through the :class:`~engine.game.GameState` protocol, and
what the invariant tests need to judge it: the tiles a seat has seen, and a record with the
tiles hidden from a seat renamed."""

from __future__ import annotations

import dataclasses
import random
import re
from collections import Counter
from collections.abc import Iterator, Mapping

from engine.errors import RulesError
from engine.game import Game, GameState
from engine.tiles import Tile, parse_tile

_TILE = re.compile(r"(?<![\w-])(\d{1,2})-(\d{1,2})(?![\w-])")
_HAND_TAG = re.compile(r'^\[Tiles\d+ "')
_DICE = re.compile(r"\bdice (\d-\d)")


def started(game: Game, seed: int) -> GameState:
    """A new game of ``game`` seeded ``seed``, at a player count and with options drawn at
    random from those it offers (drawn again where a combination is not offered)."""
    rng = random.Random(seed)
    for _ in range(20):
        players = rng.choice(game.player_counts)
        options = {option.id: rng.choice(option.values) for option in game.options_for(players)}
        try:
            return game.start(players, seed, None, options)
        except RulesError:
            continue
    return game.start(None, seed)


def random_steps(state: GameState, rng: random.Random, max_steps: int, max_hands: int = 2) -> Iterator[int]:
    """Play ``state`` on with random legal actions (the next hand dealt when one ends), up to
    ``max_steps`` actions or ``max_hands`` hands; yields the seat that acted before each action."""
    hands = 1
    for _ in range(max_steps):
        if state.is_over:
            return
        if state.hand_is_over:
            if hands >= max_hands:
                return
            state.next_hand()
            hands += 1
            continue
        acting = state.acting()
        assert acting, "a hand in play has a seat to act"
        seat = rng.choice(acting)
        yield seat
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def tiles_in(value: object) -> Counter[Tile]:
    """Every tile a value holds, however deep (a view's ``rules``, which list the whole set, aside)."""
    found: Counter[Tile] = Counter()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Tile):
            found[item] += 1
        elif isinstance(item, (tuple, list, frozenset, set)):
            stack.extend(item)
        elif isinstance(item, Mapping):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            stack.extend(getattr(item, f.name) for f in dataclasses.fields(item) if f.name != "rules")
    return found


def all_tiles(state: GameState) -> Counter[Tile]:
    """The tiles of the hand in play, wherever they lie."""
    return Counter(tile for tiles in state.tile_places().values() for tile in tiles)


def renamed_record(text: str, renaming: Mapping[Tile, Tile]) -> str:
    """``text`` with every tile of ``renaming`` renamed, in the hands dealt and the moves (the
    dice thrown, the header's other tags and the comments left alone)."""

    def rename(match: re.Match[str]) -> str:
        tile = parse_tile(match.group(0))
        return str(renaming.get(tile, tile))

    lines = []
    for line in text.splitlines():
        if line.startswith("[") and not _HAND_TAG.match(line):
            lines.append(line)
            continue
        if line.startswith("{"):
            lines.append(line)
            continue
        body = _DICE.sub(lambda m: "dice " + m.group(1).replace("-", "\0"), line)
        body = _TILE.sub(rename, body)
        lines.append(body.replace("\0", "-"))
    return "\n".join(lines) + ("\n" if text.endswith("\n") else "")
