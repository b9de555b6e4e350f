"""Statistics drawn from the history: per rule set and opponent level, match by match, and
the Statistics card that shows them (its charts' figures in a table too)."""

from __future__ import annotations

import re

from tests.helpers.kept_matches import kept
from tests.helpers.storage import DictStorage
from web.history_stats import opponents_of, rule_set_figures
from web.stats_dialog import stats_card_html
from web.storage.stats import Stats, stats_lines


def test_each_level_gets_its_own_row_with_matches_hands_and_points_a_hand() -> None:
    history = [  # newest first, as the history keeps them
        kept(4, levels=("greedy",), outcome="lost", hands=2, hands_won=0, points_for=10, points_against=100),
        kept(
            3,
            levels=("expert",),
            outcome="unfinished",
            hands=2,
            hands_won=1,
            points_for=30,
            points_against=20,
        ),
        kept(2, levels=("expert",), outcome="lost", hands=4, hands_won=1, points_for=40, points_against=100),
        kept(1, levels=("expert",), outcome="won", hands=5, hands_won=3, points_for=100, points_against=87),
    ]
    (draw,) = rule_set_figures(history)
    assert draw.name == "Two-Hand Draw"
    easy, expert = draw.levels
    assert (easy.opponents, expert.opponents) == ("Easy", "Expert"), "weakest first"
    assert (expert.matches, expert.matches_won) == (2, 1), "the unfinished match is not a match won or lost"
    assert (expert.hands, expert.hands_won) == (11, 5), "but its hands count"
    assert expert.points_a_hand == (170 / 11, 207 / 11)
    assert (easy.matches, easy.matches_won, easy.points_a_hand) == (1, 0, (5.0, 50.0))
    assert [match.points_a_hand for match in draw.matches] == [20.0, 10.0, 15.0, 5.0], "oldest first"


def test_mixed_levels_and_shared_matches() -> None:
    mixed = kept(1, players=3, levels=("hard", "greedy"), scores=(40, 61, 20))
    assert opponents_of(mixed)[0] == "Easy and Hard"
    shared = kept(2, levels=("human",), outcome="shared")
    (figures,) = rule_set_figures([shared, mixed])
    assert [row.opponents for row in figures.levels] == ["Easy and Hard"], "a match people shared is nobody's"
    assert rule_set_figures([shared]) == []


def test_rule_sets_apart_and_reset_matches_left_out() -> None:
    history = [kept(3, variant="block"), kept(2), kept(1)]
    assert [figures.variant for figures in rule_set_figures(history)] == ["block", "draw-2"]
    (block,) = rule_set_figures(history, skip={"slot:2:6-6", "slot:1:6-6"})
    assert block.variant == "block" and len(block.matches) == 1


def test_the_review_accuracy_match_by_match_leaves_out_matches_not_reviewed() -> None:
    history = [
        kept(3, reviews=((1, 10, 9),)),
        kept(2),
        kept(1, reviews=((1, 4, 2), (2, 6, 6))),
    ]
    (figures,) = rule_set_figures(history)
    assert [match.accuracy for match in figures.reviewed] == [0.8, 0.9]
    assert len(figures.matches) == 3


def test_the_card_gives_the_rows_and_every_charted_figure_in_a_table() -> None:
    history = [kept(2, reviews=((1, 4, 3),), points_for=50, hands=4), kept(1, day="2026-11-27")]
    (figures,) = rule_set_figures(history)
    html = stats_card_html("Two-Hand Draw", [("Matches won", "1 of 2")], figures)
    assert "<dt>Matches won</dt><dd>1 of 2</dd>" in html
    assert "over your newest 2 matches kept" in html
    assert '<th scope="row">Expert</th><td>2 of 2</td><td>6 of 9</td><td>16.7 to 19.3</td>' in html
    assert html.count("<canvas") == 2, "points a hand, and the review's accuracy"
    assert re.search(
        r"<td>1</td><td>2026-11-27</td><td>20</td>.*<td>2</td><td>2026-11-28</td><td>12</td>", html
    )
    assert "<td>1</td><td>2026-11-28</td><td>75%</td>" in html


def test_a_card_without_history_or_reviews_draws_no_empty_chart() -> None:
    assert "<canvas" not in stats_card_html("Puzzles", [("Puzzle rating", "1500")])
    (figures,) = rule_set_figures([kept(1)])
    assert stats_card_html("Two-Hand Draw", [], figures).count("<canvas") == 1
    assert "over your newest match kept" in stats_card_html("Two-Hand Draw", [], figures)


def test_names_are_written_as_text_not_markup() -> None:
    html = stats_card_html("<b>x</b>", [("a<", "b&")])
    assert "<b>" not in html and "&lt;b&gt;x&lt;/b&gt;" in html and "<dd>b&amp;</dd>" in html


def test_a_reset_leaves_the_matches_kept_then_out_and_remembers_it() -> None:
    storage = DictStorage()
    stats = Stats(storage)
    stats.count_hand("m", "draw-2", 1, True, 20, 5)
    stats.reset(["slot:1:6-6"])
    again = Stats(storage)
    assert again.reset_before == {"slot:1:6-6"}
    assert dict(stats_lines(again.of("draw-2")))["Hands won"] == "0 of 0"
    assert rule_set_figures([kept(1)], again.reset_before) == []
