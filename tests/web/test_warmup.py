"""The boot's scratch hand: it plays, and it leaves nothing behind."""

from __future__ import annotations

import pytest

from engine import VARIANTS
from web.line.controller import Settings
from web.line.warmup import WARM_UP_MOVES, warm_up


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_scratch_hand_plays_a_few_moves_of_every_variant(variant: str) -> None:
    assert warm_up(Settings.for_variant(variant), 800, 600) == WARM_UP_MOVES


def test_a_canvas_with_no_size_is_not_drawn() -> None:
    assert warm_up(Settings.for_variant("draw-2"), 0, 0) == WARM_UP_MOVES
