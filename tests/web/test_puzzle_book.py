"""The person's puzzles on the device (web/storage/puzzle_book.py): a first attempt moves the
person's rating and the puzzle's the other way, a later one is practice and moves nothing,
the streak and the bounded history, what survives a reload, and storage that is missing,
blocked, full or holds anything at all never breaks the table."""

from __future__ import annotations

import json
import math
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.puzzles.puzzle import Puzzle
from engine.puzzles.shipped import load_puzzles
from tests.helpers.storage import BlockedStorage, DictStorage
from web.storage.puzzle_book import MAX_ATTEMPTS, PLAYER_START, PUZZLES_KEY, Attempt, PuzzleBook

DAY = "2026-11-28"
BASE = load_puzzles()[0]


def puzzle(number: int, rating: int = 1500) -> Puzzle:
    """A puzzle of its own id (``t-0001``...), rated ``rating``."""
    return replace(BASE, id=f"t-{number:04d}", rating=rating)


def stored(data: object) -> DictStorage:
    """A storage holding ``data`` as JSON under the puzzles' key."""
    storage = DictStorage()
    storage.data[PUZZLES_KEY] = json.dumps(data)
    return storage


def assert_sane(book: PuzzleBook) -> None:
    """Whatever was read, the figures are ones the page can show and rate with."""
    rating = book.rating
    assert math.isfinite(rating.rating) and 0 < rating.rating < 10_000
    assert math.isfinite(rating.deviation) and 0 < rating.deviation <= 350
    assert math.isfinite(rating.volatility) and 0 < rating.volatility < 10
    assert type(book.streak) is int and type(book.best_streak) is int
    assert 0 <= book.streak <= book.best_streak < 10**6
    assert len(book.attempts) <= MAX_ATTEMPTS
    for attempt in book.attempts:
        assert isinstance(attempt.puzzle_id, str) and len(attempt.puzzle_id) <= 40
        assert isinstance(attempt.day, str) and len(attempt.day) == 10
        assert type(attempt.solved) is bool
        assert type(attempt.before) is int and 0 < attempt.before < 10_000
        assert type(attempt.after) is int and 0 < attempt.after < 10_000
    for puzzle_id, value in book.ratings_by_id().items():
        assert isinstance(puzzle_id, str) and len(puzzle_id) <= 40
        assert math.isfinite(value) and 0 < value < 10_000
    assert book.summary().startswith("Your puzzle rating: ")


# --- a first attempt is rated ---------------------------------------------------------------------


def test_a_solved_first_attempt_moves_the_rating_up_and_the_puzzles_down() -> None:
    storage = DictStorage()
    book = PuzzleBook(storage)
    first = puzzle(1)
    attempt = book.count(first, True, DAY)
    assert attempt is not None
    assert (attempt.puzzle_id, attempt.day, attempt.solved, attempt.before) == ("t-0001", DAY, True, 1500)
    assert attempt.after == round(book.rating.rating) and attempt.after > 1500
    assert attempt.change == attempt.after - 1500 > 0
    assert book.rating.deviation < PLAYER_START.deviation  # surer of the person now
    assert book.puzzle_rating(first).rating < first.rating  # the puzzle proved easier
    assert book.ratings_by_id() == {"t-0001": book.puzzle_rating(first).rating}
    assert (book.streak, book.best_streak, book.solved) == (1, 1, 1)
    assert book.attempts == [attempt] and book.tried() == {"t-0001"}
    assert PUZZLES_KEY in storage.data


def test_a_failed_first_attempt_moves_the_rating_down_and_the_puzzles_up() -> None:
    book = PuzzleBook(DictStorage())
    book.count(puzzle(1), True, DAY)
    book.count(puzzle(2), True, DAY)
    hard = puzzle(3, 1800)
    before = book.rating.rating
    attempt = book.count(hard, False, DAY)
    assert attempt is not None and not attempt.solved
    assert book.rating.rating < before and attempt.change < 0
    assert book.puzzle_rating(hard).rating > 1800
    assert (book.streak, book.best_streak, book.solved) == (0, 2, 2)


def test_a_surprise_moves_the_rating_further() -> None:
    easy, hard = puzzle(1, 1000), puzzle(2, 2200)
    missed_easy, solved_hard = PuzzleBook(None), PuzzleBook(None)
    lost = missed_easy.count(easy, False, DAY)
    won = solved_hard.count(hard, True, DAY)
    assert lost is not None and won is not None
    assert lost.change < 0 < won.change
    expected_loss = PuzzleBook(None).count(puzzle(3, 2200), False, DAY)
    assert expected_loss is not None and abs(lost.change) > abs(expected_loss.change)


def test_a_second_attempt_is_practice_and_changes_nothing() -> None:
    storage = DictStorage()
    book = PuzzleBook(storage)
    first = puzzle(1)
    assert book.count(first, False, DAY) is not None
    kept = (book.rating, book.puzzle_rating(first), book.streak, book.best_streak, list(book.attempts))
    text = storage.data[PUZZLES_KEY]
    assert book.count(first, True, "2026-11-29") is None
    assert book.count(first, False, DAY) is None
    assert (book.rating, book.puzzle_rating(first), book.streak, book.best_streak, book.attempts) == kept
    assert storage.data[PUZZLES_KEY] == text


def test_an_untried_puzzle_has_its_shipped_rating() -> None:
    book = PuzzleBook(None)
    assert book.puzzle_rating(puzzle(1, 1234)).rating == 1234.0
    assert book.ratings_by_id() == {} and book.tried() == set()


def test_the_streak_and_the_best_streak() -> None:
    book = PuzzleBook(None)
    for number, solved in enumerate([True, True, True, False, True], 1):
        book.count(puzzle(number), solved, DAY)
    assert (book.streak, book.best_streak, book.solved, len(book.attempts)) == (1, 3, 4, 5)


def test_the_attempt_on_a_day() -> None:
    book = PuzzleBook(None)
    book.count(puzzle(1), True, DAY)
    book.count(puzzle(2), False, "2026-11-29")
    found = book.attempt_on("t-0002", "2026-11-29")
    assert found is not None and not found.solved
    assert book.attempt_on("t-0002", DAY) is None and book.attempt_on("t-0009", DAY) is None


# --- words ------------------------------------------------------------------------------------------


def test_the_summary_before_any_puzzle() -> None:
    assert PuzzleBook(None).summary() == "Your puzzle rating: 1500, until you solve or miss a first puzzle."


def test_the_summary_says_rating_count_and_streaks() -> None:
    book = PuzzleBook(None)
    for number, solved in enumerate([True, True, False, True], 1):
        book.count(puzzle(number), solved, DAY)
    rating = round(book.rating.rating)
    assert book.summary() == (
        f"Your puzzle rating: {rating} (still settling). Solved 3 of 4; 1 in a row, your best 2."
    )


def test_a_settled_rating_is_said_plainly() -> None:
    book = PuzzleBook(
        stored(
            {
                "rating": [1620.4, 80.0, 0.06],
                "streak": 2,
                "best_streak": 2,
                "attempts": [["t-0001", DAY, 1, 1600, 1610], ["t-0002", DAY, 1, 1610, 1620]],
            }
        )
    )
    assert book.summary() == "Your puzzle rating: 1620. Solved 2 of 2; 2 in a row."


# --- storage ---------------------------------------------------------------------------------------


def test_everything_survives_a_reload() -> None:
    storage = DictStorage()
    book = PuzzleBook(storage)
    for number, solved in enumerate([True, False, True, True], 1):
        book.count(puzzle(number, 1300 + 100 * number), solved, DAY)
    again = PuzzleBook(storage)
    assert abs(again.rating.rating - book.rating.rating) <= 0.005
    assert abs(again.rating.deviation - book.rating.deviation) <= 0.005
    assert (again.streak, again.best_streak, again.attempts) == (2, 2, book.attempts)
    assert again.tried() == book.tried()
    for number in range(1, 5):
        assert (
            abs(again.puzzle_rating(puzzle(number)).rating - book.puzzle_rating(puzzle(number)).rating)
            <= 0.005
        )
    assert again.count(puzzle(1), False, DAY) is None  # still tried after the reload


def test_the_history_keeps_the_newest_attempts() -> None:
    book = PuzzleBook(None)
    for number in range(MAX_ATTEMPTS + 3):
        book.count(puzzle(number), number % 2 == 0, DAY)
    assert len(book.attempts) == MAX_ATTEMPTS
    assert (
        book.attempts[0].puzzle_id == "t-0003" and book.attempts[-1].puzzle_id == f"t-{MAX_ATTEMPTS + 2:04d}"
    )
    assert book.count(puzzle(0), True, DAY) is None  # forgotten from the history, still rated


def test_a_long_stored_history_is_cut_to_the_newest() -> None:
    attempts = [[f"t-{n:04d}", DAY, n % 2, 1500, 1501] for n in range(MAX_ATTEMPTS + 50)]
    book = PuzzleBook(stored({"attempts": attempts}))
    assert len(book.attempts) == MAX_ATTEMPTS
    assert book.attempts[0].puzzle_id == "t-0050"
    assert book.attempts[-1] == Attempt(f"t-{MAX_ATTEMPTS + 49:04d}", DAY, True, 1500, 1501)


def test_without_storage_the_book_keeps_the_visit_in_memory() -> None:
    book = PuzzleBook(None)
    assert book.count(puzzle(1), True, DAY) is not None
    assert book.rating.rating > 1500 and book.tried() == {"t-0001"}


def test_blocked_storage_never_raises() -> None:
    book = PuzzleBook(BlockedStorage())
    assert book.rating == PLAYER_START and book.attempts == []
    attempt = book.count(puzzle(1), True, DAY)
    assert attempt is not None and book.rating.rating > 1500  # kept for the visit
    assert book.count(puzzle(1), True, DAY) is None


def test_full_storage_keeps_the_figures_for_the_visit() -> None:
    storage = DictStorage(quota=10)
    book = PuzzleBook(storage)
    assert book.count(puzzle(1), False, DAY) is not None
    assert storage.data == {} and book.rating.rating < 1500


def test_damaged_text_reads_as_nothing_kept() -> None:
    for text in ("", "not json", "[]", "null", "3", '"x"', '{"rating": "1600"}', "{" * 5000):
        storage = DictStorage()
        storage.data[PUZZLES_KEY] = text
        book = PuzzleBook(storage)
        assert book.rating == PLAYER_START and book.attempts == [] and book.streak == 0, text


def test_a_huge_text_is_not_read() -> None:
    data = {"rating": [1700.0, 90.0, 0.06], "streak": 3}
    storage = DictStorage()
    storage.data[PUZZLES_KEY] = json.dumps(data) + " " * 400_000
    assert PuzzleBook(storage).rating == PLAYER_START
    assert PuzzleBook(stored(data)).rating.rating == 1700.0  # the same figures, short, are read


def test_out_of_range_figures_are_left_out_one_by_one() -> None:
    book = PuzzleBook(
        stored(
            {
                "rating": [1500, 0, 0.06],  # no deviation
                "puzzles": {"ok": [1400, 100, 0.06], "bad": [12000, 100, 0.06], "x" * 41: [1400, 100, 0.06]},
                "streak": -1,
                "best_streak": 4,
                "attempts": [
                    ["ok", DAY, 1, 1500, 1510],
                    ["bad-day", "28-11-26", 1, 1500, 1510],
                    ["bad-solved", DAY, 2, 1500, 1510],
                    ["bad-rating", DAY, 0, 1500, 10_000],
                    ["bool-rating", DAY, 0, True, 1510],
                    ["short", DAY, 0, 1500],
                ],
            }
        )
    )
    assert book.rating == PLAYER_START
    assert book.ratings_by_id() == {"ok": 1400.0}
    assert (book.streak, book.best_streak) == (0, 4)
    assert [attempt.puzzle_id for attempt in book.attempts] == ["ok"]


# --- anything at all under the key -----------------------------------------------------------------

NUMBERS = st.one_of(
    st.integers(min_value=-(10**400), max_value=10**400),
    st.floats(),
    st.booleans(),
    st.sampled_from([0, 1, -1, 350, 350.001, 4999.99, 5000, 1e308, 0.999, 1500, 10**6]),
)
JSON = st.recursive(
    st.none() | NUMBERS | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=15,
)
SANE_RATING = st.tuples(
    st.floats(min_value=1, max_value=4999), st.floats(min_value=1, max_value=350), st.floats(0.001, 0.999)
).map(list)
RATINGS = st.one_of(
    SANE_RATING, st.lists(NUMBERS, max_size=5), st.tuples(NUMBERS, NUMBERS, NUMBERS).map(list), JSON
)
ATTEMPTS = st.one_of(
    st.tuples(
        st.text(max_size=45),
        st.sampled_from([DAY, "2026-11-2", "2026-11-289"]) | st.text(min_size=10, max_size=10),
        NUMBERS,
        NUMBERS,
        NUMBERS,
    ).map(list),
    st.tuples(
        st.just("t-0001"), st.just(DAY), st.sampled_from([0, 1]), st.integers(1, 4999), st.integers(1, 4999)
    ).map(list),
    st.lists(JSON, max_size=7),
    JSON,
)
BOOKS = st.fixed_dictionaries(
    {},
    optional={
        "rating": RATINGS,
        "puzzles": st.dictionaries(st.text(max_size=45), RATINGS, max_size=6) | JSON,
        "streak": NUMBERS | JSON,
        "best_streak": NUMBERS | JSON,
        "attempts": st.lists(ATTEMPTS, max_size=8) | JSON,
    },
)
TEXTS = st.one_of(BOOKS.map(json.dumps), JSON.map(json.dumps), st.text(max_size=60))


@settings(max_examples=300, deadline=None)
@given(TEXTS)
def test_any_stored_text_reads_sanely_and_counts_on(text: str) -> None:
    storage = DictStorage()
    storage.data[PUZZLES_KEY] = text
    book = PuzzleBook(storage)
    assert_sane(book)
    attempt = book.count(replace(BASE, id="fresh-0001"), True, DAY)
    assert attempt is not None and attempt.solved and book.attempts[-1] == attempt
    assert math.isfinite(book.rating.rating) and book.streak >= 1
    again = PuzzleBook(storage)  # what was written reads again
    assert_sane(again)
    assert again.count(replace(BASE, id="fresh-0002"), False, DAY) is not None


@settings(max_examples=100, deadline=None)
@given(SANE_RATING, st.integers(0, 10**6 - 1))
def test_sane_stored_figures_are_read_as_they_are(rating: list[float], streak: int) -> None:
    book = PuzzleBook(stored({"rating": rating, "streak": streak, "best_streak": streak}))
    assert (book.rating.rating, book.rating.deviation, book.rating.volatility) == tuple(rating)
    assert book.streak == book.best_streak == streak


def test_the_statistics_lines_say_the_rating_and_the_runs() -> None:
    book = PuzzleBook(DictStorage())
    for number, solved in enumerate((True, True, False)):
        book.count(puzzle(number), solved, DAY)
    lines = dict(book.lines())
    low, high = (round(bound) for bound in book.rating.interval())
    assert lines["Puzzle rating"] == f"{round(book.rating.rating)} (most likely {low} to {high})"
    assert lines["Solved at the first try"] == "2 of 3"
    assert lines["Solved in a row"] == "your best is 2; now 0"
