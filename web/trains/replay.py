"""The replay viewer's model for the train games: a recorded game, stepped move by move.

A step is one action (a tile laid, a draw, a pass, the end of an opening run), told as the
table told it (:func:`engine.trains.explain.tell_move`); the frame at (round, moves) is the
game taken back to that point (:meth:`engine.trains.match.TrainMatch.replayed_to`), shown
as a still table from one seat (:meth:`web.trains.controller.TrainController.viewing`) whose
scene :mod:`web.trains.scene` places. The stepping itself is
:class:`web.replay.model.Stepping`, as for the other games.

Pure Python (standard library and the engine); no browser imports.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.trains.explain import tell_move
from engine.trains.match import TrainMatch
from engine.trains.notation import read_train_record, write_train_record
from web.names import shown_name
from web.painter import Box, SpriteBook
from web.replay.model import Stepping, record_section
from web.seats import seat_names
from web.settings import Settings
from web.storage.game_record import read_settings
from web.trains.controller import TrainController

__all__ = ["TrainFrame", "TrainReplay", "TrainStep"]


@dataclass(frozen=True)
class TrainStep:
    """One action as the viewer lists it: who took it, its notation, and the move told."""

    seat: int
    text: str
    sentence: str


@dataclass(frozen=True)
class TrainFrame:
    """The table after ``move`` actions of round ``hand_index`` (0: as dealt)."""

    hand_index: int
    move: int
    table: TrainController
    last: TrainStep | None

    def draw(
        self,
        window: Any,
        ctx: Any,
        width: float,
        height: float,
        ratio: float,
        sprites: SpriteBook,
        show_all: bool,
    ) -> tuple[object, list[Box]]:
        """Draw the frame on the replay's canvas; its scene and the boxes drawn (every seat's
        hand is its own: the frame shows the seat chosen, ``show_all`` or not)."""
        from web.trains.render import draw_trains_on_canvas
        from web.trains.scene import build_train_scene

        scene = build_train_scene(self.table, width, height)
        return scene, draw_trains_on_canvas(window, ctx, scene, ratio, sprites)


class TrainReplay(Stepping):
    """A game of Mexican Train or Chicken Foot to step through, action by action, seen from
    one seat at a time (the table shows one hand)."""

    all_face_up = False

    def __init__(self, text: str, names: tuple[str, ...] | None = None, rounds: int | None = None) -> None:
        """Step through the record ``text`` (its first ``rounds`` rounds if given); raises
        :class:`~engine.errors.EngineError` if it is not a valid train game record."""
        match = read_train_record(text)
        self.text = text
        self.match = match
        self.settings: Settings = read_settings(text)
        default = seat_names(match.rules.players)
        self.names = names or tuple(
            shown_name(match.tags.get(f"Seat{seat}", ""), default[seat])
            for seat in range(match.rules.players)
        )
        kept = match.rounds if rounds is None else match.rounds[:rounds]
        self.steps: list[list[TrainStep]] = [
            [
                TrainStep(move.seat, str(move.action), tell_move(played, index, self.names))
                for index, move in enumerate(played.moves)
            ]
            for played in kept
        ]

    @classmethod
    def of_text(cls, text: str) -> TrainReplay:
        """The replay of a train game's record (seats named as the record names them)."""
        return cls(text)

    @classmethod
    def of_table(cls, controller: TrainController) -> TrainReplay | None:
        """The replay of the rounds finished at the table (``None`` before the first ends);
        the round being played is left out: its replay would show the others' tiles."""
        finished = len(controller.match.round_points)
        if not finished:
            return None
        return cls(write_train_record(controller.match), controller.names, finished)

    def said(self, frame: TrainFrame) -> str:
        """Where the frame is, what the last action did (or the round's double as dealt), and the totals."""
        played = frame.table.round
        where = f"Round {frame.hand_index + 1}, move {frame.move} of {self.moves_in(frame.hand_index)}"
        what = f"dealt; the round's double is {played.double}." if frame.last is None else frame.last.sentence
        return f"{where}: {what} Totals: {frame.table.totals_text()}."

    def listed(self, step: TrainStep) -> str:
        """The action as the list shows it: who, and what in the record's notation."""
        return f"{self.names[step.seat]}: {step.text}"

    def notation(self, hand_index: int) -> str:
        """The round's part of the record as it writes it: its deal and its actions."""
        return record_section(self.text, "Round", hand_index + 1)

    def summary(self) -> str:
        """Everyone's points after each round, for the viewer's sheet."""
        rounds = self.match.round_points[: self.hand_count]
        return "Points after each round: " + "; ".join(
            f"round {number}: {'-'.join(map(str, points))}" for number, points in enumerate(rounds, start=1)
        )

    def frame(self, hand_index: int, move: int, seat: int = 0) -> TrainFrame:
        """The table after ``move`` actions of round ``hand_index`` (clamped), as ``seat`` sees it."""
        hand_index, move = self.clamp(hand_index, move)
        match: TrainMatch = self.match.replayed_to(hand_index, move)
        table = TrainController.viewing(self.settings, match, self.names, seat)
        last = self.steps[hand_index][move - 1] if move else None
        return TrainFrame(hand_index, move, table, last)
