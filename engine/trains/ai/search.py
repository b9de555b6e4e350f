"""The train family's Expert: the Medium player's strategy until the round nears its end,
then a search that deals the hidden tiles as its seat's knowledge allows and plays each
choice out.

Far from the end, play-outs of a long round are too rough to choose between plans, and the
strategy's plan of a run on one's own train does better (measured in the arena); once some
player is down to :data:`ENDGAME` tiles, who goes out and what is left in hand decide the
round, and that the play-outs see.

Determinized Monte Carlo, as the other games' Experts: each *world* deals the tiles the seat
cannot see (:mod:`engine.trains.ai.knowledge`: other players never get a number they are
known to lack); in each world every distinct action offered is taken on the engine's own
round (:meth:`engine.trains.round.TrainRound.step`) and the round is played to its end by
every seat with :func:`~engine.trains.ai.bots.quick_play` on its fast twin
(:mod:`engine.trains.ai.fast`). An action's worth is the seat's points at the round's end
(fewer is better); the action with the best average over the worlds is taken.

The budget counts play-outs, never time, so a decision depends only on the view and the
random source. :meth:`ExpertTrainBot.think` is a generator that yields after each play-out
(the page can draw between them); :meth:`ExpertTrainBot.choose` runs it through.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Sequence

from engine.errors import IllegalActionError
from engine.thinking import think_through
from engine.trains.actions import Play, TrainAction
from engine.trains.ai.bots import MediumTrainBot, quick_play
from engine.trains.ai.fast import fast_play_out
from engine.trains.ai.knowledge import deal_world, knowledge_of
from engine.trains.round import TrainRound
from engine.trains.view import TrainView, round_in_world

__all__ = ["ENDGAME", "ExpertTrainBot", "quick_choice"]

PLAY_OUTS = 96
"""The play-outs a decision may use, over all its worlds."""
ENDGAME: dict[str, int] = {"mexican-train": 6, "chicken-foot": 4}
"""The search takes over once some player holds this many tiles or fewer (per game, as
measured best in the arena: ``docs/computer-players.md``)."""
MAX_WORLDS = 24
"""The most worlds a decision deals (fewer when it has many actions to try)."""


def quick_choice(played: TrainRound, seat: int, legal: Sequence[TrainAction]) -> TrainAction:
    """What :func:`quick_play` does with ``legal``, the actions ``seat`` is offered in ``played``
    (the only other action when there is no play)."""
    values = dict(played.targets(seat))
    plays = [(action, values[action.train]) for action in legal if isinstance(action, Play)]
    return quick_play(played.hands[seat], plays, played.rules.double_blank) if plays else legal[0]


class ExpertTrainBot:
    """Expert: a determinized search over worlds consistent with what its seat has seen."""

    level = "expert"

    def __init__(self, play_outs: int = PLAY_OUTS, max_worlds: int = MAX_WORLDS) -> None:
        """A player using at most ``play_outs`` play-outs and ``max_worlds`` worlds a decision."""
        self.play_outs = play_outs
        self.max_worlds = max_worlds

    def choose(self, view: TrainView, rng: random.Random) -> TrainAction:
        """The action the search finds best."""
        return think_through(self.think(view, rng))

    def think(self, view: TrainView, rng: random.Random) -> Generator[None, None, TrainAction]:
        """The search, yielding after each play-out; its result is the action chosen."""
        legal = view.legal
        if not legal:
            raise IllegalActionError(f"seat {view.seat} has nothing to do now", "not-your-turn")
        choices = list(dict.fromkeys(legal))
        if len(choices) == 1:
            return choices[0]
        if min(view.hand_counts) > ENDGAME[view.variant]:
            return MediumTrainBot().choose(view, rng)
        knowledge = knowledge_of(view)
        worlds = max(1, min(self.max_worlds, self.play_outs // len(choices)))
        totals = [0.0] * len(choices)
        for _ in range(worlds):
            hands, boneyard = deal_world(knowledge, list(view.hand), rng)
            world = round_in_world(view, hands, boneyard)
            for index, action in enumerate(choices):
                trial = world.copy()
                trial.step(view.seat, action)
                totals[index] += fast_play_out(trial, view.seat)
                yield  # (after each play-out: a world of many choices is too long a slice on a slow tablet)
        best = max(range(len(choices)), key=lambda index: (totals[index], -index))
        return choices[best]
