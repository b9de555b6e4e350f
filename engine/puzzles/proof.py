"""Proving any shipped puzzle again, whatever its kind."""

from __future__ import annotations

from engine.puzzles.hidden_hand import prove_hidden
from engine.puzzles.open_hand import prove
from engine.puzzles.puzzle import Puzzle
from engine.puzzles.solver import SOLVER_NODES

__all__ = ["prove_puzzle"]


def prove_puzzle(puzzle: Puzzle, budget: int = SOLVER_NODES) -> None:
    """Prove ``puzzle`` from its text (:func:`~engine.puzzles.open_hand.prove` or
    :func:`~engine.puzzles.hidden_hand.prove_hidden`); raises
    :class:`~engine.puzzles.open_hand.PuzzleRejected` if it no longer proves."""
    if puzzle.kind == "hidden":
        prove_hidden(puzzle, budget)
    else:
        prove(puzzle, budget)
