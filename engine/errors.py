"""The engine's errors: one hierarchy, each error with a stable machine-readable code.

One vocabulary for every kind of game:

- :class:`RulesError`: a fault in what a game is set up from (an unknown variant or level,
  a setting the variant does not offer, an impossible deal or position);
- :class:`IllegalActionError`: a move the rules do not allow now;
- :class:`NotationError`: text that does not read as a tile, an action, a record or a position.

Each class lists in ``codes`` every code it is raised with and what the code means; a test
reads the engine's source and checks that the lists and the raised codes agree. The UI maps
``code`` to friendly text and never shows a traceback; the message is for developers and logs
and always names the offending input and where it happened.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import ClassVar

__all__ = ["CODES", "EngineError", "IllegalActionError", "NotationError", "RulesError"]


class EngineError(ValueError):
    """Base class of every error the engine raises on bad input (raised only as a subclass).

    ``code`` is stable across versions (tests and the UI rely on it);
    the message may be reworded.
    """

    default_code = "engine-error"
    codes: ClassVar[Mapping[str, str]] = MappingProxyType({})
    """Every code this class is raised with, and what it means."""

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.code = code or self.default_code


class IllegalActionError(EngineError):
    """An action that the rules do not allow in the current position."""

    default_code = "illegal-action"
    codes = MappingProxyType(
        {
            "not-your-turn": "another player is to move",
            "hand-over": "the hand is over: nobody moves any more",
            "hand-in-play": "the hand in play must end first",
            "hand-not-over": "the next hand waits for this one to end",
            "match-over": "the match is over",
            "session-over": "the dice session is over",
            "tile-not-in-hand": "the player does not hold that tile",
            "wrong-opening": "the rules say which tile opens, and this is not it",
            "no-such-end": "the layout has no such open end",
            "does-not-match": "the tile does not match the end it is laid on",
            "must-play": "the player holds a tile that fits, so must play it",
            "must-pass": "the player can neither play nor draw, so must pass",
            "cannot-draw": "the rules allow no draw now",
            "cannot-pass": "the player can play or draw, so cannot pass",
            "choose-lead": "the winning side must first choose who leads",
            "nothing-to-claim": "no points wait to be called",
            "unknown-action": "not an action of this game",
            "already-committed": "the player has already chosen this round",
            "commit-count": "a Dice and Dominoes choice of the wrong number of tiles",
            "no-match": "the tiles chosen do not match the dice",
            "not-held": "the player does not hold those tiles",
            "not-in-hand": "the tile is not among the player's tiles",
            "no-rethrow": "no throw of the dice again is offered now",
            "rethrow-first": "the dice must be thrown again first",
            "nothing-to-commit": "this seat has nothing to choose now",
            "no-such-train": "there is no such train, or no open end on it",
            "private-train": "the train is another player's and has no marker",
            "answer-double": "a double is open and must be answered before anything else",
            "fill-centre": "the centre double needs a tile on each of its four sides first",
            "fill-foot": "the chicken foot needs its three toes first",
            "play-drawn": "after a draw only the tile drawn may be laid",
            "no-run": "no opening run is being laid",
            "run-own-train": "an opening run is laid on the player's own train only",
            "not-in-boneyard": "the tile named as drawn is not in the boneyard",
        }
    )


class NotationError(EngineError):
    """Text that does not parse as a tile, an end, an action, a record or a position.

    Errors from reading a record or a position (:mod:`engine.line.notation`) also say where:
    ``line`` and ``column`` (from 1) and ``expected``, what would have been right there.
    """

    default_code = "bad-notation"
    codes = MappingProxyType(
        {
            "bad-tile": "not a tile such as 6-4",
            "bad-end": "not an end such as 3E",
            "bad-action": "not an action such as 6-4@3E, draw or pass",
            "bad-record": "not a game record (see docs/notation.md)",
            "bad-position": "not a position (see docs/notation.md)",
            "bad-puzzle": "not a puzzle file's line (see docs/puzzles.md)",
        }
    )

    def __init__(
        self,
        message: str,
        code: str | None = None,
        *,
        line: int | None = None,
        column: int | None = None,
        expected: str = "",
    ) -> None:
        super().__init__(message, code)
        self.line = line
        self.column = column
        self.expected = expected


class RulesError(EngineError):
    """A fault in what a game is set up from: an unknown variant or computer level, a setting
    the variant does not offer, or a deal or position the rules cannot play."""

    default_code = "bad-rules"
    codes = MappingProxyType(
        {
            "unknown-variant": "no rule set by that name",
            "bad-option": "a setting or computer level the game does not offer",
            "bad-player-count": "the game is not played by that many players",
            "bad-rules": "the rules contradict themselves",
            "bad-deal": "a deal or position these rules cannot come to",
            "position-over": "the position is of a finished hand: nobody can move",
            "hidden-tiles": "the position hides tiles, so it needs a seeded deal of them",
            "hidden-draw": "the tile drawn this turn is hidden from that seat",
            "bad-seat": "there is no such seat",
            "bad-sets": "not enough tiles for that many players",
            "bad-chips": "each player needs chips for at least one ante",
            "not-exportable": "the other engine does not play this game",
            "bad-format": "no export format by that name",
        }
    )


CODES: Mapping[str, type[EngineError]] = MappingProxyType(
    {code: kind for kind in (RulesError, IllegalActionError, NotationError) for code in kind.codes}
)
"""Every code the engine raises, with the class it is raised as."""
