"""A hand review in the real Pyodide says what it says on CPython: the same records, read
there from their text, get the same labels, losses, chances and reasons (the review's
search is seeded from the hand's and the move's numbers only, and its budget counts work,
never time). One hand of a 4-player partnership block game, one of a 2-player all-fives
game (losses in chances, then in points) and one of `draw-2` whose endgame the review solves
exactly (`engine.line.ai.endgame`)."""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest

from engine.line.ai import think_through
from engine.line.ai.review import MatchReview, review_match
from engine.line.notation import read_record, write_record
from engine.line.selfplay import bot_match

pytestmark = pytest.mark.pyodide

#: (variant, players, seed, bot levels, seat reviewed): one hand each, with every kind of label
#: between them (forced moves, best, good, inaccuracies, a mistake or blunder).
CASES: list[tuple[str, int, int, list[str], int]] = [
    ("partnership-block", 4, 14, ["random", "greedy", "medium", "greedy"], 0),
    ("all-fives", 2, 12, ["random", "greedy"], 0),
    ("draw-2", 2, 30026, ["medium", "medium"], 1),
]

PYODIDE_SCRIPT = """
import json, sys
from engine.line.ai import think_through
from engine.line.ai.review import review_match
from engine.line.notation import read_record

reviews = [
    [decision.data() for decision in think_through(review_match(read_record(text), seat)).decisions]
    for text, seat in json.loads({cases!r})
]
print(json.dumps({{"platform": sys.platform, "reviews": reviews}}))
"""


def record(case: tuple[str, int, int, list[str], int]) -> str:
    variant, players, seed, levels, _ = case
    return write_record(bot_match(variant, players, seed, levels, max_hands=1))


def described(review: MatchReview) -> list[dict[str, Any]]:
    """The review as the Pyodide script prints it."""
    return [decision.data() for decision in review.decisions]


def case_id(case: tuple[str, int, int, list[str], int]) -> str:
    variant, players, seed, _, seat = case
    return f"{variant}-{players}p-seed{seed}-seat{seat}"


@pytest.fixture(scope="module")
def pyodide_reviews(run_in_pyodide: Any) -> dict[str, Any]:
    """Both records reviewed in one Pyodide process (one boot)."""
    cases = [(record(case), case[4]) for case in CASES]
    out = run_in_pyodide(PYODIDE_SCRIPT.format(cases=json.dumps(cases)))
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return result


def test_the_review_ran_in_real_pyodide(pyodide_reviews: dict[str, Any]) -> None:
    assert pyodide_reviews["platform"] == "emscripten"
    assert sys.platform != "emscripten"
    assert len(pyodide_reviews["reviews"]) == len(CASES)


@pytest.mark.parametrize("index", range(len(CASES)), ids=[case_id(case) for case in CASES])
def test_the_same_review_as_on_cpython(pyodide_reviews: dict[str, Any], index: int) -> None:
    case = CASES[index]
    expected = described(think_through(review_match(read_record(record(case)), case[4])))
    got = pyodide_reviews["reviews"][index]
    labels = {decision["label"] for decision in expected}
    assert "forced" in labels and labels - {"forced", "best", "good"}, "a hand with real choices and costs"
    assert len(got) == len(expected)
    for mine, theirs in zip(expected, got, strict=True):
        where = f"move {mine['move'] + 1}"
        for key in ("move", "played", "best", "label", "worlds", "reason"):
            assert theirs[key] == mine[key], f"{where}: {key} differs (CPython vs Pyodide)"
        assert theirs["loss"] == pytest.approx(mine["loss"], abs=1e-9), f"{where}: loss differs"
        for figures in ("chances", "margins"):
            assert theirs[figures].keys() == mine[figures].keys(), f"{where}: other moves searched"
            for move, value in mine[figures].items():
                assert theirs[figures][move] == pytest.approx(value, abs=1e-9), (
                    f"{where}: {figures} of {move}"
                )
