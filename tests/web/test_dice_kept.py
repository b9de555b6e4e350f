"""A Dice and Dominoes session in the history: its chips, hands won and result for the
person, kept after each hand (and again when it ends), replayed from History but not
reviewed, and counted in the statistics drawn from the history."""

from __future__ import annotations

import datetime

from tests.helpers.controllers import play_dice
from tests.helpers.storage import DictStorage
from web.dice.controller import DiceController
from web.dice.kept import dice_match_id, kept_of_dice
from web.history_stats import rule_set_figures
from web.history_words import is_reviewable, kept_words
from web.settings import Settings
from web.storage.history import History
from web.table_kinds import replay_of_text

DAY = datetime.date(2026, 11, 28)


def session(levels: tuple[str, ...] = ("eager",), seed: int = 3) -> DiceController:
    return DiceController(Settings("dice", len(levels) + 1, 0, levels, (("chips", "10"),)), seed)


def test_a_finished_session_is_kept_with_the_persons_chips_and_result() -> None:
    controller = session()
    play_dice(controller, 3)
    kept = kept_of_dice(controller, dice_match_id(controller, "dominoes.save"), DAY)
    chips = controller.session.chips
    assert kept.scores == tuple(chips) and kept.side == 0 and kept.levels == ("eager",)
    assert kept.outcome == ("won" if chips[0] > chips[1] else "lost")
    payouts = controller.session.payouts
    assert kept.hands == len(payouts)
    assert kept.hands_won == sum(0 in payout.winners for payout in payouts)
    taken = [payout.share for payout in payouts if 0 in payout.winners]
    assert kept.points_for == sum(taken)
    assert kept.points_for + kept.points_against == sum(
        payout.share * len(payout.winners) for payout in payouts
    )
    assert kept.match_id == f"dominoes.save:{controller.session.seed}:dice"


def test_a_session_under_way_or_shared_is_not_won_or_lost() -> None:
    controller = session(("canny", "eager"))
    play_dice(controller, 4, until="hand-over")
    kept = kept_of_dice(controller, "x", DAY)
    assert kept.outcome == "unfinished" and kept.hands == 1 and kept.players == 3
    shared = session(("human",))
    assert kept_of_dice(shared, "y", DAY).outcome == "shared"
    assert kept_of_dice(shared, "y", DAY).levels == ("human",)


def test_the_history_keeps_it_replays_it_and_counts_it_but_does_not_review_it() -> None:
    controller = session()
    play_dice(controller, 5)
    history = History(DictStorage())
    kept = kept_of_dice(controller, "dominoes.save:5:dice", DAY)
    history.keep(kept, controller.save())
    record = history.record(kept.match_id)
    assert record is not None and replay_of_text(record) is not None
    assert not is_reviewable("dice") and is_reviewable("draw-2")
    title, result = kept_words(history.matches[0])
    assert title.startswith("Dice and Dominoes · 2 players · against Eager")
    assert result.startswith(("Won ", "Lost ")) and "hands won" in result
    (figures,) = rule_set_figures(history.matches)
    assert figures.levels[0].opponents == "Eager" and figures.levels[0].matches == 1
