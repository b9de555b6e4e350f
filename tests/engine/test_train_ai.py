"""The train family's computer players: each takes only actions offered, from its seat's view;
what they infer of hidden hands is never wrong; the Expert searches near the round's end, in
slices, and chooses the same for the same view and random source."""

from __future__ import annotations

import random

import pytest

from engine.errors import RulesError
from engine.game import bot_rng
from engine.thinking import think_step
from engine.trains.actions import Play
from engine.trains.ai import TRAIN_LEVELS, make_train_bot
from engine.trains.ai.bots import longest_run
from engine.trains.ai.knowledge import deal_world, knowledge_of
from engine.trains.ai.search import ENDGAME, ExpertTrainBot
from engine.trains.match import TrainMatch
from engine.trains.variant import TRAIN_GAMES
from engine.trains.view import train_view
from tests.helpers.trains import tiles


def _positions(variant: str, players: int, count: int):  # type: ignore[no-untyped-def]
    """Positions of random play, each a match with its round in play."""
    for seed in range(count):
        match = TrainMatch(TRAIN_GAMES[variant].rules_for(players), seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(5, 150)):
            played = match.round
            if played.is_over:
                break
            match.apply(played.turn, rng.choice(played.legal_actions(played.turn)))
        if not match.round.is_over:
            yield match


@pytest.mark.parametrize("level", TRAIN_LEVELS)
@pytest.mark.parametrize("variant", sorted(TRAIN_GAMES))
def test_every_level_plays_whole_rounds_taking_only_actions_offered(level: str, variant: str) -> None:
    match = TrainMatch(TRAIN_GAMES[variant].rules_for(4), 3)
    bots = [make_train_bot(level) for _ in range(4)]
    while not match.round.is_over:
        seat = match.round.turn
        view = train_view(match, seat)
        action = bots[seat].choose(view, bot_rng(3, seat))
        assert action in view.legal
        match.apply(seat, action)


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(RulesError):
        make_train_bot("grandmaster")


@pytest.mark.parametrize("variant", sorted(TRAIN_GAMES))
def test_the_numbers_a_player_is_known_to_lack_are_never_in_their_hand(variant: str) -> None:
    known = 0
    for match in _positions(variant, 5, 60):
        view = train_view(match, match.round.turn)
        knowledge = knowledge_of(view)
        for seat, lacking in enumerate(knowledge.lacking):
            assert not any(tile.has(number) for tile in match.round.hands[seat] for number in lacking)
            known += bool(lacking)
    assert known > 20, "the test saw too few players known to lack a number"


def test_a_world_deals_every_hidden_tile_once_honouring_what_is_known() -> None:
    for match in _positions("mexican-train", 4, 30):
        view = train_view(match, match.round.turn)
        knowledge = knowledge_of(view)
        hands, boneyard = deal_world(knowledge, list(view.hand), random.Random(1))
        assert [len(hand) for hand in hands] == list(view.hand_counts) and len(boneyard) == view.boneyard
        assert sorted([*boneyard, *(tile for hand in hands for tile in hand)]) == sorted(
            [*knowledge.unseen, *view.hand]
        )


def test_the_longest_run_from_ones_own_train_is_planned() -> None:
    assert longest_run(tiles("9-4 4-2 2-2 2-7 4-4 7-7 3-1"), 9) == tuple(tiles("9-4 4-4 4-2 2-2 2-7 7-7"))
    assert longest_run(tiles("3-1"), 9) == ()


def _endgame(variant: str):  # type: ignore[no-untyped-def]
    for match in _positions(variant, 3, 400):
        view = train_view(match, match.round.turn)
        plays = {action for action in view.legal if isinstance(action, Play)}
        if len(plays) > 1 and min(view.hand_counts) <= ENDGAME[variant]:
            return view
    raise AssertionError("no endgame position with a choice")


@pytest.mark.parametrize("variant", sorted(TRAIN_GAMES))
def test_the_expert_searches_near_the_end_in_slices_and_chooses_the_same_for_the_same_view(
    variant: str,
) -> None:
    view = _endgame(variant)
    thinking = ExpertTrainBot().think(view, random.Random(5))
    choices = len(dict.fromkeys(view.legal))
    slices = 1
    while not think_step(thinking)[0]:
        slices += 1
    assert slices == max(1, min(24, 96 // choices)) * choices + 1, "the search yields after each play-out"
    first = ExpertTrainBot().choose(view, random.Random(5))
    assert first in view.legal and ExpertTrainBot().choose(view, random.Random(5)) == first
