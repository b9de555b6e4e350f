"""Dice and Dominoes sessions as records (spec: ``docs/notation.md``, "Dice and Dominoes").

A dice record has the tag pairs of any record (``Variant "dice"``, ``Players``,
``Options``, the seats' names, ``Seed``, ``Result``) with ``Chips`` and ``Pot`` for the
score, then each hand: its number, the four tiles each player in it was dealt, and its
rounds. A round is written ``3. dice 2-6``, then what each player put out (``0: up 6-2
down 5-5``), the tiles drawn at its end (``draw 1 4-4``) and, after a Double Perfect, each
of its players' choice to throw the dice again (``again 0``) or not (``keep 0``). The
writer adds comments telling what each reveal did. Reading replays every round through
:class:`~engine.dice.session.DiceSession`, so a record that reads is a game the rules allow.
"""

from __future__ import annotations

import random
import re
import textwrap
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from engine.dice.explain import explain_round
from engine.dice.hand import DiceHand, DiceRound, SeededSource
from engine.dice.round import Commitment
from engine.dice.session import DiceSession
from engine.errors import EngineError, NotationError
from engine.notation.text import (
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
from engine.tiles import Tile, full_set

__all__ = ["DICE_OPTIONS", "DICE_VARIANT", "read_dice_record", "replay_dice_record", "write_dice_record"]

DICE_VARIANT = "dice"
"""The rule set's id in a record's ``Variant`` tag."""

DICE_OPTIONS = {"ante": "1", "chips": "20", "extra-ante": "off", "sets": "1"}
"""The options a dice record may set, with their defaults."""

_STRUCTURE = frozenset({"Variant", "Players", "Options", "Seed", "Result", "Chips", "Pot", "Hand"})
_FIRST_TAGS = ("Event", "Site", "Date")
_NUMBER = re.compile(r"(\d{1,4})\.")
_SEAT_COLON = re.compile(r"(\d{1,2}):")
_DICE = re.compile(r"([1-6])-([1-6])")
_LINE_WIDTH = 79
_MAX_PLAYERS = 12
_MAX_SETS = 4
_MAX_CHIPS = 100_000


# --- writing ---------------------------------------------------------------------------


def write_dice_record(session: DiceSession, pending: bool = True) -> str:
    """The record of ``session``: every hand dealt so far with every round played.

    ``pending``: also write what players have already put out in a round still being
    played (a save needs it; a record shown to a player must not, as it would reveal
    choices made in secret).
    """
    lines = [tag_text(name, value) for name, value in _header(session)]
    names = _names(session)
    for number, (seating, hand) in enumerate(session.hands, start=1):
        lines += ["", tag_text("Hand", str(number))]
        lines += [tag_text(f"Tiles{seat}", _tiles(hand.dealt[index])) for index, seat in enumerate(seating)]
        units: list[str] = []
        for index, played in enumerate(hand.rounds):
            units += _round_units(index + 1, seating, hand, played, hand.rethrow_choices[index])
            story = explain_round(played, [names[seat] for seat in seating])
            units.append(_comment(" ".join((story.headline, *story.seats))))
        if not hand.is_over and not hand.awaiting_rethrow:
            units.append(f"{len(hand.rounds) + 1}. dice {hand.dice[0]}-{hand.dice[1]}")
            if pending:
                units += [_commitment_text(seating[index], c) for index, c in sorted(hand.committed.items())]
        elif number <= len(session.payouts):
            units.append(_comment(_payout_text(session, number - 1, names)))
        if units:
            lines.append("")
        lines += _wrap(units)
    return "\n".join(lines) + "\n"


def _header(session: DiceSession) -> list[tuple[str, str]]:
    extra = {
        name: value
        for name, value in session.tags.items()
        if name not in _STRUCTURE and not TILES_TAG.fullmatch(name)
    }
    header = [(name, extra.pop(name)) for name in _FIRST_TAGS if name in extra]
    options = {
        "ante": str(session.ante),
        "chips": str(session.start_chips),
        "extra-ante": "on" if session.extra_ante else "off",
        "sets": str(session.sets),
    }
    header += [
        ("Variant", DICE_VARIANT),
        ("Players", str(session.players)),
        ("Options", " ".join(f"{key}={value}" for key, value in options.items())),
    ]
    for seat in range(session.players):
        header += [(name, extra.pop(name)) for name in (f"Seat{seat}", f"Level{seat}") if name in extra]
    if session.seed is not None:
        header.append(("Seed", str(session.seed)))
    header += [
        ("Result", _result(session)),
        ("Chips", "-".join(str(chips) for chips in session.chips)),
        ("Pot", str(session.pot)),
    ]
    return header + list(extra.items())


def _result(session: DiceSession) -> str:
    """``*`` while hands can be dealt, else the seats holding the most chips (``0``, ``0,2``)."""
    if not session.is_over:
        return "*"
    most = max(session.chips)
    return ",".join(str(seat) for seat, chips in enumerate(session.chips) if chips == most)


def _names(session: DiceSession) -> list[str]:
    return [
        one_line(session.tags.get(f"Seat{seat}", "")) or f"seat {seat}" for seat in range(session.players)
    ]


def _tiles(tiles: Sequence[Tile]) -> str:
    return " ".join(str(tile) for tile in tiles)


def _commitment_text(seat: int, commitment: Commitment) -> str:
    words = [f"{seat}:"]
    if commitment.up:
        words += ["up", *map(str, commitment.up)]
    if commitment.down:
        words += ["down", *map(str, commitment.down)]
    return " ".join(words)


def _round_units(
    number: int,
    seating: Sequence[int],
    hand: DiceHand,
    played: DiceRound,
    choices: Sequence[tuple[int, bool]],
) -> list[str]:
    units = [f"{number}. dice {played.dice[0]}-{played.dice[1]}"]
    units += [_commitment_text(seating[index], c) for index, c in enumerate(played.commitments)]
    order = [(hand.thrower + step) % hand.players for step in range(hand.players)]
    units += [f"draw {seating[index]} {played.drawn[index]}" for index in order if played.drawn[index]]
    units += [f"{'again' if again else 'keep'} {seating[index]}" for index, again in choices]
    return units


def _payout_text(session: DiceSession, index: int, names: Sequence[str]) -> str:
    payout = session.payouts[index]
    chips = "-".join(str(count) for count in payout.chips)
    if not payout.winners:
        said = f"Everyone went out together: the pot of {payout.pot} stays for the next hand."
    else:
        who = " and ".join(names[seat] for seat in payout.winners)
        each = " each" if len(payout.winners) > 1 else ""
        said = f"{who} won the hand and took {payout.share} chip{'s' * (payout.share != 1)}{each}."
        if payout.pot:
            said += f" {payout.pot} stay in the pot."
    return f"{said} Chips {chips}"


def _comment(text: str) -> str:
    return "{" + text.replace("{", "(").replace("}", ")") + "}"


def _wrap(units: Sequence[str]) -> list[str]:
    """Round text in lines of at most 79 characters; a comment wraps on its own lines."""
    lines: list[str] = []
    for unit in units:
        if unit.startswith("{"):
            lines += textwrap.wrap(unit, _LINE_WIDTH, break_long_words=False, break_on_hyphens=False)
        elif lines and not lines[-1].endswith("}") and len(lines[-1]) + 1 + len(unit) <= _LINE_WIDTH:
            lines[-1] += " " + unit
        else:
            lines.append(unit)
    return lines


# --- reading ---------------------------------------------------------------------------


@dataclass
class _RoundText:
    """One round as written: its number, dice, what was put out, drawn and chosen."""

    number: Word
    dice: tuple[int, int] | None = None
    dice_word: Word | None = None
    commitments: list[tuple[int, Commitment, Word]] = field(default_factory=list)
    draws: dict[int, tuple[Tile, Word]] = field(default_factory=dict)
    choices: list[tuple[int, bool, Word]] = field(default_factory=list)


@dataclass
class _HandText:
    """One hand as written: its tag, each seat's dealt tiles and its rounds."""

    tag: Tag
    tiles: dict[int, tuple[tuple[Tile, ...], Tag]] = field(default_factory=dict)
    rounds: list[_RoundText] = field(default_factory=list)


@dataclass
class _Options:
    players: int
    chips: int
    ante: int
    sets: int
    extra_ante: bool


class _NeedDraw(Exception):
    """A player draws where the record names no tile for them."""

    def __init__(self, seat: int) -> None:
        super().__init__(seat)
        self.seat = seat


class _RecordedSource:
    """Chance as the record tells it: its deals, its dice and its draws (``fallback`` for
    what it does not tell: throws after its last round, and hands after its last)."""

    def __init__(self, hands: Sequence[_HandText], fallback: random.Random) -> None:
        self._hands = hands
        self._fallback = SeededSource(fallback)
        self.hand_index = -1
        self.next_dice: tuple[int, int] | None = None
        self.draws: dict[int, Tile] = {}
        """The tiles the round being replayed draws, by seat of the hand."""
        self.replaying = True
        """Whether the record is still being replayed (after it, chance is the fallback's)."""

    def deal(self, players: int, sets: int) -> tuple[list[list[Tile]], list[Tile]]:
        self.hand_index += 1
        if self.hand_index >= len(self._hands):
            return self._fallback.deal(players, sets)
        written = self._hands[self.hand_index]
        if len(written.tiles) != players:
            tag = written.tag
            raise error_at(tag.line, tag.column, f"the tiles of the {players} players who pay the ante", "")
        hands = [list(tiles) for _, (tiles, _) in sorted(written.tiles.items())]
        boneyard = Counter(tile for _ in range(sets) for tile in full_set(6))
        for tiles, tag in written.tiles.values():
            for tile in tiles:
                if boneyard[tile] == 0:
                    raise error_at(tag.line, tag.value_column, "tiles not dealt to another player", str(tile))
                boneyard[tile] -= 1
        rest = sorted(boneyard.elements())
        self._fallback.rng.shuffle(rest)
        first = written.rounds[0].dice if written.rounds else None
        self.next_dice = first
        return hands, rest

    def throw(self) -> tuple[int, int]:
        dice, self.next_dice = self.next_dice, None
        return dice if dice is not None else self._fallback.throw()

    def draw(self, seat: int, boneyard: list[Tile]) -> Tile:
        if not self.replaying or self.hand_index >= len(self._hands):
            return self._fallback.draw(seat, boneyard)
        if seat not in self.draws:
            raise _NeedDraw(seat)
        tile = self.draws[seat]
        if tile not in boneyard:
            raise _NeedDraw(seat)
        boneyard.remove(tile)
        return tile


def read_dice_record(text: str) -> DiceSession:
    """The session a dice record describes, replayed to its end with every round checked.

    Raises :class:`NotationError` (code ``bad-record``, with ``line``, ``column`` and
    ``expected``) for anything that is not a valid dice record, and no other exception.
    A record whose ``Seed`` deals, throws and draws what it says is replayed from that
    seed, so the hands after it come out as if it had never been written down.
    """
    found = tokens(text)
    header, index = _header_tags(found)
    options = _options(header, found)
    session = _session_of(options, _hand_texts(found, index, options), seed_tag(header))
    _finish(session, header)
    return session


def replay_dice_record(text: str, hand_index: int, rounds: int) -> DiceSession:
    """The session of a dice record as it stood after ``rounds`` rounds (and the Double
    Perfect choices after them) of hand ``hand_index`` (from 0): for a replay viewer.

    Raises :class:`NotationError` as :func:`read_dice_record` does, and for a hand the
    record does not hold.
    """
    found = tokens(text)
    header, index = _header_tags(found)
    options = _options(header, found)
    hands = _hand_texts(found, index, options)
    if not 0 <= hand_index < len(hands):
        raise NotationError(f"the record has no hand {hand_index + 1}", "bad-record")
    kept = hands[: hand_index + 1]
    last = kept[-1]
    kept[-1] = _HandText(last.tag, last.tiles, last.rounds[: max(0, rounds)])
    session = _session_of(options, kept, seed_tag(header))
    session.tags = {name: tag.value for name, tag in header.items() if name not in _STRUCTURE}
    return session


def _session_of(options: _Options, hands: Sequence[_HandText], seed: int | None) -> DiceSession:
    """The hands replayed: from the seed when it deals, throws and draws what they say,
    else from what they say (chance after them from a fixed text)."""
    if seed is not None:
        try:
            session = _replay(options, hands, random.Random(seed), seeded=True)
        except NotationError:
            pass
        else:
            session.seed = seed
            return session
    session = _replay(options, hands, random.Random(f"dice record, seed {seed}"), seeded=False)
    session.seed = seed
    return session


def _header_tags(found: Sequence[Tag | Word]) -> tuple[dict[str, Tag], int]:
    header, index = header_tags(found)
    variant = header.get("Variant")
    if variant is None or variant.value != DICE_VARIANT:
        line, column = (variant.line, variant.value_column) if variant else (1, 1)
        raise error_at(line, column, f'[Variant "{DICE_VARIANT}"]', variant.value if variant else "")
    return header, index


def _whole(tag: Tag, text: str, low: int, high: int, what: str) -> int:
    if not text.isdigit() or not low <= int(text) <= high:
        raise error_at(tag.line, tag.value_column, f"{what} from {low} to {high}", text)
    return int(text)


def _options(header: Mapping[str, Tag], found: Sequence[Tag | Word]) -> _Options:
    values = dict(DICE_OPTIONS)
    tag = header.get("Options")
    if tag is not None:
        for part in tag.value.split():
            name, _, value = part.partition("=")
            if name not in DICE_OPTIONS or not value:
                known = ", ".join(f"{key}=" for key in DICE_OPTIONS)
                raise error_at(tag.line, tag.value_column, f"options such as {known}", part)
            values[name] = value
        if values["extra-ante"] not in ("on", "off"):
            raise error_at(
                tag.line, tag.value_column, "extra-ante=on or extra-ante=off", values["extra-ante"]
            )
    players_tag = header.get("Players")
    players = 4 if players_tag is None else _whole(players_tag, players_tag.value, 2, _MAX_PLAYERS, "players")
    where = tag if tag is not None else found[0]
    assert isinstance(where, Tag)
    sets = _whole(where, values["sets"], 1, _MAX_SETS, "sets")
    chips = _whole(where, values["chips"], 1, _MAX_CHIPS, "starting chips")
    ante = _whole(where, values["ante"], 1, chips, "an ante")
    if players * 4 > 28 * sets:
        raise error_at(where.line, where.value_column, f"more sets for {players} players", f"sets={sets}")
    return _Options(players, chips, ante, sets, values["extra-ante"] == "on")


def _hand_texts(found: Sequence[Tag | Word], index: int, options: _Options) -> list[_HandText]:
    hands: list[_HandText] = []
    if index >= len(found):
        last = found[-1] if found else None
        line = last.line if last else 1
        raise error_at(line, 1, '[Hand "1"] and the tiles dealt', "")
    words: list[Word] = []
    while index < len(found):
        token = found[index]
        index += 1
        if isinstance(token, Word):
            if not hands:
                raise error_at(token.line, token.column, '[Hand "1"] before the rounds', token.text)
            words.append(token)
            continue
        if token.name == "Hand":
            if hands:
                hands[-1].rounds = _rounds(words, options)
            words = []
            expected = str(len(hands) + 1)
            if token.value != expected:
                raise error_at(token.line, token.value_column, f"hand number {expected}", token.value)
            hands.append(_HandText(token))
        elif (seat := TILES_TAG.fullmatch(token.name)) is not None and hands and not words:
            number = int(seat.group(1))
            if number >= options.players or number in hands[-1].tiles:
                raise error_at(
                    token.line, token.column, "one [TilesK ...] tag per player in the hand", token.name
                )
            tiles = _tiles_of(token)
            if len(tiles) != 4:
                raise error_at(token.line, token.value_column, "the four tiles dealt", token.value)
            hands[-1].tiles[number] = (tiles, token)
        else:
            expected = f'a round or [Hand "{len(hands) + 1}"]' if words else '[Tiles0 "..."] or a round'
            raise error_at(token.line, token.column, expected, f"[{token.name}")
    hands[-1].rounds = _rounds(words, options)
    for hand in hands:
        if len(hand.tiles) < 2:
            raise error_at(
                hand.tag.line, hand.tag.column, "the tiles of two players or more", f"[Hand {hand.tag.value}"
            )
    return hands


def _tiles_of(tag: Tag) -> tuple[Tile, ...]:
    tiles = []
    for part in tag.value.split():
        try:
            tiles.append(read_tile(part))
        except NotationError:
            raise error_at(tag.line, tag.value_column, "tiles such as 6-4", part) from None
        if tiles[-1].high > 6:
            raise error_at(tag.line, tag.value_column, "double-six tiles", part)
    return tuple(tiles)


def _rounds(words: Sequence[Word], options: _Options) -> list[_RoundText]:
    rounds: list[_RoundText] = []
    index = 0
    while index < len(words):
        word = words[index]
        number = _NUMBER.fullmatch(word.text)
        if number is not None:
            expected = len(rounds) + 1
            if int(number.group(1)) != expected:
                raise error_at(word.line, word.column, f"round number {expected}.", word.text)
            rounds.append(_RoundText(word))
            index = _dice(words, index + 1, rounds[-1])
            continue
        if not rounds:
            raise error_at(word.line, word.column, "a round number such as 1.", word.text)
        index = _round_word(words, index, rounds[-1], options)
    return rounds


def _next(words: Sequence[Word], index: int, expected: str, after: Word) -> Word:
    if index >= len(words):
        raise error_at(after.line, after.column + len(after.text), expected, "")
    return words[index]


def _dice(words: Sequence[Word], index: int, into: _RoundText) -> int:
    word = _next(words, index, "dice and the two dice, as in dice 2-6", into.number)
    if word.text != "dice":
        raise error_at(word.line, word.column, "dice and the two dice, as in dice 2-6", word.text)
    thrown = _next(words, index + 1, "the two dice, as in 2-6", word)
    match = _DICE.fullmatch(thrown.text)
    if match is None:
        raise error_at(thrown.line, thrown.column, "the two dice, each 1 to 6, as in 2-6", thrown.text)
    into.dice = (int(match.group(1)), int(match.group(2)))
    into.dice_word = thrown
    return index + 2


def _seat(word: Word, text: str, options: _Options) -> int:
    if not text.isdigit() or int(text) >= options.players:
        raise error_at(word.line, word.column, f"a seat from 0 to {options.players - 1}", word.text)
    return int(text)


def _round_word(words: Sequence[Word], index: int, into: _RoundText, options: _Options) -> int:
    word = words[index]
    seat_colon = _SEAT_COLON.fullmatch(word.text)
    if seat_colon is not None:
        seat = _seat(word, seat_colon.group(1), options)
        if any(seat == other for other, _, _ in into.commitments):
            raise error_at(word.line, word.column, "each player's tiles once a round", word.text)
        commitment, index = _commitment(words, index + 1, word)
        into.commitments.append((seat, commitment, word))
        return index
    if word.text in ("draw", "again", "keep"):
        seat_word = _next(words, index + 1, "a seat number", word)
        seat = _seat(seat_word, seat_word.text, options)
        if word.text != "draw":
            into.choices.append((seat, word.text == "again", word))
            return index + 2
        tile_word = _next(words, index + 2, "the tile drawn, such as 5-1", seat_word)
        try:
            tile = read_tile(tile_word.text)
        except NotationError:
            raise error_at(
                tile_word.line, tile_word.column, "the tile drawn, such as 5-1", tile_word.text
            ) from None
        if seat in into.draws:
            raise error_at(word.line, word.column, "one draw for each player in a round", word.text)
        into.draws[seat] = (tile, word)
        return index + 3
    raise error_at(
        word.line, word.column, "a player's tiles (0: up 6-2 down 5-5), a draw, again or keep", word.text
    )


def _commitment(words: Sequence[Word], index: int, seat_word: Word) -> tuple[Commitment, int]:
    up: list[Tile] = []
    down: list[Tile] = []
    current: list[Tile] | None = None
    seen: set[str] = set()
    while index < len(words):
        word = words[index]
        if (
            word.text in ("up", "down")
            and word.text not in seen
            and not (word.text == "up" and "down" in seen)
        ):
            seen.add(word.text)
            current = up if word.text == "up" else down
        elif current is not None:
            try:
                current.append(read_tile(word.text))
            except NotationError:
                break
        else:
            break
        index += 1
    if not up and not down:
        where = words[index] if index < len(words) else None
        found = where.text if where else ""
        line, column = (where.line, where.column) if where else (seat_word.line, seat_word.column)
        raise error_at(line, column, "up or down and the tiles put out, as in 0: up 6-2 down 5-5", found)
    return Commitment(tuple(up), tuple(down)), index


def _refused(word: Word, message: str) -> NotationError:
    return error_at(word.line, word.column, message, word.text)


def _replay(
    options: _Options, hands: Sequence[_HandText], chance: random.Random, seeded: bool
) -> DiceSession:
    """The session replayed from its first hand: from the seed (``seeded``: every deal,
    throw and draw must be the seed's) or from what the record says."""
    source = SeededSource(chance) if seeded else _RecordedSource(hands, chance)
    try:
        session = DiceSession(
            options.players, source, options.chips, options.ante, options.sets, options.extra_ante
        )
    except NotationError:
        raise
    except EngineError as error:
        raise error_at(hands[0].tag.line, hands[0].tag.column, "a hand the rules allow", str(error)) from None
    for number, written in enumerate(hands, start=1):
        if number > 1:
            previous = session.hand
            assert previous is not None
            if not previous.is_over:
                raise error_at(
                    written.tag.line, written.tag.column, f"hand {number - 1} played to its end", ""
                )
            if session.is_over:
                raise error_at(written.tag.line, written.tag.column, "no more hands: the session is over", "")
            session.next_hand()
        _check_deal(session, written)
        _replay_hand(session, written, source)
    if isinstance(source, _RecordedSource):
        source.replaying = False
    return session


def _check_deal(session: DiceSession, written: _HandText) -> None:
    if tuple(sorted(written.tiles)) != session.seats_in_hand:
        seats = ", ".join(map(str, session.seats_in_hand))
        raise error_at(
            written.tag.line, written.tag.column, f"the tiles of seats {seats}, who pay the ante", ""
        )
    hand = session.hand
    assert hand is not None
    for index, seat in enumerate(session.seats_in_hand):
        tiles, tag = written.tiles[seat]
        if Counter(hand.dealt[index]) != Counter(tiles):
            raise error_at(tag.line, tag.value_column, "the tiles the seed deals", tag.value)


def _replay_hand(session: DiceSession, written: _HandText, source: object) -> None:
    hand = session.hand
    assert hand is not None
    seating = session.seats_in_hand
    for position, played in enumerate(written.rounds):
        if hand.is_over:
            raise _refused(played.number, "no more rounds: someone has gone out")
        if hand.awaiting_rethrow:
            raise _refused(played.number, "again or keep from each Double Perfect player first")
        assert played.dice is not None and played.dice_word is not None
        if played.dice != hand.dice:
            raise _refused(played.dice_word, f"the dice as they are: {hand.dice[0]}-{hand.dice[1]}")
        following = written.rounds[position + 1] if position + 1 < len(written.rounds) else None
        if isinstance(source, _RecordedSource):
            source.next_dice = following.dice if following is not None else None
            source.draws = {
                seating.index(seat): tile for seat, (tile, _) in played.draws.items() if seat in seating
            }
        last_round = following is None
        if not last_round and len(played.commitments) < len(seating):
            missing = sorted(set(seating) - {seat for seat, _, _ in played.commitments})
            raise _refused(played.number, f"the tiles put out by seat {missing[0]} in this round")
        done = _commit_all(session, played)
        if done is None:
            if played.draws or played.choices:
                word = next(iter(played.draws.values()))[1] if played.draws else played.choices[0][2]
                raise _refused(word, "every player's tiles before the draws")
            continue
        _check_draws(done, played, seating)
        for seat, again, word in played.choices:
            try:
                session.choose_rethrow(seat, again)
            except EngineError as error:
                raise _refused(word, str(error)) from None


def _commit_all(session: DiceSession, played: _RoundText) -> DiceRound | None:
    done = None
    for seat, commitment, word in played.commitments:
        if seat not in session.seats_in_hand:
            raise _refused(word, "a player in this hand")
        try:
            done = session.commit(seat, commitment)
        except _NeedDraw as need:
            seat_drawing = session.seats_in_hand[need.seat]
            raise _refused(
                played.number, f"draw {seat_drawing} and a tile in the boneyard: it draws this round"
            ) from None
        except EngineError as error:
            raise _refused(word, str(error)) from None
    return done


def _check_draws(done: DiceRound, played: _RoundText, seating: Sequence[int]) -> None:
    for seat, (tile, word) in played.draws.items():
        index = seating.index(seat) if seat in seating else -1
        if index < 0 or done.drawn[index] is None:
            raise _refused(word, f"no draw: seat {seat} does not draw this round")
        if done.drawn[index] != tile:
            raise _refused(word, f"the tile drawn: {done.drawn[index]}")
    for index, drawn in enumerate(done.drawn):
        if drawn is not None and seating[index] not in played.draws:
            raise _refused(played.number, f"draw {seating[index]} {drawn}: it draws this round")


def _finish(session: DiceSession, header: Mapping[str, Tag]) -> None:
    result = header.get("Result")
    if result is not None and result.value != "*" and not session.is_over:
        hand = session.hand
        if hand is not None and not hand.is_over:
            raise error_at(result.line, result.value_column, '"*": the hand is being played', result.value)
        session.stop()
    if result is not None and result.value != _result(session):
        raise error_at(result.line, result.value_column, f'"{_result(session)}"', result.value)
    for name, value in (("Chips", "-".join(map(str, session.chips))), ("Pot", str(session.pot))):
        tag = header.get(name)
        if tag is not None and tag.value != value:
            raise error_at(tag.line, tag.value_column, f'"{value}" as the rounds give it', tag.value)
    session.tags = {name: tag.value for name, tag in header.items() if name not in _STRUCTURE}
