"""What one seat may know: the only thing a bot (or a seat's UI) is ever given."""

from __future__ import annotations

from dataclasses import dataclass

from engine.line.actions import Action, Claim
from engine.line.events import Event, HandResult
from engine.line.hand import Hand
from engine.line.layout import Layout
from engine.line.rules import Rules
from engine.tiles import Tile

__all__ = ["PlayerView", "view_of"]


@dataclass(frozen=True, slots=True)
class PlayerView:
    """Exactly what ``seat`` sees: its own tiles, the table, counts, and public history.

    Other seats' tiles and the boneyard's order are absent; after the hand ends the
    ``result`` (with every hand revealed) is public.
    """

    rules: Rules
    seat: int
    hand: tuple[Tile, ...]
    layout: Layout
    turn: int
    hand_counts: tuple[int, ...]
    boneyard_count: int
    history: tuple[Event, ...]
    legal_actions: tuple[Action, ...]
    """What this seat may do now; empty when it is not this seat's turn."""
    scores: tuple[int, ...] = ()
    result: HandResult | None = None
    claims: tuple[Claim, ...] = ()
    """With manual scoring: the claim this seat may make now, in turn or not."""
    opening_tile: Tile | None = None
    """The tile the rules made the opener open with (``None``: any tile), as everyone knows."""
    start_layout: Layout | None = None
    """The layout ``history`` starts from: ``None`` for a hand played from its deal, the
    position's layout for a hand taken up from a position (who laid those tiles is unknown)."""

    def history_layout(self) -> Layout:
        """The layout as it was before the first event of ``history``."""
        return Layout(self.rules.spinner) if self.start_layout is None else self.start_layout

    @property
    def is_my_turn(self) -> bool:
        """Whether this seat is to move in an unfinished hand."""
        return self.result is None and self.turn == self.seat


def view_of(hand: Hand, seat: int, scores: tuple[int, ...] = ()) -> PlayerView:
    """The view of ``hand`` from ``seat``, with the match ``scores`` if there is a match."""
    return PlayerView(
        rules=hand.rules,
        seat=seat,
        hand=hand.hand_of(seat),
        layout=hand.layout,
        turn=hand.turn,
        hand_counts=hand.hand_counts(),
        boneyard_count=hand.boneyard_count,
        history=tuple(hand.history),
        legal_actions=hand.legal_actions() if hand.turn == seat else (),
        scores=scores,
        result=hand.result,
        claims=hand.legal_claims(seat),
        opening_tile=hand.opening.tile,
        start_layout=hand.start_layout,
    )
