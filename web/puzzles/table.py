"""A puzzle on the page: the line-of-play table, with the puzzle's own buttons and words.

A :class:`PuzzleTable` plays a :class:`~web.puzzles.controller.PuzzleController` as the
line table plays a match (taps, drags, the keyboard twin, motion, the other seats' moves
after a short pause), but keeps nothing in the save slot (the person's game stays there,
to go back to) and counts nothing in the match statistics: the first try's outcome goes
to the person's puzzle rating instead (:class:`PuzzleService`). After a
wrong move it works out why (in slices) and says it.
"""

from __future__ import annotations

import asyncio
from typing import Any, ClassVar, Protocol

from web.line.table import LineTable
from web.puzzles import PUZZLE_CLICKS
from web.puzzles.controller import PLAYING_OUT_MODE, SHOWING_MODE, PuzzleController, PuzzleRun
from web.slices import run_in_slices
from web.table import Surroundings

__all__ = ["PuzzleService", "PuzzleTable"]


class PuzzleService(Protocol):
    """What a puzzle's table asks of the Puzzles desk (:class:`web.puzzles.desk.PuzzleDesk`)."""

    def next_puzzle(self) -> None:
        """Put the next puzzle at the person's level on the table."""

    def finished(self, run: PuzzleRun) -> None:
        """The first try at ``run``'s puzzle is decided: rate it, tell the host page."""

    def share(self, run: PuzzleRun) -> None:
        """Copy the day's result, giving nothing away."""

    def leave(self) -> None:
        """Back to the person's game."""


_BUTTONS_BY_STATE = {
    "solving": ("puzzle-answer-btn", "puzzle-leave-btn"),
    "failed": ("puzzle-retry-btn", "puzzle-answer-btn", "puzzle-play-out-btn", "puzzle-next-btn"),
    "solved": ("puzzle-next-btn", "puzzle-play-out-btn", "puzzle-leave-btn"),
    "showing": ("puzzle-leave-btn",),
    "shown": ("puzzle-retry-btn", "puzzle-play-out-btn", "puzzle-next-btn"),
    "playing-out": ("puzzle-next-btn", "puzzle-leave-btn"),
}
"""Which of the puzzle's buttons are offered in each state (Share too for the day's puzzle
once it is over)."""


class PuzzleTable(LineTable):
    """One puzzle at the table: a try at it, and what the person can do next."""

    kept: ClassVar[bool] = False
    in_history: ClassVar[bool] = False
    clicks: ClassVar[tuple[str, ...]] = (*LineTable.clicks, *PUZZLE_CLICKS)

    def __init__(self, around: Surroundings, controller: PuzzleController, desk: PuzzleService) -> None:
        """Play a try at a puzzle (``controller``); ``desk`` chooses and rates puzzles."""
        super().__init__(around, controller)
        self.controller: PuzzleController = controller
        self.desk = desk
        self._explaining: asyncio.Task[None] | None = None
        self._reported = ""

    # --- the puzzle's buttons ------------------------------------------------------------------

    def press(self, element_id: str, event: Any) -> None:
        """The puzzle's buttons; the rest as at any line table."""
        controller = self.controller
        run = controller.run
        if element_id == "puzzle-retry-btn":
            step = controller.attempt.step if controller.puzzle_state == "failed" else 0
            self._replace(PuzzleController.start(run, step))
        elif element_id == "puzzle-answer-btn":
            controller._settle("failed")  # (the answer seen first: not solved)
            self._replace(PuzzleController.start(run, 0, SHOWING_MODE))
        elif element_id == "puzzle-play-out-btn":
            controller.play_out()
            self.after_change()
        elif element_id == "puzzle-next-btn":
            self.desk.next_puzzle()
        elif element_id == "puzzle-share-btn":
            self.desk.share(run)
        elif element_id == "puzzle-leave-btn":
            self.desk.leave()
        else:
            super().press(element_id, event)

    def _replace(self, controller: PuzzleController) -> None:
        """Another try (or the answer shown) takes this one's place at the table."""
        self._bot_generation += 1  # (the line's replies of the last try stop)
        self.controller = controller
        self.after_change()

    def undo(self) -> None:
        """Moves are taken back with Try again."""
        self.page.show_status(self.controller.undo_reason())

    def command(self, command: str) -> None:
        """As at a line table, but no hint while solving (it would give the answer away)."""
        if command == "hint" and self.controller.mode != PLAYING_OUT_MODE:
            self.page.say("No hints in a puzzle: Show answer plays it through.")
            return
        if command == "undo":
            self.undo()
            return
        super().command(command)

    # --- after every change ----------------------------------------------------------------------

    def _show_move(self) -> None:
        """The panels, the puzzle's words and buttons, the board; nothing is saved."""
        controller = self.controller
        self._report()
        self.page.update(controller)
        self._show_puzzle()
        self.invalidate()

    def after_change(self) -> None:
        """As at a line table; and once a wrong move is on the table, find out why."""
        super().after_change()
        controller = self.controller
        unexplained = controller.attempt.step not in controller.run.explanations
        idle = self._explaining is None or self._explaining.done()
        if controller.puzzle_state == "failed" and unexplained and idle:
            self._explaining = asyncio.ensure_future(self._explain(controller))

    async def _explain(self, controller: PuzzleController) -> None:
        """Work out (in slices) why the wrong move was wrong, then say it."""
        from engine.puzzles.attempt import explain_wrong
        from engine.puzzles.solver import TooLarge

        before = controller.before_wrong
        if before is None:
            return
        step = controller.attempt.step

        def current() -> bool:
            return not self._closed and controller is self.controller

        try:
            finished, words = await run_in_slices(
                explain_wrong(controller.attempt, before, controller.names), current
            )
        except TooLarge:
            finished, words = True, "It is not the best move; the answer does better."
        if finished and words:
            controller.run.explanations[step] = words
            if current():
                self._show_move()

    def _count_statistics(self) -> None:
        """A puzzle is no match: the person's puzzle rating counts it instead (:meth:`_report`)."""

    def _report(self) -> None:
        """Once the first try is decided: the rating moves (once), the host page is told."""
        run = self.controller.run
        if run.outcome and run.outcome != self._reported:
            self._reported = run.outcome
            self.desk.finished(run)

    def _show_puzzle(self) -> None:
        """The puzzle's line of words and its buttons, for the state it is in."""
        controller = self.controller
        page = self.page
        state = controller.puzzle_state
        page.document.body.dataset.puzzle = state
        shown = set(_BUTTONS_BY_STATE.get(state, ()))
        if controller.phase == "puzzle-over" and state not in ("solving", "showing"):
            shown |= {"puzzle-next-btn", "puzzle-retry-btn"} if state == "playing-out" else set()
            if controller.run.daily:
                shown.add("puzzle-share-btn")
        for button_id in PUZZLE_CLICKS:
            page.el(button_id).hidden = button_id not in shown
        page.el("turn").textContent = self._turn_words()
        page.el("challenge-said").textContent = self._said_words()
        variant = page.el("variant-name")
        variant.textContent = f"{variant.textContent.split(' · ')[0]} · puzzle"

    def _turn_words(self) -> str:
        controller = self.controller
        state = controller.puzzle_state
        if state == "solving":
            if controller.phase == "bot":
                return f"{controller.names[controller.match.turn]} answers…"
            return "Your move: find the best one."
        return {
            "solved": "Solved!",
            "failed": "Not the best move.",
            "showing": "The answer, move by move…",
            "shown": "That was the answer.",
            "playing-out": "Playing it out against the Expert.",
        }.get(state, "")

    def _said_words(self) -> str:
        """The puzzle's words under the turn line: what is asked, why a move was wrong, the theme."""
        controller = self.controller
        run = controller.run
        state = controller.puzzle_state
        if state == "solving":
            return controller.prompt()
        rated = f" {run.rating_words}" if run.rating_words else ""
        if state == "failed":
            return run.explanations.get(controller.attempt.step, "Working out why…") + rated
        if state == "solved":
            return f"The theme: {controller.theme()}.{rated}"
        if state == "shown":
            return f"The theme: {controller.theme()}."
        return ""

    def close(self) -> None:
        """Another game (or puzzle) takes the page: the puzzle's words and buttons go."""
        super().close()
        self.page.document.body.removeAttribute("data-puzzle")

    # --- tests ---------------------------------------------------------------------------------

    def test_state(self) -> dict[str, Any]:
        """As at a line table, with the puzzle's id, state and words."""
        controller = self.controller
        run = controller.run
        return {
            **super().test_state(),
            "puzzle": {
                "id": run.puzzle_id,
                "kind": run.setup.puzzle.kind,
                "state": controller.puzzle_state,
                "outcome": run.outcome,
                "step": controller.attempt.step,
                "next": None if controller.attempt.next_move is None else str(controller.attempt.next_move),
                "line": [str(action) for action in run.setup.line],
                "said": self._said_words(),
                "daily": run.daily,
            },
        }
