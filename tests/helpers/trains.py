"""Rounds of the train family set up for a test: the hands and the boneyard's top tiles
written out, the rest of the set in the boneyard below them."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import pytest

from engine.errors import IllegalActionError
from engine.tiles import Tile, full_set, parse_tile
from engine.trains.match import TrainMatch
from engine.trains.round import TrainRound
from engine.trains.rules import TrainRules, train_rules


def tiles(text: str) -> list[Tile]:
    """The tiles a text lists: ``"12-5 6-6"``."""
    return [parse_tile(word) for word in text.split()]


def rules_of(variant: str, players: int, options: Mapping[str, str] | None = None) -> TrainRules:
    """The rules of ``variant`` for ``players`` with ``options``."""
    return train_rules(variant, players, options)


def dealt(rules: TrainRules, hands: Sequence[str], top: str = "", number: int = 0) -> list[list[Tile]]:
    """A deal of round ``number``: the hands given (the first tiles of each, a seat not
    given holding none named; the rest of each
    hand filled up with tiles sharing no number with the tiles named where the set allows,
    so they seldom play), the
    boneyard's ``top`` tiles, then the rest of the set."""
    named = [tiles(hand) for hand in hands] + [[] for _ in range(rules.players - len(hands))]
    on_top = tiles(top)
    double = rules.round_double(number)
    used = {double, *on_top, *(tile for hand in named for tile in hand)}
    numbers = {number for tile in used for number in (tile.low, tile.high)}
    spare = sorted(
        (tile for tile in full_set(rules.max_pip) if tile not in used),
        key=lambda tile: _unlikely(tile, numbers),
    )
    filled = []
    for hand in named:
        extra = rules.hand_size - len(hand)
        filled.append(hand + spare[:extra])
        spare = spare[extra:]
    return [*filled, on_top + spare]


def _unlikely(tile: Tile, numbers: set[int]) -> tuple[int, bool, int]:
    # filler tiles: those sharing fewest numbers with the named tiles and the middle double,
    # not doubles, first: the test's named tiles decide the play
    return (len(numbers & {tile.low, tile.high}), tile.is_double, -tile.pips)


def a_round(
    variant: str,
    players: int,
    hands: Sequence[str],
    top: str = "",
    options: Mapping[str, str] | None = None,
    number: int = 0,
) -> TrainRound:
    """Round ``number`` of ``variant`` dealt as :func:`dealt` says."""
    rules = rules_of(variant, players, options)
    deal = dealt(rules, hands, top, number)
    return TrainRound(rules, number, deal[:-1], deal[-1])


def a_match(
    variant: str, players: int, hands: Sequence[str], top: str = "", options: Mapping[str, str] | None = None
) -> TrainMatch:
    """A game whose first round is dealt as :func:`dealt` says (later rounds from seed 0)."""
    rules = rules_of(variant, players, options)
    return TrainMatch(rules, 0, dealt(rules, hands, top))


def play_randomly(match: TrainMatch, rng: random.Random, rounds: int | None = None) -> None:
    """Play ``match`` on with random legal actions to its end (or ``rounds`` more round ends)."""
    ended = 0
    while not match.is_over:
        if match.round.is_over:
            ended += 1
            if rounds is not None and ended >= rounds:
                return
            match.next_round()
            continue
        seat = match.round.turn
        match.apply(seat, rng.choice(match.round.legal_actions(seat)))


def refused(code: str, played: TrainRound, seat: int, action: object) -> str:
    """The message of the :class:`IllegalActionError` ``seat`` taking ``action`` raises,
    after checking its code."""
    with pytest.raises(IllegalActionError) as raised:
        played.apply(seat, action)  # type: ignore[arg-type]
    assert raised.value.code == code
    return str(raised.value)
