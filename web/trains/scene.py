"""What a train game's table shows, placed on the canvas: pure data, no drawing.

Three bands, each measured before anything is placed, so that no text lies on a tile or on
other text at any size:

- along the top, a plate per player (their colour, name and tiles held; lit on their turn)
  and the boneyard's plate (tapped to draw when a draw is the person's move), in as many
  rows as the width needs;
- in the middle, the board: the round's double in the hub and every train in its lane
  (:mod:`web.trains.geometry`), each lane's label in its owner's colour (the Mexican train
  and Chicken Foot's arms in their own), a marker drawn as a small train on the label of a
  train open to everyone, the double that must be answered (or the chicken foot still
  growing its toes) ringed, and the trains the picked-up tile may go on lit, the tile shown
  see-through where it would go;
- at the bottom, the person's hand, in rows that keep the tiles large enough to tap.

The person's own train is the last lane, next to their hand. :func:`build_train_scene`
places it all for a canvas size; :mod:`web.trains.render` draws it.

Standard library, the engine, :mod:`web.rect`, :mod:`web.plates` and
:mod:`web.tile_drawing` only; no browser imports.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from engine.tiles import Tile
from engine.trains.actions import Draw, Play, TrainAction
from engine.trains.layout import MEXICAN
from engine.trains.view import TrainSeen
from web.plane import snap
from web.plates import Plate, fit_plate, name_wordings
from web.rect import Rect
from web.text_metrics import text_width
from web.tile_drawing import PLAYABLE_LIFT, TileSprite
from web.trains.controller import TrainController
from web.trains.geometry import LaneSpec, PlacedLane, layout_trains

__all__ = [
    "BANNER_PADDING",
    "MEXICAN_COLOUR",
    "SEAT_COLOURS",
    "LaneDrawn",
    "SeatPlate",
    "TrainScene",
    "build_train_scene",
    "lane_words",
]

SEAT_COLOURS = ("#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00", "#cc79a7", "#b9b9b9")
"""Each seat's colour (the Okabe-Ito palette, told apart with any colour vision), on its
plate and on its train's label; the labels' words say whose train it is besides."""

MEXICAN_COLOUR = "#f7f2e2"
"""The Mexican train's label (and Chicken Foot's arms): ivory, nobody's colour."""

BANNER_PADDING = 10.0
"""The padding of the result's pill each side of its words."""

_PAD = 6.0
_PLATE_H = 28.0
_PLATE_MIN_W = 92.0
_HAND_GAP = 0.12
"""Units between two tiles of the hand."""
_HAND_UNITS = (40.0, 35.0, 30.0, 26.0, 22.0, 19.0, 16.0, 14.0, 12.0, 10.0)
"""The hand's units tried, largest first, until the hand fits its share of the height."""
_HAND_ONE_ROW_ABOVE = 30.0
"""A unit over this is taken only when the whole hand fits in one row (a tablet's or a
desktop's hand as large as the trains' tiles; a phone's in one row of smaller tiles rather
than two rows that take the trains' room)."""
_HAND_SHARE = 0.3
_BANNER_H = 26.0


@dataclass(frozen=True)
class SeatPlate:
    """A player's plate at the top: their colour's swatch and their plate (name, tiles held)."""

    seat: int
    colour: str
    swatch: Rect
    plate: Plate


@dataclass(frozen=True)
class LaneDrawn:
    """A train as drawn: its lane's places, its label (words and colour), its tiles, and
    what it says to the person now."""

    name: str
    said: str
    """The train in words ("West's train", "the Mexican train", "toe 2.1")."""
    words: str
    """The label's words: the owner's short name, "M", or the arm or toe's number."""
    colour: str
    placed: PlacedLane
    tiles: tuple[TileSprite, ...]
    marked: bool
    """A marker is on it: open to everyone."""
    open: bool
    """It ends in the double that must be answered, or the chicken foot still growing toes."""
    lit: bool
    """The picked-up tile may go on it (tap or drop it there)."""
    ghost: TileSprite | None
    """The picked-up tile, see-through, where it would go."""


@dataclass(frozen=True)
class TrainScene:
    """Everything a train game's table shows, placed for one canvas size."""

    width: float
    height: float
    unit: float
    board: Rect
    plates: tuple[SeatPlate, ...]
    boneyard: Plate
    boneyard_lit: bool
    """The person's move is a draw: the boneyard's plate is the button."""
    hub: TileSprite
    rails: tuple[tuple[float, float, float, float], ...]
    """Lines from the hub's double to each lane's label (x0, y0, x1, y1): which trains start there."""
    lanes: tuple[LaneDrawn, ...]
    hand: tuple[tuple[Tile, TileSprite], ...]
    hidden_hand: tuple[TileSprite, ...]
    banner: str
    banner_at: tuple[float, float] | None
    banner_size: float

    def hit(self, x: float, y: float) -> tuple[str, str] | None:
        """What a tap at (x, y) touches: ``("hand", tile)``, ``("train", name)`` for a lit
        train, ``("draw", "")`` for the lit boneyard, else ``None``."""
        for tile, sprite in reversed(self.hand):
            if sprite.rect.contains(x, y):
                return "hand", str(tile)
        lane = self.train_under(x, y)
        if lane is not None:
            return "train", lane
        if self.boneyard_lit and self.boneyard.body.inset(-4.0).contains(x, y):
            return "draw", ""
        return None

    def train_under(self, x: float, y: float) -> str | None:
        """The lit train whose lane holds (x, y) (grown a little: a finger covers what it aims at)."""
        grow = max(self.unit * 0.5, 6.0)
        for lane in self.lanes:
            if lane.lit and any(
                rect.inset(-grow).contains(x, y)
                for rect in (lane.placed.band, lane.placed.end, lane.placed.label)
            ):
                return lane.name
        return None

    def with_tile_at(self, tile: Tile, dx: float, dy: float) -> TrainScene:
        """The scene with ``tile`` of the hand moved by (dx, dy), drawn over the rest (dragged)."""
        held = [(held, sprite) for held, sprite in self.hand if held != tile]
        moved = [
            (
                held,
                replace(
                    sprite, rect=Rect(sprite.rect.x + dx, sprite.rect.y + dy, sprite.rect.w, sprite.rect.h)
                ),
            )
            for held, sprite in self.hand
            if held == tile
        ]
        return replace(self, hand=(*held, *moved))

    def regions(self) -> list[tuple[str, Rect]]:
        """Every region drawn, named (what the layout tests check for overlaps)."""
        found: list[tuple[str, Rect]] = [("hub", self.hub.rect)]
        for seat_plate in self.plates:
            found += [
                (f"swatch {seat_plate.seat}", seat_plate.swatch),
                (f"plate {seat_plate.seat}", seat_plate.plate.body),
            ]
        found.append(("boneyard", self.boneyard.body))
        for lane in self.lanes:
            found.append((f"label {lane.name}", lane.placed.label))
            found += [(f"tile {lane.name}.{index}", sprite.rect) for index, sprite in enumerate(lane.tiles)]
            found.append((f"end {lane.name}", lane.placed.end))
        found += [(f"hand {tile}", sprite.rect) for tile, sprite in self.hand]
        found += [(f"back {index}", sprite.rect) for index, sprite in enumerate(self.hidden_hand)]
        if self.banner and self.banner_at is not None:
            found.append(("banner", banner_rect(self.banner, self.banner_at, self.banner_size)))
        return found

    def test_data(self) -> dict[str, Any]:
        """What the end-to-end tests read: where each train's label, end and tiles are, and
        each hand tile's centre."""

        def centre(rect: Rect) -> list[float]:
            return [round(rect.x + rect.w / 2, 1), round(rect.y + rect.h / 2, 1)]

        return {
            "unit": self.unit,
            "lanes": {
                lane.name: {
                    "end": centre(lane.placed.end),
                    "label": centre(lane.placed.label),
                    "tiles": len(lane.tiles),
                    "lit": lane.lit,
                    "marked": lane.marked,
                    "open": lane.open,
                    "said": lane.said,
                }
                for lane in self.lanes
            },
            "hand": {str(tile): centre(sprite.rect) for tile, sprite in self.hand},
            "boneyard": centre(self.boneyard.body),
            "banner": self.banner,
        }


def banner_rect(text: str, at: tuple[float, float], size: float) -> Rect:
    """The pill a banner's words are written on, centred at ``at``."""
    width = text_width(text, size) + 2 * BANNER_PADDING
    return Rect(at[0] - width / 2, at[1] - _BANNER_H / 2, width, _BANNER_H)


def lane_words(controller: TrainController, train: TrainSeen) -> str:
    """A lane label's words: the owner's shortest name, "M" for the Mexican train, or the
    arm or toe's number."""
    if train.name == MEXICAN:
        return "M"
    if train.owner is None:
        return train.name
    return name_wordings(controller.names[train.owner])[-1]


def build_train_scene(controller: TrainController, width: float, height: float) -> TrainScene:
    """Place the table as the person holding the device sees it on a ``width`` x ``height`` canvas."""
    view = controller.view()
    players = view.players
    plates_per_row = max(3, min(players + 1, int((width - 2 * _PAD) // _PLATE_MIN_W)))
    rows = math.ceil((players + 1) / plates_per_row)
    plate_w = (width - 2 * _PAD) / plates_per_row
    turn = None if view.round_over else view.turn
    plates = []
    for index, seat in enumerate(range(players)):
        row, col = divmod(index, plates_per_row)
        area = Rect(_PAD + col * plate_w, _PAD + row * _PLATE_H, plate_w, _PLATE_H)
        swatch_size = _PLATE_H * 0.5
        swatch = Rect(snap(area.x + 3), snap(area.y + (_PLATE_H - swatch_size) / 2), swatch_size, swatch_size)
        rest = Rect(swatch.right + 1, area.y, area.right - swatch.right - 1, _PLATE_H)
        plate = fit_plate(
            rest,
            name_wordings(controller.names[seat]),
            view.hand_counts[seat],
            lit=seat == turn,
            align="left",
        )
        plates.append(SeatPlate(seat, SEAT_COLOURS[seat], swatch, plate))
    row, col = divmod(players, plates_per_row)
    can_draw = Draw() in controller.legal()
    boneyard = fit_plate(
        Rect(_PAD + col * plate_w, _PAD + row * _PLATE_H, plate_w, _PLATE_H),
        ("Boneyard", "Bones", "B"),
        view.boneyard,
        lit=can_draw,
        align="left",
    )
    top = _PAD + rows * _PLATE_H + _PAD
    banner = controller.result_banner()
    banner_size = 14.0
    banner_at = None
    if banner:  # (its own row above the board: never over a tile)
        while banner_size > 10 and text_width(banner, banner_size) + 2 * BANNER_PADDING > width - 2 * _PAD:
            banner_size -= 1
        banner_at = (width / 2, top + _BANNER_H / 2)
        top += _BANNER_H + _PAD

    hand_tiles = controller.hand_shown()
    held = (
        len(hand_tiles) if hand_tiles else (0 if view.round_over else view.hand_counts[controller.human_seat])
    )
    hand_unit, hand_rows, per_row = _hand_layout(held, width - 2 * _PAD, height * _HAND_SHARE, height / 11)
    hand_h = hand_rows * (2 + PLAYABLE_LIFT + _HAND_GAP * 2) * hand_unit if held else 0.0
    hand_top = height - _PAD - hand_h
    board = Rect(0.0, top, width, max(0.0, hand_top - _PAD - top))

    trains = _ordered(view.trains + _trains_to_start(controller, view.trains), controller.human_seat)
    specs = [
        LaneSpec(
            train.name,
            tuple(tile.is_double for tile in train.tiles),
            train.name.split(".")[0] if "." in train.name or view.rules.is_chicken_foot else "",
        )
        for train in trains
    ]
    layout = layout_trains(specs, board)
    lit = set(controller.trains_for_selected())
    hinted = controller.hint.action if controller.hint is not None else None
    lanes = []
    last_laid = _last_laid(view.history)
    for train, placed in zip(trains, layout.lanes, strict=True):
        sprites = _train_sprites(train, placed, last_laid)
        lanes.append(
            LaneDrawn(
                train.name,
                controller.train_name(train.name),
                lane_words(controller, train),
                SEAT_COLOURS[train.owner] if train.owner is not None else MEXICAN_COLOUR,
                placed,
                sprites,
                train.marked,
                train.name in (view.open_double, view.foot),
                train.name in lit,
                _ghost(controller.selected, train.end, placed) if train.name in lit else None,
            )
        )
    hub = layout.hub
    double_rect = Rect(
        snap(hub.center[0] - layout.unit / 2), snap(hub.center[1] - layout.unit), layout.unit, 2 * layout.unit
    )
    hub_sprite = TileSprite(double_rect, True, view.double.high, view.double.low)
    rails = _rails(double_rect, [lane.placed.label for lane in lanes if "." not in lane.name])
    rails += _toe_rails({lane.name: lane.placed.label for lane in lanes})

    playable = controller.playable_tiles()
    hint_tile = getattr(hinted, "tile", None)
    hand = []
    backs = []
    for index in range(held):
        row_index, col = divmod(index, per_row)
        in_row = min(per_row, held - row_index * per_row)
        step = (1 + _HAND_GAP) * hand_unit
        left = width / 2 - (in_row * step - _HAND_GAP * hand_unit) / 2
        y = (
            hand_top
            + (PLAYABLE_LIFT + _HAND_GAP) * hand_unit
            + row_index * (2 + PLAYABLE_LIFT + 2 * _HAND_GAP) * hand_unit
        )
        rect = Rect(snap(left + col * step), snap(y), snap(hand_unit), snap(2 * hand_unit))
        if hand_tiles:
            tile = hand_tiles[index]
            sprite = TileSprite(
                rect,
                True,
                tile.high,
                tile.low,
                playable=tile in playable,
                selected=tile == controller.selected,
                last=tile == view.drawn,
                hinted=tile == hint_tile,
            )
            hand.append((tile, sprite))
        else:
            backs.append(TileSprite(rect, True, 0, 0, face_up=False))

    return TrainScene(
        width,
        height,
        layout.unit,
        board,
        tuple(plates),
        boneyard,
        can_draw,
        hub_sprite,
        rails,
        tuple(lanes),
        tuple(hand),
        tuple(backs),
        banner,
        banner_at,
        banner_size,
    )


def _rails(double: Rect, labels: list[Rect]) -> tuple[tuple[float, float, float, float], ...]:
    """A bracket on each side of the hub's double that has lanes: a short line out of the
    double, a line along the lanes' labels, and a tick to each label."""
    lines = []
    for right in (True, False):
        side = [label for label in labels if (label.x >= double.right) == right]
        if not side:
            continue
        edge = double.right if right else double.x
        spine = (
            (edge + min(label.x for label in side)) / 2
            if right
            else (edge + max(label.right for label in side)) / 2
        )
        middle = double.y + double.h / 2
        lines.append((edge, middle, spine, middle))
        ys = [label.y + label.h / 2 for label in side]
        lines.append((spine, min(*ys, middle), spine, max(*ys, middle)))
        lines += [(spine, y, label.x if right else label.right, y) for label, y in zip(side, ys, strict=True)]
    return tuple(lines)


def _toe_rails(labels: dict[str, Rect]) -> tuple[tuple[float, float, float, float], ...]:
    """A line down from each chicken foot's label to each of its toes' labels (drawn under
    the labels: it shows in the gaps between lanes, joining a foot to its toes)."""
    lines = []
    for name, label in labels.items():
        parent = labels.get(name.rpartition(".")[0]) if "." in name else None
        if parent is not None:
            x = parent.x + parent.h / 2 if parent.x <= label.x else parent.right - parent.h / 2
            lines.append((x, parent.y + parent.h / 2, x, label.y + label.h / 2))
    return tuple(lines)


def _ordered(trains: tuple[TrainSeen, ...], seat: int) -> list[TrainSeen]:
    """The trains in the order of their lanes: the Mexican train (or the arms and their
    toes, in order) first, the other players' from the person's left, the person's own last,
    next to their hand."""
    personal = sorted(
        (train for train in trains if train.owner is not None),
        key=lambda train: ((train.owner or 0) - seat - 1) % len(trains),
    )
    shared = sorted(
        (train for train in trains if train.owner is None), key=lambda train: _train_order(train.name)
    )
    return [*shared, *personal]


def _trains_to_start(controller: TrainController, trains: tuple[TrainSeen, ...]) -> tuple[TrainSeen, ...]:
    """The trains the person may start now that have no tile yet (Chicken Foot's next arm
    or toe), as empty lanes to lay on."""
    laid = {train.name for train in trains}
    playable = {action.train for action in controller.legal() if isinstance(action, Play)}
    return tuple(
        TrainSeen(name, None, value, (), value, False)
        for name, value in controller.round.targets(controller.human_seat)
        if name in playable and name not in laid
    )


def _train_order(name: str) -> tuple[int, ...]:
    return (-1,) if name == MEXICAN else tuple(int(part) for part in name.split("."))


def _last_laid(history: tuple[tuple[int, TrainAction, frozenset[int]], ...]) -> Play | None:
    """The round's last tile laid (it wears the halo), if any."""
    return next((action for _, action, _ in reversed(history) if isinstance(action, Play)), None)


def _train_sprites(train: TrainSeen, placed: PlacedLane, last_laid: Play | None) -> tuple[TileSprite, ...]:
    """Each tile of ``train`` where its lane puts it, the half matched facing back along the
    train; the round's last tile laid haloed."""
    sprites = []
    end = train.start
    for tile, spot in zip(train.tiles, placed.tiles, strict=True):
        other = tile.other(end) if not tile.is_double else end
        if tile.is_double:
            sprites.append(TileSprite(spot.rect, True, end, end))
        elif spot.heading == "E":
            sprites.append(TileSprite(spot.rect, False, end, other))
        else:
            sprites.append(TileSprite(spot.rect, False, other, end))
        end = other
    if (
        sprites
        and last_laid is not None
        and last_laid.train == train.name
        and train.tiles[-1] == last_laid.tile
    ):
        sprites[-1] = replace(sprites[-1], last=True)
    return tuple(sprites)


def _ghost(tile: Tile | None, end: int, placed: PlacedLane) -> TileSprite | None:
    """The picked-up tile, see-through, at the lane's next place (as it would be laid: a
    double crosswise at the place's near end)."""
    if tile is None:
        return None
    rect = placed.end
    east = placed.end_heading == "E"
    if tile.is_double:
        unit = rect.h
        x = rect.x if east else rect.right - unit
        return TileSprite(Rect(x, rect.y - unit / 2, unit, 2 * unit), True, end, end, ghost=True)
    other = tile.other(end)
    first, second = (end, other) if east else (other, end)
    return TileSprite(rect, False, first, second, ghost=True)


def _hand_layout(count: int, width: float, most_height: float, largest: float) -> tuple[float, int, int]:
    """The hand's unit, rows and tiles per row: the largest unit up to ``largest`` whose rows
    fit ``most_height``."""
    if count == 0:
        return _HAND_UNITS[0], 0, 1
    for unit in _HAND_UNITS:
        if unit > largest and unit != _HAND_UNITS[-1]:
            continue
        per_row = max(1, int((width + _HAND_GAP * unit) // ((1 + _HAND_GAP) * unit)))
        rows = math.ceil(count / per_row)
        if rows > 1 and unit > _HAND_ONE_ROW_ABOVE:
            continue
        if rows * (2 + PLAYABLE_LIFT + 2 * _HAND_GAP) * unit <= most_height:
            return unit, rows, per_row
    unit = _HAND_UNITS[-1]
    per_row = max(1, int((width + _HAND_GAP * unit) // ((1 + _HAND_GAP) * unit)))
    return unit, math.ceil(count / per_row), per_row
