"""What one seat sees of a game of the train family: everything on the table, its own tiles,
how many tiles the others hold and the boneyard's size, never a hidden tile."""

from __future__ import annotations

from dataclasses import dataclass

from engine.tiles import Tile
from engine.trains.actions import TrainAction
from engine.trains.layout import Train
from engine.trains.match import TrainMatch
from engine.trains.round import Situation, TrainRound
from engine.trains.rules import TrainRules

__all__ = ["TrainSeen", "TrainView", "round_in_world", "train_view"]


@dataclass(frozen=True, slots=True)
class TrainSeen:
    """A train as everyone sees it: its name, owner (a personal train's seat), the number it
    starts from, its tiles in the order laid, the number at its end, and whether a marker
    is on it."""

    name: str
    owner: int | None
    start: int
    tiles: tuple[Tile, ...]
    end: int
    marked: bool


@dataclass(frozen=True, slots=True)
class TrainView:
    """One seat's view of the round in play and of the game's scores."""

    seat: int
    variant: str
    players: int
    round_number: int
    """The round in play, from 0."""
    rounds: int
    double: Tile
    """The round's engine (Mexican Train) or centre double (Chicken Foot)."""
    hand: tuple[Tile, ...]
    hand_counts: tuple[int, ...]
    boneyard: int
    trains: tuple[TrainSeen, ...]
    open_double: str | None
    """Mexican Train: the train whose double must be answered before anything else."""
    foot: str | None
    """Chicken Foot: the train whose chicken foot must get its toes before anything else."""
    toes_laid: int
    turn: int
    drawn: Tile | None
    """The tile this seat drew this turn (only it may be laid now)."""
    running: bool
    """Whether this seat is laying an opening run on its own train."""
    legal: tuple[TrainAction, ...]
    rules: TrainRules
    situation: Situation
    """Where the round stands beside its tiles (how far the player to move is in their turn)."""
    double_blank: int
    """What the 0-0 left in a hand counts at the round's end."""
    round_over: bool
    winner: int | None
    round_points: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    history: tuple[tuple[int, TrainAction, frozenset[int]], ...]
    """Every action of the round so far: the seat, the action (a draw without its tile)
    and, for a draw or a pass, the numbers the player had no tile for then."""


def train_view(match: TrainMatch, seat: int) -> TrainView:
    """What ``seat`` may see now of ``match``."""
    played = match.round
    mine = seat == played.turn and not played.is_over
    return TrainView(
        seat=seat,
        variant=match.rules.variant,
        players=match.rules.players,
        round_number=played.number,
        rounds=match.rules.rounds,
        double=played.double,
        hand=tuple(sorted(played.hands[seat], reverse=True)),
        hand_counts=tuple(len(hand) for hand in played.hands),
        boneyard=len(played.boneyard),
        trains=tuple(
            TrainSeen(
                train.name,
                train.owner,
                train.start,
                tuple(train.tiles),
                train.end,
                train.owner is not None and train.owner in played.markers,
            )
            for train in played.trains.values()
        ),
        open_double=played.open_double,
        foot=played.foot,
        toes_laid=played.toes_laid,
        turn=played.turn,
        drawn=played.drawn if mine else None,
        running=played.running and mine,
        legal=played.legal_actions(seat),
        rules=match.rules,
        situation=played.situation(),
        double_blank=match.rules.double_blank,
        round_over=played.is_over,
        winner=played.winner,
        round_points=tuple(match.round_points),
        totals=match.totals,
        history=tuple((move.seat, move.action, move.lacked) for move in played.moves),
    )


def round_in_world(view: TrainView, hands: list[list[Tile]], boneyard: list[Tile]) -> TrainRound:
    """The round ``view`` shows, with the hidden tiles where a guess puts them: ``hands``
    (the view's own seat holding its own tiles) and ``boneyard`` (its top first). A search
    plays on from it without having seen a hidden tile."""
    trains = [Train(seen.name, seen.start, seen.owner, list(seen.tiles), seen.end) for seen in view.trains]
    return TrainRound.in_position(
        view.rules, view.round_number, hands, boneyard, trains, view.situation, view.drawn
    )
