"""Scripted deals for the engine tests: who holds what, what gets drawn, and moves in words.

Test modules import it as ``tests.helpers.scripted``.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import TypeVar, cast

from engine import (
    Action,
    End,
    Hand,
    IllegalActionError,
    Layout,
    Match,
    Opening,
    Play,
    Rules,
    Side,
    Tile,
    parse_action,
    parse_tile,
)
from engine.line.ai import think_step

T = TypeVar("T")

__all__ = [
    "action",
    "count_slices",
    "end_of_arm",
    "illegal",
    "line_deal",
    "match_play",
    "play",
    "scripted_hand",
    "snapshot",
    "swap_hand",
    "tiles",
]


def tiles(text: str) -> list[Tile]:
    """Tiles written like ``"6-6 6-5 4-1"``."""
    return [parse_tile(word) for word in text.split()]


def scripted_hand(
    rules: Rules, hands: Sequence[str], draws: str = "", opening: Opening | None = None
) -> Hand:
    """A hand where seat ``i`` holds ``hands[i]`` and the boneyard gives ``draws`` first, in order.

    Every tile not listed goes under those draws (for ``block``: the sleeping tiles).
    ``opening=None`` lets the highest-double rule pick the opener.
    """
    held = [tiles(text) for text in hands]
    drawn_first = tiles(draws)
    listed_in_order = [tile for group in held for tile in group] + drawn_first
    listed = set(listed_in_order)
    assert len(listed) == len(listed_in_order), f"a tile is listed twice: {sorted(map(str, listed_in_order))}"
    rest = [tile for tile in rules.tiles if tile not in listed]
    return Hand(rules, held, rest + drawn_first[::-1], opening)


def end_of_arm(layout: Layout, side: Side) -> End:
    """The open end at the far east or far west of a straight line of play."""
    chain = layout.arm(side)
    return End(chain[-1] if chain else 0, side)


def action(hand: Hand, text: str) -> Action:
    """An action in words: ``"6-5 east"``/``"6-5 west"`` lays a tile at that end of the line;
    anything else is the engine's notation (``"6-6"``, ``"6-5@0E"``, ``"draw"``, ``"pass"``)."""
    words = text.split()
    if len(words) == 2 and words[1] in ("east", "west"):
        side = Side.EAST if words[1] == "east" else Side.WEST
        return Play(parse_tile(words[0]), end_of_arm(hand.layout, side))
    return parse_action(text)


def play(hand: Hand, *texts: str) -> None:
    """Apply each action (checked) in order."""
    for text in texts:
        hand.apply(action(hand, text))


def swap_hand(match: Match, hand: Hand) -> Hand:
    """Make ``hand`` the match's current hand (the match has seen none of its events yet)."""
    match.hand = hand
    match._seen_events = 0
    return hand


def match_play(match: Match, *texts: str) -> None:
    """Apply each action (checked) in order through the match, so that it keeps the score."""
    for text in texts:
        match.apply(action(match.hand, text))


def snapshot(hand: Hand) -> tuple[object, ...]:
    """Everything about a hand that an action could change."""
    return (
        hand.turn,
        tuple(hand.hand_of(seat) for seat in range(hand.rules.players)),
        hand.boneyard(),
        hand.layout,
        tuple(hand.history),
        hand.legal_actions(),
        hand.result,
    )


def illegal(hand: Hand, act: Action | str) -> IllegalActionError:
    """Apply ``act``, expecting the engine to refuse it without changing anything; return the error."""
    if isinstance(act, str):
        act = action(hand, act)
    before = snapshot(hand)
    legal = [str(option) for option in hand.legal_actions()]
    try:
        hand.apply(act)
    except IllegalActionError as error:
        assert snapshot(hand) == before, f"refusing {act} changed the hand"
        return error
    raise AssertionError(f"{act} was accepted; legal were {legal}")


def line_deal(
    rules: Rules,
    keep: Sequence[str],
    opener: int,
    first: str,
    sleeping: str = "",
) -> tuple[list[str], list[str]]:
    """A deal, and its moves, in which every tile not kept (nor sleeping) is laid in one line.

    ``keep[seat]`` is what each seat still holds at the end; ``opener`` lays ``first`` and
    the line then only grows east, each seat in turn laying one tile without a pass. The
    tiles laid follow an Eulerian trail through the set, so the line can close on the
    opening tile's west value: a block when no kept tile shows that value, an out when
    the last tile laid is the opener's last. Returns ``(hands, moves)`` for
    :func:`scripted_hand` and :func:`play`. Raises ``AssertionError`` when the counts or the
    tiles do not allow such a line.
    """
    kept = [tiles(text) for text in keep]
    asleep = tiles(sleeping)
    start = parse_tile(first)
    laid = [tile for tile in rules.tiles if tile not in {*asleep, *(t for group in kept for t in group)}]
    assert start in laid, f"{first} is kept or sleeping"
    trail = [start, *_trail_from(start.high, [tile for tile in laid if tile != start])]
    # Who lays each tile: the seats in the order of play from the opener.
    seats = [opener]
    while len(seats) < len(trail):
        seats.append(rules.next_seat(seats[-1]))
    hands = [[*group] for group in kept]
    for seat, tile in zip(seats, trail, strict=True):
        hands[seat].append(tile)
    for seat, held in enumerate(hands):
        assert len(held) == rules.hand_size, f"seat {seat} would hold {len(held)}, not {rules.hand_size}"
    moves = [first] + [f"{tile} east" for tile in trail[1:]]
    return [" ".join(str(tile) for tile in held) for held in hands], moves


def _trail_from(value: int, edges: list[Tile]) -> list[Tile]:
    """Every tile in ``edges`` as a chain starting at ``value`` (Hierholzer; doubles are loops)."""
    unused = sorted(edges, reverse=True)
    stack: list[tuple[int, Tile | None]] = [(value, None)]
    path: list[Tile] = []
    while stack:
        at, via = stack[-1]
        step = next((tile for tile in unused if tile.has(at)), None)
        if step is None:
            stack.pop()
            if via is not None:
                path.append(via)
        else:
            unused.remove(step)
            stack.append((step.other(at), step))
    assert not unused, f"the tiles {sorted(map(str, unused))} are not connected to {value}"
    path.reverse()
    at = value
    for tile in path:  # a chain: each tile matches the value showing
        assert tile.has(at), "no single line lays these tiles"
        at = tile.other(at)
    return path


def count_slices(thinking: Generator[None, None, T]) -> tuple[int, T]:
    """Run a thinking generator to its end: how many times it yielded, and its result."""
    slices = 0
    while True:
        finished, result = think_step(thinking)
        if finished:
            return slices, cast(T, result)
        slices += 1
