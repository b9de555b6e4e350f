"""Computer players of the train family playing a seeded game: the golden playthroughs."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.game import bot_rng
from engine.trains.ai import make_train_bot
from engine.trains.match import TrainMatch
from engine.trains.notation import write_train_record
from engine.trains.rules import train_rules
from engine.trains.view import train_view

__all__ = ["train_playthrough"]


def train_playthrough(
    variant: str,
    players: int,
    seed: int,
    levels: Sequence[str],
    options: Mapping[str, str] | None = None,
    max_rounds: int = 2,
) -> str:
    """A seeded game of ``variant`` between computer players of ``levels``, up to
    ``max_rounds`` rounds, as its record (each seat's level in its ``Level`` tag)."""
    match = TrainMatch(train_rules(variant, players, options), seed)
    match.tags = {f"Level{seat}": level for seat, level in enumerate(levels)}
    bots = [make_train_bot(level) for level in levels]
    rngs = [bot_rng(seed, seat) for seat in range(players)]
    while True:
        played = match.round
        if played.is_over:
            if match.is_over or len(match.rounds) >= max_rounds:
                break
            match.next_round()
            continue
        seat = played.turn
        match.apply(seat, bots[seat].choose(train_view(match, seat), rngs[seat]))
    return write_train_record(match)
