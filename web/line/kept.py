"""A line-game match as the history keeps it (:class:`web.storage.history.Kept`): its day,
rule set, players, result for the person and figures, from the controller at the table;
and what it counts for the person's rating (:func:`rating_results`)."""

from __future__ import annotations

import datetime

from engine.catalogue import computer_players, get_game
from web.line.controller import Controller
from web.settings import HUMAN
from web.storage.history import Kept

__all__ = ["kept_of", "match_id_of", "rating_results"]


def match_id_of(controller: Controller, slot_key: str) -> str:
    """The match at the table as the statistics and the history tell matches apart: its save
    slot's key, its seed and the first hand's first deal."""
    match = controller.match
    return f"{slot_key}:{match.seed}:{' '.join(map(str, match.hands[0].dealt[0]))}"


def kept_of(controller: Controller, match_id: str, day: datetime.date) -> Kept:
    """The history's entry for ``controller``'s match, played on ``day`` (its record is kept
    beside it: ``controller.save()``). The figures are the person's side's (seat 0's when
    people share the device, whose match is then ``shared``)."""
    match = controller.match
    rules = match.rules
    mine = rules.side_of(controller.human_seat)
    levels = tuple(
        HUMAN if player == 0 else controller.settings.levels[player - 1]
        for seat, player in enumerate(controller.player_at)
        if seat != controller.human_seat
    )
    if controller.pass_and_play:
        outcome = "shared"
    elif match.result is None:
        outcome = "unfinished"
    else:
        outcome = "won" if match.result.winner_side == mine else "lost"
    sheet = match.sheet
    return Kept(
        match_id=match_id,
        day=day.isoformat(),
        variant=rules.variant,
        players=rules.players,
        levels=levels,
        outcome=outcome,
        scores=tuple(match.scores),
        side=mine,
        hands=len(sheet),
        hands_won=sum(line.result.winner_side == mine for line in sheet),
        points_for=sum(line.gained[mine] for line in sheet),
        points_against=sum(sum(line.gained) - line.gained[mine] for line in sheet),
    )


def rating_results(controller: Controller) -> tuple[str, list[tuple[int, float]]]:
    """The family a finished match is rated in, and per opposing computer seat its level's
    rating and the person's score against it: 1 if the person's side finished above that
    seat's, 0.5 if level, 0 if below. Nothing to rate (``[]``) in a match not over, shared
    by people, or against a level the arena has not rated."""
    match = controller.match
    rules = match.rules
    family = get_game(rules.variant).group
    if match.result is None or controller.pass_and_play:
        return family, []
    players = computer_players(rules.variant)
    mine = rules.side_of(controller.human_seat)
    results: list[tuple[int, float]] = []
    for seat, player in enumerate(controller.player_at):
        side = rules.side_of(seat)
        if side == mine:
            continue
        rating = players.rating(family, controller.settings.levels[player - 1]) if player else None
        if rating is None:
            return family, []
        ahead = match.scores[mine] - match.scores[side]
        results.append((rating, 1.0 if ahead > 0 else 0.5 if ahead == 0 else 0.0))
    return family, results
