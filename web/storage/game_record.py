"""The table's games as records (``docs/notation.md``): the app's settings in a record's tags.

A record names the rule set and, per seat, the player's name (``Seat0``…) and who plays
it (``Level0 "human"``, ``Level1 "expert"``…), so a saved or shared game comes back with
the same computer players. Saves, exports, imports and share links all go through here.

Pure Python (standard library and the engine); no browser imports.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping

from engine import EngineError, Match, RulesError, make_rules, parse_tile
from engine.catalogue import get_game
from engine.line.match import settle_partner_draw
from engine.line.notation import read_header, read_position, read_record, write_position, write_record
from web.settings import DEFAULT_LEVEL, HUMAN, Settings, default_level, seat_levels

__all__ = [
    "DEFAULT_LEVEL",
    "game_from_position",
    "game_text",
    "is_record",
    "read_game",
    "read_settings",
    "settings_of_record",
]

_RECORD_START = re.compile(r"\s*(\[\s*[A-Za-z]|\{\s*[^\s\"}])")
"""A tag (``[Variant``) or a comment first; JSON starts with ``[1``, ``[[``, ``{"`` or ``{}``."""


def is_record(text: str) -> bool:
    """Whether ``text`` looks like a record (tags first) rather than JSON or a position."""
    return _RECORD_START.match(text) is not None


def game_text(settings: Settings, match: Match, names: tuple[str, ...], player_at: tuple[int, ...]) -> str:
    """The record of ``match``, each seat's name and level in its tags (``player_at[seat]``: who sits there)."""
    for seat, player in enumerate(player_at):
        match.tags[f"Seat{seat}"] = names[seat]
        match.tags[f"Level{seat}"] = HUMAN if player == 0 else settings.levels[player - 1]
    return write_record(match)


def settings_of_record(tags: Mapping[str, str], seating: tuple[int, ...] | None = None) -> Settings:
    """The settings a record's tags give (see :func:`engine.line.notation.read_header`).

    Seat 0 is the person; each other seat is a computer player of the level its ``Level``
    tag names (:data:`DEFAULT_LEVEL` if none or unknown). ``seating[seat]`` is the player
    in each seat when the players drew for partners (read from the ``PartnerDraw`` tag if
    not given). Raises :class:`EngineError` if the tags do not name a game this table offers.
    """
    variant = tags.get("Variant")
    if not variant:
        raise RulesError("the record does not say which game it is", "bad-record")
    options = dict(part.partition("=")[::2] for part in tags.get("Options", "").split())
    for option_id in get_game(variant).record_only_options:
        options.pop(option_id, None)  # (the record's own value plays on as written)
    default = default_level(variant)
    base = Settings.for_variant(variant, _whole(tags, "Players"), default, options, _whole(tags, "Target"))
    offered = seat_levels(variant)
    by_seat = [HUMAN] + [
        level if (level := tags.get(f"Level{seat}", default)) in offered else default
        for seat in range(1, base.players)
    ]
    if seating is None and "PartnerDraw" in tags:
        seating = _seating(tags, base)
    seating = seating or tuple(range(base.players))
    levels = tuple(by_seat[seating.index(player)] for player in range(1, base.players))
    return Settings(base.variant, base.players, base.target, levels, base.options)


def read_game(text: str) -> tuple[Settings, Match]:
    """The settings and the replayed match of a record; raises :class:`EngineError` if it is not valid."""
    match = read_record(text)
    rules = match.rules
    tags = {
        **match.tags,
        "Variant": rules.variant,
        "Players": str(rules.players),
        "Target": str(rules.target),
        "Options": " ".join(f"{key}={value}" for key, value in rules.options),
    }
    seating = match.partner_draw.seating if match.partner_draw is not None else None
    return settings_of_record(tags, seating), match


def game_from_position(
    text: str, seed: int, levels: tuple[str, ...] = (), *, committed: bool = True
) -> tuple[Settings, Match]:
    """A new match whose first hand starts from a position (``docs/notation.md``).

    Tiles the position hides are dealt at random from ``seed``; the match keeps the whole
    position, so it saves and replays like any other. ``levels`` (one per computer seat)
    default to :data:`DEFAULT_LEVEL`; the hands after it are dealt from committed seeds
    (:mod:`engine.fair_deals`) if ``committed``. Raises :class:`EngineError` if the
    position is not valid.
    """
    position = read_position(text.strip())
    rules = position.rules
    settings = Settings.for_variant(
        rules.variant, rules.players, DEFAULT_LEVEL, dict(rules.options), rules.target
    )
    if levels:
        settings = Settings(settings.variant, settings.players, settings.target, levels, settings.options)
    hand = position.hand(random.Random(seed))
    match = Match(rules, seed, committed=committed)
    match.start_from(hand, position.scores, write_position(hand, position.scores))
    return settings, match


def read_settings(text: str) -> Settings:
    """The settings of a record's text without replaying its moves (quick, for a damaged save)."""
    return settings_of_record(read_header(text))


def _seating(tags: Mapping[str, str], settings: Settings) -> tuple[int, ...] | None:
    """The seating a ``PartnerDraw`` tag settles (``None`` if it is missing or not valid, or
    the game has no draw for partners)."""
    try:
        rules = make_rules(settings.variant, settings.players, settings.target, dict(settings.options))
        if not rules.partner_draw:
            return None
        rounds = [tuple(parse_tile(word) for word in part.split()) for part in tags["PartnerDraw"].split(";")]
        return settle_partner_draw(rules, rounds).seating
    except (KeyError, EngineError):
        return None


def _whole(tags: Mapping[str, str], name: str) -> int | None:
    value = tags.get(name)
    if value is None:
        return None
    if not value.isascii() or not value.isdigit() or len(value) > 4:
        raise RulesError(f"the {name} tag is not a whole number", "bad-record")
    return int(value)
