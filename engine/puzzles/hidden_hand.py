"""Hidden-hand puzzles ("what would you play?"): one seat's view, an answer that does not
depend on the tiles it cannot see.

The seat knows its own tiles, the table and what the play has shown (who passed on which
numbers, what the opening proved): its :class:`~engine.puzzles.hidden_hand.Facts`. Every deal
of the hidden tiles consistent with them is solved exactly (:mod:`engine.puzzles.solver`),
counted all (at most :data:`DEALS_EXACT`) or on :data:`DEALS_SAMPLED` deals drawn with a seed
taken from the position, so the count is the same wherever it is made again. A position is
a puzzle (:func:`judge_hidden`) when one move is best in expectation by a clear margin (its
average outcome ahead of every other move's by :data:`CLEAR_RESULT`, or even on outcome and
ahead by :data:`CLEAR_MARGIN` points on average), is a best move in at least
:data:`AGREEMENT` of the deals, and some move does worse on average in outcome (never a
position where every move wins). Two-player games only: the deals are then the other
player's possible hands, each equally likely.
"""

from __future__ import annotations

import itertools
import random
import re
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from math import comb

from engine.errors import NotationError
from engine.line.ai.fast import FastHand, action_of
from engine.line.ai.knowledge import knowledge_of
from engine.line.hand import Hand
from engine.line.notation.position import read_position, write_position
from engine.line.view import PlayerView
from engine.notation.text import read_tile
from engine.puzzles.open_hand import MAX_TILES, PuzzleRejected, line_words, read_line
from engine.puzzles.puzzle import Puzzle
from engine.puzzles.solver import SOLVER_NODES, Value, can_solve, move_values, play_on_perfectly
from engine.puzzles.themes import theme_of
from engine.tiles import Tile

__all__ = [
    "AGREEMENT",
    "CLEAR_MARGIN",
    "CLEAR_RESULT",
    "DEALS_EXACT",
    "DEALS_SAMPLED",
    "Facts",
    "HiddenFinding",
    "deals_of",
    "facts_of",
    "find_hidden_puzzle",
    "hidden_puzzle",
    "judge_hidden",
    "prove_hidden",
]

DEALS_EXACT = 300
"""Consistent deals counted all when there are at most this many."""
DEALS_SAMPLED = 120
"""Deals drawn (with a seed from the position) when there are more."""
AGREEMENT = 0.8
"""The share of the deals in which the answer must be a best move."""
CLEAR_RESULT = 0.1
"""How far ahead the answer's average outcome (1 won, 0 tied, -1 lost) must be of every other
move's: a tenth, that is five more hands in a hundred won instead of lost."""
CLEAR_MARGIN = 5
"""Or, the average outcomes even (within :data:`CLEAR_RESULT`), how many points ahead on average."""

_FACT = re.compile(r"(\d)(lacks|not)(\S+)")


@dataclass(frozen=True, slots=True)
class Facts:
    """What the solving seat has seen of the others: numbers each seat certainly lacks
    (it passed on them) and tiles each certainly does not hold (what the opening proved)."""

    lacks: tuple[frozenset[int], ...]
    not_held: tuple[frozenset[Tile], ...]

    def text(self) -> str:
        """The facts as the puzzle file writes them: ``1lacks45 1not6-6.5-5``, or ``-``."""
        words = []
        for seat, numbers in enumerate(self.lacks):
            if numbers:
                words.append(f"{seat}lacks{''.join(str(n) for n in sorted(numbers))}")
        for seat, tiles in enumerate(self.not_held):
            if tiles:
                words.append(f"{seat}not{'.'.join(str(tile) for tile in sorted(tiles))}")
        return " ".join(words) or "-"

    @classmethod
    def read(cls, text: str, players: int) -> Facts:
        """The facts :meth:`text` wrote (a :class:`NotationError` for anything else)."""
        lacks: list[set[int]] = [set() for _ in range(players)]
        not_held: list[set[Tile]] = [set() for _ in range(players)]
        for word in [] if text == "-" else text.split():
            found = _FACT.fullmatch(word)
            if found is None or int(found[1]) >= players:
                raise NotationError(f"not a fact of a hidden-hand puzzle: {word!r}", "bad-puzzle")
            seat = int(found[1])
            if found[2] == "lacks":
                lacks[seat] |= {int(digit) for digit in found[3]}
            else:
                not_held[seat] |= {read_tile(part) for part in found[3].split(".")}
        return cls(tuple(map(frozenset, lacks)), tuple(map(frozenset, not_held)))


def facts_of(view: PlayerView) -> Facts:
    """What ``view``'s seat has seen of the other seats' tiles."""
    knowledge = knowledge_of(view)
    return Facts(knowledge.lacks, knowledge.not_held)


@dataclass(frozen=True, slots=True)
class HiddenFinding:
    """A hidden-hand puzzle found: its ``answer`` move, the number of deals in which it is
    best (``agreeing``) out of ``deals``, and the answer's value in the real deal."""

    answer: int
    agreeing: int
    deals: int
    value: Value


def deals_of(hand: Hand, facts: Facts) -> list[FastHand]:
    """The deals of the hidden tiles consistent with ``facts``, for the seat to move in
    ``hand`` (two players): every one, or :data:`DEALS_SAMPLED` drawn with a seed from the
    position, as :class:`FastHand` copies of the hand with the other's tiles in place."""
    seat = hand.turn
    other = 1 - seat
    seen = set(hand.hand_of(seat)) | {placement.tile for placement in hand.layout.placements}
    hidden = [tile for tile in hand.rules.tiles if tile not in seen]
    allowed = [
        tile
        for tile in hidden
        if tile.low not in facts.lacks[other]
        and tile.high not in facts.lacks[other]
        and tile not in facts.not_held[other]
    ]
    need = len(hand.hand_of(other))
    if comb(len(allowed), need) <= DEALS_EXACT:
        held_options = [tuple(held) for held in itertools.combinations(allowed, need)]
    else:
        rng = random.Random(zlib.crc32(write_position(hand).encode()))
        held_options = [tuple(rng.sample(allowed, need)) for _ in range(DEALS_SAMPLED)]
    fast = FastHand.from_hand(hand)
    deals = []
    for held in held_options:
        rest = [fast.t.index[tile] for tile in hidden if tile not in held]
        hands: list[list[int]] = [[], []]
        hands[other] = [fast.t.index[tile] for tile in held]
        deals.append(fast.with_hidden(hands, rest, seat))
    return deals


def judge_hidden(values_by_deal: Sequence[Mapping[int, Value]]) -> tuple[int, int]:
    """The answer of a hidden-hand position from its moves' values in each deal, and the
    number of deals in which it is a best move; a :class:`PuzzleRejected` saying why not."""
    moves = list(values_by_deal[0])
    if len(moves) < 2:
        raise PuzzleRejected("only one legal move")
    count = len(values_by_deal)
    result = {move: sum(values[move].result for values in values_by_deal) / count for move in moves}
    margin = {move: sum(values[move].margin for values in values_by_deal) / count for move in moves}
    answer = max(moves, key=lambda move: (result[move], margin[move]))
    for move in moves:
        if move == answer:
            continue
        ahead = result[answer] - result[move]
        if ahead < CLEAR_RESULT and margin[answer] - margin[move] < CLEAR_MARGIN:
            raise PuzzleRejected("no move is best by a clear margin on average")
    if all(result[move] >= result[answer] for move in moves):
        raise PuzzleRejected("every move reaches the same outcome on average")
    agreeing = sum(values[answer] == max(values.values()) for values in values_by_deal)
    if agreeing < AGREEMENT * count:
        raise PuzzleRejected(f"best in only {agreeing} of {count} deals: it depends on the hidden tiles")
    return answer, agreeing


def find_hidden_puzzle(
    hand: Hand, before: Hand | None, view: PlayerView, budget: int = SOLVER_NODES
) -> HiddenFinding:
    """The hidden-hand puzzle at ``hand`` for the seat to move, seeing ``view``, after a
    turning point in the real deal (``before``: the position before the other's last move);
    a :class:`PuzzleRejected` (or :class:`~engine.puzzles.solver.TooLarge`) when there is none."""
    fast = FastHand.from_hand(hand)
    if hand.rules.players != 2 or not can_solve(fast):
        raise PuzzleRejected("not a two-player endgame with nothing left to draw")
    if sum(len(held) for held in fast.hands) > MAX_TILES:
        raise PuzzleRejected(f"more than {MAX_TILES} tiles in the hands")
    if before is None or not can_solve(FastHand.from_hand(before)) or before.turn == hand.turn:
        raise PuzzleRejected("no move of the other's since the boneyard ran out")
    real = move_values(fast, budget)
    earlier = move_values(FastHand.from_hand(before), budget)
    if -max(earlier.values()) >= max(real.values()):
        raise PuzzleRejected("no turning point: the other's last move gave nothing away")
    deals = deals_of(hand, facts_of(view))
    answer, agreeing = judge_hidden([move_values(deal, budget) for deal in deals])
    return HiddenFinding(answer, agreeing, len(deals), real[answer])


def hidden_puzzle(
    puzzle_id: str, hand: Hand, view: PlayerView, finding: HiddenFinding, rating: int
) -> Puzzle:
    """The shippable :class:`Puzzle` of a finding at ``hand``, with what its seat has seen."""
    fast = FastHand.from_hand(hand)
    answer = action_of(finding.answer, fast.t)
    after = fast.copy()
    after.apply(finding.answer)
    final = after.outcome or play_on_perfectly(after)
    return Puzzle(
        id=puzzle_id,
        kind="hidden",
        theme=theme_of(fast, answer, finding.value, final),
        seat=hand.turn,
        rating=rating,
        proof=f"deals-{finding.agreeing}-of-{finding.deals}",
        position=write_position(hand),
        line=line_words(hand, (answer,)),
        seen=facts_of(view).text(),
    )


def prove_hidden(puzzle: Puzzle, budget: int = SOLVER_NODES) -> None:
    """Check a hidden-hand puzzle from its text: the same deals made again from its facts
    (all, or drawn with the same seed), its answer judged best in as many as its proof says.
    Raises :class:`PuzzleRejected`."""
    hand = read_position(puzzle.position).hand()
    if hand.turn != puzzle.seat:
        raise PuzzleRejected(f"{puzzle.id}: seat {puzzle.seat} is not the one to move")
    facts = Facts.read(puzzle.seen, hand.rules.players)
    deals = deals_of(hand, facts)
    answer, agreeing = judge_hidden([move_values(deal, budget) for deal in deals])
    fast = FastHand.from_hand(hand)
    (action,) = read_line(hand, puzzle.line)
    if action_of(answer, fast.t) != action:
        raise PuzzleRejected(f"{puzzle.id}: {puzzle.line[0]} is not the best move on average")
    if puzzle.proof != f"deals-{agreeing}-of-{len(deals)}":
        raise PuzzleRejected(f"{puzzle.id}: best in {agreeing} of {len(deals)} deals, not as {puzzle.proof}")
