"""The puzzle set that ships with the table: where it is, what its file says of itself, and
reading it (also where the engine is imported from a zip, as the page does)."""

from __future__ import annotations

from pathlib import Path

from engine.puzzles.generate import (
    HIDDEN_FIRST_SEED,
    HIDDEN_PER_GAME,
    LEVEL_PAIRS,
    MAX_SEEDS,
    OPEN_GAMES,
    PER_GAME,
)
from engine.puzzles.hidden_hand import AGREEMENT
from engine.puzzles.open_hand import MIN_COST
from engine.puzzles.puzzle import Puzzle, read_puzzles

__all__ = ["PUZZLES_FILE", "file_comments", "load_puzzles"]

PUZZLES_FILE = Path(__file__).with_name("puzzles.txt")
"""The shipped puzzles, written by ``python -m engine.puzzles generate``."""


def file_comments() -> list[str]:
    """The comment lines at the head of the puzzle file: what made it and how to read it."""
    games = ", ".join(f"{variant} ({players} players)" for variant, players in OPEN_GAMES)
    levels = ", ".join(f"{a} against {b}" for a, b in LEVEL_PAIRS)
    return [
        "Dominoes puzzles, written by `python -m engine.puzzles generate`; proved again by",
        "`python -m engine.puzzles check`. Do not edit by hand: change the generator and run it.",
        f"Open-hand puzzles of {games}: up to {PER_GAME} each, from the first hands of matches",
        f"seeded 1 to at most {MAX_SEEDS}, played by computer players ({levels}, by seed in turn).",
        f"Each answer is the only best move; any other loses the outcome or {MIN_COST}+ points.",
        f"Then hidden-hand puzzles of the two-player ones: up to {HIDDEN_PER_GAME} each, seeds from",
        f"{HIDDEN_FIRST_SEED}; each answer best on average and in {AGREEMENT:.0%}+ of the deals the seat cannot tell apart.",
        "A line: id kind theme seat rating proof | position | moves [| what the seat has seen]",
        "(see docs/puzzles.md).",
    ]


def load_puzzles() -> list[Puzzle]:
    """The shipped puzzles, in file order."""
    get_data = getattr(globals().get("__loader__"), "get_data", None)
    data = get_data(str(PUZZLES_FILE)) if get_data is not None else PUZZLES_FILE.read_bytes()
    return read_puzzles(data.decode("utf-8"))
