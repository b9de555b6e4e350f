"""Matches as the history keeps them, for the tests of the history and what is drawn from it."""

from __future__ import annotations

from dataclasses import replace

from engine.line.notation import write_record
from engine.line.selfplay import bot_match
from tests.helpers.storage import DictStorage
from web.storage.history import History, Kept

__all__ = ["kept", "last_move_record", "stored"]


def kept(number: int, day: str = "2026-11-28", **changes: object) -> Kept:
    """A kept match numbered ``number`` (its id and record say which)."""
    base = Kept(
        match_id=f"slot:{number}:6-6",
        day=day,
        variant="draw-2",
        players=2,
        levels=("expert",),
        outcome="won",
        scores=(100, 87),
        side=0,
        hands=5,
        hands_won=3,
        points_for=100,
        points_against=87,
        chars=1,
    )
    return replace(base, **changes)  # type: ignore[arg-type]


def stored(history_of: list[tuple[Kept, str]]) -> dict[str, str]:
    """What a history of these matches leaves in storage, key by key."""
    storage = DictStorage()
    history = History(storage)
    for entry, record in reversed(history_of):
        history.keep(entry, record)
    return storage.data


def last_move_record() -> str:
    """A record of a draw-2 match against Hard one move from its end, the person (seat 0) to
    make the winning move: played on at the table, it finishes the match there."""
    match = bot_match("draw-2", 2, 2, ["greedy", "greedy"])
    assert match.result is not None and match.result.winner_side == 0
    cut = match.replayed_to(len(match.hands) - 1, len(match.hands[-1].actions) - 1)
    assert cut.turn == 0 and not cut.is_over
    cut.tags.update({"Seat0": "You", "Level0": "human", "Seat1": "North", "Level1": "hard"})
    return write_record(cut)
