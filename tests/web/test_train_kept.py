"""A train game in the history (web/trains/kept.py): its result for the person (lowest total
wins, a tie for it counted won), rounds went out, points kept, and how the History says it."""

from __future__ import annotations

import datetime

from tests.helpers.controllers import play_until
from tests.helpers.controllers import train_settings as settings
from web.history_words import kept_words
from web.trains.controller import TrainController
from web.trains.kept import kept_of_trains, trains_match_id

DAY = datetime.date(2026, 11, 28)


def test_a_finished_game_is_kept_with_its_totals_rounds_and_result() -> None:
    controller = TrainController(settings("mexican-train", 3, set="9", rounds="short"), 21)
    play_until(controller, ("match-over",))
    match = controller.match
    kept = kept_of_trains(controller, trains_match_id(controller, "slot"), DAY)
    assert kept.match_id == "slot:21:mexican-train"
    assert kept.outcome == ("won" if 0 in match.winners() else "lost")
    assert kept.scores == match.totals and kept.hands == match.rules.rounds == 5
    assert kept.hands_won == sum(played.winner == 0 for played in match.rounds)
    assert kept.points_against == match.totals[0]
    title, result = kept_words(kept)
    assert title == "Mexican Train · 3 players · against Beginner · 28\u00a0Nov\u00a02026"
    assert result.startswith(f"{'Won' if kept.outcome == 'won' else 'Lost'} {match.totals[0]}-")
    assert result.endswith(f"{kept.hands_won} of 5 rounds won")


def test_a_game_under_way_is_kept_unfinished() -> None:
    controller = TrainController(settings("chicken-foot", 4), 2)
    play_until(controller, ("hand-over",))
    kept = kept_of_trains(controller, "id", DAY)
    assert kept.outcome == "unfinished" and kept.hands == 1
