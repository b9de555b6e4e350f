"""Dice and Dominoes: the Expert (level ``search``) samples the hidden hands and plays out.

Determinized Monte Carlo, as :mod:`engine.line.ai.search` does for the line games: each
*world* deals the tiles the seat cannot see (:mod:`engine.dice.ai.knowledge`: the unseen
tiles into the other seats' unknown places and the boneyard; the tiles they had to take
back stay with them), chosen among a few proposals by how well each explains their
attempts; in each world every distinct choice (which tiles go face up) is played, the
others choosing at the same time without seeing it, and the hand is finished by a quick
policy for every seat (:func:`choose_up`, Canny's notes in a few lines) on a compact
state (tiles as numbers 0-27) with a stream of throws shared by all the choices. A choice's
worth is its average chips for the seat: the pot (one ante a player) shared by the
winners, less the ante (0 when everyone goes out together and the pot stays). The re-throw after a Double Perfect is searched the same way.

The budget counts worlds and play-outs, never time, so a decision depends only on the
view and the RNG. :meth:`DiceSearchBot.think` is a generator that yields after each world
(the page can breathe); :meth:`DiceSearchBot.commit` runs it through.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass

from engine.dice.ai.bots import CannyBot
from engine.dice.ai.knowledge import DiceKnowledge, evidence_weight, knowledge_of, options_of
from engine.dice.hand import DiceView
from engine.dice.round import WILDCARD, Commitment
from engine.errors import IllegalActionError
from engine.thinking import think_through
from engine.tiles import Tile, full_set

__all__ = [
    "DiceSearchBot",
    "SearchDecision",
    "choose_up",
    "play_out",
    "tile_id",
]

TILES: tuple[Tile, ...] = full_set(6)
_ID = {tile: index for index, tile in enumerate(TILES)}
_PAIR = [[_ID[Tile.of(a, b)] for b in range(7)] for a in range(7)]
_HAS = [[tile.has(value) for tile in TILES] for value in range(7)]
_KEEP = [len({tile.low, tile.high} - {0}) for tile in TILES]
"""How many dice values a tile answers to (2 for most, 1 for doubles and blanks, 0 for 0-0)."""
_WC = _ID[WILDCARD]
NONE, WILD, PERFECT, DOUBLE = 0, 1, 2, 3

ROUND_CAP = 80
"""A play-out still going after this many rounds counts 0, as the pot kept does."""
THROW_STREAM = 48
"""Throws drawn for a world (re-used in turn if a play-out needs more)."""

Throws = list[tuple[int, int]]
"""The dice thrown for a world, in order."""


def tile_id(tile: Tile) -> int:
    """The compact number of ``tile`` (its place in the double-six set)."""
    return _ID[tile]


def _lowest(hand: Sequence[int], value: int, skip: int) -> int:
    """The place in ``hand`` of the tile bearing ``value`` least worth keeping (-1: none)."""
    has = _HAS[value]
    best = -1
    for place, tile in enumerate(hand):
        if place != skip and has[tile] and (best < 0 or _KEEP[tile] < _KEEP[hand[best]]):
            best = place
    return best


def choose_up(hand: Sequence[int], a: int, b: int, danger: bool, hold_wildcard: bool) -> list[int]:
    """The play-out policy: which tiles go face up. The Double Perfect, else the Perfect (with
    a second tile if one matches), else the Wildcard when it goes out, blocks (``danger``:
    another player is down to two tiles or fewer) or is not held; else a plain discard of the
    tiles least worth keeping, one for each die."""
    if a != b:
        aa, bb = _PAIR[a][a], _PAIR[b][b]
        if aa in hand and bb in hand:
            return [aa, bb]
    for mark in (_PAIR[a][b], _WC):
        if mark not in hand:
            continue
        if mark == _WC and hold_wildcard and not danger and len(hand) > 2:
            break
        skip = hand.index(mark)
        for place, tile in enumerate(hand):
            if place != skip and tile == mark:
                return [mark, mark]
        second = -1
        for place, tile in enumerate(hand):
            if (
                place != skip
                and (_HAS[a][tile] or _HAS[b][tile])
                and (second < 0 or _KEEP[tile] < _KEEP[hand[second]])
            ):
                second = place
        return [mark] if second < 0 else [mark, hand[second]]
    first = _lowest(hand, a, -1)
    if a == b:
        if first < 0:
            return []
        second = _lowest(hand, a, first)
        return [hand[first]] if second < 0 else [hand[first], hand[second]]
    pair: list[int] = []
    if first >= 0:
        second = _lowest(hand, b, first)
        pair = [hand[first]] if second < 0 else [hand[first], hand[second]]
    other = _lowest(hand, b, -1)
    if other >= 0:
        then = _lowest(hand, a, other)
        swapped = [hand[other]] if then < 0 else [hand[other], hand[then]]
        if len(swapped) > len(pair) or (
            len(swapped) == len(pair) and sum(_KEEP[t] for t in swapped) < sum(_KEEP[t] for t in pair)
        ):
            pair = swapped
    return pair


def _kind(up: Sequence[int], a: int, b: int) -> int:
    if len(up) == 2 and a != b and sorted(up) == sorted((_PAIR[a][a], _PAIR[b][b])):
        return DOUBLE
    if _PAIR[a][b] in up:
        return PERFECT
    if _WC in up:
        return WILD
    return NONE


def _kept(up: Sequence[int], kind: int, a: int, b: int) -> list[int]:
    if kind in (NONE, DOUBLE):
        return list(up)
    mark = _PAIR[a][b] if kind == PERFECT else _WC
    rest = list(up)
    rest.remove(mark)
    return [mark, *(tile for tile in rest if tile == mark or _HAS[a][tile] or _HAS[b][tile])]


def _wants_rethrow(hands: Sequence[Sequence[int]], seat: int, a: int, b: int) -> bool:
    """The play-out's re-throw: when another player is down to two tiles or fewer, or the
    dice give the seat nothing to discard."""
    if any(len(hand) <= 2 for other, hand in enumerate(hands) if other != seat):
        return True
    return not any(_HAS[a][tile] or _HAS[b][tile] or tile == _WC for tile in hands[seat])


def play_out(
    hands: list[list[int]],
    boneyard: list[int],
    dice: tuple[int, int],
    throws: Sequence[tuple[int, int]],
    seat: int,
    first: Sequence[int] | None,
    hold_wildcard: bool,
) -> float:
    """Finish a hand from the start of a round (``hands`` and ``boneyard`` are used up):
    ``seat`` puts ``first`` face up this round (``None``: it follows the policy too), then
    everyone follows :func:`choose_up`. Returns ``seat``'s chips: the pot (one ante a player)
    shared by the winners, less its ante (-1 when it does not win; 0 when all go out together
    and the pot stays, or after :data:`ROUND_CAP` rounds)."""
    players = len(hands)
    a, b = dice
    next_throw = 0
    forced = first
    ups: list[list[int]] = [[] for _ in range(players)]
    kinds = [NONE] * players
    for _ in range(ROUND_CAP):
        least = sorted(len(hand) for hand in hands)
        top = NONE
        attempted = False
        for other in range(players):
            if other == seat and forced is not None:
                up = list(forced)
                forced = None
            else:
                mine = len(hands[other])
                danger = (least[0] if mine != least[0] else least[1]) <= 2
                up = choose_up(hands[other], a, b, danger, hold_wildcard)
            ups[other] = up
            kind = _kind(up, a, b) if up else NONE
            kinds[other] = kind
            top = max(top, kind)
            attempted = attempted or bool(up)
        out: list[int] = []
        for other in range(players):
            up = ups[other]
            if not up:
                continue
            if top == NONE:
                gone = up
            elif kinds[other] == top:
                gone = _kept(up, top, a, b)
            else:
                continue
            hand = hands[other]
            for tile in gone:
                hand.remove(tile)
            if not hand:
                out.append(other)
        if out:
            if len(out) == players and top == NONE:
                return 0.0
            if seat not in out:
                return -1.0
            return players / len(out) - 1.0
        for other in range(players):
            if boneyard and (top == NONE or kinds[other] != top):
                hands[other].append(boneyard.pop())
        if not attempted or (
            top == DOUBLE
            and all(_wants_rethrow(hands, other, a, b) for other in range(players) if kinds[other] == DOUBLE)
        ):
            a, b = throws[next_throw % len(throws)]
            next_throw += 1
    return 0.0


def _clear_winner(results: Sequence[Sequence[float]], confidence: float) -> int:
    """The candidate with the best average, if it beats the first (Canny's choice) by more
    than ``confidence`` standard errors of their paired differences (the worlds and throws
    are shared); else the first."""
    worlds = len(results[0])
    best = max(range(len(results)), key=lambda index: (sum(results[index]), -index))
    if best == 0 or worlds < 2:
        return 0
    gaps = [mine - first for mine, first in zip(results[best], results[0], strict=True)]
    mean = sum(gaps) / worlds
    spread = sum((gap - mean) ** 2 for gap in gaps) / (worlds - 1)
    if spread == 0:
        return best if mean > 0 else 0
    return best if mean > confidence * math.sqrt(spread / worlds) else 0


@dataclass(frozen=True)
class SearchDecision:
    """What a search found: the commitment (or re-throw choice), each candidate's average chips."""

    choice: Commitment | bool
    values: dict[Commitment | bool, float]
    worlds: int


class DiceSearchBot:
    """The Expert: samples hidden hands consistent with the view and plays each choice out.

    ``worlds``: how many deals of the hidden tiles it searches; ``playouts``: a cap on
    play-outs (worlds times choices) for a decision with many choices; ``proposals``: deals
    drawn for each world, one kept by how well it explains the others' attempts.
    ``hold_wildcard``: the play-out policy keeps the Wildcard back, as Canny does.
    ``candidates``: how many of Canny's favourite choices it searches (and doing nothing);
    ``confidence``: by how many standard errors a choice must beat Canny's to be taken.
    """

    level = "expert"

    def __init__(
        self,
        worlds: int = 60,
        playouts: int = 360,
        proposals: int = 4,
        hold_wildcard: bool = True,
        confidence: float = 2.0,
        candidates: int = 6,
    ) -> None:
        self.worlds = worlds
        self.candidates = candidates
        self.confidence = confidence
        self.playouts = playouts
        self.proposals = proposals
        self.hold_wildcard = hold_wildcard
        self._fallback = CannyBot()

    def commit(self, view: DiceView, rng: random.Random) -> Commitment:
        """One of ``view.legal``: the search run through."""
        choice = think_through(self.think(view, rng)).choice
        assert isinstance(choice, Commitment)
        return choice

    def rethrow(self, view: DiceView, rng: random.Random) -> bool:
        """Whether to throw the dice again: the search run through."""
        return bool(think_through(self.think_rethrow(view, rng)).choice)

    def think(self, view: DiceView, rng: random.Random) -> Generator[None, None, SearchDecision]:
        """Search the commitment, yielding after each world; returns the :class:`SearchDecision`."""
        options = options_of(view)
        if not options:
            raise IllegalActionError(
                "this seat has nothing to commit now (already committed, or the hand waits or is over)",
                "nothing-to-commit",
            )
        if len(options) == 1:
            return SearchDecision(options[0].commitment, {options[0].commitment: 0.0}, 0)
        knowledge = knowledge_of(view)
        if not knowledge.consistent:
            return SearchDecision(self._fallback.commit(view, rng), {}, 0)
        ranked = self._fallback.ranked(view)
        options = ranked[: self.candidates] + [
            option for option in ranked[self.candidates :] if not option.up
        ]  # Canny's favourite first; doing nothing (to have the dice thrown again) always a candidate
        firsts = [[tile_id(tile) for tile in option.up] for option in options]

        def play(index: int, hands: list[list[int]], boneyard: list[int], throws: Throws) -> float:
            return play_out(hands, boneyard, view.dice, throws, view.seat, firsts[index], self.hold_wildcard)

        results, worlds = yield from self._compare(knowledge, rng, len(options), play)
        best = _clear_winner(results, self.confidence)
        values: dict[Commitment | bool, float] = {
            option.commitment: sum(found) / worlds for option, found in zip(options, results, strict=True)
        }
        return SearchDecision(options[best].commitment, values, worlds)

    def think_rethrow(self, view: DiceView, rng: random.Random) -> Generator[None, None, SearchDecision]:
        """Search the Double Perfect's re-throw, yielding after each world."""
        knowledge = knowledge_of(view)
        if not knowledge.consistent:
            return SearchDecision(self._fallback.rethrow(view, rng), {}, 0)
        prior = self._fallback.rethrow(view, rng)
        choices = (prior, not prior)

        def play(index: int, hands: list[list[int]], boneyard: list[int], throws: Throws) -> float:
            dice = throws[0] if choices[index] else view.dice  # (the next round's: thrown again, or kept)
            return play_out(hands, boneyard, dice, throws[1:], view.seat, None, self.hold_wildcard)

        results, worlds = yield from self._compare(knowledge, rng, len(choices), play)
        choice = choices[_clear_winner(results, self.confidence)]
        values: dict[Commitment | bool, float] = {
            again: sum(found) / worlds for again, found in zip(choices, results, strict=True)
        }
        return SearchDecision(choice, values, worlds)

    def _compare(
        self,
        knowledge: DiceKnowledge,
        rng: random.Random,
        choices: int,
        play: Callable[[int, list[list[int]], list[int], Throws], float],
    ) -> Generator[None, None, tuple[list[list[float]], int]]:
        """Play each of ``choices`` out (``play(choice, hands, boneyard, throws)``) on the
        same sampled worlds and dice, yielding after each world; the results per choice and
        the number of worlds."""
        results: list[list[float]] = [[] for _ in range(choices)]
        worlds = max(1, min(self.worlds, self.playouts // choices))
        for _ in range(worlds):
            hands, boneyard = self._world(knowledge, rng)
            throws = self._throws(rng)
            for index in range(choices):
                results[index].append(play(index, [list(hand) for hand in hands], list(boneyard), throws))
            yield
        return results, worlds

    def _throws(self, rng: random.Random) -> Throws:
        faces = rng.choices(range(1, 7), k=2 * THROW_STREAM)
        return list(zip(faces[::2], faces[1::2], strict=True))

    def _world(self, knowledge: DiceKnowledge, rng: random.Random) -> tuple[list[list[int]], list[int]]:
        """One deal of the unseen tiles, the likelier of a few proposals (drawn in proportion
        to how well each explains the other seats' attempts)."""
        seat = knowledge.seat
        weighed = any(knowledge.evidence)
        proposals: list[tuple[list[list[int]], list[int]]] = []
        weights: list[float] = []
        for _ in range(self.proposals if weighed else 1):
            pool = list(knowledge.unseen)
            rng.shuffle(pool)
            hands: list[list[int]] = []
            weight = 1.0
            start = 0
            for other in range(knowledge.players):
                count = knowledge.hidden[other]
                dealt = pool[start : start + count]
                start += count
                hand = [*knowledge.known[other], *dealt]
                if other != seat and knowledge.evidence[other]:
                    weight *= evidence_weight(knowledge.evidence[other], hand, dealt[-1] if dealt else None)
                hands.append([tile_id(tile) for tile in hand])
            proposals.append((hands, [tile_id(tile) for tile in pool[start:]]))
            weights.append(weight)
        if len(proposals) == 1 or sum(weights) <= 0:
            return proposals[0]
        return rng.choices(proposals, weights=weights)[0]
