"""Saved games: checking a save's text before anything is built from it, and the save slots.

The app keeps the match in the browser's storage after every move, as the JSON text
:meth:`web.controller.Controller.save` writes::

    {"settings": {"variant": ..., "players": ..., "target": ..., "levels": [...], "options": {...}},
     "record": {"format": "dominoes-match/1", "variant": ..., "players": ..., "target": ...,
                "options": {...}, "seed": ..., "hands": [[action, ...], ...]}}

That text can come back damaged (a browser extension, a full disk, a person editing it
in the developer tools). :func:`validate_save` reads it defensively, cheapest checks first
and before building anything, and refuses anything :meth:`Controller.save` would not write
with a :class:`SaveError` whose message is in the player's words.

:class:`SaveSlots` keeps one save per table (the plain table and each game a link names)
over any key-value :class:`Storage` (the app adapts ``window.localStorage``; the tests use
a dict). It sets every unreadable save aside (the newest :data:`MAX_BROKEN` are kept) and
clears the live slot so the next boot does not trip on it again, and never lets a storage
error (a sandboxed iframe's ``SecurityError``, a full quota) escape.

Pure Python (standard library and the engine); no browser imports.

Limits, and why:

* :data:`MAX_SAVE_CHARS` (512 KiB): the longest save measured, 152,728 characters, is a
  2-player Cut Throat match (boneyard on) of 608 hands, the longest of 150 matches played
  to the end by the controller with random-play seats (about 250 characters a hand; that
  variant ends only when one player wins six hands before the other wins one, so a few
  matches run long: 400 more matches without the boneyard averaged 51 hands, 99% ended
  within 221). The limit holds 3.4 times that save, about 2,100 such hands: the tail of
  those matches (each hand past the first dozens ends the match with the same small
  chance, about 1 in 80) puts a match that long at below one in a billion. It leaves room
  in the browser's 5 MB of storage for several tables' saves and the saves set aside.
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

import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from itertools import accumulate
from typing import Any, Protocol

from engine import VARIANTS, EngineError, Variant, make_rules
from engine.ai import BOT_LEVELS
from engine.record import RECORD_FORMAT
from web.controller import Settings

__all__ = [
    "BROKEN_PREFIX",
    "LEGACY_BROKEN_KEY",
    "MAX_ACTIONS_PER_HAND",
    "MAX_ACTION_CHARS",
    "MAX_BROKEN",
    "MAX_DEPTH",
    "MAX_HANDS",
    "MAX_NAME_CHARS",
    "MAX_NUMBER_DIGITS",
    "MAX_OPTIONS",
    "MAX_PLAYERS",
    "MAX_SAVE_CHARS",
    "MAX_SEED",
    "MAX_SLOT_CHARS",
    "MAX_TARGET",
    "MIN_PLAYERS",
    "PROBE_KEY",
    "SAVE_KEY",
    "SLOT_PREFIX",
    "TRUNCATED_NOTE",
    "SaveError",
    "SaveSlots",
    "Storage",
    "ValidSave",
    "settings_of_damaged_save",
    "slot_key",
    "validate_save",
]

MAX_SAVE_CHARS = 512 * 1024
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

MAX_SEED = 2**63 - 1
"""The largest seed a save may hold (the largest a link may give)."""

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

SAVE_KEY = "dominoes.save"
"""The storage key of the plain table's save (unchanged, so older saves still load)."""

SLOT_PREFIX = "dominoes.save:"
"""The storage keys of other tables' saves start with this."""

BROKEN_PREFIX = "dominoes.broken:"
"""Saves set aside are kept under this prefix and a number, counting up."""

LEGACY_BROKEN_KEY = "dominoes.save.broken"
"""Where earlier versions kept the one unreadable save they set aside."""

PROBE_KEY = "dominoes.probe"
"""The key written and removed to learn whether storage works."""

MAX_BROKEN = 5
"""How many saves set aside are kept (the newest; the oldest is dropped)."""

MAX_SLOT_CHARS = 64
"""Slot names longer than this (or with other characters than ``_SLOT_SAFE``) are hashed."""

TRUNCATED_NOTE = "(cut to the first {kept} of {total} characters)\n"
"""The line that starts a set-aside copy storage had no room for in full."""

_SLOT_SAFE = re.compile(r"[A-Za-z0-9=&._-]+")
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
_MIN_KEPT_CHARS = 1024
_NOTE = re.compile(r"\(cut to the first (\d{1,7}) of (\d{1,12}) characters\)\n", re.ASCII)
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
    """A save that passed :func:`validate_save`: its two parts, holding only the keys they need.

    ``settings`` is ready for :meth:`Settings.from_json` and ``record`` for
    :func:`engine.record.replay`; ``text`` is the two as save text for
    :meth:`Controller.restore`. Whether every move in the record can be played is found
    only by replaying it (which :meth:`Controller.restore` does); the rules the record
    names are the settings' own.
    """

    settings: dict[str, Any]
    record: dict[str, Any]

    @property
    def text(self) -> str:
        """The save as :meth:`Controller.save` writes it (the same text, for a real save)."""
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
    if not isinstance(text, str):
        raise SaveError("it is not text")
    if len(text) > MAX_SAVE_CHARS:
        raise SaveError("it is too large")
    if not text or text.isspace():
        raise SaveError("it is empty")
    if _nesting_depth(text) > MAX_DEPTH:
        raise SaveError("it is nested too deeply")
    try:
        return json.loads(
            text,
            parse_int=_read_int,
            parse_float=_read_float,
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
    levels = _required(part, "levels", "the list of computer players' levels")
    if not isinstance(levels, list) or len(levels) > MAX_PLAYERS:
        raise SaveError("the computer players' levels are not in the right form")
    named = [_name(level, "a computer player's level") for level in levels]
    if len(named) != players - 1 or any(level not in BOT_LEVELS for level in named):
        raise SaveError("the computer players' levels are not ones this table offers")
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
    """The record part, checked, with only the keys :func:`engine.record.replay` reads."""
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
    """The settings and record of a save's text, or a :class:`SaveError` saying what is wrong.

    Checks, in order, each before anything is built: that it is text, at most
    :data:`MAX_SAVE_CHARS` long, not empty, and nested at most :data:`MAX_DEPTH` deep
    (counted on the text); then reads the JSON, refusing ``NaN``/``Infinity`` and a key given twice; then
    the settings and the record: exact types (a whole number is never ``true``, ``4.0`` or
    ``"4"``), every bound in the module's docstring, a rule set, player count, target and
    options this table offers, one known level per computer player; and that the settings
    and the record name the same rules. Keys the app does not need are left out.
    Never raises anything but :class:`SaveError`, whatever the text.
    """
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


def settings_of_damaged_save(text: str) -> dict[str, Any] | None:
    """The settings part of a save whose record is damaged, if they can still be used.

    The same checks as :func:`validate_save` for the text and the settings (and
    :meth:`Settings.from_json` accepts the result); None if they fail. Never raises.
    """
    try:
        return _settings(_top(text).get("settings"))
    except SaveError:
        return None


# --- the save slots ------------------------------------------------------------------------


class Storage(Protocol):
    """A key-value store of text, like the browser's ``localStorage``.

    Any call may raise (a sandboxed iframe's ``SecurityError``; ``set`` when the quota is
    full); :class:`SaveSlots` catches everything.
    """

    def get(self, key: str) -> str | None:
        """The text under ``key``, or None if there is none."""
        ...

    def set(self, key: str, value: str) -> None:
        """Keep ``value`` under ``key``; may raise when storage is full or blocked."""
        ...

    def remove(self, key: str) -> None:
        """Forget ``key`` (nothing happens if it is not there)."""
        ...

    def keys(self) -> list[str]:
        """Every key in the store."""
        ...


def slot_key(slot: str) -> str:
    """The storage key of a table's save slot.

    ``""`` (the plain table) is :data:`SAVE_KEY`; a short slot name of letters, digits and
    ``=&._-`` (such as a link's key ``"variant=block&players=4&seed=7"``) is
    ``"dominoes.save:" + slot``; any other is ``"dominoes.save:#"`` and 32 hex digits of
    its SHA-256, so keys stay short and two tables' keys never collide.
    """
    if not slot:
        return SAVE_KEY
    if len(slot) <= MAX_SLOT_CHARS and _SLOT_SAFE.fullmatch(slot):
        return SLOT_PREFIX + slot
    digest = hashlib.sha256(slot.encode("utf-8", "surrogatepass")).hexdigest()[:32]
    return f"{SLOT_PREFIX}#{digest}"


def _broken_number(key: str) -> int | None:
    """The number of a broken-save key (``dominoes.broken:7`` is 7), or None for other keys."""
    number = key.removeprefix(BROKEN_PREFIX)
    if number != key and number.isascii() and number.isdigit() and len(number) <= 12:
        return int(number)
    return None


def _copy_of(text: str, size: int) -> str:
    """``text`` whole if it has at most ``size`` characters, else its first ``size`` under a note."""
    if len(text) <= size:
        return text
    return TRUNCATED_NOTE.format(kept=size, total=len(text)) + text[:size]


def _is_copy_of(stored: str | None, text: str) -> bool:
    """Whether ``stored`` is ``text`` or a copy of it cut short by :func:`_copy_of`."""
    if stored is None or stored == text:
        return stored is not None
    note = _NOTE.match(stored)
    return note is not None and int(note.group(2)) == len(text) and text.startswith(stored[note.end() :])


class SaveSlots:
    """One save per table over a :class:`Storage`; storage errors never escape.

    ``available`` says whether storage took a test write when this was made (False in a
    sandboxed iframe or with storage full); reads and writes are still tried either way.
    """

    def __init__(self, storage: Storage) -> None:
        """Use ``storage``, probing it once with a write and a removal of :data:`PROBE_KEY`."""
        self._storage = storage
        self.available = self._call(lambda: storage.set(PROBE_KEY, "1")) and self._call(
            lambda: storage.remove(PROBE_KEY)
        )
        self.damaged_settings: dict[str, Any] | None = None
        """The settings of the last save :meth:`load` set aside, when they are still usable
        (see :func:`settings_of_damaged_save`): start the new match with them."""

    def load(self, slot: str) -> tuple[ValidSave | None, str | None]:
        """The table's save, checked, and a notice for the player if it could not be read.

        ``(None, None)``: no save. ``(save, None)``: a save to restore. ``(None, notice)``:
        the save was damaged; it was set aside (see :meth:`broken_saves`) and removed from
        the slot, and :attr:`damaged_settings` holds its settings if they are usable.
        """
        self.damaged_settings = None
        text = self._get(slot_key(slot))
        if text is None:
            return None, None
        try:
            return validate_save(text), None
        except SaveError as error:
            self.damaged_settings = settings_of_damaged_save(text)
            return None, self._set_aside(slot_key(slot), text, error.reason)

    def set_aside(self, slot: str, reason: str = "a move in it cannot be played") -> str:
        """Set the table's save aside (it passed :meth:`load` but could not be restored).

        Keeps a copy as :meth:`load` does for a damaged save, clears the slot, and returns
        the notice for the player; ``reason`` says what was wrong, in the player's words.
        """
        key = slot_key(slot)
        text = self._get(key)
        if text is None:
            return f"Your saved game could not be restored: {reason}. A new game has started."
        return self._set_aside(key, text, reason)

    def save(self, slot: str, text: str) -> bool:
        """Keep ``text`` as the table's save; False if it was not kept. Never raises.

        A text over :data:`MAX_SAVE_CHARS` is not written (it could not be loaded; the
        previous save stays). When storage refuses, the oldest saves set aside are dropped,
        one at a time, to make room: the game being played matters more.
        """
        if not isinstance(text, str) or len(text) > MAX_SAVE_CHARS:
            return False
        key = slot_key(slot)
        if self._set(key, text):
            return True
        for broken in self._broken_keys():
            self._remove(broken)
            if self._set(key, text):
                return True
        return False

    def broken_saves(self) -> list[str]:
        """The saves set aside, oldest first (a copy cut short starts with :data:`TRUNCATED_NOTE`).

        A save an earlier version set aside (under :data:`LEGACY_BROKEN_KEY`) comes first.
        """
        texts = [self._get(key) for key in (LEGACY_BROKEN_KEY, *self._broken_keys())]
        return [text for text in texts if text is not None]

    # --- inside --------------------------------------------------------------------------

    def _set_aside(self, key: str, text: str, reason: str) -> str:
        """Clear ``key`` (first, to make room) and keep a copy of ``text``; the player's notice
        says what was wrong (``reason``, plain words).

        Were the copy lost, nothing is lost that clearing the slot (or the new match's
        first save into it) would not lose anyway.
        """
        self._remove(key)
        kept = self._keep(text)
        kept_text = "A copy was kept aside" if kept else "There was no room to keep a copy"
        return f"Your saved game could not be restored: {reason}. {kept_text}, and a new game has started."

    def _keep(self, text: str) -> bool:
        """Store ``text`` as the newest broken save: whole, or the longest prefix storage takes.

        A copy is at most :data:`MAX_SAVE_CHARS` long (a longer save is damaged by its size
        alone, and a whole copy could leave no room for the game being played); when storage
        refuses it, ever shorter prefixes are tried, down to :data:`_MIN_KEPT_CHARS`. Keeps
        the newest :data:`MAX_BROKEN` copies and drops the rest.
        """
        keys = self._broken_keys()
        if any(_is_copy_of(self._get(key), text) for key in keys):
            return True  # kept already (an earlier boot could not clear the slot)
        numbers = [number for number in map(_broken_number, keys) if number is not None]
        new_key = f"{BROKEN_PREFIX}{max(numbers, default=0) + 1}"
        size = min(len(text), MAX_SAVE_CHARS)
        while True:
            kept = self._set(new_key, _copy_of(text, size))
            if kept or size <= _MIN_KEPT_CHARS:
                break
            size = max(size // 2, _MIN_KEPT_CHARS)
        for old in self._broken_keys()[:-MAX_BROKEN]:
            self._remove(old)
        return kept

    def _broken_keys(self) -> list[str]:
        """The numbered broken-save keys, oldest first."""
        keys = self._call_value(self._storage.keys)
        numbered = []
        for key in keys if isinstance(keys, list | tuple) else []:
            number = _broken_number(key) if isinstance(key, str) else None
            if number is not None:
                numbered.append((number, key))
        return [key for _, key in sorted(numbered)]

    def _get(self, key: str) -> str | None:
        """The text under ``key``; None if there is none or storage failed."""
        value = self._call_value(lambda: self._storage.get(key))
        return value if isinstance(value, str) else None  # Pyodide gives JS null as a non-str

    def _set(self, key: str, value: str) -> bool:
        """Store ``value`` under ``key``; whether storage took it."""
        return self._call(lambda: self._storage.set(key, value))

    def _remove(self, key: str) -> bool:
        """Remove ``key``; whether storage did."""
        return self._call(lambda: self._storage.remove(key))

    @staticmethod
    def _call(action: Callable[[], None]) -> bool:
        """Run a storage call; whether it worked."""
        try:
            action()
        except Exception:  # any storage error: blocked, full, or a bug in the adapter
            return False
        return True

    @staticmethod
    def _call_value(action: Callable[[], object]) -> object:
        """A storage call's result, or None if it raised."""
        try:
            return action()
        except Exception:  # any storage error: blocked, full, or a bug in the adapter
            return None
