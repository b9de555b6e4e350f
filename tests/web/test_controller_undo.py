"""Undo against computer players (web/line/controller.py): back to the start of the person's last
turn, as many times as wanted, with the same deals; refused with a reason where it does not apply."""

from __future__ import annotations

import random

import pytest

from engine import Draw, IllegalActionError, Play
from engine.line.ai import make_bot
from web.line.controller import Controller, Settings


def to_person(controller: Controller) -> None:
    """Let the computer players move (and deal on) until it is the person's move or the match ends."""
    while controller.phase in ("bot", "hand-over"):
        if controller.phase == "bot":
            controller.bot_move()
        else:
            controller.next_hand()


def person_turn(controller: Controller, rng: random.Random) -> None:
    """The person plays a whole turn (drawing until a tile fits, as a player does)."""
    bot = make_bot("greedy")
    while controller.phase == "human":
        controller.act(bot.choose(controller.view(), rng))
        if controller.phase == "human" and not isinstance(controller.match.hand.actions[-1], Draw):
            break


@pytest.mark.parametrize(
    ("variant", "players"), [("draw-2", 2), ("block", 4), ("all-fives", 3), ("jamaican-partner", 4)]
)
def test_undo_goes_back_to_the_start_of_each_earlier_turn_in_turn(variant: str, players: int) -> None:
    controller = Controller(Settings.for_variant(variant, players), seed=21)
    rng = random.Random(1)
    to_person(controller)
    snapshots = []
    for _ in range(6):
        if controller.phase != "human":
            break
        snapshots.append((controller.save(), controller.view()))
        person_turn(controller, rng)
        to_person(controller)
    assert len(snapshots) >= 3
    for saved, view in reversed(snapshots):
        assert controller.undo_reason() == ""
        controller = controller.undone()
        assert controller.phase == "human"
        assert controller.view() == view
        assert controller.save() == saved
        assert controller.last_announcement == "Move taken back: your turn again."
    assert controller.undo_reason() == "You have not moved yet."
    with pytest.raises(IllegalActionError):
        controller.undone()


def test_a_turn_of_draws_is_taken_back_whole_and_the_same_tiles_come_again() -> None:
    for seed in range(40):
        controller = Controller(Settings.for_variant("draw-2"), seed=seed)
        rng = random.Random(seed)
        to_person(controller)
        while controller.phase == "human" and any(
            isinstance(a, Play) for a in controller.view().legal_actions
        ):
            person_turn(controller, rng)
            to_person(controller)
        if controller.phase != "human":
            continue
        before = controller.save()
        person_turn(controller, random.Random(0))
        after = controller.save()
        again = controller.undone()
        assert again.save() == before
        assert Draw() in again.view().legal_actions
        person_turn(again, random.Random(0))
        assert again.save() == after, "the same moves after an undo draw the same tiles"
        return
    pytest.fail("no seed put the person where they had to draw")


def test_undo_reaches_back_into_the_hand_before() -> None:
    controller = Controller(Settings.for_variant("block", 2), seed=5)
    rng = random.Random(3)
    to_person(controller)
    while controller.match.hand_number == 1:
        person_turn(controller, rng)
        while controller.phase == "bot":
            controller.bot_move()
        if controller.phase == "hand-over":
            break
    assert controller.phase == "hand-over"
    controller.next_hand()
    to_person(controller)
    hands_before = len(controller.match.hands)
    while controller.match.hand_number == hands_before:
        controller = controller.undone()
        if len(controller.match.hands) < hands_before:
            break
    assert len(controller.match.hands) == hands_before - 1
    assert controller.phase == "human" and not controller.match.hand.is_over


def test_no_undo_once_the_match_is_over() -> None:
    controller = Controller(Settings.for_variant("jamaican-partner"), seed=2)
    rng = random.Random(2)
    for _ in range(3000):
        if controller.phase == "match-over":
            break
        to_person(controller)
        person_turn(controller, rng)
    assert controller.phase == "match-over"
    assert controller.undo_reason() == "The match is over: start a new one."
    with pytest.raises(IllegalActionError):
        controller.undone()
