"""Motion between scenes: where each tile starts, how it eases home, and when nothing moves."""

from __future__ import annotations

from engine import Draw, Play
from web.line.controller import Controller, Settings
from web.line.motion import COUNT_UP_MS, MOTION_MS, ScoreCount, plan_motion
from web.line.scene import Scene, TileSprite, build_scene

SIZE = (900.0, 600.0)


def _first_play(controller: Controller) -> Play:
    return next(action for action in controller.view().legal_actions if isinstance(action, Play))


def _person_to_move(variant: str, seed: int) -> Controller:
    controller = Controller(Settings.for_variant(variant), seed=seed)
    while controller.phase == "bot":
        controller.bot_move()
    assert controller.phase == "human"
    return controller


def _line_sprite(scene: Scene, values: tuple[int, int]) -> TileSprite:
    return next(s for s in scene.line if (max(s.first, s.second), min(s.first, s.second)) == values)


def test_a_tile_the_person_lays_slides_from_their_hand_to_its_place() -> None:
    controller = _person_to_move("draw-2", 4)
    before = build_scene(controller, *SIZE)
    play = _first_play(controller)
    held = dict(before.hand)[play.tile].rect
    controller.act(play)
    after = build_scene(controller, *SIZE)
    motion = plan_motion(before, after, now=1000.0)
    assert motion is not None
    values = (play.tile.high, play.tile.low)
    start = _line_sprite(motion.at(1000.0), values).rect
    assert start.center == held.center  # it starts where it was held
    end = _line_sprite(motion.at(1000.0 + MOTION_MS), values).rect
    assert end == _line_sprite(after, values).rect
    halfway = _line_sprite(motion.at(1000.0 + MOTION_MS / 2), values).rect
    assert halfway != start and halfway != end
    assert not motion.done(1000.0 + MOTION_MS / 2) and motion.done(1000.0 + MOTION_MS)
    assert motion.at(1000.0 + MOTION_MS) is after


def test_a_computer_players_tile_slides_from_its_seat() -> None:
    controller = Controller(Settings.for_variant("partnership-block", 4), seed=5)
    while controller.phase != "bot":
        controller.act(_first_play(controller))
    before = build_scene(controller, *SIZE)
    seat = next(s for s in before.seats if s.to_move)
    laid = len(controller.view().layout.placements)
    controller.bot_move()
    assert len(controller.view().layout.placements) == laid + 1
    after = build_scene(controller, *SIZE)
    motion = plan_motion(before, after, now=0.0)
    assert motion is not None
    newest = next(s for s in after.line if s.last)
    start = next(s for s in motion.at(0.0).line if (s.first, s.second) == (newest.first, newest.second)).rect
    assert start.center == seat.rect.center


def test_a_drawn_tile_comes_from_the_boneyard() -> None:
    controller = Controller(Settings.for_variant("draw-2"), seed=1)
    while not controller.can(Draw()):  # play on until the person has to draw
        assert controller.phase in ("human", "bot"), "the hand ended before the person drew"
        if controller.phase == "bot":
            controller.bot_move()
        else:
            controller.act(_first_play(controller))
    before = build_scene(controller, *SIZE)
    held = {tile for tile, _ in before.hand}
    controller.act(Draw())
    after = build_scene(controller, *SIZE)
    motion = plan_motion(before, after, now=0.0)
    assert motion is not None
    drawn = [index for index, (tile, _) in enumerate(after.hand) if tile not in held]
    assert drawn
    for index in drawn:
        assert motion.at(0.0).hand[index][1].rect.center == before.info.center


def test_nothing_moves_without_a_change_or_across_a_new_size() -> None:
    controller = _person_to_move("draw-2", 4)
    scene = build_scene(controller, *SIZE)
    assert plan_motion(scene, build_scene(controller, *SIZE), 0.0) is None
    assert plan_motion(None, scene, 0.0) is None
    controller.act(_first_play(controller))
    assert plan_motion(scene, build_scene(controller, 800.0, 600.0), 0.0) is None


def test_the_score_counts_up_from_the_old_total_to_the_new() -> None:
    count = ScoreCount.between((10, 5), (25, 5), now=100.0)
    assert count is not None
    assert count.at(100.0) == (10, 5)
    middle = count.at(100.0 + COUNT_UP_MS / 2)
    assert 10 < middle[0] < 25 and middle[1] == 5
    assert count.at(100.0 + COUNT_UP_MS) == (25, 5)
    assert not count.done(100.0 + COUNT_UP_MS / 2) and count.done(100.0 + COUNT_UP_MS)


def test_a_score_that_did_not_rise_is_shown_at_once() -> None:
    assert ScoreCount.between(None, (5, 0), 0.0) is None  # nothing shown yet
    assert ScoreCount.between((5, 0), (5, 0), 0.0) is None
    assert ScoreCount.between((50, 30), (0, 0), 0.0) is None  # a new match
    assert ScoreCount.between((1, 2), (1, 2, 3), 0.0) is None
