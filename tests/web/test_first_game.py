"""Which game a table boots with (web/storage/first_game.py): its save, a position link's game, or a
new game of the link's settings or the default table; and what the person is told."""

from __future__ import annotations

from engine.line.notation import write_position
from web.dice.controller import DiceController
from web.line.controller import Controller, Settings
from web.links.params import parse_link
from web.links.share import position_fragment
from web.storage.first_game import NOT_KEPT, first_game, read_shared, slot_of
from web.storage.saves import SaveSlots


class DictStorage:
    """Storage in a dict (``blocked``: every call throws, as in a sandboxed frame)."""

    def __init__(self, blocked: bool = False) -> None:
        self.data: dict[str, str] = {}
        self.blocked = blocked

    def get(self, key: str) -> str | None:
        self._check()
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self._check()
        self.data[key] = value

    def remove(self, key: str) -> None:
        self._check()
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        self._check()
        return list(self.data)

    def _check(self) -> None:
        if self.blocked:
            raise PermissionError("SecurityError: storage is blocked")


def test_the_plain_table_boots_a_new_draw_game_and_says_nothing() -> None:
    first = first_game(SaveSlots(DictStorage()), "", parse_link(""), None, [""])
    assert isinstance(first.game, Controller)
    assert first.game.settings.variant == "draw-2"
    assert not first.restored
    assert first.notices == []


def test_blocked_storage_is_said_once_and_the_table_still_boots() -> None:
    first = first_game(SaveSlots(DictStorage(blocked=True)), "", parse_link(""), None, [""])
    assert isinstance(first.game, Controller)
    assert first.notices == [NOT_KEPT]


def test_the_saved_game_of_the_slot_is_picked_up() -> None:
    slots = SaveSlots(DictStorage())
    playing = Controller(Settings.for_variant("block"), seed=3)
    playing.act(playing.match.view(playing.match.turn).legal_actions[0])
    slots.save("", playing.save())
    first = first_game(slots, "", parse_link("?variant=draw-2"), None, [""])
    assert first.restored
    assert isinstance(first.game, Controller)
    assert first.game.match.hand.actions == playing.match.hand.actions


def test_a_saved_dice_game_comes_back_as_a_dice_game() -> None:
    slots = SaveSlots(DictStorage())
    slots.save("", DiceController(Settings.for_variant("dice"), seed=5).save())
    first = first_game(slots, "", parse_link(""), None, [""])
    assert first.restored
    assert isinstance(first.game, DiceController)


def test_a_link_with_no_save_starts_its_own_game_from_its_seed() -> None:
    link = parse_link("?variant=block&players=3&seed=7")
    first = first_game(SaveSlots(DictStorage()), link.key, link, None, [""])
    assert isinstance(first.game, Controller)
    assert (first.game.settings.variant, first.game.settings.players) == ("block", 3)
    assert first.game.match.seed == 7


def test_a_position_link_starts_its_game_in_a_slot_of_its_own() -> None:
    match = Controller(Settings.for_variant("block"), seed=11).match
    text = write_position(match.hand, tuple(match.scores), seat=0)
    shared, problem = read_shared(position_fragment(text))
    assert shared is not None and problem == ""
    link = parse_link("")
    slot = slot_of(link, shared)
    assert slot.startswith("position ") and slot != link.key
    first = first_game(SaveSlots(DictStorage()), slot, link, shared, [problem])
    assert isinstance(first.game, Controller)
    assert first.game.settings.variant == "block"
    assert not first.restored and first.notices == []


def test_a_link_that_cannot_be_read_is_told_and_the_default_table_boots() -> None:
    shared, problem = read_shared("#record=%%%")
    assert shared is None and problem
    first = first_game(SaveSlots(DictStorage()), "", parse_link(""), shared, [problem])
    assert isinstance(first.game, Controller)
    assert first.notices == [problem]
