"""Scripted deals for the engine tests: who holds what, what gets drawn, and moves in words.

Test modules import it as ``tests.engine.scripted``.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import (
    Action,
    End,
    Hand,
    IllegalActionError,
    Layout,
    Opening,
    Play,
    Rules,
    Side,
    Tile,
    parse_action,
    parse_tile,
)

__all__ = ["action", "end_of_arm", "illegal", "play", "scripted_hand", "snapshot", "tiles"]


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
