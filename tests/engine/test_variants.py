"""Every variant at every player count with every combination of its option values: the set and
hand sizes RULES.md gives, the option defaults it names, and the refusal of bad options."""

from __future__ import annotations

import random
from collections.abc import Mapping

import pytest

from engine import VARIANTS, Hand, Match, RulesError, Tile, get_variant, make_rules
from engine.catalogue import GAMES
from tests.helpers.tables import option_combinations

SET_SIZE = {6: 28, 9: 55, 12: 91}


def expected(variant: str, players: int, options: Mapping[str, str]) -> tuple[int, int, bool] | None:
    """(top pip, hand size, double blank removed) as RULES.md gives them; None: not a valid table."""
    if variant in ("partnership-block", "jamaican-partner"):
        return 6, 7, False
    if variant == "block":
        return 6, 7 if players <= 3 else 5, False
    if variant == "draw-2":
        return 6, 7, False
    if variant == "draw-3":
        return (6, 9, True) if options["no-boneyard"] == "on" else (6, 7, False)
    if variant == "pub-block":
        tile_set = options["set"]
        if tile_set == "double-nine":
            return 9, 9, False
        if tile_set == "double-twelve":
            return (12, 12, False) if players == 4 else None
        return 6, {2: 8, 3: 6, 4: 6, 5: 5}[players], False
    if variant in ("draw", "cross"):
        return 6, {2: 7, 3: 5, 4: 4, 5: 3}[players], False
    if variant == "double-nine-cross":
        return (12 if options["set"] == "double-twelve" else 9), 7 if players <= 3 else 5, False
    if variant == "cut-throat":
        if players == 2:
            return 6, 7 if options["boneyard"] == "on" else 14, False
        return (6, 9, True) if players == 3 else (6, 7, False)
    assert variant in ("all-fives", "fives-and-threes")
    return 6, 5, False


ALL_TABLES = [(variant, players, dict(options)) for variant, players, options in option_combinations()]
"""Every combination of option values, those the rules refuse included (options as dicts)."""


def test_every_variant_and_option_is_enumerated() -> None:
    assert {variant for variant, _, _ in ALL_TABLES} == set(VARIANTS)
    assert len(ALL_TABLES) > 100


@pytest.mark.parametrize(("variant", "players", "options"), ALL_TABLES)
def test_set_and_hand_sizes_for_every_player_count_and_option(
    variant: str, players: int, options: dict[str, str]
) -> None:
    want = expected(variant, players, options)
    if want is None:
        with pytest.raises(RulesError) as caught:
            make_rules(variant, players, options=options)
        assert caught.value.code == "bad-option"
        return
    top, size, no_double_blank = want
    rules = make_rules(variant, players, options=options)
    assert rules.max_pip == top
    assert rules.hand_size == size
    tiles = set(rules.tiles)
    assert len(tiles) == SET_SIZE[top] - no_double_blank
    assert (Tile(0, 0) not in tiles) == no_double_blank
    assert all(tile.high <= top for tile in tiles)
    hand = Hand.deal(rules, random.Random(players))
    assert hand.hand_counts() == (size,) * players
    assert hand.boneyard_count == len(tiles) - players * size
    assert dict(rules.options) == get_variant(variant).resolve_options(players, options)


PARTNERSHIPS = {
    "partnership-block": lambda players, options: True,
    "jamaican-partner": lambda players, options: True,
    "pub-block": lambda players, options: players == 4 and options["partners"] == "on",
    "draw": lambda players, options: players == 4 and options["partners"] == "on",
    "cross": lambda players, options: players == 4 and options["partners"] == "on",
    "double-nine-cross": lambda players, options: players == 4 and options["partners"] == "on",
}


@pytest.mark.parametrize(("variant", "players", "options"), ALL_TABLES)
def test_partnerships_where_rules_md_names_them(variant: str, players: int, options: dict[str, str]) -> None:
    if expected(variant, players, options) is None:
        return
    rules = make_rules(variant, players, options=options)
    partners = PARTNERSHIPS.get(variant, lambda players, options: False)(players, options)
    assert rules.partnerships == partners
    if partners:
        assert rules.sides == 2 and rules.seats_of(0) == (0, 2) and rules.seats_of(1) == (1, 3)
    else:
        assert rules.sides == players


DEFAULTS = {
    "partnership-block": {"direction": "clockwise", "partner-draw": "off", "touch-move": "off"},
    "block": {"touch-move": "off"},
    "pub-block": {"partners": "on", "set": "double-six", "out": "one", "scoring": "pips"},
    "draw-2": {"overdraw": "off", "touch-move": "off"},
    "draw-3": {"no-boneyard": "off", "overdraw": "off", "touch-move": "off"},
    "draw": {"partners": "on", "draw": "until-playable", "out": "one", "scoring": "pips"},
    "cross": {"partners": "on", "draw": "until-playable", "out": "one", "scoring": "pips"},
    "double-nine-cross": {
        "set": "double-nine",
        "partners": "on",
        "draw": "until-playable",
        "out": "one",
        "scoring": "pips",
    },
    "jamaican-partner": {"sporting": "off", "playoff": "off"},
    "cut-throat": {"boneyard": "off"},
    "all-fives": {"manual-scoring": "off", "spinner": "off", "draw": "until-playable"},
    "fives-and-threes": {"manual-scoring": "off", "spinner": "off", "draw": "until-playable"},
}

TARGETS = {
    "partnership-block": 200,
    "block": 100,
    "pub-block": 100,
    "draw-2": 100,
    "draw-3": 100,
    "draw": 100,
    "cross": 100,
    "double-nine-cross": 100,
    "all-fives": 100,
    "fives-and-threes": 100,
}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_option_defaults_and_targets_are_the_ones_rules_md_names(variant: str) -> None:
    spec = get_variant(variant)
    assert {option.id: option.default for option in spec.options} == DEFAULTS[variant]
    if variant in TARGETS:
        assert spec.default_target == TARGETS[variant]
    for option in spec.options:
        with pytest.raises(RulesError) as caught:
            spec.resolve_options(spec.default_players, {option.id: "no-such-value"})
        assert caught.value.code == "bad-option"
    with pytest.raises(RulesError) as caught:
        make_rules(variant, options={"no-such-option": "on"})
    assert caught.value.code == "bad-option"


@pytest.mark.parametrize(
    ("variant", "targets"),
    [
        ("partnership-block", (100, 150, 200)),
        ("block", (50, 75, 100)),
        ("draw-2", (100, 150, 200)),
        ("draw-3", (100, 150, 200)),
        ("pub-block", (100, 121)),
        ("draw", (100, 121)),
        ("all-fives", (100,)),
    ],
)
def test_match_targets_offered(variant: str, targets: tuple[int, ...]) -> None:
    assert get_variant(variant).targets_for({})[0] == targets
    for target in targets:
        assert make_rules(variant, target=target).target == target


def test_touch_move_is_a_table_rule_of_scarnes_games() -> None:
    for variant in ("partnership-block", "block", "draw-2", "draw-3"):
        assert make_rules(variant, options={"touch-move": "on"}).touch_move
        assert not make_rules(variant).touch_move


@pytest.mark.parametrize(("variant", "players", "options"), ALL_TABLES[::7])
def test_every_table_starts_a_match(variant: str, players: int, options: dict[str, str]) -> None:
    if expected(variant, players, options) is None:
        return
    match = Match(make_rules(variant, players, options=options), seed=players)
    assert match.legal_actions()
    assert match.scores == [0] * match.rules.sides


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_option_value_is_explained_in_a_players_words(game_id: str) -> None:
    """The new-game dialog shows what the chosen value does: each value of each option has
    its own sentence (not the other value's), and none names a book or a source."""
    for option in GAMES[game_id].options:
        sentences = [option.explain(value) for value in option.values]
        assert len(set(sentences)) == len(sentences), f"{option.id}: two values share one explanation"
        for value, sentence in zip(option.values, sentences, strict=True):
            assert sentence[-1] in ".!" and sentence[0].isupper(), (option.id, value, sentence)
            for bookish in ("Scarne", "Hoyle", "source", "irregularit", "Celko"):
                assert bookish not in sentence, (option.id, value, sentence)
