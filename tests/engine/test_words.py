"""Sentences about a game: verbs agree with their subject, possessives, lists."""

from __future__ import annotations

import pytest

from engine.words import agree, and_list, possessive


@pytest.mark.parametrize(
    ("subject", "verb", "said"),
    [
        ("West", "scores", "scores"),
        ("You", "scores", "score"),
        ("You & North", "wins", "win"),
        ("You", "passes", "pass"),
        ("West & East", "draws", "draw"),
        ("You", "is", "are"),
        ("West", "is", "is"),
        ("You & North", "has", "have"),
    ],
)
def test_a_verb_agrees_with_its_subject(subject: str, verb: str, said: str) -> None:
    assert agree(subject, verb) == said


def test_possessives_and_lists_read_as_sentences() -> None:
    assert (
        possessive("West") == "West's"
        and possessive("You") == "Your"
        and possessive("You", first=False) == "your"
    )
    assert and_list(["West"]) == "West" and and_list(["West", "East"]) == "West and East"
    assert and_list(["You", "West", "East"]) == "You, West and East"
    assert and_list([2, 3, 4], "or") == "2, 3 or 4"
