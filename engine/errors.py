"""The engine's errors: one hierarchy, each error with a stable machine-readable code.

The UI maps ``code`` to friendly text and never shows a traceback; the message is
for developers and logs and always names the offending input and where it happened.
"""

from __future__ import annotations

__all__ = ["EngineError", "IllegalActionError", "NotationError", "RulesError"]


class EngineError(ValueError):
    """Base class of every error the engine raises on bad input.

    ``code`` is stable across versions (tests and the UI rely on it);
    the message may be reworded.
    """

    default_code = "engine-error"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.code = code or self.default_code


class IllegalActionError(EngineError):
    """An action that the rules do not allow in the current position.

    Codes: ``not-your-turn``, ``hand-over``, ``tile-not-in-hand``, ``wrong-opening``,
    ``no-such-end``, ``does-not-match``, ``must-play``, ``cannot-draw``,
    ``cannot-pass``, ``hand-not-over``, ``match-over``, ``unknown-action``.
    """

    default_code = "illegal-action"


class NotationError(EngineError):
    """Text that does not parse as a tile, an end, an action, a record or a position.

    Codes: ``bad-tile``, ``bad-end``, ``bad-action``, ``bad-record``, ``bad-position``.
    Errors from reading a record or a position (:mod:`engine.notation`) also say where:
    ``line`` and ``column`` (from 1) and ``expected``, what would have been right there.
    """

    default_code = "bad-notation"

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
    """An unknown variant or a rule setting the variant does not offer.

    Codes: ``unknown-variant``, ``bad-player-count``, ``bad-option``, ``bad-rules``.
    """

    default_code = "bad-rules"
