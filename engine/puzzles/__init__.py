"""Puzzles made and proven by the engine: open-hand endgames solved exactly
(:mod:`engine.puzzles.solver`)."""
