"""A damaged save's notice names what is wrong with it (web/storage/save_check.py ``damage_of``,
through web/storage/first_game.py), and the new game is the rule set the person was playing
whenever the save's tags still say which."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from tests.helpers.storage import DictStorage, four_player_block_save
from web.dice.controller import DiceController
from web.line.controller import Controller, Settings
from web.links.params import parse_link
from web.storage.first_game import first_game
from web.storage.saves import SAVE_KEY, SaveSlots


def notice_for(text: str) -> tuple[str, Settings]:
    """The boot's notice for a save ``text`` in the plain table's slot, and the new game's settings."""
    storage = DictStorage()
    storage.data[SAVE_KEY] = text
    first = first_game(SaveSlots(storage), "", parse_link(""), None, [])
    assert not first.restored
    (notice,) = first.notices
    prefix = "Your saved game could not be restored: "
    assert notice.startswith(prefix) and notice.endswith(
        ". A copy was kept aside, and a new game has started."
    )
    return notice[len(prefix) : notice.index(". A copy")], first.game.settings


def tag(name: str, value: str) -> Callable[[str], str]:
    return lambda text: re.sub(rf'\[{name} "[^"]*"\]', f'[{name} "{value}"]', text, count=1)


CASES: list[tuple[str, Callable[[str], str], str]] = [
    ("cut in the moves", lambda text: text[: len(text) // 2 + 7], "it is cut short"),
    ("cut at the end of a line", lambda text: text[: text.index("\n8. ") + 1], "it is cut short"),
    ("cut in the tags", lambda text: text[:120], "it is cut short"),
    ("cut after the tags", lambda text: text[: text.index('[Hand "1"]')], "it is cut short"),
    ("a wrong Score tag", tag("Score", "99-0-0-0"), "the score written in it does not match its moves"),
    ("a wrong Result tag", tag("Result", "1-0"), "the result written in it does not match its moves"),
    (
        "a tile dealt twice",
        lambda text: re.sub(r'(\[Tiles0 ")(\S+) \S+', r"\g<1>\g<2> \g<2>", text, count=1),
        "a tile is dealt twice in it (6-4)",
    ),
    ("a 5,000-digit seed", tag("Seed", "9" * 5000), "its seed is not a number this table can use"),
    (
        "a move that cannot be played",
        lambda text: text.replace("1. 6-6 ", "1. 1-1 ", 1),
        "a move in it cannot be played",
    ),
]


@pytest.mark.parametrize(
    ("damage", "expected"), [case[1:] for case in CASES], ids=[case[0] for case in CASES]
)
def test_the_notice_names_what_is_wrong_and_the_new_game_is_the_one_played(
    damage: Callable[[str], str], expected: str
) -> None:
    reason, settings = notice_for(damage(four_player_block_save()))
    assert reason == expected
    assert (settings.variant, settings.players) == ("block", 4)


@pytest.mark.parametrize(
    ("damage", "expected"),
    [
        (tag("Variant", "blok"), "the rule set it names is not one this table offers"),
        (lambda text: text.replace('[Variant "block"]\n', "", 1), "it does not say which rule set it is"),
        (tag("Players", "9"), "its number of players does not fit its rule set"),
        (tag("Options", "touch-move=sideways"), "its rule options are not ones its rule set offers"),
    ],
)
def test_a_header_naming_no_game_offered_says_which_part(damage: Callable[[str], str], expected: str) -> None:
    reason, _settings = notice_for(damage(four_player_block_save()))
    assert reason == expected


def test_an_unreadable_header_still_gives_the_rule_set_and_players_it_names() -> None:
    broken = tag("Options", "touch-move=sideways")(four_player_block_save())
    _reason, settings = notice_for(broken)
    assert (settings.variant, settings.players) == ("block", 4)
    unclosed = four_player_block_save().replace('[Target "100"]', '[Target "100', 1)
    reason, settings = notice_for(unclosed)
    assert reason == "its description of the game cannot be read"
    assert (settings.variant, settings.players) == ("block", 4)


def test_a_dice_save_cut_short_says_so() -> None:
    text = DiceController(Settings.for_variant("dice", 3), 5).save()
    reason, settings = notice_for(text[: len(text) - 9])
    assert reason == "it is cut short"
    assert settings.variant == "dice"


def dice_save() -> str:
    """A three-player Dice and Dominoes session's save, a few rounds in."""
    controller = DiceController(Settings.for_variant("dice", 3), 5)
    return controller.save()


@pytest.mark.parametrize(("make", "game"), [(four_player_block_save, ("block", 4)), (dice_save, ("dice", 3))])
def test_every_cut_of_a_save_restores_an_earlier_point_or_says_it_is_cut_short(
    make: Callable[[], str], game: tuple[str, int]
) -> None:
    """Cut anywhere, a save either still reads (cut after a whole move, it is the same game at
    an earlier move) or is set aside as "cut short": never any other cause."""
    text = make()
    restored_at = []
    for cut in range(len('[Variant "'), len(text)):
        storage = DictStorage()
        storage.data[SAVE_KEY] = text[:cut]
        first = first_game(SaveSlots(storage), "", parse_link(""), None, [])
        if first.restored:
            restored_at.append(cut)
            assert first.notices == []
            continue
        (notice,) = first.notices
        assert "could not be restored: it is cut short." in notice, (cut, notice)
        assert (first.game.settings.variant, first.game.settings.players) == game or cut < text.index(
            "[Players"
        ) + 12, (cut, first.game.settings)
    assert restored_at, "some cuts leave a whole earlier point of the game"


def test_a_tile_dealt_twice_before_any_move_is_not_taken_for_a_cut() -> None:
    fresh = Controller(Settings.for_variant("block", 4), 7).save()
    reason, _settings = notice_for(re.sub(r'(\[Tiles2 ")(\S+) \S+', r"\g<1>\g<2> \g<2>", fresh, count=1))
    assert reason.startswith("a tile is dealt twice in it (")


def test_a_save_damaged_beyond_naming_its_game_starts_the_game_last_played_there() -> None:
    damaged = "[Variant \x00 block" + four_player_block_save()[20:]
    storage = DictStorage()
    SaveSlots(storage, 20_000).opened("", ("block", 4))
    storage.data[SAVE_KEY] = damaged
    first = first_game(SaveSlots(storage, 20_001), "", parse_link(""), None, [])
    assert not first.restored and len(first.notices) == 1
    assert (first.game.settings.variant, first.game.settings.players) == ("block", 4)
    never_seen = DictStorage()  # a table never seen playing anything starts the default game
    never_seen.data[SAVE_KEY] = damaged
    assert (
        first_game(SaveSlots(never_seen, 20_001), "", parse_link(""), None, []).game.settings.variant
        == "draw-2"
    )
