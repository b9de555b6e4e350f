"""Glicko-2 (engine/rating.py) against Glickman's worked example, and its directions."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.rating import NEWCOMER, Rating, expected_score, rate


def test_glickmans_worked_example() -> None:
    # "Example of the Glicko-2 system" (Glickman, 2013): a 1500 player, RD 200, volatility
    # 0.06, beats a 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300), tau 0.5.
    player = Rating(1500, 200, 0.06)
    after = rate(player, [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)])
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_the_expected_score_of_the_example() -> None:
    # The example's E values: 0.639, 0.432, 0.303 for the three opponents.
    player = Rating(1500, 200, 0.06)
    assert expected_score(player, Rating(1400, 30)) == pytest.approx(0.639, abs=0.001)
    assert expected_score(player, Rating(1550, 100)) == pytest.approx(0.432, abs=0.001)
    assert expected_score(player, Rating(1700, 300)) == pytest.approx(0.303, abs=0.001)


def test_a_period_without_games_widens_the_deviation_only() -> None:
    player = Rating(1620, 80, 0.06)
    idle = rate(player, [])
    assert idle.rating == player.rating and idle.volatility == player.volatility
    assert idle.deviation > player.deviation
    assert rate(NEWCOMER, []).deviation == NEWCOMER.deviation  # never wider than a newcomer's


def test_a_score_outside_zero_to_one_is_refused() -> None:
    with pytest.raises(ValueError, match="between 0 and 1"):
        rate(NEWCOMER, [(NEWCOMER, 2.0)])


ratings = st.builds(
    Rating,
    st.floats(800, 2600),
    st.floats(30, 350),
    st.floats(0.03, 0.09),
)


@given(ratings, ratings)
def test_a_win_raises_a_loss_lowers_and_both_narrow_the_deviation(player: Rating, opponent: Rating) -> None:
    won, lost, drawn = (rate(player, [(opponent, score)]) for score in (1.0, 0.0, 0.5))
    assert won.rating > player.rating > lost.rating
    assert lost.rating < drawn.rating < won.rating
    # (A surprise raises the volatility, which widens the deviation before the game narrows it.)
    assert won.deviation < Rating(player.rating, player.deviation, won.volatility).idle().deviation
    # A win against a stronger opponent is worth more than one against a weaker one.
    stronger = Rating(opponent.rating + 200, opponent.deviation, opponent.volatility)
    assert rate(player, [(stronger, 1.0)]).rating > won.rating
