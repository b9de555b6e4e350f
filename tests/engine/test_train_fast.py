"""The Expert's fast play-outs follow the engine's rules: the same positions played out by
:class:`engine.trains.ai.fast.FastRound` and by the engine's own round, every seat choosing
with ``quick_play`` (:func:`engine.trains.ai.search.quick_choice`), end with the same points."""

from __future__ import annotations

import random

import pytest

from engine.trains.ai.fast import FastRound
from engine.trains.ai.search import quick_choice
from engine.trains.round import TrainRound
from engine.trains.variant import TRAIN_GAMES


def _engine_play_out(played: TrainRound) -> list[int]:
    while not played.is_over:
        seat = played.turn
        played.apply(seat, quick_choice(played, seat, played.legal_actions(seat)))
    return list(played.points())


TABLES = [
    ("mexican-train", 4, {}),
    ("mexican-train", 2, {"set": "9", "double-blank": "50"}),
    ("mexican-train", 3, {"opening-run": "on"}),
    ("mexican-train", 8, {"opening-run": "on", "double-blank": "50"}),
    ("chicken-foot", 2, {}),
    ("chicken-foot", 5, {"set": "12", "double-blank": "0"}),
    ("chicken-foot", 8, {}),
]


@pytest.mark.parametrize(("variant", "players", "options"), TABLES)
def test_fast_play_outs_end_as_the_engines(variant: str, players: int, options: dict[str, str]) -> None:
    game = TRAIN_GAMES[variant]
    compared = 0
    for seed in range(25):
        played = game.start(players, seed, options=options).match.round  # type: ignore[attr-defined]
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 60)):
            if played.is_over:
                break
            seat = played.turn
            played.apply(seat, rng.choice(played.legal_actions(seat)))
        if played.is_over:
            continue
        before = FastRound(played)
        assert FastRound(played).play_out() == _engine_play_out(played.copy())
        assert before.play_out() == _engine_play_out(played.copy())
        compared += 1
    assert compared >= 15
