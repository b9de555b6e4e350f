"""Thinking in slices: a computer player's search is a generator that yields between slices of
work, so the page can draw and take input between them (as sunfish's search is a generator its
caller stops). These run such a generator a slice at a time, or to its end."""

from __future__ import annotations

from collections.abc import Generator
from typing import TypeVar, cast

__all__ = ["think_step", "think_through"]

T = TypeVar("T")


def think_step(thinking: Generator[None, None, T]) -> tuple[bool, T | None]:
    """Run one slice of a thinking generator: ``(False, None)`` while it thinks on, then ``(True, result)``."""
    try:
        next(thinking)
    except StopIteration as done:
        return True, done.value
    return False, None


def think_through(thinking: Generator[None, None, T]) -> T:
    """Run a thinking generator (one that yields between slices of work) to its end; its result."""
    while True:
        finished, result = think_step(thinking)
        if finished:
            return cast(T, result)
