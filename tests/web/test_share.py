"""Share links (web/links/share.py): real records and positions survive the trip through a link's
fragment; fragments without a game are ignored; damaged, cut, altered or hostile fragments
raise SharedError with a message in plain words, and nothing else."""

from __future__ import annotations

import base64
import re
import zlib
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.line.notation import read_position, read_record, write_position, write_record
from engine.line.selfplay import bot_match
from web.links.share import (
    MAX_FRAGMENT,
    Shared,
    SharedError,
    position_fragment,
    read_fragment,
    record_fragment,
)

PYTHON_WORDS = re.compile(
    r"Error|Traceback|Exception|zlib|base64|utf|codec|byte|\b(int|float|str|dict|None|True|False|NaN|inf|nan|"
    r"Infinity|json)\b|[{}<>\"\\]",
    re.IGNORECASE,
)

# (variant, players, seed, options): several rule sets; cut-throat seed 6 is a long match (59 hands).
MATCHES: list[tuple[str, int, int, dict[str, str] | None]] = [
    ("draw-2", 2, 1, None),
    ("block", 4, 2, None),
    ("partnership-block", 4, 3, {"partner-draw": "on"}),
    ("all-fives", 2, 4, {"manual-scoring": "on"}),
    ("jamaican-partner", 4, 5, None),
    ("double-nine-cross", 4, 7, None),
    ("cut-throat", 3, 6, None),
]


@cache
def record_of(variant: str, players: int, seed: int, options: tuple[tuple[str, str], ...] = ()) -> str:
    """The record of a whole bot match (Beginner bots, so it is quick)."""
    match = bot_match(variant, players, seed, ["random"] * players, options=dict(options) or None)
    return write_record(match)


def record(index: int) -> str:
    variant, players, seed, options = MATCHES[index]
    return record_of(variant, players, seed, tuple(sorted((options or {}).items())))


@cache
def positions() -> tuple[str, ...]:
    """Positions from the middle of real hands: every tile shown, and as seat 0 sees them (hidden hands)."""
    found = []
    for variant, players, seed, options in MATCHES[:6]:
        match = bot_match(variant, players, seed, ["random"] * players, max_hands=1, options=options)
        for moves in (2, 5):
            at = match.replayed_to(0, moves)
            if not at.hand.is_over:
                found.append(write_position(at.hand, tuple(at.scores)))
                found.append(write_position(at.hand, tuple(at.scores), seat=0))
    return tuple(found)


def damaged_message(fragment: str) -> str:
    """The message of the SharedError a fragment raises (it must raise one)."""
    with pytest.raises(SharedError) as caught:
        read_fragment(fragment)
    message = str(caught.value)
    assert_plain(message)
    return message


def assert_plain(message: str) -> None:
    """A message for the player: one plain sentence, no Python or encoding terms."""
    assert 0 < len(message) <= 120, message
    assert message.endswith("."), message
    assert PYTHON_WORDS.search(message) is None, message


def packed(data: bytes) -> str:
    """``data`` as a record fragment's value: URL-safe base64 without padding."""
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


# --- round trips ---------------------------------------------------------------------------


@pytest.mark.parametrize("index", range(len(MATCHES)), ids=[m[0] for m in MATCHES])
def test_a_record_survives_the_link(index: int) -> None:
    """A real record written into a fragment reads back as exactly the same text, which replays."""
    text = record(index)
    fragment = record_fragment(text)
    assert fragment.startswith("#record=")
    assert re.fullmatch(r"#record=[A-Za-z0-9_-]+", fragment)
    assert read_fragment(fragment) == Shared("record", text)
    assert read_fragment(fragment[1:]) == Shared("record", text)
    shared = read_fragment(fragment)
    assert shared is not None
    assert write_record(read_record(shared.text)) == text


def test_a_long_match_is_compressed() -> None:
    """The long match (59 hands) is a real test of size: its fragment is far shorter than its text."""
    text = record(len(MATCHES) - 1)
    assert text.count('[Hand "') >= 50
    fragment = record_fragment(text)
    assert len(fragment) < len(text) / 2
    assert read_fragment(fragment) == Shared("record", text)


def test_positions_survive_the_link_and_stay_readable() -> None:
    """Real positions (whole and with hidden hands) read back the same and stay readable in the address."""
    texts = positions()
    assert len(texts) >= 10 and any("?" in text for text in texts)
    for text in texts:
        fragment = position_fragment(text)
        assert fragment.startswith("#position=")
        assert " " not in fragment and "#" not in fragment[1:]
        assert "scores" in fragment and "layout" in fragment
        shared = read_fragment(fragment)
        assert shared == Shared("position", text)
        assert write_position(read_position(shared.text)) == write_position(read_position(text))


def test_special_characters_in_a_position_survive() -> None:
    """Characters a URL treats specially (+, %, &, #, spaces) come back as they were."""
    text = "draw-2 2 100 ; pending 1 +10 ; note 50% & #1 é"
    assert read_fragment(position_fragment(text)) == Shared("position", text)


@pytest.mark.parametrize("text", ["", "x", "é" * 100, '[Variant "draw-2"]\n' * 50, "\x00\u2028\U0001f600"])
def test_any_text_survives_a_record_fragment(text: str) -> None:
    """The packing itself is lossless for any text, odd characters included."""
    assert read_fragment(record_fragment(text)) == Shared("record", text)


# --- fragments without a game -------------------------------------------------------------------


@pytest.mark.parametrize(
    "fragment",
    [
        "",
        "#",
        "#top",
        "#record",
        "#position",
        "#records=eJw",
        "#Record=eJw",
        "#POSITION=x",
        "#hand=2&move=3",
        "record",
        "#=record",
        "# record=x",
        "#recordx=1",
    ],
)
def test_a_fragment_without_a_game_is_none(fragment: str) -> None:
    """Fragments that do not carry a record or a position give None, never an error."""
    assert read_fragment(fragment) is None


# --- damaged fragments ---------------------------------------------------------------------------


def test_a_cut_record_is_damaged() -> None:
    """A record fragment cut short anywhere (as a copy may cut it) is a plain 'damaged' message."""
    fragment = record_fragment(record(0))
    value = fragment.removeprefix("#record=")
    for keep in (
        0,
        1,
        2,
        3,
        4,
        5,
        len(value) // 3,
        len(value) // 2,
        len(value) - 6,
        len(value) - 2,
        len(value) - 1,
    ):
        message = damaged_message("#record=" + value[:keep])
        assert "damaged" in message


def test_altered_characters_in_a_record_are_damaged() -> None:
    """Changing one character inside the packed record is caught (the checksum or the stream breaks)."""
    value = record_fragment(record(1)).removeprefix("#record=")
    for index in (0, 1, 5, 10, len(value) // 2, len(value) - 10):
        replacement = "A" if value[index] != "A" else "B"
        altered = value[:index] + replacement + value[index + 1 :]
        assert "damaged" in damaged_message("#record=" + altered)


@pytest.mark.parametrize(
    "value",
    ["!!!!", "eJw=", "abc.def", "ab cd", "abcd+/", "%41%42", "é", "abcde", "a" * 4 + "=" * 4, "\ud800abc"],
)
def test_text_that_is_not_url_safe_base64_is_damaged(value: str) -> None:
    """Characters outside URL-safe base64, padding, or an impossible length: a plain message."""
    assert "damaged" in damaged_message("#record=" + value)


@pytest.mark.parametrize(
    "data",
    [b"", b"hello, world", b"\x78\x9c", b"\x00" * 40, zlib.compress(b"x")[:-4], zlib.compress(b"abc")[2:]],
    ids=["empty", "plain-text", "header-only", "zeros", "no-checksum", "raw-deflate"],
)
def test_data_that_is_not_zlib_is_damaged(data: bytes) -> None:
    """Base64 of something that is not a whole zlib stream: a plain 'damaged' message."""
    assert "damaged" in damaged_message("#record=" + packed(data))


def test_a_zip_bomb_is_refused_as_too_long() -> None:
    """zlib of 5 MB of spaces (a few kilobytes in the link) is refused without unpacking it all."""
    bomb = packed(zlib.compress(b" " * 5_000_000, 9))
    assert len(bomb) < 20_000
    message = damaged_message("#record=" + bomb)
    assert "too long" in message


def test_just_over_the_limit_is_too_long_and_just_under_reads() -> None:
    """The unpacked size limit is a megabyte: a megabyte reads, one character more does not."""
    limit = 1024 * 1024
    assert read_fragment("#record=" + packed(zlib.compress(b"a" * limit))) == Shared("record", "a" * limit)
    assert "too long" in damaged_message("#record=" + packed(zlib.compress(b"a" * (limit + 1))))


def test_an_overlong_fragment_is_refused_before_reading() -> None:
    """A fragment longer than MAX_FRAGMENT is refused outright, record or position."""
    assert "too long" in damaged_message("#record=" + "A" * (MAX_FRAGMENT + 1))
    assert "too long" in damaged_message("#position=" + "a" * (MAX_FRAGMENT + 1))


@pytest.mark.parametrize(
    "data",
    [b"\xff\xfe", b"caf\xc3", b"\xed\xa0\x80", b"ok \x80 then", b"\xc0\xaf"],
    ids=["bom-bytes", "cut-sequence", "surrogate", "lone-continuation", "overlong"],
)
def test_invalid_utf8_after_unpacking_is_damaged(data: bytes) -> None:
    """A whole zlib stream whose bytes are not UTF-8 text: a plain 'damaged' message."""
    assert "damaged" in damaged_message("#record=" + packed(zlib.compress(data)))


@pytest.mark.parametrize("value", ["%ff", "%C3", "abc%ED%A0%80", "a%80b"])
def test_a_position_with_broken_percent_escapes_is_damaged(value: str) -> None:
    """Percent-escapes that are not UTF-8 make a plain 'damaged' message, not replacement characters."""
    assert "damaged" in damaged_message("#position=" + value)


def test_a_position_longer_than_a_save_is_refused() -> None:
    """A position fragment that unpacks to more than a megabyte is refused in plain words."""
    damaged_message("#position=" + "a" * (1024 * 1024 + 1))


# --- properties ---------------------------------------------------------------------------------

BASE64URL = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", max_size=200)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["#record=", "record=", "#position=", "position="]), st.text(max_size=300) | BASE64URL)
def test_any_text_in_a_fragment_is_read_or_a_plain_shared_error(head: str, value: str) -> None:
    """Arbitrary text after #record= or #position= returns a Shared or raises SharedError in plain words."""
    try:
        shared = read_fragment(head + value)
    except SharedError as error:
        assert_plain(str(error))
        return
    assert shared is not None
    assert shared.kind == head.strip("#=")
    assert isinstance(shared.text, str)


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=300), st.booleans())
def test_any_bytes_packed_are_read_or_a_plain_shared_error(data: bytes, compress: bool) -> None:
    """Any bytes, zlib-packed or not, behind #record=: the text they hold or a plain SharedError."""
    body = zlib.compress(data) if compress else data
    try:
        shared = read_fragment("#record=" + packed(body))
    except SharedError as error:
        assert_plain(str(error))
        return
    assert shared == Shared("record", zlib.decompress(body).decode("utf-8"))


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_one_altered_character_never_reads_as_another_game(data: st.DataObject) -> None:
    """Changing one character of a real record's fragment gives the same record or SharedError, never garbage."""
    text = record(0)
    value = record_fragment(text).removeprefix("#record=")
    index = data.draw(st.integers(0, len(value) - 1))
    char = data.draw(st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"))
    try:
        shared = read_fragment("#record=" + value[:index] + char + value[index + 1 :])
    except SharedError as error:
        assert_plain(str(error))
        return
    # Only the unused low bits of the last base64 character may change without changing the bytes.
    assert shared == Shared("record", text)
