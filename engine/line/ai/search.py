"""Search opponents: sample the hidden tiles, play every candidate out, keep the best.

This is determinized ("perfect information") Monte Carlo: each *world* is one deal of the
hidden tiles consistent with what the seat knows (:mod:`engine.line.ai.knowledge`); in each
world every candidate move is played and the hand finished by a quick playout policy: on
the bit-mask core of :mod:`engine.line.ai.bits` where the game is laid in a line, else on the
compact state of :mod:`engine.line.ai.fast` (:func:`play_out_fast`); both make the same moves.
A candidate's worth is its average result for the seat's side over the worlds. All candidates share each world and the playout's random
numbers, so their differences are not drowned in the luck of the deal.

Each world counts by how well its deal explains the others' play (importance weights,
:mod:`engine.line.ai.belief`), corrected for the deal sampler's own bias
(:meth:`engine.line.ai.knowledge.DealSampler.sample_weighted`). Candidates clearly worse than
the leader are dropped as the search goes (:mod:`engine.line.ai.tally`), and moves that leave
the same position are searched once.

Search is an anytime generator (:meth:`SearchBot.think`): it yields after each slice of
work so the browser can breathe, and stops after ``worlds`` worlds or ``playouts``
candidate play-outs or, when a time limit is given, when the time is up. With no time
limit the choice depends only on the view, the RNG and the budget (which counts work,
never time).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass

from engine.errors import IllegalActionError
from engine.line.actions import Action, Claim, Draw, Play
from engine.line.ai.base import think_through
from engine.line.ai.belief import SURPRISE, PlayModel, choices_of, heaviest_facts, resample, scoring_facts
from engine.line.ai.bits import EASY, GREEDY, WARY, LineHand, Policy, state_for
from engine.line.ai.bits_table import serves
from engine.line.ai.endgame import EndgameTooLarge, solvable, solve
from engine.line.ai.fast import FastHand, Outcome, RandomSource, move_of
from engine.line.ai.knowledge import DealSampler, knowledge_of, with_facts
from engine.line.ai.partner import SIGNAL_MARGIN, PartnerModel, partner_choices_of, suit_signal
from engine.line.ai.tally import Numbers, Tally
from engine.line.rules import DrawRule, HandScoring, MatchScoring, PlayScoring, Rules
from engine.line.view import PlayerView

__all__ = [
    "ENDGAME_DEALS",
    "PLAYOUT_RANDOMNESS",
    "Decision",
    "SearchBot",
    "hand_value",
    "hand_valuer",
    "play_out_fast",
    "wary_move",
]

WIN_WEIGHT = 0.75
"""In the games scoring nothing during play, how much winning counts against the margin."""

PLAYOUT_RANDOMNESS = 0.125
"""How often the playout policy lays a random tile instead of the heaviest one."""


@dataclass(frozen=True, slots=True)
class Decision:
    """What a search found: the move, and each candidate's average worth and world count."""

    action: Action
    values: dict[Action, float]
    worlds: int
    win_rates: dict[Action, float]
    """How often each candidate won the hand for the seat's side (ties count half)."""
    margins: dict[Action, float]
    """Each candidate's average point margin at the hand's end: the side's net points less
    the best other side's (what a hand review reports in the games scoring during play)."""


def hand_value(rules: Rules, outcome: Outcome, side: int) -> float:
    """What a finished hand is worth to ``side``: between -1 and 1, higher is better.

    Where a hand is worth a point whatever the margin (six-love, first to six, a point a
    hand), only winning counts. In the fives games the points are the game, so the margin
    counts most. Elsewhere winning counts most and the margin breaks ties between wins.
    """
    return hand_valuer(rules, side)(outcome)[0]


def hand_valuer(rules: Rules, side: int) -> Callable[[Outcome], tuple[float, float, float]]:
    """:func:`hand_value` for one rule set and side, worked out once: a function giving a
    finished hand's worth, whether ``side`` won it (1, 0, or 0.5 for a tie) and its point
    margin (its net points less the best other side's). The search calls it once per play-out."""
    others = [other for other in range(rules.sides) if other != side]
    if _points_do_not_count(rules):
        win_weight = 1.0
    elif rules.play_scoring is not PlayScoring.NONE:
        win_weight = 0.2
    else:
        win_weight = WIN_WEIGHT

    def value(outcome: Outcome) -> tuple[float, float, float]:
        winner = outcome.winner_side
        won = 0.5 if winner is None else float(winner == side)
        points = outcome.points
        ahead = points[side] - max(points[other] for other in others)
        if win_weight == 1.0:
            return 2 * won - 1, won, ahead
        return win_weight * (2 * won - 1) + (1 - win_weight) * math.tanh(ahead / 30.0), won, ahead

    return value


ENDGAME_DEALS = 64
"""With ``SearchBot(endgames=True)``, the most ways the unseen tiles may lie (between the
other player's hand and the boneyard) for the deals to be solved rather than played out."""


def _few_deals(view: PlayerView, hidden: Sequence[object]) -> bool:
    """Whether ``view`` is of a two-player line game where nothing more may be drawn and the
    ``hidden`` tiles may lie in at most :data:`ENDGAME_DEALS` ways."""
    rules = view.rules
    return (
        rules.players == 2
        and serves(rules)
        and (rules.draw is DrawRule.NONE or view.boneyard_count <= rules.boneyard_reserve)
        and math.comb(len(hidden), view.boneyard_count) <= ENDGAME_DEALS
    )


def _points_do_not_count(rules: Rules) -> bool:
    return rules.match_scoring in (MatchScoring.SIX_LOVE, MatchScoring.FIRST_TO_SIX) or (
        rules.out_scoring is HandScoring.ONE_POINT
    )


@dataclass(frozen=True, slots=True)
class _Setup:
    """What one decision's search needs, worked out once before the first world."""

    view: PlayerView
    side: int
    candidates: list[Action]
    moves: list[int]
    """The distinct candidates as move ints (:mod:`engine.line.ai.fast`), one per group of ``same``."""
    same: list[int]
    """Per candidate, the index in ``moves`` of the move that stands for it (equivalent
    candidates, e.g. one tile on two ends showing the same number, are searched once)."""
    template: FastHand | LineHand
    """The position with its public part filled in; each world deals its guess into a copy."""
    policy: Policy
    """How each seat plays out."""
    sampler: DealSampler
    models: list[PlayModel | PartnerModel]
    """How the other players' choices are read (none: every deal is as likely)."""
    lacks: list[int]
    """Per seat, a bit mask of the numbers it is known to lack (for the wary playout)."""
    signal: bool
    """Whether the choice among near-equal moves signals the seat's strong suit to its partner."""
    value: Callable[[Outcome], tuple[float, float, float]]
    """A finished play-out's worth to the seat's side, whether the side won, and its point
    margin (:func:`hand_valuer`)."""
    endgames: dict[tuple[int, ...], Outcome] | None = None
    """With ``SearchBot(endgames=True)`` in a small two-player endgame, the positions solved
    so far (:mod:`engine.line.ai.endgame`); ``None``: every deal is played out."""


class SearchBot:
    """A search opponent (levels ``hard`` and ``expert``): see the module docstring.

    ``worlds`` is the number of guessed deals per decision, ``playouts`` (if given) the most
    candidate play-outs over all of them (so a decision with many candidates searches fewer
    deals); ``slice_worlds`` how many deals are searched between two yields of :meth:`think`.

    With ``oversample`` above 1, that many deals are guessed per world searched and the ones
    that best explain the other players' choices are kept (:mod:`engine.line.ai.belief`, whose
    model weighs a tile's pips by ``strength`` and allows a random choice with probability
    ``surprise``). With ``heaviest_first``, opponents who have so far always laid their
    heaviest fitting tile are taken to go on doing so, as a hard fact
    (:func:`engine.line.ai.belief.heaviest_facts`); in the games that score during play, where
    the heaviest tile is not the aim, those who have always laid the tile scoring most
    (:func:`engine.line.ai.belief.scoring_facts`), and the pips model is not used there. ``randomness`` is how often a playout lays a
    random tile; with ``wary``, the seat's own side plays out with :func:`wary_move`. With
    ``easy_opponents`` set, the other side plays out as the Easy player does (its heaviest
    tile, on the end that leaves the highest number showing), laying a random tile that
    often instead; by default it plays out as the seat's own side does.

    With ``weigh`` (and ``oversample`` 1), every guessed deal is searched and counts in the
    averages by how well it explains the others' choices (its likelihood under the same
    model): the same reading as oversampling at a fraction of the cost. With ``unbiased``,
    each deal's weight also undoes the deal sampler's bias, so the deals are spread evenly
    over those consistent with the facts. With ``race`` set, the candidates are compared
    after ``race_from`` worlds, and again each time the count has grown by half, and those
    below the leader by more than ``race`` standard errors of their paired difference are
    dropped (:meth:`engine.line.ai.tally.Tally.race`): the rest of the budget goes to the moves
    still in question.

    With ``partners``, in the partnership games scoring nothing during play, the seat
    signals its strong suit to its partner and reads its partner's signals
    (:mod:`engine.line.ai.partner`; the reading needs ``weigh``).

    With ``endgames``, once nothing more may be drawn in a two-player line game and the
    deals the seat could be facing are few (at most :data:`ENDGAME_DEALS`), each deal is
    played to the end as two perfect players would (:mod:`engine.line.ai.endgame`) rather than
    played out; a deal too large to solve within the endgame budget is played out.
    """

    def __init__(
        self,
        level: str,
        worlds: int,
        slice_worlds: int = 4,
        oversample: int = 1,
        strength: float = 0.0,
        surprise: float = SURPRISE,
        heaviest_first: bool = False,
        randomness: float = PLAYOUT_RANDOMNESS,
        wary: bool = False,
        easy_opponents: float | None = None,
        weigh: bool = False,
        race: float = 0.0,
        race_from: int = 16,
        unbiased: bool = False,
        playouts: int | None = None,
        partners: bool = False,
        endgames: bool = False,
    ) -> None:
        """A bot of ``level`` searching ``worlds`` worlds per decision (see the class docstring)."""
        self.level = level
        self.worlds = worlds
        self.slice_worlds = slice_worlds
        self.oversample = oversample
        self.strength = strength
        self.surprise = surprise
        self.heaviest_first = heaviest_first
        self.randomness = randomness
        self.wary = wary
        self.easy_opponents = easy_opponents
        self.weigh = weigh
        self.race = race
        self.race_from = race_from
        self.unbiased = unbiased
        self.playouts = math.inf if playouts is None else playouts
        self.partners = partners
        self.endgames = endgames

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """Search to the end of the budget and return the best action."""
        return think_through(self.think(view, rng)).action

    def think(
        self,
        view: PlayerView,
        rng: random.Random,
        seconds: float | None = None,
        *,
        also: Sequence[Action] = (),
        alone: bool = False,
    ) -> Generator[None, None, Decision]:
        """Search, yielding between slices; the generator's return value is the :class:`Decision`.

        With ``seconds`` the search also stops once that much time has passed (after at
        least one world), so its result then depends on the machine's speed. A hand review
        searches the legal actions in ``also`` too (an overdraw, which play never
        considers), and with ``alone`` searches a move that has no alternative (for its
        chance to win).
        """
        if not view.legal_actions:
            raise IllegalActionError(
                f"seat {view.seat} has nothing to do: it is not its turn", "not-your-turn"
            )
        for action in view.legal_actions:
            if isinstance(action, Claim):  # an uncalled score: take it at once
                return Decision(action, {action: 1.0}, 0, {action: 1.0}, {action: 0.0})
        candidates = _candidates(view.legal_actions)
        candidates += [action for action in also if action in view.legal_actions and action not in candidates]
        setup = self._setup(view, candidates) if len(candidates) > 1 or alone else None
        if setup is None or (len(setup.moves) == 1 and not alone):  # nothing to choose between
            return Decision(
                candidates[0],
                dict.fromkeys(candidates, 0.0),
                0,
                dict.fromkeys(candidates, 0.5),
                dict.fromkeys(candidates, 0.0),
            )
        yield  # reading the view is a slice of its own: the first worlds come in the next
        tally = Tally(len(setup.moves))
        started = time.perf_counter()
        check = self.race_from
        while tally.worlds < self.worlds and tally.playouts < self.playouts:
            count = min(self.slice_worlds, self.worlds - tally.worlds)
            for hands, boneyard, weight in self._deals(setup, count, rng):
                base = setup.template.with_hidden(hands, boneyard, view.seat)
                self._world(setup, base, weight, rng, tally)
            if self.race and tally.worlds >= check:
                tally.race(self.race)
                check += max(self.race_from, check // 2)
            if seconds is not None and time.perf_counter() - started >= seconds:
                break
            if tally.worlds < self.worlds and tally.playouts < self.playouts:
                yield
        return _decision(setup, tally)

    def _setup(self, view: PlayerView, candidates: list[Action]) -> _Setup:
        """Read the view once: what is known, the model of play, the public position."""
        rules = view.rules
        knowledge = knowledge_of(view)
        choices = choices_of(view)
        if rules.play_scoring is PlayScoring.NONE:
            if self.heaviest_first:
                knowledge = with_facts(knowledge, heaviest_facts(choices, knowledge.hidden))
        elif self.heaviest_first:  # the facts read the points; the model's pips do not describe such play
            knowledge = with_facts(knowledge, scoring_facts(choices, knowledge.hidden, rules.play_scoring))
            choices = []
        else:  # the heaviest tile is not the aim there
            choices = [choice for choice in choices if not choice.drawn_since]
        models: list[PlayModel | PartnerModel] = []
        if (self.oversample > 1 or self.weigh) and choices:
            models.append(PlayModel(choices, rules.tiles, self.strength, self.surprise))
        talking = self.partners and rules.partnerships and rules.play_scoring is PlayScoring.NONE
        partner_choices = partner_choices_of(view) if talking and self.weigh else []
        if partner_choices:
            models.append(PartnerModel(partner_choices, rules.tiles, surprise=self.surprise))
        fast = FastHand.from_view(view, [()] * rules.players, ())
        side = rules.side_of(view.seat)
        moves, same = _distinct_moves(view, candidates, fast)
        return _Setup(
            view=view,
            side=side,
            candidates=candidates,
            moves=moves,
            same=same,
            template=state_for(fast),
            policy=Policy.of(rules, self.randomness, side, self.wary, self.easy_opponents),
            sampler=DealSampler(knowledge, rules.tiles),
            models=models,
            lacks=[sum(1 << value for value in lacking) for lacking in knowledge.lacks],
            signal=talking,
            value=hand_valuer(rules, side),
            endgames={} if self.endgames and _few_deals(view, knowledge.hidden) else None,
        )

    def _deals(
        self, setup: _Setup, count: int, rng: random.Random
    ) -> list[tuple[list[list[int]], list[int], float]]:
        """``count`` guessed deals, each with its weight in the averages.

        With ``oversample`` the likeliest of that many times more are kept, weighing 1 each;
        else each deal weighs its likelihood (with ``weigh``) times, with ``unbiased``, the
        sampler's correction (:meth:`DealSampler.sample_weighted`); plain deals weigh 1.
        """
        sampler = setup.sampler
        if self.oversample > 1 and setup.models:
            deals = [sampler.sample_weighted(rng) for _ in range(count * self.oversample)]
            weights = [self._log_weight(setup, deal) for deal in deals]
            return [(deals[index][0], deals[index][1], 1.0) for index in resample(weights, count, rng)]
        found = []
        for _ in range(count):
            deal = sampler.sample_weighted(rng)
            if setup.models:
                weight = math.exp(self._log_weight(setup, deal))
            else:  # no logarithm and back: the same weight to the last bit on every platform
                weight = float(deal[2]) if self.unbiased else 1.0
            found.append((deal[0], deal[1], weight))
        return found

    def _log_weight(self, setup: _Setup, deal: tuple[list[list[int]], list[int], float]) -> float:
        """The log of a deal's weight: how well it explains the play, and the sampler's correction."""
        hands, _, ways = deal
        weight = math.log(ways) if self.unbiased else 0.0
        for model in setup.models:
            weight += model.log_likelihood(hands)
        return weight

    def _world(
        self, setup: _Setup, base: FastHand | LineHand, weight: float, rng: random.Random, tally: Tally
    ) -> None:
        """Play every live candidate out in one guessed deal, with the same playout random numbers."""
        numbers = Numbers(rng)
        value = setup.value
        results: list[tuple[float, float, float]] = []
        solved = setup.endgames
        for index in tally.live:
            hand = base.copy()
            hand.apply(setup.moves[index])
            numbers.again()
            if solved is not None and isinstance(hand, LineHand) and solvable(hand):
                try:
                    results.append(value(solve(hand, solved)))
                    continue
                except EndgameTooLarge:
                    pass
            results.append(value(self._play_out(setup, hand, numbers)))
        tally.add(weight, results)

    def _play_out(self, setup: _Setup, hand: FastHand | LineHand, numbers: Numbers) -> Outcome:
        """Finish the hand: greedy play, wary for the seat's side and Easy's for the other if asked."""
        lacks = list(setup.lacks) if setup.policy.watch else None
        if isinstance(hand, LineHand):
            return hand.play_out(numbers.random, setup.policy, lacks)
        return play_out_fast(hand, numbers, setup.policy, lacks)


def _decision(setup: _Setup, tally: Tally) -> Decision:
    """The best candidate and every candidate's average worth and share of wins.

    Signalling, the best is the move among those still searched and within
    :data:`~engine.line.ai.partner.SIGNAL_MARGIN` of the leader that shows the most of the
    seat's suit (the worthier among equals).
    """
    values, rates, margins = tally.values(), tally.win_rates(), tally.margins()
    candidates, same = setup.candidates, setup.same
    worth = {action: values[same[index]] for index, action in enumerate(candidates)}
    won = {action: rates[same[index]] for index, action in enumerate(candidates)}
    ahead = {action: margins[same[index]] for index, action in enumerate(candidates)}
    best = candidates[same.index(tally.best())]
    if setup.signal:
        near = [
            candidates[same.index(index)]
            for index in tally.live
            if values[index] >= worth[best] - SIGNAL_MARGIN
        ]
        best = max(near, key=lambda action: (suit_signal(setup.view, action), worth[action]))
    return Decision(best, worth, tally.worlds, won, ahead)


def _distinct_moves(
    view: PlayerView, candidates: list[Action], fast: FastHand
) -> tuple[list[int], list[int]]:
    """The candidates' moves with equivalent ones merged, and which move stands for each candidate.

    In a game laid in a line that scores nothing during play, a tile laid on either of two
    ends showing the same number leaves the same numbers showing: the same position,
    searched once.
    """
    line = serves(view.rules) and view.rules.play_scoring is PlayScoring.NONE
    moves: list[int] = []
    same: list[int] = []
    seen: dict[object, int] = {}
    for action in candidates:
        key: object = action
        if line and isinstance(action, Play) and action.end is not None:
            key = (action.tile, view.layout.value(action.end))
        if key not in seen:
            seen[key] = len(moves)
            moves.append(move_of(action, fast.t))
        same.append(seen[key])
    return moves, same


def _candidates(legal: Sequence[Action]) -> list[Action]:
    """The moves worth searching: the plays (an overdraw is never worth its cost), else the rest."""
    plays = [action for action in legal if isinstance(action, Play)]
    if plays:
        return list(plays)
    return [action for action in legal if not isinstance(action, Draw)] or list(legal)


def play_out_fast(
    fast: FastHand,
    rng: RandomSource,
    policy: Policy,
    lacks: list[int] | None = None,
    trace: list[int] | None = None,
) -> Outcome:
    """Finish a hand on a :class:`FastHand` as ``policy`` plays it (for the games with a spinner,
    which :mod:`engine.line.ai.bits` does not play; there :meth:`LineHand.play_out` makes the same moves).

    Each seat plays greedily, or as Easy does (greedy, then the end that leaves the highest
    number, where points are not scored during play), or warily (:func:`wary_move`, with
    ``lacks``, which grows as seats pass or draw). With ``trace``, each move is appended to it.
    """
    rules = fast.rules
    modes, rates, watch = policy.modes, policy.rates, policy.watch
    if lacks is None:
        lacks = [0] * rules.players
    while fast.outcome is None:
        mode, rate = modes[fast.turn], rates[fast.turn]
        if mode == GREEDY:
            move = fast.greedy_move(rng, rate)
        elif mode == EASY:
            move = fast.greedy_move(rng, rate)
            if rules.play_scoring is PlayScoring.NONE:  # where points count, the end is chosen for them
                move = fast.on_highest_end(move)
        else:
            assert mode == WARY
            move = wary_move(fast, rng, rate, lacks)
        if move < 0 and watch:  # a pass or a draw: the player holds nothing that fits now
            lacks[fast.turn] |= fast.end_mask()
        if trace is not None:
            trace.append(move)
        fast.apply(move)
    return fast.outcome


def wary_move(fast: FastHand, rng: RandomSource, randomness: float, lacks: list[int]) -> int:
    """A playout policy: a play the next player is known not to follow, else :meth:`FastHand.greedy_move`.

    "Known" from public play only (``lacks``: passes before and during the playout), never
    from the guessed hands, so the playout does not let a side see more than it could.
    """
    rules = fast.rules
    nxt = rules.next_seat(fast.turn)
    known = lacks[nxt]
    if (
        not known
        or rules.side_of(nxt) == rules.side_of(fast.turn)
        or fast.laid == 0
        or fast.starter_choices
        or rules.play_scoring is not PlayScoring.NONE
        or fast.drawn_tile_only
        or rng.random() < randomness
    ):
        return fast.greedy_move(rng, randomness)
    ends, values, t = fast.ends(), fast.values(), fast.t
    showing = fast.end_mask()
    best, best_key = -1, -1
    for tile in fast.hands[fast.turn]:
        if not t.mask[tile] & showing or t.key[tile] <= best_key:
            continue
        low, high = t.low[tile], t.high[tile]
        for position, shown in enumerate(values):
            if shown != low and shown != high:
                continue
            mask = 1 << (high if shown == low else low)
            for other, value in enumerate(values):
                if other != position:
                    mask |= 1 << value
            if mask & ~known == 0:
                best, best_key = (tile << 12) | (ends[position] + 1), t.key[tile]
                break
    return best if best >= 0 else fast.greedy_move(rng, 0.0)
