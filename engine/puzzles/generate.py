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
from dataclasses import replace

from engine.game import bot_rng
from engine.line.ai import make_bot
from engine.line.ai.fast import FastHand
from engine.line.hand import Hand
from engine.line.match import Match
from engine.line.notation.position import read_position
from engine.line.selfplay import next_bot_action
from engine.line.variants import make_rules
from engine.line.view import PlayerView
from engine.puzzles.hidden_hand import HiddenFinding, find_hidden_puzzle, hidden_puzzle
from engine.puzzles.open_hand import OpenFinding, PuzzleRejected, find_open_puzzle, open_puzzle
from engine.puzzles.puzzle import Puzzle
from engine.puzzles.solver import TooLarge, can_solve

__all__ = [
    "HIDDEN_FIRST_SEED",
    "HIDDEN_GAMES",
    "HIDDEN_PER_GAME",
    "HIDDEN_SPARE",
    "LEVEL_PAIRS",
    "MAX_SEEDS",
    "OPEN_GAMES",
    "PER_GAME",
    "difficulty",
    "generate",
    "hidden_difficulty",
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
"""Open-hand puzzles kept per rule set."""

HIDDEN_GAMES: tuple[tuple[str, int], ...] = tuple(
    (variant, players) for variant, players in OPEN_GAMES if players == 2
)
"""The rule sets hidden-hand puzzles are made in: the two-player ones."""

HIDDEN_PER_GAME = 20
"""Hidden-hand puzzles kept per rule set."""

HIDDEN_SPARE = 6
"""Hidden-hand puzzles made beyond :data:`HIDDEN_PER_GAME`, in case some share a position
with an open-hand one (those are dropped)."""

HIDDEN_FIRST_SEED = 100_001
"""Hidden-hand puzzles come from other deals than the open-hand ones (seeds from here on)."""

MAX_SEEDS = 4000
"""The most deals tried per rule set."""


def generate(
    games: tuple[tuple[str, int], ...] = OPEN_GAMES, per_game: int = PER_GAME, jobs: int = 1
) -> list[Puzzle]:
    """Every puzzle of the shipped set: the open-hand ones rule set by rule set, then the
    hidden-hand ones (those sharing a position with an open-hand one dropped, the rest
    numbered again); ``jobs`` processes make the rule sets side by side (the result is the
    same: no two rule sets share a position, so each is made on its own)."""
    tasks = [(variant, players, per_game, "open") for variant, players in games]
    hidden_games = [game for game in HIDDEN_GAMES if game in games]
    tasks += [
        (variant, players, HIDDEN_PER_GAME + HIDDEN_SPARE, "hidden") for variant, players in hidden_games
    ]
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            found = pool.starmap(puzzles_of_game, tasks)
    else:
        found = [puzzles_of_game(*task) for task in tasks]
    opened = [puzzle for of_game in found[: len(games)] for puzzle in of_game]
    taken = {_key_of(puzzle) for puzzle in opened}
    hidden: list[Puzzle] = []
    for of_game in found[len(games) :]:
        kept = [puzzle for puzzle in of_game if _key_of(puzzle) not in taken][:HIDDEN_PER_GAME]
        game = kept[0].id.rsplit("-", 1)[0] if kept else ""
        hidden += [replace(puzzle, id=f"{game}-h{number:03d}") for number, puzzle in enumerate(kept, 1)]
    return opened + hidden


def _key_of(puzzle: Puzzle) -> tuple[object, ...]:
    return position_key(FastHand.from_hand(read_position(puzzle.position).hand()))


def puzzles_of_game(variant: str, players: int, wanted: int, kind: str = "open") -> list[Puzzle]:
    """Up to ``wanted`` puzzles of one rule set and ``kind`` (``open`` from seeds 1 on,
    ``hidden`` from :data:`HIDDEN_FIRST_SEED`), at most one a deal, no position twice."""
    taken: set[tuple[object, ...]] = set()
    found: list[Puzzle] = []
    first = 1 if kind == "open" else HIDDEN_FIRST_SEED
    for seed in range(first, first + MAX_SEEDS):
        if len(found) >= wanted:
            break
        for hand, before, view in _positions(variant, players, seed):
            key = position_key(FastHand.from_hand(hand))
            if key in taken:
                continue
            try:
                if kind == "open":
                    finding = find_open_puzzle(hand, before)
                    puzzle_id = f"{variant}-{players}-{len(found) + 1:04d}"
                    puzzle = open_puzzle(puzzle_id, hand, finding, difficulty(hand, finding))
                else:
                    hidden = find_hidden_puzzle(hand, before, view)
                    puzzle_id = f"{variant}-{players}-h{len(found) + 1:03d}"
                    puzzle = hidden_puzzle(puzzle_id, hand, view, hidden, hidden_difficulty(hand, hidden))
            except (PuzzleRejected, TooLarge):
                continue
            taken.add(key)
            found.append(puzzle)
            break  # one puzzle a deal
    return found


def _positions(variant: str, players: int, seed: int) -> Iterator[tuple[Hand, Hand | None, PlayerView]]:
    """The positions of the first hand of a match seeded ``seed`` where the seat to move has a
    choice and nothing is left to draw, each with the position before the other side's last
    move (``None`` if it has not moved since the boneyard ran out) and the view of the seat
    to move."""
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
            yield copy.deepcopy(hand), last_before.get(1 - side), match.view(hand.turn)
        last_before[side] = copy.deepcopy(hand) if solvable else None
        match.apply(next_bot_action(match, bots, rngs))


def difficulty(hand: Hand, finding: OpenFinding) -> int:
    """A puzzle's starting rating: 1000, more when the heaviest tile (what a beginner plays)
    is not the answer, for each further move the solver must find, and for more choices."""
    greedy = _heaviest_tile_move(hand)
    answer = next(move for move, value in finding.first_values.items() if value == finding.value)
    rating = 1000
    rating += 300 if greedy != answer else 0
    rating += 150 * (finding.choices - 1)
    rating += 100 * min(3, len(finding.first_values) - 2)
    return rating


def hidden_difficulty(hand: Hand, finding: HiddenFinding) -> int:
    """A hidden-hand puzzle's starting rating: as :func:`difficulty` for one move, and more
    the less often the answer is best across the deals (the harder it is to be sure)."""
    rating = 1100
    rating += 300 if _heaviest_tile_move(hand) != finding.answer else 0
    rating += 100 * min(3, len(FastHand.from_hand(hand).moves()) - 2)
    rating += round(500 * (1 - finding.agreeing / finding.deals))
    return rating


def _heaviest_tile_move(hand: Hand) -> int:
    """The move a beginner makes at ``hand``: the heaviest tile that fits (the play-outs' policy)."""
    return FastHand.from_hand(hand).greedy_move(_NoChance(), 0.0)


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
