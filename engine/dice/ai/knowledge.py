"""Dice and Dominoes: what one seat knows of the tiles it cannot see, from its view alone.

Read from a :class:`~engine.dice.hand.DiceView`:

- the number of sets (the tiles in play, ``sum(hand_counts) + len(discards) +
  boneyard_count``, are 28 a set);
- the tiles each other seat is *known* to hold: every tile it put face up and had to take
  back (blocked by a special, or left over) stays in its hand until it is discarded;
- the *unseen* tiles: the full multiset less the seat's own hand, the discard pile and
  the known tiles; they fill the other seats' unknown places and the boneyard;
- the *evidence* of each other seat's past attempts: in a round where the seat's hand can
  be rebuilt (no draw since, or one), a seat that put up fewer tiles than the dice allowed
  it, or kept a Perfect or Double Perfect back, probably did not hold them. The source:
  "the number of playable tiles is useful information to other players".

:func:`evidence_weight` turns that evidence into a soft likelihood of a guessed hand.
:func:`options_of` groups a seat's legal commitments by what they would discard (which
tiles go face down makes no difference to the play).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.dice.hand import DiceView
from engine.dice.round import WILDCARD, Commitment, Special, special_of
from engine.tiles import Tile, full_set

__all__ = [
    "EVIDENCE_SLACK",
    "Attempt",
    "DiceKnowledge",
    "Option",
    "best_normal",
    "evidence_weight",
    "kept_of",
    "knowledge_of",
    "options_of",
    "unplayed_special",
]

EVIDENCE_SLACK = 0.25
"""The likelihood of a guessed hand under which a seat would have discarded more than it
did (or would have played a Perfect or Double Perfect it kept back): players nearly always
discard what they can, but not always."""

SET = full_set(6)


@dataclass(frozen=True)
class Attempt:
    """One past round of another seat whose hand at the time can be rebuilt from now."""

    dice: tuple[int, int]
    up: int
    """How many tiles it put face up."""
    special: bool
    """Whether its face-up tiles were a special play (nothing then says what it lacked)."""
    discarded_since: tuple[Tile, ...]
    """The tiles it discarded in this round and since: back in its hand at the time."""
    drawn_since: int
    """How many tiles it drew at the end of this round and since (0 or 1): not yet held."""


@dataclass(frozen=True)
class DiceKnowledge:
    """What ``seat`` knows of where the tiles are."""

    seat: int
    players: int
    sets: int
    known: tuple[tuple[Tile, ...], ...]
    """Per seat, the tiles it is known to hold (the seat itself: its whole hand)."""
    hidden: tuple[int, ...]
    """Per seat, how many of its tiles are unknown (the seat itself: 0)."""
    unseen: tuple[Tile, ...]
    """The tiles in the others' unknown places and the boneyard, sorted (a multiset)."""
    boneyard_count: int
    evidence: tuple[tuple[Attempt, ...], ...]
    """Per seat, the rounds that say what it lacked (the latest first)."""
    consistent: bool
    """Whether the counts add up (``unseen`` fills exactly the unknown places and the boneyard)."""


def _union(known: Counter[Tile], seen: Sequence[Tile]) -> None:
    for tile, count in Counter(seen).items():
        if known[tile] < count:
            known[tile] = count


def knowledge_of(view: DiceView) -> DiceKnowledge:
    """Read what the seat of ``view`` knows (see the module's text)."""
    players = len(view.hand_counts)
    seat = view.seat
    total = sum(view.hand_counts) + len(view.discards) + view.boneyard_count
    sets = max(1, round(total / len(SET)))
    known = [Counter[Tile]() for _ in range(players)]
    boneyard = len(SET) * sets - 4 * players
    drew: list[list[bool | None]] = []  # per round, per seat: drew a tile (None: cannot tell)
    for past in view.rounds:
        outcome = past.outcome
        for other in range(players):
            if other != seat:
                _union(known[other], past.commitments[other].up)
                known[other].subtract(outcome.discarded[other])
                known[other] = +known[other]
        eligible = [s for s in range(players) if outcome.draws[s] and s not in past.exempt]
        this: list[bool | None] = [False] * players
        if boneyard >= len(eligible):
            for s in eligible:
                this[s] = True
            boneyard -= len(eligible)
        else:  # the boneyard ran out in this round: who drew depends on the thrower
            for s in eligible:
                this[s] = None
            this[seat] = past.drawn[seat] is not None
            boneyard = 0
        drew.append(this)
    known[seat] = Counter(view.hand)
    pool = Counter(SET * sets)
    pool.subtract(view.discards)
    for held in known:
        pool.subtract(held)
    consistent = all(count >= 0 for count in pool.values())
    unseen = tuple(sorted(pool.elements()))
    hidden = tuple(
        0 if other == seat else max(0, view.hand_counts[other] - sum(known[other].values()))
        for other in range(players)
    )
    consistent = (
        consistent
        and len(unseen) == sum(hidden) + view.boneyard_count
        and all(view.hand_counts[s] >= sum(known[s].values()) for s in range(players))
    )
    evidence = tuple(() if other == seat else _evidence(view, other, drew) for other in range(players))
    return DiceKnowledge(
        seat=seat,
        players=players,
        sets=sets,
        known=tuple(tuple(sorted(held.elements())) for held in known),
        hidden=hidden,
        unseen=unseen,
        boneyard_count=view.boneyard_count,
        evidence=evidence,
        consistent=consistent,
    )


def _evidence(view: DiceView, seat: int, drew: list[list[bool | None]]) -> tuple[Attempt, ...]:
    """The rounds of ``seat``, latest first, while its hand then can be rebuilt: at most one
    draw since, and no round where it is unknown whether it drew."""
    found: list[Attempt] = []
    discarded: list[Tile] = []
    drawn = 0
    for index in range(len(view.rounds) - 1, -1, -1):
        past = view.rounds[index]
        took = drew[index][seat]
        if took is None:
            break
        drawn += int(took)
        if drawn > 1:
            break
        discarded.extend(past.outcome.discarded[seat])
        up = past.commitments[seat].up
        found.append(
            Attempt(
                dice=past.dice,
                up=len(up),
                special=special_of(up, past.dice) is not Special.NONE,
                discarded_since=tuple(discarded),
                drawn_since=drawn,
            )
        )
    return tuple(found)


def best_normal(hand: Sequence[Tile], dice: tuple[int, int]) -> int:
    """How many tiles of ``hand`` the dice would let go in a plain discard (0, 1 or 2)."""
    a, b = dice
    on_a = [i for i, tile in enumerate(hand) if tile.has(a)]
    on_b = [i for i, tile in enumerate(hand) if tile.has(b)]
    if a == b:
        return min(2, len(on_a))
    if on_a and on_b and len(set(on_a) | set(on_b)) >= 2:
        return 2
    return 1 if on_a or on_b else 0


def unplayed_special(hand: Sequence[Tile], dice: tuple[int, int]) -> bool:
    """Whether ``hand`` holds a Perfect or a Double Perfect for ``dice`` (the Wildcard is
    left out: holding it back is a plan, never a sign of lacking it)."""
    a, b = dice
    if Tile.of(a, b) in hand:
        return True
    return a != b and Tile(a, a) in hand and Tile(b, b) in hand


def evidence_weight(attempts: Sequence[Attempt], hand: Sequence[Tile], drawn: Tile | None) -> float:
    """How well a guessed current ``hand`` of a seat explains its past attempts: a factor
    :data:`EVIDENCE_SLACK` for each round in which it would have discarded more (or played a
    Perfect or Double Perfect). ``drawn``: which of its tiles it drew last (if it did)."""
    weight = 1.0
    for attempt in attempts:
        if attempt.special:
            continue
        then = list(hand)
        if attempt.drawn_since:
            if drawn is None or drawn not in then:
                break
            then.remove(drawn)
        then.extend(attempt.discarded_since)
        if attempt.up < best_normal(then, attempt.dice) or unplayed_special(then, attempt.dice):
            weight *= EVIDENCE_SLACK
    return weight


def kept_of(up: Sequence[Tile], dice: tuple[int, int]) -> tuple[Tile, ...]:
    """The tiles a legal face-up attempt discards unless a higher special blocks it: all of
    a plain attempt; a special and a second tile that matches a die (or is the same special)."""
    special = special_of(up, dice)
    if special in (Special.NONE, Special.DOUBLE_PERFECT):
        return tuple(up)
    mark = Tile.of(*dice) if special is Special.PERFECT else WILDCARD
    rest = list(up)
    rest.remove(mark)
    return (mark, *(tile for tile in rest if tile == mark or tile.has(dice[0]) or tile.has(dice[1])))


@dataclass(frozen=True)
class Option:
    """One distinct choice: a legal commitment standing for every one with the same face-up tiles."""

    commitment: Commitment
    special: Special
    kept: tuple[Tile, ...]
    """What it discards unless a higher special is played."""
    out: bool
    """Whether it empties the hand (unless blocked)."""

    @property
    def up(self) -> tuple[Tile, ...]:
        """The face-up tiles."""
        return self.commitment.up


def options_of(view: DiceView) -> list[Option]:
    """The seat's distinct choices, in the order of ``view.legal`` (the first commitment with
    each set of face-up tiles stands for the others)."""
    seen: set[tuple[Tile, ...]] = set()
    found: list[Option] = []
    for commitment in view.legal:
        key = tuple(sorted(commitment.up))
        if key in seen:
            continue
        seen.add(key)
        kept = kept_of(commitment.up, view.dice)
        found.append(
            Option(commitment, special_of(commitment.up, view.dice), kept, len(kept) == len(view.hand))
        )
    return found
