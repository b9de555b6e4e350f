"""What the lab tools share (the arenas that measure the computer players, the review's
calibration): worker processes, and the statistics of a measured run. Never used in play."""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from typing import TypeVar

__all__ = ["half_width", "map_jobs", "time_stats"]

Job = TypeVar("Job")
Result = TypeVar("Result")


def map_jobs(
    function: Callable[[Job], Result], work: Sequence[Job], jobs: int, chunksize: int = 4
) -> list[Result]:
    """``function`` of each item of ``work``, in order: shared among ``jobs`` worker processes
    (``chunksize`` items at a time), or worked through in this process when ``jobs`` is 1.
    ``function`` must be a module-level function, for the workers to find it."""
    if jobs <= 1:
        return [function(job) for job in work]
    import multiprocessing  # only here: Pyodide has no worker processes

    with multiprocessing.Pool(jobs) as pool:
        return pool.map(function, work, chunksize=chunksize)


def half_width(values: Sequence[float]) -> float:
    """Half the width of the 95% confidence interval of the mean of ``values`` (0 for one value)."""
    if len(values) < 2:
        return 0.0
    return 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def time_stats(spent: Sequence[float]) -> tuple[float, float, float]:
    """Mean, 95th percentile and maximum of decision times."""
    ordered = sorted(spent)
    return statistics.fmean(ordered), ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], ordered[-1]
