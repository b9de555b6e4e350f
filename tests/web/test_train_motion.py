"""A tile laid in a train game slides onto its train (web/trains/motion.py): from the
person's hand, or from the plate of the computer player who laid it; nothing else moves."""

from __future__ import annotations

from engine.trains.actions import Play
from tests.helpers.trains import a_match, tiles
from web.settings import Settings
from web.trains.controller import TrainController
from web.trains.motion import plan_train_motion
from web.trains.scene import build_train_scene

SIZE = (390.0, 600.0)


def a_table() -> TrainController:
    match = a_match("mexican-train", 4, ["12-5 5-1", "12-9 9-9", "8-8", "3-3"])
    return TrainController.over(Settings.for_variant("mexican-train", 4, "random"), match)


def test_the_persons_tile_slides_from_their_hand_to_its_train() -> None:
    controller = a_table()
    before = build_train_scene(controller, *SIZE)
    start = next(sprite.rect for tile, sprite in before.hand if str(tile) == "12-5")
    controller.act(Play(tiles("12-5")[0], "0"))
    after = build_train_scene(controller, *SIZE)
    motion = plan_train_motion(before, after, 1000.0)
    assert motion is not None and list(motion.shifts) == [("0", 0)]
    own = next(lane for lane in after.lanes if lane.name == "0")
    first = next(lane for lane in motion.at(1000.0).lanes if lane.name == "0").tiles[0].rect
    assert first.center == start.center
    assert (
        next(lane for lane in motion.at(1000.0 + motion.duration).lanes if lane.name == "0").tiles[0].rect
        == own.tiles[0].rect
    )
    assert motion.done(1000.0 + motion.duration) and not motion.done(1000.0)


def test_a_computer_players_tile_slides_from_their_plate_and_a_new_size_moves_nothing() -> None:
    controller = a_table()
    controller.act(Play(tiles("12-5")[0], "0"))
    before = build_train_scene(controller, *SIZE)
    plate = next(plate.plate.body for plate in before.plates if plate.seat == 1)
    controller.act(Play(tiles("12-9")[0], "1"))
    after = build_train_scene(controller, *SIZE)
    motion = plan_train_motion(before, after, 0.0)
    assert motion is not None and list(motion.shifts) == [("1", 0)]
    west = next(lane for lane in motion.at(0.0).lanes if lane.name == "1")
    assert west.tiles[0].rect.center == plate.center
    assert plan_train_motion(before, build_train_scene(controller, 800.0, 600.0), 0.0) is None
    assert plan_train_motion(after, after, 0.0) is None
