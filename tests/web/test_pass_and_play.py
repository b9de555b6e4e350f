"""Pass and play on CPython: people sharing one device never see each other's tiles."""

from __future__ import annotations

import itertools

import pytest

from engine import Draw, EngineError, Play, RulesError
from web.line.controller import Controller
from web.line.motion import plan_motion
from web.line.scene import build_scene
from web.links.params import parse_link
from web.page import score_text
from web.settings import HUMAN, Settings
from web.storage.game_record import read_game

SIZE = (900.0, 600.0)


def shared(
    variant: str = "partnership-block", levels: tuple[str, ...] = (HUMAN, "greedy", "greedy")
) -> Settings:
    """A table where player 0 and every ``HUMAN`` level are people sharing the device."""
    base = Settings.for_variant(variant, players=len(levels) + 1)
    return Settings(base.variant, base.players, base.target, levels, base.options)


def first_move(controller: Controller) -> None:
    """The person to move plays their first legal action (a tile if they have one)."""
    legal = controller.view().legal_actions
    controller.act(next((a for a in legal if isinstance(a, Play)), legal[0]))


def test_a_person_level_makes_a_shared_table() -> None:
    settings = shared()
    assert settings.people == 2 and settings.pass_and_play
    assert not Settings.for_variant("partnership-block", level="expert").pass_and_play
    with pytest.raises(RulesError):
        Settings("draw-2", 2, 100, ("robot",))
    controller = Controller(settings, seed=3)
    assert controller.human_seats == frozenset({0, 1})
    # nobody is "you" at a shared table, and the table turns: seats are named after players
    assert controller.names == ("Player 1", "Player 2", "Computer 1", "Computer 2")
    assert controller.undo_reason() == "Taking moves back is off when people share the device."


def test_every_hand_starts_hidden_until_the_person_to_move_takes_the_device() -> None:
    for seed in range(1, 30):
        controller = Controller(shared(), seed=seed)
        while controller.phase == "bot":
            controller.bot_move()
        if controller.match.turn == 1:
            break
    else:
        raise AssertionError("no deal where West (a person) moves first")
    assert controller.phase == "pass"
    assert controller.pass_to == "Player 2"
    assert controller.hand_shown() == ()
    assert controller.playable_tiles() == frozenset()
    assert not controller.can(controller.match.view(1).legal_actions[0])  # nobody plays behind the screen
    controller.take_device()
    assert controller.phase == "human" and controller.human_seat == 1
    assert controller.hand_shown() == controller.match.hand.hand_of(1)


def test_the_screen_comes_up_between_two_people_and_never_shows_another_persons_tiles() -> None:
    controller = Controller(shared(), seed=5)
    screens = 0
    for _ in range(3000):
        phase = controller.phase
        if phase == "match-over":
            break
        shown = set(controller.hand_shown())
        for seat in controller.human_seats - {controller.human_seat}:
            assert not shown & set(controller.match.hand.hand_of(seat))
        if phase == "pass":
            screens += 1
            assert not shown
            turn = controller.match.turn
            controller.take_device()
            assert controller.human_seat == turn
        elif phase == "human":
            assert controller.human_seat == controller.match.turn
            first_move(controller)
        elif phase == "bot":
            controller.bot_move()
        else:
            controller.next_hand()
            assert controller.hand_hidden  # the next hand starts behind the screen
    else:
        raise AssertionError("the match did not end")
    assert screens > 10


def test_a_shared_table_never_announces_a_drawn_tile() -> None:
    controller = Controller(shared("draw-2", (HUMAN,)), seed=2)
    said: list[str] = []
    for _ in range(400):
        if controller.phase != "human" and controller.phase != "pass":
            break
        if controller.phase == "pass":
            controller.take_device()
            continue
        if controller.can(Draw()):
            controller.act(Draw())
            said.append(controller.last_announcement)
        else:
            controller.act(controller.view().legal_actions[0])
            said.append(controller.last_announcement)
    draws = [text for text in said if "draw" in text]
    assert draws, "no draw in this deal"
    assert all(" draws." in text and "You" not in text for text in draws)


def test_the_scene_puts_the_person_holding_the_device_at_the_bottom() -> None:
    controller = Controller(shared(), seed=5)
    while controller.phase != "pass" or controller.match.turn != 1:
        if controller.phase == "pass":
            controller.take_device()
        elif controller.phase == "human":
            first_move(controller)
        else:
            controller.bot_move()
    hidden = build_scene(controller, *SIZE)
    assert hidden.hand == () and hidden.hand_owner is None
    bottom = next(seat for seat in hidden.seats if seat.position == "bottom")
    assert bottom.seat == 0 and all(not tile.face_up for tile in bottom.tiles)  # South's backs
    controller.take_device()
    scene = build_scene(controller, *SIZE)
    assert scene.hand_owner == 1
    assert tuple(tile for tile, _ in scene.hand) == controller.match.hand.hand_of(1)
    by_position = {seat.position: seat.seat for seat in scene.seats}
    assert by_position == {"bottom": 1, "left": 2, "top": 3, "right": 0}  # clockwise from West
    assert not any(tile.face_up for seat in scene.seats for tile in seat.tiles)
    assert plan_motion(hidden, scene, now=0.0) is None  # a hand shown is not a hand dealt


def test_a_reload_hides_the_hands_and_keeps_who_plays() -> None:
    controller = Controller(shared(), seed=5)
    while controller.phase != "human":
        controller.take_device() if controller.phase == "pass" else controller.bot_move()
    first_move(controller)
    restored = Controller.restore(controller.save())
    assert restored.settings == controller.settings
    assert restored.human_seats == frozenset({0, 1})
    assert restored.hand_hidden and restored.hand_shown() == ()
    assert read_game(controller.save())[0].levels == (HUMAN, "greedy", "greedy")


def test_a_link_may_seat_people_and_computers() -> None:
    link = parse_link("?variant=partnership-block&level=human,expert,human")
    assert link.settings is not None and not link.problems
    assert link.settings.levels == (HUMAN, "expert", HUMAN)
    assert link.settings.people == 3


def test_a_partner_draw_says_who_plays_with_whom_by_name() -> None:
    base = Settings.for_variant("partnership-block", options={"partner-draw": "on"})
    settings = Settings(base.variant, 4, base.target, (HUMAN, "greedy", "greedy"), base.options)
    controller = Controller(settings, seed=8)
    opening = controller.announcements[0]
    player_two = controller.player_at.index(1)
    assert controller.human_seats == frozenset({0, player_two})
    # each seat is named after the player the draw put there, wherever that is
    assert controller.names[player_two] == "Player 2" and controller.names[0] == "Player 1"
    partner = controller.names[2]
    assert f"Player 1 and {partner} play together, against" in opening, opening
    assert "South" not in opening and "West" not in opening


def test_claims_belong_to_the_person_holding_the_device() -> None:
    controller = Controller(shared(), seed=5)
    assert controller.hand_hidden
    assert not controller.can_claim(False) and not controller.can_claim(True)
    with pytest.raises(EngineError):
        controller.undone()


def test_the_names_follow_the_players_wherever_the_table_turns() -> None:
    """The table turns to whoever holds the device, so a name never moves round the screen
    with it: each plate shows its player's name whoever is at the bottom."""
    controller = Controller(shared(), seed=3)
    for _ in range(40):
        if controller.phase == "pass":
            controller.take_device()
        scene = build_scene(controller, *SIZE)
        for seat in scene.seats:
            assert seat.name == controller.names[seat.seat]
        bottom = next(seat for seat in scene.seats if seat.position == "bottom")
        if controller.phase == "human":
            assert bottom.name == controller.names[controller.human_seat]
        if controller.phase == "hand-over":
            break
        if controller.phase == "bot":
            controller.bot_move()
        elif controller.phase == "human":
            first_move(controller)


def test_taking_the_device_says_what_happened_since_your_last_turn() -> None:
    controller = Controller(shared(), seed=3)
    moved: set[int] = set()
    turns_told = 0
    for _ in range(80):
        phase = controller.phase
        if phase == "hand-over":
            break
        if phase == "bot":
            controller.bot_move()
        elif phase == "human":
            moved.add(controller.human_seat)
            first_move(controller)
        else:
            seat = controller.match.turn
            missed = controller.missed_by(seat)
            controller.take_device()
            said = controller.last_announcement
            assert missed, "something always happened: the opening, or the others' moves"
            lead = "Since your last turn" if seat in moved else "So far this hand"
            assert said == f"{controller.names[seat]} to play. {lead}: {' '.join(missed)}", said
            if seat in moved:
                # the other three seats moved since, each told by its name
                for other in set(range(4)) - {seat}:
                    assert any(text.startswith(controller.names[other]) for text in missed), (other, missed)
                turns_told += 1
            else:
                assert missed[0].startswith("Hand 1: "), missed
                for told, then in itertools.pairwise(missed):
                    if " opens with " in told:  # ("Hand 1: Player 2 opens with 6-6.")
                        opener = told.split(": ", 1)[1].split(" opens with ")[0]
                        assert not then.startswith(f"{opener} plays "), missed
    assert turns_told >= 2, "a person was told what they missed at least twice in a hand"


def test_a_reload_still_tells_what_each_person_missed() -> None:
    controller = Controller(shared(), seed=3)
    for _ in range(30):
        if (
            controller.phase == "pass"
            and controller.missed_heading(controller.match.turn) == "Since your last turn"
        ):
            break
        if controller.phase == "bot":
            controller.bot_move()
        elif controller.phase == "human":
            first_move(controller)
        else:
            controller.take_device()
    seat = controller.match.turn
    assert controller.phase == "pass" and controller.missed_by(seat)
    restored = Controller.restore(controller.save())
    assert restored.phase == "pass"
    assert restored.missed_heading(seat) == "Since your last turn"
    assert restored.missed_by(seat) == controller.missed_by(seat)
    for other in restored.human_seats:
        assert restored.missed_by(other) == controller.missed_by(other)


def test_a_shared_partnership_score_names_the_people_on_each_side() -> None:
    controller = Controller(shared(), seed=3)  # Player 1 and Player 2 are opponents
    assert score_text(controller) == "Player 1 0 · Player 2 0 · to 200"
    together = Controller(shared(levels=("greedy", HUMAN, "greedy")), seed=3)  # partners, opposite
    assert score_text(together) == "Player 1 & Player 2 0 · Computers 0 · to 200"
