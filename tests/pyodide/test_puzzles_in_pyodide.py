"""Puzzles in the real Pyodide: a sample of the shipped set proves there too, and the solver
gives every move of their positions the same value as on CPython."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.line.ai.fast import FastHand
from engine.line.notation.position import read_position
from engine.puzzles.puzzle import write_puzzles
from engine.puzzles.shipped import load_puzzles
from engine.puzzles.solver import move_values

pytestmark = pytest.mark.pyodide

SAMPLE_EVERY = 25
"""Every 25th shipped puzzle (about forty, from every rule set)."""

SCRIPT = """
import json
from engine.line.ai.fast import FastHand
from engine.line.notation.position import read_position
from engine.puzzles.proof import prove_puzzle
from engine.puzzles.puzzle import read_puzzles
from engine.puzzles.solver import move_values

puzzles = read_puzzles({text!r})
values = {{}}
for puzzle in puzzles:
    prove_puzzle(puzzle)
    fast = FastHand.from_hand(read_position(puzzle.position).hand())
    values[puzzle.id] = {{str(move): [v.result, v.margin] for move, v in move_values(fast).items()}}
print(json.dumps(values))
"""


def sample() -> list[Any]:
    return load_puzzles()[::SAMPLE_EVERY]


def test_a_sample_of_the_shipped_puzzles_proves_in_pyodide_with_the_same_values(run_in_pyodide: Any) -> None:
    puzzles = sample()
    assert len({puzzle.variant for puzzle in puzzles}) >= 8
    out = run_in_pyodide(SCRIPT.format(text=write_puzzles(puzzles)))
    got = json.loads(out.strip().splitlines()[-1])
    for puzzle in puzzles:
        fast = FastHand.from_hand(read_position(puzzle.position).hand())
        expected = {str(move): [v.result, v.margin] for move, v in move_values(fast).items()}
        assert got[puzzle.id] == expected, puzzle.id
