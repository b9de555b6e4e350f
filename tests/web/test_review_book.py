"""The review's page model (web.review.book) and chart geometry (web.review.chart): what the replay
viewer shows of a review, from a recorded hand with a known mistake."""

from __future__ import annotations

import pytest

from engine.line.actions import Play
from engine.line.ai import think_through
from engine.line.notation import write_record
from engine.line.selfplay import bot_match
from tests.helpers.boxes import cut_off
from web.painter import Painter, SpriteBook
from web.replay.model import Replay
from web.review.book import MARKS, ReviewBook
from web.review.chart import HIT_PX, LEFT, chart_dots, dot_at, draw_chart


@pytest.fixture(scope="module")
def book() -> ReviewBook:
    """Seat 0 (playing at random) reviewed in the first two hands of a partnership match."""
    match = bot_match("partnership-block", 4, 25, ["random", "medium", "medium", "medium"], max_hands=2)
    reviewed = ReviewBook(Replay.of_text(write_record(match)), 0)
    progress: list[tuple[int, int]] = []
    think_through(reviewed.thinking([0], lambda done, total: progress.append((done, total))))
    assert progress[0][0] == 0 and progress[-1][0] == progress[-1][1] == reviewed.decisions_in(0)
    return reviewed


def test_the_costly_moves_are_marked_and_the_better_move_is_drawn_there(book: ReviewBook) -> None:
    hand = book.hands[0]
    costly = [decision for decision in hand.decisions if decision.label in MARKS]
    assert costly, "seed 25's first hand has a blunder by seat 0"
    assert book.marks(0) == {decision.move + 1: decision.label for decision in costly}
    for decision in costly:
        better = book.better_move(0, decision.move)
        assert better == decision.best and isinstance(better, Play)
        assert (
            book.better_move(0, decision.move + 1) is None
            or book.decision_at(0, decision.move + 1) is not None
        )
    sound = [decision for decision in hand.decisions if decision.sound]
    assert all(book.better_move(0, decision.move) is None for decision in sound)
    assert book.better_move(1, costly[0].move) is None, "hand 2 is not reviewed"


def test_the_table_lists_every_decision_and_the_chart_those_with_a_choice(book: ReviewBook) -> None:
    hand = book.hands[0]
    rows = book.rows(0)
    assert [row.move for row in rows] == [decision.move + 1 for decision in hand.decisions]
    for row, decision in zip(rows, hand.decisions, strict=True):
        assert row.label == decision.label and row.reason == decision.reason
        if decision.counted:
            assert row.chance == f"{round(100 * (decision.chance or 0))}%"
            assert (row.better == "") == decision.sound
        else:
            assert row.chance == "forced" and row.better == ""
    points = book.chart(0)
    assert [point.move for point in points] == [
        decision.move for decision in hand.decisions if decision.counted
    ]
    # A costly move's better move had the better chance (the figures of a good one may rank either first).
    assert all(point.best_chance > point.chance for point in points if point.label in MARKS)


def test_the_chart_places_each_decision_by_its_move_and_chance(book: ReviewBook) -> None:
    points = book.chart(0)
    moves = book.replay.moves_in(0)
    dots = chart_dots(points, moves, 400, 120)
    assert [dot.x for dot in dots] == sorted(dot.x for dot in dots) and all(
        LEFT < dot.x < 400 for dot in dots
    )
    for dot, point in zip(dots, points, strict=True):
        assert (dot.best_y < dot.y) == (point.best_chance > point.chance), "a better chance is higher up"
        assert (dot.y < 64) == (point.chance > 0.5) or abs(point.chance - 0.5) < 0.02
        assert dot_at(dots, dot.x + HIT_PX / 2) in (dot, *dots)
    assert dot_at(dots, -100) is None


@pytest.mark.parametrize(("width", "height"), [(300, 100), (400, 120), (700, 160)])
def test_the_chart_writes_every_percentage_whole(book: ReviewBook, width: float, height: float) -> None:
    """On a phone "100%" was cut to "00%": every text of the chart lies inside it."""
    painter = Painter(1.0, SpriteBook())
    draw_chart(
        painter, chart_dots(book.chart(0), book.replay.moves_in(0), width, height), width, height, None
    )
    texts = [box for box in painter.boxes if box.kind == "text"]
    assert {box.text for box in texts} >= {"0%", "50%", "100%"}
    assert cut_off(texts, width, height) == []


def test_the_summaries_and_the_note_speak_of_the_seat(book: ReviewBook) -> None:
    worst = book.hands[0].costliest
    assert worst is not None
    assert book.summary(0).startswith("Your hand 1: Accuracy ")  # seat 0 is "You" in the record
    assert f"move {worst.move + 1} ({worst.label}" in book.summary(0)
    note = book.note(0, worst.move)
    assert note is not None and note.startswith(f"Move {worst.move + 1}, You: {worst.label}, costing ")
    assert book.note(0, book.replay.moves_in(0)) is None, "no decision after the last move"
    assert book.match_summary() is None, "one hand reviewed"
    think_through(book.thinking([0, 1]))
    assert sorted(book.hands) == [0, 1]
    summary = book.match_summary()
    assert summary is not None and summary.startswith("2 hands: Accuracy ")
