"""Dice and Dominoes replays: a record stepped round by round, every hand face up or one
player's view, the hand being played left out of the table's replay."""

from __future__ import annotations

import random

import pytest

from engine import NotationError
from engine.dice.notation import write_dice_record
from engine.line.notation import write_record
from engine.line.selfplay import bot_match
from web.dice.controller import DiceController
from web.dice.replay import DiceReplay
from web.dice.scene import build_dice_scene
from web.replay.model import Replay
from web.settings import Settings
from web.table_kinds import replay_of_text


def table_after(hands: int, seed: int = 4) -> DiceController:
    """A table against Eager players with ``hands`` hands finished and the next one begun."""
    controller = DiceController(Settings.for_variant("dice", 3, level="eager"), seed)
    rng = random.Random(seed)
    while len(controller.session.payouts) < hands or controller.phase in ("reveal", "hand-over"):
        phase = controller.phase
        if phase == "choose":
            for tile in rng.choice(controller.session.legal_commitments(0)).tiles:
                controller.tap_tile(tile)
            controller.put_out()
        elif phase == "reveal":
            controller.go_on()
        elif phase == "rethrow":
            controller.choose_rethrow(True)
        else:
            controller.next_hand()
    return controller


def test_each_round_of_each_hand_is_a_step_with_its_reveal_told() -> None:
    controller = table_after(2)
    replay = DiceReplay.of_text(write_dice_record(controller.session))
    played = [hand for _, hand in controller.session.hands]
    assert replay.hand_count == 3 and [replay.moves_in(h) for h in range(3)] == [
        len(h.rounds) for h in played
    ]
    first = played[0].rounds[0]
    step = replay.steps[0][0]
    assert step.text == f"Round 1: dice {first.dice[0]}-{first.dice[1]}"
    assert step.sentence.startswith(f"The dice show {first.dice[0]} and {first.dice[1]}.")
    for move in (0, 1, replay.moves_in(1)):
        frame = replay.frame(1, move)
        table = frame.table
        assert table.hand.rounds == played[1].rounds[:move]
        assert table.revealed == (played[1].rounds[move - 1] if move else None)
        assert (frame.last is None) == (move == 0)
    assert replay.forward(0, replay.moves_in(0)) == (1, 0) and replay.back(1, 0) == (0, replay.moves_in(0))


def test_the_tables_replay_leaves_out_the_hand_being_played() -> None:
    assert DiceReplay.of_table(table_after(0)) is None
    controller = table_after(1)
    replay = DiceReplay.of_table(controller)
    assert replay is not None and replay.hand_count == 1 and replay.names == controller.names


def test_every_hand_face_up_or_one_players_view() -> None:
    replay = DiceReplay.of_table(table_after(1))
    assert replay is not None
    frame = replay.frame(0, 1)
    all_up = build_dice_scene(frame.table, 800, 900, show_all=True).test_data()
    assert all(card["faces"] and len(card["faces"]) == card["backs"] for card in all_up["cards"])
    own = build_dice_scene(replay.frame(0, 1, seat=1).table, 800, 900).test_data()
    assert all(card["faces"] == [] for card in own["cards"])
    assert own["hand"] and {card["seat"] for card in own["cards"]} == {0, 2}


def test_any_record_opens_in_the_right_replay() -> None:
    text = write_dice_record(table_after(1).session)
    assert isinstance(replay_of_text(text), DiceReplay)
    with pytest.raises(NotationError):
        replay_of_text(text.replace("1. dice", "1. dice 9-9 x"))
    block = write_record(bot_match("block", 2, 3, ["greedy", "greedy"], max_hands=1))
    assert isinstance(replay_of_text(block), Replay)


def test_copy_moves_gives_each_hands_part_of_the_record() -> None:
    controller = table_after(2)
    replay = DiceReplay.of_table(controller)
    assert replay is not None and replay.hand_count == 2
    record = replay.text
    for hand_index in range(replay.hand_count):
        part = replay.notation(hand_index)
        assert part.startswith(f'[Hand "{hand_index + 1}"]') and part in record
        assert "[Hand " not in part[1:], "one hand only"
        rounds = [line for line in part.splitlines() if line[:1].isdigit() and ". dice " in line]
        assert len(rounds) == replay.moves_in(hand_index)
