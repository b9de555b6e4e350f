"""The replay viewer's model for Dice and Dominoes: a recorded session, stepped round by round.

A step is a round: the dice, what everyone put out and what the reveal did. The frame at
(hand, rounds) is the session replayed from the record to that point
(:func:`engine.dice.notation.replay_dice_record`), shown as a still table
(:meth:`web.dice.controller.DiceController.viewing`) whose scene :mod:`web.dice.scene`
places. The stepping itself is :class:`web.replay.model.Stepping`, as for the other games.

Pure Python (standard library and the engine); no browser imports.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.dice.explain import explain_round
from engine.dice.hand import DiceRound
from engine.dice.notation import read_dice_record, replay_dice_record, write_dice_record
from web.dice.controller import DiceController
from web.names import shown_name
from web.painter import Box, SpriteBook
from web.replay.model import Stepping, record_section
from web.seats import seat_names
from web.settings import Settings
from web.storage.game_record import read_settings

__all__ = ["DiceFrame", "DiceReplay", "DiceStep"]


@dataclass(frozen=True)
class DiceStep:
    """One round as the viewer lists it: its dice, and the reveal told."""

    text: str
    sentence: str


@dataclass(frozen=True)
class DiceFrame:
    """The table after ``move`` rounds of hand ``hand_index`` (0 rounds: as dealt)."""

    hand_index: int
    move: int
    table: DiceController
    last: DiceStep | None

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
        """Draw the frame on the replay's canvas (every seat's tiles face up if ``show_all``);
        its scene and the boxes drawn."""
        from web.dice.render import draw_dice_on_canvas
        from web.dice.scene import build_dice_scene

        scene = build_dice_scene(self.table, width, height, show_all=show_all)
        return scene, draw_dice_on_canvas(window, ctx, scene, ratio, sprites, None)


class DiceReplay(Stepping):
    """A session of Dice and Dominoes to step through, round by round."""

    def __init__(self, text: str, names: tuple[str, ...] | None = None, hands: int | None = None) -> None:
        """Step through the record ``text`` (its first ``hands`` hands if given); raises
        :class:`~engine.errors.EngineError` if it is not a valid dice record."""
        session = read_dice_record(text)
        self.text = text
        self.settings: Settings = read_settings(text)
        default = seat_names(session.players)
        self.names = names or tuple(
            shown_name(session.tags.get(f"Seat{seat}", ""), default[seat]) for seat in range(session.players)
        )
        kept = session.hands if hands is None else session.hands[:hands]
        self.steps: list[list[DiceStep]] = [
            [self._step(number, played, seating) for number, played in enumerate(hand.rounds, start=1)]
            for seating, hand in kept
        ]
        self.payouts = session.payouts

    def _step(self, number: int, played: DiceRound, seating: tuple[int, ...]) -> DiceStep:
        story = explain_round(played, [self.names[seat] for seat in seating])
        dice = f"{played.dice[0]}-{played.dice[1]}"
        return DiceStep(f"Round {number}: dice {dice}", " ".join((story.headline, *story.seats)))

    @classmethod
    def of_text(cls, text: str) -> DiceReplay:
        """The replay of a dice record's text (seats named as the record names them)."""
        return cls(text)

    @classmethod
    def of_table(cls, controller: DiceController) -> DiceReplay | None:
        """The replay of the hands finished at the table (``None`` before the first ends);
        the hand being played is left out: its replay would show the others' tiles."""
        finished = len(controller.session.payouts)
        if not finished:
            return None
        return cls(write_dice_record(controller.session, pending=False), controller.names, finished)

    def summary(self) -> str:
        """Everyone's chips after each hand, for the viewer's sheet."""
        return "Chips after each hand: " + "; ".join(
            f"hand {number}: {'-'.join(map(str, payout.chips))}"
            for number, payout in enumerate(self.payouts[: self.hand_count], start=1)
        )

    def said(self, frame: DiceFrame) -> str:
        """Where the frame is, what the round's reveal did (or the dice as dealt) and the chips."""
        where = f"Hand {frame.hand_index + 1}, round {frame.move} of {self.moves_in(frame.hand_index)}"
        chips = frame.table.chips_text()
        if frame.last is None:
            dice = frame.table.hand.dice
            return f"{where}: dealt; the dice show {dice[0]} and {dice[1]}. {chips}."
        return f"{where}: {frame.last.sentence} {chips}."

    def listed(self, step: DiceStep) -> str:
        """The round and its dice."""
        return step.text

    def notation(self, hand_index: int) -> str:
        """The hand's part of the record as it writes it: its deal and its rounds."""
        return record_section(self.text, "Hand", hand_index + 1)

    def frame(self, hand_index: int, move: int, seat: int = 0) -> DiceFrame:
        """The table after ``move`` rounds of hand ``hand_index`` (clamped), as ``seat`` sees it."""
        hand_index, move = self.clamp(hand_index, move)
        session = replay_dice_record(self.text, hand_index, move)
        table = DiceController.viewing(self.settings, session, self.names, seat)
        last = self.steps[hand_index][move - 1] if move else None
        return DiceFrame(hand_index, move, table, last)
