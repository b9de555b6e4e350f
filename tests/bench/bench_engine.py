"""Engine speed on CPython: random full hands per second, and the same against abw333 ``dominoes``.

Run with ``python build.py bench engine``. A random hand is dealt from a seed and played
out by picking a uniformly random legal move until it ends. Two tables:

- every rule set, through the checked path (``legal_actions()`` + ``apply()``) and
  through ``apply_unchecked()`` (the search's fast path);
- the abw333 ``dominoes`` library (PyPI; a benchmark-only reference, installed with
  ``pip install -e .[bench]``, never a runtime dependency) playing its game, 4-player
  partnership block with the double-six opening, next to our ``partnership-block`` for 4,
  with the ratio ours / abw333.

Whatever is compared runs in one process, in short slices taken in turn (the order
rotating every round), so a change in machine load hits every contender alike. The
numbers are ratios to read, not a test: nothing here passes or fails on a time.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine import VARIANTS, make_rules
from engine.line.selfplay import play_random_hand

CASES = (("block", 2), *((variant.id, variant.default_players) for variant in VARIANTS.values()))
ABW333_VERSION = "6.1.0"
INSTALL_HINT = f'pip install -e ".[bench]"  (or: pip install dominoes=={ABW333_VERSION})'

Driver = Callable[[int], object]
"""Plays one random hand from a seed."""


def ours(variant: str, players: int, checked: bool) -> Driver:
    """Our engine: deal from the seed, then random legal actions (checked or unchecked)."""
    rules = make_rules(variant, players)
    return lambda seed: play_random_hand(rules, seed, checked=checked)


def load_abw333() -> ModuleType | None:
    """abw333's ``dominoes`` package, or ``None`` (with a message saying how to install it)."""
    try:
        import dominoes  # type: ignore[import-not-found]
    except ImportError:
        print(
            "\nThe comparison with abw333 `dominoes` is skipped: the library is not installed.\n"
            f"It is a benchmark-only reference; install it with: {INSTALL_HINT}"
        )
        return None
    return dominoes


def abw333_driver(dominoes: ModuleType) -> Driver:
    """abw333's game played the same way: a seeded deal, then uniformly random valid moves.

    ``Game.new`` shuffles with the global ``random`` module, so the seed goes there, and the
    moves are drawn from it too (one seeded generator, as ours has). The holder of 6-6 opens
    with it, as in our ``partnership-block``; ``Game.new`` makes that move itself. abw333
    skips a player who cannot move; ours plays a pass, which is one more legal action.
    """
    opening = dominoes.Domino(6, 6)
    new_game = dominoes.Game.new

    def play(seed: int) -> object:
        random.seed(seed)
        choice = random.choice
        game = new_game(starting_domino=opening)
        make_move = game.make_move
        while game.result is None:
            make_move(*choice(game.valid_moves))
        return game.result

    return play


def interleaved(drivers: Sequence[Driver], seconds: float, rounds: int) -> list[float]:
    """Hands per second of each driver, given ``seconds`` in all, in ``rounds`` slices taken in turn."""
    played = [0] * len(drivers)
    spent = [0.0] * len(drivers)
    piece = seconds / rounds
    for round_number in range(rounds):
        for offset in range(len(drivers)):
            index = (round_number + offset) % len(drivers)  # rotate who goes first
            play, seed = drivers[index], played[index]
            start = now = time.perf_counter()
            while now - start < piece:
                play(seed)
                seed += 1
                now = time.perf_counter()
            spent[index] += now - start
            played[index] = seed
    return [count / elapsed for count, elapsed in zip(played, spent, strict=True)]


def rule_set_table(seconds: float) -> None:
    """Every rule set, checked and unchecked, interleaved."""
    print(f"{'rule set':<18} {'players':>7} {'checked/s':>10} {'unchecked/s':>12}")
    for variant, players in CASES:
        checked, unchecked = interleaved(
            [ours(variant, players, True), ours(variant, players, False)], 2 * seconds, 4
        )
        print(f"{variant:<18} {players:>7} {checked:>10.0f} {unchecked:>12.0f}")


def abw333_table(dominoes: ModuleType, seconds: float) -> None:
    """abw333 next to our partnership block for 4, checked and unchecked, interleaved."""
    version = getattr(dominoes, "__version__", None) or _installed_version()
    rates = interleaved(
        [
            abw333_driver(dominoes),
            ours("partnership-block", 4, True),
            ours("partnership-block", 4, False),
        ],
        3 * seconds,
        15,
    )
    abw333 = rates[0]
    print(
        f"\n4-player partnership block against abw333 dominoes {version} ({3 * seconds:g} s each, interleaved)"
    )
    print(f"{'engine':<34} {'hands/s':>9} {'ours/abw333':>12}")
    print(f"{'abw333 dominoes (make_move)':<34} {abw333:>9.0f} {'':>12}")
    for name, rate in (("ours, checked (apply)", rates[1]), ("ours, unchecked (apply_unchecked)", rates[2])):
        print(f"{name:<34} {rate:>9.0f} {rate / abw333:>11.2f}x")


def _installed_version() -> str:
    """The installed version of the ``dominoes`` distribution, if it can be told."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("dominoes")
    except PackageNotFoundError:
        return "(version unknown)"


def main() -> None:
    """Print both tables."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=1.0, help="time per contender and rule set")
    parser.add_argument("--only-abw333", action="store_true", help="skip the table of rule sets")
    args = parser.parse_args()
    print(f"Random full hands per second (CPython {sys.version.split()[0]}, {args.seconds:g} s each)")
    if not args.only_abw333:
        rule_set_table(args.seconds)
    dominoes = load_abw333()
    if dominoes is not None:
        abw333_table(dominoes, args.seconds)


if __name__ == "__main__":
    main()
