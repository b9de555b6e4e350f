"""Golden playthroughs: one seeded bot match per variant (and per notable option), written
as text in this folder and compared line by line, so any rule change shows up in review.

After an intended rule change, rewrite the files with::

    DOMINOES_UPDATE_GOLDEN=1 python -m pytest tests/golden

and read the diff before committing it.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

from engine.dice.selfplay import dice_playthrough
from engine.line.selfplay import playthrough
from engine.line.variants import VARIANTS

HERE = Path(__file__).parent
SEED = 2026

# (file name, variant, players, options)
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


# Dice and Dominoes, each level at the table: (file name, players, options).
DICE_CASES: list[tuple[str, int, dict[str, str]]] = [
    ("dice", 3, {"chips": "10"}),
    ("dice-two-sets-extra-ante-5p", 5, {"sets": "2", "extra-ante": "on", "chips": "10"}),
]


def compare_with_golden(name: str, text: str) -> None:
    """Fail unless ``text`` is the golden file ``name`` word for word (or rewrite the file,
    with ``DOMINOES_UPDATE_GOLDEN=1``), showing the first lines that differ."""
    path = HERE / f"{name}.txt"
    if os.environ.get("DOMINOES_UPDATE_GOLDEN") == "1":
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"no golden file {path.name}; write it with DOMINOES_UPDATE_GOLDEN=1"
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        lines = difflib.unified_diff(
            expected.splitlines(keepends=True), text.splitlines(keepends=True), "golden", "now"
        )
        pytest.fail(f"{name} plays differently from its golden file:\n{''.join(list(lines)[:80])}")


def levels(players: int) -> list[str]:
    """Alternate the easy and the beginner bot around the table."""
    return (["greedy", "random"] * 3)[:players]


@pytest.mark.parametrize(("name", "variant", "players", "options"), CASES, ids=[case[0] for case in CASES])
def test_golden_playthrough(name: str, variant: str, players: int, options: dict[str, str]) -> None:
    compare_with_golden(name, playthrough(variant, players, SEED, levels(players), options))


@pytest.mark.parametrize(("name", "players", "options"), DICE_CASES, ids=[case[0] for case in DICE_CASES])
def test_golden_dice_playthrough(name: str, players: int, options: dict[str, str]) -> None:
    compare_with_golden(
        name, dice_playthrough(players, SEED, (["eager", "canny", "expert"] * 2)[:players], options)
    )


def test_every_variant_has_a_golden_file() -> None:
    names = {case[0] for case in CASES} | {case[0] for case in DICE_CASES}
    assert set(VARIANTS) <= names
    files = {path.stem for path in HERE.glob("*.txt")}
    assert files == names, f"stray or missing golden files: {files ^ names}"
