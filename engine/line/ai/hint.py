"""Hints for a person: the Expert's move for their seat, with a reason in a few words.

The move comes from the Expert's search on the person's own view (it sees no more than
they do). The reason names the strongest of the strategy-note features the move has
(:func:`engine.line.ai.medium.play_features`) and how often it won the deals the Expert played
out, next to the best other move.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from dataclasses import dataclass

from engine.line.actions import Action, Claim, Draw, Lead, Pass, Play
from engine.line.ai.knowledge import knowledge_of
from engine.line.ai.medium import play_features
from engine.line.ai.partner import suit_signal
from engine.line.ai.search import Decision, SearchBot
from engine.line.view import PlayerView

__all__ = ["Hint", "explain", "hint", "hint_bot", "merit"]


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested action and one line saying why."""

    action: Action
    reason: str


def hint_bot() -> SearchBot:
    """The searcher behind hints: the Expert."""
    from engine.line.ai import make_bot  # the level table lives in the package

    bot = make_bot("expert")
    assert isinstance(bot, SearchBot)
    return bot


def hint(view: PlayerView, rng: random.Random, bot: SearchBot) -> Generator[None, None, Hint]:
    """Search like ``bot`` for the view's seat, yielding between slices; returns the :class:`Hint`."""
    decision = yield from bot.think(view, rng)
    return Hint(decision.action, explain(view, decision))


def explain(view: PlayerView, decision: Decision) -> str:
    """One line a player understands: the move, its main merit, and how it fared in search."""
    action = decision.action
    if isinstance(action, Claim):
        return (
            "Call your score before the next tile is laid."
            if not action.muggins
            else "Claim the uncalled score: Muggins!"
        )
    if isinstance(action, Draw):
        return "Nothing fits: draw from the boneyard."
    if isinstance(action, Pass):
        return "Nothing fits: pass."
    if isinstance(action, Lead):
        who = "Lead yourself" if action.seat == view.seat else "Let your partner lead"
        return f"{who}: {_record(decision)}."
    assert isinstance(action, Play)
    where = "" if action.end is None else f" on the {view.layout.value(action.end)}"
    move = f"Play {action.tile}{where}"
    if len(decision.values) < 2:
        return f"{move}: it is your only move."
    if decision.worlds == 0:  # the same tile on ends showing the same number: one move really
        return f"{move}: it is your only move (either end leaves the same numbers showing)."
    signal = _signal(view, action) if decision.values[action] < max(decision.values.values()) else None
    return f"{move}: {signal or merit(view, action)} ({_record(decision)})."


def _signal(view: PlayerView, play: Play) -> str:
    """Why the Expert chose a move a little below the best: the suit it shows its partner
    (:mod:`engine.line.ai.partner`)."""
    if play.end is None:
        return "it shows your partner your strongest suit, and does about as well as the best move"
    shown = play.tile.other(view.layout.value(play.end))
    kept = suit_signal(view, play)
    return (
        f"it shows your partner your {shown}s (you hold {kept} more), and does about as well as the best move"
    )


def merit(view: PlayerView, play: Play) -> str:
    """The strongest reason of the strategy notes this play has, in a few words (the Hint's
    and the hand review's)."""
    if view.layout.is_empty:
        return (
            "a strong opening from your longest suit" if not play.tile.is_double else "it opens with a double"
        )
    features = play_features(view, knowledge_of(view), play)
    after = view.layout.play(play.tile, play.end)
    if features.get("points"):
        return f"it scores {int(features['points'])}"
    if features.get("left_passes"):
        numbers = " and ".join(str(value) for value in sorted(set(after.values)))
        return f"the next player has passed on {numbers}, so he cannot follow"
    if features.get("cover_opponent_double"):
        return "it covers an opponent's double"
    if features.get("double_followed"):
        return "it gets a double down while you hold another of its suit"
    if features.get("partner_suit"):
        return "it keeps your partner's number open"
    if features.get("follow", 0) >= 2:
        return f"it keeps {int(features['follow'])} of your tiles playable"
    if play.tile.pips >= 8:
        return f"it sheds a heavy tile ({play.tile.pips} pips)"
    return "it leaves the ends that suit you best"


def _record(decision: Decision) -> str:
    """How the move did in the Expert's search, next to the best other move."""
    rates = decision.win_rates
    chosen = rates[decision.action]
    others = [rate for action, rate in rates.items() if action != decision.action]
    text = f"it won {round(100 * chosen)}% of {decision.worlds} deals the Expert played out"
    if others:
        text += f", the best other move {round(100 * max(others))}%"
    return text
