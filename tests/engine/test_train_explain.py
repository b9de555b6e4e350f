"""The train games told in sentences: every kind of move of the documented round, as a player
reads it, and how a round ends."""

from __future__ import annotations

import re
from pathlib import Path

from engine.tiles import Tile
from engine.trains.actions import Play
from engine.trains.explain import tell_move, tell_round_end
from engine.trains.notation import read_train_record
from tests.helpers.trains import a_round

DOC = Path(__file__).resolve().parents[2] / "docs" / "notation.md"
EXAMPLE = re.search(r"```train-record\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S).group(1)  # type: ignore[union-attr]
NAMES = ("You", "West", "East")


def _told() -> list[str]:
    played = read_train_record(EXAMPLE).round
    return [tell_move(played, index, NAMES) for index in range(len(played.moves))]


def test_each_kind_of_move_of_the_documented_round_is_told() -> None:
    told = _told()
    assert told[0] == "You lay 9-7 on your own train."
    assert "West lays 4-4 on their own train: it must be answered." in told
    assert "West answers the 4-4 on their own train with 8-4." in told
    assert "West draws a tile." in told
    assert "West passes: a marker goes on West's train." in told
    assert "East answers the 0-0 on West's train with 9-0." in told
    assert "East starts the Mexican train with 9-3." in told
    assert told[-1] == "You lay 4-1 on East's train: You are out."
    assert "You lay 7-1 on the Mexican train: You have one tile left." in told


def test_no_sentence_names_a_tile_drawn() -> None:
    played = read_train_record(EXAMPLE).round
    for index, move in enumerate(played.moves):
        if move.drawn is not None:
            assert str(move.drawn) not in tell_move(played, index, NAMES)


def test_the_round_end_says_who_went_out_and_what_each_keeps() -> None:
    played = read_train_record(EXAMPLE).round
    assert tell_round_end(played, NAMES) == "You went out. Points this round: West 8 and East 20."


def test_chicken_foot_moves_are_told_with_arms_and_toes() -> None:
    round_ = a_round("chicken-foot", 2, ["9-1 9-3 1-1 1-5", "9-2 9-4 1-7"])
    for arm, tile in enumerate((Tile(1, 9), Tile(2, 9), Tile(3, 9), Tile(4, 9)), start=1):
        round_.apply(round_.turn, Play(tile, str(arm)))
    round_.apply(0, Play(Tile(1, 1), "1"))
    round_.apply(1, Play(Tile(1, 7), "1.1"))
    names = ("You", "North")
    assert tell_move(round_, 0, names) == "You lay 9-1 on a side of the centre 9-9."
    assert (
        tell_move(round_, 4, names)
        == "You lay 1-1 on arm 1: a chicken foot: its three toes come before anything else."
    )
    assert tell_move(round_, 5, names) == "North lays 7-1 as a toe of the 1-1 on arm 1."
