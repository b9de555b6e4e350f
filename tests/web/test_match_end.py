"""The end of a match in words (web/line/match_end.py): who won, by how much, every side's
final score, and whether the table celebrates."""

from __future__ import annotations

import pytest

from engine.line.selfplay import bot_match
from web.line.controller import Controller
from web.line.match_end import match_end
from web.page import side_label
from web.settings import HUMAN, Settings


def finished(variant: str, players: int, seed: int, levels: tuple[str, ...] = ()) -> Controller:
    """A table over a match the computer players played to its end."""
    match = bot_match(variant, players, seed, ["greedy"] * players)
    assert match.result is not None
    base = Settings.for_variant(variant, players)
    chosen = levels or tuple("greedy" for _ in range(players - 1))
    return Controller.over(Settings(base.variant, players, base.target, chosen, base.options), match)


def moment(controller: Controller):  # type: ignore[no-untyped-def]
    result = controller.match.result
    assert result is not None
    names = tuple(side_label(controller, side) for side in range(len(result.scores)))
    winner = " & ".join(
        controller.names[seat] for seat in controller.match.rules.seats_of(result.winner_side)
    )
    return match_end(controller, winner, names)


@pytest.mark.parametrize("seed", range(1, 7))
def test_a_points_match_says_by_how_many_points_and_who_is_where(seed: int) -> None:
    controller = finished("draw-2", 2, seed)
    result = controller.match.result
    assert result is not None
    ended = moment(controller)
    winner, loser = result.winner_side, 1 - result.winner_side
    ahead = result.scores[winner] - result.scores[loser]
    assert (
        ended.margin
        == f"By {ahead} point{'s' * (ahead != 1)}: {result.scores[winner]} to {result.scores[loser]}."
    )
    assert ended.standings[0].startswith(controller.names[winner])
    you_won = winner == 0
    assert ended.cheer is you_won
    assert ended.headline == (
        "You win the match!" if you_won else f"{controller.names[winner]} wins the match"
    )


def test_six_love_and_hands_are_counted_as_hands() -> None:
    controller = finished("jamaican-partner", 4, 3)
    ended = moment(controller)
    assert ended.margin.startswith("Six-love: 6 to 0"), ended.margin
    assert all(line.endswith(("hands", "hand")) for line in ended.standings), ended.standings
    assert {line.split(":")[0] for line in ended.standings} == {"We", "They"}


def test_three_sides_are_listed_best_first() -> None:
    controller = finished("all-fives", 3, 5)
    result = controller.match.result
    assert result is not None
    ended = moment(controller)
    scores = sorted(result.scores, reverse=True)
    assert ended.margin.endswith(f": {scores[0]} to {scores[1]} and {scores[2]}."), ended.margin
    listed = [int(line.split(": ")[1].split(" ")[0]) for line in ended.standings]
    assert listed[0] == result.scores[result.winner_side] and listed[1:] == sorted(listed[1:], reverse=True)


def test_a_shared_table_always_celebrates_and_a_match_under_way_has_no_moment() -> None:
    shared = finished("draw-2", 2, 2, (HUMAN,))
    assert moment(shared).cheer
    under_way = Controller(Settings.for_variant("draw-2", 2), seed=1)
    assert match_end(under_way, "You", ("You", "North")) is None
