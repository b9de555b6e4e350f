"""A puzzle at the table: the line-of-play controller, with the moves checked against the
puzzle's line instead of answered by computer players.

The person sits at seat 0 (the puzzle is turned to the solver, :mod:`engine.puzzles.attempt`).
Each of their moves is checked at once against the shipped answer: the right one plays on
and the other seats answer with the line's replies, until the puzzle is solved; a wrong one
stays on the table and fails the attempt. Then the person may try again from the move they
missed, see the answer played through, or play the hand out against the Expert.

No browser imports.
"""

from __future__ import annotations

import copy
from collections.abc import Generator
from dataclasses import dataclass, field

from engine import Action, Claim, Hand, Tile
from engine.line.ai.hint import Hint
from engine.line.notation import read_position
from engine.puzzles.attempt import FAILED, SOLVED, SOLVING, PuzzleAttempt, PuzzleSetup, facts_words
from engine.puzzles.themes import THEMES
from web.line.controller import Controller
from web.storage.game_record import game_from_position

__all__ = ["OPPONENT_LEVEL", "PuzzleController", "PuzzleRun"]

OPPONENT_LEVEL = "expert"
"""Who the person plays when they play a puzzle out."""

SOLVING_MODE, SHOWING_MODE, PLAYING_OUT_MODE = "solving", "showing", "playing-out"
"""What the table is doing with the puzzle: the person solving it, its answer being played
through, or the hand played out against the Expert."""


@dataclass
class PuzzleRun:
    """One puzzle put on the table, across the tries at it (each try a new controller)."""

    setup: PuzzleSetup
    daily: bool = False
    """Whether it is the day's puzzle."""
    rated: bool = True
    """Whether its first try moves the person's puzzle rating (a shipped puzzle's does; one a
    link carries does not)."""
    outcome: str = ""
    """How the first try ended: ``"solved"``, ``"failed"`` (a wrong move, or the answer
    shown before it was found), or ``""`` while it is under way."""
    rating_words: str = ""
    """How the person's puzzle rating moved with the first try (once it was rated)."""
    explanations: dict[int, str] = field(default_factory=dict)
    """Why a wrong move was wrong, by the line's step, once worked out."""

    @property
    def puzzle_id(self) -> str:
        """The puzzle's id."""
        return self.setup.puzzle.id


class PuzzleController(Controller):
    """The match of one try at a puzzle: its position, the line so far, and the mode."""

    run: PuzzleRun
    attempt: PuzzleAttempt
    mode: str
    before_wrong: Hand | None

    @classmethod
    def start(cls, run: PuzzleRun, step: int = 0, mode: str = SOLVING_MODE) -> PuzzleController:
        """A try at ``run``'s puzzle from its position with the line's first ``step`` moves
        played; in ``mode`` (the answer shown plays the whole line from the start)."""
        setup = run.setup
        players = read_position(setup.position).rules.players
        settings, match = game_from_position(setup.position, 0, (OPPONENT_LEVEL,) * (players - 1))
        for action in setup.line[:step]:
            match.apply(action)
        controller = cls.over(settings, match)
        controller.run = run
        controller.attempt = PuzzleAttempt(setup)
        controller.attempt.step = step
        controller.mode = mode
        controller.before_wrong = None
        controller.announcements.clear()
        controller._say(controller.introduction() if mode == SOLVING_MODE else "The answer, move by move.")
        return controller

    # --- what the page shows ------------------------------------------------------------

    @property
    def phase(self) -> str:
        """As a match's (:attr:`Controller.phase`), with ``puzzle-over`` once nothing more is
        to be played: the puzzle solved or missed, the answer shown, or the hand played out."""
        if self.match.hand.is_over:
            return "puzzle-over"
        if self.mode == SHOWING_MODE:
            return "bot" if self.attempt.state == SOLVING else "puzzle-over"
        if self.mode == SOLVING_MODE and self.attempt.state != SOLVING:
            return "puzzle-over"
        return "human" if self.match.turn == 0 else "bot"

    @property
    def puzzle_state(self) -> str:
        """``solving``, ``solved``, ``failed``, ``shown`` (the answer played through) or
        ``playing-out``, as the page and the tests read it."""
        if self.mode == SHOWING_MODE:
            return "shown" if self.attempt.state == SOLVED else "showing"
        if self.mode == PLAYING_OUT_MODE:
            return "playing-out"
        return self.attempt.state

    def face_up(self, seat: int) -> tuple[Tile, ...] | None:
        """Every hand is face up in an open-hand puzzle; only the person's in a hidden-hand one."""
        if self.run.setup.puzzle.kind != "open":
            return None
        return self.match.hand.hand_of(seat)

    def prompt(self) -> str:
        """What the person knows beyond the table, under "Your move: find the best one"."""
        puzzle = self.run.setup.puzzle
        if puzzle.kind == "open":
            return "Every hand is face up: one move does best."
        facts = " ".join(facts_words(puzzle, self.names))
        return f"You see only your tiles.{' ' + facts if facts else ''} One move does best whatever they hold."

    def introduction(self) -> str:
        """What is said as the puzzle comes to the table."""
        puzzle = self.run.setup.puzzle
        day = "Today's puzzle" if self.run.daily else "Puzzle"
        return f"{day} {puzzle.id}, rated {puzzle.rating}."

    def theme(self) -> str:
        """The puzzle's theme in a player's words."""
        return THEMES.get(self.run.setup.puzzle.theme, "")

    def undo_reason(self) -> str:
        """Moves are not taken back in a puzzle: Try again does that."""
        if self.mode == PLAYING_OUT_MODE:
            return super().undo_reason()
        return "In a puzzle, Try again takes your move back."

    # --- moves -----------------------------------------------------------------------------

    def act(self, action: Action) -> None:
        """Play ``action``; the person's move while solving is checked against the line."""
        solving = self.mode == SOLVING_MODE and self.attempt.state == SOLVING
        if not solving or isinstance(action, Claim) or self.match.turn != 0 or not self.can(action):
            super().act(action)
            if self.mode == SHOWING_MODE and self.attempt.state == SOLVED:
                self._say("That was the answer. Next puzzle, or play it out against the Expert.")
            return
        before = copy.deepcopy(self.match.hand)
        right = self.attempt.solver_moves(action)
        super().act(action)
        if not right:
            self.before_wrong = before
            self._settle(FAILED)
        elif self.attempt.state == SOLVED:
            self._settle(SOLVED)
            self._say(f"Solved! {self.theme()}.")

    def _settle(self, outcome: str) -> None:
        """The first try's outcome is the one that counts."""
        if not self.run.outcome:
            self.run.outcome = outcome

    def bot_thinking(self) -> Generator[None, None, Action]:
        """The other seats answer with the line's replies (the answer shown: every move of
        it); played out, the Expert thinks."""
        if self.mode == PLAYING_OUT_MODE:
            action = yield from super().bot_thinking()
            return action
        if self.phase != "bot":
            raise ValueError("no seat of the line is to move")
        return self.attempt.reply()

    def hint_thinking(self) -> Generator[None, None, Hint]:
        """A hint only while the hand is played out (a puzzle's answer is not hinted)."""
        if self.mode != PLAYING_OUT_MODE:
            raise ValueError("no hints while solving a puzzle")
        found = yield from super().hint_thinking()
        return found

    def play_out(self) -> None:
        """From here on, the person plays the hand out against the Expert."""
        if self.match.hand.is_over:
            return
        if not self.run.outcome:
            self.run.outcome = FAILED  # (played out before it was solved: not solved)
        self.mode = PLAYING_OUT_MODE
        self._say("Play it out: the Expert plays the other hands (seeing only its own tiles).")
