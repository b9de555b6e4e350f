"""The replay viewer's model: a recorded match, stepped through move by move.

A :class:`Replay` holds a match read from a record (or copied from the table) and gives
the :class:`Frame` at any point: which hand, how many of its moves are made, the hand as
it then stood and the match score. The page draws frames (:mod:`web.replay.scene`) and
moves through them; this module decides nothing about pixels.

Pure Python (standard library and the engine); no browser imports.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine import Claim, Draw, Hand, Lead, Match, Pass, Penalized, Play, Scored
from engine.line.notation import read_record, write_record
from engine.line.notation.moves import action_words
from engine.words import agree, sentence
from web.line.controller import Controller
from web.names import shown_name
from web.seats import seat_names
from web.settings import Settings
from web.storage.game_record import read_game

__all__ = ["Frame", "Replay", "Step", "Stepping", "record_section"]


@dataclass(frozen=True)
class Step:
    """One move of a hand as the viewer lists it: who made it, its notation (``text``), a
    sentence for the caption, and the move in a few words for the list ("6-4 on the 4")."""

    seat: int
    text: str
    sentence: str
    words: str = ""


@dataclass(frozen=True)
class Frame:
    """The table after ``move`` moves of hand ``hand_index`` (0 moves: as dealt)."""

    hand_index: int
    move: int
    hand: Hand
    scores: tuple[int, ...]
    """The match score at this point (what was scored in play so far this hand included)."""
    last: Step | None
    """The move just made (``None`` at the start of a hand)."""


def record_section(text: str, tag: str, number: int) -> str:
    """The part of a record's ``text`` that the tag ``[tag "number"]`` starts, to the next
    ``tag`` (a hand of Dice and Dominoes, a round of a train game); "" if there is none."""
    start = text.find(f'[{tag} "{number}"]')
    if start < 0:
        return ""
    end = text.find(f"[{tag} ", start + 1)
    return text[start : end if end >= 0 else len(text)].strip()


class Stepping(ABC):
    """Hands of moves to step through, as the replay viewer steps them (any game's replay):
    each kind of game's replay gives its frames and says them in words."""

    steps: Sequence[Sequence[Any]]
    """Each hand's moves (at least one hand)."""

    names: tuple[str, ...]
    """The players' names, by seat."""

    settings: Settings
    """The game's settings, as its record gives them."""

    reviewable: bool = False
    """Whether the viewer offers the hand review, playing on from a move and puzzle links."""

    all_face_up: bool = True
    """Whether the viewer can show every hand face up at once (a train game's table shows
    one seat's hand: it is viewed seat by seat)."""

    @abstractmethod
    def frame(self, hand_index: int, move: int, seat: int = 0) -> Any:
        """The table after ``move`` moves of hand ``hand_index`` (clamped to what exists), as
        ``seat`` sees it where the kind of game hides something even in a replay."""

    @abstractmethod
    def said(self, frame: Any) -> str:
        """What the viewer says of a frame: where it is in the record and what just happened."""

    @abstractmethod
    def listed(self, step: Any) -> str:
        """A move as the viewer's list of moves shows it, in words."""

    @abstractmethod
    def notation(self, hand_index: int) -> str:
        """Hand ``hand_index``'s moves in the record's notation, one numbered line each (what
        the viewer's Copy moves copies)."""

    def summary(self) -> str:
        """The score after each hand in words, for the viewer's sheet where the kind of game
        has no score sheet of its own (the line games' is drawn from their controller)."""
        return ""

    @property
    def hand_count(self) -> int:
        """How many hands the record holds (the last may be unfinished)."""
        return len(self.steps)

    def moves_in(self, hand_index: int) -> int:
        """How many moves hand ``hand_index`` has."""
        return len(self.steps[hand_index])

    def clamp(self, hand_index: int, move: int) -> tuple[int, int]:
        """The nearest point that exists to (hand, move)."""
        hand_index = min(max(hand_index, 0), self.hand_count - 1)
        return hand_index, min(max(move, 0), self.moves_in(hand_index))

    def forward(self, hand_index: int, move: int) -> tuple[int, int]:
        """The point one move later (into the next hand after the last move of one)."""
        if move < self.moves_in(hand_index):
            return hand_index, move + 1
        if hand_index + 1 < self.hand_count:
            return hand_index + 1, 0
        return hand_index, move

    def back(self, hand_index: int, move: int) -> tuple[int, int]:
        """The point one move earlier (the end of the hand before, from the start of one)."""
        if move > 0:
            return hand_index, move - 1
        if hand_index > 0:
            return hand_index - 1, self.moves_in(hand_index - 1)
        return hand_index, move


class Replay(Stepping):
    """A match to step through: hands, their moves, and the table at any move."""

    reviewable = True

    def __init__(
        self, settings: Settings, match: Match, names: tuple[str, ...], hands: int | None = None
    ) -> None:
        """Step through ``match`` (a copy: later moves at the table are not seen), its first
        ``hands`` hands if given."""
        self.settings = settings
        self.match = read_record(write_record(match))
        self.names = names
        shown = self.match.hands if hands is None else self.match.hands[:hands]
        self.steps: list[list[Step]] = [self._steps_of(hand) for hand in shown]

    @classmethod
    def of_text(cls, text: str) -> Replay:
        """The replay of a record's text; raises :class:`~engine.errors.EngineError` if it is not valid.

        Seats are named as the record names them (``Seat0``…, made safe to show by
        :func:`web.names.shown_name`), else by where they sit.
        """
        settings, match = read_game(text)
        default = seat_names(settings.players)
        names = tuple(
            shown_name(match.tags.get(f"Seat{seat}", ""), default[seat]) for seat in range(settings.players)
        )
        return cls(settings, match, names)

    @classmethod
    def of_table(cls, controller: Controller) -> Replay | None:
        """The replay of the hands finished at the table (``None`` before the first ends).

        The hand being played is left out: its replay would show the other players' tiles.
        """
        finished = len(controller.match.results)
        if not finished:
            return None
        return cls(controller.settings, controller.match, controller.names, finished)

    def frame(self, hand_index: int, move: int, seat: int = 0) -> Frame:
        """The table after ``move`` moves of hand ``hand_index`` (clamped to what exists;
        every tile is in it: the viewer chooses whose it shows)."""
        hand_index, move = self.clamp(hand_index, move)
        recorded = self.match.hands[hand_index]
        rules = self.match.rules
        hand = recorded.start_copy()
        for action in recorded.actions[:move]:
            hand.apply(action)
        ended = recorded.result
        if ended is not None and ended.reason == "target" and move == len(recorded.actions):
            assert ended.winner_seat is not None
            hand.end_at_target(
                ended.winner_seat
            )  # the match, not the hand, ended it: a side reached the target
        before = self.match.sheet[hand_index - 1].totals if hand_index else self.match.start_scores
        scores = list(before)
        for event in hand.history:
            if isinstance(event, Scored):
                scores[rules.side_of(event.seat)] += event.points
            elif isinstance(event, Penalized):
                scores[rules.side_of(event.seat)] -= event.points
        if hand.is_over and hand_index < len(self.match.sheet):
            scores = list(self.match.sheet[hand_index].totals)
        last = self.steps[hand_index][move - 1] if move else None
        return Frame(hand_index, move, hand, tuple(scores), last)

    def said(self, frame: Frame) -> str:
        """Where the frame is, what was just played (with the hand's end) and the score."""
        where = f"Hand {frame.hand_index + 1}, move {frame.move} of {self.moves_in(frame.hand_index)}"
        scores = "-".join(str(score) for score in frame.scores)
        if frame.last is None:
            opener = self.names[frame.hand.opening.seat]
            what = (
                f"{opener} to open"
                if not frame.hand.opening.lead_choices
                else f"{opener} to choose who leads"
            )
            return f"{where}: dealt; {what}. Score {scores}."
        ended = ""
        result = frame.hand.result
        if result is not None:
            sheet = self.match.sheet
            award = sheet[frame.hand_index].award if frame.hand_index < len(sheet) else ()
            ended = " " + sentence(result.describe(self.names, award))
        return f"{where}: {frame.last.sentence}{ended} Score {scores}."

    def listed(self, step: Step) -> str:
        """Who moved, and the move in words ("West: 6-4 on the 4")."""
        return f"{self.names[step.seat]}: {step.words}"

    def notation(self, hand_index: int) -> str:
        """The hand's moves as the record writes them ("1. West 6-4@4-4E")."""
        return "\n".join(
            f"{number}. {self.names[step.seat]} {step.text}"
            for number, step in enumerate(self.steps[hand_index], start=1)
        )

    def _steps_of(self, recorded: Hand) -> list[Step]:
        """Each move of a hand with its notation and a sentence naming the player."""
        hand = recorded.start_copy()
        steps = []
        for action in recorded.actions:
            seat = action.seat if isinstance(action, Claim) else hand.turn
            layout = hand.layout
            drawn = hand.boneyard()[-1] if isinstance(action, Draw) else None
            value = layout.value(action.end) if isinstance(action, Play) and action.end is not None else None
            seen = len(hand.history)
            hand.apply(action)
            scored = sum(event.points for event in hand.history[seen:] if isinstance(event, Scored))
            text = " ".join(action_words(layout, action, drawn))
            words = _move_words(action, value, drawn, scored, self.names)
            steps.append(Step(seat, text, self._sentence(seat, action, value, drawn, scored), words))
        return steps

    def _sentence(self, seat: int, action: object, value: int | None, drawn: object, scored: int) -> str:
        name = self.names[seat]
        if isinstance(action, Play):
            where = "" if value is None else f" on the {value}"
            said = f"{name} {agree(name, 'plays')} {action.tile}{where}"
        elif isinstance(action, Draw):
            said = f"{name} {agree(name, 'draws')} {drawn}"
        elif isinstance(action, Pass):
            said = f"{name} {agree(name, 'passes')}"
        elif isinstance(action, Lead):
            said = f"{name} {agree(name, 'chooses')} {self.names[action.seat]} to lead"
        elif isinstance(action, Claim):
            said = f"{name} {agree(name, 'claims muggins' if action.muggins else 'calls')}"
        else:
            said = f"{name}: {action}"
        return said + (f", scoring {scored}." if scored else ".")


def _move_words(action: object, value: int | None, drawn: object, scored: int, names: tuple[str, ...]) -> str:
    """A move in a few words, its player left out ("6-4 on the 4", "draws 5-3", "passes")."""
    if isinstance(action, Play):
        said = f"{action.tile}" if value is None else f"{action.tile} on the {value}"
    elif isinstance(action, Draw):
        said = f"draws {drawn}"
    elif isinstance(action, Pass):
        said = "passes"
    elif isinstance(action, Lead):
        said = f"chooses {names[action.seat]} to lead"
    elif isinstance(action, Claim):
        said = "claims Muggins" if action.muggins else "calls"
    else:
        said = str(action)
    return said + (f", scores {scored}" if scored else "")
