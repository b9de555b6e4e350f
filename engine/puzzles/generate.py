"""The shipped puzzle set, made from seeded games of the computer players.

For every two-sided rule set (:data:`OPEN_GAMES`), hands are dealt from seeds 1, 2, 3… and
played by computer players of mixed levels (:data:`LEVEL_PAIRS`: the weaker ones blunder,
which is where puzzles come from). At every position of a hand where the seat to move has
a choice and nothing is left to draw, :func:`~engine.puzzles.open_hand.find_open_puzzle`
judges it; a hand gives at most one puzzle (the first), a position already taken up to
renaming the suits (:func:`position_key`) is skipped, and a rule set stops at
:data:`PER_GAME` puzzles or :data:`MAX_SEEDS` deals. Everything is seeded, so the same code
writes the same file byte for byte (``python -m engine.puzzles generate``).
"""

from __future__ import annotations

import copy
import itertools
import multiprocessing
from collections.abc import Iterator

from engine.game import bot_rng
from engine.line.ai import make_bot
from engine.line.ai.fast import FastHand
from engine.line.hand import Hand
from engine.line.match import Match
from engine.line.selfplay import next_bot_action
from engine.line.variants import make_rules
from engine.puzzles.open_hand import OpenFinding, PuzzleRejected, find_open_puzzle, open_puzzle
from engine.puzzles.puzzle import Puzzle
from engine.puzzles.solver import TooLarge, can_solve

__all__ = [
    "LEVEL_PAIRS",
    "MAX_SEEDS",
    "OPEN_GAMES",
    "PER_GAME",
    "difficulty",
    "generate",
    "position_key",
    "puzzles_of_game",
]

OPEN_GAMES: tuple[tuple[str, int], ...] = (
    ("block", 2),
    ("pub-block", 2),
    ("cut-throat", 2),
    ("draw-2", 2),
    ("draw", 2),
    ("cross", 2),
    ("all-fives", 2),
    ("fives-and-threes", 2),
    ("partnership-block", 4),
    ("jamaican-partner", 4),
    ("pub-block", 4),
    ("draw", 4),
)
"""The rule sets (and player counts) open-hand puzzles are made in: every two-sided game."""

LEVEL_PAIRS: tuple[tuple[str, str], ...] = (("medium", "greedy"), ("greedy", "medium"), ("greedy", "random"))
"""The levels of the two sides, by deal in turn (each seat plays its side's level)."""

PER_GAME = 125
"""Puzzles kept per rule set."""

MAX_SEEDS = 4000
"""The most deals tried per rule set."""


def generate(
    games: tuple[tuple[str, int], ...] = OPEN_GAMES, per_game: int = PER_GAME, jobs: int = 1
) -> list[Puzzle]:
    """Every puzzle of the shipped set, rule set by rule set, in the order found; ``jobs``
    processes make the rule sets side by side (the result is the same: no two rule sets
    share a position, so each is made on its own)."""
    tasks = [(variant, players, per_game) for variant, players in games]
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            found = pool.starmap(puzzles_of_game, tasks)
    else:
        found = [puzzles_of_game(*task) for task in tasks]
    return [puzzle for of_game in found for puzzle in of_game]


def puzzles_of_game(
    variant: str, players: int, wanted: int, taken: set[tuple[object, ...]] | None = None
) -> list[Puzzle]:
    """Up to ``wanted`` puzzles of one rule set, from seeds 1 on (``taken``: positions already
    used, by :func:`position_key`; added to)."""
    taken = set() if taken is None else taken
    found: list[Puzzle] = []
    for seed in range(1, MAX_SEEDS + 1):
        if len(found) >= wanted:
            break
        for hand, before in _positions(variant, players, seed):
            try:
                finding = find_open_puzzle(hand, before)
            except (PuzzleRejected, TooLarge):
                continue
            key = position_key(FastHand.from_hand(hand))
            if key in taken:
                continue
            taken.add(key)
            puzzle_id = f"{variant}-{players}-{len(found) + 1:04d}"
            found.append(open_puzzle(puzzle_id, hand, finding, difficulty(hand, finding)))
            break  # one puzzle a deal
    return found


def _positions(variant: str, players: int, seed: int) -> Iterator[tuple[Hand, Hand | None]]:
    """The positions of the first hand of a match seeded ``seed`` where the seat to move has a
    choice and nothing is left to draw, each with the position before the other side's last
    move (``None`` if it has not moved since the boneyard ran out)."""
    rules = make_rules(variant, players)
    levels = LEVEL_PAIRS[seed % len(LEVEL_PAIRS)]
    bots = [make_bot(levels[rules.side_of(seat)]) for seat in range(players)]
    rngs = [bot_rng(seed, seat) for seat in range(players)]
    match = Match(rules, seed)
    last_before: dict[int, Hand | None] = {}
    """Each side's position before its last move (``None`` when tiles were still to draw)."""
    while not match.hand.is_over:
        hand = match.hand
        side = rules.side_of(hand.turn)
        solvable = can_solve(FastHand.from_hand(hand))
        if solvable and len(hand.legal_actions()) > 1:
            yield copy.deepcopy(hand), last_before.get(1 - side)
        last_before[side] = copy.deepcopy(hand) if solvable else None
        match.apply(next_bot_action(match, bots, rngs))


def difficulty(hand: Hand, finding: OpenFinding) -> int:
    """A puzzle's starting rating: 1000, more when the heaviest tile (what a beginner plays)
    is not the answer, for each further move the solver must find, and for more choices."""
    fast = FastHand.from_hand(hand)
    greedy = fast.greedy_move(_NoChance(), 0.0)
    answer = next(move for move, value in finding.first_values.items() if value == finding.value)
    rating = 1000
    rating += 300 if greedy != answer else 0
    rating += 150 * (finding.choices - 1)
    rating += 100 * min(3, len(finding.first_values) - 2)
    return rating


class _NoChance:
    """A random source that never explores (the greedy move only)."""

    def random(self) -> float:
        return 0.99


def position_key(fast: FastHand) -> tuple[object, ...]:
    """A position's key up to renaming the suits: the rule set, and the hands and open ends
    with the numbers that appear renamed in the way that gives the least key."""
    hands = [[(fast.t.low[tile], fast.t.high[tile]) for tile in held] for held in fast.hands]
    ends = fast.values()
    numbers = sorted({n for held in hands for tile in held for n in tile} | set(ends))

    def signature(number: int) -> tuple[object, ...]:
        return (
            tuple(sum(number in tile for tile in held) for held in hands),
            ends.count(number),
            tuple((number, number) in held for held in hands),
        )

    groups = [list(group) for _, group in itertools.groupby(sorted(numbers, key=signature), key=signature)]
    best: tuple[object, ...] | None = None
    for order in itertools.product(*(itertools.permutations(group) for group in groups)):
        rename = {number: index for index, number in enumerate(itertools.chain(*order))}
        key = (
            tuple(tuple(sorted(tuple(sorted((rename[a], rename[b]))) for a, b in held)) for held in hands),
            tuple(sorted(rename[end] for end in ends)),
        )
        if best is None or key < best:
            best = key
    return (fast.rules.variant, fast.rules.players, fast.turn, best)
