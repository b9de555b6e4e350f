"""Property tests: random deals of every table (every variant, every player count, every option value),
random legal play (claims included), and the invariants the rules promise at every step.

Tables are drawn variant first, so that each variant gets its share of the examples whatever its
number of option combinations; ``test_every_table_keeps_the_invariants`` also runs one seeded hand
of every table, so every option value is exercised on every run. The tables, the deals and random
play to the end are shared with other tests (``tests.helpers.tables``, ``tests.helpers.deals``).

A hand has no copy method, so a copy is made by replaying (the same deal -- rules, hands,
boneyard, opening -- and the same action prefix give the same position) or, where a step needs
one copy per legal action, by ``copy.deepcopy``.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    VARIANTS,
    Action,
    BlockedWinner,
    Claim,
    Claimed,
    Draw,
    DrawRule,
    Drew,
    End,
    EngineError,
    FirstOpener,
    Hand,
    HandResult,
    HandScoring,
    IllegalActionError,
    Layout,
    Lead,
    Led,
    Match,
    MatchScoring,
    NextStarter,
    Opening,
    OutRule,
    Pass,
    Passed,
    Penalized,
    Play,
    Played,
    PlayScoring,
    Rules,
    Scored,
    Side,
    SpinnerRule,
    Tile,
    make_rules,
    parse_action,
    view_of,
)
from engine.line.ai import make_bot
from engine.line.json_record import match_record, replay
from engine.line.selfplay import play_bot_match
from tests.helpers.deals import (
    FAST,
    MAX_ACTIONS,
    SLOW,
    Deal,
    deals,
    everything_possible,
    final,
    hidden_slots,
    make_deal,
    openings,
    reshuffled,
)
from tests.helpers.scripted import snapshot
from tests.helpers.tables import BY_VARIANT, TABLES, rules_of, table_strategy

# --- playouts --------------------------------------------------------------------------------------------


@dataclass
class Step:
    """A position in a playout, with what the test tracks independently of the engine."""

    hand: Hand
    actions: list[Action]
    chosen: Action
    mover: int
    """The seat to move (``hand.turn`` before ``chosen`` is applied)."""
    drawn: Tile | None = None
    """The tile the player to move drew this turn (one tile per turn rules)."""
    pending: tuple[int, int] | None = None
    """The score awaiting a claim (manual scoring), as the rules say it should be."""
    penalized: bool = False
    """Whether the player to move has already been penalized for overdrawing this turn."""


def playout(deal: Deal, seed: int, claims: bool = True) -> Iterator[Step]:
    """Play random possible actions to the end; yield each position before its action is applied.

    The caller may look at the hand but must not change it; it is advanced after each yield.
    The last step is the finished hand (its ``chosen`` is a dummy pass).
    """
    rng = random.Random(seed)
    hand = deal.start()
    actions: list[Action] = []
    drawn: Tile | None = None
    pending: tuple[int, int] | None = None
    penalized = False
    while not hand.is_over:
        assert len(actions) < MAX_ACTIONS, "the hand does not end"
        options = everything_possible(hand) if claims else list(hand.legal_actions())
        chosen = rng.choice(options)
        mover, before, events = hand.turn, hand.hand_of(hand.turn), len(hand.history)
        yield Step(hand, actions, chosen, mover, drawn, pending, penalized)
        hand.apply(chosen)
        actions.append(chosen)
        if isinstance(chosen, Draw) and hand.rules.draw is not DrawRule.ONE_ENDS_TURN:
            (drawn,) = set(hand.hand_of(mover)) - set(before)  # the turn stays with the drawer
            penalized = penalized or any(isinstance(event, Penalized) for event in hand.history[events:])
        elif not isinstance(chosen, Claim):  # a play, a pass or a lead: a new turn
            drawn, penalized = None, False
        if isinstance(chosen, Play):
            points = expected_play_points(hand.rules, hand.layout)
            pending = (mover, points) if hand.rules.manual_scoring and points and not hand.is_over else None
        elif isinstance(chosen, Claim):
            pending = None
    yield Step(hand, actions, Pass(), hand.turn, drawn, pending, penalized)


# --- the rules, worked out independently ---------------------------------------------------------------------


def layout_tiles(hand: Hand) -> list[Tile]:
    return [placement.tile for placement in hand.layout.placements]


def playable(tile: Tile, hand: Hand) -> bool:
    return hand.layout.is_empty or any(tile.has(value) for value in hand.layout.values)


def can_draw(hand: Hand) -> bool:
    return hand.rules.draw is not DrawRule.NONE and hand.boneyard_count > hand.rules.boneyard_reserve


def expected_count(layout: Layout) -> int:
    """The fives count: each open end's number; a double lying across the end of a line counts both
    halves (once); the crosswise sides of a spinner count nothing."""
    total, doubles = 0, set()
    for end, value in zip(layout.ends, layout.values, strict=True):
        placement = layout.placements[end.placement]
        line = (Side.EAST, Side.WEST) if placement.parent is None else (placement.side,)
        if not placement.tile.is_double:
            total += value
        elif end.side in line and end.placement not in doubles:
            doubles.add(end.placement)
            total += 2 * value
    return total


def expected_play_points(rules: Rules, layout: Layout) -> int:
    count = expected_count(layout)
    if rules.play_scoring is PlayScoring.NONE or count == 0:
        return 0
    threes = rules.play_scoring is PlayScoring.FIVES_AND_THREES
    return count if count % 5 == 0 or (threes and count % 3 == 0) else 0


def expected_claims(rules: Rules, pending: tuple[int, int] | None, seat: int) -> set[Action]:
    if pending is None:
        return set()
    scorer = pending[0]
    if seat == scorer:
        return {Claim(seat)}
    return set() if rules.side_of(seat) == rules.side_of(scorer) else {Claim(seat, muggins=True)}


def expected_legal(step: Step) -> set[Action]:
    """What the rules allow the player to move, worked out independently of the engine."""
    hand, rules = step.hand, step.hand.rules
    claims = expected_claims(rules, step.pending, hand.turn)
    if hand.choosing_lead:
        return {Lead(seat) for seat in hand.opening.lead_choices} | claims
    held = hand.hand_of(hand.turn)
    if hand.layout.is_empty:
        tile = hand.opening.tile
        return ({Play(tile)} if tile is not None else {Play(each) for each in held}) | claims
    one_drawn = rules.draw is DrawRule.ONE_PER_TURN and step.drawn is not None
    candidates = [step.drawn] if one_drawn and step.drawn is not None else held
    plays: set[Action] = {
        Play(tile, end)
        for tile in candidates
        for end, value in zip(hand.layout.ends, hand.layout.values, strict=True)
        if tile.has(value)
    }
    if plays:
        overdraw = {Draw()} if rules.overdraw_penalty and can_draw(hand) else set()
        return plays | overdraw | claims
    if one_drawn:
        return {Pass()} | claims
    return ({Draw()} if can_draw(hand) else {Pass()}) | claims


def check_layout(hand: Hand) -> None:
    """The open ends follow the spinner rule: which tiles spin, how many ends, what shows there."""
    layout, rule = hand.layout, hand.rules.spinner
    if layout.is_empty:
        assert layout.ends == ()
        return
    placements = layout.placements
    covered = {(p.parent, p.side) for p in placements if p.parent is not None}
    assert len(covered) == len(placements) - 1, "two tiles on one side"
    doubles = [index for index, p in enumerate(placements) if p.tile.is_double]
    spinners = [index for index, p in enumerate(placements) if p.spinner]
    if rule is SpinnerRule.NONE:
        assert spinners == []
    elif rule is SpinnerRule.FIRST_DOUBLE:
        assert spinners == doubles[:1]
    elif rule is SpinnerRule.CROSS:
        assert spinners == ([0] if placements[0].tile.is_double else [])
    else:
        assert spinners == doubles
    root_sides = {side for (parent, side) in covered if parent == 0}
    cross_open = (
        rule in (SpinnerRule.CROSS, SpinnerRule.EVERY_DOUBLE)
        and placements[0].spinner
        and len(root_sides) < 4
    )
    if cross_open:
        assert set(layout.ends) == {End(0, side) for side in Side if side not in root_sides}
    elif rule is SpinnerRule.NONE or not spinners:
        assert len(layout.ends) == 2
    elif rule is SpinnerRule.FIRST_DOUBLE:
        spinner = placements[spinners[0]]
        line = (Side.EAST, Side.WEST) if spinner.parent is None else (spinner.side,)
        both = all((spinners[0], side) in covered for side in line)
        assert len(layout.ends) == (4 if both else 2)
    elif rule is SpinnerRule.CROSS:
        assert len(layout.ends) == (4 if placements[0].spinner else 2)
    else:  # every double: the cross, then two more ends for every later double
        assert len(layout.ends) == 4 + 2 * (len(spinners) - 1)
    for end, value in zip(layout.ends, layout.values, strict=True):
        assert (end.placement, end.side) not in covered
        placement = placements[end.placement]
        if placement.parent is None:
            assert value == (placement.tile.low if end.side is Side.WEST else placement.tile.high)
        else:
            assert value == placement.outer
            assert placement.inner != placement.outer or placement.tile.is_double
    for index, placement in enumerate(placements[1:], start=1):
        parent = placements[placement.parent]  # type: ignore[index]
        showing = parent.tile.low if parent.parent is None and placement.side is Side.WEST else parent.outer
        assert placement.inner == showing, f"placement {index} does not match its neighbour"


def out_side(hand: Hand) -> int | None:
    """The side whose going out ends the hand, if one has."""
    rules = hand.rules
    for side in range(rules.sides):
        seats = rules.seats_of(side)
        empty = [seat for seat in seats if not hand.hand_of(seat)]
        if empty and (rules.out_rule is OutRule.ONE or len(empty) == len(seats)):
            return side
    return None


def expected_over(hand: Hand) -> str | None:
    """Why the hand must be over now (``out`` or ``blocked``), or None."""
    if hand.layout.is_empty:
        return None
    if out_side(hand) is not None:
        return "out"
    if can_draw(hand):
        return None
    if hand.rules.stuck_ends_hand and not any(playable(tile, hand) for tile in hand.hand_of(hand.turn)):
        return "blocked"
    everyone = [tile for seat in range(hand.rules.players) for tile in hand.hand_of(seat)]
    return None if any(playable(tile, hand) for tile in everyone) else "blocked"


def round5(points: int) -> int:
    return points - points % 5 + (5 if points % 5 >= 3 else 0)


def check_result(hand: Hand, last_mover: int) -> None:
    """The end of the hand is scored as the rules say."""
    result = hand.result
    assert isinstance(result, HandResult)
    rules = hand.rules
    assert result.hands == tuple(hand.hand_of(seat) for seat in range(rules.players))
    assert result.pips == tuple(sum(tile.pips for tile in held) for held in result.hands)
    side_pips = tuple(sum(result.pips[seat] for seat in rules.seats_of(side)) for side in range(rules.sides))
    assert result.side_pips == side_pips
    assert result.partnerships == rules.partnerships
    scored = [0] * rules.sides
    for event in hand.history:
        if isinstance(event, Scored):
            scored[rules.side_of(event.seat)] += event.points
    assert result.play_points == tuple(scored)
    penalties = [0] * rules.sides
    for event in hand.history:
        if isinstance(event, Penalized):
            penalties[rules.side_of(event.seat)] += event.points
    assert result.penalties == tuple(penalties)
    if result.reason == "out":
        winner = rules.side_of(last_mover)
        assert result.winner_seat == last_mover and result.winner_side == winner
        scoring = rules.out_scoring
    else:
        assert result.reason == "blocked"
        if rules.blocked_winner is BlockedWinner.LOWEST_PLAYER:
            low = min(result.pips)
            sides = {rules.side_of(seat) for seat, pips in enumerate(result.pips) if pips == low}
        else:
            low = min(side_pips)
            sides = {side for side, pips in enumerate(side_pips) if pips == low}
        assert result.is_tie == (len(sides) > 1)
        if result.is_tie:
            assert result.winner_seat is None and result.winner_side is None
            assert result.points == (0,) * rules.sides
            return
        (winner,) = sides
        assert result.winner_side == winner
        seats = rules.seats_of(winner)
        assert result.winner_seat in seats
        assert result.pips[result.winner_seat] == min(result.pips[seat] for seat in seats)
        scoring = rules.blocked_scoring
    losers = [pips for side, pips in enumerate(side_pips) if side != winner]
    award = {
        HandScoring.ONE_POINT: 1,
        HandScoring.OPPONENTS_PIPS: sum(losers),
        HandScoring.DIFFERENCE: sum(pips - side_pips[winner] for pips in losers),
        HandScoring.ROUNDED_DIFFERENCE: sum(round5(pips - side_pips[winner]) for pips in losers),
    }[scoring]
    assert result.points == tuple(award if side == winner else 0 for side in range(rules.sides))


def next_turn(hand: Hand, mover: int) -> int:
    seat = hand.rules.next_seat(mover)
    while not hand.hand_of(seat):
        seat = hand.rules.next_seat(seat)
    return seat


def check_step(step: Step, after: Hand) -> None:
    """What one action did: the turn, the events, the scores and penalties it brought."""
    hand, chosen, rules = step.hand, step.chosen, step.hand.rules
    mover = hand.turn
    new = after.history[len(hand.history) :]
    if isinstance(chosen, Play):
        assert new[0] == Played(mover, chosen.tile, chosen.end)
        points = expected_play_points(rules, after.layout)
        scores = [event for event in new if isinstance(event, Scored)]
        if not points:
            assert scores == []
        elif not rules.manual_scoring:
            assert scores == [Scored(mover, points, "play")]
        elif after.is_over:  # the hand-ending play is scored with the hand
            if after.result is not None and after.result.reason == "out":
                assert scores == [Scored(mover, points, "last")]
            # a play that blocks the hand: see test_manual_scoring_a_hand_ending_play_is_scored_with_the_hand
        else:
            assert scores == []
            assert after.pending == (mover, points)
        if not after.is_over:
            assert after.turn == next_turn(after, mover)
    elif isinstance(chosen, Pass):
        assert new[0] == Passed(mover)
        if not after.is_over:
            assert after.turn == next_turn(after, mover)
    elif isinstance(chosen, Draw):
        assert new[0] == Drew(mover)
        overdraw = bool(rules.overdraw_penalty) and any(playable(tile, hand) for tile in hand.hand_of(mover))
        penalty = [event for event in new if isinstance(event, Penalized)]
        assert penalty == (
            [Penalized(mover, rules.overdraw_penalty)] if overdraw and not step.penalized else []
        )
        if rules.draw is DrawRule.ONE_ENDS_TURN:  # one tile instead of a play: the turn is over
            if not after.is_over:
                assert after.turn == next_turn(after, mover)
        else:
            assert after.turn == mover
    elif isinstance(chosen, Lead):
        assert after.turn == after.starter == chosen.seat
    else:
        assert isinstance(chosen, Claim) and step.pending is not None
        how = "muggins" if chosen.muggins else "call"
        assert new == [Claimed(chosen.seat, chosen.muggins), Scored(chosen.seat, step.pending[1], how)]
        assert after.turn == mover and after.pending is None


def illegal_sample(hand: Hand, rng: random.Random) -> list[Action]:
    """A few actions that the rules forbid in this position."""
    rules = hand.rules
    held = hand.hand_of(hand.turn)
    not_held = [tile for tile in rules.tiles if tile not in held]
    open_ends = list(hand.layout.ends)
    candidates: list[Action] = [Draw(), Pass(), Lead(rng.randrange(rules.players))]
    candidates += [Claim(seat, muggins) for seat in range(rules.players) for muggins in (False, True)]
    for tile in rng.sample(not_held, min(3, len(not_held))):
        ends = hand.layout.ends_for(tile) or (None,)
        candidates.append(Play(tile, rng.choice(ends)))
    for tile in rng.sample(held, min(3, len(held))):
        if hand.layout.is_empty:
            candidates.append(Play(tile, End(0, Side.EAST)))
            continue
        candidates.append(Play(tile, None))
        candidates.append(Play(tile, End(len(hand.layout) + rng.randrange(3), rng.choice(list(Side)))))
        candidates.append(Play(tile, End(0, Side.NORTH)))
        wrong = [end for end in open_ends if not tile.has(hand.layout.value(end))]
        if wrong:
            candidates.append(Play(tile, rng.choice(wrong)))
        covered = [End(p.parent, p.side) for p in hand.layout.placements if p.parent is not None]
        if covered:
            candidates.append(Play(tile, rng.choice(covered)))
    if hand.layout.is_empty and hand.opening.tile is not None:
        candidates += [Play(tile) for tile in held if tile != hand.opening.tile]
    legal = set(everything_possible(hand))
    return [act for act in candidates if act not in legal]


CODES = {
    "hand-over", "tile-not-in-hand", "wrong-opening", "no-such-end", "does-not-match", "must-play",
    "cannot-draw", "cannot-pass", "choose-lead", "nothing-to-claim", "must-pass",
}  # fmt: skip


def features(hand: Hand) -> set[str]:
    """What a finished hand exercised (so that seeded runs can show they are not vacuous)."""
    rules, result = hand.rules, hand.result
    assert result is not None
    seen = {f"reason:{result.reason}", "tie" if result.is_tie else "won"}
    for event in hand.history:
        if isinstance(event, Claimed):
            seen.add("muggins" if event.muggins else "call")
        elif isinstance(event, Scored):
            seen.add(f"scored:{event.how}")
        elif isinstance(event, Penalized):
            seen.add("overdraw")
        elif isinstance(event, Led):
            seen.add("lead")
    if rules.out_rule is OutRule.PARTNERSHIP and result.reason == "out":
        seen.add("both partners out")
    if rules.stuck_ends_hand and result.reason == "blocked":
        values = set(hand.layout.values)
        if any(tile.low in values or tile.high in values for held in result.hands for tile in held):
            seen.add("stuck")
    if rules.draw is not DrawRule.NONE and hand.boneyard_count == rules.boneyard_reserve:
        seen.add("drawn down to the reserve")
    if any(placement.spinner for placement in hand.layout.placements):
        seen.add("spinner")
    return seen


def run_invariants(deal: Deal, seed: int, each_action: bool = True) -> set[str]:
    """Every per-step invariant along one random playout; returns the hand's :func:`features`."""
    rules = deal.rules
    everything = Counter(rules.tiles)
    previous: Step | None = None
    for step in playout(deal, seed):
        hand = step.hand
        held = [tile for seat in range(rules.players) for tile in hand.hand_of(seat)]
        assert Counter(held + list(hand.boneyard()) + layout_tiles(hand)) == everything, "tiles conserved"
        assert hand.boneyard_count >= min(rules.boneyard_reserve, len(deal.boneyard))
        if rules.draw is DrawRule.NONE:
            assert hand.boneyard() == deal.boneyard, "sleeping tiles are never drawn"
        check_layout(hand)
        why = expected_over(hand)
        assert hand.is_over == (why is not None), f"over={hand.is_over}, rules say {why}"
        if hand.is_over:
            assert hand.legal_actions() == () and hand.result is not None
            assert hand.result.reason == why
            assert previous is not None
            check_result(hand, previous.mover)
            return features(hand)
        assert hand.pending == step.pending, "a score awaits a claim exactly when the rules say"
        legal = hand.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        assert set(legal) == expected_legal(step)
        for seat in range(rules.players):
            assert set(hand.legal_claims(seat)) == expected_claims(rules, step.pending, seat)
        if each_action:
            for act in everything_possible(hand):
                assert parse_action(str(act)) == act
                checked, unchecked = copy.deepcopy(hand), copy.deepcopy(hand)
                checked.apply(act)  # must not raise
                unchecked.apply_unchecked(act)
                assert snapshot(unchecked) == snapshot(checked), (
                    "the unchecked fast path equals the checked one"
                )
        after = copy.deepcopy(hand)
        after.apply(step.chosen)
        check_step(step, after)
        previous = step
    raise AssertionError("the playout ended without a finished hand")


# --- the properties ---------------------------------------------------------------------------------------------


@FAST
@given(deal=deals(), seed=st.integers(0, 2**32 - 1))
def test_every_legal_action_applies_and_the_list_follows_the_rules(deal: Deal, seed: int) -> None:
    run_invariants(deal, seed)


def test_every_table_keeps_the_invariants() -> None:
    """Seeded hands of every table (every variant, player count and option value)."""
    seen: set[str] = set()
    for number, table in enumerate(TABLES):
        rules = rules_of(table)
        kinds = openings(rules)
        for repeat in range(2):
            seed = 2 * number + repeat
            deal = make_deal(rules, seed, kinds[seed % len(kinds)], seed)
            seen |= run_invariants(deal, seed, each_action=False)
    wanted = {
        "reason:out", "reason:blocked", "tie", "won", "call", "muggins", "scored:play", "scored:call",
        "scored:muggins", "scored:last", "overdraw", "lead", "both partners out", "stuck",
        "drawn down to the reserve", "spinner",
    }  # fmt: skip
    assert wanted <= seen, f"never exercised: {sorted(wanted - seen)}"


@FAST
@given(deal=deals(), seed=st.integers(0, 2**32 - 1))
def test_illegal_actions_are_refused_without_changing_anything(deal: Deal, seed: int) -> None:
    rng = random.Random(seed + 1)
    for step in playout(deal, seed):
        hand = step.hand
        sample = (
            illegal_sample(hand, rng) if not hand.is_over else [Pass(), Draw(), Play(deal.rules.tiles[0])]
        )
        for act in sample:
            before = snapshot(hand)
            try:
                hand.apply(act)
            except IllegalActionError as error:
                assert error.code in CODES, error.code
                assert str(act) in str(error)
                if hand.is_over:
                    assert error.code == "hand-over"
            else:
                raise AssertionError(f"{act} was accepted; legal were {before[5]}")
            assert snapshot(hand) == before, f"refusing {act} changed the hand"


@FAST
@given(deal=deals(), seed=st.integers(0, 2**32 - 1))
def test_tiles_are_conserved_and_the_boneyard_keeps_its_reserve(deal: Deal, seed: int) -> None:
    rules = deal.rules
    everything = Counter(rules.tiles)
    assert all(count == 1 for count in everything.values())
    previous: tuple[tuple[int, ...], int] | None = None
    last: Action | None = None
    mover = 0
    for step in playout(deal, seed):
        hand = step.hand
        held = [tile for seat in range(rules.players) for tile in hand.hand_of(seat)]
        assert Counter(held + list(hand.boneyard()) + layout_tiles(hand)) == everything
        assert hand.boneyard_count >= min(rules.boneyard_reserve, len(deal.boneyard))
        counts = (hand.hand_counts(), hand.boneyard_count)
        if previous is not None:
            delta = [now - then for now, then in zip(counts[0], previous[0], strict=True)]
            if isinstance(last, Draw):
                assert counts[1] == previous[1] - 1
                assert delta == [1 if seat == mover else 0 for seat in range(rules.players)]
            elif isinstance(last, Play):
                assert counts[1] == previous[1]
                assert delta == [-1 if seat == mover else 0 for seat in range(rules.players)]
            else:
                assert counts == previous
        previous, last, mover = counts, step.chosen, hand.turn


@FAST
@given(deal=deals(), seed=st.integers(0, 2**32 - 1))
def test_the_hand_ends_exactly_when_the_rules_say(deal: Deal, seed: int) -> None:
    for step in playout(deal, seed):
        hand = step.hand
        why = expected_over(hand)
        assert hand.is_over == (why is not None), (
            f"after {[str(act) for act in step.actions[-4:]]}: over={hand.is_over}, rules say {why} "
            f"(ends {hand.layout.values}, boneyard {hand.boneyard_count})"
        )
        if hand.is_over:
            assert hand.result is not None and hand.result.reason == why


@FAST
@given(deal=deals(), seed=st.integers(0, 2**32 - 1))
def test_scores_follow_the_rules(deal: Deal, seed: int) -> None:
    *_, before, last = playout(deal, seed)
    check_result(last.hand, before.mover)


def compare_views(deal: Deal, seed: int, cut: float, seat_pick: int, attempts: int = 12) -> bool:
    """Play to a point, re-deal the tiles ``seat`` cannot see, replay the same actions, and check the
    seat's view is the same. Returns whether a consistent, different re-deal was found."""
    _, all_actions = final(deal, seed)
    actions = all_actions[: int(cut * len(all_actions))]
    original = deal.replay(actions)
    seat = seat_pick % deal.rules.players
    slots = hidden_slots(deal, actions, seat)
    if len(slots) < 2:
        return False
    rng = random.Random(seed)
    for attempt in range(attempts):
        other = reshuffled(deal, slots, rng, None if attempt % 2 == 0 else 1 + attempt // 2)
        if other == deal:
            continue
        try:
            twin = other.replay(actions)
        except EngineError:
            continue  # these hidden tiles contradict what the seat saw (a pass, the opener): not a twin
        if twin.is_over != original.is_over or twin.opening != original.opening:
            continue  # a different outcome, or a different opener (the opening is public), is no twin
        assert view_of(twin, seat) == view_of(original, seat), (
            f"seat {seat}'s view depends on tiles it cannot see (after {len(actions)} actions)"
        )
        others = [seat_ for seat_ in range(deal.rules.players) if seat_ != seat]
        if original.is_over:
            return True
        return (
            any(twin.hand_of(o) != original.hand_of(o) for o in others)
            or twin.boneyard() != original.boneyard()
        )
    return False


@SLOW
@given(deal=deals(), seed=st.integers(0, 2**32 - 1), cut=st.floats(0.0, 0.95), seat=st.integers(0, 4))
def test_views_leak_nothing(deal: Deal, seed: int, cut: float, seat: int) -> None:
    compare_views(deal, seed, cut, seat)


def test_views_leak_nothing_is_not_vacuous() -> None:
    """The re-deal in ``test_views_leak_nothing`` usually finds a consistent different world."""
    compared = 0
    tried = 0
    variants = sorted(VARIANTS)
    for index in range(48):
        table = BY_VARIANT[variants[index % len(variants)]][index // len(variants)]
        rules = rules_of(table)
        deal = make_deal(rules, index, "seat", index)
        tried += 1
        compared += compare_views(deal, index, cut=0.5, seat_pick=index)
    assert compared >= tried // 2


@FAST
@given(deal=deals(), seed=st.integers(0, 2**32 - 1))
def test_replays_reproduce(deal: Deal, seed: int) -> None:
    hand, actions = final(deal, seed)
    again = deal.replay(actions)
    assert snapshot(again) == snapshot(hand)
    texts = [str(act) for act in actions]
    from_text = deal.replay([parse_action(text) for text in texts])
    assert snapshot(from_text) == snapshot(hand), "the text of the actions is a full record"


def test_manual_scoring_a_hand_ending_play_is_scored_with_the_hand() -> None:
    """With manual scoring, the play that ends the hand -- by going out or by blocking it -- scores
    without a call (nothing can be claimed once the hand is over)."""
    tables = [table for table in TABLES if dict(table[2]).get("manual-scoring") == "on"]
    seen = Counter[str]()
    for number, table in enumerate(tables):
        rules = rules_of(table)
        for seed in range(12):
            deal = make_deal(rules, 100 * number + seed, "first", seed)
            *_, before, last = playout(deal, seed)
            hand, chosen = last.hand, before.chosen
            assert hand.result is not None
            if not isinstance(chosen, Play):
                continue
            points = expected_play_points(rules, hand.layout)
            if not points:
                continue
            seen[hand.result.reason] += 1
            mover = before.mover
            expected = Scored(mover, points, "last")
            assert hand.history[-1] == expected, (
                f"{table[0]}, {table[1]} players: {chosen} scores {points} and ends the hand "
                f"({hand.result.reason}), but the points are lost (last event {hand.history[-1]})"
            )
    assert seen["out"] and seen["blocked"], seen


@settings(max_examples=12, deadline=None, derandomize=True)
@given(table=table_strategy, seed=st.integers(0, 2**32 - 1))
def test_dealing_is_determined_by_the_seed(
    table: tuple[str, int, tuple[tuple[str, str], ...]], seed: int
) -> None:
    rules = rules_of(table)
    starter = 0 if rules.first_opener is FirstOpener.HIGH_DRAW else None
    one = Hand.deal(rules, random.Random(seed), starter)
    two = Hand.deal(rules, random.Random(seed), starter)
    assert snapshot(one) == snapshot(two)
    assert one.redeals == two.redeals


# --- matches -----------------------------------------------------------------------------------------------------


def random_match(rules: Rules, seed: int, max_hands: int) -> tuple[Match, list[list[str]]]:
    """A match played by random possible actions (claims included) for up to ``max_hands`` hands."""
    match = Match(rules, seed)
    rng = random.Random(seed)
    actions: list[list[str]] = [[]]
    while True:
        while not match.hand.is_over:
            act = rng.choice(everything_possible(match.hand))
            match.apply(act)
            actions[-1].append(str(act))
        if match.is_over or len(actions) >= max_hands:
            return match, actions
        match.next_hand()
        actions.append([])


def expected_first_opening(rules: Rules, hand: Hand) -> Opening | None:
    """How a hand dealt as a first hand opens (None: by the lead draw, checked elsewhere)."""
    if rules.first_opener is FirstOpener.HIGH_DRAW:
        return None
    dealt = [
        (tile.is_double, tile.pips, tile.high, seat, tile)
        for seat in range(rules.players)
        for tile in hand.hand_of(seat)
    ]
    *_, seat, tile = max(dealt)
    if rules.first_opener is FirstOpener.HIGHEST_DOUBLE_REDEAL:
        assert tile.is_double, "a deal without a double is dealt again"
    if rules.first_opener is FirstOpener.HIGHEST_DOUBLE_ANY:
        return Opening(seat)
    return Opening(seat, tile)


def check_match(rules: Rules, seed: int, max_hands: int) -> set[str]:
    """Play a match by random possible actions, checking who opens each hand and what it scores;
    returns what the match exercised."""
    seen: set[str] = set()
    match = Match(rules, seed)
    rng = random.Random(seed)
    scores = [0] * rules.sides
    model = HandCount([0] * rules.sides)
    previous: Hand | None = None
    starter: int | None = match.hand.opening.seat if rules.first_opener is FirstOpener.HIGH_DRAW else None
    for number in range(1, max_hands + 1):
        hand = match.hand
        assert match.hand_number == number
        # who opens
        first = expected_first_opening(rules, hand)
        if previous is None:
            if first is not None:
                assert hand.opening == first
            else:
                draws = match.lead_draws[-1].draws
                heaviest = max(tile.pips for _, tile in draws)
                assert hand.opening == Opening(next(seat for seat, tile in draws if tile.pips == heaviest))
        else:
            last = previous.result
            assert last is not None
            rule = rules.next_starter
            if rule is NextStarter.ROTATE:
                assert hand.opening == Opening(rules.next_seat(previous.opening.seat))
            elif rule is NextStarter.AS_FIRST:
                assert hand.opening == first
            elif rule is NextStarter.WINNER:
                if last.winner_seat is not None:
                    starter = last.winner_seat
                assert hand.opening == (first if starter is None else Opening(starter))
            elif not any(match.scores):
                assert hand.opening == first
            else:
                lead = previous.starter if last.is_tie else None
                side = rules.side_of(lead) if lead is not None else last.winner_side
                assert side is not None
                seats = rules.seats_of(side)
                assert hand.opening == (
                    Opening(min(seats), None, seats) if len(seats) > 1 else Opening(seats[0])
                )
        # play it out, checking the score as it goes
        events_seen = 0
        while not hand.is_over:
            assert match.result is None
            act = rng.choice(everything_possible(hand))
            mover = hand.turn
            match.apply(act)
            for event in hand.history[events_seen:]:
                if isinstance(event, Scored):
                    scores[rules.side_of(event.seat)] += event.points
                elif isinstance(event, Penalized):
                    scores[rules.side_of(event.seat)] -= event.points
            events_seen = len(hand.history)
            if rules.match_scoring in (MatchScoring.TARGET, MatchScoring.TARGET_AT_ONCE) and not hand.is_over:
                assert match.scores == scores, "points scored in play count at once"
        result = hand.result
        assert result is not None
        if result.reason != "target":
            check_result(hand, mover)
        line = match.sheet[-1]
        assert line.number == number and line.result is result
        assert line.totals == tuple(match.scores)
        play = [
            points - penalty for points, penalty in zip(result.play_points, result.penalties, strict=True)
        ]
        if rules.match_scoring in (MatchScoring.TARGET, MatchScoring.TARGET_AT_ONCE):
            scores = [score + points for score, points in zip(scores, result.points, strict=True)]
            assert match.scores == scores
            assert line.gained == tuple(p + points for p, points in zip(play, result.points, strict=True))
            leaders = [side for side, score in enumerate(scores) if score == max(scores)]
            reached = max(scores) >= rules.target
            if result.reason == "target":
                assert rules.match_scoring is MatchScoring.TARGET_AT_ONCE
                assert scores[result.winner_side] >= rules.target  # type: ignore[index]
            assert match.is_over == (reached and len(leaders) == 1)
            if match.is_over:
                assert match.result is not None and match.result.winner_side == leaders[0]
                assert match.result.credited == sum(max(scores) - score for score in scores)
        else:
            before = (list(model.scores), model.playoff)
            gained, won = model.hand(rules, result.winner_side)
            if result.is_tie:
                seen.add("tie")
            elif model.playoff:
                seen.add("play-off")
            elif before[1]:
                seen.add("play-off won")
            elif any(before[0]) and not any(model.scores):
                seen.add("reset")
            assert line.gained == gained
            assert match.scores == model.scores
            assert (match.ties, match.playoff) == (model.ties, model.playoff)
            assert match.is_over == won
            if won:
                assert match.result is not None and match.result.winner_side == result.winner_side
        if hand.opening.lead_choices:
            seen.add("lead")
        if match.is_over:
            assert match.result is not None and match.result.scores == tuple(match.scores)
            seen.add("won")
            return seen
        previous = hand
        match.next_hand()


@SLOW
@given(table=table_strategy, seed=st.integers(0, 2**31 - 1))
def test_match_hands_are_opened_and_scored_as_the_rules_say(
    table: tuple[str, int, tuple[tuple[str, str], ...]], seed: int
) -> None:
    check_match(rules_of(table), seed, max_hands=12)


def test_six_love_and_first_to_six_follow_the_rules_to_the_end() -> None:
    """Whole random matches of jamaican-partner (with and without the play-off) and cut-throat,
    checked hand by hand against a model of RULES.md's six-love and first-to-six."""
    for variant, players, options in [
        ("jamaican-partner", 4, {}),
        ("jamaican-partner", 4, {"playoff": "on"}),
        ("jamaican-partner", 4, {"sporting": "on"}),
        ("cut-throat", 2, {}),
        ("cut-throat", 3, {}),
        ("cut-throat", 4, {}),
    ]:
        rules = make_rules(variant, players, options=options)
        wanted = {"tie", "reset", "won"} | ({"lead"} if rules.partnerships else set())
        if rules.playoff_at_one_all:
            wanted |= {"play-off", "play-off won"}
        seen: set[str] = set()
        for seed in range(40):
            seen |= check_match(rules, seed, max_hands=400)
            if wanted <= seen and seed >= 2:
                break
        assert wanted <= seen, f"{variant} {options}: never exercised {sorted(wanted - seen)}"


@dataclass
class HandCount:
    """Six-love and first-to-six, as RULES.md tells them (the model the match is checked against)."""

    scores: list[int]
    ties: int = 0
    playoff: bool = False

    def hand(self, rules: Rules, winner: int | None) -> tuple[tuple[int, ...], bool]:
        """Score a hand won by ``winner`` (None: a tie); returns (what the winner gained, match won)."""
        sides = len(self.scores)
        if winner is None:
            self.ties += 1
            return (0,) * sides, False
        worth = 1 + self.ties if rules.match_scoring is MatchScoring.SIX_LOVE else 1
        self.ties = 0
        gained = tuple(worth if side == winner else 0 for side in range(sides))
        if rules.match_scoring is MatchScoring.FIRST_TO_SIX:
            self.scores[winner] += 1
            if all(self.scores):
                self.scores = [0] * sides
            others = [score for side, score in enumerate(self.scores) if side != winner]
            return gained, self.scores[winner] >= 6 and 0 in others
        other = 1 - winner
        if self.playoff:  # the play-off's winner has 2-0
            self.playoff = False
            self.scores[winner], self.scores[other] = 2, 0
            return tuple(2 if side == winner else 0 for side in range(2)), False
        if self.scores[other] > 0:
            if (
                rules.playoff_at_one_all
                and self.scores == [1 if side == other else 0 for side in range(2)]
                and worth == 1
            ):
                self.scores[winner] = 1
                self.playoff = True
                return gained, False
            self.scores = [0, 0]
            return gained, False
        self.scores[winner] += worth
        return gained, self.scores[winner] >= 6


@SLOW
@given(table=table_strategy, seed=st.integers(0, 2**31 - 1))
def test_records_replay_identically(table: tuple[str, int, tuple[tuple[str, str], ...]], seed: int) -> None:
    rules = rules_of(table)
    match, actions = random_match(rules, seed, max_hands=3)
    record = match_record(match, actions)
    assert record["options"] == dict(rules.options)
    again, texts = replay(record)
    assert texts == actions
    assert again.scores == match.scores
    assert again.sheet == match.sheet
    assert again.result == match.result
    assert snapshot(again.hand) == snapshot(match.hand)
    assert again.hand.opening == match.hand.opening
    assert (again.lead_draws, again.partner_draw) == (match.lead_draws, match.partner_draw)
    assert (again.ties, again.playoff) == (match.ties, match.playoff)


LEVELS = st.sampled_from(["random", "greedy"])
QUICK_MATCHES = [table for table in TABLES if table[0] not in ("jamaican-partner", "cut-throat")]


@SLOW
@given(table=st.sampled_from(QUICK_MATCHES), seed=st.integers(0, 2**31 - 1), data=st.data())
def test_bot_matches_are_deterministic_and_end_at_the_target(
    table: tuple[str, int, tuple[tuple[str, str], ...]], seed: int, data: st.DataObject
) -> None:
    variant, players, options = table
    levels = [data.draw(LEVELS) for _ in range(players)]
    record = play_bot_match(variant, players, seed, levels, options=dict(options))
    assert play_bot_match(variant, players, seed, levels, options=dict(options)) == record
    rules = rules_of(table)
    scores = record["scores"]
    assert len(record["hands"]) < 500
    gained = [
        sum(
            hand["result"]["points"][side]
            + hand["result"]["play_points"][side]
            - hand["result"]["penalties"][side]
            for hand in record["hands"]
        )
        for side in range(rules.sides)
    ]
    assert scores == gained, "the match score is the sum of what each hand gained"
    winner = record["winner_side"]
    assert winner is not None
    assert scores[winner] >= rules.target
    assert scores.count(scores[winner]) == 1 and scores[winner] == max(scores)
    assert record["credited"] == sum(scores[winner] - score for score in scores)


@settings(max_examples=6, deadline=None)
@given(
    table=st.sampled_from([table for table in TABLES if table[0] in ("jamaican-partner", "cut-throat")]),
    seed=st.integers(0, 2**31 - 1),
)
def test_six_love_and_first_to_six_bot_matches_end_as_the_rules_say(
    table: tuple[str, int, tuple[tuple[str, str], ...]], seed: int
) -> None:
    variant, players, options = table
    record = play_bot_match(variant, players, seed, ["greedy"] * players, options=dict(options))
    scores = record["scores"]
    winner = record["winner_side"]
    assert winner is not None and scores[winner] >= 6
    assert any(score == 0 for side, score in enumerate(scores) if side != winner)
    assert record["credited"] == sum(scores[winner] - score for score in scores)


def test_bot_matches_with_manual_scoring_call_their_own_scores() -> None:
    for variant in ("all-fives", "fives-and-threes"):
        record = play_bot_match(
            variant, 3, 5, ["greedy", "random", "greedy"], options={"manual-scoring": "on"}
        )
        actions = [act for hand in record["hands"] for act in hand["actions"]]
        assert any(act.startswith("call:") for act in actions)
        assert record["winner_side"] is not None


def test_a_bot_given_only_its_view_always_finds_a_legal_action() -> None:
    for number, table in enumerate(TABLES[::3]):
        rules = rules_of(table)
        match = Match(rules, number)
        bot, rng = make_bot("greedy" if number % 2 else "random"), random.Random(number)
        for _ in range(60):
            if match.hand.is_over:
                break
            act = bot.choose(match.view(match.turn), rng)
            assert act in match.legal_actions()
            match.apply(act)
