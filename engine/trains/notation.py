"""Games of the train family as records (spec: ``docs/notation.md``, "Train game records").

A train record has the tag pairs of any record (``Variant``, ``Players``, ``Options``, the
seats' names and levels, ``Seed``, ``Result``) with ``Score`` holding each player's total,
then each round: ``[Round "N"]``, the double in the middle (``[Engine "12-12"]`` in Mexican
Train, ``[Centre "9-9"]`` in Chicken Foot), the tiles each player was dealt, and its move
text: turn numbers and the actions of :mod:`engine.trains.actions`, a draw written with the
tile drawn (``3. draw 4-2 pass``). The writer ends each finished round with a comment on its
points. Reading replays every action through :class:`~engine.trains.match.TrainMatch`, so a
record that reads is a game the rules allow.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence

from engine.errors import EngineError, NotationError, RulesError
from engine.notation.text import (
    TILES_TAG,
    Tag,
    Word,
    error_at,
    header_tags,
    read_tile,
    seed_tag,
    tag_text,
    tokens,
)
from engine.tiles import Tile, full_set
from engine.trains.actions import Draw, TrainAction, parse_train_action
from engine.trains.match import TrainMatch, seeded_deal
from engine.trains.round import TrainRound
from engine.trains.rules import CHICKEN_FOOT, MEXICAN_TRAIN, TrainRules, train_rules

__all__ = ["TRAIN_VARIANTS", "read_train_record", "write_train_record"]

TRAIN_VARIANTS = (MEXICAN_TRAIN, CHICKEN_FOOT)
"""The ``Variant`` tags of train records."""

_STRUCTURE = frozenset(
    {"Variant", "Players", "Options", "Seed", "Result", "Score", "Round", "Engine", "Centre"}
)
_FIRST_TAGS = ("Event", "Site", "Date")
_NUMBER = re.compile(r"(\d{1,4})\.")
_PLAYERS = re.compile(r"[2-8]")
_LINE_WIDTH = 79


def _double_tag(rules: TrainRules) -> str:
    return "Centre" if rules.is_chicken_foot else "Engine"


# --- writing ---------------------------------------------------------------------------


def write_train_record(match: TrainMatch) -> str:
    """The record of ``match``: every round dealt so far with every action taken."""
    rules = match.rules
    lines = [tag_text(name, value) for name, value in _header(match)]
    names = seat_names(match)
    for played in match.rounds:
        lines += [
            "",
            tag_text("Round", str(played.number + 1)),
            tag_text(_double_tag(rules), str(played.double)),
        ]
        lines += [tag_text(f"Tiles{seat}", _tiles(hand)) for seat, hand in enumerate(played.dealt)]
        units = _turn_units(played)
        if played.is_over:
            units.append("{" + round_story(played, names) + "}")
        if units:
            lines.append("")
            lines += _wrap(units)
    return "\n".join(lines) + "\n"


def seat_names(match: TrainMatch) -> list[str]:
    """Each seat's name as the record's ``Seat`` tags give it ("Seat 2" for one without)."""
    return [match.tags.get(f"Seat{seat}") or f"Seat {seat}" for seat in range(match.rules.players)]


def round_story(played: TrainRound, names: Sequence[str]) -> str:
    """How a finished round ended and what each player scored, in a sentence or two."""
    points = "-".join(str(value) for value in played.points())
    if played.winner is not None:
        return f"{names[played.winner]} went out. Points {points}."
    return f"Nobody can play and the boneyard is empty. Points {points}."


def _header(match: TrainMatch) -> list[tuple[str, str]]:
    extra = {name: value for name, value in match.tags.items() if name not in _STRUCTURE}
    extra = {name: value for name, value in extra.items() if not TILES_TAG.fullmatch(name)}
    header = [(name, extra.pop(name)) for name in _FIRST_TAGS if name in extra]
    options = " ".join(f"{key}={value}" for key, value in match.rules.options().items())
    header += [("Variant", match.rules.variant), ("Players", str(match.rules.players)), ("Options", options)]
    for seat in range(match.rules.players):
        header += [(name, extra.pop(name)) for name in (f"Seat{seat}", f"Level{seat}") if name in extra]
    header.append(("Seed", str(match.seed)))
    result = ",".join(str(seat) for seat in match.winners()) if match.is_over else "*"
    header += [("Result", result), ("Score", "-".join(str(total) for total in match.totals))]
    return header + list(extra.items())


def _tiles(tiles: Sequence[Tile]) -> str:
    return " ".join(str(tile) for tile in tiles)


def _turn_units(played: TrainRound) -> list[str]:
    units: list[str] = []
    turn = 0
    for move in played.moves:
        word = f"draw {move.drawn}" if isinstance(move.action, Draw) else str(move.action)
        if move.turn != turn:
            turn = move.turn
            units.append(f"{turn}.\N{NO-BREAK SPACE}{word}")
        else:
            units[-1] += f" {word}"
    return units


def _wrap(units: list[str]) -> list[str]:
    # a turn's number stays on the line of its first word (joined by a no-break space)
    lines = textwrap.wrap(" ".join(units), _LINE_WIDTH, break_long_words=False, break_on_hyphens=False)
    return [line.replace("\N{NO-BREAK SPACE}", " ") for line in lines]


# --- reading ---------------------------------------------------------------------------


def read_train_record(text: str) -> TrainMatch:
    """The game a train record describes, replayed to its last action with every action
    checked; a :class:`NotationError` at the line and column of the first fault."""
    found = tokens(text)
    header, index = _read_header(found)
    match = _start(header, found, index)
    _read_rounds(match, seed_tag(header), found, index)
    _check_result(match, header)
    return match


def _read_header(found: Sequence[Tag | Word]) -> tuple[dict[str, Tag], int]:
    header, index = header_tags(found, "Round", ("Engine", "Centre"))
    if "Variant" not in header:
        raise error_at(1, 1, 'a [Variant "mexican-train"] or [Variant "chicken-foot"] tag')
    return header, index


def _start(header: dict[str, Tag], found: Sequence[Tag | Word], index: int) -> TrainMatch:
    variant = header["Variant"]
    if variant.value not in TRAIN_VARIANTS:
        raise error_at(variant.line, variant.value_column, "mexican-train or chicken-foot", variant.value)
    players_tag = header.get("Players")
    players = 4
    if players_tag is not None:
        if not _PLAYERS.fullmatch(players_tag.value):
            raise error_at(
                players_tag.line, players_tag.value_column, "a number of players, 2 to 8", players_tag.value
            )
        players = int(players_tag.value)
    options: dict[str, str] = {}
    options_tag = header.get("Options")
    if options_tag is not None:
        for word in options_tag.value.split():
            name, equals, value = word.partition("=")
            if not equals or name in options:
                raise error_at(options_tag.line, options_tag.value_column, "options such as set=12", word)
            options[name] = value
    try:
        rules = train_rules(variant.value, players, options)
    except RulesError as error:
        where = options_tag or players_tag or variant
        raise error_at(where.line, where.value_column, "rules the game is played by", str(error)) from None
    seed = seed_tag(header)
    first = _round_deal(rules, seed, found, index, 0)
    match = TrainMatch(rules, 0 if seed is None else seed, first)
    match.tags = {name: tag.value for name, tag in header.items() if name not in _STRUCTURE}
    return match


def _round_deal(
    rules: TrainRules, seed: int | None, found: Sequence[Tag | Word], index: int, number: int
) -> list[list[Tile]] | None:
    """The deal of round ``number`` as the record writes it at ``index`` (``None`` when the
    record has no more rounds): the hands, then the boneyard. The boneyard keeps the seed's
    order when the seed deals these hands, so play after the record goes on as dealt."""
    if index >= len(found):
        return None
    token = found[index]
    if not isinstance(token, Tag) or token.name != "Round" or token.value != str(number + 1):
        raise error_at(token.line, token.column, f'[Round "{number + 1}"]', _said(token))
    tags = {tag.name: tag for tag in _round_tags(found, index + 1)}
    double = rules.round_double(number)
    shown = tags.get(_double_tag(rules))
    if shown is not None and _tile_of(shown) != double:
        raise error_at(shown.line, shown.value_column, f"the round's double, {double}", shown.value)
    hands = []
    for seat in range(rules.players):
        tag = tags.get(f"Tiles{seat}")
        if tag is None:
            raise error_at(token.line, token.column, f"[Tiles{seat} ...] in round {number + 1}", "none")
        hand = [_tile_of(tag, word) for word in tag.value.split()]
        if len(hand) != rules.hand_size:
            raise error_at(tag.line, tag.value_column, f"{rules.hand_size} tiles", f"{len(hand)} tiles")
        hands.append(hand)
    dealt = [tile for hand in hands for tile in hand]
    tiles = set(full_set(rules.max_pip))
    if len(set(dealt)) != len(dealt) or double in dealt or not tiles.issuperset(dealt):
        raise error_at(
            token.line, token.column, f"a deal holding each tile of the set once, the {double} in the middle"
        )
    rest = sorted(tiles - set(dealt) - {double}, reverse=True)
    if seed is not None:
        seeded_hands, seeded_boneyard = seeded_deal(rules, seed, number)
        if seeded_hands == hands:
            rest = seeded_boneyard
    return [*hands, rest]


def _tile_of(tag: Tag, word: str | None = None) -> Tile:
    try:
        return read_tile(tag.value if word is None else word)
    except NotationError:
        raise error_at(tag.line, tag.value_column, "tiles such as 6-4", word or tag.value) from None


def _said(token: Tag | Word) -> str:
    return f"[{token.name} ...]" if isinstance(token, Tag) else token.text


def _round_tags(found: Sequence[Tag | Word], index: int) -> list[Tag]:
    """The tags from ``index`` up to the move text or the next round."""
    tags = []
    while index < len(found):
        tag = found[index]
        if not isinstance(tag, Tag) or tag.name == "Round":
            break
        tags.append(tag)
        index += 1
    return tags


def _after_round_tags(found: Sequence[Tag | Word], index: int) -> int:
    """Where the move text of the round whose ``[Round]`` tag is at ``index`` starts."""
    if index >= len(found):
        return index
    return index + 1 + len(_round_tags(found, index + 1))


def _read_rounds(match: TrainMatch, seed: int | None, found: Sequence[Tag | Word], index: int) -> None:
    index = _after_round_tags(found, index)
    while True:
        index = _read_moves(match, found, index)
        if index >= len(found):
            return
        token = found[index]
        if not match.round.is_over:
            raise error_at(
                token.line,
                token.column,
                f"the moves of round {match.round.number + 1} to its end",
                _said(token),
            )
        if match.is_over:
            raise error_at(token.line, token.column, "the end of the record: the game is over", _said(token))
        match.next_round(_round_deal(match.rules, seed, found, index, match.round.number + 1))
        index = _after_round_tags(found, index)


def _read_moves(match: TrainMatch, found: Sequence[Tag | Word], index: int) -> int:
    while index < len(found):
        word = found[index]
        if isinstance(word, Tag):
            return index
        played = match.round
        number = _NUMBER.fullmatch(word.text)
        if number is not None:
            if int(number.group(1)) != played.turn_number or played.is_over:
                raise error_at(word.line, word.column, f"turn {played.turn_number}.", word.text)
            index += 1
            continue
        if played.is_over:
            raise error_at(word.line, word.column, "the next round: this one is over", word.text)
        index = _read_action(match, found, index)
    return index


def _read_action(match: TrainMatch, found: Sequence[Tag | Word], index: int) -> int:
    word = found[index]
    assert isinstance(word, Word)
    played = match.round
    try:
        action: TrainAction = parse_train_action(word.text)
    except NotationError:
        raise error_at(
            word.line, word.column, "an action such as 12-5@M, draw 4-2, pass or end", word.text
        ) from None
    if isinstance(action, Draw):
        tile_word = found[index + 1] if index + 1 < len(found) else None
        if not isinstance(tile_word, Word):
            raise error_at(word.line, word.column, "draw and the tile drawn, such as draw 4-2", word.text)
        try:
            tile = read_tile(tile_word.text)
        except NotationError:
            raise error_at(
                tile_word.line, tile_word.column, "the tile drawn, such as 4-2", tile_word.text
            ) from None
        if tile not in played.boneyard:
            raise error_at(tile_word.line, tile_word.column, "a tile still in the boneyard", tile_word.text)
        index += 1
    try:
        if isinstance(action, Draw) and action in played.legal_actions(played.turn):
            played.put_on_top(tile)
        match.apply(played.turn, action)
    except EngineError as error:
        legal = ", ".join(str(move) for move in played.legal_actions(played.turn))
        raise error_at(word.line, word.column, f"one of {legal} ({error})", word.text) from None
    return index + 1


def _check_result(match: TrainMatch, header: dict[str, Tag]) -> None:
    result = header.get("Result")
    expected = ",".join(str(seat) for seat in match.winners()) if match.is_over else "*"
    if result is not None and result.value != expected:
        raise error_at(
            result.line, result.value_column, f"the result the moves give, {expected}", result.value
        )
    score = header.get("Score")
    totals = "-".join(str(total) for total in match.totals)
    if score is not None and score.value != totals:
        raise error_at(score.line, score.value_column, f"the totals the moves give, {totals}", score.value)
