"""The day's deal at the table: played as any line game, then compared with the Expert's play
of the same deal in the person's seat ("You: +23. The Expert in your seat: +31.").

A :class:`DailyTable` is the line table with the day's deal's own footer: once the hand is
over it keeps the person's result, has the Expert play the deal again (in slices, each well
under the page's long-task limit), keeps that too, and offers Review (the person's hand
reviewed: where their moves and the Expert's judgement differ), the Expert's hand, Share
(the two results and no tile) and the way back to the person's own game.
"""

from __future__ import annotations

import asyncio
from typing import Any, ClassVar

from web.clipboard import share_result
from web.daily import DAILY_CLICKS
from web.daily.controller import DailyController, hand_margin
from web.daily.expert import expert_in_your_seat
from web.line.controller import Controller
from web.line.table import LineTable
from web.replay.model import Replay, Stepping
from web.slices import run_in_slices
from web.storage.daily_results import DailyResult, DailyResults, result_words
from web.table import Surroundings

__all__ = ["DailyTable"]


class DailyTable(LineTable):
    """The person's hand of the day's deal, and then the comparison."""

    in_history: ClassVar[bool] = False

    clicks: ClassVar[tuple[str, ...]] = (*LineTable.clicks, *DAILY_CLICKS)

    def __init__(self, around: Surroundings, controller: DailyController, results: DailyResults) -> None:
        """Play ``controller``'s deal; ``results`` keeps the day's results."""
        super().__init__(around, controller)
        self.controller: DailyController = controller
        self.results = results
        self._expert_task: asyncio.Task[None] | None = None
        self._expert: Controller | None = None
        self._tasks: set[asyncio.Task[Any]] = set()

    @property
    def day_text(self) -> str:
        """The deal's date, ``2026-11-28``."""
        return self.controller.day.isoformat()

    def result(self) -> DailyResult | None:
        """The day's result of this rule set, once the person's hand is over."""
        return self.results.of(self.day_text, self.settings.variant)

    # --- buttons ------------------------------------------------------------------------------

    def press(self, element_id: str, event: Any) -> None:
        """The day's deal's buttons; the rest as at any line table."""
        if element_id == "daily-review-btn":
            self._review_last_hand()
        elif element_id == "daily-expert-btn":
            self._show_expert()
        elif element_id == "daily-share-btn":
            self._share()
        elif element_id == "daily-leave-btn":
            location = self.around.window.location
            location.assign(str(location.pathname))
        else:
            super().press(element_id, event)

    def undo(self) -> None:
        """The day's deal is played once."""
        self.page.show_status(self.controller.undo_reason())

    def command(self, command: str) -> None:
        """As at a line table, without hints or taking moves back."""
        if command in ("hint", "undo"):
            self.page.say(
                "No hints in the day's deal." if command == "hint" else self.controller.undo_reason()
            )
            return
        super().command(command)

    def _show_expert(self) -> None:
        """The Expert's hand in the replay viewer (played again from its record after a reload)."""
        expert = self._expert
        replay: Stepping | None = Replay.of_table(expert) if expert is not None else None
        if replay is None:
            result = self.result()
            if result is None or not result.expert_record:
                return
            from web.table_kinds import replay_of_text

            replay = replay_of_text(result.expert_record)
        self.around.open_replay(replay, 0, 0)

    def _share(self) -> None:
        result = self.result()
        if result is None:
            return
        day = self.controller.day
        text = (
            f"Dominoes, the deal of {day.day} {day:%B} {day.year} in {self.controller.variant_name}: "
            f"{result_words(result)}"
        )
        location = self.around.window.location
        link = f"{location.origin}{location.pathname}?daily={self.settings.variant}"
        task = asyncio.ensure_future(share_result(self.around.window, self.page, text, link))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # --- after every change -------------------------------------------------------------------

    def _show_move(self) -> None:
        """As at a line table (the deal saved in its own slot), then the day's words and buttons."""
        super()._show_move()
        self._show_daily()

    def after_change(self) -> None:
        """As at a line table; once the hand is over, keep the result and have the Expert play."""
        super().after_change()
        controller = self.controller
        you = controller.margin()
        if you is None:
            return
        kept = self.result()
        if kept is None:
            kept = DailyResult(self.day_text, self.settings.variant, you)
            self.results.keep(kept)
        if kept.expert is None and (self._expert_task is None or self._expert_task.done()):
            self._expert_task = asyncio.ensure_future(self._expert_plays(controller))
        self._show_daily()

    async def _expert_plays(self, controller: DailyController) -> None:
        """The Expert plays the deal in the person's seat (in slices); then both results show."""

        def current() -> bool:
            return not self._closed and controller is self.controller

        seed = controller.match.seed
        assert seed is not None  # (the day's deal is dealt from the date's seed)
        self.page.show_thinking(True)
        try:
            finished, expert = await run_in_slices(expert_in_your_seat(controller.settings, seed), current)
        finally:
            self.page.show_thinking(False)
        if not finished or expert is None:
            return
        self._expert = expert
        kept = self.result()
        margin = hand_margin(expert.match, 0)
        if kept is not None and margin is not None:
            self.results.keep(DailyResult(kept.day, kept.variant, kept.you, margin, expert.save()))
        if current():
            self._show_daily()

    def _show_daily(self) -> None:
        """The day's words under the turn line and its buttons, as the deal stands."""
        page = self.page
        over = self.controller.phase == "daily-over"
        result = self.result() if over else None
        page.document.body.dataset.daily = "over" if over else "playing"
        shown = {"daily-review-btn", "daily-leave-btn"} if over else set()
        if result is not None and result.expert is not None:
            shown |= {"daily-expert-btn", "daily-share-btn"}
        for button_id in DAILY_CLICKS:
            page.el(button_id).hidden = button_id not in shown
        if over:
            page.el("turn").textContent = "Today's deal is over."
        words = (
            "The same hand for everyone today: play it, then see how the Expert plays your seat."
            if not over
            else ("The Expert is playing your seat…" if result is None or result.expert is None else "")
        )
        if result is not None and result.expert is not None:
            words = f"{result_words(result)} Review shows where you and the Expert differ."
        page.el("challenge-said").textContent = words
        name = page.el("variant-name")
        name.textContent = f"{name.textContent.split(' · ')[0]} · today"

    def close(self) -> None:
        """Another game takes the page: the day's words and buttons go."""
        super().close()
        self.page.document.body.removeAttribute("data-daily")

    # --- tests --------------------------------------------------------------------------------

    def test_state(self) -> dict[str, Any]:
        """As at a line table, with the day's deal and its results."""
        result = self.result()
        return {
            **super().test_state(),
            "daily": {
                "day": self.day_text,
                "seed": self.controller.match.seed,
                "you": None if result is None else result.you,
                "expert": None if result is None else result.expert,
                "said": str(self.page.el("challenge-said").textContent),
            },
        }
