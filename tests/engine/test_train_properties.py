"""Property tests of the train family: random tables of both games (every player count and
option), random legal play, and the invariants the rules promise at every step."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import IllegalActionError
from engine.tiles import Tile, full_set
from engine.trains.actions import Play
from engine.trains.game import TrainGameState
from engine.trains.layout import MEXICAN
from engine.trains.notation import read_train_record, write_train_record
from engine.trains.round import ARMS, TrainRound
from engine.trains.rules import OPTION_VALUES
from engine.trains.variant import TRAIN_GAMES


@st.composite
def tables(draw: st.DrawFn) -> tuple[str, int, dict[str, str], int]:
    """A game, a player count it is played by, options that apply, and a seed."""
    variant = draw(st.sampled_from(sorted(TRAIN_GAMES)))
    game = TRAIN_GAMES[variant]
    players = draw(st.sampled_from(game.player_counts))
    options = {
        option.id: draw(st.sampled_from(OPTION_VALUES[variant][option.id]))
        for option in game.options_for(players)
    }
    return variant, players, options, draw(st.integers(0, 10**6))


def _snapshot(played: TrainRound) -> tuple[object, ...]:
    return (
        played.turn,
        played.drawn,
        played.open_double,
        played.foot,
        played.toes_laid,
        frozenset(played.markers),
        played.running,
        tuple(map(tuple, played.hands)),
        tuple(played.boneyard),
        tuple((name, tuple(train.tiles)) for name, train in played.trains.items()),
    )


def _check_trains(played: TrainRound) -> None:
    for name, train in played.trains.items():
        value = train.start
        for tile in train.tiles:
            assert tile.has(value), f"{tile} does not join {value} on train {name}"
            value = tile.other(value)
        assert value == train.end
        if played.rules.is_chicken_foot and "." in name:
            foot = played.trains[name.rsplit(".", 1)[0]]
            assert foot.ends_in_double and train.start == foot.end
        else:
            assert train.start == played.double.high
    if played.rules.is_chicken_foot:
        arms = [name for name in played.trains if "." not in name]
        assert len(arms) <= ARMS
        if len(arms) < ARMS:
            assert len(played.trains) == len(arms), "no toe before the centre has its four arms"
    else:
        assert set(played.trains) == {*(str(seat) for seat in range(played.rules.players)), MEXICAN}
        assert played.markers <= set(range(played.rules.players))


def _check_step(state: TrainGameState, rng: random.Random) -> None:
    match = state.match
    played = match.round
    places = state.tile_places()
    assert Counter(tile for place in places.values() for tile in place) == Counter(
        full_set(match.rules.max_pip)
    )
    _check_trains(played)
    if played.is_over:
        assert state.acting() == ()
        assert played.winner is None or played.hands[played.winner] == []
        return
    (seat,) = state.acting()
    legal = state.legal_actions(seat)
    assert legal and all(not state.legal_actions(other) for other in range(state.players) if other != seat)
    plays = [action for action in legal if isinstance(action, Play)]
    if played.open_double is not None:
        assert all(play.train == played.open_double for play in plays)
    if played.foot is not None:
        assert len({play.train for play in plays}) <= 1
    for viewer in range(state.players):
        view = state.view(viewer)
        assert sorted(view.hand) == sorted(played.hands[viewer])
        assert view.hand_counts == tuple(len(hand) for hand in played.hands)
        assert view.boneyard == len(played.boneyard)
        assert (view.drawn is None) or viewer == seat
    # a play the rules refuse changes nothing
    tile = rng.choice(played.hands[seat]) if played.hands[seat] else Tile(0, 0)
    name = rng.choice([*played.trains, "1", "M", "7.2"])
    wrong = Play(tile, name)
    if wrong not in legal:
        before = _snapshot(played)
        try:
            played.apply(seat, wrong)
        except IllegalActionError:
            pass
        else:
            raise AssertionError(f"{wrong} was taken though not offered")
        assert _snapshot(played) == before


@settings(max_examples=40, deadline=None)
@given(tables())
def test_both_train_games_keep_their_invariants_through_random_play(
    table: tuple[str, int, dict[str, str], int],
) -> None:
    variant, players, options, seed = table
    state = TRAIN_GAMES[variant].start(players, seed, options=options)
    assert isinstance(state, TrainGameState)
    rng = random.Random(seed)
    rounds = 0
    while rounds < 2:
        _check_step(state, rng)
        if state.hand_is_over:
            rounds += 1
            match = state.match
            assert len(match.round_points) == len(match.rounds)
            assert match.round_points[-1] == match.round.points()
            assert match.totals == tuple(map(sum, zip(*match.round_points, strict=True)))
            if state.is_over:
                break
            state.next_hand()
            continue
        (seat,) = state.acting()
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    text = state.record()
    again = read_train_record(text)
    assert write_train_record(again) == text
    assert _snapshot(again.round) == _snapshot(state.match.round)


@settings(max_examples=6, deadline=None)
@given(st.sampled_from(sorted(TRAIN_GAMES)), st.integers(2, 8), st.integers(0, 10**6))
def test_whole_games_end_after_the_last_round_with_the_lowest_total_winning(
    variant: str, players: int, seed: int
) -> None:
    state = TRAIN_GAMES[variant].start(players, seed)
    rng = random.Random(seed)
    while not state.is_over:
        if state.hand_is_over:
            state.next_hand()
            continue
        (seat,) = state.acting()
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    outcome = state.outcome()
    assert outcome is not None
    assert len(state.match.round_points) == state.match.rules.rounds
    assert outcome.winners == tuple(
        seat for seat, total in enumerate(outcome.standings) if total == min(outcome.standings)
    )
