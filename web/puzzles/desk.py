"""The Puzzles screen and what stands behind it: the shipped puzzles (fetched the first time
they are wanted, never at boot), the person's puzzle rating and history
(:class:`web.storage.puzzle_book.PuzzleBook`), choosing the next puzzle at their level, the
day's puzzle, and putting a puzzle on the table.

The app makes one :class:`PuzzleDesk` the first time puzzles are asked for (the menu's
Puzzles button, a ``?puzzle=`` link) and gives it a :class:`DeskSide`: how to seat a puzzle
at the table, go back to the person's game, show a notice and talk to a host page.
"""

from __future__ import annotations

import asyncio
import datetime
import random
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from engine import EngineError, NotationError
from engine.catalogue import GAMES
from engine.puzzles.attempt import setup_of
from engine.puzzles.choose import choose_puzzle, matching
from engine.puzzles.daily import DAILY_VARIANTS, daily_puzzle
from engine.puzzles.puzzle import Puzzle, read_puzzles
from engine.puzzles.themes import THEMES
from web.clipboard import share_result
from web.embedding.host_link import HostLink
from web.page import Page
from web.puzzles.controller import PuzzleController, PuzzleRun
from web.puzzles.table import PuzzleTable
from web.storage.daily_results import DailyResults, result_words
from web.storage.puzzle_book import PuzzleBook
from web.table import Surroundings

__all__ = ["DAILY", "PUZZLES_URL", "DeskSide", "PuzzleDesk"]

PUZZLES_URL = "puzzles.txt"
"""Where the page fetches the shipped puzzles from (beside it; the service worker keeps it)."""

DAILY = "daily"
"""The id a link gives for the day's puzzle (``?puzzle=daily``)."""

_HISTORY_SHOWN = 10
_ANY = ""


@dataclass
class DeskSide:
    """What the desk asks of the app."""

    around: Surroundings
    seat: Callable[[PuzzleTable], None]
    """Put a puzzle's table in place of the one at the page (the person's game is kept)."""
    leave: Callable[[], None]
    """Go back to the person's game."""
    notice: Callable[[str], None]
    """Show a message that stays until dismissed."""
    host: HostLink | None
    """The host page, when the table is embedded (it is told of each puzzle solved or missed)."""
    today: Callable[[], datetime.date]
    """The person's calendar date (their device's clock and time zone)."""
    variant: Callable[[], str]
    """The rule set at the table (the day's deal offered first in it)."""


class PuzzleDesk:
    """The puzzles: the set, the person's book of them, the Puzzles dialog, the table's puzzle."""

    def __init__(self, side: DeskSide, book: PuzzleBook, results: DailyResults) -> None:
        """Wire the Puzzles dialog (``book``: the person's puzzles, ``results``: their days'
        deals); the puzzles themselves are fetched when first wanted."""
        self.side = side
        self.results = results
        self.page: Page = side.around.page
        self.window = side.around.window
        self.book = book
        self.puzzles: list[Puzzle] | None = None
        self._by_id: dict[str, Puzzle] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._rng = random.Random()
        page, el = self.page, self.page.el
        page.on(el("puzzles-start-btn"), "click", lambda _e: self.next_puzzle())
        page.on(el("puzzles-daily-btn"), "click", lambda _e: self._run(self.open_id(DAILY)))
        page.on(el("puzzles-history"), "click", self._on_history)
        page.on(el("puzzles-variant"), "change", lambda _e: self._show_counts())
        page.on(el("puzzles-theme"), "change", lambda _e: self._show_counts())
        page.on(el("daily-play-btn"), "click", lambda _e: self._play_daily())

    # --- the set -------------------------------------------------------------------------------

    async def load(self) -> bool:
        """Fetch and read the shipped puzzles once; say so (and return ``False``) if they
        cannot be had."""
        if self.puzzles is not None:
            return True
        self._say("Loading the puzzles…")
        try:
            response = await self.window.fetch(PUZZLES_URL)
            if not response.ok:
                raise OSError(f"HTTP {response.status}")
            text = str(await response.text())
            puzzles = read_puzzles(text)
        except Exception:  # offline before the puzzles were ever kept, or a broken file
            self._say("The puzzles could not be loaded. Check the connection and try again.")
            return False
        self.puzzles = puzzles
        self._by_id = {puzzle.id: puzzle for puzzle in puzzles}
        self._say("")
        self._fill_filters()
        return True

    # --- the dialog ------------------------------------------------------------------------------

    def open_dialog(self, message: str = "") -> None:
        """Show the Puzzles dialog (loading the puzzles if they are not here yet)."""
        self._fill()
        dialog = self.page.el("puzzles-dialog")
        if not dialog.open:
            dialog.showModal()
        self._say(message)

        async def load_and_fill() -> None:
            if await self.load():
                self._fill()
                self._say(message)

        if self.puzzles is None:
            self._run(load_and_fill())

    def _fill(self) -> None:
        """The rating, the counts, today's deals and the history, as they stand."""
        self.page.el("puzzles-rating").textContent = self.book.summary()
        self._show_counts()
        self._fill_daily_choices()
        self._show_daily_results()
        self._fill_history()

    def _fill_daily_choices(self) -> None:
        """The rule sets with a deal of the day, the table's own first."""
        document = self.page.document
        current = self.side.variant()
        made = []
        for variant in DAILY_VARIANTS:
            option = document.createElement("option")
            option.value = variant
            option.textContent = GAMES[variant].name
            option.selected = variant == current
            made.append(option)
        self.page.el("daily-variant").replaceChildren(*made)

    def _show_daily_results(self) -> None:
        """Today's deals played, each with the Expert's result in the same seat."""
        played = self.results.on(self.today().isoformat())
        said = [
            f"{GAMES[r.variant].name if r.variant in GAMES else r.variant}: {result_words(r)}" for r in played
        ]
        self.page.el("daily-today").textContent = " ".join(said) if said else "No deal played today yet."

    def _play_daily(self) -> None:
        """Open today's deal of the chosen rule set (its own page: its own save slot for the day)."""
        variant = str(self.page.el("daily-variant").value or "")
        if variant in DAILY_VARIANTS:
            location = self.window.location
            location.assign(f"{location.pathname}?daily={variant}")

    def _fill_filters(self) -> None:
        """The rule sets and themes the shipped puzzles have, each with how many."""
        assert self.puzzles is not None
        document = self.page.document

        def options(select_id: str, choices: list[tuple[str, str]]) -> None:
            select = self.page.el(select_id)
            chosen = str(select.value or _ANY)
            made = []
            for value, label in choices:
                option = document.createElement("option")
                option.value = value
                option.textContent = label
                option.selected = value == chosen
                made.append(option)
            select.replaceChildren(*made)

        variants = sorted({puzzle.variant for puzzle in self.puzzles}, key=lambda v: GAMES[v].name)
        options(
            "puzzles-variant",
            [(_ANY, "Every rule set")]
            + [(v, f"{GAMES[v].name} ({len(matching(self.puzzles, v))})") for v in variants],
        )
        themes = [theme for theme in THEMES if any(p.theme == theme for p in self.puzzles)]
        options(
            "puzzles-theme",
            [(_ANY, "Every theme")]
            + [(t, f"{THEMES[t]} ({len(matching(self.puzzles, theme=t))})") for t in themes],
        )

    def _filters(self) -> tuple[str | None, str | None]:
        variant = str(self.page.el("puzzles-variant").value or "") or None
        theme = str(self.page.el("puzzles-theme").value or "") or None
        return variant, theme

    def _show_counts(self) -> None:
        """How many puzzles the filters leave, and how many of them were tried."""
        if self.puzzles is None:
            return
        pool = matching(self.puzzles, *self._filters())
        tried = self.book.tried()
        fresh = sum(puzzle.id not in tried for puzzle in pool)
        text = f"{len(pool)} puzzles here, {fresh} not tried yet." if pool else "No puzzle has both of these."
        self.page.el("puzzles-count").textContent = text
        self.page.el("puzzles-start-btn").disabled = not pool

    def _fill_history(self) -> None:
        """The newest attempts: the puzzle (a button to try it again), the result, the rating."""
        document = self.page.document
        attempts = self.book.attempts[-_HISTORY_SHOWN:][::-1]
        body = self.page.el("puzzles-history")
        if not attempts:
            body.textContent = "No puzzle tried yet."
            return
        table = document.createElement("table")
        head = document.createElement("tr")
        for title in ("Puzzle", "Day", "Result", "Rating"):
            cell = document.createElement("th")
            cell.scope = "col"
            cell.textContent = title
            head.append(cell)
        table.append(head)
        for attempt in attempts:
            row = document.createElement("tr")
            button = document.createElement("button")
            button.type = "button"
            button.dataset.puzzle = attempt.puzzle_id
            button.textContent = attempt.puzzle_id
            button.setAttribute("aria-label", f"Try puzzle {attempt.puzzle_id} again")
            first = document.createElement("td")
            first.append(button)
            row.append(first)
            change = f"{attempt.change:+d}"
            for text in (
                attempt.day,
                "Solved" if attempt.solved else "Missed",
                f"{attempt.after} ({change})",
            ):
                cell = document.createElement("td")
                cell.textContent = text
                row.append(cell)
            table.append(row)
        body.replaceChildren(table)

    def _on_history(self, event: Any) -> None:
        puzzle_id = str(getattr(event.target.dataset, "puzzle", "") or "")
        if puzzle_id:
            self._run(self.open_id(puzzle_id))

    def _say(self, text: str) -> None:
        self.page.el("puzzles-said").textContent = text

    # --- choosing and opening ---------------------------------------------------------------------

    def next_puzzle(self) -> None:
        """A puzzle at the person's level within the dialog's filters, on the table."""

        async def choose() -> None:
            if not await self.load():
                self.open_dialog("The puzzles could not be loaded. Check the connection and try again.")
                return
            assert self.puzzles is not None
            variant, theme = self._filters()
            puzzle = choose_puzzle(
                self.puzzles,
                self.book.rating.rating,
                self.book.ratings_by_id(),
                self.book.tried(),
                self._rng,
                variant,
                theme,
            )
            if puzzle is None:
                self.open_dialog("No puzzle has both of these: choose another rule set or theme.")
                return
            self.open_puzzle(puzzle)

        self._run(choose())

    async def open_id(self, puzzle_id: str) -> bool:
        """Open the puzzle a link or the history names (``daily``: the day's); an unknown id
        gets one short message and the Puzzles dialog with the list."""
        if not await self.load():
            self.open_dialog("The puzzles could not be loaded. Check the connection and try again.")
            return False
        assert self.puzzles is not None
        if puzzle_id == DAILY:
            self.open_puzzle(daily_puzzle(self.today(), self.puzzles), daily=True)
            return True
        puzzle = self._by_id.get(puzzle_id)
        if puzzle is None:
            shown = puzzle_id[:20]
            self.open_dialog(f"There is no puzzle called “{shown}”. Choose one here.")
            return False
        self.open_puzzle(puzzle)
        return True

    def open_puzzle(self, puzzle: Puzzle, daily: bool = False) -> None:
        """Put ``puzzle`` on the table (a message, and the dialog, if it cannot be played)."""
        try:
            setup = setup_of(puzzle)
        except EngineError:
            self.open_dialog(f"Puzzle {puzzle.id} cannot be played. Choose another.")
            return
        self._seat(PuzzleRun(setup, daily=daily))

    def open_text(self, text: str) -> bool:
        """Put the puzzle a link carries (its line, as the puzzle file writes it) on the table;
        a notice says why not if it cannot be played. It is not rated: it is not one of the
        shipped puzzles, proven."""
        try:
            puzzles = read_puzzles(text)
            if len(puzzles) != 1:
                raise NotationError("a link carries one puzzle", "bad-puzzle")
            setup = setup_of(puzzles[0])
        except EngineError as error:
            self.side.notice(f"The puzzle in this link cannot be played: {error}.")
            return False
        self._seat(PuzzleRun(setup, rated=False))
        return True

    def _seat(self, run: PuzzleRun) -> None:
        dialog = self.page.el("puzzles-dialog")
        if dialog.open:
            dialog.close()
        self.side.seat(PuzzleTable(self.side.around, PuzzleController.start(run), self))
        self.page.mark("puzzle-on-table")  # (drawn in the next frame; the benchmark reads it)

    def today(self) -> datetime.date:
        """The person's calendar date."""
        return self.side.today()

    # --- the table's calls ----------------------------------------------------------------------

    def finished(self, run: PuzzleRun) -> None:
        """The first try at ``run``'s puzzle is decided: rate it (the first time ever), tell
        the host page."""
        puzzle = run.setup.puzzle
        solved = run.outcome == "solved"
        attempt = self.book.count(puzzle, solved, self.today().isoformat()) if run.rated else None
        if attempt is not None:
            run.rating_words = (
                f"Your puzzle rating: {attempt.before} → {attempt.after} ({attempt.change:+d})."
            )
        elif run.rated:
            run.rating_words = "Tried before: not rated again."
        host = self.side.host
        if host is not None:
            host.send(
                "puzzle-solved" if solved else "puzzle-failed",
                puzzle=puzzle.id,
                variant=puzzle.variant,
                rating=round(self.book.rating.rating),
            )

    def share(self, run: PuzzleRun) -> None:
        """Copy the day's result, with nothing that gives the puzzle away."""
        day = self.today()
        result = "solved at the first try ✓" if run.outcome == "solved" else "missed ✗"
        text = f"Dominoes puzzle of {day.day} {day:%B} {day.year}: {result}"
        link = f"{self.window.location.origin}{self.window.location.pathname}?puzzle={run.puzzle_id}"
        self._run(share_result(self.window, self.page, text, link))

    def leave(self) -> None:
        """Back to the person's game."""
        self.side.leave()

    def _run(self, work: Coroutine[Any, Any, Any]) -> None:
        """Run a coroutine, holding on to it until it is done (so it is not collected midway)."""
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
