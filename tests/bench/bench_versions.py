"""The engine's speed now against an earlier revision, in one run: ratios, not seconds.

    python tests/bench/bench_versions.py --base 9692005 [--rounds 12] [--slice 0.4]

The base revision is checked out in a temporary git worktree. Two worker processes, one per
tree, wait for orders; the parent has them run each workload in turn for a short slice, the
two trees one after the other, round after round, so a change in the machine's load hits
both alike. It prints, per workload, the median over the rounds of (hands per second now) /
(hands per second at the base), with the lowest and highest round: above 1.00 is faster.

The workloads are those of ``python build.py bench engine``: random hands through the
checked path (``legal_actions()`` + ``apply()``) and the unchecked one, and the AI's
play-outs on the line core (:mod:`engine.line.ai.bits`) and on ``FastHand``, in a block game
and in a fives game (where a play scores). The worker reads the engine of its tree through
the names both revisions have.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

WORKER = r"""
import importlib, json, random, sys, time
sys.path.insert(0, sys.argv[1])
from engine import Hand, make_rules

def first(*names):
    for name in names:
        try:
            return importlib.import_module(name)
        except ImportError:
            continue
    raise ImportError(names)

bits = first("engine.line.ai.bits", "engine.ai.bits")
fast = first("engine.line.ai.fast", "engine.ai.fast")

def random_hands(variant, players, checked):
    rules = make_rules(variant, players)
    rng = random.Random(1)
    def run():
        hand = Hand.deal(rules, rng)
        apply = hand.apply if checked else hand.apply_unchecked
        while hand.result is None:
            apply(rng.choice(hand.legal_actions()))
    return run

def core_playouts(variant, players):
    rules = make_rules(variant, players)
    rng = random.Random(3)
    policy = bits.Policy.of(rules, 0.1)
    positions = [bits.LineHand.from_fast(fast.FastHand.from_hand(Hand.deal(rules, random.Random(s), s % players)))
                 for s in range(32)]
    count = [0]
    def run():
        count[0] += 1
        positions[count[0] % 32].copy().play_out(rng.random, policy)
    return run

def fast_playouts(variant, players):
    rules = make_rules(variant, players)
    rng = random.Random(3)
    positions = [fast.FastHand.from_hand(Hand.deal(rules, random.Random(s), s % players)) for s in range(32)]
    count = [0]
    def run():
        count[0] += 1
        state = positions[count[0] % 32].copy()
        while state.outcome is None:
            state.apply(state.greedy_move(rng, 0.1))
    return run

WORKLOADS = {
    "checked: partnership-block 4": random_hands("partnership-block", 4, True),
    "checked: draw-2 2": random_hands("draw-2", 2, True),
    "checked: fives-and-threes 2": random_hands("fives-and-threes", 2, True),
    "checked: all-fives 3": random_hands("all-fives", 3, True),
    "checked: cross 4": random_hands("cross", 4, True),
    "unchecked: partnership-block 4": random_hands("partnership-block", 4, False),
    "unchecked: fives-and-threes 2": random_hands("fives-and-threes", 2, False),
    "core play-out: partnership-block 4": core_playouts("partnership-block", 4),
    "core play-out: fives-and-threes 2": core_playouts("fives-and-threes", 2),
    "core play-out: draw-2 2": core_playouts("draw-2", 2),
    "FastHand play-out: all-fives 3": fast_playouts("all-fives", 3),
    "FastHand play-out: cross 4": fast_playouts("cross", 4),
}
print(json.dumps(list(WORKLOADS)), flush=True)
for line in sys.stdin:
    name, seconds = json.loads(line)
    run = WORKLOADS[name]
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        run()
        done += 1
    print(json.dumps([done, time.perf_counter() - start]), flush=True)
"""


class Worker:
    """A worker process running the workloads on the engine of one tree."""

    def __init__(self, tree: Path) -> None:
        """Start it on ``tree`` and read the names of its workloads."""
        self.process = subprocess.Popen(
            [sys.executable, "-c", WORKER, str(tree)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout is not None
        self.names: list[str] = json.loads(self.process.stdout.readline())

    def rate(self, name: str, seconds: float) -> float:
        """Hands per second of workload ``name`` over about ``seconds``."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps([name, seconds]) + "\n")
        self.process.stdin.flush()
        done, spent = json.loads(self.process.stdout.readline())
        return float(done) / float(spent)

    def close(self) -> None:
        """Stop the worker."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def main() -> int:
    """Compare the working tree with ``--base`` and print the ratios."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", required=True, help="the git revision to compare with")
    parser.add_argument("--rounds", type=int, default=12, help="rounds of every workload (default: 12)")
    parser.add_argument(
        "--slice", type=float, default=0.4, help="seconds of a workload per turn (default: 0.4)"
    )
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-base-"))
    try:
        subprocess.run(
            ["git", "worktree", "add", "--detach", str(folder), args.base],
            cwd=ROOT,
            check=True,
            capture_output=True,
        )
        now, base = Worker(ROOT), Worker(folder)
        ratios: dict[str, list[float]] = {name: [] for name in now.names}
        for round_number in range(args.rounds):
            for name in now.names:
                pair = (now, base) if round_number % 2 == 0 else (base, now)
                rates = {worker: worker.rate(name, args.slice) for worker in pair}
                ratios[name].append(rates[now] / rates[base])
        now.close()
        base.close()
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(folder)], cwd=ROOT, capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)
    print(f"hands per second now / at {args.base} (median of {args.rounds} rounds; lowest, highest)")
    for name, values in ratios.items():
        print(f"  {name:<36} {statistics.median(values):5.2f}  ({min(values):.2f}, {max(values):.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
