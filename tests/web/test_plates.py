"""Seats read at a glance: each seat's plate fits its room, and no text lies on a tile.

Every line rule set at every player count is played through a hand by seeded random
players and drawn, every eighth move and at its end, on the canvas sizes the page gives the
table on a phone (upright and sideways), a tablet (both ways), a desktop and in small
embedded frames, alone and in pass and play, and as the replay viewer draws it; so is a
hand of Dice and Dominoes at every step (the choice, the reveal, a rethrow, the end, the
device passed), where no tile may lie on a die either. In every
frame no text or badge may lie on a tile, a back or other text, and nothing may reach past
the canvas's edge (:mod:`tests.helpers.boxes`). The widths are the fallback ones of
:mod:`web.text_metrics` (Chromium's on Debian, the widest); the browser tests check the
same with the browser's own.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engine.catalogue import GAMES
from engine.line.game import LineGame
from tests.helpers.boxes import collisions, cut_off, problems
from web.dice.controller import DiceController
from web.dice.render import draw_dice_scene
from web.dice.scene import DiceScene, build_dice_scene
from web.line.controller import Controller
from web.line.render import draw_scene
from web.line.scene import Scene, build_scene
from web.line.table_layout import TAP_UNIT
from web.painter import Box, Painter, SpriteBook
from web.plates import badge_font, fit_plate, name_wordings
from web.rect import Rect
from web.replay.model import Replay
from web.replay.scene import build_replay_scene
from web.settings import HUMAN, Settings
from web.text_metrics import text_width

CANVASES = {
    "phone": (390, 569),
    "phone sideways": (636, 345),
    "small phone sideways": (474, 331),
    "tablet": (820, 984),
    "tablet sideways": (1180, 663),
    "desktop": (1440, 743),
    "640x480 frame": (640, 268),
    "400x300 frame": (400, 140),
}
"""The table's canvas in CSS px at each size, as the page gives it (the smallest seen, with
the tallest bars: five players' score line, pass-and-play's buttons). A phone held
sideways (844x390, and 640x360) has the move buttons beside the table."""

LINE_TABLES = [
    (game_id, players)
    for game_id, game in GAMES.items()
    if isinstance(game, LineGame)
    for players in game.player_counts
]


def drawn(scene: Scene) -> list[Box]:
    """The boxes of a scene drawn."""
    painter = Painter(1.0, SpriteBook())
    draw_scene(painter, scene)
    return painter.boxes


def play_a_hand(controller: Controller, seed: int) -> Iterator[int]:
    """Play the hand with random moves for every person; the step numbers are the frames."""
    rng = random.Random(seed)
    steps = 0
    while controller.phase in ("human", "bot", "pass"):
        if controller.phase == "pass":
            controller.take_device()
        elif controller.phase == "human":
            controller.act(rng.choice(controller.match.hand.legal_actions()))
        else:
            controller.bot_move()
        steps += 1
        yield steps


@pytest.mark.parametrize(("variant", "players"), LINE_TABLES, ids=[f"{v}-{p}" for v, p in LINE_TABLES])
def test_no_text_lies_on_a_tile_and_nothing_is_cut_at_any_size(variant: str, players: int) -> None:
    for levels in ("random", HUMAN):
        settings = Settings.for_variant(variant, players, "random")
        if levels == HUMAN:
            settings = Settings(variant, players, settings.target, (HUMAN,) * (players - 1), settings.options)
        controller = Controller(settings, seed=players)
        frames = 0
        for step in (0, *play_a_hand(controller, players)):
            if step % 8 and controller.phase in ("human", "bot", "pass"):
                continue
            frames += 1
            for size, (width, height) in CANVASES.items():
                found = problems(drawn(build_scene(controller, width, height)), width, height)
                assert found == [], (levels, step, size, found[:3])
        assert frames > 2


@pytest.mark.parametrize("variant", ["partnership-block", "double-nine-cross", "all-fives"])
def test_the_replay_viewer_draws_without_overlap(variant: str) -> None:
    controller = Controller(Settings.for_variant(variant, GAMES[variant].player_counts[-1], "random"), seed=2)
    for _ in play_a_hand(controller, 2):
        pass
    replay = Replay.of_table(controller)
    assert replay is not None
    for move in range(0, replay.moves_in(0) + 1, 4):
        frame = replay.frame(0, move)
        for size, (width, height) in CANVASES.items():
            scene = build_replay_scene(frame, replay.names, (0,), width, height)
            assert problems(drawn(scene), width, height) == [], (move, size)


def test_every_seat_has_a_plate_with_its_count_and_the_seat_to_move_is_lit() -> None:
    controller = Controller(Settings.for_variant("partnership-block", 4, "random"), seed=1)
    scene = build_scene(controller, 1180, 663)
    plates = {seat.seat: seat.plate for seat in scene.seats}
    assert sorted(plates) == [0, 1, 2, 3]
    counts = controller.view().hand_counts
    for seat, plate in plates.items():
        assert plate is not None and plate.count == str(counts[seat])
        assert plate.lit == (seat == controller.view().turn)
    assert plates[0].text == "You" and plates[1].text == "They: West" and plates[2].text == "We: North"
    assert sum(plate.lit for plate in plates.values()) == 1
    lit = [box for box in drawn(scene) if box.kind == "mark" and box.seat == controller.view().turn]
    assert lit, "the seat to move wears a ring"


def test_a_plate_sits_just_above_its_seats_tiles() -> None:
    controller = Controller(Settings.for_variant("partnership-block", 4, "random"), seed=1)
    scene = build_scene(controller, 1180, 663)
    for seat in scene.seats[1:]:
        plate = seat.plate
        assert plate is not None
        top = min(tile.rect.y for tile in seat.tiles)
        assert 0 <= top - plate.body.bottom <= 12, (seat.seat, top, plate.body)


def test_the_sleeping_tiles_are_not_shown_when_every_tile_is_dealt() -> None:
    dealt = build_scene(Controller(Settings.for_variant("partnership-block", 4, "random"), seed=1), 820, 984)
    assert dealt.info_plate is None
    assert not any(box.text and box.text.startswith("Sleeping") for box in drawn(dealt))
    sleeping = build_scene(Controller(Settings.for_variant("block", 2, "random"), seed=1), 820, 984)
    assert sleeping.info_plate is not None and sleeping.info_plate.count == "14"
    boneyard = build_scene(Controller(Settings.for_variant("draw", 2, "random"), seed=1), 820, 984)
    assert boneyard.info_plate is not None and boneyard.info_plate.text.startswith("Boneyard")


def test_a_shared_tables_names_have_short_forms() -> None:
    """At a shared table the seats are named after their players: a top seat of a phone
    shows "Comp 1" rather than "Compute…"."""
    assert name_wordings("Computer 1", "We") == ("We: Computer 1", "Computer 1", "Comp 1")
    assert name_wordings("Player 12") == ("Player 12", "P12")
    assert name_wordings("Player One") == ("Player One",)  # (a name, not a numbered seat)
    plate = fit_plate(Rect(0, 0, 100, 26), name_wordings("Computer 2"), 7)
    assert plate.text == "Comp 2"


def test_a_plate_takes_the_longest_wording_that_fits_and_cuts_the_last_one_short() -> None:
    wordings = name_wordings("North-West", "They")
    assert wordings == ("They: North-West", "North-West", "NW")
    wide = fit_plate(Rect(0, 0, 300, 26), wordings, 7)
    assert wide.text == "They: North-West" and wide.font_size >= 13  # (a phone's strip)
    narrow = fit_plate(Rect(0, 0, 80, 26), wordings, 7)
    assert narrow.text == "NW"
    custom = fit_plate(Rect(0, 0, 70, 26), name_wordings("Bartholomew"), 12)
    assert custom.text.endswith("…") and custom.text[:-1] in "Bartholomew"
    for plate, room in ((wide, 300), (narrow, 80), (custom, 70)):
        assert plate.body.x >= 0 and plate.body.right <= room
        assert (
            plate.badge is not None
            and plate.body.x <= plate.badge.x
            and plate.badge.right <= plate.body.right
        )
        assert plate.text_x + text_width(plate.text, plate.font_size) <= plate.badge.x


def test_a_badge_is_wide_enough_for_two_digits() -> None:
    plate = fit_plate(Rect(0, 0, 200, 22), ("Boneyard",), 28)
    assert plate.badge is not None
    assert plate.badge.w >= text_width("28", badge_font(plate.badge.h)) + 4 and plate.badge.w > plate.badge.h


def test_the_checks_find_what_they_look_for() -> None:
    tile = Box("tile", 10, 10, 40, 80)
    assert collisions([tile, Box("text", 30, 20, 50, 12, "West")]) == [
        "text 'West' at (30, 20, 50x12) lies on tile at (10, 10, 40x80)"
    ]
    assert collisions([tile, Box("text", 50, 20, 50, 12, "West")]) == []  # touching is not lying on
    assert collisions([Box("badge", 0, 0, 14, 14, seat=1), Box("text", 3, 2, 7, 10, "7", seat=1)]) == []
    assert collisions([Box("badge", 0, 0, 14, 14, seat=1), Box("text", 10, 2, 40, 10, "West", seat=1)]) != []
    assert cut_off([Box("text", -3, 0, 20, 10, "They")], 100, 100) != []
    assert cut_off([Box("text", 90, 0, 10, 10, "7")], 100, 100) == []
    pass_call = Box("callout", 20, 20, 40, 20, "Pass", seat=1)
    assert collisions([tile, pass_call]) == [], "a call-out floats over the board's tiles"
    assert collisions([Box("tile", 10, 10, 40, 80, hand=True), pass_call]) != [], "not over the hand"
    assert collisions([Box("back", 10, 10, 20, 40), pass_call]) != []
    assert collisions([Box("text", 30, 25, 40, 12, "West"), pass_call]) != []
    assert len(collisions([pass_call, Box("callout", 40, 25, 40, 20, "15!")])) == 1


# --- the dice table ---------------------------------------------------------------------------


def dice_frames(players: int, seed: int, people: int = 1) -> Iterator[DiceController]:
    """A whole hand of Dice and Dominoes played by taps (``people`` share the device, the rest
    are computer players): the controller at every step worth a look (the choice, tiles
    picked, the reveal, a rethrow, the hand's end, the device passed)."""
    levels = ",".join(["human"] * people + ["eager"] * (players - people))
    controller = DiceController(Settings.for_variant("dice", players, level=levels), seed)
    rng = random.Random(seed)
    for _ in range(200):
        yield controller
        phase = controller.phase
        if phase == "choose":
            hand = list(controller.hand_shown())
            for tile in rng.sample(hand, min(controller.tiles_to_put_out, len(hand))):
                controller.tap_tile(tile)
                yield controller
            while controller.put_out_reason():
                up = [picked.tile for picked in controller.picked if picked.face_up]
                controller.flip(up[0])
            controller.put_out()
        elif phase == "reveal":
            controller.go_on()
        elif phase == "rethrow":
            controller.choose_rethrow(rng.random() < 0.5)
        elif phase == "pass":
            controller.take_device()
        else:
            return


def dice_drawn(scene: DiceScene) -> list[Box]:
    painter = Painter(1.0, SpriteBook())
    draw_dice_scene(painter, scene)
    return painter.boxes


@pytest.mark.parametrize(("players", "people"), [(2, 1), (3, 1), (5, 1), (3, 2)])
def test_the_dice_table_draws_nothing_over_anything_at_every_size(players: int, people: int) -> None:
    seen: set[str] = set()
    for controller in dice_frames(players, seed=players + people, people=people):
        seen.add(controller.phase)
        for size, (width, height) in CANVASES.items():
            scene = build_dice_scene(controller, width, height)
            boxes = dice_drawn(scene)
            found = problems(boxes, width, height)
            assert found == [], (controller.phase, size, found[:3])
            tiles = [box for box in boxes if box.kind in ("tile", "back")]
            for die in scene.dice_rects:
                for tile in tiles:
                    overlap = (
                        min(die.right, tile.x + tile.w) - max(die.x, tile.x) > 1
                        and min(die.bottom, tile.y + tile.h) - max(die.y, tile.y) > 1
                    )
                    assert not overlap or (tile.x, tile.y) == (die.x, die.y), (size, "a tile on a die")
    assert {"choose", "reveal"} <= seen


PHONES = ("phone", "phone sideways", "small phone sideways")


@pytest.mark.parametrize("size", PHONES)
def test_on_a_phone_every_tile_of_the_hand_is_a_fingertip_wide(size: str) -> None:
    """44 CSS px on its short side (TAP_UNIT), at the line tables and the dice table."""
    width, height = CANVASES[size]
    for variant, players in (("block", 4), ("draw", 2), ("pub-block", 5), ("all-fives", 3)):
        controller = Controller(Settings.for_variant(variant, players), seed=4)
        scene = build_scene(controller, width, height)
        assert min(sprite.rect.w for _, sprite in scene.hand) >= TAP_UNIT, (variant, size)
    for players in (2, 5):
        dice = DiceController(Settings.for_variant("dice", players), 5)
        if dice.phase == "pass":
            dice.take_device()
        assert min(sprite.rect.w for _, sprite in build_dice_scene(dice, width, height).hand) >= TAP_UNIT
