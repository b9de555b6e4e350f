"""A puzzle at the table (engine/puzzles/attempt.py): the position turned to the solver's
seat, each move checked against the line, a wrong move explained (the exact solve in
slices, engine/puzzles/solver.py ``values_in_slices``) and a hidden-hand puzzle's facts in
words; choosing the next puzzle (engine/puzzles/choose.py); and the computer players on a
hand taken up from a position (its history starts at the position's layout)."""

from __future__ import annotations

import functools
import itertools
import random
import re
from collections import Counter
from collections.abc import Generator
from dataclasses import replace
from typing import TypeVar

import pytest

from engine import Hand, Match, Pass, Play, Played, make_rules
from engine.errors import NotationError
from engine.line.actions import Action
from engine.line.ai import make_bot
from engine.line.ai.fast import FastHand, move_of
from engine.line.ai.knowledge import knowledge_of
from engine.line.notation.position import read_position
from engine.line.view import view_of
from engine.puzzles.attempt import (
    FAILED,
    SOLVED,
    SOLVING,
    PuzzleAttempt,
    PuzzleSetup,
    explain_wrong,
    facts_words,
    setup_of,
)
from engine.puzzles.choose import NEAREST, choose_puzzle, matching
from engine.puzzles.puzzle import Puzzle
from engine.puzzles.shipped import load_puzzles
from engine.puzzles.solver import SLICE_NODES, Memo, TooLarge, move_values, values_in_slices

T = TypeVar("T")

PUZZLES = load_puzzles()
BY_ID = {puzzle.id: puzzle for puzzle in PUZZLES}
OPEN = [puzzle for puzzle in PUZZLES if puzzle.kind == "open"]
HIDDEN = [puzzle for puzzle in PUZZLES if puzzle.kind == "hidden"]
VERBS = {1: "win", 0: "tie", -1: "lose"}
NAMES = {2: ("You", "North"), 4: ("You", "West", "North", "East")}
"""The seats' names at the table (as web/seats.py names them)."""


def players_of(puzzle: Puzzle) -> int:
    return read_position(puzzle.position).rules.players


def finish(thinking: Generator[None, None, T]) -> tuple[T, int]:
    """Run a sliced computation to its end: its result and how many times it yielded."""
    yields = 0
    while True:
        try:
            next(thinking)
        except StopIteration as stop:
            return stop.value, yields
        yields += 1


def wrong_move(setup: PuzzleSetup, hand: Hand) -> Action:
    """A legal move of the solver other than the line's, a different tile if there is one."""
    right = setup.line[0]
    others = [action for action in hand.legal_actions() if action != right]
    other_tiles = [
        action
        for action in others
        if not (isinstance(action, Play) and isinstance(right, Play) and action.tile == right.tile)
    ]
    return (other_tiles or others)[0]


def tiles_of_words(words: tuple[str, ...]) -> list[str]:
    """The tiles a puzzle's move words lay (``pass`` as itself)."""
    return [word if word == "pass" else word.split("@")[0] for word in words]


def tiles_of_actions(actions: tuple[Action, ...]) -> list[str]:
    return [str(action.tile) if isinstance(action, Play) else "pass" for action in actions]


# --- setup_of: the position turned to the solver -----------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
def test_the_solver_sits_at_seat_0_with_its_own_tiles(players: int) -> None:
    turned = [p for p in PUZZLES if p.seat != 0 and players_of(p) == players][::7]
    assert len(turned) >= 10
    for puzzle in turned:
        original = read_position(puzzle.position)
        setup = setup_of(puzzle)
        hand = setup.hand()
        assert hand.turn == 0, puzzle.id
        solver_tiles = original.hands[puzzle.seat]
        assert not isinstance(solver_tiles, int)
        assert sorted(hand.hand_of(0)) == sorted(solver_tiles), puzzle.id
        assert hand.layout == original.layout
        # The others keep their order round the table.
        for seat in range(players):
            held = original.hands[(seat + puzzle.seat) % players]
            assert not isinstance(held, int)
            assert sorted(hand.hand_of(seat)) == sorted(held)


def test_the_turned_line_lays_the_same_tiles_legally() -> None:
    for puzzle in [p for p in PUZZLES if p.seat != 0][::5]:
        setup = setup_of(puzzle)
        assert tiles_of_actions(setup.line) == tiles_of_words(puzzle.line), puzzle.id
        hand = setup.hand()
        for action in setup.line:
            assert action in hand.legal_actions(), (puzzle.id, action)
            hand.apply(action)


@pytest.mark.parametrize("seat", [1, 3])
def test_a_partnership_puzzle_for_an_odd_seat_keeps_each_sides_score(seat: int) -> None:
    puzzle = next(p for p in OPEN if p.variant == "partnership-block" and p.seat == seat)
    scored = replace(puzzle, position=puzzle.position.replace("scores 0-0", "scores 30-10"))
    assert read_position(scored.position).scores == (30, 10)
    turned = read_position(setup_of(scored).position)
    assert turned.scores == (10, 30)  # the solver's side (side 1 before) is side 0 now


def test_points_scored_so_far_follow_the_solvers_side() -> None:
    puzzle = next(
        p
        for p in OPEN
        if p.seat == 1 and len(set(read_position(p.position).play_points)) == 2 and players_of(p) == 2
    )
    before = read_position(puzzle.position).play_points
    after = read_position(setup_of(puzzle).position).play_points
    assert after == (before[1], before[0])


def test_a_puzzle_whose_seat_is_not_to_move_is_refused() -> None:
    puzzle = next(p for p in OPEN if players_of(p) == 2)
    with pytest.raises(NotationError) as raised:
        setup_of(replace(puzzle, seat=1 - puzzle.seat))
    assert raised.value.code == "bad-puzzle" and "not the one to move" in str(raised.value)


def test_a_puzzle_with_an_illegal_move_in_its_line_is_refused() -> None:
    puzzle = next(p for p in OPEN if setup_of(p).line[0] != Pass() and len(p.line) >= 3)
    for line in (("pass", *puzzle.line[1:]), (puzzle.line[0], puzzle.line[0]), ("zz",)):
        with pytest.raises(NotationError) as raised:
            setup_of(replace(puzzle, line=line))
        assert raised.value.code == "bad-puzzle" and "cannot be played" in str(raised.value)


# --- PuzzleAttempt ------------------------------------------------------------------------------


def test_the_right_moves_and_the_replies_solve_the_puzzle() -> None:
    for puzzle in [p for p in OPEN if len(p.line) >= 5][:20]:
        setup = setup_of(puzzle)
        attempt = PuzzleAttempt(setup)
        hand = setup.hand()
        while attempt.state == SOLVING:
            step = attempt.step
            expected = setup.line[step]
            assert attempt.next_move == expected
            if hand.turn == 0:
                assert attempt.solver_moves(expected) is True
            else:
                assert attempt.reply() == expected
            hand.apply(expected)
            assert attempt.step == step + 1
        assert attempt.state == SOLVED and attempt.step == len(setup.line)
        assert attempt.wrong is None and attempt.next_move is None
        with pytest.raises(ValueError):
            attempt.solver_moves(setup.line[-1])
        with pytest.raises(ValueError):
            attempt.reply()


def test_a_one_move_puzzle_is_solved_by_its_answer() -> None:
    setup = setup_of(next(p for p in OPEN if len(p.line) == 1))
    attempt = PuzzleAttempt(setup)
    assert attempt.solver_moves(setup.line[0]) is True
    assert attempt.state == SOLVED


def test_a_wrong_move_fails_the_attempt() -> None:
    setup = setup_of(BY_ID["block-2-0001"])
    hand = setup.hand()
    wrong = wrong_move(setup, hand)
    attempt = PuzzleAttempt(setup)
    assert attempt.solver_moves(wrong) is False
    assert (attempt.state, attempt.wrong, attempt.step) == (FAILED, wrong, 0)
    assert attempt.next_move is None
    with pytest.raises(ValueError):
        attempt.solver_moves(setup.line[0])  # too late for the right one
    with pytest.raises(ValueError):
        attempt.reply()


def test_a_wrong_move_later_in_the_line_fails_at_its_step() -> None:
    setup = setup_of(BY_ID["block-2-0001"])  # the solver chooses again at the line's step 4
    attempt = PuzzleAttempt(setup)
    hand = setup.hand()
    for action in setup.line[:4]:
        assert attempt.solver_moves(action) if hand.turn == 0 else attempt.reply() == action
        hand.apply(action)
    wrong = next(action for action in hand.legal_actions() if action != setup.line[4])
    assert attempt.solver_moves(wrong) is False
    assert (attempt.state, attempt.step, attempt.wrong) == (FAILED, 4, wrong)


# --- explaining a wrong move --------------------------------------------------------------------


def explained(puzzle: Puzzle) -> tuple[str, Action, Hand, int]:
    """The words for a wrong first move at ``puzzle``, the move, the hand before it, the yields."""
    setup = setup_of(puzzle)
    hand = setup.hand()
    wrong = wrong_move(setup, hand)
    attempt = PuzzleAttempt(setup)
    attempt.solver_moves(wrong)
    words, yields = finish(explain_wrong(attempt, hand, NAMES[hand.rules.players]))
    return words, wrong, hand, yields


OPEN_SAMPLE = OPEN[::40]


def test_the_sample_of_open_puzzles_is_wide() -> None:
    variants = Counter(puzzle.variant for puzzle in OPEN_SAMPLE)
    assert 25 <= len(OPEN_SAMPLE) <= 40 and len(variants) >= 6
    assert {players_of(puzzle) for puzzle in OPEN_SAMPLE} == {2, 4}


@pytest.mark.parametrize("puzzle", OPEN_SAMPLE, ids=lambda puzzle: puzzle.id)
def test_an_open_puzzles_wrong_move_is_explained_by_the_solve(puzzle: Puzzle) -> None:
    words, wrong, hand, _ = explained(puzzle)
    right = setup_of(puzzle).line[0]
    assert "With best play after it" in words
    assert re.search(r"With best play after it (the game blocks|you go out|\w+ goes out):", words), words
    if isinstance(right, Play) and not (isinstance(wrong, Play) and wrong.tile == right.tile):
        assert str(right.tile) not in words  # the answer is not given away
    fast = FastHand.from_hand(hand)
    values = move_values(fast)
    got, best = values[move_of(wrong, fast.t)], max(values.values())
    still = "still " if got.result == best.result else ""
    assert f"you {still}{VERBS[got.result]} the hand" in words, (words, got, best)
    unit = "point" if abs(got.margin) == 1 else "points"
    margin = "level on points" if got.margin == 0 else f"{abs(got.margin)} {unit} "
    assert margin in words and " 1 points" not in words


def test_a_large_solve_is_explained_in_slices() -> None:
    """A wrong move whose solve needs many slices: the explanation yields between them."""
    words, _, _, yields = explained(large_puzzle())
    assert yields >= 5 and "With best play after it" in words


def test_explaining_needs_a_wrong_move() -> None:
    setup = setup_of(BY_ID["block-2-0001"])
    with pytest.raises(ValueError):
        finish(explain_wrong(PuzzleAttempt(setup), setup.hand(), ("You", "North")))


@pytest.mark.parametrize("puzzle", HIDDEN[::20], ids=lambda puzzle: puzzle.id)
def test_a_hidden_puzzles_wrong_move_is_explained_by_its_proof(puzzle: Puzzle) -> None:
    words, wrong, _, yields = explained(puzzle)
    proof = re.fullmatch(r"deals-(\d+)-of-(\d+)", puzzle.proof)
    assert proof is not None
    best, deals = proof.groups()
    assert f"(the best move in {best} of {deals})" in words
    assert "deals of the hidden tiles" in words and yields == 0  # nothing is solved again
    right = setup_of(puzzle).line[0]
    if isinstance(right, Play) and not (isinstance(wrong, Play) and wrong.tile == right.tile):
        assert str(right.tile) not in words


# --- a hidden-hand puzzle's facts ---------------------------------------------------------------


def hidden(seat: int, seen: str, players: int = 2) -> Puzzle:
    """A hidden-hand puzzle solved by ``seat`` that has seen ``seen`` (the position is not read)."""
    return Puzzle(
        "x-h001", "hidden", "block", seat, 1500, "deals-1-of-1", f"block {players} 100", ("pass",), seen
    )


def test_a_pass_is_said_of_the_seat_that_passed() -> None:
    assert facts_words(hidden(0, "1lacks45"), ("You", "North")) == ["North passed on 4 and 5."]


def test_the_seats_are_turned_to_the_solver() -> None:
    assert facts_words(hidden(1, "0lacks3"), ("You", "North")) == ["North passed on 3."]
    names = ("You", "West", "North", "East")
    # Original seat 0 is one seat before the solver at seat 1: the last seat round the table.
    assert facts_words(hidden(1, "0lacks3", 4), names) == ["East passed on 3."]
    assert facts_words(hidden(3, "1lacks3", 4), names) == ["North passed on 3."]


def test_tiles_not_held_are_said_with_or() -> None:
    said = facts_words(hidden(0, "1lacks6 1not5-5.6-6"), ("You", "North"))
    assert said == ["North passed on 6.", "North does not hold 5-5 or 6-6."]
    assert facts_words(hidden(0, "1not2-2.3-3.4-4"), ("You", "North")) == [
        "North does not hold 2-2, 3-3 or 4-4."
    ]


def test_a_shipped_hidden_puzzles_facts_are_said() -> None:
    puzzle = BY_ID["block-2-h013"]  # solved by seat 1: "0lacks45 0not5-5.6-6"
    assert puzzle.seat == 1 and puzzle.seen == "0lacks45 0not5-5.6-6"
    assert facts_words(puzzle, ("You", "North")) == [
        "North passed on 4 and 5.",
        "North does not hold 5-5 or 6-6.",
    ]


def test_an_open_puzzle_or_nothing_seen_says_nothing() -> None:
    assert facts_words(OPEN[0], ("You", "North")) == []
    assert facts_words(hidden(0, "-"), ("You", "North")) == []


# --- the solve in slices ------------------------------------------------------------------------


@pytest.mark.parametrize("puzzle", OPEN[5::30][:40], ids=lambda puzzle: puzzle.id)
def test_values_in_slices_are_the_values(puzzle: Puzzle) -> None:
    fast = FastHand.from_hand(setup_of(puzzle).hand())
    sliced, _ = finish(values_in_slices(fast, {}))
    whole = move_values(fast)
    assert sliced == whole and list(sliced) == list(whole)


@functools.cache
def large_puzzle() -> Puzzle:
    """A shipped puzzle whose solve needs far more positions than a slice looks at."""
    for puzzle in OPEN:
        try:
            move_values(FastHand.from_hand(setup_of(puzzle).hand()), budget=SLICE_NODES * 10)
        except TooLarge:
            return puzzle
    raise AssertionError("no shipped puzzle needs more than ten slices")


def large_hand() -> FastHand:
    return FastHand.from_hand(setup_of(large_puzzle()).hand())


def test_each_slice_finishes_at_most_its_share_of_positions() -> None:
    fast = large_hand()
    memo: Memo = {}
    thinking = values_in_slices(fast, memo)
    sizes = [0]
    while True:
        try:
            next(thinking)
        except StopIteration as stop:
            values = stop.value
            break
        sizes.append(len(memo))
    steps = [after - before for before, after in itertools.pairwise(sizes)]
    assert len(steps) >= 5
    assert all(0 < step <= SLICE_NODES for step in steps), steps  # progress, within the slice
    assert values == move_values(fast)


def test_a_solve_beyond_the_budget_is_too_large() -> None:
    fast = large_hand()
    with pytest.raises(TooLarge):
        finish(values_in_slices(fast, {}, budget=SLICE_NODES * 3))
    with pytest.raises(TooLarge):
        finish(values_in_slices(fast, {}, slice_nodes=50, budget=200))


# --- choosing the next puzzle -------------------------------------------------------------------


def rated(base: Puzzle, ratings: list[int], prefix: str = "p", theme: str | None = None) -> list[Puzzle]:
    """Puzzles like ``base`` with these ratings, ids ``p00``, ``p01``..."""
    return [
        replace(base, id=f"{prefix}{index:02d}", rating=rating, theme=theme or base.theme)
        for index, rating in enumerate(ratings)
    ]


BLOCK = next(p for p in OPEN if p.variant == "block")
DRAW = next(p for p in OPEN if p.variant == "draw")


def chosen_ids(
    puzzles: list[Puzzle],
    rating: float,
    ratings: dict[str, float],
    tried: set[str],
    variant: str | None = None,
    theme: str | None = None,
) -> Counter[str]:
    """How often each puzzle is chosen over 300 seeded draws."""
    found: Counter[str] = Counter()
    for seed in range(300):
        puzzle = choose_puzzle(puzzles, rating, ratings, tried, random.Random(seed), variant, theme)
        assert puzzle is not None
        found[puzzle.id] += 1
    return found


def test_the_puzzle_is_drawn_from_the_nearest_by_rating() -> None:
    puzzles = rated(BLOCK, [1000 + 50 * i for i in range(30)])  # 1000 to 2450
    nearest = sorted(puzzles, key=lambda p: (abs(p.rating - 1510), p.id))[:NEAREST]
    found = chosen_ids(puzzles, 1510, ratings={}, tried=set())
    assert set(found) == {p.id for p in nearest}  # every one of them, and no other
    assert max(abs(p.rating - 1510) for p in nearest) == 290  # 1800, the twelfth nearest


def test_untried_puzzles_come_first() -> None:
    puzzles = rated(BLOCK, [1500] * 5 + [2500] * 3)
    tried = {p.id for p in puzzles if p.rating == 1500}
    found = chosen_ids(puzzles, 1500, ratings={}, tried=tried)
    assert set(found) == {"p05", "p06", "p07"}


def test_when_every_puzzle_was_tried_any_may_come_again() -> None:
    puzzles = rated(BLOCK, [1400, 1500, 1600])
    found = chosen_ids(puzzles, 1500, ratings={}, tried={p.id for p in puzzles})
    assert set(found) == {"p00", "p01", "p02"}


def test_a_puzzles_moved_rating_counts_over_its_shipped_one() -> None:
    puzzles = rated(BLOCK, [1600] * NEAREST + [3000])
    far = puzzles[-1].id
    assert far not in chosen_ids(puzzles, 1500, ratings={}, tried=set())
    moved = chosen_ids(puzzles, 1500, ratings={far: 1500.0}, tried=set())
    assert far in moved and len(moved) == NEAREST  # it took the place of another
    sunk = chosen_ids(puzzles, 1500, ratings={"p00": 4000.0}, tried=set())
    assert "p00" not in sunk


def test_the_rule_set_and_theme_filters_hold() -> None:
    block = rated(BLOCK, [1500] * 4, "b", theme="block")
    draw = rated(DRAW, [1500] * 4, "d", theme="go-out")
    draw_block = rated(DRAW, [1500] * 2, "x", theme="block")
    puzzles = [*block, *draw, *draw_block]
    assert set(chosen_ids(puzzles, 1500, ratings={}, tried=set(), variant="draw")) == {
        p.id for p in draw + draw_block
    }
    assert set(chosen_ids(puzzles, 1500, ratings={}, tried=set(), theme="block")) == {
        p.id for p in block + draw_block
    }
    assert set(chosen_ids(puzzles, 1500, ratings={}, tried=set(), variant="draw", theme="block")) == {
        "x00",
        "x01",
    }
    assert matching(puzzles, "block", "go-out") == []


def test_nothing_matching_is_none() -> None:
    puzzles = rated(BLOCK, [1500] * 3)
    rng = random.Random(1)
    assert choose_puzzle(puzzles, 1500, {}, set(), rng, variant="draw") is None
    assert choose_puzzle(puzzles, 1500, {}, set(), rng, theme="no-such-theme") is None
    assert choose_puzzle([], 1500, {}, set(), rng) is None


def test_the_same_seed_chooses_the_same_puzzle() -> None:
    first = [choose_puzzle(OPEN, 1500, {}, set(), random.Random(seed)) for seed in range(20)]
    again = [choose_puzzle(OPEN, 1500, {}, set(), random.Random(seed)) for seed in range(20)]
    assert first == again and len({p.id for p in first if p is not None}) > 1


def test_the_shipped_set_offers_a_puzzle_at_every_level() -> None:
    for rating in (800.0, 1500.0, 2400.0):
        puzzle = choose_puzzle(PUZZLES, rating, {}, set(), random.Random(0))
        assert puzzle is not None
        distances = sorted(abs(p.rating - rating) for p in PUZZLES)
        assert abs(puzzle.rating - rating) <= distances[NEAREST - 1]


# --- computer players on a hand taken up from a position -----------------------------------------

THREE_RULE_SETS = ("block", "partnership-block", "fives-and-threes")


def test_the_medium_player_moves_in_every_shipped_position() -> None:
    """It used to fail (an IndexError) on the tiles laid before the position."""
    bot = make_bot("medium")
    tried = 0
    for puzzle in PUZZLES:
        if puzzle.variant not in THREE_RULE_SETS:
            continue
        hand = read_position(puzzle.position).hand()
        action = bot.choose(view_of(hand, hand.turn), random.Random(1))
        assert action in hand.legal_actions(), puzzle.id
        tried += 1
    assert tried > 300


def test_a_position_hands_history_starts_at_its_layout() -> None:
    for puzzle in OPEN[::50]:
        position = read_position(puzzle.position)
        hand = position.hand()
        for seat in range(position.rules.players):
            view = view_of(hand, seat)
            assert view.start_layout == position.layout
            assert view.history_layout() == position.layout
        assert not position.layout.is_empty


def test_replaying_the_history_from_its_layout_gives_the_table() -> None:
    for puzzle in [p for p in OPEN if len(p.line) >= 3][::10]:
        setup = setup_of(puzzle)
        hand = setup.hand()
        for action in setup.line[:-1]:
            hand.apply(action)
        view = view_of(hand, 0)
        layout = view.history_layout()
        for event in view.history:
            if isinstance(event, Played):
                layout = layout.play(event.tile, event.end)
        assert layout == view.layout, puzzle.id


def test_a_dealt_hands_history_starts_at_an_empty_table() -> None:
    rules = make_rules("block", 2)
    hand = Hand.deal(rules, random.Random(3))
    for _ in range(4):
        hand.apply(hand.legal_actions()[0])
    view = view_of(hand, 0)
    assert view.start_layout is None and hand.start_layout is None
    assert view.history_layout().is_empty
    match = Match(make_rules("partnership-block", 4), 5)
    assert match.view(1).start_layout is None and match.view(1).history_layout().is_empty


def test_a_pass_from_a_position_tells_the_others_what_the_passer_lacks() -> None:
    """Its numbers are the open ends at the pass, on a table laid partly before the position."""
    checked: Counter[str] = Counter()
    for puzzle in [p for p in OPEN if "pass" in p.line]:
        setup = setup_of(puzzle)
        hand = setup.hand()
        passer, showing = None, frozenset[int]()
        for action in setup.line:
            if action == Pass():
                passer, showing = hand.turn, frozenset(hand.layout.values)
                hand.apply(action)
                break
            hand.apply(action)
        assert passer is not None and showing
        for seat in range(hand.rules.players):
            if seat != passer:
                knowledge = knowledge_of(view_of(hand, seat))
                assert knowledge.lacks[passer] == showing, puzzle.id
        checked[puzzle.variant] += 1
    assert len(checked) >= 3 and sum(checked.values()) >= 20
