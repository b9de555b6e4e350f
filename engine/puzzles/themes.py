"""What a puzzle teaches, in a player's words: its theme, read from the answer and from how
the hand ends when everyone then plays their best.

Each puzzle has one theme, the first of :data:`THEMES` that fits (scoring first: in the
games that score during play, a scoring answer is what a player sees first).
"""

from __future__ import annotations

from engine.line.actions import Action, Play
from engine.line.ai.fast import PASS, FastHand, Outcome, move_of
from engine.puzzles.solver import Value

__all__ = ["THEMES", "theme_of"]

THEMES: dict[str, str] = {
    "score": "Score a multiple of five",
    "block": "Block the game when ahead on pips",
    "lock-out": "Leave a number the next player lacks",
    "double": "Play the double while you can",
    "go-out": "Go out first",
    "save": "Save what can be saved",
    "only-win": "Find the only winning move",
}
"""Each theme's id (as the puzzle file writes it) and what the player reads."""


def theme_of(fast: FastHand, answer: Action, value: Value, final: Outcome) -> str:
    """The theme id of a puzzle whose position is ``fast``, whose answer is ``answer`` (worth
    ``value`` to the solver's side) and whose hand, played on perfectly, ends as ``final``."""
    side = fast.rules.side_of(fast.turn)
    move = move_of(answer, fast.t)
    if isinstance(answer, Play) and fast.points_if(move) > 0:
        return "score"
    if value.result < 1:
        return "save"
    if final.reason == "blocked" and final.winner_side == side:
        return "block"
    after = fast.copy()
    after.apply(move)
    if after.outcome is None and fast.rules.side_of(after.turn) != side and after.moves() == [PASS]:
        return "lock-out"
    if isinstance(answer, Play) and answer.tile.is_double:
        return "double"
    if final.reason == "out" and final.winner_side == side:
        return "go-out"
    return "only-win"
