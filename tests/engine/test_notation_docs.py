"""The examples in docs/notation.md are what the engine reads and writes, word for word."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.line.notation import read_position, read_record, write_position, write_record
from engine.line.verify import Verdict, check_deals

DOC = Path(__file__).resolve().parents[2] / "docs" / "notation.md"
BLOCKS = re.findall(r"```(record|position)\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_the_spec_has_every_worked_example() -> None:
    """Six records (block, draw, cross, All Fives with calls and muggins, Jamaican, a committed
    block deal) and three positions."""
    variants = [
        re.search(r'\[Variant "([^"]+)"\]', text).group(1) for kind, text in BLOCKS if kind == "record"
    ]
    assert variants == ["block", "draw-2", "cross", "all-fives", "jamaican-partner", "block"]
    assert sum(kind == "position" for kind, _ in BLOCKS) == 3


@pytest.mark.parametrize(("kind", "text"), BLOCKS, ids=[f"{kind}-{n}" for n, (kind, _) in enumerate(BLOCKS)])
def test_each_example_reads_and_writes_back_the_same(kind: str, text: str) -> None:
    if kind == "record":
        assert write_record(read_record(text)) == text
    else:
        assert write_position(read_position(text.strip())) + "\n" == text


def test_the_fives_example_shows_a_call_and_a_muggins_claim() -> None:
    fives = next(text for kind, text in BLOCKS if '"all-fives"' in text)
    match = read_record(fives)
    claims = [str(action) for action in match.hands[0].actions if str(action).startswith(("call", "muggins"))]
    assert "muggins:1" in claims and "call:0" in claims


def test_the_jamaican_example_is_a_whole_match() -> None:
    jamaican = next(text for kind, text in BLOCKS if '"jamaican-partner"' in text)
    match = read_record(jamaican)
    assert match.is_over and len(match.hands) > 1


def test_the_committed_example_verifies() -> None:
    """The example of a committed deal: hand 1 verifies, hand 2 is still in play."""
    text = next(text for kind, text in BLOCKS if kind == "record" and "Deals" in text)
    assert [check.verdict for check in check_deals(read_record(text))] == [Verdict.VERIFIED, Verdict.OPEN]
