"""Points and rectangles on the screen, in CSS pixels (origin top-left, y down): what every
scene and drawing of the table is measured in.

Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Point", "Rect"]

Point = tuple[float, float]
"""A point (x, y) in CSS px."""


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle: top-left corner (x, y), width w and height h."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        """The x coordinate of the right edge."""
        return self.x + self.w

    @property
    def bottom(self) -> float:
        """The y coordinate of the bottom edge."""
        return self.y + self.h

    @property
    def center(self) -> Point:
        """The centre point (x, y)."""
        return (self.x + self.w / 2, self.y + self.h / 2)

    def contains(self, px: float, py: float) -> bool:
        """Whether the point lies inside (left/top edges included, right/bottom excluded)."""
        return self.x <= px < self.right and self.y <= py < self.bottom

    def intersects(self, other: Rect) -> bool:
        """Whether the two interiors overlap (rectangles that only touch do not intersect)."""
        return (
            self.x < other.right and other.x < self.right and self.y < other.bottom and other.y < self.bottom
        )

    def encloses(self, other: Rect) -> bool:
        """Whether `other` lies entirely inside this rectangle (shared edges allowed)."""
        return (
            self.x <= other.x
            and other.right <= self.right
            and self.y <= other.y
            and other.bottom <= self.bottom
        )

    def inset(self, dx: float, dy: float | None = None) -> Rect:
        """This rectangle shrunk by dx on the left and right and dy (default dx) on top and bottom."""
        ddy = dx if dy is None else dy
        return Rect(self.x + dx, self.y + ddy, max(0.0, self.w - 2 * dx), max(0.0, self.h - 2 * ddy))
