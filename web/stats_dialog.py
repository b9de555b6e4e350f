"""The Statistics dialog (Game → Statistics): a card per rule set the person has played, the
current one first, with the all-time figures (:mod:`web.storage.stats`), then from the
history (:mod:`web.history_stats`) a row per opponent level (matches and hands won, points a
hand) and two small charts match by match (points a hand; the review's accuracy where hands
were reviewed), each with its figures in a table for screen readers; last, the puzzles.

:func:`stats_card_html` writes a card (pure); :class:`StatsDialog` fills and draws the
dialog, and resets the figures once asked twice."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

from web.history_stats import MatchFigure, RuleSetFigures, rule_set_figures
from web.history_words import game_name
from web.page import Page
from web.storage.history import History
from web.storage.stats import Stats, stats_lines
from web.trend_chart import paint_trend

__all__ = ["CHARTS", "StatsDialog", "stats_card_html"]

CHARTS = {
    "points": ("Points a hand, match by match", "{:.0f}"),
    "accuracy": ("Review accuracy, match by match", "{:.0f}%"),
}
"""Each chart a card may have: its title and how its values are written."""


def _chart_values(figure: str, matches: Sequence[MatchFigure]) -> list[float]:
    if figure == "points":
        return [match.points_a_hand for match in matches]
    return [100 * match.accuracy for match in matches if match.accuracy is not None]


def _one_decimal(value: float) -> str:
    return f"{value:.1f}".removesuffix(".0")


def _terms_html(lines: Sequence[tuple[str, str]]) -> str:
    terms = "".join(f"<dt>{escape(term)}</dt><dd>{escape(value)}</dd>" for term, value in lines)
    return f"<dl>{terms}</dl>"


def _levels_html(figures: RuleSetFigures) -> str:
    rows = []
    for row in figures.levels:
        per_hand = row.points_a_hand
        points = "none" if per_hand is None else f"{_one_decimal(per_hand[0])} to {_one_decimal(per_hand[1])}"
        rows.append(
            f'<tr><th scope="row">{escape(row.opponents)}</th><td>{row.matches_won} of {row.matches}</td>'
            f"<td>{row.hands_won} of {row.hands}</td><td>{points}</td></tr>"
        )
    kept = len(figures.matches)
    newest = f"your newest {kept} matches" if kept > 1 else "your newest match"
    return (
        f'<div class="sheet"><table class="level-figures"><caption>Against each level, over {newest} kept'
        '</caption><tr><th scope="col">Against</th><th scope="col">Matches won</th>'
        f'<th scope="col">Hands won</th><th scope="col">Points a hand</th></tr>{"".join(rows)}</table></div>'
    )


def _chart_html(figure: str, figures: RuleSetFigures) -> str:
    title, shown = CHARTS[figure]
    matches = figures.matches if figure == "points" else figures.reviewed
    values = _chart_values(figure, matches)
    rows = "".join(
        f"<tr><td>{number}</td><td>{escape(match.day)}</td><td>{shown.format(value)}</td></tr>"
        for number, (match, value) in enumerate(zip(matches, values, strict=True), start=1)
    )
    name = escape(figures.name)
    return (
        f'<p class="chart-title">{escape(title)}</p>'
        f'<canvas class="trend" data-variant="{escape(figures.variant)}" data-figure="{figure}" role="img" '
        f'aria-label="{escape(title)} in {name} (the table gives the same figures)"></canvas>'
        f'<table class="sr-only"><caption>{escape(title)} in {name}</caption><tr><th scope="col">Match</th>'
        f'<th scope="col">Day</th><th scope="col">{"Points a hand" if figure == "points" else "Accuracy"}</th>'
        f"</tr>{rows}</table>"
    )


def stats_card_html(
    title: str, all_time: Sequence[tuple[str, str]], figures: RuleSetFigures | None = None
) -> str:
    """A card: its title, the ``all_time`` (what, how many) figures (if any are counted: a
    dice session's are its history's only), and, where the history keeps matches of the
    rule set (``figures``), its rows per level and its charts."""
    parts = [f'<section class="stats-card"><h3>{escape(title)}</h3>']
    if figures is not None and figures.matches:
        parts.append('<p class="chart-title">All time on this device</p>')
    parts.append(_terms_html(all_time))
    if figures is not None and figures.matches:
        parts.append(_levels_html(figures))
        parts.append(_chart_html("points", figures))
        if figures.reviewed:
            parts.append(_chart_html("accuracy", figures))
    parts.append("</section>")
    return "".join(parts)


class StatsDialog:
    """The dialog's controls (ids fixed in ``index.html``) over the person's figures."""

    def __init__(
        self,
        page: Page,
        window: Any,
        stats: Stats | None,
        history: History | None,
        current_variant: Callable[[], str],
    ) -> None:
        """Wire the dialog; ``stats`` is ``None`` where none are kept (its button is hidden).
        ``current_variant`` names the rule set at the table (its card comes first)."""
        self.page = page
        self.window = window
        self.stats = stats
        self.history = history
        self._current_variant = current_variant
        self._confirm_reset = False
        self._figures: dict[str, RuleSetFigures] = {}
        el = page.el
        el("stats-btn").hidden = stats is None
        page.on(el("stats-btn"), "click", lambda _e: self.open())
        page.on(el("stats-reset-btn"), "click", lambda _e: self.reset())

    def open(self) -> None:
        """Open the dialog (over the Game dialog it is opened from)."""
        self._confirm_reset = False
        self.page.el("stats-reset-btn").textContent = "Reset statistics"
        self._fill()
        self.page.el("stats-dialog").showModal()
        self._draw()

    def reset(self) -> None:
        """Forget the statistics, once the person has pressed Reset twice: the all-time figures
        start again from zero, and the matches kept now are left out of the rest."""
        if self.stats is None:
            return
        if not self._confirm_reset:
            self._confirm_reset = True
            self.page.el("stats-reset-btn").textContent = "Press again to reset"
            return
        kept = [kept.match_id for kept in self.history.matches] if self.history is not None else []
        self.stats.reset(kept)
        self._confirm_reset = False
        self.page.el("stats-reset-btn").textContent = "Reset statistics"
        self._fill()
        self._draw()

    def _fill(self) -> None:
        stats = self.stats
        body = self.page.el("stats-body")
        if stats is None:
            body.textContent = "No hand finished yet."
            return
        matches = self.history.matches if self.history is not None else []
        self._figures = {
            figures.variant: figures for figures in rule_set_figures(matches, stats.reset_before)
        }
        current = self._current_variant()
        variants = sorted(
            set(stats.by_rule_set) | set(self._figures),
            key=lambda variant: (variant != current, game_name(variant)),
        )
        cards = []
        for variant in variants:
            cards.append(
                stats_card_html(
                    game_name(variant),
                    stats_lines(stats.of(variant)) if variant in stats.by_rule_set else [],
                    self._figures.get(variant),
                )
            )
        from web.storage.puzzle_book import PuzzleBook  # (read only here: the boot needs none of it)

        puzzles = PuzzleBook(stats.storage)
        if puzzles.attempts:
            cards.append(stats_card_html("Puzzles", puzzles.lines()))
        if cards:
            body.innerHTML = "".join(cards)
        else:
            body.textContent = "No hand finished yet."

    def _draw(self) -> None:
        """Draw each chart at the size its canvas was given (once the dialog is open)."""
        for canvas in self.page.el("stats-body").querySelectorAll("canvas.trend"):
            figures = self._figures.get(str(canvas.dataset.variant))
            if figures is None:
                continue
            figure = str(canvas.dataset.figure)
            matches = figures.matches if figure == "points" else figures.reviewed
            paint_trend(self.window, canvas, _chart_values(figure, matches), CHARTS[figure][1])
