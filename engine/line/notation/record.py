"""Whole matches as text: :func:`write_record` and :func:`read_record` (spec: ``docs/notation.md``).

A record is tag pairs about the match, then each hand: its number, every seat's tiles as
dealt, and the move text (the tiles drawn are named as they are drawn). Reading replays
every move through the engine, so a record that reads is a game the rules allow.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.errors import EngineError, NotationError, RulesError
from engine.fair_deals import COMMITTED, DealSeal, is_commitment, is_salt
from engine.line.actions import Action, Claim, Draw, Lead, Pass
from engine.line.events import Deal, Penalized, Scored
from engine.line.hand import Hand
from engine.line.match import Match
from engine.line.notation.moves import action_words, by_suit, read_play
from engine.line.notation.position import read_position
from engine.line.rules import Rules
from engine.line.variants import VARIANTS, make_rules
from engine.notation.text import (
    TILE_EXAMPLE,
    TILES_TAG,
    Tag,
    Word,
    error_at,
    header_tags,
    one_line,
    read_tile,
    seed_tag,
    tag_text,
    tokens,
)
from engine.tiles import Tile

__all__ = [
    "SEAL_TAGS",
    "STRUCTURE_TAGS",
    "header_tags",
    "read_header",
    "read_record",
    "seed_tag",
    "write_record",
]

STRUCTURE_TAGS = frozenset(
    {
        "Variant",
        "Players",
        "Target",
        "Options",
        "Seed",
        "Deals",
        "PartnerDraw",
        "LeadDraw",
        "Result",
        "Score",
        "Hand",
        "Position",
    }
)

SEAL_TAGS = ("Commitment", "DealSeed", "DealSalt")
"""A hand's tags of a deal anyone can verify (:mod:`engine.fair_deals`), after ``[Hand]``:
the commitment, and once the hand is over the seed and salt it hashes."""
"""Tags the engine reads and writes itself; any other tag is kept in :attr:`Match.tags`."""

_FIRST_TAGS = ("Event", "Site", "Date")
_NUMBER = re.compile(r"(\d{1,4})\.")
_POINTS = re.compile(r"([+-])(\d{1,5})")
_SEAT = re.compile(r"\d{1,2}")
_LINE_WIDTH = 79


# --- writing ---------------------------------------------------------------------------


def write_record(match: Match) -> str:
    """The record of ``match``: every hand dealt so far with every move made in it."""
    rules = match.rules
    lines = [tag_text(name, value) for name, value in _header(match)]
    names = _seat_names(match)
    for number, hand in enumerate(match.hands, start=1):
        lines += ["", tag_text("Hand", str(number))]
        lines += _seal_lines(match.seal(number), hand.is_over)
        if number == 1 and match.start_position is not None:
            lines.append(tag_text("Position", match.start_position))
        else:
            lines += [tag_text(f"Tiles{seat}", _tiles_text(held)) for seat, held in enumerate(hand.dealt)]
        units = _cached_units(rules, hand)
        if units or hand.result is not None:
            lines.append("")
        lines += _wrap(units)
        if hand.result is not None and number <= len(match.sheet):
            score = match.sheet[number - 1]
            said = hand.result.describe(names, score.award)
            totals = "-".join(str(total) for total in score.totals)
            lines.append("{" + f"{said}. Score {totals}".replace("{", "(").replace("}", ")") + "}")
    return "\n".join(lines) + "\n"


def _seal_lines(seal: DealSeal | None, over: bool) -> list[str]:
    """A hand's seal as tags: the commitment, and the seed and salt once the hand is over."""
    if seal is None:
        return []
    lines = [tag_text("Commitment", seal.commitment)]
    if over and seal.seed is not None and seal.salt is not None:
        lines += [tag_text("DealSeed", str(seal.seed)), tag_text("DealSalt", seal.salt)]
    return lines


def _header(match: Match) -> list[tuple[str, str]]:
    rules = match.rules
    extra = {
        name: value
        for name, value in match.tags.items()
        if name not in STRUCTURE_TAGS and not TILES_TAG.fullmatch(name)
    }
    header = [(name, extra.pop(name)) for name in _FIRST_TAGS if name in extra]
    header += [
        ("Variant", rules.variant),
        ("Players", str(rules.players)),
        ("Target", str(rules.target)),
        ("Options", " ".join(f"{key}={value}" for key, value in rules.options)),
    ]
    for seat in range(rules.players):
        header += [(name, extra.pop(name)) for name in (f"Seat{seat}", f"Level{seat}") if name in extra]
    if match.seed is not None:
        header.append(("Seed", str(match.seed)))
    if match.committed:
        header.append(("Deals", COMMITTED))
    if match.partner_draw is not None:
        header.append(
            ("PartnerDraw", "; ".join(_tiles_in_order(drawn) for drawn in match.partner_draw.rounds))
        )
    if match.lead_draws:
        rounds = (tuple(tile for _, tile in draw.draws) for draw in match.lead_draws)
        header.append(("LeadDraw", "; ".join(_tiles_in_order(drawn) for drawn in rounds)))
    header.append(("Result", "*" if match.result is None else str(match.result.winner_side)))
    header.append(("Score", "-".join(str(score) for score in match.scores)))
    return header + list(extra.items())


def _seat_names(match: Match) -> list[str]:
    """Each seat's name as the record's tags give it (as written: on one line), else ``seat N``."""
    return [
        one_line(match.tags.get(f"Seat{seat}", "")) or f"seat {seat}" for seat in range(match.rules.players)
    ]


def _tiles_text(tiles: Sequence[Tile]) -> str:
    """Tiles as a player sorts them: heaviest suit first (``6-6 6-4 5-3``)."""
    return " ".join(str(tile) for tile in by_suit(tiles))


def _tiles_in_order(tiles: Sequence[Tile]) -> str:
    return " ".join(str(tile) for tile in tiles)


_UNITS: weakref.WeakKeyDictionary[Hand, tuple[int, list[str]]] = weakref.WeakKeyDictionary()
"""Each hand's move text as last written, with how many actions it had: the app writes the
record after every move, and only the hand being played has changed since."""


def _cached_units(rules: Rules, hand: Hand) -> list[str]:
    known = _UNITS.get(hand)
    if known is not None and known[0] == len(hand.actions):
        return known[1]
    units = _move_units(rules, hand)
    _UNITS[hand] = (len(hand.actions), units)
    return units


def _move_units(rules: Rules, hand: Hand) -> list[str]:
    """The move text of a hand, one item per turn begun or claim made."""
    again = hand.start_copy()
    units: list[str] = []
    turns, turn_over = 0, True
    for action in hand.actions:
        seat, layout, seen = again.turn, again.layout, len(again.history)
        drawn = again.boneyard()[-1] if isinstance(action, Draw) else None
        again.apply(action)
        words = action_words(layout, action, drawn) + _points_words(again.history[seen:])
        if isinstance(action, Claim):
            units.append(" ".join(words))
            continue
        if turn_over:
            turns += 1
            units.append(" ".join([f"{turns}.", *words]))
        else:
            units[-1] += " " + " ".join(words)
        turn_over = again.is_over or again.turn != seat
    return units


def _points_words(events: Sequence[object]) -> list[str]:
    scored = sum(event.points for event in events if isinstance(event, Scored))
    penalty = sum(event.points for event in events if isinstance(event, Penalized))
    return ([f"+{scored}"] if scored else []) + ([f"-{penalty}"] if penalty else [])


def _wrap(units: Sequence[str]) -> list[str]:
    """Move text in lines of at most 79 characters where it can be, a move number kept with its move."""
    lines: list[str] = []
    for unit in units:
        for word in _kept_together(unit.split(" ")):
            if lines and len(lines[-1]) + 1 + len(word) <= _LINE_WIDTH:
                lines[-1] += " " + word
            else:
                lines.append(word)
    return lines


def _kept_together(words: Sequence[str]) -> list[str]:
    """Words joined where a line must not break: after a move number, draw, lead, call, muggins."""
    groups: list[str] = []
    glued = False
    for word in words:
        if glued:
            groups[-1] += " " + word
        else:
            groups.append(word)
        glued = word.endswith(".") or word in ("draw", "lead", "call", "muggins")
    return groups


# --- reading ---------------------------------------------------------------------------


@dataclass
class _HandText:
    """One hand's part of a record, before replay."""

    tag: Tag
    seal: dict[str, Tag] = field(default_factory=dict)
    tiles: dict[int, Tag] = field(default_factory=dict)
    position: Tag | None = None
    words: list[Word] = field(default_factory=list)


def read_header(text: str) -> dict[str, str]:
    """The tag pairs before a record's first hand, by name, without replaying anything.

    Quick (for a saved game's settings before it is replayed); raises
    :class:`NotationError` if the text does not even read as tags and words.
    """
    header: dict[str, str] = {}
    for token in tokens(text):
        if not isinstance(token, Tag) or token.name == "Hand":
            break
        header.setdefault(token.name, token.value)
    return header


def read_record(text: str) -> Match:
    """The match a record describes, replayed to its last move with every move checked.

    Raises :class:`NotationError` (code ``bad-record``, with ``line``, ``column`` and
    ``expected``) for anything that is not a valid record, and no other exception.
    """
    found = tokens(text)
    header, index = header_tags(found)
    hands = _hand_texts(found, index)
    rules = _rules(header, found)
    seed = seed_tag(header)
    deals = [None if hand.position is not None else _deal(rules, hand) for hand in hands]
    partner_rounds = _rounds(rules, header.get("PartnerDraw"))
    lead_rounds = _rounds(rules, header.get("LeadDraw"))
    committed = _committed(header)
    seals = [_seal(hand, committed) for hand in hands]
    try:
        match = Match(
            rules,
            seed,
            deals,
            partner_rounds=partner_rounds,
            lead_rounds=lead_rounds,
            committed=committed,
            seals=seals,
        )
    except EngineError as error:
        tag = _tag_for_deal_error(str(error), header, hands)
        raise error_at(tag.line, tag.column, "a deal the rules allow", str(error)) from None
    if hands[0].position is not None:
        _start_from(match, hands[0].position)
    for number, hand in enumerate(hands, start=1):
        if number > 1:
            _next_hand(match, number, hand.tag)
        _replay_hand(match, hand)
    _check_result(match, header)
    match.tags = {name: tag.value for name, tag in header.items() if name not in STRUCTURE_TAGS}
    return match


def _hand_texts(found: Sequence[Tag | Word], index: int) -> list[_HandText]:
    hands: list[_HandText] = []
    if index >= len(found):
        raise error_at(*_end_of(found), '[Hand "1"] and the tiles dealt', "")
    while index < len(found):
        token = found[index]
        if not hands and isinstance(token, Word):
            raise error_at(token.line, token.column, '[Hand "1"] before the moves', token.text)
        if isinstance(token, Tag):
            if token.name == "Hand":
                expected = str(len(hands) + 1)
                if token.value != expected:
                    raise error_at(token.line, token.value_column, f"hand number {expected}", token.value)
                hands.append(_HandText(token))
            elif (
                token.name in SEAL_TAGS
                and token.name not in hands[-1].seal
                and not hands[-1].words
                and not hands[-1].tiles
                and hands[-1].position is None
            ):
                hands[-1].seal[token.name] = token
            elif token.name == "Position" and len(hands) == 1 and not hands[-1].words and not hands[-1].tiles:
                hands[-1].position = token
            elif (
                (seat := TILES_TAG.fullmatch(token.name)) is not None
                and not hands[-1].words
                and hands[-1].position is None
            ):
                number = int(seat.group(1))
                if number in hands[-1].tiles:
                    raise error_at(
                        token.line, token.column, f"one [Tiles{number} ...] tag in a hand", "a second one"
                    )
                hands[-1].tiles[number] = token
            else:
                expected = (
                    f'a move or [Hand "{len(hands) + 1}"]' if hands[-1].words else '[Tiles0 "..."] or a move'
                )
                raise error_at(token.line, token.column, expected, f"[{token.name}")
        else:
            hands[-1].words.append(token)
        index += 1
    return hands


def _committed(header: dict[str, Tag]) -> bool:
    """Whether the ``Deals`` tag says the hands are dealt from committed seeds."""
    tag = header.get("Deals")
    if tag is None:
        return False
    if tag.value != COMMITTED:
        raise error_at(tag.line, tag.value_column, f'"{COMMITTED}" (the only kind of deal named)', tag.value)
    return True


def _seal(hand: _HandText, committed: bool) -> DealSeal | None:
    """The seal a hand's tags state (``None`` if it has none); raises :class:`NotationError`."""
    tags = hand.seal
    if not tags:
        return None
    first = next(iter(tags.values()))
    if not committed:
        raise error_at(
            first.line,
            first.column,
            '[Deals "committed"] among the tags before the first hand',
            f"[{first.name}",
        )
    if hand.position is not None:
        raise error_at(
            first.line, first.column, "no commitment: a hand from a position is not dealt", f"[{first.name}"
        )
    committed_tag = tags.get("Commitment")
    if committed_tag is None:
        raise error_at(
            first.line, first.column, '[Commitment "..."] before the seed and salt', f"[{first.name}"
        )
    if not is_commitment(committed_tag.value):
        raise error_at(
            committed_tag.line,
            committed_tag.value_column,
            "64 hexadecimal digits (0-9, a-f)",
            committed_tag.value,
        )
    seed_tag_, salt_tag = tags.get("DealSeed"), tags.get("DealSalt")
    if (seed_tag_ is None) != (salt_tag is None):
        missing = "DealSalt" if salt_tag is None else "DealSeed"
        given = seed_tag_ or salt_tag
        assert given is not None
        raise error_at(
            given.line,
            given.column,
            f'[{missing} "..."] with it: the seed and salt go together',
            f"[{given.name}",
        )
    if seed_tag_ is None or salt_tag is None:
        return DealSeal(committed_tag.value)
    if not re.fullmatch(r"\d{1,20}", seed_tag_.value):
        raise error_at(
            seed_tag_.line, seed_tag_.value_column, "a whole number (at most 20 digits)", seed_tag_.value
        )
    if not is_salt(salt_tag.value):
        raise error_at(
            salt_tag.line, salt_tag.value_column, "32 hexadecimal digits (0-9, a-f)", salt_tag.value
        )
    return DealSeal(committed_tag.value, int(seed_tag_.value), salt_tag.value)


def _end_of(found: Sequence[Tag | Word]) -> tuple[int, int]:
    if not found:
        return 1, 1
    last = found[-1]
    return last.line + 1, 1


def _rules(header: dict[str, Tag], found: Sequence[Tag | Word]) -> Rules:
    variant = header.get("Variant")
    if variant is None:
        first = found[0]
        raise error_at(first.line, first.column, 'a [Variant "..."] tag naming the rule set', _text_of(first))
    players = _number(header.get("Players"), "the number of players", 2)
    target = _number(header.get("Target"), "the target score", 5)
    options: dict[str, str] = {}
    options_tag = header.get("Options")
    if options_tag is not None:
        for offset, word in _parts(options_tag.value, " "):
            key, equals, value = word.partition("=")
            if not equals or not key or not value:
                raise error_at(
                    options_tag.line, options_tag.value_column + offset, "an option as name=value", word
                )
            options[key] = value
    try:
        return make_rules(variant.value, players, target, options)
    except RulesError as error:
        if error.code == "unknown-variant":
            known = ", ".join(sorted(VARIANTS))
            raise error_at(
                variant.line, variant.value_column, f"a rule set: {known}", variant.value
            ) from None
        tag = (
            {"bad-player-count": header.get("Players")}.get(error.code)
            or (header.get("Target") if "point" in str(error) else None)
            or options_tag
            or variant
        )
        raise error_at(tag.line, tag.value_column, str(error), tag.value) from None


def _text_of(token: Tag | Word) -> str:
    return f"[{token.name}" if isinstance(token, Tag) else token.text


def _number(tag: Tag | None, what: str, digits: int) -> int | None:
    if tag is None:
        return None
    if not re.fullmatch(rf"\d{{1,{digits}}}", tag.value):
        raise error_at(tag.line, tag.value_column, what, tag.value)
    return int(tag.value)


def _parts(value: str, separator: str) -> list[tuple[int, str]]:
    """The non-empty parts of a tag value and where each starts in it."""
    parts, offset = [], 0
    for part in value.split(separator):
        stripped = part.strip()
        if stripped:
            parts.append((offset + part.index(stripped), stripped))
        offset += len(part) + len(separator)
    return parts


def _tiles_of(rules: Rules, tag: Tag, separator: str = " ") -> list[tuple[int, Tile]]:
    """The tiles a tag lists, each with its column; raises :class:`NotationError`."""
    listed: list[tuple[int, Tile]] = []
    in_set = set(rules.tiles)
    for offset, word in _parts(tag.value, separator):
        column = tag.value_column + offset
        try:
            tile = read_tile(word)
        except NotationError:
            raise error_at(tag.line, column, TILE_EXAMPLE, word) from None
        if tile not in in_set:
            raise error_at(tag.line, column, f"a tile of the double-{rules.max_pip} set in play", word)
        listed.append((column, tile))
    return listed


def _rounds(rules: Rules, tag: Tag | None) -> list[tuple[Tile, ...]]:
    if tag is None:
        return []
    rounds = []
    for offset, part in _parts(tag.value, ";"):
        shifted = Tag(tag.name, part, tag.line, tag.column, tag.value_column + offset)
        rounds.append(tuple(tile for _, tile in _tiles_of(rules, shifted)))
    return rounds


def _deal(rules: Rules, hand: _HandText) -> Deal:
    """The deal a hand's tags and draws state; the tiles never drawn are in no known order."""
    taken: set[Tile] = set()
    seats: list[tuple[Tile, ...]] = []
    for seat in range(rules.players):
        tag = hand.tiles.get(seat)
        if tag is None:
            raise error_at(
                hand.tag.line,
                hand.tag.column,
                f'[Tiles{seat} "..."] with the tiles seat {seat} was dealt',
                "",
            )
        listed = _tiles_of(rules, tag)
        for column, tile in listed:
            if tile in taken:
                raise error_at(tag.line, column, "each tile dealt once", str(tile))
            taken.add(tile)
        if len(listed) != rules.hand_size:
            raise error_at(tag.line, tag.value_column, f"{rules.hand_size} tiles", f"{len(listed)} tiles")
        seats.append(tuple(tile for _, tile in listed))
    extra = sorted(set(hand.tiles) - set(range(rules.players)))
    if extra:
        tag = hand.tiles[extra[0]]
        raise error_at(tag.line, tag.column, f"tiles for seats 0 to {rules.players - 1}", f"[{tag.name}")
    drawn: list[Tile] = []
    words = hand.words
    for position, word in enumerate(words):
        if word.text.lower() != "draw":
            continue
        following = words[position + 1] if position + 1 < len(words) else None
        if following is None:
            raise error_at(word.line, word.column + 4, "the tile drawn after draw", "")
        try:
            tile = read_tile(following.text)
        except NotationError:
            raise error_at(
                following.line, following.column, f"the tile drawn ({TILE_EXAMPLE})", following.text
            ) from None
        if tile not in set(rules.tiles):
            raise error_at(
                following.line, following.column, f"a tile of the double-{rules.max_pip} set", following.text
            )
        if tile in taken:
            raise error_at(
                following.line, following.column, "a tile not dealt or drawn before", following.text
            )
        taken.add(tile)
        drawn.append(tile)
    undrawn = tuple(tile for tile in rules.tiles if tile not in taken)
    return Deal(tuple(seats), undrawn + tuple(reversed(drawn)), len(undrawn))


def _start_from(match: Match, tag: Tag) -> None:
    """Start the first hand from the position a ``[Position]`` tag states (every tile shown)."""
    try:
        position = read_position(tag.value)
    except NotationError as error:
        column = tag.value_column + (error.column or 1) - 1
        raise error_at(tag.line, column, error.expected or "a position", None) from None
    if position.rules != match.rules:
        raise error_at(tag.line, tag.value_column, "a position of the rules the record names", tag.value)
    if position.hidden:
        raise error_at(
            tag.line, tag.value_column, "a position that shows every hand and the stock", tag.value
        )
    try:
        match.start_from(position.hand(), position.scores, tag.value)
    except EngineError as error:
        raise error_at(tag.line, tag.value_column, f"a position to play on ({error})", tag.value) from None


def _tag_for_deal_error(message: str, header: dict[str, Tag], hands: Sequence[_HandText]) -> Tag:
    if "partners" in message and "PartnerDraw" in header:
        return header["PartnerDraw"]
    if "lead" in message and "LeadDraw" in header:
        return header["LeadDraw"]
    found = re.match(r"hand (\d+):", message)
    return hands[int(found.group(1)) - 1].tag if found else hands[0].tag


def _next_hand(match: Match, number: int, tag: Tag) -> None:
    if match.is_over:
        raise error_at(
            tag.line, tag.column, f"the end of the record: the match was won in hand {number - 1}", "[Hand"
        )
    if not match.hand.is_over:
        raise error_at(tag.line, tag.column, f"more moves: hand {number - 1} is not over", "[Hand")
    try:
        match.next_hand()
    except EngineError as error:
        raise error_at(tag.line, tag.column, "a deal the rules allow", str(error)) from None


@dataclass
class _Replay:
    """Where the replay of a hand's move text stands."""

    turns: int = 0
    turn_over: bool = True
    scored: int | None = None
    """Points the last move scored (``None``: no move yet, or its points already checked)."""
    penalty: int | None = None


def _replay_hand(match: Match, hand: _HandText) -> None:
    words = hand.words
    state = _Replay()
    index = 0
    while index < len(words):
        word = words[index]
        text = word.text.lower()
        number = _NUMBER.fullmatch(text)
        points = _POINTS.fullmatch(text)
        if number is not None:
            _check_number(match, state, word, int(number.group(1)))
        elif points is not None:
            _check_points(match, state, word, points.group(1), int(points.group(2)))
        else:
            action, index = _action(match, words, index)
            _apply(match, state, word, action)
        index += 1


def _check_number(match: Match, state: _Replay, word: Word, number: int) -> None:
    if match.hand.is_over:
        raise error_at(word.line, word.column, "the next [Hand ...]: this hand is over", word.text)
    if not state.turn_over:
        raise error_at(
            word.line, word.column, "the rest of the turn: the same player is still to move", word.text
        )
    if number != state.turns + 1:
        raise error_at(word.line, word.column, f"move number {state.turns + 1}.", word.text)
    state.scored = state.penalty = None


def _check_points(match: Match, state: _Replay, word: Word, sign: str, points: int) -> None:
    if sign == "+":
        actual, what = state.scored, "scored"
        state.scored = None
    else:
        actual, what = state.penalty, "was penalized"
        state.penalty = None
    if actual is None:
        raise error_at(
            word.line,
            word.column,
            "a move (the move before it scored nothing)" if sign == "+" else "a move",
            word.text,
        )
    if actual != points:
        said = f"{sign}{actual}" if actual else f"no {sign} (the move {what} nothing)"
        raise error_at(word.line, word.column, said, word.text)


_SEAT_WORDS = {
    "lead": "the seat that starts",
    "call": "the seat that calls",
    "muggins": "the seat that claims",
}


def _action(match: Match, words: Sequence[Word], index: int) -> tuple[Action, int]:
    """The action starting at ``words[index]`` and the index of its last word."""
    word = words[index]
    text = word.text.lower()
    if text == "draw":
        return Draw(), index + 1  # the tile was read with the deal
    if text == "pass":
        return Pass(), index
    if text in _SEAT_WORDS:
        following = words[index + 1] if index + 1 < len(words) else None
        if following is None or not _SEAT.fullmatch(following.text):
            line, column = (
                (following.line, following.column) if following else (word.line, word.column + len(word.text))
            )
            raise error_at(
                line, column, f"{_SEAT_WORDS[text]} after {text}", following.text if following else ""
            )
        seat = int(following.text)
        if seat >= match.rules.players:
            raise error_at(
                following.line,
                following.column,
                f"a seat from 0 to {match.rules.players - 1}",
                following.text,
            )
        if text == "lead":
            return Lead(seat), index + 1
        return Claim(seat, muggins=text == "muggins"), index + 1
    try:
        return read_play(word.text, match.hand.layout), index
    except NotationError as error:
        expected = error.expected or "a move"
        if error.code == "bad-action" and not re.match(r"\d", text):
            expected = f"a move: {_legal_text(match)}"
        raise error_at(word.line, word.column, expected, word.text) from None


def _apply(match: Match, state: _Replay, word: Word, action: Action) -> None:
    hand = match.hand
    if match.is_over or hand.is_over:
        what = (
            "the end of the record: the match is over"
            if match.is_over
            else 'the next [Hand "..."]: this hand is over'
        )
        raise error_at(word.line, word.column, what, word.text)
    claim = isinstance(action, Claim)
    seat, seen = hand.turn, len(hand.history)
    try:
        match.apply(action)
    except EngineError:
        raise error_at(
            word.line, word.column, f"a move the rules allow here: {_legal_text(match, action)}", word.text
        ) from None
    events = hand.history[seen:]
    state.scored = sum(event.points for event in events if isinstance(event, Scored))
    state.penalty = sum(event.points for event in events if isinstance(event, Penalized))
    if not claim:
        if state.turn_over:
            state.turns += 1
        state.turn_over = hand.is_over or hand.turn != seat


def _legal_text(match: Match, tried: Action | None = None) -> str:
    """What may be played now, as a person writes it (the first few)."""
    hand = match.hand
    if hand.is_over:
        return "nothing: the hand is over"
    options: list[str] = []
    for action in hand.legal_actions():
        words = action_words(hand.layout, action)
        options.append(" ".join(words))
    if isinstance(tried, Claim) and not hand.legal_claims(tried.seat):
        options.append(f"no claim by seat {tried.seat}")
    shown = options[:6] + (["…"] if len(options) > 6 else [])
    return ", ".join(shown) if shown else "nothing"


def _check_result(match: Match, header: dict[str, Tag]) -> None:
    result, score = header.get("Result"), header.get("Score")
    if result is not None:
        actual = "*" if match.result is None else str(match.result.winner_side)
        if result.value != actual:
            said = "* (the match is not over)" if actual == "*" else f"{actual} (side {actual} won)"
            raise error_at(result.line, result.value_column, said, result.value)
    if score is not None:
        actual = "-".join(str(points) for points in match.scores)
        if score.value != actual:
            raise error_at(score.line, score.value_column, f"the score the moves give, {actual}", score.value)
