"""The table controller on CPython: taps, two-end choice, announcements, saving and restoring."""

from __future__ import annotations

import pytest

from engine import EngineError, Hand, Opening, RulesError, Tile, make_rules, parse_tile
from tests.helpers.controllers import play_out
from web.line.controller import Controller, Settings
from web.links.params import parse_link
from web.seats import seat_names


def tiles(*texts: str) -> list[Tile]:
    return [parse_tile(text) for text in texts]


def scripted_draw2(you: list[Tile], north: list[Tile], opener: int = 0) -> Controller:
    """A draw-2 controller whose current hand is replaced by a scripted deal."""
    controller = Controller(Settings.for_variant("draw-2"), seed=1)
    rules = make_rules("draw-2")
    rest = [tile for tile in rules.tiles if tile not in you + north]
    controller.match.hand = Hand(rules, [you, north], rest, Opening(opener))
    return controller


def test_a_tile_that_fits_one_place_is_played_at_once() -> None:
    controller = scripted_draw2(
        tiles("6-4", "1-1", "2-0", "3-0", "5-0", "5-1", "5-2"),
        tiles("6-6", "6-5", "4-4", "4-3", "3-3", "2-2", "1-0"),
    )
    controller.tap_tile(parse_tile("6-4"))
    said = controller.last_announcement
    assert said == "You play 6-4."
    assert controller.phase == "bot"
    assert controller.match.hand.layout.placements[0].tile == parse_tile("6-4")


def test_a_tile_against_a_lone_double_goes_on_at_once() -> None:
    """Both sides of a lone double are alike: nobody is asked to choose between them."""
    controller = scripted_draw2(
        tiles("6-4", "5-5", "2-2", "3-3", "4-0", "4-1", "4-2"),
        tiles("6-6", "1-0", "2-0", "3-0", "2-1", "3-1", "0-0"),
        opener=1,
    )
    controller.bot_move()  # North (Easy) opens with its heaviest tile, 6-6
    assert [placed.tile for placed in controller.match.hand.layout.placements] == [parse_tile("6-6")]
    ends = [a for a in controller.view().legal_actions if getattr(a, "tile", None) == parse_tile("6-4")]
    assert len(ends) == 2, "the engine offers both sides"
    controller.tap_tile(parse_tile("6-4"))
    assert controller.selected is None
    assert controller.last_announcement == "You play 6-4 on the 6."
    assert parse_tile("6-4") not in controller.view().hand


def test_a_tile_that_fits_two_ends_waits_for_the_chosen_end() -> None:
    # You open 6-4 (ends 4 and 6); North's only tile with a 4 or a 6 is 4-1, so the ends
    # become 1 and 6 and your 6-1 fits both.
    controller = scripted_draw2(
        tiles("6-4", "6-1", "2-0", "3-0", "5-0", "5-1", "5-2"),
        tiles("4-1", "5-5", "5-3", "3-3", "2-2", "1-0", "3-2"),
    )
    controller.tap_tile(parse_tile("6-4"))
    controller.bot_move()
    assert sorted(controller.match.hand.layout.values) == [1, 6]
    controller.tap_tile(parse_tile("6-1"))
    said = controller.last_announcement
    assert said == "6-1 fits two ends: choose where it goes."
    assert controller.selected == parse_tile("6-1")
    assert len(controller.ends_for_selected()) == 2
    assert controller.match.hand.layout.placements[-1].tile == parse_tile("4-1")  # nothing played yet
    east = next(end for end in controller.ends_for_selected() if end.side.value == "E")
    controller.choose_end(east)
    assert controller.last_announcement == "You play 6-1 on the 6."
    assert controller.selected is None
    assert parse_tile("6-1") not in controller.view().hand
    assert sorted(controller.match.hand.layout.values) == [1, 1]


def test_tapping_a_tile_that_does_not_fit_changes_nothing() -> None:
    controller = scripted_draw2(
        tiles("6-4", "1-1", "2-0", "3-0", "5-0", "5-1", "5-2"),
        tiles("6-6", "6-5", "4-4", "4-3", "3-3", "2-2", "1-0"),
    )
    controller.tap_tile(parse_tile("6-4"))
    controller.bot_move()
    before = (controller.view().hand, controller.match.hand.layout, len(controller.match.hand.history))
    controller.tap_tile(parse_tile("2-0"))
    said = controller.last_announcement
    assert said == "2-0 does not fit here."
    assert (
        controller.view().hand,
        controller.match.hand.layout,
        len(controller.match.hand.history),
    ) == before


def test_tapping_out_of_turn_is_refused() -> None:
    controller = scripted_draw2(
        tiles("6-4", "1-1", "2-0", "3-0", "5-0", "5-1", "5-2"),
        tiles("6-6", "6-5", "4-4", "4-3", "3-3", "2-2", "1-0"),
        opener=1,
    )
    assert controller.phase == "bot"
    controller.tap_tile(parse_tile("6-4"))
    assert controller.last_announcement == "Wait for your turn."
    assert controller.match.hand.layout.is_empty


def test_drawing_announces_the_drawn_tile_to_the_person_only() -> None:
    # North opens 6-5 (its heaviest); you hold no 5 or 6, so you must draw. The boneyard is
    # in set order, drawn from the end, so the first tile you draw is 6-6, which plays.
    controller = scripted_draw2(
        tiles("1-1", "2-0", "3-0", "2-1", "3-1", "3-2", "0-0"),
        tiles("6-5", "4-4", "4-3", "3-3", "2-2", "1-0", "4-1"),
        opener=1,
    )
    controller.bot_move()
    assert controller.last_announcement == "North plays 6-5."
    assert [str(a) for a in controller.view().legal_actions] == ["draw"]
    controller.act(controller.view().legal_actions[0])
    assert controller.last_announcement == "You draw 6-6."
    assert parse_tile("6-6") in controller.view().hand
    assert controller.phase == "human"  # the drawer keeps the turn
    north_view = controller.match.view(1)
    assert north_view.hand_counts[0] == 8 and parse_tile("6-6") not in north_view.hand
    assert str(north_view.history[-1]) == "draw"  # public: a draw, never the tile


def test_a_whole_match_reaches_match_over_and_names_the_winner() -> None:
    controller = Controller(Settings.for_variant("block", 4), seed=11)
    play_out(controller)
    assert controller.match.result is not None
    assert max(controller.match.scores) >= 100
    assert "the match" in controller.last_announcement


def test_save_and_restore_reproduce_the_match_at_every_hand() -> None:
    controller = Controller(Settings.for_variant("draw-2"), seed=5)
    for _ in range(3000):
        if controller.phase == "match-over":
            break
        restored = Controller.restore(controller.save())
        assert restored.match.scores == controller.match.scores
        assert restored.view() == controller.view()
        if controller.phase == "bot":
            controller.bot_move()
        elif controller.phase == "hand-over":
            controller.next_hand()
        else:
            controller.act(controller.view().legal_actions[-1])
    assert controller.phase == "match-over"


@pytest.mark.parametrize(
    "damage",
    [
        lambda text: text.replace("\n1. ", "\n1. 9-9 "),
        lambda text: text.replace('"draw-2"', '"draw-9"'),
        lambda text: text.replace('[Seed "5"]', '[Seed "x"]'),
        lambda text: text.replace("[Tiles1", "[Tiles3"),
        lambda text: text.replace('[Score "', '[Score "1'),
    ],
)
def test_a_damaged_save_is_refused_with_a_clear_error(damage) -> None:  # type: ignore[no-untyped-def]
    controller = Controller(Settings.for_variant("draw-2"), seed=5)
    controller.act(
        controller.view().legal_actions[0]
    ) if controller.phase == "human" else controller.bot_move()
    damaged = damage(controller.save())
    assert damaged != controller.save()
    with pytest.raises(EngineError) as caught:
        Controller.restore(damaged)
    assert caught.value.code in {"bad-record", "bad-option", "unknown-variant"}
    assert str(caught.value)


def test_a_save_is_a_record_naming_each_seat_and_who_plays_it() -> None:
    controller = Controller(
        Settings("partnership-block", 4, 100, ("expert", "greedy", "hard"), (("partner-draw", "on"),)), seed=8
    )
    text = controller.save()
    assert text.startswith("[Variant ")
    seating = controller.player_at
    for seat, player in enumerate(seating):
        level = "human" if player == 0 else controller.settings.levels[player - 1]
        assert f'[Level{seat} "{level}"]' in text
        assert f'[Seat{seat} "{controller.names[seat]}"]' in text
    restored = Controller.restore(text)
    assert restored.settings == controller.settings
    assert restored.player_at == seating


def test_settings_need_one_known_ai_level_per_computer_seat() -> None:
    with pytest.raises(RulesError):
        Settings("block", 4, 100, ("greedy",))
    with pytest.raises(RulesError):
        Settings("draw-2", 2, 100, ("genius",))
    with pytest.raises(RulesError):
        Settings("draw-2", 2, 120, ("greedy",))
    assert Settings.for_variant("block", 5).levels == ("greedy",) * 4


def test_seat_names_go_clockwise_from_you() -> None:
    assert seat_names(2) == ("You", "North")
    assert seat_names(4) == ("You", "West", "North", "East")
    assert seat_names(5)[0] == "You" and len(set(seat_names(5))) == 5


def test_a_link_names_the_game_and_an_unknown_variant_gets_a_message() -> None:
    link = parse_link("?variant=block&players=3&seed=42&level=random")
    assert link.settings == Settings("block", 3, 100, ("random", "random")) and link.seed == 42
    assert link.notice() is None
    link = parse_link("?variant=chess")
    notice = link.notice()
    assert link.settings is None and notice is not None and "chess" in notice and "draw-2" in notice
    link = parse_link("?variant=draw-2&players=4")  # the players it cannot use are named and ignored
    assert link.settings == Settings.for_variant("draw-2") and "players=4" in (link.notice() or "")
    assert parse_link("") == parse_link("?")
    assert parse_link("").settings is None and parse_link("").key == ""
