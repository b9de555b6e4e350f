"""The train arena: duplicate deals cancel the deal's luck, and the report says what it measured."""

from __future__ import annotations

from engine.trains.ai.arena import main, play_deal, run_train_arena


def test_a_level_against_itself_differs_by_nothing_on_duplicate_deals() -> None:
    summary = run_train_arena("greedy", "greedy", "chicken-foot", 3, deals=4, first_seed=7)
    assert summary.difference == 0 and summary.a_points == summary.b_points


def test_each_deal_puts_level_a_in_every_seat_against_the_same_round() -> None:
    deal = play_deal(5, "random", "medium", "mexican-train", 4, {"set": "9"})
    assert len(deal.a_points) == len(deal.b_points) == len(deal.a_out) == 4
    assert set(deal.times) == {"random", "medium"} and all(deal.times.values())


def test_the_report_names_levels_seeds_and_intervals(capsys) -> None:  # type: ignore[no-untyped-def]
    assert (
        main(
            ["--variant", "chicken-foot", "--a", "medium", "--b", "random", "--players", "2", "--deals", "3"]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "Medium (A) vs Beginner (B), 3 duplicate deals (seeds 1-3)" in out
    assert "A less B:" in out and "95% CI" in out and "decision time" in out
