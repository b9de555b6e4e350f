"""Dice and Dominoes at the table: the person's secret choice, the reveal, the Double
Perfect's choice, hands and the session's end, saves, and people sharing the device."""

from __future__ import annotations

from engine import parse_tile
from engine.dice.round import Commitment
from tests.helpers.controllers import play_dice
from web.dice.controller import DiceController
from web.dice.scene import build_dice_scene
from web.settings import Settings


def t(*texts: str) -> tuple:
    return tuple(parse_tile(text) for text in texts)


def table(tiles0: str, tiles1: str, dice: str, level: str = "eager", rounds: str = "") -> DiceController:
    """A two-player table restored from a record with this deal and these dice."""
    return DiceController.restore(
        f"""[Variant "dice"]
[Players "2"]
[Options "chips=10"]
[Level1 "{level}"]

[Hand "1"]
[Tiles0 "{tiles0}"]
[Tiles1 "{tiles1}"]

{rounds}{"" if rounds else "1. "}dice {dice}
"""
    )


def test_a_new_session_deals_four_tiles_antes_and_waits_for_the_person() -> None:
    controller = DiceController(Settings.for_variant("dice", 3, level="eager"), 7)
    assert controller.phase == "choose" and len(controller.hand_shown()) == 4
    assert controller.session.pot == 3 and controller.session.chips == [19, 19, 19]
    view = controller.view()
    assert view is not None and view.committed == (False, True, True)  # the computers chose, covered
    assert view.my_commitment is None and view.hand == tuple(controller.hand.hands[0])
    assert controller.last_announcement.startswith("Hand 1: the pot holds 3. Round 1: the dice show")


def test_tapping_chooses_face_up_when_the_dice_allow_and_flips_a_chosen_tile() -> None:
    # The source's example: toss 2 and 6, hand 0-2 1-6 2-3 5-5.
    controller = table("2-0 6-1 3-2 5-5", "4-4 5-4 1-1 4-3", "2-6")
    assert controller.tap_tile(parse_tile("2-0")) == "2-0 face up."
    assert controller.tap_tile(parse_tile("3-2")) == "3-2 face down."  # both deuces cannot go on one 2
    assert controller.choice() == Commitment(t("2-0"), t("3-2"))
    assert controller.put_out_reason() == ""
    assert controller.flip(parse_tile("3-2")) == "3-2 face up."
    assert controller.put_out_reason() == (
        "2-0 and 3-2 cannot both go: each face-up tile needs a die of its own (2 and 6)."
    )
    controller.put_out()  # refused, nothing changes
    assert controller.phase == "choose" and controller.hand.committed.keys() == {1}
    assert controller.take_back(parse_tile("3-2")) == "3-2 back in your hand."
    assert controller.put_out_reason().startswith("Choose 1 more tile")
    assert controller.tap_tile(parse_tile("5-5")) == "5-5 face down."
    assert controller.tap_tile(parse_tile("6-1")) == "Two tiles at most: take one back first."
    controller.take_back(parse_tile("2-0"))
    controller.tap_tile(parse_tile("6-1"))
    controller.flip(parse_tile("5-5"))
    assert (
        controller.put_out_reason()
        == "5-5 and 6-1 cannot both go: each face-up tile needs a die of its own (2 and 6)."
    )
    controller.flip(parse_tile("6-1"))
    assert controller.put_out_reason() == "5-5 matches neither die (2 and 6): put it face down."


def test_putting_out_reveals_the_round_with_each_tiles_fate_until_the_person_goes_on() -> None:
    controller = table("2-0 6-1 3-2 5-5", "4-4 5-4 1-1 4-3", "2-6")
    controller.tap_tile(parse_tile("2-0"))
    controller.tap_tile(parse_tile("6-1"))
    controller.put_out()
    assert controller.phase == "reveal" and controller.revealed is not None and controller.story is not None
    assert controller.story.seats[0] == "You discard 2-0 and 6-1 and draw a tile."
    assert controller.hand.discards[:2] == list(t("2-0", "6-1"))
    controller.go_on()
    assert controller.phase == "choose" and controller.revealed is None
    assert controller.last_announcement.startswith("Round 2: the dice show 2 and 6.")
    assert len(controller.hand_shown()) == 3


def test_the_persons_double_perfect_lets_them_throw_again_or_keep_the_dice() -> None:
    controller = table("2-2 6-6 3-1 4-1", "5-5 5-4 1-1 3-3", "2-6")
    controller.tap_tile(parse_tile("2-2"))
    controller.tap_tile(parse_tile("6-6"))
    controller.put_out()
    assert controller.story is not None and "Double Perfect by you" in controller.story.headline
    controller.go_on()
    assert controller.phase == "rethrow"
    throws = controller.throws
    assert controller.choose_rethrow(False) == "You keep the dice: 2 and 6."
    assert controller.throws == throws and controller.phase == "choose" and controller.hand.dice == (2, 6)


def test_going_out_ends_the_hand_pays_the_pot_and_deals_the_next() -> None:
    rounds = "1. dice 2-6 0: up 6-2 2-0 1: down 4-4 5-4 draw 1 4-0\n2. "
    controller = table("6-2 2-0 3-2 6-5", "4-4 5-4 1-1 3-3", "2-6", rounds=rounds)
    assert controller.phase == "reveal"  # restored just after a round: its reveal is shown again
    controller.go_on()
    controller.tap_tile(parse_tile("3-2"))
    controller.tap_tile(parse_tile("6-5"))
    controller.put_out()
    controller.go_on()
    assert controller.phase == "hand-over" and controller.session.chips == [11, 9]
    assert controller.last_announcement == "You win the hand: 2 chips."
    assert controller.result_banner() == "You win 2 chips"
    controller.next_hand()
    assert (
        controller.phase == "choose" and controller.session.hand_number == 2 and controller.session.pot == 2
    )
    assert controller.session.hands[1][1].thrower == 1  # the first throw passes round


def test_a_whole_session_against_the_computer_ends_with_one_player_holding_the_chips() -> None:
    controller = DiceController(Settings("dice", 2, 0, ("eager",), (("chips", "10"),)), 3)
    play_dice(controller, 3)
    assert controller.phase == "session-over"
    assert (
        sorted(controller.session.chips)[0] == 0
        and sum(controller.session.chips) + controller.session.pot == 20
    )
    assert controller.last_announcement.count("Game over") == 1


def test_a_save_keeps_the_session_and_what_the_person_put_out() -> None:
    controller = DiceController(Settings.for_variant("dice", 4, level="canny"), 11)
    first = controller.session.legal_commitments(0)[0]
    for tile in first.tiles:
        controller.tap_tile(tile)
    restored = DiceController.restore(controller.save())
    assert restored.save() == controller.save()
    assert "0:" not in controller.shown_record().split("1. dice")[-1]  # nobody's secret shown
    assert restored.settings == controller.settings


def test_people_sharing_the_device_choose_in_turn_behind_the_screen() -> None:
    settings = Settings("dice", 3, 0, ("human", "eager"), ())
    controller = DiceController(settings, 5)
    assert controller.phase == "pass" and controller.hand_shown() == () and controller.pass_to == "Player 1"
    controller.take_device()
    south = controller.hand_shown()
    assert controller.phase == "choose" and south == tuple(controller.hand.hands[0])
    for tile in controller.session.legal_commitments(0)[0].tiles:
        controller.tap_tile(tile)
    controller.put_out()
    assert controller.phase == "pass" and controller.pass_to == "Player 2" and controller.hand_shown() == ()
    controller.take_device()
    assert controller.human_seat == 1 and controller.hand_shown() == tuple(controller.hand.hands[1])
    view = controller.view()
    assert view is not None and view.my_commitment is None and view.committed == (True, False, True)
    for tile in controller.session.legal_commitments(1)[-1].tiles:
        controller.tap_tile(tile)
    controller.put_out()
    assert controller.phase == "reveal"
    controller.go_on()
    assert controller.phase == "pass" and controller.hand_shown() == ()


def test_a_tile_picked_leaves_a_gap_so_the_others_stay_under_the_finger() -> None:
    """The hand jumped after the first pick and the second tap missed: the tiles left keep their places."""
    controller = DiceController(Settings.for_variant("dice", 3, level="eager"), 7)
    before = dict(build_dice_scene(controller, 390, 620).hand)
    first = controller.hand_shown()[0]
    controller.tap_tile(first)
    after = dict(build_dice_scene(controller, 390, 620).hand)
    assert first not in after and len(after) == len(before) - 1
    assert all(after[tile].rect == before[tile].rect for tile in after)
