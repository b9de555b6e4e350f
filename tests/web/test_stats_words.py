"""The statistics say things a player understands."""

from __future__ import annotations

from web.new_game_dialog import level_words
from web.settings import HUMAN, seat_levels
from web.storage.stats import RuleSetStats, stats_lines


def test_the_figures_read_as_words() -> None:
    fresh = dict(stats_lines(RuleSetStats(matches=1, hands=3, hands_won=1, points_for=12, points_against=30)))
    assert fresh["Matches won"] == "0 of 1"
    assert fresh["Points"] == "12 for you, 30 against"
    assert fresh["Wins in a row"] == "no match won yet", "not 'Best run 0 (now 0)'"
    assert fresh["Review accuracy"] == "no hand reviewed yet"


def test_a_run_of_wins_and_the_review_are_told_with_their_counts() -> None:
    ongoing = dict(stats_lines(RuleSetStats(matches=3, matches_won=2, streak=2, best_streak=2)))
    assert ongoing["Wins in a row"] == "your best is 2 matches, and counting"
    broken = dict(
        stats_lines(
            RuleSetStats(streak=0, best_streak=1, reviewed_hands=1, reviewed_decisions=4, sound_decisions=3)
        )
    )
    assert broken["Wins in a row"] == "your best is 1 match; now 0"
    assert broken["Review accuracy"] == "75% (1 hand)"


def test_every_computer_level_says_how_it_plays_in_new_game() -> None:
    """The dialog shows a level's name in its menu and how it plays beneath (line and dice)."""
    for game_id in ("block", "dice"):
        for level, said in seat_levels(game_id).items():
            name, how = level_words(said)
            assert name and name[0].isupper(), (game_id, level)
            if level != HUMAN:
                assert how.endswith(".") and len(how) > 15, (game_id, level, how)
