"""The table in words: the read commands, the move log's lines, and the keys."""

from __future__ import annotations

import pytest

from engine import Play
from web.keys import COMMAND_KEYS, arrow_target
from web.line.controller import Controller, Settings
from web.page import score_text
from web.spoken import READS, ends_sentence, log_entry, read


def person_to_move(variant: str = "block", players: int = 4, seed: int = 3) -> Controller:
    controller = Controller(Settings.for_variant(variant, players=players), seed=seed)
    while controller.phase == "bot":
        controller.bot_move()
    return controller


def test_the_open_ends_are_said_as_a_sentence() -> None:
    controller = person_to_move()
    view = controller.view()
    values = view.layout.values
    if len(values) == 2:
        assert ends_sentence(view) == f"Ends are {values[0]} and {values[1]}."
    line = log_entry("West plays 6-4 on the 6.", view, line_grew=True)
    assert line.startswith("West plays 6-4 on the 6. End")
    assert log_entry("West passes.", view, line_grew=False) == "West passes."


def test_each_read_command_says_what_it_names() -> None:
    controller = person_to_move()
    view = controller.view()
    tiles = read("tiles", controller, [], "")
    assert tiles.startswith("Your tiles: ") and all(str(tile) in tiles for tile in view.hand)
    playable = [a.tile for a in view.legal_actions if isinstance(a, Play)]
    assert controller.phase == "human"
    assert ("You can play " in tiles) == bool(playable)
    assert all(str(tile) in tiles.partition("You can play ")[2] for tile in playable)
    counts = read("counts", controller, [], "")
    assert counts.startswith("Tiles held: West ") and "North" in counts and "East" in counts
    assert "You" not in counts  # the person's own tiles are read by "tiles"
    assert read("ends", controller, [], "").startswith(ends_sentence(view))
    assert read("moves", controller, [f"move {n}." for n in range(9)], "") == " ".join(
        f"move {n}." for n in range(4, 9)
    )
    assert read("moves", controller, [], "") == "No move yet."
    assert read("score", controller, [], score_text(controller)) == f"Score: {score_text(controller)}."
    with pytest.raises(ValueError):
        read("minds", controller, [], "")


def test_every_read_command_has_a_key_and_no_key_does_two_things() -> None:
    assert {COMMAND_KEYS[key] for key in READS.values()} == {f"read:{kind}" for kind in READS}
    assert len(COMMAND_KEYS) == len(set(COMMAND_KEYS.values()))
    assert all(len(key) == 1 and key.islower() for key in COMMAND_KEYS)


def test_arrow_keys_walk_a_row_and_wrap() -> None:
    assert arrow_target("ArrowRight", 0, 3) == 1
    assert arrow_target("ArrowRight", 2, 3) == 0
    assert arrow_target("ArrowLeft", 0, 3) == 2
    assert arrow_target("ArrowDown", 1, 3) == 2
    assert arrow_target("Home", 2, 3) == 0
    assert arrow_target("End", 0, 3) == 2
    assert arrow_target("ArrowLeft", -1, 3) == 0  # from the group itself: into the row
    assert arrow_target("End", -1, 3) == 2
