"""A train game's replay (web/trains/replay.py): a step per action told as the table told it,
each frame the game taken back to that point, the round's notation, and only finished rounds
from the table (the round in play would show the others' tiles)."""

from __future__ import annotations

from engine.trains.position import write_train_position
from tests.helpers.controllers import play_until
from tests.helpers.controllers import train_settings as settings
from web.trains.controller import TrainController
from web.trains.replay import TrainReplay


def test_a_game_replays_action_by_action_to_every_point_of_it() -> None:
    controller = TrainController(settings("mexican-train", 4, set="9", rounds="short"), 6)
    play_until(controller, ("hand-over",))
    controller.next_hand()
    play_until(controller, ("hand-over",))
    replay = TrainReplay(controller.save(), controller.names)
    assert replay.hand_count == 2
    assert [replay.moves_in(index) for index in range(2)] == [
        len(played.moves) for played in controller.match.rounds
    ]
    first = controller.match.rounds[0]
    for move in (0, 5, len(first.moves)):
        frame = replay.frame(0, move, seat=1)
        assert write_train_position(frame.table.round, frame.table.match.totals) == write_train_position(
            first.replayed(move), first.points() if move == len(first.moves) else (0, 0, 0, 0)
        )
        assert frame.table.hand_shown() == tuple(frame.table.round.hands[1])
    said = replay.said(replay.frame(0, 1))
    assert said.startswith(f"Round 1, move 1 of {len(first.moves)}: ")
    assert replay.steps[0][0].sentence in said
    assert replay.listed(replay.steps[0][0]).startswith(controller.names[first.moves[0].seat] + ": ")
    assert replay.notation(1).startswith('[Round "2"]')
    assert "round 1: " in replay.summary()


def test_the_tables_replay_holds_only_the_rounds_finished() -> None:
    controller = TrainController(settings("chicken-foot", 3), 4)
    assert TrainReplay.of_table(controller) is None
    play_until(controller, ("hand-over",))
    controller.next_hand()
    replay = TrainReplay.of_table(controller)
    assert replay is not None and replay.hand_count == 1
