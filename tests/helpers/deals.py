"""Random deals of every rule table, random play on them, and the same position dealt differently.

What the property tests of the engine, the fast states and the computer players share:

* :data:`FAST` and :data:`SLOW`: hypothesis settings (derandomized: the same examples every run,
  so a failure is never a matter of luck);
* :class:`Deal` (everything that determines a hand before its first action), :func:`openings`,
  :func:`make_deal` and the hypothesis strategy :func:`deals` (a table drawn variant first);
* :func:`everything_possible` and :func:`final`: random possible play (claims included) to the end;
* :func:`hidden_slots`, :func:`reshuffled` and :func:`twins`: the tiles a seat cannot see, dealt
  again consistently with what it saw (for the tests that views and bots do not peek).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from engine import (
    Action,
    Draw,
    EngineError,
    FirstOpener,
    Hand,
    NextStarter,
    Opening,
    Play,
    Rules,
    Tile,
)
from tests.helpers.tables import rules_of, table_strategy

__all__ = [
    "FAST",
    "MAX_ACTIONS",
    "SLOW",
    "Deal",
    "deals",
    "everything_possible",
    "final",
    "hidden_slots",
    "make_deal",
    "openings",
    "reshuffled",
    "twins",
]

MAX_ACTIONS = 1500
"""More actions than any hand takes: 91 plays + 66 draws + passes and claims around them, with room to spare."""

FAST = settings(
    max_examples=200, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
"""Hypothesis settings for the quicker property tests: 200 derandomized examples, no deadline."""

SLOW = settings(
    max_examples=80, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
"""Hypothesis settings for the slower ones (whole matches): 80 derandomized examples."""


@dataclass(frozen=True)
class Deal:
    """Everything that determines a hand before the first action."""

    rules: Rules
    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]
    opening: Opening | None

    def start(self) -> Hand:
        """A new hand of this deal."""
        return Hand(self.rules, self.hands, self.boneyard, self.opening)

    def replay(self, actions: list[Action]) -> Hand:
        """A new hand of this deal with ``actions`` applied (checked)."""
        hand = self.start()
        for act in actions:
            hand.apply(act)
        return hand


def openings(rules: Rules) -> list[str]:
    """The ways a hand of these rules can be opened in a match: ``first`` (the first-opener rule),
    ``seat`` (a given seat, any tile) or ``lead`` (the winning side chooses its starter)."""
    if rules.first_opener is FirstOpener.HIGH_DRAW:
        return ["seat"]  # draw-2 and draw-3: the drawn or the rotating starter
    if rules.next_starter is NextStarter.AS_FIRST:
        return ["first"]
    if rules.next_starter is NextStarter.WINNING_SIDE and rules.partnerships:
        return ["first", "lead"]
    return ["first", "seat"]


def make_deal(rules: Rules, seed: int, kind: str, seat: int) -> Deal:
    """The deal of seed ``seed``, opened as ``kind`` says (one of :func:`openings`) by ``seat``
    (taken modulo the number of players; ignored for ``first``)."""
    rng = random.Random(seed)
    seat %= rules.players
    if kind == "first":
        hand = Hand.deal(rules, rng)
        opening = None
    elif kind == "lead":
        side = rules.seats_of(rules.side_of(seat))
        hand = Hand.deal(rules, rng, min(side), side)
        opening = hand.opening
    else:
        hand = Hand.deal(rules, rng, seat)
        opening = hand.opening
    hands = tuple(hand.hand_of(each) for each in range(rules.players))
    return Deal(rules, hands, hand.boneyard(), opening)


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    """Hypothesis: a deal of any table (drawn variant first), any opening, any seed and seat."""
    rules = rules_of(draw(table_strategy))
    kind = draw(st.sampled_from(openings(rules)))
    return make_deal(rules, draw(st.integers(0, 2**32 - 1)), kind, draw(st.integers(0, 4)))


def everything_possible(hand: Hand) -> list[Action]:
    """The legal actions of the seat to move, and the claims any other seat may make now."""
    acts = list(hand.legal_actions())
    for seat in range(hand.rules.players):
        if seat != hand.turn:
            acts += [claim for claim in hand.legal_claims(seat) if claim not in acts]
    return acts


def final(deal: Deal, seed: int) -> tuple[Hand, list[Action]]:
    """The hand of ``deal`` played to its end by random possible actions (claims included, chosen
    by ``random.Random(seed)`` among :func:`everything_possible`), and every action played."""
    rng = random.Random(seed)
    hand = deal.start()
    actions: list[Action] = []
    while not hand.is_over:
        assert len(actions) < MAX_ACTIONS, "the hand does not end"
        chosen = rng.choice(everything_possible(hand))
        hand.apply(chosen)
        actions.append(chosen)
    return hand, actions


def hidden_slots(deal: Deal, actions: list[Action], seat: int) -> list[tuple[str, int, int]]:
    """Where the tiles ``seat`` cannot see came from in the deal: ("hand", seat, index) or
    ("bone", 0, index). Tiles played are public; the seat's own tiles and draws are known to it."""
    hand = deal.start()
    played: set[Tile] = set()
    drawn_by: dict[int, int] = {}
    for act in actions:
        if isinstance(act, Draw):
            drawn_by[len(deal.boneyard) - 1 - len(drawn_by)] = hand.turn
        elif isinstance(act, Play):
            played.add(act.tile)
        hand.apply(act)
    slots = [
        ("hand", other, index)
        for other, held in enumerate(deal.hands)
        if other != seat
        for index, tile in enumerate(held)
        if tile not in played
    ]
    slots += [
        ("bone", 0, index)
        for index, tile in enumerate(deal.boneyard)
        if tile not in played and drawn_by.get(index) != seat
    ]
    return slots


def reshuffled(deal: Deal, slots: list[tuple[str, int, int]], rng: random.Random, swaps: int | None) -> Deal:
    """The deal with the tiles in ``slots`` permuted (all of them, or by ``swaps`` random swaps)."""
    hands = [list(held) for held in deal.hands]
    boneyard = list(deal.boneyard)

    def get(slot: tuple[str, int, int]) -> Tile:
        kind, seat, index = slot
        return hands[seat][index] if kind == "hand" else boneyard[index]

    def put(slot: tuple[str, int, int], tile: Tile) -> None:
        kind, seat, index = slot
        if kind == "hand":
            hands[seat][index] = tile
        else:
            boneyard[index] = tile

    moved = [get(slot) for slot in slots]
    if swaps is None:
        rng.shuffle(moved)
    else:
        for _ in range(swaps):
            i, j = rng.randrange(len(moved)), rng.randrange(len(moved))
            moved[i], moved[j] = moved[j], moved[i]
    for slot, tile in zip(slots, moved, strict=True):
        put(slot, tile)
    return Deal(deal.rules, tuple(tuple(held) for held in hands), tuple(boneyard), deal.opening)


def twins(deal: Deal, seed: int, cut: float) -> tuple[Hand, Hand] | None:
    """The position after part of a playout, and the same position with the tiles the player
    to move cannot see dealt differently (same public history); None if no such deal is found."""
    _, all_actions = final(deal, seed)
    actions = all_actions[: int(cut * len(all_actions))]
    original = deal.replay(actions)
    if original.is_over:
        return None
    seat = original.turn
    slots = hidden_slots(deal, actions, seat)
    rng = random.Random(seed)
    for attempt in range(12):
        other = reshuffled(deal, slots, rng, None if attempt % 2 == 0 else 1 + attempt // 2)
        try:
            twin = other.replay(actions)
        except EngineError:
            continue
        if twin.is_over or twin.opening != original.opening or twin.turn != seat:
            continue
        if all(twin.hand_of(s) == original.hand_of(s) for s in range(deal.rules.players)):
            continue
        return original, twin
    return None
