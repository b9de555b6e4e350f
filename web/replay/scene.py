"""The replay viewer's picture of the table: a :class:`~web.line.scene.Scene` built from a frame.

Like :func:`web.line.scene.build_scene`, but nothing is playable and the hands are shown as
the viewer chooses: every hand face up, or only one seat's (the others as backs, as that
player saw the table). Seat 0 is at the bottom, the others clockwise, as at the live table.

Pure Python; no browser imports.
"""

from __future__ import annotations

from collections.abc import Collection

from engine import Play
from web.line.geometry import Rect
from web.line.scene import (
    Scene,
    SeatSprite,
    TileSprite,
    boneyard_label,
    info_count,
    line_layout_of,
    plate_strip,
    side_word,
)
from web.line.table_layout import hand_tile_rects, hidden_tile_rects, table_regions
from web.replay.model import Frame
from web.seats import SEAT_POSITIONS
from web.tile_drawing import HAND_LIFT

__all__ = ["build_replay_scene"]


def build_replay_scene(
    frame: Frame,
    names: tuple[str, ...],
    shown: Collection[int],
    width: float,
    height: float,
    better: Play | None = None,
) -> Scene:
    """The table of ``frame`` on a canvas of ``width`` by ``height`` CSS px, the hands of
    the seats in ``shown`` face up (and every hand once the hand is over).

    With ``better`` (a review's better move for the seat to move), that tile is drawn
    see-through where it would have gone, outlined as a hint, and outlined in its
    player's hand where that hand is shown.
    """
    hand = frame.hand
    rules = hand.rules
    players = rules.players
    regions = table_regions(width, height, players, max(rules.hand_size, len(hand.hand_of(0))))
    layout = hand.layout if better is None else hand.layout.play(better.tile, better.end)
    line = line_layout_of(layout, regions.board)
    last_id = len(hand.layout.placements) - 1
    ghost_id = last_id + 1 if better is not None else None
    line_sprites = tuple(
        TileSprite(
            t.rect,
            t.vertical,
            t.first,
            t.second,
            last=t.id == last_id,
            hinted=t.id == ghost_id,
            ghost=t.id == ghost_id,
        )
        for t in line.tiles
    )
    hinted = better.tile if better is not None else None
    mover = hand.turn
    open_hands = hand.is_over
    bottom = hand.hand_of(0)
    bottom_up = open_hands or 0 in shown
    hand_sprites = tuple(
        (
            tile,
            TileSprite(
                rect,
                True,
                tile.high,
                tile.low,
                face_up=bottom_up,
                hinted=bottom_up and mover == 0 and tile == hinted,
            ),
        )
        for tile, rect in zip(
            bottom, hand_tile_rects(regions.hand, len(bottom), regions.hand_unit), strict=True
        )
    )
    hand_rects = tuple(sprite.rect for _, sprite in hand_sprites)
    seats = []
    for region in regions.seats:
        seat = region.seat
        held = hand.hand_of(seat)
        # (the bottom seat's tiles stand in the hand strip: its plate stands over them)
        rects = hidden_tile_rects(region, len(held), regions.hidden_unit) if seat else ()
        face_up = open_hands or seat in shown
        tiles = tuple(
            _sprite(rect, tile.high, tile.low, face_up, face_up and seat == mover and tile == hinted)
            for rect, tile in zip(rects, held if seat else (), strict=True)
        )
        seats.append(
            SeatSprite(
                seat=seat,
                name=names[seat],
                position=SEAT_POSITIONS[players][seat],
                rect=region.rect,
                tiles=tiles,
                count=len(held),
                to_move=not hand.is_over and hand.turn == seat,
                team=side_word(rules, seat, 0),
                plate_area=plate_strip(region, rects) if seat else plate_strip(region, hand_rects, HAND_LIFT),
                plate_beside=region.beside,
            )
        )
    return Scene(
        width=width,
        height=height,
        board=regions.board,
        unit=line.unit,
        line=line_sprites,
        targets=(),
        hand=hand_sprites,
        seats=tuple(seats),
        info=regions.info,
        info_text=boneyard_label(rules, hand.boneyard_count),
        info_count=info_count(rules, hand.boneyard_count),
    )


def _sprite(rect: Rect, high: int, low: int, face_up: bool, hinted: bool = False) -> TileSprite:
    return TileSprite(
        rect, rect.h >= rect.w, high if face_up else 0, low if face_up else 0, face_up=face_up, hinted=hinted
    )
