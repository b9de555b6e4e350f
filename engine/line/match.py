"""A match: hands strung together and scored by the variant's match rules."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.errors import EngineError, IllegalActionError, RulesError
from engine.fair_deals import DealSeal
from engine.line.actions import Action
from engine.line.events import Deal, HandResult, Opening, Penalized, Scored
from engine.line.hand import Hand
from engine.line.rules import FirstOpener, MatchScoring, NextStarter, Rules
from engine.line.view import PlayerView, view_of
from engine.tiles import Tile

__all__ = [
    "HandScore",
    "LeadDraw",
    "Match",
    "MatchResult",
    "PartnerDraw",
    "SeededDeal",
    "draw_for_lead",
    "draw_for_partners",
    "settle_lead_draw",
    "settle_partner_draw",
]


@dataclass(frozen=True, slots=True)
class LeadDraw:
    """One round of drawing for the lead: the tile each contending seat drew."""

    draws: tuple[tuple[int, Tile], ...]


@dataclass(frozen=True, slots=True)
class PartnerDraw:
    """The draw for partners: each round's tiles by player, and where each player sits.

    ``seating[seat]`` is the player (0-3, player 0 keeps seat 0) in that seat: the two
    lowest draws are partners, as are the two highest. ``dealer`` drew the highest tile.
    """

    rounds: tuple[tuple[Tile, ...], ...]
    seating: tuple[int, ...]
    dealer: int


@dataclass(frozen=True, slots=True)
class SeededDeal:
    """What a hand's seed deals in a match with committed deals: the hand, and for the
    first hand the draws for partners and for the lead made from the same seed before it."""

    hand: Hand
    partner_draw: PartnerDraw | None = None
    lead_draws: tuple[LeadDraw, ...] = ()


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The end of a match: the winning side, the final scores, and what it is credited.

    ``credited`` is the winner's score minus each other side's score, added up.
    """

    winner_side: int
    scores: tuple[int, ...]
    credited: int


@dataclass(frozen=True, slots=True)
class HandScore:
    """One line of the score sheet: what a finished hand did to the match score.

    ``gained`` is what each side added (hand award, points scored during play, less
    penalties); ``totals`` the scores after the hand (after any reset); ``note`` says
    in words what the match rules did (a reset, a replay and its worth, a play-off);
    ``award`` the part of ``gained`` the match rules gave for the hand's result (in six-love,
    a replay after a tie is worth more than the hand's own point).
    """

    number: int
    result: HandResult
    gained: tuple[int, ...]
    totals: tuple[int, ...]
    note: str = ""
    award: tuple[int, ...] = ()


class Match:
    """Hands played until a side wins by the match rules.

    The whole match is determined by its rules, its seed and the actions played.
    After a hand ends, call :meth:`next_hand` to deal the next one (the UI shows the
    end of the hand in between).
    """

    def __init__(
        self,
        rules: Rules,
        seed: int | None,
        deals: Sequence[Deal | None] = (),
        *,
        partner_rounds: Sequence[Sequence[Tile]] = (),
        lead_rounds: Sequence[Sequence[Tile]] = (),
        committed: bool = False,
        seals: Sequence[DealSeal | None] = (),
    ) -> None:
        """Start a match and deal its first hand.

        The tiles come from ``seed``'s shuffles, except where a record says what they were:
        ``deals`` are the first hands' deals (``None``: as the seed deals it), ``partner_rounds`` the draw for partners and
        ``lead_rounds`` the draw for the first lead (each round: the tiles drawn, by player
        or by contending seat in seat order). The seeded shuffles are made all the same, so
        the hands after the recorded ones are dealt as that seed deals them. ``seed`` may
        be ``None`` for a record written without one: those shuffles are then seeded by a
        fixed text. Raises :class:`RulesError` (``bad-deal``) for a recorded deal or draw
        the rules do not allow.

        With ``committed`` each hand is dealt from its own seed (:mod:`engine.fair_deals`),
        the first hand's seed making the draws before it too; ``seals`` are the first hands'
        seals as a record states them (``None``: as the match's seed makes it), a recorded
        seed dealing in place of the one the match's seed gives.
        """
        self.rules = rules
        self.seed = seed
        self.committed = committed
        """Whether each hand is dealt from a seed committed to before the deal."""
        self.tags: dict[str, str] = {}
        """What a record says about the match beyond its play: names, levels, date, event
        (see :mod:`engine.line.notation`); the engine only keeps them."""
        self._recorded_seals = list(seals)
        self.start_position: str | None = None
        """The position the first hand started from, if it did (see :meth:`start_from`)."""
        self._rng = (
            self._hand_rng(1)
            if committed
            else random.Random(seed if seed is not None else "no seed recorded")
        )
        self._recorded_deals = list(deals)
        self._openings: list[tuple[int | None, tuple[int, ...]]] = []
        self.scores: list[int] = [0] * rules.sides
        self.results: list[HandResult] = []
        self.sheet: list[HandScore] = []
        self.lead_draws: tuple[LeadDraw, ...] = ()
        self.partner_draw: PartnerDraw | None = None
        if rules.partner_draw:
            self.partner_draw = draw_for_partners(rules, self._rng)
            if partner_rounds:
                self.partner_draw = settle_partner_draw(rules, partner_rounds)
        elif partner_rounds:
            raise RulesError("these rules have no draw for partners", "bad-deal")
        self.result: MatchResult | None = None
        self.ties = 0
        """Consecutive tied hands just played (their replays are worth more in six-love)."""
        self.playoff = False
        """Six-love with the play-off option: the current hand is the play-off at 1-1."""
        starter: int | None = None
        if rules.first_opener is FirstOpener.HIGH_DRAW:
            self.lead_draws = draw_for_lead(rules, self._rng)
            starter = _heaviest(self.lead_draws[-1].draws)[0]
            if lead_rounds:
                self.lead_draws = settle_lead_draw(rules, lead_rounds)
                starter = _heaviest(self.lead_draws[-1].draws)[0]
        elif lead_rounds:
            raise RulesError("in these rules nobody draws for the lead", "bad-deal")
        self._starter = starter
        self.hands: list[Hand] = []
        """Every hand dealt so far, the current one last (each keeps its deal and actions)."""
        self.hand = self._deal(starter, ())
        self._seen_events = 0
        self.start_scores: tuple[int, ...] = (0,) * rules.sides
        """The match score before the first move (not 0-0 when it started from a position)."""

    def start_from(self, hand: Hand, scores: Sequence[int], position: str) -> None:
        """Play the first hand from a position instead of the deal: ``hand`` taken up in the
        middle (:meth:`Hand.resume`), the match score ``scores`` at that point, and the
        position's text (for the record). Only before any move of the first hand."""
        if len(self.hands) != 1 or self.hands[0].actions or self.results:
            raise IllegalActionError(
                "a match can start from a position only before its first move", "hand-not-over"
            )
        if hand.rules != self.rules or len(scores) != self.rules.sides:
            raise RulesError("the position is of other rules than the match", "bad-deal")
        self.hands[0] = self.hand = hand
        self.lead_draws = ()
        self.partner_draw = None  # the position says who sits where and who moves
        self.scores = list(scores)
        self.start_scores = tuple(scores)
        self.start_position = position
        self._seen_events = 0

    def replayed_to(self, hand_index: int, moves: int) -> Match:
        """A new match replayed from this one's deals and moves, up to ``moves`` moves into
        hand ``hand_index`` (0 for the first): for taking moves back, and for playing on
        from a point of a replay. Later hands are dealt as this match's seed deals them."""
        deals: list[Deal | None] = [Deal(hand.dealt, hand.stock) for hand in self.hands]
        if self.start_position is not None:
            deals[0] = None
        partner_rounds = self.partner_draw.rounds if self.partner_draw is not None else ()
        lead_rounds = [tuple(tile for _, tile in draw.draws) for draw in self.lead_draws]
        seals = [self.seal(number) for number in range(1, len(self.hands) + 1)]
        match = Match(
            self.rules,
            self.seed,
            deals,
            partner_rounds=partner_rounds,
            lead_rounds=lead_rounds,
            committed=self.committed,
            seals=seals,
        )
        if self.start_position is not None:
            match.start_from(self.hands[0].start_copy(), self.start_scores, self.start_position)
        match.tags = dict(self.tags)
        for index, hand in enumerate(self.hands[: hand_index + 1]):
            if index:
                match.next_hand()
            for action in hand.actions if index < hand_index else hand.actions[:moves]:
                match.apply(action)
        return match

    def seal(self, number: int) -> DealSeal | None:
        """Hand ``number``'s seal in a match with committed deals (``None`` in another match, for
        a hand started from a position, and past the recorded hands of a match without a seed).
        It holds the seed and salt whenever they are known: show them only once the hand is over."""
        if not self.committed or (number == 1 and self.start_position is not None):
            return None
        recorded = self._recorded_seal(number)
        if recorded is not None and (recorded.revealed or self.seed is None):
            return recorded
        if self.seed is None:
            return None
        return DealSeal.of_match(self.seed, number)

    def seeded_deal(self, number: int, seed: int) -> SeededDeal:
        """What ``seed`` deals as hand ``number`` (already dealt) of this match, opened as that
        hand was: for checking a revealed seed against the deal played."""
        if not 1 <= number <= len(self._openings):
            raise IllegalActionError(f"hand {number} has not been dealt", "hand-not-over")
        rng = random.Random(seed)
        partner_draw = draw_for_partners(self.rules, rng) if number == 1 and self.rules.partner_draw else None
        starter, choices = self._openings[number - 1]
        lead_draws: tuple[LeadDraw, ...] = ()
        if number == 1 and self.rules.first_opener is FirstOpener.HIGH_DRAW:
            lead_draws = draw_for_lead(self.rules, rng)
            starter = _heaviest(lead_draws[-1].draws)[0]
        return SeededDeal(Hand.deal(self.rules, rng, starter, choices), partner_draw, lead_draws)

    def _recorded_seal(self, number: int) -> DealSeal | None:
        """Hand ``number``'s seal as the record read states it, if it does."""
        return self._recorded_seals[number - 1] if number <= len(self._recorded_seals) else None

    def _hand_rng(self, number: int) -> random.Random:
        """The shuffles of hand ``number`` of a match with committed deals: its seal's seed."""
        recorded = self._recorded_seal(number)
        if recorded is not None and recorded.seed is not None:
            return random.Random(recorded.seed)
        if self.seed is not None:
            return random.Random(DealSeal.of_match(self.seed, number).seed)
        return random.Random(f"no seed recorded, hand {number}")

    @property
    def hand_number(self) -> int:
        """1 for the first hand, counting every hand dealt (tied ones too)."""
        return len(self.results) + (0 if self.hand.is_over else 1)

    @property
    def is_over(self) -> bool:
        """Whether a side has won the match."""
        return self.result is not None

    @property
    def turn(self) -> int:
        """The seat to move in the current hand."""
        return self.hand.turn

    @property
    def worth(self) -> int:
        """What winning the current hand adds in six-love and cut-throat (1 plus tied hands in six-love)."""
        return 1 + self.ties if self.rules.match_scoring is MatchScoring.SIX_LOVE else 1

    def legal_actions(self) -> tuple[Action, ...]:
        """What the seat to move may do (nothing once the hand or the match is over)."""
        return self.hand.legal_actions()

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know, with the match scores."""
        return view_of(self.hand, seat, tuple(self.scores))

    def apply(self, action: Action) -> None:
        """Play ``action`` in the current hand; keep the score, and score the hand if it ends."""
        if self.result is not None:
            raise IllegalActionError(f"{action}: the match is over", "match-over")
        if self.hand.is_over:
            raise IllegalActionError(f"{action}: the hand is over; deal the next one", "hand-over")
        self.hand.apply(action)
        self._score_events()
        if self.hand.result is not None:
            self._score_hand(self.hand.result)

    def next_hand(self) -> Hand:
        """Deal the next hand, opened as the rules say; returns it."""
        if self.result is not None:
            raise IllegalActionError("the match is over", "match-over")
        last = self.hand.result
        if last is None:
            raise IllegalActionError("the current hand is still being played", "hand-not-over")
        starter, choices = self._next_opening(last)
        self._starter = starter
        if self.committed:
            self._rng = self._hand_rng(len(self.hands) + 1)
        self.hand = self._deal(starter, choices)
        self._seen_events = 0
        return self.hand

    def _deal(self, starter: int | None, choices: tuple[int, ...]) -> Hand:
        """The next hand: the seeded shuffle, replaced by the recorded deal if there is one."""
        self._openings.append((starter, choices))
        hand = Hand.deal(self.rules, self._rng, starter, choices)
        number = len(self.hands) + 1
        if number <= len(self._recorded_deals):
            deal = self._recorded_deals[number - 1]
            if deal is not None and not (deal.unordered and deal.agrees_with(hand.dealt, hand.stock)):
                opening = None if starter is None else Opening(starter, None, choices)
                try:
                    hand = Hand(self.rules, deal.hands, deal.boneyard, opening)
                except EngineError as error:
                    raise RulesError(f"hand {number}: {error}", "bad-deal") from None
        self.hands.append(hand)
        return hand

    # --- who opens ------------------------------------------------------------------

    def _next_opening(self, last: HandResult) -> tuple[int | None, tuple[int, ...]]:
        rules = self.rules
        rule = rules.next_starter
        if rule is NextStarter.ROTATE:
            return rules.next_seat(self.hand.opening.seat), ()
        if rule is NextStarter.AS_FIRST:
            return None, ()
        if rule is NextStarter.WINNER:
            if last.winner_seat is None:  # a tie: the same opening again
                return self._starter, ()
            return last.winner_seat, ()
        if not any(self.scores):
            return None, ()
        if last.winner_side is None:
            starter = self.hand.starter if self.hand.starter is not None else self.hand.opening.seat
            side = rules.side_of(starter)
        else:
            side = last.winner_side
        seats = rules.seats_of(side)
        if len(seats) == 1:
            return seats[0], ()
        return min(seats), seats

    # --- scoring --------------------------------------------------------------------

    def _score_events(self) -> None:
        """Add what was scored or lost during play; a side reaching the target may end the match."""
        events = self.hand.history[self._seen_events :]
        self._seen_events = len(self.hand.history)
        for event in events:
            if isinstance(event, Scored):
                side = self.rules.side_of(event.seat)
                self.scores[side] += event.points
                at_once = self.rules.match_scoring is MatchScoring.TARGET_AT_ONCE
                if at_once and self.scores[side] >= self.rules.target and not self.hand.is_over:
                    self.hand.end_at_target(event.seat)
            elif isinstance(event, Penalized):
                self.scores[self.rules.side_of(event.seat)] -= event.points

    def _score_hand(self, result: HandResult) -> None:
        self.results.append(result)
        during_play = [
            points - penalty for points, penalty in zip(result.play_points, result.penalties, strict=True)
        ]
        scoring = self.rules.match_scoring
        if scoring is MatchScoring.SIX_LOVE:
            award, note = self._six_love(result)
        elif scoring is MatchScoring.FIRST_TO_SIX:
            award, note = self._first_to_six(result)
        else:
            award, note = self._target(result)
        gained = tuple(play + hand for play, hand in zip(during_play, award, strict=True))
        self.sheet.append(HandScore(len(self.results), result, gained, tuple(self.scores), note, award))

    def _target(self, result: HandResult) -> tuple[tuple[int, ...], str]:
        for side, points in enumerate(result.points):
            self.scores[side] += points
        best = max(self.scores)
        leaders = [side for side, score in enumerate(self.scores) if score == best]
        reached = result.reason == "target" or best >= self.rules.target
        if reached and len(leaders) == 1:
            self._win(leaders[0])
        return result.points, "no count" if result.is_tie else ""

    def _won(self, side: int | None, points: int) -> tuple[int, ...]:
        return tuple(points if each == side else 0 for each in range(self.rules.sides))

    def _six_love(self, result: HandResult) -> tuple[tuple[int, ...], str]:
        worth = self.worth
        winner = result.winner_side
        if winner is None:
            self.ties += 1
            return self._won(None, 0), f"tie: the hand is replayed for {self.worth}"
        self.ties = 0
        other = 1 - winner
        if self.playoff:
            self.playoff = False
            self.scores[winner], self.scores[other] = 2, 0
            return self._won(winner, 2), "wins the play-off: 2-0"
        if self.scores[other] > 0:
            one_all = self.scores[other] == 1 and self.scores[winner] == 0 and worth == 1
            if one_all and self.rules.playoff_at_one_all:
                self.scores[winner] = 1
                self.playoff = True
                return self._won(winner, 1), "1-1: a play-off hand follows"
            self.scores[0] = self.scores[1] = 0
            return self._won(winner, worth), "the score returns to 0-0"
        self.scores[winner] += worth
        if self.scores[winner] >= 6:
            self._win(winner)
            return self._won(winner, worth), "six-love"
        return self._won(winner, worth), ""

    def _first_to_six(self, result: HandResult) -> tuple[tuple[int, ...], str]:
        winner = result.winner_side
        if winner is None:
            self.ties += 1
            return self._won(None, 0), "tie: the hand is replayed"
        self.ties = 0
        self.scores[winner] += 1
        if all(self.scores):
            self.scores = [0] * self.rules.sides
            return self._won(winner, 1), "everyone has won a hand: all scores return to 0"
        if self.scores[winner] >= 6 and any(
            score == 0 for side, score in enumerate(self.scores) if side != winner
        ):
            self._win(winner)
        return self._won(winner, 1), ""

    def _win(self, winner: int) -> None:
        best = self.scores[winner]
        credited = sum(best - score for side, score in enumerate(self.scores) if side != winner)
        self.result = MatchResult(winner, tuple(self.scores), credited)


def draw_for_lead(rules: Rules, rng: random.Random) -> tuple[LeadDraw, ...]:
    """The draw for the lead made with ``rng``: each seat draws a tile, the heaviest starts
    (the last round's), tied seats draw again."""
    contenders = list(range(rules.players))
    pool: list[Tile] = []
    rounds: list[LeadDraw] = []
    while True:
        if len(pool) < len(contenders):
            pool = list(rules.tiles)
            rng.shuffle(pool)
        draws = tuple((seat, pool.pop()) for seat in contenders)
        rounds.append(LeadDraw(draws))
        contenders = _heaviest(draws)
        if len(contenders) == 1:
            return tuple(rounds)


def draw_for_partners(rules: Rules, rng: random.Random) -> PartnerDraw:
    """The draw for partners made with ``rng``: each player draws a tile, the two lowest are
    partners; drawn again while that is unclear."""
    rounds: list[tuple[Tile, ...]] = []
    while True:
        pool = list(rules.tiles)
        rng.shuffle(pool)
        rounds.append(tuple(pool.pop() for _ in range(4)))
        draw = _partners_of(rounds)
        if draw is not None:
            return draw


def _heaviest(draws: Sequence[tuple[int, Tile]]) -> list[int]:
    """The seats that drew the heaviest tile of a round."""
    heaviest = max(tile.pips for _, tile in draws)
    return [seat for seat, tile in draws if tile.pips == heaviest]


def _partners_of(rounds: Sequence[tuple[Tile, ...]]) -> PartnerDraw | None:
    """The seating the last round of a draw for partners settles (``None``: draw again)."""
    drawn = rounds[-1]
    order = sorted(range(4), key=lambda player: drawn[player].pips)
    if drawn[order[1]].pips == drawn[order[2]].pips or drawn[order[2]].pips == drawn[order[3]].pips:
        return None  # the pairs, or the highest draw (the dealer), are not settled
    low = set(order[:2])
    partner = next(player for player in range(1, 4) if (player in low) == (0 in low))
    others = [player for player in range(1, 4) if player != partner]
    seating = (0, others[0], partner, others[1])
    return PartnerDraw(tuple(rounds), seating, order[3])


def settle_lead_draw(rules: Rules, rounds: Sequence[Sequence[Tile]]) -> tuple[LeadDraw, ...]:
    """The draw for the lead a record states: each round's tiles, one per contending seat.

    Raises :class:`RulesError` (``bad-deal``) unless every round has a tile of the set for
    each seat still contending, no tile twice in a round, and only the last round settles it.
    """
    contenders = list(range(rules.players))
    settled: list[LeadDraw] = []
    for number, tiles in enumerate(rounds, start=1):
        _check_round(rules, tiles, len(contenders), f"round {number} of the draw for the lead")
        if len(contenders) == 1:
            raise RulesError(f"the draw for the lead was settled before round {number}", "bad-deal")
        draws = tuple(zip(contenders, tiles, strict=True))
        settled.append(LeadDraw(draws))
        contenders = _heaviest(draws)
    if len(contenders) != 1:
        raise RulesError("the draw for the lead ends in a tie: the tied seats must draw again", "bad-deal")
    return tuple(settled)


def settle_partner_draw(rules: Rules, rounds: Sequence[Sequence[Tile]]) -> PartnerDraw:
    """The draw for partners a record states: each round's four tiles, by player.

    Raises :class:`RulesError` (``bad-deal``) unless each round has four different tiles of
    the set and only the last round settles the partners and the dealer.
    """
    played: list[tuple[Tile, ...]] = []
    for number, tiles in enumerate(rounds, start=1):
        _check_round(rules, tiles, 4, f"round {number} of the draw for partners")
        if played and _partners_of(played) is not None:
            raise RulesError(f"the draw for partners was settled before round {number}", "bad-deal")
        played.append(tuple(tiles))
    draw = _partners_of(played) if played else None
    if draw is None:
        raise RulesError("the draw for partners is not settled: a tie must be drawn again", "bad-deal")
    return draw


def _check_round(rules: Rules, tiles: Sequence[Tile], count: int, what: str) -> None:
    if len(tiles) != count:
        raise RulesError(f"{what} needs {count} tiles, not {len(tiles)}", "bad-deal")
    if len(set(tiles)) != len(tiles) or not set(tiles) <= set(rules.tiles):
        raise RulesError(f"{what} needs different tiles of the set", "bad-deal")
