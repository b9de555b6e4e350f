"""Running a thinking generator on the page: a few slices per browser task, then the thread back.

Search (a computer player's move, the hint, a hand review) is a generator that yields
between slices of work (:func:`engine.line.ai.think_step`). :func:`run_in_slices` runs such a
generator for about :data:`THINKING_TASK_MS` at a time and gives the browser its main thread
between, so the page keeps drawing and answering while the search goes on.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Generator
from typing import TypeVar

from engine.thinking import think_step

__all__ = ["THINKING_TASK_MS", "run_in_slices"]

T = TypeVar("T")

THINKING_TASK_MS = 20
"""How long a search runs before giving the browser the main thread back: a few slices per
task, since each hand-back costs time of its own. A slice on a slow tablet can take 40 ms
on its own, so a task is this, plus a slice, plus the browser's own work: within the page's
100 ms limit with room to spare."""


async def run_in_slices(
    thinking: Generator[None, None, T], current: Callable[[], bool]
) -> tuple[bool, T | None]:
    """Run ``thinking`` to its end, giving the browser its thread back between tasks.

    Returns ``(True, result)``, or ``(False, None)`` as soon as ``current()`` turns false
    (the thought is moot, or cancelled): the generator is then closed.
    """
    while True:
        task_started = time.perf_counter()
        finished, result = think_step(thinking)
        while not finished and time.perf_counter() - task_started < THINKING_TASK_MS / 1000:
            finished, result = think_step(thinking)
        if finished:
            return True, result
        await asyncio.sleep(0)
        if not current():
            thinking.close()
            return False, None
