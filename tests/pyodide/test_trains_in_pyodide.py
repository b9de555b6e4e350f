"""The train family in the real Pyodide gives the very same games as on CPython: every golden
playthrough of Mexican Train and Chicken Foot (every level, the Expert's sampled worlds and
floating-point averages included)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.helpers.golden import FOLDER, SEED, TRAIN_CASES, train_levels

pytestmark = pytest.mark.pyodide

PYODIDE_SCRIPT = """
import json
from engine.trains.selfplay import train_playthrough

cases = json.loads({cases!r})
print(json.dumps([train_playthrough(variant, players, seed, levels, options) for variant, players, seed, levels, options in cases]))
"""

RUNS = [
    (variant, players, SEED, train_levels(players), options) for _, variant, players, options in TRAIN_CASES
]


@pytest.fixture(scope="module")
def texts(run_in_pyodide: Any) -> list[str]:
    """Every case played in one Pyodide process."""
    out = run_in_pyodide(PYODIDE_SCRIPT.format(cases=json.dumps(RUNS)))
    result: list[str] = json.loads(out.strip().splitlines()[-1])
    return result


@pytest.mark.parametrize("index", range(len(TRAIN_CASES)), ids=[case[0] for case in TRAIN_CASES])
def test_same_train_playthrough_as_cpython(texts: list[str], index: int) -> None:
    assert texts[index] == (FOLDER / f"{TRAIN_CASES[index][0]}.txt").read_text(encoding="utf-8")
