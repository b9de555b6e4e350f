"""What a link to the table asks for: every query parameter of the page read in one place.

``?variant=block&players=4&target=100&level=random&seed=7&aidelay=0&table=left&touch-move=on``

:func:`parse_link` turns the page's query string into a :class:`LinkRequest`: the
:class:`~web.line.controller.Settings` of the game the link asks for, the deal's seed, the
computer players' delay, the embedding page's table name, and one short message in the
player's words for each parameter it could not use. It never raises, whatever the text.
Pure Python (standard library and the engine); no browser imports.

The parameters:

``variant``
    A rule-set id (see :data:`engine.VARIANTS`). Without it the link asks for no
    particular game: the table keeps the player's own (a ``seed`` then deals it anew).
``players``, ``target``, ``level`` and every option id of the chosen variant
    Choices for that variant; each one missing takes the variant's default. ``level``
    (one of :data:`engine.line.ai.BOT_LEVELS`, default ``greedy``) is every computer seat's, or
    ``level=expert,greedy,hard`` gives each other player its own, in seat order; ``human``
    there makes that player a person sharing the device (pass and play).
``seed``
    A fixed deal: ASCII digits only, 0 to :data:`MAX_SEED`, at most 19 digits.
``aidelay``
    The milliseconds a computer player waits before moving, 0 to :data:`MAX_AI_DELAY_MS`.
``table``
    A name the host page gives a table to tell apart two tables embedded on one page:
    1 to 40 ASCII letters, digits, ``-`` or ``_``.
``puzzle``
    A puzzle to open over the player's game: its id (``block-2-0001``) or ``daily``, the
    day's puzzle (whether the id exists is the Puzzles screen's to say, once they are loaded).
``daily``
    The day's deal of a line-of-play rule set (``daily=block``): the same deal for everyone
    on a calendar date, kept in a save slot of its own for the day.
``embed``, ``panels``, ``theme``, ``compact``, ``hand``, ``move``, ``view``, ``origin``
    How an embedded table shows itself and whom it talks to: see :mod:`web.embedding.embed`.

Reading rules:

* Names and the values of ``variant``, ``level`` and the options are read without regard
  to ASCII case, and surrounding white space is ignored (``Variant=Block`` works).
* A parameter with an empty value (``seed=``, or a bare ``seed``) counts as absent.
* A parameter given twice: the last one counts, silently, as it always has (note that
  the browser's ``URLSearchParams.get`` would take the first).
* A bad ``variant``: the link asks for no game (``settings`` and ``seed`` are None, so the
  table keeps the player's game; ``aidelay`` and ``table`` still count); its other game
  parameters get no messages of their own.
* A good ``variant`` with a bad ``players``, ``target``, ``level`` or option value, or an
  option that does not apply at the chosen player count: that parameter is ignored (the
  variant's default is used) with a message. If the remaining choices still do not make a
  game the table offers (Pub Block's double-twelve set with 3 players), ``settings`` and
  ``seed`` are None with one message.
* A parameter the table does not know, or an option id the chosen variant does not have,
  is ignored with a message naming it; ``players``, ``target``, ``level`` or an option
  given without ``variant`` likewise.
* A bad ``seed``, ``aidelay`` or ``table`` is ignored (None) with a message.
* Numbers are read only from short runs of ASCII digits (no sign, exponent, ``²`` or
  ``٣``); the length is checked before converting.
* At most one message per parameter name; unknown names share one message; the list is
  capped at :data:`MAX_PROBLEMS` entries (the last then counts the rest). A value echoed
  in a message is cut to 20 characters, with unprintable characters and angle brackets
  replaced; the page shows messages as plain text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from urllib.parse import parse_qsl

from engine import EngineError
from engine.catalogue import GAMES
from engine.game import Entry
from engine.line.variants import VARIANTS
from engine.words import and_list
from web.embedding.embed import EMBED_PARAMETERS, Embed, read_embed
from web.settings import DEFAULT_LEVEL, Settings, default_level, seat_levels

__all__ = [
    "DEFAULT_LEVEL",
    "MAX_AI_DELAY_MS",
    "MAX_PROBLEMS",
    "MAX_SEED",
    "PARAMETERS",
    "LinkRequest",
    "parse_link",
]

MAX_SEED = 2**63 - 1
"""The largest seed a link may give."""

MAX_AI_DELAY_MS = 10_000
"""The longest computer players' delay (milliseconds) a link may ask for."""


MAX_PROBLEMS = 4
"""The most messages a :class:`LinkRequest` carries; beyond it the last one counts the rest."""

_GAME_PARAMETERS = ("variant", "players", "target", "level")
PARAMETERS: tuple[str, ...] = (
    *_GAME_PARAMETERS,
    "seed",
    "aidelay",
    "table",
    "puzzle",
    "daily",
    *EMBED_PARAMETERS,
)
"""The parameters every link may give, besides the options of its variant (the embedding
ones are read by :func:`web.embedding.embed.read_embed`)."""

_SHOWN = 20
_SEED_DIGITS = 19
_DELAY_DIGITS = 5
_COUNT_DIGITS = 6
_DIGITS = re.compile(r"[0-9]+")
_TABLE = re.compile(r"[A-Za-z0-9_-]{1,40}")
_PUZZLE = re.compile(r"[a-z0-9-]{1,40}")
_ALL_OPTION_IDS = frozenset(option.id for variant in GAMES.values() for option in variant.options)
_LISTED_NAMES = 3
_BRACKETS = {
    ord("<"): "\N{SINGLE LEFT-POINTING ANGLE QUOTATION MARK}",
    ord(">"): "\N{SINGLE RIGHT-POINTING ANGLE QUOTATION MARK}",
}


@dataclass(frozen=True)
class LinkRequest:
    """What a link asks for; see the module's docstring for how each parameter is read.

    ``settings`` is None when the link names no variant or asks for a game the table does
    not offer; ``seed`` None means a fresh deal, ``ai_delay_ms`` None the app's default
    delay, ``table`` None the page's only (or main) table. ``problems`` holds the messages
    for the player: the game's first, then those on ``seed``, ``aidelay`` and ``table``.
    """

    settings: Settings | None = None
    seed: int | None = None
    ai_delay_ms: int | None = None
    table: str | None = None
    problems: tuple[str, ...] = ()
    embed: Embed = field(default_factory=Embed)
    """What the link asks of an embedded table (see :mod:`web.embedding.embed`)."""
    puzzle: str | None = None
    """The puzzle the link opens (an id, or ``daily``), over the player's own game."""
    daily: str | None = None
    """The rule set whose deal of the day the link opens."""

    @property
    def key(self) -> str:
        """A canonical text naming the game this link asks for, to name its save slot.

        ``variant``, then ``players``, ``target``, ``level`` and the options (by id) where
        they differ from the variant's defaults, then ``seed`` and ``table``, joined as a
        query string: ``"variant=block&players=3&touch-move=on&seed=7"``. Links asking for
        the same game (parameters in any order, defaults spelled out or not, any case) have
        the same key; ``aidelay`` and the embedding parameters are not part of it, except
        that an embedded table's key starts with ``embed=1`` (its save never meets the main
        table's), and an embedded table's puzzle is part of it (frames of a page of puzzles
        never share one game). ``""`` for a link that asks for nothing.
        """
        parts = [("embed", "1")] if self.embed.enabled else []
        parts += [] if self.settings is None else _settings_parts(self.settings)
        if self.seed is not None:
            parts.append(("seed", str(self.seed)))
        if self.table is not None:
            parts.append(("table", self.table))
        if self.embed.enabled and self.puzzle is not None:
            parts.append(("puzzle", self.puzzle))
        return "&".join(f"{name}={value}" for name, value in parts)

    def notice(self) -> str | None:
        """The problems as one short paragraph for the page's notice, or None if there are none."""
        return " ".join(self.problems) or None


def parse_link(query: str) -> LinkRequest:
    """What the page's query string (``window.location.search``, with or without ``?``) asks for.

    Never raises: anything it cannot use is left out and explained in ``problems``.
    """
    try:
        pairs = parse_qsl(query.removeprefix("?"), keep_blank_values=False)
    except (ValueError, UnicodeError):  # not expected for a str; kept so a link never breaks the page
        return LinkRequest(problems=("The link could not be read; the table ignored it.",))
    params: dict[str, str] = {}
    for name, value in pairs:
        value = value.strip()
        if value:
            params[_fold(name.strip())] = value
    return _Reader(params).read()


class _Reader:
    """One pass over a link's parameters (last value of each), collecting the messages."""

    def __init__(self, params: dict[str, str]) -> None:
        self.params = params
        self.problems: list[str] = []

    def read(self) -> LinkRequest:
        params = self.params
        settings: Settings | None = None
        named_variant = "variant" in params
        if named_variant:
            settings = self._game(params["variant"])
        else:
            self._without_variant()
        seed = self._seed(params.get("seed"))
        if named_variant and settings is None:
            seed = None  # the link's game is not offered: its deal means nothing
        ai_delay = self._ai_delay(params.get("aidelay"))
        table = self._table(params.get("table"))
        puzzle = self._puzzle(params.get("puzzle"))
        daily = self._daily(params.get("daily"))
        embed = read_embed(params)
        self.problems.extend(embed.problems)
        return LinkRequest(settings, seed, ai_delay, table, _capped(self.problems), embed, puzzle, daily)

    # --- the game -------------------------------------------------------------------------

    def _game(self, text: str) -> Settings | None:
        variant = GAMES.get(_fold(text))
        if variant is None:
            self.problems.append(
                f"The link's variant={_shown(text)} is not a rule set this table offers, so it kept "
                f"your game. Rule sets: {', '.join(GAMES)}."
            )
            return None
        players = self._players(variant)
        options = self._options(variant, players)
        target = self._target(variant, options)
        levels = self._levels(variant.id, players)
        level = ",".join(dict.fromkeys(levels))
        self._unknown(set(self.params) - set(PARAMETERS) - {option.id for option in variant.options}, variant)
        try:
            base = Settings.for_variant(variant.id, players, DEFAULT_LEVEL, options, target)
            return Settings(base.variant, base.players, base.target, levels, base.options)
        except EngineError:
            chosen = [
                f"{name}={value}" for name, value in self._chosen(variant, players, target, level, options)
            ]
            self.problems.append(
                f"The link asks for {variant.name} with {and_list(chosen)}, which this table does not "
                "offer together, so it kept your game."
            )
            return None

    def _players(self, variant: Entry) -> int:
        text = self.params.get("players")
        if text is None:
            return variant.default_players
        count = _whole(text, _COUNT_DIGITS)
        if count in variant.player_counts:
            return count
        self.problems.append(
            f"The link's players={_shown(text)} is not offered for {variant.name}: "
            f"{_counts(variant.player_counts)}."
        )
        return variant.default_players

    def _options(self, variant: Entry, players: int) -> dict[str, str]:
        chosen: dict[str, str] = {}
        for option in variant.options:
            text = self.params.get(option.id)
            if text is None:
                continue
            value = _fold(text)
            if value not in option.values:
                self.problems.append(
                    f"The link's {option.id}={_shown(text)} is not offered for {variant.name}: "
                    f"choose {and_list(option.values, 'or')}."
                )
            elif not option.applies_to(players) and value != option.default:
                counts = and_list([str(count) for count in option.players], "or")
                self.problems.append(
                    f"The link's {option.id}={value} is only for {counts} players in {variant.name}; "
                    "it was ignored."
                )
            elif option.applies_to(players):
                chosen[option.id] = value
        return variant.resolve_options(players, chosen)  # checked above: cannot raise

    def _target(self, variant: Entry, options: Mapping[str, str]) -> int | None:
        text = self.params.get("target")
        if text is None:
            return None
        targets, _default = variant.targets_for(options)
        target = _whole(text, _COUNT_DIGITS)
        if target in targets:
            return target
        offered = f"it plays to {targets[0]}" if len(targets) == 1 else f"choose {and_list(targets, 'or')}"
        self.problems.append(
            f"The link's target={_shown(text)} is not offered for {variant.name}: {offered}."
        )
        return None

    def _levels(self, variant: str, players: int) -> tuple[str, ...]:
        """One level for every other player, or one per other player in seat order (``human``
        for a person sharing the device)."""
        computers = players - 1
        text = self.params.get("level")
        default = default_level(variant)
        if text is None:
            return (default,) * computers
        levels = tuple(_fold(part) for part in text.split(","))
        offered = seat_levels(variant)
        if all(level in offered for level in levels) and len(levels) in (1, computers):
            return levels * computers if len(levels) == 1 else levels
        self.problems.append(
            f"The link's level={_shown(text)} is not a level for the other players (one for all, or "
            f"one per other player, separated by commas): choose {and_list(offered, 'or')}."
        )
        return (default,) * computers

    def _chosen(
        self, variant: Entry, players: int, target: int | None, level: str, options: Mapping[str, str]
    ) -> list[tuple[str, str]]:
        """The link's accepted choices that differ from the variant's defaults."""
        chosen = [] if players == variant.default_players else [("players", str(players))]
        if target is not None:
            chosen.append(("target", str(target)))
        if level != default_level(variant.id):
            chosen.append(("level", level))
        defaults = {option.id: option.default for option in variant.options}
        chosen.extend((name, value) for name, value in sorted(options.items()) if value != defaults[name])
        return chosen or [("variant", variant.id)]

    def _without_variant(self) -> None:
        needs = [name for name in self.params if name in _GAME_PARAMETERS or name in _ALL_OPTION_IDS]
        if needs:
            verb = "needs" if len(needs) == 1 else "need"
            self.problems.append(
                f"The link's {and_list(_names(needs))} {verb} a variant (for example variant=block), "
                f"so {_ignored(needs)}."
            )
        self._unknown(set(self.params) - set(PARAMETERS) - _ALL_OPTION_IDS, None)

    def _unknown(self, names: Iterable[str], variant: Entry | None) -> None:
        wanted = set(names)
        unknown = [name for name in self.params if name in wanted]
        if not unknown:
            return
        one = len(unknown) == 1
        if variant is None:
            what = "is not a setting this table knows" if one else "are not settings this table knows"
        else:
            what = f"is not an option of {variant.name}" if one else f"are not options of {variant.name}"
        self.problems.append(f"The link's {and_list(_names(unknown))} {what}, so {_ignored(unknown)}.")

    # --- the rest -----------------------------------------------------------------------

    def _seed(self, text: str | None) -> int | None:
        if text is None:
            return None
        seed = _whole(text, _SEED_DIGITS)
        if seed is not None and seed <= MAX_SEED:
            return seed
        self.problems.append(
            f"The link's seed={_shown(text)} was ignored: a seed is a whole number from 0 to {MAX_SEED}."
        )
        return None

    def _ai_delay(self, text: str | None) -> int | None:
        if text is None:
            return None
        delay = _whole(text, _DELAY_DIGITS)
        if delay is not None and delay <= MAX_AI_DELAY_MS:
            return delay
        self.problems.append(
            f"The link's aidelay={_shown(text)} was ignored: the computer players' delay is a whole "
            f"number of milliseconds from 0 to {MAX_AI_DELAY_MS}."
        )
        return None

    def _table(self, text: str | None) -> str | None:
        if text is None:
            return None
        if _TABLE.fullmatch(text):
            return text
        self.problems.append(
            f"The link's table={_shown(text)} was ignored: a table name is 1 to 40 letters "
            "(A to Z), digits, - or _."
        )
        return None

    def _puzzle(self, text: str | None) -> str | None:
        if text is None:
            return None
        name = _fold(text)
        if _PUZZLE.fullmatch(name):
            return name
        self.problems.append(
            f"The link's puzzle={_shown(text)} was ignored: a puzzle is named by its id (like "
            "block-2-0001), or daily for the day's puzzle."
        )
        return None

    def _daily(self, text: str | None) -> str | None:
        if text is None:
            return None
        variant = _fold(text)
        if variant in VARIANTS:
            return variant
        self.problems.append(
            f"The link's daily={_shown(text)} is not a rule set with a deal of the day: "
            f"choose {', '.join(VARIANTS)}."
        )
        return None


# --- helpers ----------------------------------------------------------------------------


def _settings_parts(settings: Settings) -> list[tuple[str, str]]:
    """The key's parts for settings: the variant, then what differs from its defaults."""
    variant = GAMES[settings.variant]
    options = dict(settings.options)
    parts = [("variant", variant.id)]
    if settings.players != variant.default_players:
        parts.append(("players", str(settings.players)))
    if settings.target != variant.targets_for(options)[1]:
        parts.append(("target", str(settings.target)))
    levels = set(settings.levels)
    if levels != {default_level(settings.variant)} and levels:
        level = settings.levels[0] if len(levels) == 1 else ",".join(settings.levels)
        parts.append(("level", level))
    defaults = {option.id: option.default for option in variant.options}
    parts.extend((name, value) for name, value in sorted(options.items()) if value != defaults.get(name))
    return parts


def _fold(text: str) -> str:
    """ASCII text in lower case; other text as it is (no Unicode case games)."""
    return text.lower() if text.isascii() else text


def _whole(text: str, max_digits: int) -> int | None:
    """A whole number written in 1 to ``max_digits`` ASCII digits, else None (length checked first)."""
    if len(text) > max_digits or not _DIGITS.fullmatch(text):
        return None
    return int(text)


def _shown(text: str) -> str:
    """A user's value as a message may echo it: at most 20 printable characters, no angle brackets."""
    head = text[: _SHOWN + 1].translate(_BRACKETS)
    clean = "".join(char if char.isprintable() else "\N{REPLACEMENT CHARACTER}" for char in head)
    return clean if len(clean) <= _SHOWN else clean[: _SHOWN - 1] + "…"


def _names(names: list[str]) -> list[str]:
    """Parameter names to list: the first few shown, then how many more."""
    shown = [_shown(name) for name in names[:_LISTED_NAMES]]
    rest = len(names) - len(shown)
    return [*shown, f"{rest} more"] if rest else shown


def _ignored(names: list[str]) -> str:
    return "it was ignored" if len(names) == 1 else "they were ignored"


def _counts(counts: tuple[int, ...]) -> str:
    """``choose 2 to 5 players`` or ``it is for 4 players only``."""
    if len(counts) == 1:
        return f"it is for {counts[0]} players only"
    if list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"choose {counts[0]} to {counts[-1]} players"
    return f"choose {and_list(counts, 'or')} players"


def _capped(problems: list[str]) -> tuple[str, ...]:
    if len(problems) <= MAX_PROBLEMS:
        return tuple(problems)
    kept = problems[: MAX_PROBLEMS - 1]
    more = len(problems) - len(kept)
    return (*kept, f"The link has {more} more {'problem' if more == 1 else 'problems'}.")
