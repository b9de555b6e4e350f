"""The bots: they always choose a legal action, and the greedy one sheds its heaviest tile."""

from __future__ import annotations

import random

import pytest

from engine import (
    Draw,
    IllegalActionError,
    Opening,
    Pass,
    Play,
    RulesError,
    make_rules,
    parse_tile,
    view_of,
)
from engine.line.ai import BOT_LEVELS, GreedyBot, RandomBot, make_bot
from engine.line.hand import Hand
from engine.line.selfplay import play_random_hand
from tests.helpers.scripted import play, scripted_hand

TABLES = [("block", 2), ("block", 3), ("block", 4), ("block", 5), ("draw-2", 2)]


@pytest.mark.parametrize("level", sorted(BOT_LEVELS))
@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_bots_always_choose_a_legal_action(level: str, variant: str, players: int) -> None:
    rules = make_rules(variant, players)
    bot = make_bot(level)
    assert bot.level == level
    for seed in range(15):
        hand = Hand.deal(rules, random.Random(seed), starter=None if variant == "block" else seed % players)
        rng = random.Random(seed)
        while not hand.is_over:
            view = view_of(hand, hand.turn)
            choice = bot.choose(view, rng)
            assert choice in hand.legal_actions()
            hand.apply(choice)


def test_unknown_bot_level() -> None:
    with pytest.raises(RulesError) as caught:
        make_bot("grandmaster")
    assert caught.value.code == "bad-option"
    assert "grandmaster" in str(caught.value)


def test_bots_refuse_to_move_for_a_seat_not_to_move() -> None:
    hand = Hand.deal(make_rules("block", 3), random.Random(1))
    idle = (hand.turn + 1) % 3
    for bot in (RandomBot(), GreedyBot()):
        with pytest.raises(IllegalActionError) as caught:
            bot.choose(view_of(hand, idle), random.Random(0))
        assert caught.value.code == "not-your-turn"


def test_greedy_picks_the_heaviest_playable_tile() -> None:
    # After 6-6, seat 1 may play 6-1, 6-3 or 6-2; 5-5 is heavier but does not fit.
    hand = scripted_hand(
        make_rules("block", 2), ["6-6 0-0 1-0 1-1 2-0 2-1 2-2", "6-1 6-3 6-2 5-5 5-4 4-4 3-0"]
    )
    play(hand, "6-6")
    choice = GreedyBot().choose(view_of(hand, 1), random.Random(0))
    assert isinstance(choice, Play)
    assert choice.tile == parse_tile("6-3")
    assert choice in hand.legal_actions()


def test_greedy_prefers_a_double_among_equally_heavy_tiles() -> None:
    hand = scripted_hand(
        make_rules("block", 2), ["6-6 0-0 1-0 1-1 2-0 2-1 2-2", "6-2 4-4 6-4 3-0 3-1 3-2 3-3"]
    )
    play(hand, "6-6", "6-4 east")  # ends: 6 west, 4 east; seat 0 passes
    play(hand, "pass")
    choice = GreedyBot().choose(view_of(hand, 1), random.Random(0))
    assert choice == Play(parse_tile("4-4"), hand.layout.ends[1])


def test_greedy_opens_with_its_heaviest_tile_when_any_tile_may_open() -> None:
    hand = scripted_hand(
        make_rules("draw-2"),
        ["6-5 0-0 1-0 1-1 2-0 2-1 2-2", "6-6 5-5 4-4 3-0 3-1 3-2 3-3"],
        opening=Opening(0),
    )
    assert GreedyBot().choose(view_of(hand, 0), random.Random(0)) == Play(parse_tile("6-5"))


def test_greedy_draws_or_passes_when_that_is_all_it_may_do() -> None:
    draw2 = scripted_hand(
        make_rules("draw-2"),
        ["6-6 6-5 6-4 6-3 6-2 6-1 6-0", "0-0 1-0 1-1 2-0 2-1 2-2 3-0"],
        opening=Opening(0),
    )
    play(draw2, "6-6")
    assert GreedyBot().choose(view_of(draw2, 1), random.Random(0)) == Draw()
    block = scripted_hand(
        make_rules("block", 2), ["6-6 6-5 6-4 6-3 6-2 6-1 6-0", "0-0 1-0 1-1 2-0 2-1 2-2 3-0"]
    )
    play(block, "6-6")
    assert GreedyBot().choose(view_of(block, 1), random.Random(0)) == Pass()


def test_random_bot_is_determined_by_its_rng() -> None:
    hand = Hand.deal(make_rules("draw-2"), random.Random(2), starter=0)
    view = view_of(hand, 0)
    picks = [RandomBot().choose(view, random.Random(seed)) for seed in range(20)]
    assert picks == [RandomBot().choose(view, random.Random(seed)) for seed in range(20)]
    assert len(set(picks)) > 1  # it does vary with the rng
    assert all(pick in view.legal_actions for pick in picks)


def test_play_random_hand_is_deterministic() -> None:
    rules = make_rules("block", 4)
    assert play_random_hand(rules, 5) == play_random_hand(rules, 5)
    assert len({play_random_hand(rules, seed) for seed in range(10)}) > 1
