"""Computer players of Dice and Dominoes playing a seeded session: the golden playthrough of the dice game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.dice.ai import make_dice_bot
from engine.dice.notation import write_dice_record
from engine.dice.variant import dice_session
from engine.game import bot_rng

__all__ = ["dice_playthrough"]


def dice_playthrough(
    players: int,
    seed: int,
    levels: Sequence[str],
    options: Mapping[str, str] | None = None,
    max_hands: int = 3,
) -> str:
    """A seeded session of Dice and Dominoes between computer players of ``levels``, up to
    ``max_hands`` hands, as its record (each seat's level in its ``Level`` tag): the golden
    playthrough of the dice game."""
    session = dice_session(players, seed, options)
    session.tags = {f"Level{seat}": level for seat, level in enumerate(levels)}
    bots = [make_dice_bot(level) for level in levels]
    rngs = [bot_rng(seed, seat) for seat in range(players)]
    while True:
        hand = session.hand
        assert hand is not None
        if hand.is_over:
            if session.is_over or session.hand_number >= max_hands:
                break
            session.next_hand()
            continue
        for seat in session.seats_in_hand:
            view = session.view(seat)
            assert view is not None
            if hand.awaiting_rethrow:
                if seat in (session.seats_in_hand[index] for index in hand.awaiting_rethrow):
                    session.choose_rethrow(seat, bots[seat].rethrow(view, rngs[seat]))
            elif view.legal:
                session.commit(seat, bots[seat].commit(view, rngs[seat]))
    return write_dice_record(session)
