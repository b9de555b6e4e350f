"""The history's matches in a player's words, and the History screen's filter choices."""

from __future__ import annotations

from engine.line.ai.strength import LEVEL_RATINGS
from web.history_words import family_levels, kept_words, level_choices, variant_choices
from web.storage.history import Kept


def kept(**changes: object) -> Kept:
    values: dict[str, object] = {
        "match_id": "m",
        "day": "2026-11-05",
        "variant": "fives-and-threes",
        "players": 3,
        "levels": ("greedy", "medium"),
        "outcome": "won",
        "scores": (121, 60, 80),
        "side": 0,
        "hands": 9,
        "hands_won": 5,
        "points_for": 121,
        "points_against": 140,
    }
    return Kept(**{**values, **changes})  # type: ignore[arg-type]


def test_a_kept_match_in_two_lines() -> None:
    title, result = kept_words(kept(reviews=((1, 10, 8),)))
    assert title == "Fives and Threes · 3 players · against Easy and Medium · 5\u00a0Nov\u00a02026"
    assert result == "Won 121-80-60 · 5 of 9 hands won · review accuracy 80%"


def test_the_person_s_score_comes_first_and_shared_matches_say_so() -> None:
    title, result = kept_words(
        kept(players=2, levels=("human",), outcome="shared", scores=(40, 100), side=1, hands=1, hands_won=1)
    )
    assert "pass and play" in title and "against" not in title
    assert result == "Pass and play 100-40 · 1 of 1 hand won"


def test_the_filters_offer_what_was_played_the_levels_weakest_first() -> None:
    matches = [kept(), kept(variant="block", levels=("expert", "random", "human"))]
    assert variant_choices(matches) == [("block", "Block Dominoes"), ("fives-and-threes", "Fives and Threes")]
    assert [level for level, _ in level_choices(matches)] == ["random", "greedy", "medium", "expert"]


def test_a_familys_levels_come_with_their_measured_ratings() -> None:
    assert family_levels("Block games") == [
        (name, LEVEL_RATINGS["Block games"][level])
        for level, name in (
            ("random", "Beginner"),
            ("greedy", "Easy"),
            ("medium", "Medium"),
            ("hard", "Hard"),
            ("expert", "Expert"),
        )
    ]
    assert [rating for _, rating in family_levels("Caribbean games")] == list(
        LEVEL_RATINGS["Caribbean games"].values()
    )
    assert family_levels("Dice games") == [], "Dice and Dominoes is not rated"
