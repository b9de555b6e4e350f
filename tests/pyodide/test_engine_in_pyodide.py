"""The engine in the real Pyodide gives the very same games as on CPython: the bot-match
records below, and every golden playthrough (every variant and notable option)."""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest

from engine.line.notation import write_record
from engine.line.selfplay import bot_match, play_bot_match
from tests.helpers.golden import CASES as GOLDEN
from tests.helpers.golden import FOLDER as GOLDEN_DIR
from tests.helpers.golden import SEED as GOLDEN_SEED
from tests.helpers.golden import levels as golden_levels

pytestmark = pytest.mark.pyodide

#: (variant, players, seed, bot levels): every variant and table size the engine offers.
CASES: list[tuple[str, int, int, list[str]]] = [
    ("draw-2", 2, 1, ["greedy", "random"]),
    ("draw-2", 2, 2, ["random", "greedy"]),
    ("draw-2", 2, 3, ["greedy", "greedy"]),
    ("block", 2, 4, ["random", "random"]),
    ("block", 3, 5, ["greedy", "random", "greedy"]),
    ("block", 4, 6, ["greedy", "random", "greedy", "random"]),
    ("block", 4, 7, ["random", "random", "random", "random"]),
    ("block", 5, 8, ["greedy", "random", "random", "greedy", "random"]),
]

#: One hand each with the searching and strategy levels: their choices, made from sampled
#: deals and floating-point averages, must be the same in both runtimes.
SEARCH_CASES: list[tuple[str, int, int, list[str]]] = [
    ("partnership-block", 4, 11, ["expert", "medium", "hard", "greedy"]),
    ("draw-2", 2, 12, ["hard", "expert"]),
    ("all-fives", 3, 13, ["expert", "medium", "hard"]),
]

PYODIDE_SCRIPT = """
import json, sys
from engine.line.notation import write_record
from engine.line.selfplay import bot_match, play_bot_match, playthrough

cases = json.loads({cases!r})
records = [
    json.dumps(play_bot_match(variant, players, seed, levels), sort_keys=True)
    for variant, players, seed, levels in cases
]
search = [
    json.dumps(play_bot_match(variant, players, seed, levels, max_hands=1), sort_keys=True)
    for variant, players, seed, levels in json.loads({search!r})
]
golden = json.loads({golden!r})
texts = [playthrough(variant, players, seed, levels, options) for variant, players, seed, levels, options in golden]
notation = [
    write_record(bot_match(variant, players, seed, levels, 3, options))
    for variant, players, seed, levels, options in golden
]
print(json.dumps({{"platform": sys.platform, "version": sys.version, "records": records, "search": search, "texts": texts, "notation": notation}}))
"""

GOLDEN_RUNS = [
    (variant, players, GOLDEN_SEED, golden_levels(players), options)
    for _, variant, players, options in GOLDEN
]


def case_id(case: tuple[str, int, int, list[str]]) -> str:
    variant, players, seed, _ = case
    return f"{variant}-{players}p-seed{seed}"


@pytest.fixture(scope="module")
def pyodide_run(run_in_pyodide: Any) -> dict[str, Any]:
    """Every case played in one Pyodide process (one ~2 s boot for all)."""
    script = PYODIDE_SCRIPT.format(
        cases=json.dumps(CASES), search=json.dumps(SEARCH_CASES), golden=json.dumps(GOLDEN_RUNS)
    )
    out = run_in_pyodide(script)
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return result


def test_runs_in_real_pyodide(pyodide_run: dict[str, Any]) -> None:
    assert pyodide_run["platform"] == "emscripten"
    assert sys.platform != "emscripten"
    assert len(pyodide_run["records"]) == len(CASES)


@pytest.mark.parametrize("index", range(len(CASES)), ids=[case_id(c) for c in CASES])
def test_same_record_as_cpython(pyodide_run: dict[str, Any], index: int) -> None:
    variant, players, seed, levels = CASES[index]
    expected = json.dumps(play_bot_match(variant, players, seed, levels), sort_keys=True)
    got = pyodide_run["records"][index]
    if got != expected:
        # Point at the first hand that differs rather than dumping two long strings.
        a, b = json.loads(expected), json.loads(got)
        for number, (x, y) in enumerate(zip(a["hands"], b["hands"], strict=False)):
            assert y == x, f"hand {number} differs (CPython vs Pyodide)"
    assert got == expected
    assert json.loads(got)["hands"], "the match played no hand"


@pytest.mark.parametrize("index", range(len(GOLDEN)), ids=[case[0] for case in GOLDEN])
def test_same_golden_playthrough_as_cpython(pyodide_run: dict[str, Any], index: int) -> None:
    expected = (GOLDEN_DIR / f"{GOLDEN[index][0]}.txt").read_text(encoding="utf-8")
    assert pyodide_run["texts"][index] == expected


@pytest.mark.parametrize("index", range(len(SEARCH_CASES)), ids=[case_id(c) for c in SEARCH_CASES])
def test_the_searching_levels_choose_the_same_moves_as_on_cpython(
    pyodide_run: dict[str, Any], index: int
) -> None:
    variant, players, seed, levels = SEARCH_CASES[index]
    expected = json.dumps(play_bot_match(variant, players, seed, levels, max_hands=1), sort_keys=True)
    assert pyodide_run["search"][index] == expected


@pytest.mark.parametrize("index", range(len(GOLDEN)), ids=[case[0] for case in GOLDEN])
def test_same_notation_record_as_cpython(pyodide_run: dict[str, Any], index: int) -> None:
    """The records (docs/notation.md) of the same seeded matches are byte-identical in both runtimes."""
    variant, players, seed, levels, options = GOLDEN_RUNS[index]
    expected = write_record(bot_match(variant, players, seed, levels, 3, options))
    assert pyodide_run["notation"][index] == expected
