"""Motion between two scenes: tiles slide from where they were to where they now lie.

A tile laid slides from the person's hand, or from the seat of the computer player who laid
it; a drawn tile comes from the boneyard; the hand closes up behind a tile played; the line
slides when it is placed anew at a smaller size. Only where a tile is drawn moves, never its
size, so each moving tile stays one picture (one sprite) all the way.

Pure: a :class:`Motion` answers "what does the table look like at this instant", and the page
asks it once a frame until it is done. Taps and keys act on the scene the motion ends on, so
motion never stands in the way of a move (and a tap skips it).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from web.line.geometry import Rect
from web.line.scene import Scene, TileSprite
from web.table import MOTION_MS

__all__ = ["COUNT_UP_MS", "MOTION_MS", "Motion", "ScoreCount", "plan_motion"]

COUNT_UP_MS = 700.0
"""How long the score takes to count up to a new total, in ms."""

TileKey = tuple[int, int]
Shift = tuple[float, float]


def _key(sprite: TileSprite) -> TileKey:
    return (max(sprite.first, sprite.second), min(sprite.first, sprite.second))


def _shift(start: Rect, end: Rect) -> Shift | None:
    dx, dy = start.center[0] - end.center[0], start.center[1] - end.center[1]
    return None if abs(dx) < 0.5 and abs(dy) < 0.5 else (dx, dy)


@dataclass(frozen=True)
class Motion:
    """Tiles of ``scene`` shown away from their places by ``shifts`` (CSS px, at the start),
    easing in to them over ``duration`` ms from ``started`` (the page's clock, in ms)."""

    scene: Scene
    line_shifts: dict[int, Shift]
    """Index in ``scene.line`` -> where the tile starts, relative to its place."""
    hand_shifts: dict[int, Shift]
    """Index in ``scene.hand`` -> likewise."""
    started: float
    duration: float = MOTION_MS

    def done(self, now: float) -> bool:
        """Whether every tile has reached its place at ``now``."""
        return now >= self.started + self.duration

    def at(self, now: float) -> Scene:
        """The scene as it looks at ``now``: each moving tile part of the way (eased out)."""
        progress = min(1.0, max(0.0, (now - self.started) / self.duration))
        left = (1.0 - progress) ** 3  # the share of its way a tile still has to go
        if left == 0.0:
            return self.scene

        def moved(sprite: TileSprite, shift: Shift) -> TileSprite:
            rect = sprite.rect
            return replace(
                sprite, rect=Rect(rect.x + shift[0] * left, rect.y + shift[1] * left, rect.w, rect.h)
            )

        resting = [sprite for index, sprite in enumerate(self.scene.line) if index not in self.line_shifts]
        moving = [moved(self.scene.line[index], shift) for index, shift in sorted(self.line_shifts.items())]
        hand = tuple(
            (tile, moved(sprite, self.hand_shifts[index])) if index in self.hand_shifts else (tile, sprite)
            for index, (tile, sprite) in enumerate(self.scene.hand)
        )
        # A tile on its way is drawn over the others: the moving ones go last.
        return replace(self.scene, line=(*resting, *moving), hand=hand)


def plan_motion(before: Scene | None, after: Scene, now: float) -> Motion | None:
    """How the table gets from ``before`` to ``after``; ``None`` if nothing moves (or the
    canvas changed size, or there was no table before)."""
    if before is None or (before.width, before.height) != (after.width, after.height):
        return None
    was_laid = {_key(sprite): sprite.rect for sprite in before.line}
    was_held = {_key(sprite): sprite.rect for _, sprite in before.hand}
    movers = [seat.rect for seat in before.seats if seat.to_move]
    line_shifts: dict[int, Shift] = {}
    for index, sprite in enumerate(after.line):
        key = _key(sprite)
        start = was_laid.get(key) or was_held.get(key) or (movers[0] if movers else None)
        shift = None if start is None else _shift(start, sprite.rect)
        if shift is not None:
            line_shifts[index] = shift
    hand_shifts: dict[int, Shift] = {}
    # A hand shown to another person (the device passed), or shown again, is not a move.
    same_hand = before.hand_owner == after.hand_owner
    for index, (_, sprite) in enumerate(after.hand if same_hand else ()):
        start = was_held.get(_key(sprite), before.info)  # a tile new to the hand was drawn
        shift = _shift(start, sprite.rect)
        if shift is not None:
            hand_shifts[index] = shift
    if not line_shifts and not hand_shifts:
        return None
    return Motion(after, line_shifts, hand_shifts, now)


@dataclass(frozen=True)
class ScoreCount:
    """The match score counting up from ``start`` to ``end`` (one number a side) from
    ``started`` over ``duration`` ms, on the page's clock."""

    start: tuple[int, ...]
    end: tuple[int, ...]
    started: float
    duration: float = COUNT_UP_MS

    @classmethod
    def between(cls, shown: tuple[int, ...] | None, scores: tuple[int, ...], now: float) -> ScoreCount | None:
        """A count from the score ``shown`` to ``scores``, if some side gained and none lost
        (a new match starts from its own zeros at once)."""
        if shown is None or len(shown) != len(scores) or shown == scores:
            return None
        if any(new < old for old, new in zip(shown, scores, strict=True)):
            return None
        return cls(shown, scores, now)

    def done(self, now: float) -> bool:
        """Whether the count has reached the new score at ``now``."""
        return now >= self.started + self.duration

    def at(self, now: float) -> tuple[int, ...]:
        """The score shown at ``now``: each side part of the way to its new total (eased out)."""
        progress = min(1.0, max(0.0, (now - self.started) / self.duration))
        gone = 1.0 - (1.0 - progress) ** 3
        return tuple(old + round((new - old) * gone) for old, new in zip(self.start, self.end, strict=True))
