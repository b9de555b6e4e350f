"""Bots playing each other: whole matches as JSON-ready records, and random hands for benchmarks.

The records are the cross-runtime check: the same call gives the same record on
CPython and in Pyodide.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.game import bot_rng
from engine.line.actions import Action
from engine.line.ai import make_bot, own_call
from engine.line.events import Event, HandResult, Played, Scored
from engine.line.hand import Hand
from engine.line.match import Match
from engine.line.rules import Rules
from engine.line.variants import make_rules

__all__ = [
    "bot_match",
    "next_bot_action",
    "play_bot_match",
    "play_random_hand",
    "playthrough",
    "result_record",
]


def result_record(result: HandResult) -> dict[str, Any]:
    """A hand result as plain JSON data."""
    return {
        "reason": result.reason,
        "winner_side": result.winner_side,
        "winner_seat": result.winner_seat,
        "pips": list(result.pips),
        "points": list(result.points),
        "play_points": list(result.play_points),
        "penalties": list(result.penalties),
        "hands": [[str(tile) for tile in held] for held in result.hands],
    }


def bot_match(
    variant: str,
    players: int,
    seed: int,
    levels: Sequence[str],
    max_hands: int = 500,
    options: Mapping[str, str] | None = None,
) -> Match:
    """A whole match between bots of ``levels`` (one per seat), played out (or for ``max_hands``).

    With manual scoring every bot calls its own scoring plays at once (see
    :func:`engine.line.ai.own_call`); claims appear in the actions like any other move. The
    match keeps every hand's deal and actions (write it with :func:`engine.line.notation.write_record`).
    """
    rules = make_rules(variant, players, None, options)
    bots = [make_bot(level) for level in levels]
    rngs = [bot_rng(seed, seat) for seat in range(players)]
    match = Match(rules, seed)
    while True:
        while not match.hand.is_over:
            match.apply(next_bot_action(match, bots, rngs))
        if match.is_over or len(match.hands) >= max_hands:
            return match
        match.next_hand()


def play_bot_match(
    variant: str,
    players: int,
    seed: int,
    levels: Sequence[str],
    max_hands: int = 500,
    options: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """:func:`bot_match` as JSON-ready data: each hand's opener, actions and result."""
    match = bot_match(variant, players, seed, levels, max_hands, options)
    hands = []
    for hand in match.hands:
        assert hand.result is not None
        actions = [str(action) for action in hand.actions]
        hands.append({"opener": hand.opening.seat, "actions": actions, "result": result_record(hand.result)})
    rules = match.rules
    return {
        "variant": variant,
        "players": players,
        "options": dict(rules.options),
        "seed": seed,
        "levels": list(levels),
        "hands": hands,
        "scores": list(match.scores),
        "winner_side": None if match.result is None else match.result.winner_side,
        "credited": None if match.result is None else match.result.credited,
    }


def next_bot_action(match: Match, bots: Sequence[Any], rngs: Sequence[random.Random]) -> Action:
    """A bot's call of its own score if one is due, else the choice of the bot to move."""
    for seat in range(match.rules.players):
        call = own_call(match.view(seat))
        if call is not None:
            return call
    seat = match.turn
    action: Action = bots[seat].choose(match.view(seat), rngs[seat])
    return action


def play_random_hand(rules: Rules, seed: int, checked: bool = True) -> HandResult:
    """Deal a hand from ``seed`` and play it out with uniformly random legal actions.

    ``checked=False`` plays them through :meth:`Hand.apply_unchecked` (the search's fast
    path) instead of :meth:`Hand.apply`; the hand is the same.
    """
    rng = random.Random(seed)
    hand = Hand.deal(rules, rng)
    apply, choose = (hand.apply if checked else hand.apply_unchecked), rng.choice
    while hand.result is None:
        apply(choose(hand.legal_actions()))
    return hand.result


def playthrough(
    variant: str,
    players: int,
    seed: int,
    levels: Sequence[str],
    options: Mapping[str, str] | None = None,
    max_hands: int = 500,
) -> str:
    """A whole bot match as readable text: every deal, move, score and match-score change.

    The golden files in ``tests/golden`` are these texts; a rule change shows up as a
    diff in review.
    """
    rules = make_rules(variant, players, None, options)
    bots = [make_bot(level) for level in levels]
    rngs = [bot_rng(seed, seat) for seat in range(players)]
    match = Match(rules, seed)
    option_text = " ".join(f"{key}={value}" for key, value in rules.options) or "none"
    lines = [
        f"# {variant}: {players} players, target {rules.target}, seed {seed}, levels {' '.join(levels)}",
        f"# options: {option_text}",
    ]
    if match.partner_draw is not None:
        lines.append(f"partner draw: seating {list(match.partner_draw.seating)}")
    for lead in match.lead_draws:
        lines.append("lead draw: " + ", ".join(f"seat {seat} {tile}" for seat, tile in lead.draws))
    while True:
        hand = match.hand
        opening = hand.opening
        what = f"must open with {opening.tile}" if opening.tile is not None else "opens with any tile"
        if opening.lead_choices:
            what = f"chooses who leads from seats {list(opening.lead_choices)}"
        redeals = f" after {hand.redeals} redeals" if hand.redeals else ""
        lines.append(f"hand {match.hand_number}{redeals}: seat {opening.seat} {what}")
        for seat in range(players):
            lines.append(f"  seat {seat} holds {' '.join(str(tile) for tile in hand.hand_of(seat))}")
        seen = 0
        while not hand.is_over:
            match.apply(next_bot_action(match, bots, rngs))
            lines.extend(f"  {_event_line(event)}" for event in hand.history[seen:])
            if hand.history[seen:] and isinstance(hand.history[-1], Played | Scored):
                ends = " ".join(
                    f"{end}={value}" for end, value in zip(hand.layout.ends, hand.layout.values, strict=True)
                )
                lines.append(f"    ends {ends or 'none'}")
            seen = len(hand.history)
        result = hand.result
        assert result is not None
        winner = "nobody (tie)" if result.winner_seat is None else f"seat {result.winner_seat}"
        lines.append(
            f"  end: {result.reason}, won by {winner}; pips {list(result.pips)}; "
            f"hand points {list(result.points)}; play points {list(result.play_points)}"
        )
        line = match.sheet[-1]
        note = f" ({line.note})" if line.note else ""
        lines.append(f"  scores {list(match.scores)}{note}")
        if match.result is not None:
            lines.append(f"match won by side {match.result.winner_side}, credited {match.result.credited}")
            break
        if len(match.results) >= max_hands:
            lines.append(f"stopped after {max_hands} hands")
            break
        match.next_hand()
    return "\n".join(lines) + "\n"


def _event_line(event: Event) -> str:
    """One event of a hand as text."""
    if isinstance(event, Scored):
        return f"seat {event.seat} scores {event.points} ({event.how})"
    return f"seat {event.seat}: {event}"
