"""Call-outs at the seats: what each seat's latest turn said, from the public history."""

from __future__ import annotations

from engine import parse_tile
from engine.line.events import Claimed, Drew, Passed, Penalized, Played, Scored
from web.line.callouts import seat_calls


def test_a_pass_and_draws_are_called_until_the_seats_next_turn() -> None:
    tile = parse_tile("6-6")
    history = [Played(0, tile), Drew(1), Drew(1), Passed(1), Played(2, tile)]
    assert seat_calls(history) == {1: "Draws 2 · Pass"}
    assert seat_calls([*history, Played(0, tile)]) == {1: "Draws 2 · Pass"}
    assert seat_calls([*history, Played(0, tile), Played(1, tile)]) == {}, "its next turn clears it"


def test_scores_penalties_and_muggins_are_called_at_the_seat_that_gets_them() -> None:
    tile = parse_tile("5-0")
    history = [Drew(0), Penalized(0, 10), Played(0, tile), Scored(0, 15, "play"), Played(1, tile)]
    assert seat_calls(history) == {0: "Draws · \N{MINUS SIGN}10 · 15!"}
    claimed = [Played(0, tile), Claimed(1, True), Scored(1, 10, "muggins"), Played(1, tile)]
    assert seat_calls(claimed) == {1: "10!"}, "a claim is called at the claimer"


def test_a_tile_laid_that_scores_nothing_says_nothing() -> None:
    tile = parse_tile("3-2")
    assert seat_calls([Played(0, tile), Played(1, tile)]) == {}
