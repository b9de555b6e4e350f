"""A game of the train family as the history keeps it (:class:`web.storage.history.Kept`): its
day, players, result for the person and points. Lower is better in these games: the person
wins with the lowest total (a tie for it is a shared win, counted won); the points "against"
them are those they kept in hand, the points "for" them those the average other player kept;
a round is "won" by going out. Games are not rated (the arena has not measured the train
levels against people's ratings)."""

from __future__ import annotations

import datetime

from web.settings import HUMAN
from web.storage.history import Kept
from web.trains.controller import TrainController

__all__ = ["kept_of_trains", "trains_match_id"]


def trains_match_id(controller: TrainController, slot_key: str) -> str:
    """The game at the table as the history tells games apart: its save slot's key, its
    seed and its variant (every round is dealt from the one seed)."""
    return f"{slot_key}:{controller.match.seed}:{controller.settings.variant}"


def kept_of_trains(controller: TrainController, match_id: str, day: datetime.date) -> Kept:
    """The history's entry for ``controller``'s game, played on ``day`` (its record is kept
    beside it: ``controller.save()``), from seat 0's side (the device's owner)."""
    match = controller.match
    settings = controller.settings
    levels = tuple(
        HUMAN if seat in controller.human_seats else settings.levels[seat - 1]
        for seat in range(1, settings.players)
    )
    if controller.pass_and_play:
        outcome = "shared"
    elif not match.is_over:
        outcome = "unfinished"
    else:
        outcome = "won" if 0 in match.winners() else "lost"
    finished = match.rounds[: len(match.round_points)]
    others = settings.players - 1
    return Kept(
        match_id=match_id,
        day=day.isoformat(),
        variant=settings.variant,
        players=settings.players,
        levels=levels,
        outcome=outcome,
        scores=match.totals,
        side=0,
        hands=len(match.round_points),
        hands_won=sum(played.winner == 0 for played in finished),
        points_for=round(sum(sum(points) - points[0] for points in match.round_points) / others),
        points_against=sum(points[0] for points in match.round_points),
    )
