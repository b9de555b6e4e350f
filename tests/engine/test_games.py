"""The invariants every game of the catalogue keeps, checked through the one
:class:`~engine.game.GameState` protocol (as OpenSpiel checks every game with one test).

For random settings and seeds of every entry of :data:`engine.GAMES`, the line-of-play rule
sets and Dice and Dominoes alike, played on with random legal actions:

- the legal actions of every acting seat apply (all of them in a line game; in the dice game,
  which offers dozens, eight drawn at random at each step looked at);
- an action a seat may not do raises :class:`IllegalActionError` and changes nothing;
- the tiles are conserved: the hand in play holds the same tiles at every step;
- a view leaks nothing: it holds no tile hidden from its seat, and renaming the hidden tiles
  among themselves gives a game whose view, for that seat, is the same;
- the record round-trips (read, then written, gives the same text), and replays reproduce
  (the game read from it shows every seat the same view and offers the same actions).

The rules of each kind of game are checked against independent oracles elsewhere
(``test_properties`` for the line games, the ``test_dice_*`` modules for the dice game).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import GAMES, IllegalActionError, NotationError, RulesError
from engine import get_game as catalogue_game
from engine.game import Game, GameState
from engine.trains.variant import TRAIN_GAMES
from tests.helpers.games import all_tiles, random_steps, renamed_record, started, tiles_in

EXAMPLES = settings(max_examples=12, deadline=None, derandomize=True)
GAME_IDS = sorted(GAMES) + sorted(TRAIN_GAMES)
"""The catalogue's games, and the train family's, which join it with their table (issue 37)."""


def get_game(game_id: str) -> Game:
    """A game by id, from the catalogue or the train family."""
    return TRAIN_GAMES[game_id] if game_id in TRAIN_GAMES else catalogue_game(game_id)


def played_to(game: Game, seed: int, steps: int) -> GameState:
    state = started(game, seed)
    for _ in random_steps(state, random.Random(seed + 1), steps):
        pass
    return state


def test_the_catalogue_holds_both_kinds_of_game() -> None:
    kinds = {type(get_game(game_id).start(seed=1)).__name__ for game_id in GAME_IDS}
    assert kinds == {"LineGameState", "DiceGameState", "TrainGameState"}


@pytest.mark.parametrize("game_id", GAME_IDS)
@EXAMPLES
@given(seed=st.integers(0, 2**31 - 1))
def test_every_legal_action_applies(game_id: str, seed: int) -> None:
    game = get_game(game_id)
    state = started(game, seed)
    rng = random.Random(seed)
    for step, _ in enumerate(random_steps(state, rng, 60)):
        if step % 7:
            continue
        record = state.record()
        for seat in state.acting():
            legal = state.legal_actions(seat)
            for action in rng.sample(legal, min(len(legal), 8)):  # the dice game offers dozens
                copy = game.read(record)
                copy.apply(seat, action)  # raises if a listed action is refused
                assert copy.record() != record


@pytest.mark.parametrize("game_id", GAME_IDS)
@EXAMPLES
@given(seed=st.integers(0, 2**31 - 1))
def test_what_a_seat_may_not_do_is_refused_and_changes_nothing(game_id: str, seed: int) -> None:
    game = get_game(game_id)
    state = started(game, seed)
    refused = 0
    for _ in random_steps(state, random.Random(seed), 80):
        acting = state.acting()
        record = state.record()
        tries: list[tuple[int, object]] = [(acting[0], object())]
        idle = [seat for seat in range(state.players) if seat not in acting]
        for seat in idle:  # another seat's move, by a seat with nothing to do now
            tries.extend((seat, action) for action in state.legal_actions(acting[0])[:2])
        for seat, action in tries:
            if action in state.legal_actions(seat):
                continue
            with pytest.raises(IllegalActionError):
                state.apply(seat, action)
            assert state.record() == record
            refused += 1
    assert refused > 0


@pytest.mark.parametrize("game_id", GAME_IDS)
@EXAMPLES
@given(seed=st.integers(0, 2**31 - 1))
def test_the_tiles_are_conserved(game_id: str, seed: int) -> None:
    state = started(get_game(game_id), seed)
    dealt = all_tiles(state)
    assert len(set(dealt.values())) == 1, "every tile of the set(s), the same number of times"
    for _ in random_steps(state, random.Random(seed), 200, max_hands=3):
        assert all_tiles(state) == dealt
    assert all_tiles(state) == dealt


def _hidden_renamings(state: GameState, seat: int, rng: random.Random) -> tuple[str, object] | None:
    """A record with the tiles ``seat`` has not seen renamed among themselves, and its view there."""
    hidden = sorted(state.hidden_from(seat))
    if len(hidden) < 2:
        return None
    shuffled = hidden[:]
    rng.shuffle(shuffled)
    renaming = dict(zip(hidden, shuffled, strict=True))
    if all(old == new for old, new in renaming.items()):
        return None
    return renamed_record(state.record(), renaming), state.view(seat)


@pytest.mark.parametrize("game_id", GAME_IDS)
@EXAMPLES
@given(seed=st.integers(0, 2**31 - 1))
def test_a_view_holds_no_tile_hidden_from_its_seat(game_id: str, seed: int) -> None:
    state = started(get_game(game_id), seed)
    for _ in random_steps(state, random.Random(seed), 80):
        for seat in range(state.players):
            shown = set(tiles_in(state.view(seat)))
            assert not shown & state.hidden_from(seat), f"seat {seat} sees {shown & state.hidden_from(seat)}"


@pytest.mark.parametrize("game_id", GAME_IDS)
@EXAMPLES
@given(seed=st.integers(0, 2**31 - 1), steps=st.integers(1, 40))
def test_views_leak_nothing(game_id: str, seed: int, steps: int) -> None:
    game = get_game(game_id)
    state = played_to(game, seed, steps)
    if state.hand_is_over:
        return  # the hands are shown at the end: nothing is hidden any more
    rng = random.Random(seed)
    for seat in range(state.players):
        for _ in range(6):
            renamed = _hidden_renamings(state, seat, rng)
            if renamed is None:
                break
            text, view = renamed
            if text == state.record():
                continue  # only undrawn tiles were renamed, and a record does not write them
            try:
                other = game.read(text)
            except (NotationError, IllegalActionError):
                continue  # the renamed tiles do not make a game (a pass or a draw no longer fits)
            assert other.view(seat) == view, f"seat {seat} can tell the hidden tiles apart"


def test_views_leak_nothing_is_not_vacuous() -> None:
    """Renamed games are found for every kind of game, and a view that shows another seat's
    tiles is caught."""
    found: Counter[str] = Counter()
    for game_id in ("draw-2", "block", "dice", "mexican-train", "chicken-foot"):
        game = get_game(game_id)
        for seed in range(12):
            state = played_to(game, seed, 6)
            if state.hand_is_over:
                continue
            renamed = _hidden_renamings(state, 0, random.Random(seed))
            if renamed is None or renamed[0] == state.record():
                continue
            try:
                other = game.read(renamed[0])
            except (NotationError, IllegalActionError):
                continue
            found[game_id] += 1
            assert other.tile_places() != state.tile_places()
            leaky = (state.view(0), state.tile_places())  # a view that also showed where every tile is
            assert (other.view(0), other.tile_places()) != leaky
    assert all(
        found[game_id] >= 3 for game_id in ("draw-2", "block", "dice", "mexican-train", "chicken-foot")
    ), found


@pytest.mark.parametrize("game_id", GAME_IDS)
@EXAMPLES
@given(seed=st.integers(0, 2**31 - 1), steps=st.integers(0, 120))
def test_records_round_trip_and_replays_reproduce(game_id: str, seed: int, steps: int) -> None:
    game = get_game(game_id)
    state = played_to(game, seed, steps)
    text = state.record()
    again = game.read(text)
    assert again.record() == text
    assert (again.is_over, again.hand_is_over, again.acting()) == (
        state.is_over,
        state.hand_is_over,
        state.acting(),
    )
    for seat in range(state.players):
        assert again.view(seat) == state.view(seat)
        assert again.legal_actions(seat) == state.legal_actions(seat)
    assert again.outcome() == state.outcome()


def test_a_record_of_another_rule_set_is_refused() -> None:
    text = get_game("draw-2").start(seed=3).record()
    with pytest.raises(NotationError, match="draw-2"):
        get_game("block").read(text)


def test_a_game_played_to_its_end_has_an_outcome() -> None:
    for game_id, options in (("block", {}), ("dice", {"chips": "10"})):
        game = get_game(game_id)
        state = game.start(2, 7, None, options)
        assert state.outcome() is None
        for _ in random_steps(state, random.Random(7), 50_000, max_hands=5_000):
            pass
        outcome = state.outcome()
        assert state.is_over and outcome is not None
        assert outcome.winners and len(outcome.standings) == 2
        assert all(outcome.standings[seat] == max(outcome.standings) for seat in outcome.winners)


def test_settings_are_checked_without_dealing() -> None:
    for game_id in GAME_IDS:
        get_game(game_id).check_settings()  # the defaults are always offered
    refused = (
        ("pub-block", 3, None, {"set": "double-twelve"}),  # options that exclude each other here
        ("block", 9, None, None),
        ("draw-2", None, 77, None),
        ("dice", None, 100, None),
        ("dice", 3, None, {"chips": "7"}),
    )
    for game_id, players, target, options in refused:
        with pytest.raises(RulesError):
            get_game(game_id).check_settings(players, target, options)
