"""The match arena that rates the computer levels, and the ratings it measured."""

from __future__ import annotations

import random

import pytest

from engine.catalogue import GAMES, computer_players
from engine.line.ai import BOT_LEVELS
from engine.line.ai.match_arena import (
    elo_difference,
    play_hands_match_up,
    play_match_up,
    rate_chain,
    rate_chain_by_hands,
    run_share,
)
from engine.line.ai.strength import LEVEL_RATINGS, MEASURED_ON


@pytest.mark.parametrize(("share", "difference"), [(0.5, 0.0), (0.75, 190.8), (0.25, -190.8), (0.999, 798.2)])
def test_a_share_of_wins_is_the_elo_difference(share: float, difference: float) -> None:
    assert elo_difference(share) == pytest.approx(difference, abs=0.1)


def test_a_match_up_plays_each_seed_both_ways_and_is_reproducible() -> None:
    first = play_match_up("block", "greedy", "random", pairs=3, seed=40001)
    again = play_match_up("block", "greedy", "random", pairs=3, seed=40001)
    assert first == again
    assert first.share in {n / 6 for n in range(7)}, "each pair is two whole matches"
    reversed_up = play_match_up("block", "random", "greedy", pairs=3, seed=40001)
    assert reversed_up.share == pytest.approx(1 - first.share)


def test_a_chain_starts_at_the_anchor_and_adds_each_difference() -> None:
    ratings, played = rate_chain("block", ["random", "greedy"], pairs=2, seed=40001)
    assert ratings == {"random": 1000, "greedy": round(1000 + elo_difference(played[0].share))}


def test_every_measured_family_rates_every_level_on_one_of_its_own_rule_sets() -> None:
    for family, ratings in LEVEL_RATINGS.items():
        assert set(ratings) == set(BOT_LEVELS)
        assert GAMES[MEASURED_ON[family]].group == family
        assert computer_players(MEASURED_ON[family]).rating(family, "expert") == ratings["expert"]
    assert set(MEASURED_ON) == set(LEVEL_RATINGS)


def six_love_by_playing(p: float, matches: int, seed: int) -> float:
    """The share of matches won by six hands in a row (the other's win resets both), played
    hand by hand with chance ``p`` for the first side."""
    rng = random.Random(seed)
    won = 0
    for _ in range(matches):
        mine = theirs = 0
        while mine < 6 and theirs < 6:
            if rng.random() < p:
                mine, theirs = (mine + 1, 0) if theirs == 0 else (0, 0)
            else:
                mine, theirs = (0, theirs + 1) if mine == 0 else (0, 0)
        won += mine == 6
    return won / matches


@pytest.mark.parametrize("p", [0.5, 0.55, 0.6, 0.4])
def test_the_share_of_matches_won_six_in_a_row_follows_from_the_hands(p: float) -> None:
    assert run_share(p) == pytest.approx(six_love_by_playing(p, 20_000, 7), abs=0.015)
    assert run_share(p) + run_share(1 - p) == pytest.approx(1.0)
    assert run_share(p, 1) == pytest.approx(p)


def test_rated_from_hands_a_match_up_counts_every_hand_and_scales_the_difference() -> None:
    up = play_hands_match_up("cut-throat", "greedy", "random", deals=4, seed=40001, run=6)
    assert up.wins + up.losses + up.ties == 8, "each deal played once per seating"
    assert up.difference == pytest.approx(6 * elo_difference(up.p))
    ratings, played = rate_chain_by_hands("cut-throat", ["random", "greedy"], deals=4, seed=40001, run=6)
    assert played == [up] and ratings["greedy"] == round(1000 + up.difference)
