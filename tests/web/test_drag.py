"""Dragging a tile onto a lit end: tap or drag, where it is drawn, where it lands, and the rules' say."""

from __future__ import annotations

from engine import Play, Tile
from web.line.controller import Controller, Settings
from web.line.drag import DRAG_SLOP_PX, Drag
from web.line.scene import Scene, build_scene

SIZE = (900.0, 600.0)


def person_to_move(seed: int) -> Controller:
    controller = Controller(Settings.for_variant("draw-2"), seed=seed)
    while controller.phase == "bot":
        controller.bot_move()
    return controller


def tile_with_plays(controller: Controller, count: int) -> Tile | None:
    """A tile of the person's that fits exactly ``count`` ends, if any."""
    plays: dict[Tile, int] = {}
    for action in controller.view().legal_actions:
        if isinstance(action, Play):
            plays[action.tile] = plays.get(action.tile, 0) + 1
    return next((tile for tile, n in plays.items() if n == count), None)


def controller_with_two_ends(limit: int = 80) -> tuple[Controller, Tile]:
    """A person to move holding a tile that fits two ends (found by playing on)."""
    for seed in range(1, 40):
        controller = person_to_move(seed)
        for _ in range(limit):
            if controller.phase != "human":
                break
            tile = tile_with_plays(controller, 2)
            if tile is not None:
                return controller, tile
            controller.act(controller.view().legal_actions[0])
            while controller.phase == "bot":
                controller.bot_move()
    raise AssertionError("no position with a tile fitting two ends")


def centre(scene: Scene, tile: Tile) -> tuple[float, float]:
    return dict(scene.hand)[tile].rect.center


def test_a_press_that_hardly_moves_is_a_tap() -> None:
    press = Drag.pressed(Tile(4, 6), 1, 100.0, 100.0)
    assert not press.to(100.0 + DRAG_SLOP_PX - 1, 100.0).moved
    assert press.to(100.0 + DRAG_SLOP_PX + 1, 100.0).moved
    assert press.to(200.0, 100.0).to(100.0, 100.0).moved  # once a drag, always a drag


def test_the_dragged_tile_follows_the_pointer_and_is_drawn_last() -> None:
    controller = person_to_move(4)
    scene = build_scene(controller, *SIZE)
    tile = scene.hand[0][0]
    x, y = centre(scene, tile)
    drag = Drag.pressed(tile, 1, x, y).to(x + 30, y - 200)
    shown = drag.on(scene)
    assert shown.hand[-1][0] == tile
    assert shown.hand[-1][1].rect.center == (x + 30, y - 200)
    assert {t for t, _ in shown.hand} == {t for t, _ in scene.hand}
    assert Drag.pressed(tile, 1, x, y).on(scene) is scene  # a tap moves nothing


def test_a_tile_let_go_over_a_lit_end_is_played_there() -> None:
    controller, tile = controller_with_two_ends()
    assert controller.pick_up(tile)
    scene = build_scene(controller, *SIZE)
    assert len(scene.targets) == 2
    aim = scene.targets[1]
    x, y = centre(scene, tile)
    # Let go a little off the place: a finger does not cover it exactly.
    drag = Drag.pressed(tile, 1, x, y).to(aim.rect.center[0] + scene.unit * 0.8, aim.rect.center[1])
    assert drag.end_under(scene) == aim.end
    controller.drop(tile, drag.end_under(scene), drag.over_board(scene))
    placed = controller.match.hand.layout.placements[-1]
    assert placed.tile == tile and tile not in controller.view().hand


def test_a_tile_let_go_away_from_the_lit_ends_goes_back() -> None:
    controller, tile = controller_with_two_ends()
    held = controller.view().hand
    assert controller.pick_up(tile)
    controller.drop(tile, None, on_board=True)
    assert controller.last_announcement == f"{tile} put back."
    assert controller.view().hand == held and controller.selected is None


def test_a_tile_that_fits_one_place_is_played_anywhere_on_the_board() -> None:
    controller = person_to_move(4)
    tile = tile_with_plays(controller, 1)
    assert tile is not None
    assert controller.pick_up(tile)
    assert build_scene(controller, *SIZE).targets or controller.view().layout.placements == ()
    controller.drop(tile, None, on_board=True)
    assert tile not in controller.view().hand


def test_a_tile_that_cannot_be_played_is_not_picked_up() -> None:
    controller = person_to_move(4)
    stuck = next(
        (
            t
            for t in controller.view().hand
            if not any(isinstance(a, Play) and a.tile == t for a in controller.view().legal_actions)
        ),
        None,
    )
    if stuck is None:
        controller.act(controller.view().legal_actions[0])
        assert not controller.pick_up(controller.view().hand[0])  # not the person's turn
        assert controller.last_announcement == "Wait for your turn."
        return
    assert not controller.pick_up(stuck)
    assert controller.last_announcement == f"{stuck} does not fit here."
