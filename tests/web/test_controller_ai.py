"""The controller with searching computer players and hints: thinking in slices, the same
choice however it is run, and a hint for the person's own move only."""

from __future__ import annotations

import pytest

from engine import IllegalActionError, Play
from engine.line.ai import think_through
from tests.helpers.scripted import count_slices
from web.line.controller import Controller, Settings
from web.line.scene import build_scene


def to_bot_decision(controller: Controller) -> None:
    """Let the person play their first legal move until a computer player has a real choice."""
    for _ in range(200):
        if controller.phase == "bot":
            view = controller.match.view(controller.match.turn)
            if len([a for a in view.legal_actions if isinstance(a, Play)]) >= 2:
                return
            controller.bot_move()
        elif controller.phase == "human":
            controller.act(controller.view().legal_actions[0])
        else:
            controller.next_hand()
    pytest.fail("no computer player had two moves to choose from")


def test_a_searching_computer_player_thinks_in_slices_and_chooses_as_bot_move_does() -> None:
    controller = Controller(Settings.for_variant("partnership-block", level="hard"), seed=1)
    to_bot_decision(controller)
    saved = controller.save()
    thinking = controller.bot_thinking()
    slices, action = count_slices(thinking)
    assert slices >= 2, "the search gave the page the thread back between slices"
    assert action in controller.match.view(controller.match.turn).legal_actions
    again = Controller.restore(saved)
    assert think_through(again.bot_thinking()) == action, "the choice does not depend on how it is run"


def test_a_hint_is_the_experts_legal_move_with_a_reason_shown_on_the_table() -> None:
    controller = Controller(Settings.for_variant("draw-2", level="greedy"), seed=9)
    for _ in range(100):
        if (
            controller.phase == "human"
            and sum(isinstance(a, Play) for a in controller.view().legal_actions) >= 2
        ):
            break
        if controller.phase == "bot":
            controller.bot_move()
        else:
            controller.act(controller.view().legal_actions[0])
    found = think_through(controller.hint_thinking())
    assert found.action in controller.view().legal_actions
    assert controller.hint == found
    assert found.reason.startswith(f"Play {found.action.tile}")  # type: ignore[union-attr]
    assert "deals the Expert played out" in found.reason
    assert controller.last_announcement == f"Hint: {found.reason}"
    scene = build_scene(controller, 1024, 768)
    assert scene.test_data()["hinted"] == [str(found.action.tile)]  # type: ignore[union-attr]
    controller.act(found.action)
    assert controller.hint is None, "a move clears the hint"
    assert build_scene(controller, 1024, 768).test_data()["hinted"] == []


def test_a_hint_is_only_for_the_persons_own_move() -> None:
    controller = Controller(Settings.for_variant("partnership-block", level="greedy"), seed=1)
    while controller.phase == "human":
        controller.act(controller.view().legal_actions[0])
    assert controller.phase == "bot"
    with pytest.raises(IllegalActionError) as error:
        think_through(controller.hint_thinking())
    assert error.value.code == "not-your-turn"
    assert controller.hint is None
