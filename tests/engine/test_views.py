"""What a seat sees: its own tiles, the table, counts and public history; others' tiles never."""

from __future__ import annotations

import dataclasses

from engine import Draw, Drew, Match, Opening, Played, Tile, make_rules, parse_tile, view_of
from tests.helpers.scripted import play, scripted_hand, tiles

DEAL = ["6-6 6-4 6-3 6-2 6-1 6-0 5-5", "0-0 1-0 1-1 2-0 2-1 2-2 3-0"]


def test_view_holds_own_tiles_counts_and_public_history() -> None:
    hand = scripted_hand(make_rules("draw-2"), DEAL, draws="3-1 6-5", opening=Opening(0))
    play(hand, "6-6", "draw", "draw")
    mine, theirs = view_of(hand, 1), view_of(hand, 0)
    assert mine.hand == tuple(sorted(tiles(DEAL[1] + " 3-1 6-5")))
    assert theirs.hand == tuple(sorted(tiles(DEAL[0])[1:]))
    for view in (mine, theirs):
        assert view.hand_counts == (6, 9)
        assert view.boneyard_count == 12
        assert view.layout == hand.layout
        assert view.turn == 1
        assert view.history == (Played(0, parse_tile("6-6")), Drew(1), Drew(1))  # which tiles: not said
        assert view.result is None
    assert mine.is_my_turn and not theirs.is_my_turn
    assert set(mine.legal_actions) == set(hand.legal_actions())
    assert theirs.legal_actions == ()
    assert Draw() not in mine.legal_actions  # 6-5 plays now


def reachable_tiles(value: object) -> set[Tile]:
    """Every tile inside a view: through dataclass fields, tuples, lists and sets."""
    if isinstance(value, Tile):
        return {value}
    if isinstance(value, (tuple, list, set, frozenset)):
        return set().union(*(reachable_tiles(item) for item in value))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return set().union(*(reachable_tiles(getattr(value, f.name)) for f in dataclasses.fields(value)))
    return set()


def test_view_holds_no_tile_but_its_own_and_the_layout() -> None:
    four = ["6-6 6-5 5-5 5-4 4-4", "6-4 6-3 3-3 3-2 2-2", "6-2 2-1 1-1 1-0 0-0", "5-3 4-3 4-2 4-1 4-0"]
    hand = scripted_hand(make_rules("block", 4), four)
    play(hand, "6-6", "6-4 east", "6-2 west", "4-3 east")
    for seat in range(4):
        view = view_of(hand, seat)
        laid = {placement.tile for placement in hand.layout.placements}
        assert reachable_tiles(view) <= set(hand.hand_of(seat)) | laid
        assert set(hand.hand_of(seat)) <= reachable_tiles(view)


def test_match_view_carries_the_scores_and_counts_hands() -> None:
    match = Match(make_rules("block", 3), seed=6)
    match.scores = [12, 0, 30]
    assert match.view(0).scores == (12, 0, 30)
    assert match.hand_number == 1
