"""Match records: a whole match as JSON-ready data (rules, seed and every action).

A record is what the app saves so that a reload loses nothing, and what a share
link or a test fixture carries. :func:`replay` rebuilds the match and checks every
action, so a damaged record is refused with a :class:`NotationError` naming the fault.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import EngineError, NotationError
from engine.line.actions import parse_action
from engine.line.match import Match
from engine.line.variants import make_rules

__all__ = ["RECORD_FORMAT", "match_record", "replay"]

RECORD_FORMAT = "dominoes-match/1"


def match_record(match: Match, actions_by_hand: list[list[str]]) -> dict[str, Any]:
    """The record of ``match`` given the text of each hand's actions so far."""
    return {
        "format": RECORD_FORMAT,
        "variant": match.rules.variant,
        "players": match.rules.players,
        "target": match.rules.target,
        "options": dict(match.rules.options),
        "seed": match.seed,
        "hands": [list(actions) for actions in actions_by_hand],
    }


def replay(record: Mapping[str, Any]) -> tuple[Match, list[list[str]]]:
    """The match a record describes, played up to its last action, and its action lists.

    Raises :class:`NotationError` (code ``bad-record``) for anything malformed, an
    unknown variant, or an action that is illegal where it stands.
    """
    if not isinstance(record, Mapping) or record.get("format") != RECORD_FORMAT:
        raise NotationError(f"not a {RECORD_FORMAT} record", "bad-record")
    seed, hands = record.get("seed"), record.get("hands")
    if not isinstance(seed, int) or isinstance(seed, bool) or not isinstance(hands, list) or not hands:
        raise NotationError("a record needs an integer seed and a non-empty list of hands", "bad-record")
    options = record.get("options", {})
    if not isinstance(options, Mapping) or not all(
        isinstance(key, str) and isinstance(value, str) for key, value in options.items()
    ):
        raise NotationError("a record's options must map option names to text values", "bad-record")
    try:
        rules = make_rules(str(record.get("variant")), record.get("players"), record.get("target"), options)
    except EngineError as error:
        raise NotationError(f"the record's rules are not valid: {error}", "bad-record") from None
    match = Match(rules, seed)
    for number, actions in enumerate(hands, start=1):
        if number > 1:
            _advance(match, number)
        if not isinstance(actions, list):
            raise NotationError(f"hand {number} of the record is not a list of actions", "bad-record")
        for move, text in enumerate(actions, start=1):
            try:
                match.apply(parse_action(str(text)))
            except EngineError as error:
                raise NotationError(
                    f"hand {number}, move {move} ({text!r}) cannot be played: {error}", "bad-record"
                ) from None
    return match, [list(map(str, actions)) for actions in hands]


def _advance(match: Match, number: int) -> None:
    try:
        match.next_hand()
    except EngineError as error:
        raise NotationError(f"hand {number} of the record cannot start: {error}", "bad-record") from None
