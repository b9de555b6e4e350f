"""Checking a saved game's text before anything is built from it.

The app keeps the match in the browser's storage after every move, as the record
:meth:`web.line.controller.Controller.save` writes (``docs/notation.md``; the settings are in
its tags). Saves written before records are JSON, and still load::

    {"settings": {"variant": ..., "players": ..., "target": ..., "levels": [...], "options": {...}},
     "record": {"format": "dominoes-match/1", "variant": ..., "players": ..., "target": ...,
                "options": {...}, "seed": ..., "hands": [[action, ...], ...]}}

That text can come back damaged (a browser extension, a full disk, a person editing it
in the developer tools). :func:`validate_save` reads it defensively, cheapest checks first
and before building anything, and refuses anything :meth:`Controller.save` would not write
with a :class:`SaveError` whose message is in the player's words.

The save slots that hold these texts are :mod:`web.storage.saves`.

Pure Python (standard library and the engine); no browser imports.

Limits, and why:

* :data:`MAX_SAVE_CHARS` (1 MiB): the longest save measured is a 2-player Cut Throat
  match (boneyard on) of 608 hands, the longest of 150 matches played to the end by the
  controller with random-play seats. As a record (about 410 characters a hand: the deal
  and the moves; the JSON form before records took 250) it is about 250,000 characters.
  The limit holds about 2,500 such hands: that variant ends only when one player wins six
  hands before the other wins one, and each hand past the first dozens ends the match
  with the same small chance, about 1 in 80, which puts a match that long below one in
  10^13. It leaves room in the browser's storage (5 MB in Chromium) for several tables'
  saves and the saves set aside.
* :data:`MAX_DEPTH` (8): a real save nests 4 deep (save, record, hands, one hand).
  Checked on the text, before :func:`json.loads`, whose recursion would overflow
  Pyodide's WebAssembly stack on a deeply nested text.
* :data:`MAX_HANDS` (4,000): more than fit in :data:`MAX_SAVE_CHARS` at real hand sizes
  (the size is what binds). :data:`MAX_ACTIONS_PER_HAND` (2,000): above the most a hand
  can take (91 tiles each drawn and played once, at most a pass per other player between
  two of those, a score call per player per play: 1,553); the longest measured had 137.
* Numbers: ``players`` 2 to :data:`MAX_PLAYERS`, ``target`` 1 to :data:`MAX_TARGET`,
  ``seed`` 0 to :data:`MAX_SEED` (the largest seed a link may give); no number in a save
  may have more than :data:`MAX_NUMBER_DIGITS` digits (Python refuses to read integers
  of over 4,300 digits, and a 19-digit seed is the longest real one).
* Text: rule-set, level and option names and values at most :data:`MAX_NAME_CHARS`
  characters (the longest real one has 14), actions at most :data:`MAX_ACTION_CHARS`
  printable ASCII characters (the longest real one, ``12-12@123N``, has 10).

Keys a save does not need are ignored and left out of the :class:`ValidSave` (so a later
version may add some); a key written twice anywhere is refused (the app never does that).
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from itertools import accumulate
from typing import Any

from engine import VARIANTS, EngineError, IllegalActionError, NotationError, Variant, make_rules
from engine.line.json_record import RECORD_FORMAT
from web.links.params import MAX_SEED
from web.settings import SEAT_LEVELS, Settings
from web.storage.game_record import is_record, read_settings, settings_of_record

__all__ = [
    "MAX_ACTIONS_PER_HAND",
    "MAX_ACTION_CHARS",
    "MAX_DEPTH",
    "MAX_HANDS",
    "MAX_NAME_CHARS",
    "MAX_NUMBER_DIGITS",
    "MAX_OPTIONS",
    "MAX_PLAYERS",
    "MAX_SAVE_CHARS",
    "MAX_SEED",
    "MAX_TARGET",
    "MIN_PLAYERS",
    "SaveError",
    "ValidSave",
    "damage_of",
    "parse_json_safely",
    "settings_of_damaged_save",
    "validate_save",
]

MAX_SAVE_CHARS = 1024 * 1024
"""The longest save text read (characters; a real save is ASCII, so also bytes)."""

MAX_DEPTH = 8
"""The deepest nesting of ``[`` and ``{`` a save may have (a real one has 4)."""

MAX_NUMBER_DIGITS = 20
"""The most characters (digits and sign) of any number in a save."""

MAX_PLAYERS = max(max(variant.player_counts) for variant in VARIANTS.values())
"""The most players any rule set allows."""

MIN_PLAYERS = 2
"""The fewest players any rule set allows."""

MAX_TARGET = 10_000
"""The highest target a save may name (every rule set offers far less)."""


MAX_HANDS = 4_000
"""The most hands a saved match may have."""

MAX_ACTIONS_PER_HAND = 2_000
"""The most actions one saved hand may have."""

MAX_ACTION_CHARS = 16
"""The longest action text (``12-12@123N`` has 10 characters)."""

MAX_NAME_CHARS = 32
"""The longest rule-set id, AI level, option id or option value."""

MAX_OPTIONS = 16
"""The most options a save may set."""


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
_DAMAGED = "the saved game is damaged: "


class SaveError(EngineError):
    """A saved game that cannot be read (code ``bad-save``).

    The message is for the player: ``"the saved game is damaged: <reason>"``, short, with
    no Python terms and no piece of the save itself. ``reason`` is the part after the colon.
    """

    default_code = "bad-save"

    def __init__(self, reason: str) -> None:
        """A damaged save, for ``reason`` (plain words, e.g. "the target score is missing")."""
        super().__init__(_DAMAGED + reason, "bad-save")
        self.reason = reason


@dataclass(frozen=True)
class ValidSave:
    """A save that passed :func:`validate_save`: its settings, and its text for :meth:`Controller.restore`.

    ``settings`` is ready for :meth:`Settings.from_json`. A save is a record
    (``docs/notation.md``); ``record`` is set only for a save in the JSON form written
    before records, holding only the keys :func:`engine.line.json_record.replay` needs. Whether
    every move can be played is found only by replaying it (which
    :meth:`Controller.restore` does).
    """

    settings: dict[str, Any]
    record: dict[str, Any] | None = None
    source: str = ""

    @property
    def text(self) -> str:
        """The save as :meth:`Controller.save` wrote it (for a JSON save, its checked keys only)."""
        if self.record is None:
            return self.source
        return json.dumps({"settings": self.settings, "record": self.record})


# --- reading a save -----------------------------------------------------------------------


class _Unreadable:
    """What the JSON reader puts in place of a number a save never holds."""

    def __init__(self, why: str) -> None:
        self.why = why


_FRACTION = _Unreadable("is not a whole number")
_HUGE = _Unreadable("is far too large")


def _read_int(digits: str) -> int | _Unreadable:
    """An integer of the text, or a marker if it has too many digits to be real."""
    return _HUGE if len(digits) > MAX_NUMBER_DIGITS else int(digits)


def _read_float(_digits: str) -> _Unreadable:
    """Every number with a fraction or an exponent: no save holds one."""
    return _FRACTION


def _refuse_constant(_name: str) -> None:
    """``NaN``, ``Infinity`` and ``-Infinity``: not JSON, and never in a save."""
    raise SaveError("it holds a number that is not a number")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object of the text, refused if it names a key twice."""
    result = dict(pairs)
    if len(result) != len(pairs):
        raise SaveError("it holds the same entry twice")
    return result


def _nesting_depth(text: str) -> int:
    """How deep ``[`` and ``{`` nest in ``text``, not counting those inside JSON strings."""
    brackets = _BRACKETS.findall(_STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def _parse(text: object) -> object:
    """The JSON value of a save's text, after the checks that keep reading it safe."""
    return parse_json_safely(text, MAX_SAVE_CHARS, MAX_DEPTH)


def _finite_float(digits: str) -> float:
    value = float(digits)
    if not math.isfinite(value):
        raise SaveError("it holds a number far too large")
    return value


def parse_json_safely(text: object, max_chars: int, max_depth: int, *, floats: bool = False) -> object:
    """The JSON value of ``text`` read as a save is (a backup too: :mod:`web.storage.backup`):
    refused with a :class:`SaveError` if it is not text, longer than ``max_chars``, empty,
    nested deeper than ``max_depth`` (counted before reading), not JSON, or if it holds
    ``NaN``/``Infinity``, a key given twice or a number of too many digits (read as a marker
    no check accepts). Numbers with a fraction are read only where ``floats`` (finite ones)."""
    if not isinstance(text, str):
        raise SaveError("it is not text")
    if len(text) > max_chars:
        raise SaveError("it is too large")
    if not text or text.isspace():
        raise SaveError("it is empty")
    if _nesting_depth(text) > max_depth:
        raise SaveError("it is nested too deeply")
    try:
        return json.loads(
            text,
            parse_int=_read_int,
            parse_float=_finite_float if floats else _read_float,
            parse_constant=_refuse_constant,
            object_pairs_hook=_unique_keys,
        )
    except SaveError:
        raise
    except (ValueError, RecursionError, MemoryError):
        raise SaveError("it is not readable") from None


def _whole(value: object, what: str, low: int, high: int) -> int:
    """``value`` as a whole number from ``low`` to ``high``, or the reason it is not."""
    if isinstance(value, _Unreadable):
        raise SaveError(f"{what} {value.why}")
    if isinstance(value, bool) or not isinstance(value, int):
        raise SaveError(f"{what} is not a whole number")
    if not low <= value <= high:
        raise SaveError(f"{what} is out of range")
    return value


def _name(value: object, what: str) -> str:
    """``value`` as a short name, or the reason it is not."""
    if not isinstance(value, str):
        raise SaveError(f"{what} is not a name")
    if not 0 < len(value) <= MAX_NAME_CHARS:
        raise SaveError(f"{what} is not a name this table uses")
    return value


def _part(data: object, what: str) -> dict[str, Any]:
    """One of the save's two parts (``what`` names it), or the reason it is not there."""
    if not isinstance(data, dict):
        raise SaveError(f"{what} missing" if data is None else f"{what} not in the right form")
    return data


def _required(data: dict[str, Any], key: str, what: str) -> object:
    """The value of ``key`` (``what`` names it for the player), or the reason it is missing."""
    if key not in data:
        raise SaveError(f"{what} is missing")
    return data[key]


def _options(data: dict[str, Any]) -> dict[str, str]:
    """The ``options`` entry of a save's part (missing means the defaults)."""
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise SaveError("the rule options are not in the right form")
    if len(options) > MAX_OPTIONS:
        raise SaveError("it sets too many rule options")
    return {_name(key, "a rule option"): _name(value, "a rule option") for key, value in options.items()}


def _rules_of(data: dict[str, Any], what: str) -> tuple[str, int, int, dict[str, str]]:
    """The variant, players, target and options of a save's part, checked one by one."""
    variant_id = _name(_required(data, "variant", f"the rule set in {what}"), f"the rule set in {what}")
    variant: Variant | None = VARIANTS.get(variant_id)
    if variant is None:
        raise SaveError(f"the rule set in {what} is not one this table knows")
    players = _whole(
        _required(data, "players", "the number of players"), "the number of players", MIN_PLAYERS, MAX_PLAYERS
    )
    if players not in variant.player_counts:
        raise SaveError(f"the number of players does not fit {variant.name}")
    target = _whole(_required(data, "target", "the target score"), "the target score", 1, MAX_TARGET)
    options = _options(data)
    try:
        resolved = variant.resolve_options(players, options)
    except EngineError:
        raise SaveError(f"the rule options are not ones {variant.name} offers") from None
    if target not in variant.targets_for(resolved)[0]:
        raise SaveError(f"the target score is not one {variant.name} offers")
    try:
        make_rules(variant_id, players, target, options)
    except EngineError:
        raise SaveError(f"the rules are not a game {variant.name} offers") from None
    return variant_id, players, target, options


def _settings(data: object) -> dict[str, Any]:
    """The settings part, checked, with only the keys :meth:`Settings.from_json` reads."""
    part = _part(data, "the game's settings are")
    variant, players, target, options = _rules_of(part, "the settings")
    levels = _required(part, "levels", "the list of the other players' levels")
    if not isinstance(levels, list) or len(levels) > MAX_PLAYERS:
        raise SaveError("the other players' levels are not in the right form")
    named = [_name(level, "a computer player's level") for level in levels]
    if len(named) != players - 1 or any(level not in SEAT_LEVELS for level in named):
        raise SaveError("the other players' levels are not ones this table offers")
    settings = {"variant": variant, "players": players, "target": target, "levels": named, "options": options}
    try:
        Settings.from_json(settings)
    except EngineError:
        raise SaveError("the settings are not a game this table offers") from None
    return settings


def _hands(value: object) -> list[list[str]]:
    """The record's hands: a non-empty list of lists of short action texts."""
    if not isinstance(value, list) or not value:
        raise SaveError(
            "the list of hands is missing" if value is None else "the list of hands is not in the right form"
        )
    if len(value) > MAX_HANDS:
        raise SaveError("it has too many hands")
    hands: list[list[str]] = []
    for actions in value:
        if not isinstance(actions, list):
            raise SaveError("a hand is not a list of moves")
        if len(actions) > MAX_ACTIONS_PER_HAND:
            raise SaveError("a hand has too many moves")
        for action in actions:
            if (
                not isinstance(action, str)
                or not 0 < len(action) <= MAX_ACTION_CHARS
                or not action.isascii()
                or not action.isprintable()
            ):
                raise SaveError("a move is not one this table writes")
        hands.append(list(actions))
    return hands


def _record(data: object) -> dict[str, Any]:
    """The record part, checked, with only the keys :func:`engine.line.json_record.replay` reads."""
    part = _part(data, "the game record is")
    if part.get("format") != RECORD_FORMAT:
        raise SaveError("the game record is not one this table writes")
    variant, players, target, options = _rules_of(part, "the game record")
    seed = _whole(_required(part, "seed", "the deal number"), "the deal number", 0, MAX_SEED)
    hands = _hands(_required(part, "hands", "the list of hands"))
    return {
        "format": RECORD_FORMAT,
        "variant": variant,
        "players": players,
        "target": target,
        "options": options,
        "seed": seed,
        "hands": hands,
    }


def _top(text: object) -> dict[str, Any]:
    """The save's text read as a JSON object, or the reason it cannot be."""
    data = _parse(text)
    if not isinstance(data, dict):
        raise SaveError("it is not in the right form")
    return data


def validate_save(text: str) -> ValidSave:
    """The settings of a save's text, or a :class:`SaveError` saying what is wrong.

    A record (what the table saves) is checked to be text of at most
    :data:`MAX_SAVE_CHARS` whose tags name a game this table offers; its moves are checked
    when it is replayed. A save in the older JSON form is checked, in order, each before
    anything is built: that it is text, at most :data:`MAX_SAVE_CHARS` long, not empty,
    and nested at most :data:`MAX_DEPTH` deep (counted on the text); then reads the JSON,
    refusing ``NaN``/``Infinity`` and a key given twice; then the settings and the record:
    exact types (a whole number is never ``true``, ``4.0`` or ``"4"``), every bound in the
    module's docstring, a rule set, player count, target and options this table offers,
    one known level per computer player; and that the settings and the record name the
    same rules. Keys the app does not need are left out.
    Never raises anything but :class:`SaveError`, whatever the text.
    """
    if isinstance(text, str) and is_record(text):
        return ValidSave(_record_settings(text), source=text)
    data = _top(text)
    settings = _settings(data.get("settings"))
    record = _record(data.get("record"))
    try:
        agree = Settings.from_json(settings).rules() == make_rules(
            record["variant"], record["players"], record["target"], record["options"]
        )
    except EngineError:  # not expected: both parts passed the same checks
        agree = False
    if not agree:
        raise SaveError("its settings and its game record disagree")
    return ValidSave(settings, record)


def _record_settings(text: str) -> dict[str, Any]:
    """The settings a record save's tags give, checked (its moves are checked on replay)."""
    if len(text) > MAX_SAVE_CHARS:
        raise SaveError("it is too long to be a real game")
    try:
        return read_settings(text).to_json()
    except EngineError as error:
        raise SaveError(damage_of(error, text)) from None


_TAG_WORDS = {
    "Seed": "its seed",
    "Target": "its target score",
    "Players": "its number of players",
    "Hand": "a hand's number",
}
"""What a record's number-holding tags are, in the player's words."""


_RULES_WORDS = {
    "unknown-variant": "the rule set it names is not one this table offers",
    "bad-player-count": "its number of players does not fit its rule set",
    "bad-option": "its rule options are not ones its rule set offers",
}
"""What a record's header names wrongly (an engine error's code), in the player's words."""


def damage_of(error: EngineError, text: str) -> str:
    """What is wrong with a save's ``text``, in the player's words, from the ``error`` reading
    or replaying it raised: "it is cut short", "a tile is dealt twice in it (6-1)", "the score
    written in it does not match its moves"... (for the notice that it was set aside).

    A save the table wrote always ends with a line break and its moves always add up: a
    text that does not, or that ends before a part a record needs, was cut short.
    """
    if isinstance(error, IllegalActionError):
        return "a move in it cannot be played"
    if not isinstance(error, NotationError):
        if "does not say which game" in str(error):
            return "it does not say which rule set it is"
        return _RULES_WORDS.get(error.code, "its description of the game is not one this table offers")
    expected = error.expected
    if not text.endswith("\n"):
        return "it is cut short"
    if expected.startswith("the score the moves give"):
        # Moves cut off give less than the score written when they were all there.
        return "it is cut short" if _short_of(error) else "the score written in it does not match its moves"
    if expected.startswith("* (the match is not over)") or " won)" in expected:
        return "the result written in it does not match its moves"
    if expected == "each tile dealt once":
        return f"a tile is dealt twice in it ({_found(error)})"
    if expected.startswith("a whole number"):
        tag = _tag_at(text, error.line)
        return f"{_TAG_WORDS.get(tag, 'a number in it')} is not a number this table can use"
    if "rule set" in expected:
        return "the rule set it names is not one this table offers"
    if _ran_out(error, text):
        return "it is cut short"
    if error.line is not None and not re.search(r"^\d+\. ", text, re.M | re.ASCII):
        return "its description of the game cannot be read"
    if error.line is not None and _tag_at(text, error.line):
        return "its description of the game cannot be read"
    return "a move in it cannot be played"


def _ran_out(error: NotationError, text: str) -> bool:
    """Whether the reader ran out of text: in the last hand (or in the tags, when there is no
    hand yet), or in a last hand that has only some of its tags (its deal cut off before its
    moves). An error placed before that (a tag never closed) is not about the end."""
    hands = [found.start() for found in re.finditer(r'^\[Hand "', text, re.M)]
    last_hand_line = text.count("\n", 0, hands[-1]) + 1 if hands else 0
    line = error.line or 0
    if str(error).endswith("found the end of the text") and line >= last_hand_line:
        return True
    last_hand = text[hands[-1] :] if hands else ""
    return line >= last_hand_line > 0 and all(
        row.startswith("[") for row in last_hand.splitlines() if row.strip()
    )


def _short_of(error: NotationError) -> bool:
    """Whether a Score tag's error found a score every side of which is at least what the
    moves give (as when the moves were cut short), but not the same."""
    scores = re.search(r'give, ([\d-]{1,60}), found "([\d-]{1,60})"', str(error))
    if scores is None:
        return False
    given, written = (part.split("-") for part in scores.groups())
    if len(given) != len(written) or not all(word.isdigit() for word in (*given, *written)):
        return False
    return given != written and all(int(a) <= int(b) for a, b in zip(given, written, strict=True))


def _found(error: NotationError) -> str:
    """The tile an error found (its text's last quoted word), for the player."""
    found = re.search(r'found "(\d{1,2}-\d{1,2})"$', str(error))
    return found.group(1) if found else "a tile"


def _tag_at(text: str, line: int | None) -> str:
    """The name of the tag on ``line`` of ``text`` (from 1), or "" if there is none."""
    if line is None or line < 1:
        return ""
    lines = text.splitlines()
    tag = re.match(r"\[([A-Za-z][A-Za-z0-9]{0,20}) ", lines[line - 1]) if line <= len(lines) else None
    return tag.group(1) if tag else ""


_SETTINGS_TAG = re.compile(r'^\[(Variant|Players|Target|Options|Level\d{1,2}) "([^"\\\n]{0,200})"\]', re.M)
_SALVAGE_CHARS = 20_000
"""Tags are looked for in a damaged record's beginning only (its header is at most a few hundred)."""


def _salvaged_settings(text: str) -> dict[str, Any] | None:
    """The settings a damaged record's tags still say, read leniently (tag by tag): all of
    them, else its rule set and number of players, else its rule set alone; None if even
    that cannot be read."""
    head = text[:_SALVAGE_CHARS].split('[Hand "', 1)[0]
    tags: dict[str, str] = {}
    for found in _SETTINGS_TAG.finditer(head):
        tags.setdefault(found.group(1), found.group(2))
    for names in (tuple(tags), ("Variant", "Players"), ("Variant",)):
        try:
            return settings_of_record({name: tags[name] for name in names if name in tags}).to_json()
        except EngineError:
            continue
    return None


def settings_of_damaged_save(text: str) -> dict[str, Any] | None:
    """The settings part of a save whose moves are damaged, if they can still be used.

    The same checks as :func:`validate_save` for the text and the settings (and
    :meth:`Settings.from_json` accepts the result). A record whose tags do not all read
    gives what its settings tags still say, read one by one (a rule set and a number of
    players are enough: the new game is the one the person was playing). None if nothing
    usable is left. Never raises.
    """
    try:
        if isinstance(text, str) and is_record(text):
            try:
                return _record_settings(text)
            except SaveError:
                return _salvaged_settings(text)
        return _settings(_top(text).get("settings"))
    except SaveError:
        return None
