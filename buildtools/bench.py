"""Which benchmark scripts ``build.py bench`` runs, and what each needs first."""

from __future__ import annotations

import sys

from buildtools.chromium import ensure_chromium
from buildtools.dist import build
from buildtools.paths import BENCH_DIR
from buildtools.shell import header, run
from buildtools.tools import install_tools

#: The benchmarks ``build.py bench`` knows, in the order ``all`` runs them.
BENCHMARKS = ("engine", "ai", "latency", "review", "boot", "open", "puzzles")


def _script(name: str, *args: str) -> int:
    """Run one script of tests/bench/ with this Python; its exit code."""
    return run([sys.executable, str(BENCH_DIR / name), *args])


def run_benchmarks(which: str = "all", *, runs: int = 5, deals: int = 0) -> int:
    """Run the benchmark ``which`` (one of :data:`BENCHMARKS`, or ``all``); the worst exit code.

    ``runs``: cold boots per page of the boot benchmark. ``deals``: duplicate deals of the AI
    benchmark (0: its default). The browser benchmarks find Chromium and build dist/ first.
    """
    codes: list[int] = []
    if which in ("engine", "all"):
        header("Engine benchmark: the rules engine and the AI's play-out core, next to abw333 dominoes")
        install_tools(("bench",))  # the reference library, never a runtime dependency
        for name in ("bench_engine.py", "bench_playout.py"):
            codes.append(_script(name))
    if which in ("ai", "all"):
        header("AI benchmark: arena strength (CPython) and decision time (Pyodide)")
        codes.append(_script("bench_ai.py", *(["--deals", str(deals)] if deals else [])))
    if which in ("latency", "all"):
        header("Latency benchmark: waiting for Expert players in the page, CPU throttled and not")
        ensure_chromium()
        build()
        codes.append(_script("bench_latency.py", "--no-build"))
        header("Latency benchmark: the train games' Expert decisions in the page, CPU throttled and not")
        codes.append(_script("bench_train_latency.py", "--no-build"))
    if which in ("review", "all"):
        header("Review benchmark: reviewing a hand in the page, CPU throttled and not, next to CPython")
        ensure_chromium()
        build()
        codes.append(_script("bench_review.py", "--no-build"))
    if which in ("boot", "all"):
        header("Boot benchmark (headless Chromium, cold contexts)")
        ensure_chromium()
        build()
        for name in ("bench_boot.py", "bench_embed_boot.py"):
            codes.append(_script(name, "--runs", str(runs), "--no-build"))
    if which in ("open", "all"):
        header("First openings: the dice game, the replay viewer and its review, imported when first opened")
        ensure_chromium()
        build()
        codes.append(_script("bench_first_open.py", "--no-build"))
    if which in ("puzzles", "all"):
        header("Puzzles and the day's deal: a puzzle's opening, a move checked, the Expert's replay")
        ensure_chromium()
        build()
        codes.append(_script("bench_puzzles.py", "--no-build"))
    return max(codes, default=0)
