"""Two-player endgames played perfectly: once nothing more may be drawn, a line game between
two players is a finite game of perfect play on a known deal, small enough to solve.

Search plays each guessed deal out with a quick policy (:mod:`engine.line.ai.bits`), which is
a fair guess of how a hand goes on while there is much to play and much unknown. Near the
end of a two-player hand it is not: a greedy play-out lets the other player walk into a
block or miss the one tile that wins, where a careful player would not. In a two-player
game with nothing left to draw, the only tiles a player does not see are the other's and
the few left in the boneyard, so the guessed deals are few and each can be played out as
two perfect players would: :func:`solve` finds, by a full search of every play (a player
stops at its first winning play), who wins the hand.

Only the chance to win is solved for: among a player's winning plays, the first found
(heaviest tile first) stands for them, so the points of the outcome returned are those of
one perfect line, not the most a player could make.
"""

from __future__ import annotations

from engine.line.ai.bits import LineHand
from engine.line.ai.bits_table import outcome_of
from engine.line.ai.fast import Outcome

__all__ = ["ENDGAME_NODES", "EndgameTooLarge", "best_move", "solvable", "solve"]

ENDGAME_NODES = 2000
"""The most positions one :func:`solve` looks at before giving up: it keeps every slice
of search short (a few milliseconds on CPython), and counts work, not time, so a search
gives the same result on every machine."""


class EndgameTooLarge(Exception):
    """A :func:`solve` would look at more positions than its budget allows."""


def solvable(hand: LineHand) -> bool:
    """Whether ``hand`` is an endgame :func:`solve` plays: two players, a line game scoring
    nothing during play, the layout open, the hand not over, and nothing more to draw."""
    t = hand.t
    return (
        hand.rules.players == 2
        and hand.outcome is None
        and hand.x >= 0
        and not t.scoring
        and not t.stuck_ends
        and len(hand.boneyard) <= t.reserve
    )


def solve(hand: LineHand, memo: dict[tuple[int, ...], Outcome], budget: int = ENDGAME_NODES) -> Outcome:
    """How ``hand`` (:func:`solvable`) ends when both players play to win it: the
    :class:`Outcome` of a perfect line (a tie is worth half a win to each).

    ``memo`` keeps every position solved (pass the same dict to solve many positions of
    one deal or of deals alike); raises :class:`EndgameTooLarge` after looking at
    ``budget`` new positions (what was solved by then stays in ``memo``).
    """
    t = hand.t
    suit, pips, index, side_of = t.suit, t.pips, t.index, t.side_of
    play_points, penalties = hand.play_points, hand.penalties
    left = [budget]

    def best(first: int, second: int, x: int, y: int, turn: int) -> Outcome:
        key = (first, second, x, y, turn) if x <= y else (first, second, y, x, turn)
        found = memo.get(key)
        if found is not None:
            return found
        left[0] -= 1
        if left[0] < 0:
            raise EndgameTooLarge
        fit = (second if turn else first) & (suit[x] | suit[y])
        if not fit:  # a pass (the other can play: else the hand would have ended blocked)
            result = best(first, second, x, y, 1 - turn)
            memo[key] = result
            return result
        me = side_of[turn]
        chosen, chosen_worth = None, -1.0
        while fit:
            bit = fit & -fit
            fit ^= bit
            local = index[bit]
            for at in (0, 1) if x != y else (0,):
                if not suit[y if at else x] & bit:
                    continue
                nx, ny = (y, pips[local] - x) if at == 0 else (x, pips[local] - y)
                if turn:
                    after_first, after_second = first, second ^ bit
                else:
                    after_first, after_second = first ^ bit, second
                if not (after_second if turn else after_first):
                    outcome = outcome_of(t, [after_first, after_second], play_points, penalties, "out", turn)
                elif not (after_first | after_second) & (suit[nx] | suit[ny]):
                    outcome = outcome_of(
                        t, [after_first, after_second], play_points, penalties, "blocked", -1
                    )
                else:
                    outcome = best(after_first, after_second, nx, ny, 1 - turn)
                worth = _worth(outcome, me)
                if worth > chosen_worth:
                    chosen, chosen_worth = outcome, worth
                    if worth == 1.0:  # nothing does better than a win
                        memo[key] = outcome
                        return outcome
        assert chosen is not None
        memo[key] = chosen
        return chosen

    return best(hand.hands[0], hand.hands[1], hand.x, hand.y, hand.turn)


def best_move(hand: LineHand, budget: int = ENDGAME_NODES) -> int | None:
    """The play (a move int) with which the player to move in ``hand`` (:func:`solvable`)
    does best against perfect play, the first listed among equals; ``None`` if it
    has no play or the endgame is larger than ``budget`` positions a play."""
    plays = [move for move in hand.moves() if move >= 0]
    if not plays:
        return None
    me = hand.t.side_of[hand.turn]
    memo: dict[tuple[int, ...], Outcome] = {}
    chosen, chosen_worth = None, -1.0
    for move in plays:
        after = hand.copy()
        after.apply(move)
        try:
            outcome = after.outcome if after.outcome is not None else solve(after, memo, budget)
        except EndgameTooLarge:
            return None
        worth = _worth(outcome, me)
        if worth > chosen_worth:
            chosen, chosen_worth = move, worth
    return chosen


def _worth(outcome: Outcome, side: int) -> float:
    """What a hand's end is worth to ``side``: 1 won, 0.5 tied, 0 lost."""
    return 0.5 if outcome.winner_side is None else float(outcome.winner_side == side)
