"""A device's storage with something of everything the table keeps (matches kept in the
history with real records, games in progress, statistics, ratings, puzzles, the day's
results, a colour chosen), made by playing at the controller as the table does."""

from __future__ import annotations

import datetime

from engine.puzzles.shipped import load_puzzles
from tests.helpers.controllers import play_out, play_to_hand_end
from tests.helpers.storage import DictStorage
from web.line.controller import Controller, Settings
from web.line.kept import kept_of, match_id_of, rating_results
from web.storage.daily_results import DailyResult, DailyResults
from web.storage.history import History
from web.storage.puzzle_book import PuzzleBook
from web.storage.ratings import Ratings
from web.storage.saves import SAVE_KEY, SLOT_PREFIX
from web.storage.stats import Stats

__all__ = ["DAY", "a_profile", "play_a_match"]

DAY = datetime.date(2026, 11, 28)


def play_a_match(storage: DictStorage, seed: int, variant: str = "draw-2", finish: bool = True) -> Controller:
    """Play a match against the computer (to its end, or one hand) and keep it as the table does."""
    controller = Controller(Settings.for_variant(variant, level="greedy"), seed=seed)
    (play_out if finish else play_to_hand_end)(controller)
    match_id = match_id_of(controller, SAVE_KEY)
    History(storage).keep(kept_of(controller, match_id, DAY), controller.save())
    stats = Stats(storage)
    for number, line in enumerate(controller.match.sheet, start=1):
        stats.count_hand(
            match_id, variant, number, line.result.winner_side == 0, line.gained[0], line.gained[1]
        )
    family, results = rating_results(controller)
    Ratings(storage).count_match(match_id, family, DAY.isoformat(), results)
    return controller


def a_profile() -> DictStorage:
    """A device with something of everything the table keeps."""
    storage = DictStorage()
    first = play_a_match(storage, 3)
    play_a_match(storage, 4, "block")
    under_way = play_a_match(storage, 5, finish=False)
    storage.set(SAVE_KEY, under_way.save())
    storage.set(
        SLOT_PREFIX + "variant=block&seed=9", Controller(Settings.for_variant("block"), seed=9).save()
    )
    History(storage).count_review(match_id_of(first, SAVE_KEY), 1, 8, 6)
    PuzzleBook(storage).count(load_puzzles()[0], True, DAY.isoformat())
    DailyResults(storage).keep(DailyResult(DAY.isoformat(), "draw-2", 12, 20, ""))
    storage.set("dominoes.theme", "dark")
    return storage
