"""The easy opponent: sheds its heaviest playable tile; in the scoring games, scores most."""

from __future__ import annotations

import random

from engine.errors import IllegalActionError
from engine.line.actions import Action, Claim, Play
from engine.line.rules import PlayScoring
from engine.line.scoring import play_points
from engine.line.view import PlayerView

__all__ = ["GreedyBot"]


class GreedyBot:
    """Plays the heaviest playable tile (doubles first among equals).

    In the games that score during play (All Fives, Fives and Threes) it plays the tile
    that scores most, the heaviest among equals. Between ends for the same tile it prefers
    the end that leaves the highest number showing. It claims any uncalled score (Muggins)
    before playing, and draws or passes only when that is all it may do. Deterministic:
    the RNG is not used.
    """

    level = "greedy"

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """The heaviest play in ``view.legal_actions``, else the only other action."""
        if not view.legal_actions:
            raise IllegalActionError(
                f"seat {view.seat} has nothing to do: it is not its turn", "not-your-turn"
            )
        for action in view.legal_actions:
            if isinstance(action, Claim):  # points another player failed to call: take them
                return action
        plays = [action for action in view.legal_actions if isinstance(action, Play)]
        if not plays:
            return view.legal_actions[0]

        scoring = view.rules.play_scoring

        def weight(play: Play) -> tuple[int, int, bool, int]:
            showing = play.tile.other(view.layout.value(play.end)) if play.end is not None else play.tile.high
            points = (
                play_points(scoring, view.layout.play(play.tile, play.end))
                if scoring is not PlayScoring.NONE
                else 0
            )
            return (points, play.tile.pips, play.tile.is_double, showing)

        return max(plays, key=weight)
