"""Reading notation text: tokens with their line and column, and errors that point at them.

Both the record and the position forms are read with :func:`tokens`: tag pairs
``[Name "value"]``, comments ``{...}`` (dropped) and words (anything else between
spaces). Every problem is a :class:`~engine.errors.NotationError` carrying the line and
column (both from 1) and what was expected there, as a person would say it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.errors import NotationError
from engine.tiles import Tile

__all__ = [
    "MAX_TEXT",
    "TILES_TAG",
    "TILE_EXAMPLE",
    "Tag",
    "Token",
    "Word",
    "check_text",
    "error_at",
    "header_tags",
    "one_line",
    "quote",
    "read_tile",
    "seed_tag",
    "shown",
    "tag_text",
    "tokens",
]

MAX_TEXT = 2_000_000
"""The longest text read (characters): a thousand-hand record is a tenth of it."""

_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,39}")
_WORD = re.compile(r"[^\s{}\[\]\"]+")
_SHOWN = 24
_TILE = re.compile(r"(\d{1,2})[-|:](\d{1,2})")
TILES_TAG = re.compile(r"Tiles(\d{1,2})")
"""The name of the tag of a seat's tiles dealt (``Tiles0``, ``Tiles1``, ...)."""
_SEED = re.compile(r"-?\d{1,20}")

TILE_EXAMPLE = "a tile such as 6-4"


@dataclass(frozen=True, slots=True)
class Word:
    """A word of move text (or of a position) and where it starts."""

    text: str
    line: int
    column: int


@dataclass(frozen=True, slots=True)
class Tag:
    """A tag pair ``[name "value"]``, where it starts and where its value starts."""

    name: str
    value: str
    line: int
    column: int
    value_column: int


Token = Word | Tag


def shown(text: str) -> str:
    """A bit of a reader's text fit to quote in a message: short, on one line."""
    text = text.replace("\n", " ")
    return text if len(text) <= _SHOWN else text[: _SHOWN - 1] + "…"


def error_at(
    line: int, column: int, expected: str, found: str | None = None, code: str = "bad-record"
) -> NotationError:
    """A :class:`NotationError` at ``line``:``column`` saying what was expected (and found)."""
    message = f"line {line}, column {column}: expected {expected}"
    if found is not None:
        message += f", found {quote(found)}"
    return NotationError(message, code, line=line, column=column, expected=expected)


def quote(text: str) -> str:
    """``text`` quoted for a message (or ``the end of the text``)."""
    return f'"{shown(text)}"' if text else "the end of the text"


def check_text(text: object, limit: int, code: str) -> None:
    """Refuse what is not text, or is longer than ``limit`` characters (at line 1, column 1)."""
    if not isinstance(text, str):
        raise NotationError("expected text", code, line=1, column=1, expected="text")
    if len(text) > limit:
        raise NotationError(
            f"the text is too long ({len(text)} characters; at most {limit})",
            code,
            line=1,
            column=1,
            expected=f"at most {limit} characters",
        )


def tokens(text: str, code: str = "bad-record") -> list[Token]:
    """The tags and words of ``text``, comments dropped; raises :class:`NotationError`."""
    check_text(text, MAX_TEXT, code)
    found: list[Token] = []
    index, line, line_start = 0, 1, 0
    length = len(text)
    while index < length:
        char = text[index]
        if char == "\n":
            index += 1
            line, line_start = line + 1, index
        elif char.isspace():
            index += 1
        elif char == "{":
            end = text.find("}", index)
            if end < 0:
                raise error_at(line, index - line_start + 1, "a comment closed with }", "an unclosed {", code)
            line += text.count("\n", index, end)
            newline = text.rfind("\n", index, end)
            if newline >= 0:
                line_start = newline + 1
            index = end + 1
        elif char == "[":
            tag, index = _tag(text, index, line, line_start, code)
            found.append(tag)
        else:
            word = _WORD.match(text, index)
            if word is None:
                raise error_at(line, index - line_start + 1, "a move, a tag or a comment", char, code)
            found.append(Word(word.group(), line, index - line_start + 1))
            index = word.end()
    return found


_TAG_VALUE = re.compile(r'([^"\\\n]*(?:\\["\\][^"\\\n]*)*)"')
"""A tag's quoted value after its opening quote, up to and with its closing quote."""
_ESCAPED = re.compile(r'\\(["\\])')


def _tag(text: str, start: int, line: int, line_start: int, code: str) -> tuple[Tag, int]:
    """The tag pair at ``start`` (a ``[``) and the index after its ``]``."""

    def fail(index: int, expected: str) -> NotationError:
        found = text[index : index + _SHOWN].split("\n")[0]
        return error_at(line, index - line_start + 1, expected, found, code)

    index = _skip_spaces(text, start + 1)
    name = _TAG_NAME.match(text, index)
    if name is None:
        raise fail(index, "a tag name such as Variant")
    index = _skip_spaces(text, name.end())
    if index == name.end() or index >= len(text) or text[index] != '"':
        raise fail(index, 'a space and a quoted value, as in [Variant "draw-2"]')
    value_start = index + 1
    quoted = _TAG_VALUE.match(text, value_start)
    if quoted is not None:  # the usual case, read at once (a value may be long)
        value = _ESCAPED.sub(r"\1", quoted.group(1))
        index = _skip_spaces(text, quoted.end())
        if index >= len(text) or text[index] != "]":
            raise fail(index, "] to close the tag")
        column = start - line_start + 1
        return Tag(name.group(), value, line, column, value_start - line_start + 1), index + 1
    chars: list[str] = []  # the value is not well formed: find where, to say so
    index = value_start
    while True:
        if index >= len(text) or text[index] == "\n":
            raise fail(index, 'a closing " on the same line')
        char = text[index]
        if char == '"':
            break
        if char == "\\":
            following = text[index + 1 : index + 2]
            if following not in ('"', "\\"):
                raise fail(index, 'only \\" or \\\\ after a backslash')
            chars.append(following)
            index += 2
            continue
        chars.append(char)
        index += 1
    index = _skip_spaces(text, index + 1)
    if index >= len(text) or text[index] != "]":
        raise fail(index, "] to close the tag")
    column = start - line_start + 1
    return Tag(name.group(), "".join(chars), line, column, value_start - line_start + 1), index + 1


def _skip_spaces(text: str, index: int) -> int:
    while index < len(text) and text[index] in " \t":
        index += 1
    return index


def one_line(value: str) -> str:
    """A tag value as a record keeps it: on one line, each line feed written as a space."""
    return value.replace("\r\n", " ").replace("\n", " ")


def tag_text(name: str, value: str) -> str:
    """A tag pair as written: ``[Name "value"]`` with ``"`` and ``\\`` escaped.

    A value stays on one line: a line feed in it is written as a space.
    """
    escaped = one_line(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def read_tile(word: str) -> Tile:
    """The tile a word names (``6-4``, ``4-6``, ``6|4``); raises :class:`NotationError`."""
    match = _TILE.fullmatch(word)
    if match is None:
        raise NotationError(f"not a tile: {word!r}", "bad-tile", expected=TILE_EXAMPLE)
    return Tile.of(int(match.group(1)), int(match.group(2)))


def header_tags(
    found: Sequence[Tag | Word], section: str = "Hand", section_tags: Sequence[str] = ()
) -> tuple[dict[str, Tag], int]:
    """A record's tag pairs before its first ``section`` (``Hand``, or a train game's
    ``Round``), by name, and the index of what follows; a tag given twice, or a section's
    own tag (its tiles, or one of ``section_tags``) before the first section, is an error at
    the tag."""
    header: dict[str, Tag] = {}
    index = 0
    while index < len(found):
        token = found[index]
        if not isinstance(token, Tag) or token.name == section:
            break
        if token.name in header:
            raise error_at(token.line, token.column, f"one [{token.name} ...] tag", "a second one")
        if TILES_TAG.fullmatch(token.name) or token.name in section_tags:
            raise error_at(
                token.line,
                token.column,
                f'[{section} "1"] before the tiles of a {section.lower()}',
                token.name,
            )
        header[token.name] = token
        index += 1
    return header, index


def seed_tag(header: Mapping[str, Tag]) -> int | None:
    """The ``Seed`` tag's number, if the record has one (an error at its value if it is not one)."""
    tag = header.get("Seed")
    if tag is None:
        return None
    if not _SEED.fullmatch(tag.value):
        raise error_at(tag.line, tag.value_column, "a whole number (at most 20 digits)", tag.value)
    return int(tag.value)
