"""Property tests: random deals of every table (block for 2-5, draw-2), random legal play, and the
invariants the rules promise at every step.

A hand has no copy method, so a copy is made by replaying: the same deal (rules, hands,
boneyard, opening) and the same action prefix give the same position.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import (
    Action,
    Draw,
    DrawRule,
    End,
    Hand,
    HandResult,
    IllegalActionError,
    Match,
    Opening,
    Pass,
    Play,
    Rules,
    Side,
    Tile,
    make_rules,
    parse_action,
    view_of,
)
from engine.ai import make_bot
from engine.selfplay import play_bot_match
from tests.engine.scripted import snapshot

TABLES = [("block", 2), ("block", 3), ("block", 4), ("block", 5), ("draw-2", 2)]
MAX_ACTIONS = 200  # 28 plays + 12 draws + at most (players - 1) passes around each play, with room to spare

FAST = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --- deals and playouts ------------------------------------------------------------------------


@dataclass(frozen=True)
class Deal:
    """Everything that determines a hand before the first action."""

    rules: Rules
    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]
    opening: Opening | None

    def start(self) -> Hand:
        return Hand(self.rules, self.hands, self.boneyard, self.opening)

    def replay(self, actions: list[Action]) -> Hand:
        hand = self.start()
        for act in actions:
            hand.apply(act)
        return hand


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    variant, players = draw(st.sampled_from(TABLES))
    rules = make_rules(variant, players)
    seed = draw(st.integers(0, 2**32 - 1))
    # block: the first hand (highest double) or a later one (a given seat, any tile); draw-2: a seat.
    choices = [None, *range(players)] if variant == "block" else list(range(players))
    starter = draw(st.sampled_from(choices))
    hand = Hand.deal(rules, random.Random(seed), starter)
    hands = tuple(hand.hand_of(seat) for seat in range(players))
    return Deal(rules, hands, hand.boneyard(), None if starter is None else Opening(starter))


def playout(deal: Deal, seed: int) -> Iterator[tuple[Hand, list[Action], Action]]:
    """Play random legal actions to the end; yield (hand before, actions so far, chosen action).

    The caller may look at the hand but must not change it; it is advanced after each yield.
    """
    rng = random.Random(seed)
    hand = deal.start()
    actions: list[Action] = []
    while not hand.is_over:
        assert len(actions) < MAX_ACTIONS, "the hand does not end"
        chosen = rng.choice(hand.legal_actions())
        yield hand, actions, chosen
        hand.apply(chosen)
        actions.append(chosen)
    yield hand, actions, Pass()  # the final position (the action is a dummy)


def final(deal: Deal, seed: int) -> tuple[Hand, list[Action]]:
    """The finished hand and every action played in it."""
    *_, (hand, actions, _) = playout(deal, seed)
    return hand, actions


def layout_tiles(hand: Hand) -> list[Tile]:
    return [placement.tile for placement in hand.layout.placements]


def someone_can_play(hand: Hand) -> bool:
    if hand.layout.is_empty:
        return True
    values = set(hand.layout.values)
    held = [tile for seat in range(hand.rules.players) for tile in hand.hand_of(seat)]
    return any(tile.low in values or tile.high in values for tile in held)


def draw_possible(hand: Hand) -> bool:
    return hand.rules.draw is not DrawRule.NONE and hand.boneyard_count > hand.rules.boneyard_reserve


def expected_legal(hand: Hand) -> set[Action]:
    """What the rules of block and draw-2 allow the player to move, worked out independently."""
    held = hand.hand_of(hand.turn)
    if hand.layout.is_empty:
        if hand.opening.tile is not None:
            return {Play(hand.opening.tile)}
        return {Play(tile) for tile in held}
    plays: set[Action] = {
        Play(tile, end)
        for tile in held
        for end, value in zip(hand.layout.ends, hand.layout.values, strict=True)
        if tile.has(value)
    }
    if plays:
        return plays
    return {Draw()} if draw_possible(hand) else {Pass()}


def illegal_sample(hand: Hand, rng: random.Random) -> list[Action]:
    """A few actions that the rules forbid in this position (tiles not held, wrong ends, draw/pass)."""
    rules = hand.rules
    held = hand.hand_of(hand.turn)
    not_held = [tile for tile in rules.tiles if tile not in held]
    open_ends = list(hand.layout.ends)
    candidates: list[Action] = [Draw(), Pass()]
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
    legal = set(hand.legal_actions())
    return [act for act in candidates if act not in legal]


CODES = {
    "hand-over", "tile-not-in-hand", "wrong-opening", "no-such-end", "does-not-match",
    "must-play", "cannot-draw", "cannot-pass",
}  # fmt: skip


# --- the properties ----------------------------------------------------------------------------


@FAST
@given(deal=deals(), seed=st.integers(0, 2**32 - 1))
def test_every_legal_action_applies_and_the_list_follows_the_rules(deal: Deal, seed: int) -> None:
    for hand, actions, chosen in playout(deal, seed):
        legal = hand.legal_actions()
        if hand.is_over:
            assert legal == ()
            break
        assert legal, "a hand in play always offers something"
        assert len(set(legal)) == len(legal)
        assert set(legal) == expected_legal(hand)
        for act in legal:
            assert parse_action(str(act)) == act
            copy = deal.replay(actions)
            assert snapshot(copy) == snapshot(hand), "a replay reproduces the position"
            copy.apply(act)  # must not raise
            fast = deal.replay(actions)
            fast.apply_unchecked(act)
            assert snapshot(fast) == snapshot(copy), "the unchecked fast path equals the checked one"
        mover = hand.turn
        # the turn moves on after a play or a pass, and stays with a player who draws
        after = deal.replay([*actions, chosen])
        if not after.is_over:
            if isinstance(chosen, Draw):
                assert after.turn == mover
            else:
                assert after.turn == deal.rules.next_seat(mover)


@FAST
@given(deal=deals(), seed=st.integers(0, 2**32 - 1))
def test_illegal_actions_are_refused_without_changing_anything(deal: Deal, seed: int) -> None:
    rng = random.Random(seed + 1)
    for hand, _, _ in playout(deal, seed):
        sample = (
            illegal_sample(hand, rng) if not hand.is_over else [Pass(), Draw(), Play(deal.rules.tiles[0])]
        )
        for act in sample:
            before = snapshot(hand)
            try:
                hand.apply(act)
            except IllegalActionError as error:
                assert error.code in CODES
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
    for hand, _, chosen in playout(deal, seed):
        held = [tile for seat in range(rules.players) for tile in hand.hand_of(seat)]
        assert Counter(held + list(hand.boneyard()) + layout_tiles(hand)) == everything
        assert hand.boneyard_count >= rules.boneyard_reserve
        if rules.draw is DrawRule.NONE:
            assert hand.boneyard() == deal.boneyard, "sleeping tiles are never drawn"
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
        previous, last, mover = counts, chosen, hand.turn


@FAST
@given(deal=deals(), seed=st.integers(0, 2**32 - 1))
def test_the_hand_ends_exactly_when_the_rules_say(deal: Deal, seed: int) -> None:
    for hand, actions, _ in playout(deal, seed):
        someone_out = 0 in hand.hand_counts()
        blocked = not someone_can_play(hand) and not draw_possible(hand)
        assert hand.is_over == (someone_out or blocked), (
            f"after {[str(act) for act in actions[-4:]]}: over={hand.is_over}, out={someone_out}, "
            f"blocked={blocked} (ends {hand.layout.values}, boneyard {hand.boneyard_count})"
        )
        if hand.is_over:
            assert hand.result is not None
            assert hand.result.reason == ("out" if someone_out else "blocked")


@FAST
@given(deal=deals(), seed=st.integers(0, 2**32 - 1))
def test_scores_follow_the_rules(deal: Deal, seed: int) -> None:
    hand, _ = final(deal, seed)
    result = hand.result
    assert isinstance(result, HandResult)
    players = deal.rules.players
    assert result.hands == tuple(hand.hand_of(seat) for seat in range(players))
    assert result.pips == tuple(sum(tile.pips for tile in held) for held in result.hands)
    assert result.side_pips == result.pips  # block and draw-2: each for himself
    total = sum(result.pips)
    if result.reason == "out":
        winner = result.hands.index(())
        assert result.winner_seat == result.winner_side == winner
        assert not result.is_tie
    else:
        assert result.reason == "blocked"
        lowest = min(result.pips)
        at_lowest = [seat for seat, pips in enumerate(result.pips) if pips == lowest]
        assert result.is_tie == (len(at_lowest) > 1)
        if result.is_tie:
            assert result.winner_seat is None and result.winner_side is None
            assert result.points == (0,) * players
            return
        winner = at_lowest[0]
        assert result.winner_seat == result.winner_side == winner
    assert result.points == tuple(
        total - result.pips[winner] if seat == winner else 0 for seat in range(players)
    )


def hidden_slots(deal: Deal, actions: list[Action], seat: int) -> list[tuple[str, int, int]]:
    """Where the tiles ``seat`` cannot see came from in the deal: ("hand", seat, index) or
    ("bone", 0, index). Tiles played are public; the seat's own tiles and draws are known to it."""
    hand = deal.start()
    played: set[Tile] = set()
    drawn_by: dict[int, int] = {}
    for act in actions:
        if isinstance(act, Draw):
            drawn_by[len(deal.boneyard) - 1 - len(drawn_by)] = hand.turn
        elif isinstance(act, Play):
            played.add(act.tile)
        hand.apply(act)
    slots = [
        ("hand", other, index)
        for other, held in enumerate(deal.hands)
        if other != seat
        for index, tile in enumerate(held)
        if tile not in played
    ]
    slots += [
        ("bone", 0, index)
        for index, tile in enumerate(deal.boneyard)
        if tile not in played and drawn_by.get(index) != seat
    ]
    return slots


def reshuffled(deal: Deal, slots: list[tuple[str, int, int]], rng: random.Random, swaps: int | None) -> Deal:
    """The deal with the tiles in ``slots`` permuted (all of them, or by ``swaps`` random swaps)."""
    hands = [list(held) for held in deal.hands]
    boneyard = list(deal.boneyard)

    def get(slot: tuple[str, int, int]) -> Tile:
        kind, seat, index = slot
        return hands[seat][index] if kind == "hand" else boneyard[index]

    def put(slot: tuple[str, int, int], tile: Tile) -> None:
        kind, seat, index = slot
        if kind == "hand":
            hands[seat][index] = tile
        else:
            boneyard[index] = tile

    moved = [get(slot) for slot in slots]
    if swaps is None:
        rng.shuffle(moved)
    else:
        for _ in range(swaps):
            i, j = rng.randrange(len(moved)), rng.randrange(len(moved))
            moved[i], moved[j] = moved[j], moved[i]
    for slot, tile in zip(slots, moved, strict=True):
        put(slot, tile)
    return Deal(deal.rules, tuple(tuple(held) for held in hands), tuple(boneyard), deal.opening)


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
        except IllegalActionError:
            continue  # these hidden tiles contradict what the seat saw (e.g. a pass): not a twin
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
@given(
    deal=deals(),
    seed=st.integers(0, 2**32 - 1),
    cut=st.floats(0.0, 0.95),
    seat=st.integers(0, 4),
)
def test_views_leak_nothing(deal: Deal, seed: int, cut: float, seat: int) -> None:
    compare_views(deal, seed, cut, seat)


def test_views_leak_nothing_is_not_vacuous() -> None:
    """The re-deal in ``test_views_leak_nothing`` usually finds a consistent different world."""
    compared = 0
    tried = 0
    for index in range(40):
        variant, players = TABLES[index % len(TABLES)]
        rules = make_rules(variant, players)
        starter = index % players if variant == "draw-2" else None
        hand = Hand.deal(rules, random.Random(index), starter)
        deal = Deal(
            rules,
            tuple(hand.hand_of(seat) for seat in range(players)),
            hand.boneyard(),
            None if starter is None else Opening(starter),
        )
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
    assert [str(event) for event in hand.history] == texts


@settings(max_examples=6, deadline=None)
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**32 - 1))
def test_dealing_is_determined_by_the_seed(table: tuple[str, int], seed: int) -> None:
    rules = make_rules(*table)
    one, two = Hand.deal(rules, random.Random(seed)), Hand.deal(rules, random.Random(seed))
    assert snapshot(one) == snapshot(two)


LEVELS = st.sampled_from(["random", "greedy"])


@SLOW
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**31 - 1), data=st.data())
def test_bot_matches_are_deterministic_and_end_at_the_target(
    table: tuple[str, int], seed: int, data: st.DataObject
) -> None:
    variant, players = table
    levels = [data.draw(LEVELS) for _ in range(players)]
    record = play_bot_match(variant, players, seed, levels)
    assert play_bot_match(variant, players, seed, levels) == record
    target = make_rules(variant, players).target
    scores = record["scores"]
    assert len(record["hands"]) < 500
    assert scores == [
        sum(hand["result"]["points"][side] for hand in record["hands"]) for side in range(players)
    ]
    winner = record["winner_side"]
    assert winner is not None
    assert scores[winner] >= target
    assert scores.count(scores[winner]) == 1 and scores[winner] == max(scores)
    assert record["credited"] == sum(scores[winner] - score for score in scores)


@SLOW
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**31 - 1))
def test_match_hands_are_opened_and_scored_as_the_rules_say(table: tuple[str, int], seed: int) -> None:
    rules = make_rules(*table)
    match = Match(rules, seed)
    bot, rng = make_bot("random"), random.Random(seed)
    first_hand = True  # block: until a hand is won, a no-count hand is replayed as a first hand
    previous_opener: int | None = None
    previous_winner: int | None = None
    scores = [0] * rules.players
    for _ in range(500):
        hand = match.hand
        opening = hand.opening
        held = [hand.hand_of(seat) for seat in range(rules.players)]
        if rules.variant == "draw-2":
            assert opening.tile is None
            if previous_opener is not None:
                assert opening.seat == 1 - previous_opener
        elif first_hand:
            dealt = [(tile, seat) for seat, tiles in enumerate(held) for tile in tiles]
            doubles = [(tile, seat) for tile, seat in dealt if tile.is_double]
            if doubles:
                tile, seat = max(doubles)  # the highest double
                assert opening == Opening(seat, tile)
            else:  # the heaviest tile
                assert opening.tile is not None and opening.tile in held[opening.seat]
                assert opening.tile.pips == max(tile.pips for tile, _ in dealt)
        else:
            assert opening.tile is None
            assert opening.seat == (previous_opener if previous_winner is None else previous_winner)
        while not hand.is_over:
            assert match.result is None
            match.apply(bot.choose(match.view(match.turn), rng))
        result = hand.result
        assert result is not None
        scores = [score + points for score, points in zip(scores, result.points, strict=True)]
        assert match.scores == scores
        leaders = [side for side, score in enumerate(scores) if score == max(scores)]
        assert match.is_over == (max(scores) >= rules.target and len(leaders) == 1)
        if match.is_over:
            assert match.result is not None
            assert match.result.winner_side == leaders[0]
            assert match.result.credited == sum(max(scores) - score for score in scores)
            return
        previous_opener, previous_winner = opening.seat, result.winner_seat
        first_hand = first_hand and result.is_tie
        match.next_hand()
    raise AssertionError("the match did not end in 500 hands")
