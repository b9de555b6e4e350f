"""Dice and Dominoes AI: every level chooses legally, never peeks, is deterministic; scripted
positions for the strategy notes of source 004; the search's play-out core plays as the
engine does; what a seat knows; the arena."""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest

from engine import IllegalActionError, RulesError, parse_tile
from engine.dice.ai import DICE_LEVEL_NAMES, DICE_LEVELS, DiceBot, make_dice_bot
from engine.dice.ai.arena import main as arena_main
from engine.dice.ai.arena import run_dice_arena
from engine.dice.ai.bots import CannyBot, EagerBot
from engine.dice.ai.knowledge import evidence_weight, knowledge_of
from engine.dice.ai.search import TILES, DiceSearchBot, choose_up, play_out, tile_id
from engine.dice.hand import DiceHand, DiceView, SeededSource
from engine.dice.round import WILDCARD, Commitment, Special, special_of
from engine.thinking import think_through
from engine.tiles import Tile, full_set


def t(*texts: str) -> list[Tile]:
    return [parse_tile(text) for text in texts]


def scripted(hands: list[list[Tile]], dice: tuple[int, int], boneyard: list[Tile] | None = None) -> DiceHand:
    """A position: these hands and boneyard, the rest of the set already in the discard pile."""
    hand = DiceHand(len(hands), random.Random(0))
    hand.hands = [list(h) for h in hands]
    hand.boneyard = list(boneyard or [])
    rest = Counter(full_set(6))
    rest.subtract([tile for held in hands for tile in held] + hand.boneyard)
    assert all(count >= 0 for count in rest.values())
    hand.discards = sorted(rest.elements())
    hand.dice = dice
    return hand


def ups(commitment: Commitment) -> list[str]:
    return sorted(str(tile) for tile in commitment.up)


QUICK_WORLDS, QUICK_PLAYOUTS = 6, 36
"""A small search budget for the many-hand properties (the same code paths as the full one)."""


def bot_of(level: str) -> DiceBot:
    return (
        DiceSearchBot(worlds=QUICK_WORLDS, playouts=QUICK_PLAYOUTS)
        if level == "expert"
        else make_dice_bot(level)
    )


def play(hand: DiceHand, bots: list[DiceBot], rng: random.Random, check: bool = True) -> None:
    """Play ``hand`` to its end, checking every choice against the view it was made from."""
    rngs = [random.Random(rng.random()) for _ in bots]
    for _ in range(500):
        if hand.is_over:
            return
        for seat in hand.awaiting_rethrow:
            again = bots[seat].rethrow(hand.view(seat), rngs[seat])
            assert isinstance(again, bool)
            hand.choose_rethrow(seat, again)
        order = list(range(hand.players))
        rng.shuffle(order)
        for seat in order:
            view = hand.view(seat)
            choice = bots[seat].commit(view, rngs[seat])
            if check:
                assert choice in view.legal
            hand.commit(seat, choice)
    raise AssertionError("the hand did not end")


# --- the levels -------------------------------------------------------------------------------


def test_the_levels_have_ids_names_and_bots() -> None:
    assert DICE_LEVELS == ("eager", "canny", "expert")
    assert set(DICE_LEVEL_NAMES) == set(DICE_LEVELS)
    for level in DICE_LEVELS:
        assert make_dice_bot(level).level == level
    with pytest.raises(RulesError, match="unknown dice AI level 'hard'") as unknown:
        make_dice_bot("hard")
    assert unknown.value.code == "bad-option"


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("level", DICE_LEVELS)
def test_every_level_only_makes_legal_choices(level: str, players: int) -> None:
    for seed in range(4 if level == "expert" else 12):
        rng = random.Random(seed)
        hand = DiceHand(players, random.Random(seed), thrower=seed % players)
        others = [bot_of(rng.choice(DICE_LEVELS)) for _ in range(players)]
        others[seed % players] = bot_of(level)
        play(hand, others, rng)


def test_legal_choices_with_two_sets_and_the_full_search_budget() -> None:
    for seed in range(1):
        play(
            DiceHand(4, random.Random(seed), sets=2),
            [make_dice_bot(level) for level in (*DICE_LEVELS, "canny")],
            random.Random(seed),
        )
    play(DiceHand(3, random.Random(7)), [make_dice_bot("expert") for _ in range(3)], random.Random(7))


def test_a_bot_asked_with_nothing_to_commit_says_so() -> None:
    hand = scripted([t("2-0", "6-1"), t("4-4", "5-4")], (2, 6))
    hand.commit(0, Commitment((), tuple(t("2-0", "6-1"))))
    for level in DICE_LEVELS:
        with pytest.raises(IllegalActionError, match="nothing to commit"):
            make_dice_bot(level).commit(hand.view(0), random.Random(1))


# --- no peeking, determinism ---------------------------------------------------------------------


def positions(players: int, seed: int) -> list[DiceHand]:
    """Copies of a hand at each round of a seeded game between mixed levels."""
    rng = random.Random(seed)
    hand = DiceHand(players, random.Random(seed))
    bots: list[DiceBot] = [EagerBot() if seat % 2 else CannyBot() for seat in range(players)]
    found = []
    while not hand.is_over:
        for seat in hand.awaiting_rethrow:
            found.append(copy.deepcopy(hand))
            hand.choose_rethrow(seat, bots[seat].rethrow(hand.view(seat), rng))
        found.append(copy.deepcopy(hand))
        for seat in range(players):
            hand.commit(seat, bots[seat].commit(hand.view(seat), rng))
    return found


def redealt(hand: DiceHand, seat: int, rng: random.Random) -> DiceHand:
    """The same hand with every tile ``seat`` cannot place shuffled among the places it cannot
    see: the other seats' tiles never shown face up, and the boneyard."""
    twin = copy.deepcopy(hand)
    shown = {tile for past in hand.rounds for c in past.commitments for tile in c.up}
    places = [
        (other, i)
        for other in range(hand.players)
        if other != seat
        for i, tile in enumerate(hand.hands[other])
        if tile not in shown
    ]
    places += [(-1, i) for i in range(len(hand.boneyard))]
    tiles = [hand.boneyard[i] if other < 0 else hand.hands[other][i] for other, i in places]
    rng.shuffle(tiles)
    for (other, i), tile in zip(places, tiles, strict=True):
        if other < 0:
            twin.boneyard[i] = tile
        else:
            twin.hands[other][i] = tile
    return twin


@pytest.mark.parametrize("level", DICE_LEVELS)
def test_no_level_peeks_at_what_its_seat_cannot_see(level: str) -> None:
    bot = bot_of(level)
    differed = 0
    for players, seed in ((2, 3), (3, 4), (4, 5), (5, 6)):
        for hand in positions(players, seed)[::2]:
            for seat in range(players):
                twin = redealt(hand, seat, random.Random(seed))
                view = hand.view(seat)
                assert twin.view(seat) == view
                differed += twin.hands != hand.hands or twin.boneyard != hand.boneyard
                if hand.awaiting_rethrow:
                    if seat in hand.awaiting_rethrow:
                        mine = bot.rethrow(view, random.Random(seed))
                        assert bot.rethrow(twin.view(seat), random.Random(seed)) == mine
                    continue
                mine_commit = bot.commit(view, random.Random(seed))
                assert bot.commit(twin.view(seat), random.Random(seed)) == mine_commit
    assert differed > 20  # the hidden tiles really were moved


@pytest.mark.parametrize("level", DICE_LEVELS)
def test_every_level_is_determined_by_the_view_and_the_rng(level: str) -> None:
    bot, again = bot_of(level), bot_of(level)
    for hand in positions(4, 11)[:6]:
        for seat in range(4):
            view = hand.view(seat)
            if view.legal:
                assert bot.commit(view, random.Random(5)) == again.commit(view, random.Random(5))


def test_the_search_thinks_in_slices_and_commit_runs_it_through() -> None:
    bot = DiceSearchBot(worlds=8, playouts=80)
    hand = scripted(
        [t("2-0", "6-1", "3-3", "5-2"), t("4-4", "5-4", "1-1", "6-5")], (2, 6), t("5-5", "5-3", "4-3")
    )
    view = hand.view(0)
    thinking = bot.think(view, random.Random(3))
    slices = 0
    with pytest.raises(StopIteration) as done:
        while True:
            next(thinking)
            slices += 1
    assert slices == 8
    decision = done.value.value
    assert decision.choice in view.legal and decision.worlds == 8
    assert think_through(bot.think(view, random.Random(3))).choice == bot.commit(view, random.Random(3))


# --- scripted positions: the strategy notes ------------------------------------------------------


def test_eager_discards_as_many_tiles_as_the_dice_allow() -> None:
    hand = scripted([t("2-0", "6-1", "3-3", "5-5"), t("4-4", "5-4", "1-1", "4-1")], (2, 6), t("5-3"))
    for seed in range(10):
        assert ups(EagerBot().commit(hand.view(0), random.Random(seed))) == ["2-0", "6-1"]
    assert EagerBot().commit(hand.view(1), random.Random(0)).up == ()  # nothing matches
    special = scripted([t("0-0", "2-1", "6-3", "4-4"), t("4-3", "5-4")], (2, 6), t("5-3"))
    assert len(EagerBot().commit(special.view(0), random.Random(0)).up) == 2


def test_canny_goes_out_with_the_highest_special() -> None:
    hand = scripted([t("0-0", "6-1"), t("4-4", "5-4", "1-1")], (2, 6), t("5-3"))
    assert ups(CannyBot().commit(hand.view(0), random.Random(0))) == ["0-0", "6-1"]
    perfect = scripted([t("6-2", "2-3"), t("4-4", "5-4", "1-1")], (2, 6), t("5-3"))
    chosen = CannyBot().commit(perfect.view(0), random.Random(0))
    assert special_of(chosen.up, (2, 6)) is Special.PERFECT and len(chosen.up) == 2


def test_canny_holds_the_wildcard_when_it_cannot_go_out_with_it() -> None:
    hand = scripted([t("0-0", "2-1", "6-3", "4-4"), t("4-3", "5-4", "1-1", "5-5")], (2, 6), t("5-3", "3-3"))
    chosen = CannyBot().commit(hand.view(0), random.Random(0))
    assert WILDCARD not in chosen.up and ups(chosen) == ["2-1", "6-3"]
    assert WILDCARD in CannyBot(hold_wildcard=False).commit(hand.view(0), random.Random(0)).up


def test_canny_plays_the_perfect_and_the_double_perfect_at_once() -> None:
    hand = scripted([t("6-2", "2-1", "4-0", "4-4"), t("4-3", "5-4", "1-1", "5-5")], (2, 6), t("5-3", "3-3"))
    chosen = CannyBot().commit(hand.view(0), random.Random(0))
    assert ups(chosen) == ["2-1", "6-2"]  # the Perfect and a second tile: two gone, no draw
    double = scripted([t("6-6", "2-2", "4-0", "5-1"), t("4-3", "5-4", "1-1", "5-5")], (2, 6), t("5-3"))
    assert ups(CannyBot().commit(double.view(0), random.Random(0))) == ["2-2", "6-6"]


def test_canny_sheds_blanks_and_doubles_before_two_suited_tiles() -> None:
    # "Blanks and doubles are dangerous to hold because they both effectively belong to only one suit."
    hand = scripted(
        [t("2-0", "2-5", "6-6", "6-3", "4-1"), t("4-3", "5-4", "1-1", "5-5")], (2, 6), t("5-3", "3-3")
    )
    assert ups(CannyBot().commit(hand.view(0), random.Random(0))) == ["2-0", "6-6"]


def blocked_position() -> DiceHand:
    """Three players, the boneyard empty. Seat 1 put up 2-1 and 6-3 on 2 and 6 and had them sent
    back by seat 2's Perfect: seat 0 knows seat 1 holds just those two, and the dice stay."""
    hand = scripted(
        [t("0-0", "4-4", "5-3", "1-1", "4-5"), t("2-1", "6-3"), t("6-2", "5-5", "3-3", "4-1")], (2, 6)
    )
    hand.commit(0, Commitment((), tuple(t("4-4", "5-3"))))
    hand.commit(1, Commitment(tuple(t("2-1", "6-3")), ()))
    hand.commit(2, Commitment(tuple(t("6-2")), tuple(t("5-5"))))
    assert hand.dice == (2, 6) and hand.hands[1] == t("2-1", "6-3")
    return hand


def test_canny_and_the_expert_block_a_player_about_to_go_out() -> None:
    hand = blocked_position()
    view = hand.view(0)
    knowledge = knowledge_of(view)
    assert knowledge.known[1] == tuple(sorted(t("2-1", "6-3"))) and knowledge.hidden[1] == 0
    assert ups(CannyBot().commit(view, random.Random(0))) == ["0-0"]  # the Wildcard stops seat 1
    assert ups(make_dice_bot("expert").commit(view, random.Random(0))) == ["0-0"]
    assert WILDCARD not in CannyBot(block=1.1).commit(view, random.Random(0)).up  # no blocking: held


def double_perfect_position(
    mine: list[Tile], theirs: list[Tile], their_up: list[Tile], boneyard: list[Tile]
) -> DiceHand:
    """Seat 0 plays the Double Perfect 2-2 6-6 on 2 and 6 and keeps ``mine``; seat 1 puts up
    ``their_up`` (blocked: it takes them back)."""
    hand = scripted([[*t("2-2", "6-6"), *mine], theirs], (2, 6), boneyard)
    hand.commit(0, Commitment(tuple(t("2-2", "6-6")), ()))
    down = [tile for tile in theirs if tile not in their_up][: 2 - len(their_up)]
    hand.commit(1, Commitment(tuple(their_up), tuple(down)))
    assert hand.awaiting_rethrow == (0,)
    return hand


def test_canny_throws_again_to_stop_a_player_about_to_go_out() -> None:
    # "The Double Perfect ... can be very useful in blocking another player who is about to domino
    # by changing the Match Points": seat 1 was sent back 2-1 and 6-3, all it holds.
    hand = double_perfect_position(t("2-3", "6-5", "4-1"), t("2-1", "6-3"), t("2-1", "6-3"), [])
    view = hand.view(0)
    assert CannyBot().rethrow(view, random.Random(0)) is True
    assert make_dice_bot("expert").rethrow(view, random.Random(0)) is True


def test_canny_keeps_match_points_that_suit_it_when_nobody_threatens() -> None:
    theirs = t("4-3", "5-4", "1-1", "5-5")
    hand = double_perfect_position(t("2-3", "6-5"), theirs, [], t("5-3", "3-3", "1-0"))
    assert CannyBot().rethrow(hand.view(0), random.Random(0)) is False
    assert EagerBot().rethrow(hand.view(0), random.Random(0)) is False
    stuck = double_perfect_position(t("4-0", "3-1"), theirs, [], t("5-3", "3-3", "1-0"))
    assert EagerBot().rethrow(stuck.view(0), random.Random(0)) is True  # nothing of its matches


def test_the_expert_goes_out_when_it_can() -> None:
    hand = scripted([t("2-1", "6-3"), t("4-3", "5-4", "1-1", "5-5")], (2, 6), t("5-3", "3-3", "1-0"))
    assert ups(make_dice_bot("expert").commit(hand.view(0), random.Random(0))) == ["2-1", "6-3"]


# --- what a seat knows ---------------------------------------------------------------------------


@pytest.mark.parametrize("players, sets", [(2, 1), (4, 1), (6, 1), (4, 2)])
def test_what_a_seat_knows_is_true_and_adds_up(players: int, sets: int) -> None:
    for seed in range(4):
        hand = DiceHand(players, random.Random(seed), sets=sets)
        rng = random.Random(seed)
        bots: list[DiceBot] = [EagerBot() for _ in range(players)]
        while not hand.is_over:
            for seat in hand.awaiting_rethrow:
                hand.choose_rethrow(seat, rng.random() < 0.5)
            for seat in range(players):
                knowledge = knowledge_of(hand.view(seat))
                assert knowledge.consistent and knowledge.sets == sets
                hidden = Counter(hand.boneyard)
                for other in range(players):
                    held = Counter(hand.hands[other])
                    assert not Counter(knowledge.known[other]) - held  # known tiles are really held
                    if other != seat:
                        hidden += held - Counter(knowledge.known[other])
                assert hidden == Counter(knowledge.unseen)
            for seat in range(players):
                hand.commit(seat, bots[seat].commit(hand.view(seat), rng))


def test_a_seat_that_attempted_nothing_probably_lacks_the_dice() -> None:
    hand = scripted(
        [t("4-4", "5-3", "1-1"), t("4-3", "5-4", "1-0"), t("6-2", "5-5", "3-3")],
        (2, 6),
        t("5-1", "3-1", "6-0"),
    )
    hand.commit(0, Commitment((), tuple(t("4-4", "5-3"))))
    hand.commit(1, Commitment((), tuple(t("4-3", "5-4"))))
    hand.commit(2, Commitment(tuple(t("6-2")), tuple(t("5-5"))))
    knowledge = knowledge_of(hand.view(0))
    attempts = knowledge.evidence[1]
    assert len(attempts) == 1 and attempts[0].up == 0 and attempts[0].drawn_since == 1
    drawn = parse_tile("6-0")
    assert evidence_weight(attempts, (*t("4-3", "5-4", "1-0"), drawn), drawn) == 1.0
    assert evidence_weight(attempts, (*t("4-3", "2-4", "1-0"), drawn), drawn) < 1.0  # it would have shed 2-4


# --- the search's play-out core --------------------------------------------------------------------


class _Stream:
    """A chance source dealing as a seeded hand does, throwing the given dice in turn and
    drawing the boneyard's top tile."""

    def __init__(self, seed: int, throws: list[tuple[int, int]]) -> None:
        self.seeded = SeededSource(random.Random(seed))
        self.throws = throws
        self.next = 0

    def deal(self, players: int, sets: int) -> tuple[list[list[Tile]], list[Tile]]:
        return self.seeded.deal(players, sets)

    def throw(self) -> tuple[int, int]:
        self.next += 1
        return self.throws[(self.next - 1) % len(self.throws)]

    def draw(self, seat: int, boneyard: list[Tile]) -> Tile:
        return boneyard.pop()


def _policy_commitment(view: DiceView, hold: bool) -> Commitment:
    danger = min(count for seat, count in enumerate(view.hand_counts) if seat != view.seat) <= 2
    up = sorted(TILES[i] for i in choose_up([tile_id(tile) for tile in view.hand], *view.dice, danger, hold))
    return next(c for c in view.legal if sorted(c.up) == up)


def test_the_play_out_core_plays_as_the_engine_does() -> None:
    for seed in range(60):
        players, hold = 2 + seed % 5, seed % 2 == 0
        rng = random.Random(seed)
        throws = [(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(49)]
        hand = DiceHand(players, _Stream(seed, throws))
        value = play_out(
            [[tile_id(tile) for tile in held] for held in hand.hands],
            [tile_id(tile) for tile in hand.boneyard],
            hand.dice,
            throws[1:],
            0,
            None,
            hold,
        )
        while not hand.is_over:
            for seat in hand.awaiting_rethrow:
                others_low = any(len(held) <= 2 for other, held in enumerate(hand.hands) if other != seat)
                stuck = not any(
                    tile.has(hand.dice[0]) or tile.has(hand.dice[1]) or tile == WILDCARD
                    for tile in hand.hands[seat]
                )
                hand.choose_rethrow(seat, others_low or stuck)
            for seat in range(players):
                hand.commit(seat, _policy_commitment(hand.view(seat), hold))
        winners = hand.winners
        assert winners is not None
        expected = 0.0 if not winners else (players / len(winners) - 1 if 0 in winners else -1.0)
        assert value == expected, f"seed {seed}"


def test_the_full_set_numbers_tiles_in_order() -> None:
    assert [tile_id(tile) for tile in full_set(6)] == list(range(28))


# --- the arena -------------------------------------------------------------------------------------


def test_the_arena_plays_duplicate_deals_and_counts_chips() -> None:
    same = run_dice_arena("eager", "eager", 3, 4, first_seed=5)
    assert same.hands == 12 and same.chips == pytest.approx(0.0)  # equal bots: every seating alike
    assert same.win_share <= 1 / 3 + 1e-9
    summary = run_dice_arena("canny", "eager", 2, 3, first_seed=1)
    assert summary.hands == 6 and -1 <= summary.chips <= 1 and 0 <= summary.win_share <= 1
    assert set(summary.times) == {"canny", "eager"}
    assert "Canny (A) vs Eager (B)" in summary.report()


def test_the_arena_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena_main(["--a", "canny", "--b", "eager", "--players", "2", "--deals", "2"]) == 0
    assert "chips per hand" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        arena_main(["--a", "nobody"])
