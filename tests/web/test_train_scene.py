"""The train games' table placed on the canvas (web/trains/scene.py): nothing overlaps and
everything is on the canvas at every size, for two to eight players, as dealt and late in a
round; the person's own train is the last lane; a picked-up tile lights exactly the trains
it may go on; taps reach tiles, lit trains and the boneyard."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from engine.trains.actions import Draw, Play
from tests.helpers.boxes import problems
from tests.helpers.trains import a_match, tiles
from web.painter import Painter, SpriteBook
from web.rect import Rect
from web.settings import Settings
from web.trains.controller import TrainController
from web.trains.render import NEW_SPRITES_PER_FRAME, draw_train_scene, record_trains
from web.trains.scene import TrainScene, build_train_scene

CANVASES = {
    "phone": (390, 600),
    "phone-sideways": (844, 250),
    "tablet": (820, 950),
    "desktop": (1440, 700),
    "frame": (480, 260),
}
"""Canvas sizes (CSS px) of the table at the gallery's viewports (the page's bars taken off)."""


def a_game(variant: str, players: int, moves: int, seed: int = 1) -> TrainController:
    """A game ``moves`` actions into its first round (everyone played by random legal actions)."""
    controller = TrainController(Settings.for_variant(variant, players, "random"), seed)
    rng = random.Random(seed)
    for _ in range(moves):
        played = controller.round
        if played.is_over:
            break
        controller.match.apply(played.turn, rng.choice(played.legal_actions(played.turn)))
    return controller


def assert_laid_out(scene: TrainScene) -> None:
    """Every region on the canvas, none on another, and as drawn no word on a tile or on
    other words, nothing past the edge (:mod:`tests.helpers.boxes`, as for the other tables)."""
    painter = Painter(1.0, SpriteBook())
    draw_train_scene(painter, scene)
    assert problems(painter.boxes, scene.width, scene.height) == []
    canvas = Rect(0, 0, scene.width, scene.height)
    regions = scene.regions()
    for name, rect in regions:
        assert canvas.encloses(rect), (name, rect)
    for (first, a), (second, b) in combinations(regions, 2):
        assert not a.intersects(b), (first, a, second, b)


@pytest.mark.parametrize("canvas", CANVASES)
@pytest.mark.parametrize(
    ("variant", "players"),
    [
        ("mexican-train", 2),
        ("mexican-train", 4),
        ("mexican-train", 8),
        ("chicken-foot", 4),
        ("chicken-foot", 8),
    ],
)
@pytest.mark.parametrize("moves", [0, 60, 160])
def test_nothing_overlaps_and_all_is_on_the_canvas(
    canvas: str, variant: str, players: int, moves: int
) -> None:
    controller = a_game(variant, players, moves)
    scene = build_train_scene(controller, *CANVASES[canvas])
    assert_laid_out(scene)
    assert (
        len(controller.round.trains) <= len(scene.lanes) <= len(controller.round.trains) + 1
    )  # (an arm to start)
    held = len(controller.round.hands[0]) if not controller.round.is_over else len(scene.hand)
    assert len(scene.hand) == held


@pytest.mark.parametrize("canvas", ["phone", "phone-sideways", "frame"])
def test_eight_players_late_in_a_round_keep_tiles_a_thumb_can_hit(canvas: str) -> None:
    controller = a_game("mexican-train", 8, 150, seed=3)
    scene = build_train_scene(controller, *CANVASES[canvas])
    for _, sprite in scene.hand:
        assert sprite.rect.w >= 10 and sprite.rect.h >= 20
    assert scene.unit >= 5


def test_the_persons_own_train_is_the_last_lane_and_the_mexican_train_the_first() -> None:
    controller = a_game("mexican-train", 5, 20)
    scene = build_train_scene(controller, 820, 950)
    assert scene.lanes[0].name == "M"
    assert scene.lanes[-1].name == "0"
    assert [lane.name for lane in scene.lanes[1:-1]] == ["1", "2", "3", "4"]
    assert scene.lanes[-1].words == "You"


def test_a_picked_up_tile_lights_the_trains_it_fits_and_a_tap_there_lays_it() -> None:
    match = a_match("mexican-train", 4, ["12-5 12-7 5-1", "9-9", "8-8", "3-3"])
    controller = TrainController.over(Settings.for_variant("mexican-train", 4, "random"), match)
    scene = build_train_scene(controller, 390, 600)
    x, y = scene.hand[[str(tile) for tile, _ in scene.hand].index("12-5")][1].rect.center
    assert scene.hit(x, y) == ("hand", "12-5")
    controller.tap_tile(tiles("12-5")[0])
    scene = build_train_scene(controller, 390, 600)
    assert {lane.name for lane in scene.lanes if lane.lit} == {"0", "M"}
    assert_laid_out(scene)
    mexican = next(lane for lane in scene.lanes if lane.name == "M")
    assert mexican.ghost is not None and mexican.ghost.rect == mexican.placed.end
    assert scene.hit(*mexican.placed.end.center) == ("train", "M")
    unlit = next(lane for lane in scene.lanes if lane.name == "2")
    assert scene.hit(*unlit.placed.label.center) is None
    controller.choose_train("M")
    assert Play(tiles("12-5")[0], "M") in [move.action for move in controller.round.moves]


def test_the_boneyard_is_the_draw_button_when_drawing_is_the_persons_move() -> None:
    match = a_match("mexican-train", 4, ["5-1", "9-9", "8-8", "3-3"], top="4-2")
    controller = TrainController.over(Settings.for_variant("mexican-train", 4, "random"), match)
    scene = build_train_scene(controller, 390, 600)
    assert scene.boneyard_lit
    assert scene.hit(*scene.boneyard.body.center) == ("draw", "")
    controller.act(Draw())
    assert not build_train_scene(controller, 390, 600).boneyard_lit


@pytest.mark.parametrize("variant", ["mexican-train", "chicken-foot"])
def test_markers_and_the_double_to_answer_are_shown_on_their_trains(variant: str) -> None:
    shown = {"marked": 0, "open": 0}
    for seed in range(12):
        controller = TrainController(Settings.for_variant(variant, 4, "random"), seed)
        rng = random.Random(seed)
        while not controller.round.is_over:
            view = controller.view()
            scene = build_train_scene(controller, 390, 600)
            for lane in scene.lanes:
                train = next((train for train in view.trains if train.name == lane.name), None)
                if train is None:  # an arm or toe the person may start: an empty lane
                    assert (
                        not lane.tiles and not lane.marked and lane.name not in (view.open_double, view.foot)
                    )
                    continue
                assert lane.marked == train.marked
                assert lane.open == (lane.name in (view.open_double, view.foot))
                shown["marked"] += lane.marked
                shown["open"] += lane.open
            played = controller.round
            controller.match.apply(played.turn, rng.choice(played.legal_actions(played.turn)))
    assert shown["open"] > 0
    assert shown["marked"] > 0 or variant == "chicken-foot"


def test_tiles_at_a_new_size_have_their_pictures_made_over_several_frames_then_drawn_whole() -> None:
    """A frame makes at most NEW_SPRITES_PER_FRAME tile pictures (every tile of the trains
    changes size when they shrink); once all are made the table is drawn as in one go."""
    scene = build_train_scene(a_game("mexican-train", 4, 120), *CANVASES["desktop"])
    book = SpriteBook()
    frames = [record_trains(scene, 2.0, book, NEW_SPRITES_PER_FRAME)]
    while frames[-1].sprites_left_out:
        frames.append(record_trains(scene, 2.0, book, NEW_SPRITES_PER_FRAME))
    made = sum(frame.sprites_defined for frame in frames)
    assert made > 2 * NEW_SPRITES_PER_FRAME  # (so that the test sees the limit at work)
    assert all(frame.sprites_defined <= NEW_SPRITES_PER_FRAME for frame in frames)
    assert len(frames) == -(-made // NEW_SPRITES_PER_FRAME)  # (the last makes the rest and draws)
    whole = record_trains(scene, 2.0, SpriteBook())
    drawn = [operation for operation in frames[-1].operations if operation[0] != "defineSprite"]
    assert drawn == [operation for operation in whole.operations if operation[0] != "defineSprite"]
    assert frames[-1].boxes == whole.boxes
