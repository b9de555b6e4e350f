"""The calibration of the review's labels (engine.line.ai.calibration): what it counts and replays."""

from __future__ import annotations

import pytest

from engine.line.ai import Bot, calibration, make_bot, think_through
from engine.line.ai.calibration import PLAYERS, calibrate, replay_gain, replayers_for
from engine.line.ai.review import review_hand
from engine.line.selfplay import bot_match
from tests.helpers.positions import LOST_ENDGAME


def test_the_replayers_are_one_level_for_every_seat_or_each_seats_own() -> None:
    assert replayers_for(["medium", "random"], "hard") == ["hard", "hard"]
    assert replayers_for(["medium", "random"], PLAYERS) == ["medium", "random"]


@pytest.mark.parametrize("replayers", [["random", "random"], ["medium", "medium"]])
def test_a_move_that_wins_against_any_defence_gains_every_replay(replayers: list[str]) -> None:
    seed, seat, move = LOST_ENDGAME
    hand = bot_match("draw-2", 2, seed, ["medium", "medium"], max_hands=1).hands[0]
    decision = next(d for d in think_through(review_hand(hand, seat)).decisions if d.move == move)
    # Both replays end in a solved endgame, so even Beginners replaying get it exactly.
    assert replay_gain(hand, decision, replayers, 3, seed) == 1.0


def test_every_judged_decision_is_counted_under_its_label() -> None:
    result = calibrate("block", 2, ["medium", "random"], hands=2, seed=7, continuations=1)
    expected: dict[str, int] = {}
    for number in range(2):
        hand = bot_match("block", 2, 7 + number, ["medium", "random"], max_hands=1).hands[0]
        for seat in range(2):
            for decision in think_through(review_hand(hand, seat)).decisions:
                expected[decision.label] = expected.get(decision.label, 0) + 1
    expected.pop("forced", None)
    counted = {label: len(check.gains) for label, check in result.checks.items() if check.gains}
    assert counted == expected
    assert all(len(check.losses) == len(check.gains) for check in result.checks.values())
    assert set(result.checks["best"].gains) <= {0.0}


def test_the_same_players_replay_each_seat_at_its_own_level(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []

    def recording(level: str) -> Bot:
        asked.append(level)
        return make_bot(level)

    monkeypatch.setattr(calibration, "make_bot", recording)
    result = calibrate("block", 2, ["medium", "random"], hands=3, seed=11, replayer=PLAYERS, continuations=1)
    judged = sum(len(check.gains) for label, check in result.checks.items() if label != "best")
    assert judged > 0  # some decision was replayed
    assert set(asked) == {"medium", "random"}
    assert "the same players" in result.report()


def test_worker_processes_change_nothing_in_the_figures() -> None:
    alone = calibrate("block", 2, ["medium", "random"], hands=3, seed=11, continuations=1)
    shared = calibrate("block", 2, ["medium", "random"], hands=3, seed=11, continuations=1, jobs=2)
    assert {label: (c.losses, c.gains) for label, c in alone.checks.items()} == {
        label: (c.losses, c.gains) for label, c in shared.checks.items()
    }
    assert alone.report() == shared.report()
