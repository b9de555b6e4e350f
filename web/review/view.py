"""The review panel of the replay viewer: ask for a review, watch it work, read and chart it.

The panel (``#review-panel`` in the replay dialog) runs a :class:`web.review.book.ReviewBook`'s
review in slices (:func:`web.slices.run_in_slices`) with a progress bar and a Cancel
button, then shows the hand's summary (and the summary over every hand reviewed), the
chart of the side's chance to win (a canvas, with the same figures in a table for screen
readers and for reading the reasons), and what the review says of the decision at the
replay's current move. Tapping a dot on the chart or a row's move jumps the replay there.

Browser objects come in from :mod:`web.replay.view`; what a review says comes from
:mod:`web.review.book`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from engine import Play
from engine.line.ai.review import MatchReview
from engine.words import possessive
from web.page import Page
from web.painter import Painter, SpriteBook
from web.replay.model import Replay
from web.review.book import MARKS, ReviewBook
from web.review.chart import ChartDot, chart_dots, dot_at, draw_chart
from web.slices import run_in_slices

__all__ = ["ReviewView"]


class ReviewView:
    """The review panel: see the module docstring."""

    def __init__(
        self,
        page: Page,
        window: Any,
        proxy: Callable[[Any], Any],
        go: Callable[[int, int], None],
        redraw: Callable[[], None],
    ) -> None:
        """Wire the panel's controls once; ``go(hand, move)`` moves the replay, ``redraw()``
        draws it again (with this panel) once a review is done."""
        self.page = page
        self.window = window
        self.go = go
        self.redraw = redraw
        self.book: ReviewBook | None = None
        self.working = False
        self.hand_index = 0
        self.move = 0
        self._run_id = 0
        self._task: asyncio.Future[None] | None = None
        self.on_reviewed: Callable[[ReviewBook, MatchReview], None] | None = None
        """Called when a review finishes, with the book and what was reviewed (the app counts it)."""
        self.canvas = page.el("review-chart")
        self.ctx = self.canvas.getContext("2d")
        el = page.el
        page.on(el("review-cancel"), "click", lambda _e: self.cancel())
        page.on(el("review-all"), "click", lambda _e: self.review_all())
        page.on(el("review-table"), "click", self._on_table)
        page.on(el("review-details"), "toggle", lambda _e: self._fill_table(self.hand_index, self.move))
        page.on(self.canvas, "click", self._on_chart)
        self._resize_proxy = proxy(lambda *_args: self._draw_chart())
        window.ResizeObserver.new(self._resize_proxy).observe(self.canvas)

    # --- starting, stopping --------------------------------------------------------------

    def review(self, replay: Replay, seat: int, hand_index: int) -> None:
        """Review ``seat``'s decisions in hand ``hand_index`` of ``replay`` (kept reviews are reused)."""
        if self.book is None or self.book.replay is not replay or self.book.seat != seat:
            self.cancel()
            self.book = ReviewBook(replay, seat)
        self.page.el("review-panel").hidden = False
        self._start([hand_index])

    def review_all(self) -> None:
        """Review every hand of the replay not reviewed yet."""
        if self.book is not None and not self.working:
            self._start(list(range(self.book.replay.hand_count)))

    def cancel(self) -> None:
        """Stop a review under way (the hands already reviewed are kept)."""
        self._run_id += 1
        if self.working:
            self.working = False
            self._show_working(False)
            self.page.el("review-summary").textContent = "Review cancelled."
            self.page.document.body.dataset.review = "cancelled"

    def close(self) -> None:
        """Forget every review and hide the panel (a new replay is opened, or the viewer closed)."""
        self.cancel()
        self.book = None
        self.page.el("review-panel").hidden = True
        self.page.document.body.dataset.review = "none"

    def _start(self, hands: list[int]) -> None:
        book = self.book
        assert book is not None
        if self.working:
            self.cancel()
        hands = [index for index in hands if index not in book.hands]
        if not hands:
            self.show(self.hand_index, self.move)
            return
        self._run_id += 1
        run_id = self._run_id
        total = sum(book.decisions_in(index) for index in hands)
        self.working = True
        self._show_working(True)
        self._progress(0, total)
        self.page.document.body.dataset.review = "working"
        self.page.mark("review")
        thinking = book.thinking(hands, self._progress)

        async def run() -> None:
            finished, result = await run_in_slices(thinking, lambda: self._run_id == run_id)
            if not finished or result is None or self._run_id != run_id:
                return
            self.working = False
            self._show_working(False)
            if self.on_reviewed is not None:
                self.on_reviewed(book, result)
            self.page.measure("review", "review")  # (what tests/bench/bench_review.py times)
            await asyncio.sleep(0)  # showing it gets a browser task of its own, after the last slice's
            self.redraw()
            self.page.document.body.dataset.review = "done"

        self._task = asyncio.ensure_future(run())

    def _progress(self, done: int, total: int) -> None:
        bar = self.page.el("review-progress")
        bar.max = str(max(1, total))
        bar.value = str(done)
        self.page.el("review-summary").textContent = (
            f"The Expert is reviewing {possessive(self.book.name, first=False) if self.book else 'the'} "
            f"decisions: {done} of {total}…"
        )

    def _show_working(self, working: bool) -> None:
        self.page.el("review-working").hidden = not working

    # --- what the replay asks ------------------------------------------------------------

    def better_move(self, hand_index: int, move: int) -> Play | None:
        """The better move to draw on the board at this point of the replay, if the review found one."""
        return None if self.book is None else self.book.better_move(hand_index, move)

    def marks(self, hand_index: int) -> dict[int, str]:
        """The labels of the costly moves of a hand, by move number from 1 (for the move list)."""
        return {} if self.book is None else self.book.marks(hand_index)

    def show(self, hand_index: int, move: int) -> None:
        """Bring the panel up to date with the replay at (hand, move)."""
        self.hand_index, self.move = hand_index, move
        book = self.book
        if book is None:
            return
        el = self.page.el
        reviewed = hand_index in book.hands
        el("review-results").hidden = not reviewed
        more = book.replay.hand_count > 1 and len(book.hands) < book.replay.hand_count
        el("review-all").hidden = self.working or not more
        if self.working:
            return
        if not reviewed:
            el("review-summary").textContent = f"Hand {hand_index + 1} is not reviewed yet: press Review."
            el("review-match").textContent = book.match_summary() or ""
            return
        el("review-summary").textContent = book.summary(hand_index)
        el("review-match").textContent = book.match_summary() or ""
        el("review-note").textContent = book.note(hand_index, move) or ""
        self._fill_table(hand_index, move)
        self._draw_chart()

    # --- the chart and the table ---------------------------------------------------------

    def _draw_chart(self) -> None:
        book = self.book
        if book is None or self.hand_index not in book.hands or self.page.el("review-results").hidden:
            return
        width, height = float(self.canvas.clientWidth), float(self.canvas.clientHeight)
        if width < 1 or height < 1:
            return
        ratio = float(self.window.devicePixelRatio or 1)
        self.canvas.width, self.canvas.height = round(width * ratio), round(height * ratio)
        dots = self._dots(width, height)
        painter = Painter(ratio, SpriteBook())
        painter.setTransform(ratio, 0, 0, ratio, 0, 0)
        decision = book.decision_at(self.hand_index, self.move)
        draw_chart(painter, dots, width, height, None if decision is None else decision.move)
        painter.play_on(self.window, self.ctx)
        self.canvas.setAttribute(
            "aria-label",
            f"Chart of {possessive(book.name, first=False)} side's chance to win hand {self.hand_index + 1}, "
            "decision by decision "
            "(the table below gives the same figures)",
        )

    def _dots(self, width: float, height: float) -> list[ChartDot]:
        assert self.book is not None
        moves = self.book.replay.moves_in(self.hand_index)
        return chart_dots(self.book.chart(self.hand_index), moves, width, height)

    def test_state(self) -> dict[str, Any] | None:
        """The review as the end-to-end tests read it: the chart's dots (CSS px on its canvas),
        the costliest decision of the hand shown, and the texts (``None``: no review)."""
        book = self.book
        if book is None:
            return None
        hand = book.hands.get(self.hand_index)
        width, height = float(self.canvas.clientWidth), float(self.canvas.clientHeight)
        costliest = None if hand is None else hand.costliest
        better = self.better_move(self.hand_index, self.move)
        dots = [] if hand is None else self._dots(width, height)
        return {
            "seat": book.seat,
            "working": self.working,
            "reviewed": sorted(index + 1 for index in book.hands),
            "dots": [{"move": dot.move, "x": dot.x, "y": dot.y, "label": dot.label} for dot in dots],
            "costliest": None if costliest is None else {"move": costliest.move, "label": costliest.label},
            "better": None if better is None else str(better.tile),
            "summary": str(self.page.el("review-summary").textContent),
            "note": str(self.page.el("review-note").textContent),
        }

    def _fill_table(self, hand_index: int, move: int) -> None:
        """Fill the table of decisions, when it is open (a closed one is filled as it opens)."""
        if self.book is None or hand_index not in self.book.hands or not self.page.el("review-details").open:
            return
        document = self.page.document
        rows = []
        for row in self.book.rows(hand_index):
            tr = document.createElement("tr")
            if row.move - 1 == move:
                tr.setAttribute("aria-current", "step")
            head = document.createElement("th")
            head.setAttribute("scope", "row")
            button = document.createElement("button")
            button.type = "button"
            button.dataset.move = str(row.move - 1)
            button.textContent = str(row.move)
            button.setAttribute("aria-label", f"Go to move {row.move}")
            head.appendChild(button)
            tr.appendChild(head)
            verdict = row.label + (f" {MARKS[row.label]}" if row.label in MARKS else "")
            for text in (row.played, verdict, row.chance, row.better, row.reason):
                cell = document.createElement("td")
                cell.textContent = text
                tr.appendChild(cell)
            tr.dataset.label = row.label
            rows.append(tr)
        self.page.el("review-rows").replaceChildren(*rows)

    def _on_table(self, event: Any) -> None:
        move = Page.twin_target(event)
        if move is not None and move != "" and self.book is not None:
            self.go(self.hand_index, int(move))

    def _on_chart(self, event: Any) -> None:
        if self.book is None or self.hand_index not in self.book.hands:
            return
        box = self.canvas.getBoundingClientRect()
        width, height = float(self.canvas.clientWidth), float(self.canvas.clientHeight)
        dot = dot_at(self._dots(width, height), float(event.clientX) - float(box.left))
        if dot is not None:
            self.go(self.hand_index, dot.move)
