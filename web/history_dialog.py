"""The History dialog: the person's rating in each family of rule sets (a sentence, and a
chart of it match by match with the same figures in a table), then the kept matches, newest
first, filtered by rule set, level and result; each one replayed, reviewed, copied or
downloaded (and, from its replay, played on from any move). It reads
:class:`~web.storage.history.History` and :class:`~web.storage.ratings.Ratings` and asks
the app to show replays; the game at the table is never changed from here."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING, Any

from engine import EngineError
from web.clipboard import copy_text, save_as_file
from web.history_words import (
    OUTCOME_WORDS,
    family_levels,
    is_reviewable,
    kept_words,
    level_choices,
    variant_choices,
)
from web.page import Page
from web.replay.model import Stepping
from web.storage.history import MAX_MATCHES, History, Kept
from web.storage.ratings import Ratings
from web.storage.stats import Stats
from web.table_kinds import replay_of_text
from web.trend_chart import paint_trend

if TYPE_CHECKING:
    from engine.line.ai.review import MatchReview
    from web.review.book import ReviewBook

__all__ = ["HistoryDialog"]

_ACTIONS = (("replay", "Replay"), ("review", "Review"), ("copy", "Copy record"), ("download", "Download"))


class HistoryDialog:
    """The dialog's controls (ids fixed in ``index.html``) over the person's history."""

    def __init__(
        self,
        page: Page,
        window: Any,
        history: History | None,
        ratings: Ratings | None,
        stats: Stats | None,
        open_replay: Callable[[Stepping], None],
        start_review: Callable[[int], None],
    ) -> None:
        """Wire the dialog; ``history`` is ``None`` where none is kept (its button is hidden).
        ``stats`` count the reviews made of its matches; ``open_replay`` shows a replay over
        the table, ``start_review`` reviews a seat in it."""
        self.page = page
        self.window = window
        self.history = history
        self.ratings = ratings
        self._open_replay = open_replay
        self._start_review = start_review
        self.stats = stats
        self._tasks: set[asyncio.Future[None]] = set()
        self._replaying: tuple[Kept, Stepping] | None = None
        """The kept match last replayed from here, and its replay (a review of it is counted)."""
        el = page.el
        el("history-btn").hidden = history is None
        page.on(el("history-btn"), "click", lambda _e: self.open())
        for select in ("history-variant", "history-level", "history-outcome"):
            page.on(el(select), "change", lambda _e: self._fill_list())
        page.on(el("history-list"), "click", self._on_click)

    def open(self) -> None:
        """Open the dialog (over the Game dialog it is opened from)."""
        self._say("")
        self._fill_filters()
        self._fill_list()
        self._fill_ratings()
        self.page.el("history-dialog").showModal()
        self._draw_ratings()

    # --- filling --------------------------------------------------------------------------

    def _fill_filters(self) -> None:
        matches = self.history.matches if self.history is not None else []
        self._fill_select("history-variant", [("", "All"), *variant_choices(matches)])
        self._fill_select("history-level", [("", "Any level"), *level_choices(matches)])
        outcomes = [
            (outcome, words)
            for outcome, words in OUTCOME_WORDS.items()
            if any(m.outcome == outcome for m in matches)
        ]
        self._fill_select("history-outcome", [("", "Any"), *outcomes])

    def _fill_select(self, element_id: str, choices: list[tuple[str, str]]) -> None:
        """Replace a filter's choices, keeping the one chosen if it is still there."""
        select = self.page.el(element_id)
        chosen = str(select.value or "")
        select.innerHTML = "".join(
            f'<option value="{escape(value)}">{escape(label)}</option>' for value, label in choices
        )
        select.value = chosen if any(value == chosen for value, _ in choices) else ""

    def shown(self) -> list[Kept]:
        """The kept matches the filters let through, newest first."""
        if self.history is None:
            return []
        el = self.page.el
        return self.history.filtered(
            str(el("history-variant").value or ""),
            str(el("history-level").value or ""),
            str(el("history-outcome").value or ""),
        )

    def _fill_list(self) -> None:
        kept_count = len(self.history.matches) if self.history is not None else 0
        shown = self.shown()
        if not kept_count:
            summary = "No match kept yet: every match you play here is kept, from its first finished hand."
        else:
            summary = (
                f"Showing {len(shown)} of the {kept_count} match{'es' * (kept_count != 1)} kept on this "
                f"device (the newest {MAX_MATCHES})."
            )
        self.page.el("history-summary").textContent = summary
        items = []
        for kept in shown:
            title, result = kept_words(kept)
            buttons = "".join(
                f'<button type="button" data-act="{act}" data-id="{escape(kept.match_id)}">{label}</button>'
                for act, label in _ACTIONS
                if act != "review" or is_reviewable(kept.variant)
            )
            items.append(
                f'<li><div class="history-title">{escape(title)}</div>'
                f'<div class="history-result">{escape(result)}</div>'
                f'<div class="history-actions" role="group" aria-label="{escape(title)}">{buttons}</div></li>'
            )
        self.page.el("history-list").innerHTML = "".join(items)

    def _fill_ratings(self) -> None:
        """A card per family rated: its sentence, a chart canvas, and the figures as a table."""
        section = self.page.el("history-ratings")
        ratings = self.ratings
        families = (
            [family for family in ratings.points if ratings.points[family]] if ratings is not None else []
        )
        section.hidden = not families
        cards = []
        for family in families:
            assert ratings is not None
            name = escape(family.removesuffix(" games"))
            points = ratings.points[family]
            rows = "".join(
                f"<tr><td>{number}</td><td>{escape(point.day)}</td><td>{point.rating}</td></tr>"
                for number, point in enumerate(points, start=1)
            )
            cards.append(
                f'<div class="rating-card"><p>{escape(ratings.sentence(family, family_levels(family)))}</p>'
                f'<canvas class="trend" data-family="{escape(family)}" role="img" '
                f'aria-label="Your {name} rating after each rated match (the table gives the same figures)"></canvas>'
                f'<table class="sr-only"><caption>Your {name} rating</caption><tr><th scope="col">Match</th>'
                f'<th scope="col">Day</th><th scope="col">Rating</th></tr>{rows}</table></div>'
            )
        section.innerHTML = "".join(cards)

    def _draw_ratings(self) -> None:
        """Draw each family's chart at the size its canvas was given (once the dialog is open)."""
        if self.ratings is None:
            return
        for canvas in self.page.el("history-ratings").querySelectorAll("canvas.trend"):
            points = self.ratings.points.get(str(canvas.dataset.family), [])
            paint_trend(self.window, canvas, [float(point.rating) for point in points])

    # --- a match's buttons ------------------------------------------------------------------

    def _on_click(self, event: Any) -> None:
        button = event.target.closest("button")
        if not button or self.history is None:
            return
        act, match_id = str(button.dataset.act), str(button.dataset.id)
        kept = self.history.get(match_id)
        record = self.history.record(match_id) if kept is not None else None
        if kept is None or record is None:
            self._say("This match's record is no longer in the browser's storage.")
            return
        if act in ("replay", "review"):
            self._replay(kept, record, review=act == "review")
        elif act == "copy":
            self._copy(record)
        elif act == "download":
            name = f"dominoes-{kept.variant}-{kept.day}.txt"
            save_as_file(self.window, record, name)
            self._say(f"Record saved as {name}.")

    def _replay(self, kept: Kept, record: str, review: bool) -> None:
        try:
            replay = replay_of_text(record)
        except EngineError:
            self._say("This match's record cannot be read any more, so it cannot be replayed.")
            return
        self._replaying = (kept, replay)
        self.page.el("history-dialog").close()
        if self.page.el("game-dialog").open:
            self.page.el("game-dialog").close()
        self._open_replay(replay)
        if review:
            self._start_review(0)

    def count_review(self, book: ReviewBook, review: MatchReview) -> None:
        """Keep the accuracy of a review of the person's seat in a match replayed from here,
        with the match in the history and in the statistics (each hand once)."""
        if self._replaying is None or self.history is None:
            return
        kept, replay = self._replaying
        if book.replay is not replay or book.seat != 0 or kept.outcome == "shared":
            return
        for hand in review.hands:
            decisions, sound = hand.tally
            self.history.count_review(kept.match_id, hand.hand_index + 1, decisions, sound)
            if self.stats is not None:
                self.stats.count_review(kept.match_id, kept.variant, hand.hand_index + 1, decisions, sound)

    def _copy(self, record: str) -> None:
        async def write() -> None:
            copied = await copy_text(self.window, record)
            self._say("Record copied." if copied else "Copying is not allowed here: use Download instead.")

        task = asyncio.ensure_future(write())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _say(self, text: str) -> None:
        self.page.el("history-said").textContent = text
