"""The golden playthroughs: which seeded bot matches are kept as text, where, and who plays them.

The files themselves stay in ``tests/golden/`` (:data:`FOLDER`), one per case, named by its first
field. ``tests/golden/test_golden.py`` compares each playthrough with its file; the Pyodide layer
plays the same cases inside Pyodide, and the notation tests check their records round-trip.
"""

from __future__ import annotations

from pathlib import Path

from engine.line.variants import VARIANTS

__all__ = ["CASES", "DICE_CASES", "FOLDER", "SEED", "TRAIN_CASES", "dice_levels", "levels", "train_levels"]

FOLDER = Path(__file__).resolve().parent.parent / "golden"
"""The folder of the golden files (``tests/golden``)."""

SEED = 2026
"""The seed of every golden match."""

CASES: list[tuple[str, str, int, dict[str, str]]] = [
    (variant.id, variant.id, variant.default_players, {}) for variant in VARIANTS.values()
] + [
    ("partnership-block-anticlockwise-partner-draw", "partnership-block", 4,
     {"direction": "anticlockwise", "partner-draw": "on"}),
    ("draw-2-overdraw", "draw-2", 2, {"overdraw": "on"}),
    ("draw-3-no-boneyard", "draw-3", 3, {"no-boneyard": "on"}),
    ("pub-block-both-out-one-point", "pub-block", 4, {"out": "both", "scoring": "one-point"}),
    ("pub-block-double-twelve", "pub-block", 4, {"set": "double-twelve"}),
    ("draw-one-per-turn-5p", "draw", 5, {"draw": "one-per-turn"}),
    ("double-nine-cross-double-twelve-3p", "double-nine-cross", 3, {"set": "double-twelve"}),
    ("jamaican-partner-sporting-playoff", "jamaican-partner", 4, {"sporting": "on", "playoff": "on"}),
    ("cut-throat-2p-boneyard", "cut-throat", 2, {"boneyard": "on"}),
    ("all-fives-manual-spinner-3p", "all-fives", 3, {"manual-scoring": "on", "spinner": "on"}),
    ("fives-and-threes-4p-one-per-turn", "fives-and-threes", 4, {"draw": "one-per-turn"}),
]  # fmt: skip
"""The line games: ``(file name, variant, players, options)``, every variant at its default
player count and then each notable option."""

DICE_CASES: list[tuple[str, int, dict[str, str]]] = [
    ("dice", 3, {"chips": "10"}),
    ("dice-two-sets-extra-ante-5p", 5, {"sets": "2", "extra-ante": "on", "chips": "10"}),
]
"""Dice and Dominoes, each level at the table: ``(file name, players, options)``."""


TRAIN_CASES: list[tuple[str, str, int, dict[str, str]]] = [
    ("mexican-train", "mexican-train", 4, {}),
    ("mexican-train-double-nine-opening-run-3p", "mexican-train", 3, {"set": "9", "opening-run": "on", "double-blank": "50"}),
    ("mexican-train-8p", "mexican-train", 8, {}),
    ("chicken-foot", "chicken-foot", 4, {}),
    ("chicken-foot-double-twelve-2p", "chicken-foot", 2, {"set": "12", "double-blank": "0"}),
]  # fmt: skip
"""The train family: ``(file name, variant, players, options)``, two rounds each."""


def levels(players: int) -> list[str]:
    """The line games' bots: the easy and the beginner level alternately around the table."""
    return (["greedy", "random"] * 3)[:players]


def dice_levels(players: int) -> list[str]:
    """Dice and Dominoes' bots: the eager, canny and expert levels in turn around the table."""
    return (["eager", "canny", "expert"] * 2)[:players]


def train_levels(players: int) -> list[str]:
    """The train games' bots: every level in turn around the table."""
    return (["random", "greedy", "medium", "expert"] * 2)[:players]
