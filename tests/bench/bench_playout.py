"""Play-out speed on CPython against abw333's ``dominoes``, in one interleaved run.

Run with ``python tests/bench/bench_playout.py [--seconds S]``. The game is 4-player
partnership block (double-six, 7 tiles each), abw333's only game. Each row is hands per
second:

- ``abw333 random``: ``dominoes.Game.new()`` played out with a random valid move each turn;
- ``core random``: a fresh deal on the bit-mask core (:class:`engine.line.ai.bits.LineHand`),
  played out with a uniformly random legal move each turn (:meth:`LineHand.play_at_random`);
- ``core search play-out``: what search does per candidate: copy a dealt position and play
  it out greedily (randomness 0.125) on the core;
- ``fast search play-out``: the same on :class:`engine.line.ai.fast.FastHand` (what search uses
  in the games with a spinner, and used everywhere before the core).

The rows take turns in short slices, so a machine busy with other work slows them alike;
the ratios to abw333 are what to compare. :func:`rows` returns the measurements for other
benchmarks to print.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine import Hand, make_rules
from engine.line.ai.bits import LineHand, Policy
from engine.line.ai.fast import FastHand
from engine.line.ai.search import PLAYOUT_RANDOMNESS

RULES = make_rules("partnership-block", 4)
POSITIONS = 64
"""How many dealt positions the search play-outs cycle through."""


def _abw333() -> Callable[[int], None] | None:
    """abw333's random hands, or ``None`` when ``dominoes`` is not installed."""
    try:
        import dominoes  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        return None
    rng = random.Random(1)

    def play(count: int) -> None:
        for _ in range(count):
            game = dominoes.Game.new()
            while game.result is None:
                game.make_move(*rng.choice(game.valid_moves))

    return play


def _core_random() -> Callable[[int], None]:
    """Fresh deals on the core, played out at random."""
    rng = random.Random(2)

    def play(count: int) -> None:
        for _ in range(count):
            LineHand.deal(RULES, rng).play_at_random(rng.random)

    return play


def _dealt(seed: int) -> FastHand:
    """A dealt position (the starter opens with any tile), as search's state."""
    return FastHand.from_hand(Hand.deal(RULES, random.Random(seed), seed % RULES.players))


def _core_search() -> Callable[[int], None]:
    """Search's play-out loop on the core: copy a dealt position, play it out greedily."""
    rng = random.Random(3)
    policy = Policy.of(RULES, PLAYOUT_RANDOMNESS)
    positions = [LineHand.from_fast(_dealt(seed)) for seed in range(POSITIONS)]

    def play(count: int) -> None:
        for number in range(count):
            positions[number % POSITIONS].copy().play_out(rng.random, policy)

    return play


def _fast_search() -> Callable[[int], None]:
    """The same loop on ``FastHand``."""
    rng = random.Random(3)
    positions = [_dealt(seed) for seed in range(POSITIONS)]

    def play(count: int) -> None:
        for number in range(count):
            fast = positions[number % POSITIONS].copy()
            while fast.outcome is None:
                fast.apply(fast.greedy_move(rng, PLAYOUT_RANDOMNESS))

    return play


def rows(seconds: float = 2.0, slices: int = 20) -> list[tuple[str, float]]:
    """Hands per second of each workload, over about ``seconds`` each, taking turns in ``slices``.

    The abw333 row comes first, and only if ``dominoes`` is installed.
    """
    workloads: list[tuple[str, Callable[[int], None]]] = [
        ("core random", _core_random()),
        ("core search play-out", _core_search()),
        ("fast search play-out", _fast_search()),
    ]
    abw333 = _abw333()
    if abw333 is not None:
        workloads.insert(0, ("abw333 random", abw333))
    played = dict.fromkeys((name for name, _ in workloads), 0)
    spent = dict.fromkeys((name for name, _ in workloads), 0.0)
    batch = dict.fromkeys((name for name, _ in workloads), 1)
    for _ in range(slices):
        for name, play in workloads:
            deadline = seconds / slices
            start = time.perf_counter()
            while time.perf_counter() - start < deadline:
                play(batch[name])
                played[name] += batch[name]
                batch[name] = min(batch[name] * 2, 256)
            spent[name] += time.perf_counter() - start
    return [(name, played[name] / spent[name]) for name, _ in workloads]


def main() -> None:
    """Print hands per second and the ratios to abw333."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="time spent on each workload")
    args = parser.parse_args()
    measured = rows(args.seconds)
    base = dict(measured).get("abw333 random")
    print(
        f"4-player partnership block, hands per second (CPython {sys.version.split()[0]}, {args.seconds:g} s each)"
    )
    print(f"{'workload':<22} {'hands/s':>9} {'x abw333':>9}")
    for name, rate in measured:
        ratio = f"{rate / base:>9.2f}" if base else f"{'-':>9}"
        print(f"{name:<22} {rate:>9.0f} {ratio}")
    if base is None:
        print("(abw333's dominoes is not installed: pip install dominoes)")


if __name__ == "__main__":
    main()
