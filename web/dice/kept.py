"""A Dice and Dominoes session as the history keeps it (:class:`web.storage.history.Kept`):
its day, players, result for the person and chips. A session is won when it ends with the
person holding more chips than anyone; its "points" are chips: those the person took from
the pot, and those the others took. Sessions are not rated (the arena finds their results
mostly luck: ``docs/computer-players.md``)."""

from __future__ import annotations

import datetime

from web.dice.controller import DiceController
from web.settings import HUMAN
from web.storage.history import Kept

__all__ = ["dice_match_id", "kept_of_dice"]


def dice_match_id(controller: DiceController, slot_key: str) -> str:
    """The session at the table as the history tells sessions apart: its save slot's key and
    its seed (a session is dealt and thrown from its one seed)."""
    return f"{slot_key}:{controller.session.seed}:dice"


def kept_of_dice(controller: DiceController, match_id: str, day: datetime.date) -> Kept:
    """The history's entry for ``controller``'s session, played on ``day`` (its record is
    kept beside it: ``controller.save()``), from seat 0's side (the device's owner)."""
    session = controller.session
    settings = controller.settings
    levels = tuple(
        HUMAN if seat in controller.human_seats else settings.levels[seat - 1]
        for seat in range(1, settings.players)
    )
    if controller.pass_and_play:
        outcome = "shared"
    elif not session.is_over:
        outcome = "unfinished"
    else:
        outcome = "won" if session.chips[0] > max(session.chips[1:]) else "lost"
    mine = [payout for payout in session.payouts if 0 in payout.winners]
    return Kept(
        match_id=match_id,
        day=day.isoformat(),
        variant=settings.variant,
        players=settings.players,
        levels=levels,
        outcome=outcome,
        scores=tuple(session.chips),
        side=0,
        hands=len(session.payouts),
        hands_won=len(mine),
        points_for=sum(payout.share for payout in mine),
        points_against=sum(
            payout.share * (len(payout.winners) - (0 in payout.winners)) for payout in session.payouts
        ),
    )
