"""Dragging a tile from the hand onto a lit end: the gesture, what it looks like, and where
it lands. Pure (no browser): the page feeds it pointer positions in CSS px.

A press on a tile that does not move further than :data:`DRAG_SLOP_PX` is a tap, as
before; beyond it, the tile follows the pointer (the point it was grabbed by stays under
the finger) and the ends it may go on light up. Where it is let go decides the move (see
:meth:`web.line.controller.Controller.drop`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from engine import End, Tile
from web.line.geometry import Rect
from web.line.scene import Scene

__all__ = ["DRAG_SLOP_PX", "Drag"]

DRAG_SLOP_PX = 8.0
"""How far (CSS px) a press may wander and still be a tap: a finger's tap moves a little."""


@dataclass(frozen=True)
class Drag:
    """A tile of the person's hand pressed at ``start`` by pointer ``pointer``, now at ``at``."""

    tile: Tile
    pointer: int
    start: tuple[float, float]
    at: tuple[float, float]
    moved: bool = False
    """Whether the pointer has gone beyond the slop: a drag, no longer a tap."""

    @classmethod
    def pressed(cls, tile: Tile, pointer: int, x: float, y: float) -> Drag:
        """A press on ``tile`` at (x, y): a tap until it moves."""
        return cls(tile, pointer, (x, y), (x, y))

    def to(self, x: float, y: float) -> Drag:
        """The same press, the pointer now at (x, y)."""
        far = math.dist(self.start, (x, y)) > DRAG_SLOP_PX
        return replace(self, at=(x, y), moved=self.moved or far)

    def on(self, scene: Scene) -> Scene:
        """``scene`` with the dragged tile under the pointer, drawn over everything else."""
        if not self.moved:
            return scene
        dx, dy = self.at[0] - self.start[0], self.at[1] - self.start[1]
        held = [(tile, sprite) for tile, sprite in scene.hand if tile != self.tile]
        dragged = [
            (
                tile,
                replace(
                    sprite, rect=Rect(sprite.rect.x + dx, sprite.rect.y + dy, sprite.rect.w, sprite.rect.h)
                ),
            )
            for tile, sprite in scene.hand
            if tile == self.tile
        ]
        return replace(scene, hand=(*held, *dragged))

    def end_under(self, scene: Scene) -> End | None:
        """The lit end the tile is let go over: the nearest whose place, grown by a tile's
        width each way (a finger covers the place it aims at), holds the pointer."""
        x, y = self.at
        grow = max(scene.unit, 12.0)
        near = [
            (math.dist(target.rect.center, (x, y)), index)
            for index, target in enumerate(scene.targets)
            if Rect(
                target.rect.x - grow, target.rect.y - grow, target.rect.w + 2 * grow, target.rect.h + 2 * grow
            ).contains(x, y)
        ]
        return scene.targets[min(near)[1]].end if near else None

    def over_board(self, scene: Scene) -> bool:
        """Whether the tile is let go over the board (where a tile that fits one place goes)."""
        return scene.board.contains(*self.at)
