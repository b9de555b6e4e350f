"""Motion between two scenes of a train game: a tile laid slides onto its train.

It comes from the person's hand where it lay there, else from the plate of the player whose
turn it was (a computer player's, or another person's behind the privacy screen). Only where
a tile is drawn moves, never its size, so each moving tile stays one picture all the way.

Pure: a :class:`TrainMotion` answers "what does the table look like at this instant", and
the page asks it once a frame until it is done. Taps act on the scene the motion ends on.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from web.rect import Rect
from web.table import MOTION_MS
from web.tile_drawing import TileSprite
from web.trains.scene import LaneDrawn, TrainScene

__all__ = ["TrainMotion", "plan_train_motion"]

Shift = tuple[float, float]


@dataclass(frozen=True)
class TrainMotion:
    """Tiles of ``scene`` shown away from their places by ``shifts`` (lane name and tile
    index -> CSS px at the start), easing in over ``duration`` ms from ``started``."""

    scene: TrainScene
    shifts: dict[tuple[str, int], Shift]
    started: float
    duration: float = MOTION_MS

    def done(self, now: float) -> bool:
        """Whether every tile has reached its place at ``now``."""
        return now >= self.started + self.duration

    def at(self, now: float) -> TrainScene:
        """The scene as it looks at ``now``: each moving tile part of its way (eased out)."""
        progress = min(1.0, max(0.0, (now - self.started) / self.duration))
        left = (1.0 - progress) ** 3
        if left == 0.0:
            return self.scene
        lanes = tuple(self._moved(lane, left) for lane in self.scene.lanes)
        return replace(self.scene, lanes=lanes)

    def _moved(self, lane: LaneDrawn, left: float) -> LaneDrawn:
        tiles = list(lane.tiles)
        moved = False
        for index, sprite in enumerate(tiles):
            shift = self.shifts.get((lane.name, index))
            if shift is not None:
                rect = sprite.rect
                tiles[index] = replace(
                    sprite, rect=Rect(rect.x + shift[0] * left, rect.y + shift[1] * left, rect.w, rect.h)
                )
                moved = True
        return replace(lane, tiles=tuple(tiles)) if moved else lane


def _key(sprite: TileSprite) -> tuple[int, int]:
    return (max(sprite.first, sprite.second), min(sprite.first, sprite.second))


def plan_train_motion(before: TrainScene | None, after: TrainScene, now: float) -> TrainMotion | None:
    """The motion from ``before`` to ``after`` (``None`` if no tile was laid between them):
    each tile new on a train slides from the hand, or from the plate of the player to move."""
    if before is None or (before.width, before.height) != (after.width, after.height):
        return None
    held = {_key(sprite): sprite.rect for _, sprite in before.hand}
    lit = next((plate.plate.body for plate in before.plates if plate.plate.lit), None)
    counts = {lane.name: len(lane.tiles) for lane in before.lanes}
    shifts: dict[tuple[str, int], Shift] = {}
    for lane in after.lanes:
        for index in range(counts.get(lane.name, 0), len(lane.tiles)):
            sprite = lane.tiles[index]
            origin = held.get(_key(sprite), lit)
            if origin is None:
                continue
            dx = origin.center[0] - sprite.rect.center[0]
            dy = origin.center[1] - sprite.rect.center[1]
            if abs(dx) >= 0.5 or abs(dy) >= 0.5:
                shifts[(lane.name, index)] = (dx, dy)
    return TrainMotion(after, shifts, now) if shifts else None
