"""The day's deal: one hand of a rule set, dealt from the date, against the computer players.

The same for everyone on a calendar date (:func:`engine.puzzles.daily.daily_deal_seed`), so
its result says how well the hand was played: it is played once (no move taken back, no
hint) and is over when its hand is. No browser imports.
"""

from __future__ import annotations

import datetime
from collections.abc import Generator

from engine import Match
from engine.line.ai.hint import Hint
from engine.puzzles.daily import DAILY_LEVEL, daily_deal_seed
from web.line.controller import Controller
from web.settings import Settings

__all__ = ["DailyController", "daily_settings", "hand_margin"]


def daily_settings(variant: str) -> Settings:
    """The day's deal's settings in ``variant``: its usual players, the others at :data:`DAILY_LEVEL`."""
    return Settings.for_variant(variant, None, DAILY_LEVEL)


def hand_margin(match: Match, seat: int) -> int | None:
    """What the first hand was worth to ``seat``'s side: its points less the others' (``None``
    while it is being played)."""
    if not match.sheet:
        return None
    line = match.sheet[0]
    mine = match.rules.side_of(seat)
    return line.gained[mine] - sum(points for side, points in enumerate(line.gained) if side != mine)


class DailyController(Controller):
    """The person's hand of the day's deal."""

    day: datetime.date

    @classmethod
    def new(cls, variant: str, day: datetime.date) -> DailyController:
        """The day's deal of ``variant`` on ``day``, dealt."""
        controller = cls.over(daily_settings(variant), Match(daily_settings(variant).rules(), daily_deal_seed(day, variant)))
        controller.day = day
        controller.match.tags["Event"] = f"Daily deal {day.isoformat()}"
        controller.match.tags["Date"] = f"{day.year}.{day.month:02d}.{day.day:02d}"
        controller.announcements.clear()
        controller._say(f"Today's deal of {controller.variant_name}: the same hand for everyone today.")
        return controller

    @classmethod
    def adopt(cls, game: object, variant: str, day: datetime.date) -> DailyController | None:
        """The day's deal saved as ``game``, to play on; ``None`` if ``game`` is another deal
        (or another kind of game)."""
        if not isinstance(game, Controller):
            return None
        match = game.match
        if game.settings != daily_settings(variant) or match.seed != daily_deal_seed(day, variant):
            return None
        controller = cls.over(game.settings, match)
        controller.day = day
        controller.announcements = list(game.announcements)
        return controller

    @property
    def variant_name(self) -> str:
        """The rule set's name."""
        from engine.catalogue import GAMES

        return GAMES[self.settings.variant].name

    @property
    def phase(self) -> str:
        """As a match's, with ``daily-over`` once the hand is over (the deal is one hand)."""
        if self.match.results:
            return "daily-over"
        return super().phase

    def margin(self) -> int | None:
        """The person's result: their side's points less the others' (``None`` while playing)."""
        return hand_margin(self.match, 0)

    def undo_reason(self) -> str:
        """The day's deal is played once."""
        return "The day's deal is played once: moves are not taken back."

    def hint_thinking(self) -> Generator[None, None, Hint]:
        """No hint: the result is the person's own play."""
        raise ValueError("no hints in the day's deal")
        yield  # (a generator, as the table runs it)
