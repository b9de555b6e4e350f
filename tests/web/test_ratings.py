"""The person's rating per family against the computer levels: Glicko-2 as the puzzle rating,
moving up after a win and down after a loss, once a match, explained in one sentence."""

from __future__ import annotations

import json

import pytest

from engine.rating import Rating, rate
from tests.helpers.storage import BlockedStorage, DictStorage
from web.storage.ratings import (
    LEVEL_DEVIATION,
    MAX_POINTS,
    PERSON_START,
    RATINGS_KEY,
    Ratings,
    odds_words,
)


def test_a_match_moves_the_rating_as_glicko2_says_against_each_opposing_level() -> None:
    ratings = Ratings(DictStorage())
    moved = ratings.count_match("m1", "Block games", "2026-11-28", [(1600, 1.0), (1400, 0.0), (1500, 0.5)])
    expected = rate(
        PERSON_START,
        [
            (Rating(1600.0, LEVEL_DEVIATION), 1.0),
            (Rating(1400.0, LEVEL_DEVIATION), 0.0),
            (Rating(1500.0, LEVEL_DEVIATION), 0.5),
        ],
    )
    assert moved == (1500, round(expected.rating))
    assert ratings.of("Block games") == expected


@pytest.mark.parametrize(("score", "direction"), [(1.0, 1), (0.0, -1)])
def test_a_win_raises_the_rating_and_a_loss_lowers_it(score: float, direction: int) -> None:
    ratings = Ratings(None)
    before, after = ratings.count_match("m", "Draw games", "2026-11-28", [(1500, score)]) or (0, 0)
    assert (after - before) * direction > 0
    assert ratings.of("Draw games").deviation < PERSON_START.deviation


def test_beating_a_stronger_level_gains_more_than_beating_a_weaker_one() -> None:
    strong, weak = Ratings(None), Ratings(None)
    gained_strong = strong.count_match("a", "Draw games", "2026-11-28", [(1800, 1.0)])
    gained_weak = weak.count_match("a", "Draw games", "2026-11-28", [(1200, 1.0)])
    assert gained_strong is not None and gained_weak is not None
    assert gained_strong[1] - gained_strong[0] > gained_weak[1] - gained_weak[0] > 0


def test_a_match_is_rated_once_and_families_are_apart() -> None:
    storage = DictStorage()
    ratings = Ratings(storage)
    assert ratings.count_match("m1", "Block games", "2026-11-28", [(1500, 1.0)]) is not None
    assert ratings.count_match("m1", "Block games", "2026-11-28", [(1500, 1.0)]) is None
    again = Ratings(storage)
    assert again.count_match("m1", "Block games", "2026-11-28", [(1500, 1.0)]) is None
    assert again.of("Block games").rating == pytest.approx(ratings.of("Block games").rating, abs=0.01)
    assert again.of("Draw games") == PERSON_START
    assert [point.rating for point in again.points["Block games"]] == [
        round(ratings.of("Block games").rating)
    ]
    assert ratings.count_match("m2", "Block games", "2026-11-28", []) is None


def test_the_sentence_names_the_nearest_level_and_the_odds_against_it() -> None:
    ratings = Ratings(None)
    levels = [("Easy", 1100), ("Medium", 1350), ("Hard", 1490), ("Expert", 1700)]
    said = ratings.sentence("Block games", levels)
    assert said == (
        "Your Block rating is 1500 (a starting guess until you finish a match): "
        "you win about half of your matches against Hard."
    )
    for number in range(6):
        ratings.count_match(f"m{number}", "Block games", "2026-11-28", [(1700, 1.0)])
    assert ratings.sentence("Block games", levels).startswith(
        f"Your Block rating is {round(ratings.of('Block games').rating)}: "
    )
    assert ratings.sentence("Block games", []).endswith(".")


@pytest.mark.parametrize(
    ("chance", "words"),
    [(0.05, "hardly any"), (0.5, "about half"), (0.66, "about 2 in 3"), (0.97, "nearly all")],
)
def test_odds_in_words(chance: float, words: str) -> None:
    assert odds_words(chance) == words


def test_the_history_of_points_is_bounded() -> None:
    ratings = Ratings(DictStorage())
    for number in range(MAX_POINTS + 5):
        ratings.count_match(f"m{number}", "Scoring games", "2026-11-28", [(1500, float(number % 2))])
    assert len(ratings.points["Scoring games"]) == MAX_POINTS


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{",
        "[]",
        json.dumps({"families": {"Block games": {"rating": [1e400, 1, 1]}}}),
        json.dumps({"families": {"Block games": {"rating": [1500, 900, 0.06]}}}),
        json.dumps({"families": {"<b>": {"rating": [1500, 90, 0.06]}}}),
        json.dumps({"families": {"Block games": {"rating": [1500, 90, 0.06], "points": [["x", 1], 5]}}}),
        json.dumps({"counted": [1, None, "m1"]}),
    ],
)
def test_damaged_ratings_read_as_nothing_or_what_is_sane(text: str) -> None:
    storage = DictStorage()
    storage.data[RATINGS_KEY] = text
    ratings = Ratings(storage)
    assert set(ratings.by_family) <= {"Block games"}
    assert all(point.day != "x" for points in ratings.points.values() for point in points)
    ratings.count_match("m2", "Block games", "2026-11-28", [(1500, 1.0)])


def test_blocked_storage_keeps_the_ratings_for_the_visit() -> None:
    ratings = Ratings(BlockedStorage())
    assert ratings.count_match("m1", "Block games", "2026-11-28", [(1500, 1.0)]) is not None
    assert ratings.of("Block games") != PERSON_START
