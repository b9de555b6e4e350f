"""The view model: what the table shows, in CSS pixels, and what a point on it hits.

A :class:`Scene` is built from the controller and the canvas size by pure code (no
browser imports) and handed to the renderer, which only draws it. The same scene
answers hit-tests for taps and gives tests the on-screen position of every tile.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine import Draw, End, Layout, Play, PlayerView, Rules, Tile
from web.line.callouts import seat_calls
from web.line.controller import Controller
from web.line.geometry import MAX_UNIT, LineLayout, Rect, TreeTile, layout_tree
from web.line.table_layout import SeatRegion, hand_tile_rects, hidden_tile_rects, hit_test_hand, table_regions
from web.plates import Plate, fit_plate, name_wordings
from web.text_metrics import text_width
from web.tile_drawing import HAND_LIFT, TileSprite

__all__ = [
    "CALLOUT_PADDING",
    "DRAW_HIT",
    "FACE_UP_SHARE",
    "Callout",
    "Scene",
    "SeatSprite",
    "Target",
    "TileSprite",
    "boneyard_label",
    "build_scene",
    "line_layout_of",
    "side_word",
]

FACE_UP_SHARE = 0.6
"""How large, next to the person's tiles, the tiles shown face up at another seat may be."""

DRAW_HIT = "draw"
"""What :meth:`Scene.hit` returns for a tap on the boneyard when drawing is allowed."""


@dataclass(frozen=True)
class SeatSprite:
    """A seat around the table: its label, tiles (hidden backs, or revealed at the end)."""

    seat: int
    name: str
    position: str
    rect: Rect
    tiles: tuple[TileSprite, ...]
    count: int
    to_move: bool
    team: str = ""
    """In partnership games, "We" (the person's partner) or "They" (an opponent); else empty."""
    plate_area: Rect | None = None
    """The strip the seat's name plate stands in (``None``: no plate)."""
    plate_beside: bool = False
    """Whether the plate stands at the left of the seat's tiles (at the strip's right end)."""

    @property
    def plate(self) -> Plate | None:
        """The seat's name plate, fitted to its strip: name (and side), count, lit on its turn."""
        if self.plate_area is None:
            return None
        align = "right" if self.plate_beside else "centre"
        return fit_plate(
            self.plate_area, name_wordings(self.name, self.team), self.count, self.to_move, align
        )

    @property
    def label(self) -> str:
        """The seat in words, as the tests read it, e.g. ``"▶ They: West · 5"``: team, name, tiles held."""
        team = f"{self.team}: " if self.team else ""
        return f"{'▶ ' if self.to_move else ''}{team}{self.name} · {self.count}"


CALLOUT_PADDING = 7.0
"""A call-out's pill: its padding each side of the words (and half of it above and below)."""


@dataclass(frozen=True)
class Callout:
    """What a seat said on its last turn ("Pass", "Draws 2", "15!"), on a pill at its place,
    just inside the board's edge on that seat's side."""

    seat: int
    text: str
    x: float
    """The pill's centre."""
    y: float
    size: float
    """The words' size in px."""


@dataclass(frozen=True)
class Target:
    """A lit place on the line where the selected tile can go."""

    end: End
    rect: Rect


@dataclass(frozen=True)
class Scene:
    """Everything drawn on the canvas for one frame."""

    width: float
    height: float
    board: Rect
    unit: float
    line: tuple[TileSprite, ...]
    targets: tuple[Target, ...]
    hand: tuple[tuple[Tile, TileSprite], ...]
    seats: tuple[SeatSprite, ...]
    info: Rect
    info_text: str
    can_draw: bool = False
    """Whether tapping the boneyard (the ``info`` area) draws a tile now."""
    hand_owner: int | None = 0
    """The seat whose tiles ``hand`` shows (``None`` while they are hidden): a change of
    owner is a person passing the device, not tiles moving."""
    hint_target: Rect | None = None
    """Where the hint suggests laying its tile, when it names an end."""
    info_count: int | None = None
    """The count the info box's plate shows (``None``: the info box is empty)."""
    callouts: tuple[Callout, ...] = ()
    """What the seats said on their last turns, at their places."""
    end_numbers: tuple[tuple[str, Rect], ...] = ()
    """Each open end's number on a round badge where the next tile on it would go, so that
    where a tile can be played is read, not only seen by colour."""

    @property
    def info_plate(self) -> Plate | None:
        """The boneyard's (or the sleeping tiles') plate in the info box, lit when a tap draws."""
        if self.info_count is None:
            return None
        return fit_plate(self.info, _info_wordings(self.info_text), self.info_count, self.can_draw, "left")

    def hit(self, x: float, y: float) -> Tile | End | str | None:
        """The lit end, hand tile, or ``"draw"`` (the boneyard, when drawing is allowed) under a point."""
        if self.can_draw and self.info.contains(x, y):
            return DRAW_HIT
        for target in self.targets:
            if target.rect.contains(x, y):
                return target.end
        tapped = hit_test_hand([sprite.rect for _, sprite in self.hand], x, y)
        return None if tapped is None else self.hand[tapped][0]

    def test_data(self) -> dict[str, Any]:
        """Positions of the clickable things, for end-to-end tests (CSS px, canvas-relative)."""
        return {
            "hand": [
                {"tile": str(tile), "x": s.rect.center[0], "y": s.rect.center[1], "playable": s.playable}
                for tile, s in self.hand
            ],
            "targets": [
                {"end": str(t.end), "x": t.rect.center[0], "y": t.rect.center[1]} for t in self.targets
            ],
            "boneyard": {"x": self.info.center[0], "y": self.info.center[1], "can_draw": self.can_draw},
            "line": len(self.line),
            "ghosts": [f"{t.first}-{t.second}" for t in self.line if t.ghost],
            "hinted": [str(tile) for tile, sprite in self.hand if sprite.hinted]
            + [f"{t.first}-{t.second}" for seat in self.seats for t in seat.tiles if t.hinted],
            "hint_target": None
            if self.hint_target is None
            else {"x": self.hint_target.center[0], "y": self.hint_target.center[1]},
            "seats": [
                {
                    "seat": seat.seat,
                    "label": seat.label,
                    "position": seat.position,
                    "faces": [f"{t.first}-{t.second}" for t in seat.tiles if t.face_up],
                }
                for seat in self.seats
            ],
            "hand_owner": self.hand_owner,
            "callouts": [{"seat": call.seat, "text": call.text} for call in self.callouts],
            "end_numbers": [number for number, _ in self.end_numbers],
            "unit": self.unit,
            "size": {"width": self.width, "height": self.height},
            "board": {"x": self.board.x, "y": self.board.y, "w": self.board.w, "h": self.board.h},
            "lowest": max((s.rect.bottom for _, s in self.hand), default=0.0),
        }


def line_layout_of(layout: Layout, board: Rect, max_unit: float = MAX_UNIT) -> LineLayout:
    """Place an engine layout (a line, a cross, spinners and their branches) on the board,
    its tiles at most ``max_unit`` px on their short side.

    The result's ``ends`` are keyed by the text of each open :class:`End` (``str(end)``, e.g. ``"3N"``).
    """
    tiles = tuple(
        TreeTile(i, p.parent, p.side.value, p.inner, p.outer, p.spinner)
        for i, p in enumerate(layout.placements)
    )
    return _placed_line(tiles, tuple((end.placement, end.side.value) for end in layout.ends), board, max_unit)


@lru_cache(maxsize=8)
def _placed_line(
    tiles: tuple[TreeTile, ...], ends: tuple[tuple[int, str], ...], board: Rect, max_unit: float
) -> LineLayout:
    """:func:`layout_tree`, remembered: placing the line searches for the largest tile size
    that fits, most of a scene's cost, and most scenes (a tile selected, a hint, a draw, a
    frame of motion) show the same line on the same board as the one before."""
    return layout_tree(tiles, ends, board, max_unit=max_unit)


def build_scene(controller: Controller, width: float, height: float) -> Scene:
    """The scene for the controller's current state on a canvas of ``width`` by ``height`` CSS px."""
    view = controller.view()
    players = view.rules.players
    shown = controller.hand_shown()
    regions = table_regions(width, height, players, max(view.rules.hand_size, len(shown)))
    hand_rects = hand_tile_rects(regions.hand, len(shown), regions.hand_unit)
    # The board's tiles are never smaller than the hand's, until the line needs them to be.
    hand_unit = max((rect.w for rect in hand_rects), default=0.0)
    line = line_layout_of(view.layout, regions.board, max(MAX_UNIT, hand_unit))
    last_id = len(view.layout.placements) - 1
    line_sprites = tuple(
        TileSprite(t.rect, t.vertical, t.first, t.second, last=t.id == last_id) for t in line.tiles
    )
    targets = tuple(
        Target(end, line.ends[str(end)]) for end in controller.ends_for_selected() if str(end) in line.ends
    )
    playable = controller.playable_tiles() if controller.phase == "human" else frozenset()
    suggested = controller.hint.action if controller.hint is not None and shown else None
    hinted_tile = suggested.tile if isinstance(suggested, Play) else None
    hint_end = suggested.end if isinstance(suggested, Play) else None
    hand = tuple(
        (
            tile,
            TileSprite(
                rect,
                True,
                tile.high,
                tile.low,
                True,
                tile in playable,
                tile == controller.selected,
                hinted=tile == hinted_tile,
            ),
        )
        for tile, rect in zip(shown, hand_rects, strict=True)
    )
    end_numbers = _end_numbers(view, line) if view.result is None else ()
    # The person holding the device sits at the bottom; the others clockwise from them.
    # When people share the device, the bottom seat is labelled too (and its tiles shown
    # face down while they are hidden).
    # Tiles shown face up while the hand is played (an open-hand puzzle) are read, not only
    # counted: they may grow to the room their seat has, up to most of a hand tile's size.
    face_unit = max(regions.hidden_unit, FACE_UP_SHARE * hand_unit)
    seats = tuple(
        _seat_sprite(
            controller,
            view,
            region,
            seat,
            hand_rects,
            regions.hidden_unit if controller.face_up(seat) is None else face_unit,
        )
        for region in regions.seats
        for seat in ((view.seat + region.seat) % players,)
    )
    return Scene(
        width=width,
        height=height,
        board=regions.board,
        unit=line.unit,
        line=line_sprites,
        targets=targets,
        hand=hand,
        seats=seats,
        info=regions.info,
        info_text=_info_text(controller),
        info_count=info_count(view.rules, view.boneyard_count),
        can_draw=controller.can(Draw()),
        hand_owner=None if controller.hand_hidden else view.seat,
        hint_target=None if hint_end is None else line.ends.get(str(hint_end)),
        end_numbers=end_numbers,
        callouts=_callouts(
            seat_calls(view.history) if view.result is None else {}, seats, regions.board, hand, end_numbers
        ),
    )


def _end_numbers(view: PlayerView, line: LineLayout) -> tuple[tuple[str, Rect], ...]:
    """The number showing at each open end, on a badge centred where the next tile would go
    (on the part of that place inside the board; none where too little of it is)."""
    badges = []
    board = line.board
    for end, value in zip(view.layout.ends, view.layout.values, strict=True):
        rect = line.ends.get(str(end))
        if rect is None:
            continue
        left, top = max(rect.x, board.x), max(rect.y, board.y)
        right, bottom = min(rect.right, board.right), min(rect.bottom, board.bottom)
        size = min(22.0, right - left - 1, bottom - top - 1)
        if size < 9:
            continue
        x, y = (left + right - size) / 2, (top + bottom - size) / 2
        badges.append((str(value), Rect(x, y, size, size)))
    return tuple(badges)


def _callouts(
    calls: dict[int, str],
    seats: tuple[SeatSprite, ...],
    board: Rect,
    hand: tuple[tuple[Tile, TileSprite], ...],
    end_numbers: tuple[tuple[str, Rect], ...],
) -> tuple[Callout, ...]:
    """Each call on its pill just inside the board's edge on its seat's side (the person's
    above their hand), never past the board."""
    size = 14.0 if min(board.w, board.h) >= 220 else 12.0
    height = size + CALLOUT_PADDING
    placed = []
    taken: list[Rect] = []
    for seat in seats:
        words = calls.get(seat.seat)
        if not words:
            continue
        width = text_width(words, size) + 2 * CALLOUT_PADDING
        tiles = [sprite.rect for sprite in seat.tiles] or [sprite.rect for _, sprite in hand] or [seat.rect]
        centre_x = (min(r.x for r in tiles) + max(r.right for r in tiles)) / 2
        centre_y = (min(r.y for r in tiles) + max(r.bottom for r in tiles)) / 2
        side = _board_side(seat.rect, board)
        x, y = {
            "top": (centre_x, board.y + 4 + height / 2),
            "left": (board.x + 4 + width / 2, centre_y),
            "right": (board.right - 4 - width / 2, centre_y),
            "bottom": (centre_x, board.bottom - 4 - height / 2),  # the person, above their hand
        }[side]
        busy = [*taken, *(rect for _, rect in end_numbers)]
        x, y = _clear_spot(x, y, width, height, side in ("top", "bottom"), board, busy)
        taken.append(Rect(x - width / 2, y - height / 2, width, height))
        placed.append(Callout(seat.seat, words, x, y, size))
    return tuple(placed)


def _board_side(region: Rect, board: Rect) -> str:
    """Which side of the board a seat's region lies on: top, left, right or bottom."""
    if region.bottom <= board.y + 1:
        return "top"
    if region.right <= board.x + 1:
        return "left"
    if region.x >= board.right - 1:
        return "right"
    return "bottom"


def _clear_spot(
    x: float, y: float, width: float, height: float, along_x: bool, board: Rect, busy: list[Rect]
) -> tuple[float, float]:
    """The centre nearest (x, y), along the board's edge, where a ``width`` by ``height``
    call-out covers none of ``busy`` (an end's number, another call-out), inside the board."""

    def inside(cx: float, cy: float) -> tuple[float, float]:
        return (
            min(max(cx, board.x + 2 + width / 2), board.right - 2 - width / 2),
            min(max(cy, board.y + 2 + height / 2), board.bottom - 2 - height / 2),
        )

    step = width * 0.6 if along_x else height * 1.2
    for shift in (0.0, step, -step, 2 * step, -2 * step, 3 * step, -3 * step):
        cx, cy = inside(x + shift, y) if along_x else inside(x, y + shift)
        spot = Rect(cx - width / 2, cy - height / 2, width, height).inset(0.5)  # (touching is fine)
        if not any(spot.intersects(other) for other in busy):
            return cx, cy
    return inside(x, y)


def _seat_sprite(
    controller: Controller,
    view: PlayerView,
    region: SeatRegion,
    seat: int,
    hand_rects: tuple[Rect, ...],
    hidden_unit: float,
) -> SeatSprite:
    """Seat ``seat`` in ``region``: its plate and its tiles (backs of ``hidden_unit`` at
    most, or faces once the hand is over); the bottom seat's plate stands over
    ``hand_rects``, the person's own tiles."""
    count = view.hand_counts[seat]
    bottom = region.seat == 0
    if bottom and not controller.hand_hidden:  # the person's own tiles stand in the hand strip
        rects: tuple[Rect, ...] = ()
        plate_area = plate_strip(region, hand_rects, lift=HAND_LIFT)
    else:
        rects = hidden_tile_rects(region, count, hidden_unit)
        plate_area = plate_strip(region, rects)
    # Every hand is shown once the hand is over (and in an open-hand puzzle all along).
    held = view.result.hands[seat] if view.result is not None else controller.face_up(seat)
    if held is not None:
        tiles = tuple(_upright(rect, tile) for rect, tile in zip(rects, held, strict=False))
    else:
        tiles = tuple(TileSprite(rect, rect.h >= rect.w, 0, 0, face_up=False) for rect in rects)
    return SeatSprite(
        seat=seat,
        name=controller.names[seat],
        position=region.position,
        rect=region.rect,
        tiles=tiles,
        count=count,
        to_move=controller.phase in ("human", "bot") and view.turn == seat,
        team=side_word(view.rules, seat, view.seat),
        plate_area=plate_area,
        plate_beside=region.beside,
    )


def plate_strip(region: SeatRegion, rects: tuple[Rect, ...], lift: float = 0.0) -> Rect:
    """Where a seat's plate stands: at the left of its tiles in a short wide seat, else in a
    strip just above them (``lift``: how far above their tops, in tile units, a tile may be
    raised), never beyond the seat's own strip."""
    strip = region.label
    if not rects:
        return strip
    if region.beside:
        left = min(rect.x for rect in rects)
        return Rect(strip.x, strip.y, max(0.0, min(strip.right, left) - strip.x), strip.h)
    top = min(rect.y for rect in rects) - lift * min(rects[0].w, rects[0].h)
    return Rect(strip.x, max(strip.y, top - strip.h), strip.w, strip.h)


def side_word(rules: Rules, seat: int, viewer: int) -> str:
    """A seat's side as ``viewer`` sees it: "We" (the partner) or "They" (an opponent) in
    partnership games; "" for the viewer's own seat and in games without partners."""
    if not rules.partnerships or seat == viewer:
        return ""
    return "We" if rules.side_of(seat) == rules.side_of(viewer) else "They"


def _upright(rect: Rect, tile: Tile) -> TileSprite:
    return TileSprite(rect, rect.h >= rect.w, tile.high, tile.low)


def _info_text(controller: Controller) -> str:
    view = controller.view()
    return boneyard_label(view.rules, view.boneyard_count, controller.can(Draw()))


def has_boneyard(rules: Rules) -> bool:
    """Whether the undealt tiles are a boneyard players draw from (else they sleep)."""
    return bool(rules.boneyard_reserve or rules.draw.value != "none")


def boneyard_label(rules: Rules, count: int, can_draw: bool = False) -> str:
    """The info box's text: the boneyard (drawing games) or the sleeping tiles, and a tap hint."""
    if has_boneyard(rules):
        suffix = " — tap to draw" if can_draw else ""
        return f"Boneyard {count}{suffix}"
    return f"Sleeping {count}"


def info_count(rules: Rules, count: int) -> int | None:
    """The count the info box shows: the boneyard's, or the sleeping tiles' when there are
    any (a game that deals every tile has none, and shows nothing)."""
    return count if has_boneyard(rules) or count else None


def _info_wordings(text: str) -> tuple[str, ...]:
    """The info box's words, longest first, without the count (its badge shows it)."""
    name, _, rest = text.partition(" ")
    tap = " — tap to draw" if rest.endswith("tap to draw") else ""
    short = {"Boneyard": "Pile", "Sleeping": "Asleep"}.get(name, name)
    return tuple(dict.fromkeys((f"{name}{tap}", f"{name} · tap" if tap else name, name, short)))
