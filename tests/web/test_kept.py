"""A match at the table as the history keeps it: the person's side's figures and result."""

from __future__ import annotations

import datetime

from engine.catalogue import computer_players
from engine.line.selfplay import bot_match
from tests.helpers.controllers import play_out, play_to_hand_end
from web.line.controller import Controller, Settings
from web.line.kept import kept_of, rating_results
from web.storage.history import History, kept_from_json

DAY = datetime.date(2026, 11, 28)


def test_a_finished_match_is_kept_with_the_persons_result_and_figures() -> None:
    controller = Controller(Settings.for_variant("block", 4, level="greedy"), seed=8)
    play_out(controller)
    kept = kept_of(controller, "slot:8", DAY)
    match = controller.match
    assert match.result is not None
    assert kept.outcome == ("won" if match.result.winner_side == 0 else "lost")
    assert (kept.day, kept.variant, kept.players, kept.levels) == ("2026-11-28", "block", 4, ("greedy",) * 3)
    assert kept.scores == tuple(match.scores) and kept.side == 0
    assert kept.hands == len(match.sheet)
    assert kept.hands_won == sum(line.result.winner_side == 0 for line in match.sheet)
    assert kept.points_for == sum(line.gained[0] for line in match.sheet)
    history = History(None)
    history.keep(kept, controller.save())
    assert kept_from_json(history.matches[0].to_json()) == history.matches[0]
    assert history.record("slot:8") == controller.save()


def test_a_match_under_way_is_unfinished_and_a_shared_one_is_nobodys() -> None:
    controller = Controller(Settings.for_variant("draw-2", level="hard"), seed=3)
    play_to_hand_end(controller)
    kept = kept_of(controller, "slot:3", DAY)
    assert (kept.outcome, kept.hands, kept.levels) == ("unfinished", 1, ("hard",))
    shared = Controller(Settings.for_variant("draw-2", level="human"), seed=3)
    assert shared.pass_and_play
    assert kept_of(shared, "slot:3", DAY).outcome == "shared"
    assert kept_of(shared, "slot:3", DAY).levels == ("human",)


def test_a_finished_match_is_rated_against_each_opposing_computer_seat() -> None:
    controller = Controller(Settings.for_variant("block", 4, level="medium"), seed=8)
    play_out(controller)
    family, results = rating_results(controller)
    match = controller.match
    assert family == "Block games"
    medium = computer_players("block").rating(family, "medium")
    assert medium is not None
    expected = [
        (
            medium,
            1.0
            if match.scores[0] > match.scores[seat]
            else 0.5
            if match.scores[0] == match.scores[seat]
            else 0.0,
        )
        for seat in (1, 2, 3)
    ]
    assert results == expected


def test_partners_are_not_opponents_and_shared_or_unfinished_matches_are_not_rated() -> None:
    controller = Controller(Settings.for_variant("partnership-block", level="medium"), seed=5)
    play_out(controller)
    _, results = rating_results(controller)
    assert len(results) == 2, "the two seats of the other side"
    won = controller.match.result is not None and controller.match.result.winner_side == 0
    assert {score for _, score in results} == {1.0 if won else 0.0}
    unfinished = Controller(Settings.for_variant("draw-2", level="hard"), seed=3)
    assert rating_results(unfinished)[1] == []
    finished = bot_match("draw-2", 2, 3, ["greedy", "greedy"])
    assert finished.is_over
    computer = Controller.over(Settings.for_variant("draw-2", level="hard"), finished)
    assert len(rating_results(computer)[1]) == 1
    shared = Controller.over(Settings.for_variant("draw-2", level="human"), finished)
    assert shared.pass_and_play
    assert rating_results(shared)[1] == [], "people sharing a device are not rated"
