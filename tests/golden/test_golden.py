"""Golden playthroughs: one seeded bot match per variant (and per notable option), written
as text in this folder and compared line by line, so any rule change shows up in review.
The cases, their seed and levels are in ``tests.helpers.golden`` (the Pyodide and notation tests
play them too).

After an intended rule change, rewrite the files with::

    DOMINOES_UPDATE_GOLDEN=1 python -m pytest tests/golden

and read the diff before committing it.
"""

from __future__ import annotations

import difflib
import os

import pytest

from engine.dice.selfplay import dice_playthrough
from engine.line.selfplay import playthrough
from engine.line.variants import VARIANTS
from engine.trains.selfplay import train_playthrough
from engine.trains.variant import TRAIN_GAMES
from tests.helpers.golden import (
    CASES,
    DICE_CASES,
    FOLDER,
    SEED,
    TRAIN_CASES,
    dice_levels,
    levels,
    train_levels,
)


def compare_with_golden(name: str, text: str) -> None:
    """Fail unless ``text`` is the golden file ``name`` word for word (or rewrite the file,
    with ``DOMINOES_UPDATE_GOLDEN=1``), showing the first lines that differ."""
    path = FOLDER / f"{name}.txt"
    if os.environ.get("DOMINOES_UPDATE_GOLDEN") == "1":
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"no golden file {path.name}; write it with DOMINOES_UPDATE_GOLDEN=1"
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        lines = difflib.unified_diff(
            expected.splitlines(keepends=True), text.splitlines(keepends=True), "golden", "now"
        )
        pytest.fail(f"{name} plays differently from its golden file:\n{''.join(list(lines)[:80])}")


@pytest.mark.parametrize(("name", "variant", "players", "options"), CASES, ids=[case[0] for case in CASES])
def test_golden_playthrough(name: str, variant: str, players: int, options: dict[str, str]) -> None:
    compare_with_golden(name, playthrough(variant, players, SEED, levels(players), options))


@pytest.mark.parametrize(("name", "players", "options"), DICE_CASES, ids=[case[0] for case in DICE_CASES])
def test_golden_dice_playthrough(name: str, players: int, options: dict[str, str]) -> None:
    compare_with_golden(name, dice_playthrough(players, SEED, dice_levels(players), options))


@pytest.mark.parametrize(
    ("name", "variant", "players", "options"), TRAIN_CASES, ids=[case[0] for case in TRAIN_CASES]
)
def test_golden_train_playthrough(name: str, variant: str, players: int, options: dict[str, str]) -> None:
    compare_with_golden(name, train_playthrough(variant, players, SEED, train_levels(players), options))


def test_every_variant_has_a_golden_file() -> None:
    names = {case[0] for case in CASES} | {case[0] for case in DICE_CASES} | {case[0] for case in TRAIN_CASES}
    assert set(VARIANTS) | set(TRAIN_GAMES) <= names
    files = {path.stem for path in FOLDER.glob("*.txt")}
    assert files == names, f"stray or missing golden files: {files ^ names}"
