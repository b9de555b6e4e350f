"""Are the review's labels true? Replay each judged decision with the better move, and count.

A review (:mod:`engine.line.ai.review`) judges a move from what its seat could see. This checks
that judgement against what really followed: bots of chosen levels play hands; every
decision of every seat is reviewed; then, from the real position (every tile where it
truly was), the hand is played on many times after the move played and as many times after
the move the review preferred, with fresh random numbers, by bots of one chosen level (Hard
by default) or by the very levels that played the hand (``--replayer players``: the game
goes on as its own players would have played it). If the labels mean anything, the
preferred move wins measurably more often after the decisions labelled blunders, and less
so after mistakes and inaccuracies.

Once nothing more may be drawn in a two-player game, the replays play the hand out as two
perfect players would (:func:`engine.line.ai.endgame.best_move`, on the real deal: all a player
does not see then is the few tiles left in the boneyard). Bots of every level miss forced
wins there, and a replay that lets the other player off the hook after a blunder says
nothing about the blunder.

Run it as ``python -m engine.line.ai.calibration`` (``--help`` for the options); it prints, per
label, how many decisions got it, their average loss as the review saw it, and how much
more often the better move won in the replays, with a 95% confidence interval over the
decisions. ``--jobs`` spreads the hands over worker processes; the figures stay the same.
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.lab import half_width, map_jobs
from engine.line.actions import Action
from engine.line.ai import Bot, make_bot, own_call, think_through
from engine.line.ai.bits import LineHand
from engine.line.ai.bits_table import serves
from engine.line.ai.endgame import best_move, solvable
from engine.line.ai.fast import FastHand, action_of
from engine.line.ai.review import DecisionReview, review_hand, scores_points
from engine.line.hand import Hand
from engine.line.selfplay import bot_match
from engine.line.variants import make_rules
from engine.line.view import view_of

__all__ = [
    "PLAYERS",
    "Calibration",
    "LabelCheck",
    "calibrate",
    "main",
    "perfect_play",
    "replay_gain",
    "replayers_for",
]

PLAYERS = "players"
"""The replayer that means: every seat replayed by the level that played it."""


@dataclass
class LabelCheck:
    """What the replays said about the decisions given one label."""

    label: str
    losses: list[float] = field(default_factory=list)
    """The review's loss for each decision (chance or points)."""
    gains: list[float] = field(default_factory=list)
    """For each decision, how much more often the better move won in the replays (-1 to 1)."""

    def line(self, points: bool) -> str:
        """A line of the report (losses and gains in ``points``, else in chances to win)."""
        if not self.gains:
            return f"  {self.label:<10} none"
        scale, unit = (1.0, " points") if points else (100.0, "%")
        loss, gain, spread = (
            statistics.fmean(self.losses),
            statistics.fmean(self.gains),
            half_width(self.gains),
        )
        return (
            f"  {self.label:<10} {len(self.gains):>4} decisions: the review's loss {scale * loss:.1f}{unit}; "
            f"replayed, the better move gained {scale * gain:+.1f}{unit} "
            f"(95% CI {scale * (gain - spread):+.1f} to {scale * (gain + spread):+.1f})"
        )


@dataclass(frozen=True)
class Calibration:
    """Per label, the replays of the decisions that got it."""

    variant: str
    players: int
    levels: tuple[str, ...]
    replayer: str
    """The level replaying every seat, or :data:`PLAYERS` (each seat its own level)."""
    hands: int
    checks: dict[str, LabelCheck]

    def report(self) -> str:
        """The calibration as a few lines of text."""
        by = "the same players" if self.replayer == PLAYERS else f"{self.replayer} players"
        head = (
            f"{self.variant}, {self.players} players, {self.hands} hands by {', '.join(self.levels)}; "
            f"every seat's decisions reviewed and replayed both ways by {by}:"
        )
        points = scores_points(make_rules(self.variant, self.players))
        return "\n".join([head, *(check.line(points) for check in self.checks.values())])


def replayers_for(levels: Sequence[str], replayer: str) -> list[str]:
    """The level that replays each seat: ``replayer`` for every seat, or with :data:`PLAYERS`
    the level each seat played at (``levels``)."""
    return list(levels) if replayer == PLAYERS else [replayer] * len(levels)


def replay_gain(
    hand: Hand, decision: DecisionReview, replayers: Sequence[str], continuations: int, seed: int
) -> float:
    """What the better move gained over the move played in the real ``hand``, played on by
    bots of the levels ``replayers`` (one per seat) after each (``continuations`` times, the
    same random numbers both ways): how much more often the decision's side won, or in the
    games scoring during play (where the review weighs points) how many more points it made
    over the best other side."""
    start = hand.start_copy()
    for action in hand.actions[: decision.move]:
        start.apply(action)
    bots = [make_bot(level) for level in replayers]
    side = hand.rules.side_of(decision.seat)
    points = scores_points(hand.rules)
    gain = 0.0
    for number in range(continuations):
        for action, sign in ((decision.best, 1.0), (decision.played, -1.0)):
            won, ahead = _played_on(start, action, bots, side, f"{seed}:{decision.move}:{number}")
            gain += sign * (ahead if points else won)
    return gain / continuations


def _played_on(start: Hand, first: Action, bots: Sequence[Bot], side: int, seed: str) -> tuple[float, float]:
    """Play ``first`` from a copy of ``start`` and the hand out: whether ``side`` won (1, 0,
    1/2 a tie), and its net points less the best other side's."""
    hand = copy.deepcopy(start)
    hand.apply(first)
    while hand.result is None:
        if hand.pending is not None:
            call = own_call(view_of(hand, hand.pending[0]))
            if call is not None:
                hand.apply(call)
                continue
        perfect = perfect_play(hand)
        if perfect is not None:
            hand.apply(perfect)
            continue
        seat = hand.turn
        hand.apply(bots[seat].choose(view_of(hand, seat), random.Random(f"{seed}:{len(hand.history)}")))
    result = hand.result
    net = result.net_points
    ahead = net[side] - max(points for other, points in enumerate(net) if other != side)
    return (0.5 if result.winner_side is None else float(result.winner_side == side)), float(ahead)


def perfect_play(hand: Hand) -> Action | None:
    """The play two perfect players' endgame calls for in ``hand`` (``None``: not such an
    endgame, no play to choose, or too large to solve)."""
    if hand.rules.players != 2 or not serves(hand.rules):
        return None
    fast = FastHand.from_hand(hand)
    line = LineHand.from_fast(fast)
    if not solvable(line):
        return None
    move = best_move(line)
    return None if move is None else action_of(move, fast.t)


def calibrate(
    variant: str,
    players: int,
    levels: Sequence[str],
    hands: int,
    seed: int,
    replayer: str = "hard",
    continuations: int = 8,
    jobs: int = 1,
) -> Calibration:
    """Play ``hands`` one-hand matches (seeds ``seed``, ``seed + 1``...) between ``levels``,
    review every seat, and replay each judged decision both ways by ``replayer`` bots, or
    with :data:`PLAYERS` by the levels that played (:func:`replay_gain`); ``jobs`` worker
    processes share the hands, and the result does not depend on how many."""
    checks = {label: LabelCheck(label) for label in ("best", "good", "inaccuracy", "mistake", "blunder")}
    work = [
        (variant, players, tuple(levels), seed + number, replayer, continuations) for number in range(hands)
    ]
    judged = map_jobs(_judge_hand, work, jobs, chunksize=1)  # hands differ much in cost
    for label, loss, gain in (row for rows in judged for row in rows):
        checks[label].losses.append(loss)
        checks[label].gains.append(gain)
    return Calibration(variant, players, tuple(levels), replayer, hands, checks)


def _judge_hand(job: tuple[str, int, tuple[str, ...], int, str, int]) -> list[tuple[str, float, float]]:
    """One hand played, every seat reviewed and each judged decision replayed: its label, the
    review's loss and the better move's gain in the replays."""
    variant, players, levels, seed, replayer, continuations = job
    hand = bot_match(variant, players, seed, levels, max_hands=1).hands[0]
    replayers = replayers_for(levels, replayer)
    rows = []
    for seat in range(players):
        review = think_through(review_hand(hand, seat))
        for decision in review.decisions:
            if decision.label == "forced":
                continue
            if decision.label == "best":  # nothing to compare: the better move is the move played
                rows.append((decision.label, decision.loss, 0.0))
                continue
            rows.append(
                (decision.label, decision.loss, replay_gain(hand, decision, replayers, continuations, seed))
            )
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m engine.line.ai.calibration``: print how the review's labels hold up in replays."""
    parser = argparse.ArgumentParser(
        prog="python -m engine.line.ai.calibration", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument(
        "--variant", default="partnership-block", help="rule set id (default: partnership-block)"
    )
    parser.add_argument("--players", type=int, default=4, help="players (default: 4)")
    parser.add_argument(
        "--levels", default="medium", help="the bots' levels, one or one per seat, comma separated"
    )
    parser.add_argument("--hands", type=int, default=40, help="hands to play and review (default: 40)")
    parser.add_argument("--seed", type=int, default=30001, help="seed of the first hand (default: 30001)")
    parser.add_argument(
        "--continuations", type=int, default=8, help="replays each way per decision (default: 8)"
    )
    parser.add_argument(
        "--replayer",
        default="hard",
        help=f"the level that plays the replays, or {PLAYERS!r}: each seat its own level (default: hard)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default: 1)")
    args = parser.parse_args(argv)
    levels = args.levels.split(",")
    levels = (levels * args.players)[: args.players]
    print(
        calibrate(
            args.variant,
            args.players,
            levels,
            args.hands,
            args.seed,
            args.replayer,
            args.continuations,
            args.jobs,
        ).report()
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
