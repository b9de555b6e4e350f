"""A puzzle at the table on CPython (web/puzzles/controller.py): the person's moves checked
against the line and the others answering with its replies, a wrong move failing the first
try for good, the answer shown move by move, the hand played out against the Expert, and
what the table says of the puzzle."""

from __future__ import annotations

import pytest

from engine import IllegalActionError, Pass, Play
from engine.line.actions import Action
from engine.line.ai import think_through
from engine.line.notation.position import read_position
from engine.puzzles.attempt import setup_of
from engine.puzzles.puzzle import Puzzle
from engine.puzzles.shipped import load_puzzles
from web.puzzles.controller import SHOWING_MODE, PuzzleController, PuzzleRun

PUZZLES = {puzzle.id: puzzle for puzzle in load_puzzles()}
LONG = PUZZLES["block-2-0001"]
"""Solved by seat 1 (turned to seat 0), five moves: 6-2, North 6-1, pass, North 1-0, then a
choice again: 4-0."""
FOUR = next(
    p for p in PUZZLES.values() if p.variant == "partnership-block" and p.seat == 3 and len(p.line) >= 3
)
HIDDEN = PUZZLES["block-2-h013"]
"""Solved by seat 1, which has seen seat 0 pass on 4 and 5 and not hold 5-5 or 6-6."""


def started(puzzle: Puzzle, daily: bool = False) -> PuzzleController:
    return PuzzleController.start(PuzzleRun(setup_of(puzzle), daily=daily))


def play_line(controller: PuzzleController) -> int:
    """Play the line on from here: the person's moves as the line has them, the others' as
    the controller's bots think them (as the page does). How many moves the bots played."""
    bots = 0
    while controller.phase in ("human", "bot"):
        if controller.phase == "bot":
            controller.act(think_through(controller.bot_thinking()))
            bots += 1
        else:
            move = controller.attempt.next_move
            assert move is not None
            controller.act(move)
    return bots


def wrong_first(controller: PuzzleController) -> Action:
    right = controller.attempt.next_move
    return next(action for action in controller.view().legal_actions if action != right)


# --- starting -------------------------------------------------------------------------------------


@pytest.mark.parametrize("puzzle", [LONG, FOUR, HIDDEN], ids=lambda puzzle: puzzle.id)
def test_a_puzzle_starts_with_the_person_to_move(puzzle: Puzzle) -> None:
    controller = started(puzzle)
    assert (controller.phase, controller.puzzle_state) == ("human", "solving")
    assert controller.names[0] == "You" and controller.match.turn == 0
    assert controller.run.outcome == "" and controller.before_wrong is None
    assert controller.announcements == [f"Puzzle {puzzle.id}, rated {puzzle.rating}."]
    players = read_position(puzzle.position).rules.players
    assert len(controller.names) == players


def test_the_days_puzzle_is_introduced_as_such() -> None:
    controller = started(LONG, daily=True)
    assert controller.last_announcement == f"Today's puzzle {LONG.id}, rated {LONG.rating}."


def test_an_open_puzzle_shows_every_hand() -> None:
    controller = started(FOUR)
    hand = controller.match.hand
    for seat in range(4):
        assert controller.face_up(seat) == hand.hand_of(seat)
    assert controller.prompt() == "Every hand is face up: one move does best."


def test_a_hidden_puzzle_shows_no_other_hand_and_says_what_was_seen() -> None:
    controller = started(HIDDEN)
    assert controller.face_up(1) is None and controller.face_up(0) is None
    prompt = controller.prompt()
    assert prompt.startswith("You see only your tiles.")
    assert "North passed on 4 and 5." in prompt and "North does not hold 5-5 or 6-6." in prompt
    assert prompt.endswith("One move does best whatever they hold.")


def test_moves_are_not_taken_back_while_solving() -> None:
    controller = started(LONG)
    assert controller.undo_reason() == "In a puzzle, Try again takes your move back."
    controller.act(wrong_first(controller))
    assert "Try again" in controller.undo_reason()


def test_no_hint_while_solving() -> None:
    controller = started(LONG)
    with pytest.raises(ValueError, match="no hints"):
        think_through(controller.hint_thinking())


def test_the_line_is_not_asked_to_move_for_the_person() -> None:
    controller = started(LONG)
    with pytest.raises(ValueError):
        think_through(controller.bot_thinking())


# --- solving ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("puzzle", [LONG, FOUR], ids=lambda puzzle: puzzle.id)
def test_the_right_moves_solve_the_puzzle(puzzle: Puzzle) -> None:
    controller = started(puzzle)
    line = controller.run.setup.line
    controller.act(line[0])
    assert controller.puzzle_state == "solving" and controller.phase == "bot"
    bots = play_line(controller)
    assert bots >= 1
    assert list(controller.match.hand.actions) == list(line)  # the replies were the line's
    assert (controller.puzzle_state, controller.phase, controller.run.outcome) == (
        "solved",
        "puzzle-over",
        "solved",
    )
    assert controller.last_announcement.startswith("Solved! ")


def test_a_move_that_is_not_allowed_fails_nothing() -> None:
    controller = started(LONG)
    assert isinstance(controller.run.setup.line[0], Play)
    controller.act(Pass())  # the person can play, so may not pass
    assert controller.puzzle_state == "solving" and controller.phase == "human"
    assert controller.match.hand.actions == [] and controller.run.outcome == ""
    assert controller.last_announcement == "You can play, so you must."


def test_a_wrong_move_fails_the_try() -> None:
    controller = started(LONG)
    wrong = wrong_first(controller)
    controller.act(wrong)
    assert (controller.puzzle_state, controller.phase, controller.run.outcome) == (
        "failed",
        "puzzle-over",
        "failed",
    )
    assert controller.attempt.wrong == wrong
    before = controller.before_wrong
    assert before is not None
    assert len(before.actions) == len(controller.match.hand.actions) - 1 == 0
    assert controller.match.hand.actions == [wrong]  # the wrong move stays on the table
    assert before.hand_of(0) != controller.match.hand.hand_of(0)


def test_a_wrong_move_later_in_the_line_keeps_the_hand_before_it() -> None:
    controller = started(LONG)
    line = controller.run.setup.line
    controller.act(line[0])
    while controller.attempt.step < 4:  # to the person's choice at the line's step 4
        if controller.phase == "bot":
            controller.act(think_through(controller.bot_thinking()))
        else:
            move = controller.attempt.next_move
            assert move is not None
            controller.act(move)
    assert controller.phase == "human"
    controller.act(wrong_first(controller))
    assert controller.puzzle_state == "failed" and controller.attempt.step == 4
    before = controller.before_wrong
    assert before is not None and list(before.actions) == list(line[:4])


def test_a_later_solved_try_keeps_the_first_outcome() -> None:
    run = PuzzleRun(setup_of(LONG))
    first = PuzzleController.start(run)
    first.act(wrong_first(first))
    assert run.outcome == "failed"
    retry = PuzzleController.start(run, 0)
    assert (retry.phase, retry.puzzle_state) == ("human", "solving")
    retry.act(run.setup.line[0])
    play_line(retry)
    assert retry.puzzle_state == "solved" and run.outcome == "failed"


def test_trying_again_from_the_step_missed() -> None:
    run = PuzzleRun(setup_of(LONG))
    step = 4
    retry = PuzzleController.start(run, step)
    assert list(retry.match.hand.actions) == list(run.setup.line[:step])
    assert retry.attempt.step == step and retry.phase == "human"
    retry.act(run.setup.line[step])
    assert retry.puzzle_state == "solved" and run.outcome == "solved"


# --- the answer shown -------------------------------------------------------------------------------


@pytest.mark.parametrize("puzzle", [LONG, FOUR], ids=lambda puzzle: puzzle.id)
def test_the_answer_is_played_through_move_by_move(puzzle: Puzzle) -> None:
    run = PuzzleRun(setup_of(puzzle))
    controller = PuzzleController.start(run, 0, SHOWING_MODE)
    assert controller.announcements == ["The answer, move by move."]
    assert (controller.phase, controller.puzzle_state) == ("bot", "showing")
    played = []
    while controller.phase == "bot":
        action = think_through(controller.bot_thinking())
        played.append(action)
        controller.act(action)
    assert played == list(run.setup.line)  # every move, the person's too
    assert (controller.phase, controller.puzzle_state) == ("puzzle-over", "shown")
    assert (
        controller.last_announcement == "That was the answer. Next puzzle, or play it out against the Expert."
    )
    assert run.outcome == ""  # showing decides nothing by itself


# --- played out against the Expert ------------------------------------------------------------------


def test_a_missed_puzzle_is_played_out_against_the_expert() -> None:
    controller = started(LONG)
    controller.act(wrong_first(controller))
    controller.play_out()
    assert controller.puzzle_state == "playing-out" and controller.run.outcome == "failed"
    assert controller.last_announcement.startswith("Play it out: the Expert plays the other hands")
    assert controller.phase == "bot" and controller.match.turn == 1
    assert controller.settings.levels == ("expert",)
    action = think_through(controller.bot_thinking())  # the Expert, one move
    assert action in controller.match.hand.legal_actions()
    controller.act(action)
    assert controller.phase == ("human" if controller.match.turn == 0 else "bot")


def test_playing_out_before_solving_counts_as_not_solved() -> None:
    run = PuzzleRun(setup_of(LONG))
    controller = PuzzleController.start(run)
    controller.play_out()
    assert run.outcome == "failed"
    assert (controller.phase, controller.puzzle_state) == ("human", "playing-out")
    right = run.setup.line[0]
    controller.act(right)  # not checked against the line any more
    assert controller.puzzle_state == "playing-out" and run.outcome == "failed"
    assert controller.phase == "bot"


def test_playing_out_lets_the_expert_hint() -> None:
    controller = started(LONG)
    controller.play_out()
    hint = think_through(controller.hint_thinking())
    assert hint.action in controller.view().legal_actions


def test_a_solved_puzzle_may_be_played_out_and_stays_solved() -> None:
    controller = started(LONG)  # its line stops before the hand is over
    controller.act(controller.run.setup.line[0])
    play_line(controller)
    assert not controller.match.hand.is_over and controller.phase == "puzzle-over"
    controller.play_out()
    assert controller.puzzle_state == "playing-out" and controller.run.outcome == "solved"
    assert controller.phase in ("human", "bot")


def test_a_line_that_ends_the_hand_leaves_nothing_to_play_out() -> None:
    controller = started(PUZZLES["block-2-0007"])  # its last move goes out
    controller.act(controller.run.setup.line[0])
    play_line(controller)
    assert controller.match.hand.is_over and controller.phase == "puzzle-over"
    said = len(controller.announcements)
    controller.play_out()
    assert controller.puzzle_state == "solved" and controller.run.outcome == "solved"
    assert len(controller.announcements) == said


def test_the_line_refuses_to_move_once_over() -> None:
    controller = started(LONG)
    controller.act(wrong_first(controller))
    with pytest.raises((ValueError, IllegalActionError)):
        think_through(controller.bot_thinking())
