"""Which game a table boots with, and which save slot it keeps its game in.

A table plays the game saved in its slot; else the game a position link starts; else a new
game of the link's settings, of a damaged save's, or of the default table. Everything that
goes wrong on the way (storage blocked, a damaged save set aside, a link that cannot be
read or played) becomes a notice for the person; nothing stops the boot.

Pure Python (the engine and the standard library); no browser imports.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import EngineError
from web.game_dialog import import_error_text
from web.links.params import LinkRequest
from web.links.share import Shared, SharedError, read_fragment
from web.settings import Settings
from web.storage.save_check import damage_of
from web.storage.saves import SaveSlots, slot_key
from web.storage.unsaved import UnsavedMoves
from web.table_kinds import Game, from_position, new_game, new_seed, restored

__all__ = [
    "NOT_KEPT",
    "FirstGame",
    "first_game",
    "lost_game",
    "older_position",
    "read_shared",
    "saved_game",
    "slot_of",
]

NOT_KEPT = (
    "This browser does not let the table store anything here, so games will not be kept: "
    "a reload starts a new game."
)
"""Said once when storage is blocked (a cross-site frame, some private windows)."""


def older_position(saved: str, reached: str) -> str:
    """The notice of a restored game older than the one played: storage had no room for the
    moves from ``saved`` (the restored position) to ``reached`` (both in the player's words)."""
    return (
        "The browser's storage for this site was full, so the moves after "
        f"{saved} could not be saved: this is the game as it was then (it had reached {reached})."
    )


def lost_game(reached: str) -> str:
    """The notice of a new game started where storage had no room for any of the last one."""
    return (
        "The browser's storage for this site was full, so your last game "
        f"(at {reached}) could not be saved. A new game has started."
    )


@dataclass(frozen=True)
class FirstGame:
    """The game a table boots with."""

    game: Game
    restored: bool
    """Whether it is the game saved in the table's slot."""
    notices: list[str]
    """What the person is told about the boot (empty when all went well)."""


def read_shared(fragment: str) -> tuple[Shared | None, str]:
    """The game a link's fragment carries, or why it cannot be read ("" if it carries none)."""
    try:
        return read_fragment(fragment), ""
    except SharedError as error:
        return None, str(error)


def slot_of(link: LinkRequest, shared: Shared | None) -> str:
    """The table's save slot: the game its link asks for ("" for the plain table), so tables
    embedded side by side (a page of puzzles too), or opened from different links, keep
    their own games."""
    if shared is not None and shared.kind == "position":
        return f"{link.key} position {shared.text.strip()}".strip()
    if shared is not None and shared.kind == "puzzle" and link.embed.enabled:
        return f"{link.key} puzzle {shared.text.strip()}"
    return link.key


def saved_game(slots: SaveSlots, slot: str) -> tuple[Game | None, str | None, dict[str, Any] | None]:
    """The game saved in ``slot``, restored; a notice if it was damaged (it is then set aside);
    and the settings worth a new game when the save could not be restored but they could."""
    saved, damaged = slots.load(slot)
    settings_kept = slots.damaged_settings
    if saved is None:
        return None, damaged, settings_kept
    try:
        return restored(saved.text), None, None
    except EngineError as error:  # its settings read, but its moves do not
        return None, slots.set_aside(slot, damage_of(error, saved.text)), saved.settings


def first_game(
    slots: SaveSlots,
    slot: str,
    link: LinkRequest,
    shared: Shared | None,
    problems: list[str],
    unsaved: UnsavedMoves | None = None,
) -> FirstGame:
    """The game saved in ``slot`` if there is one, else the game ``shared`` (a link's
    position) starts, else a new game: of the link's settings, else a damaged save's, else
    (a save damaged beyond saying) the game the table was last seen playing, else the
    default table's; dealt from the link's seed or a new one. ``problems``: what the person
    is told already; ``unsaved``: the notes of moves storage had no room for, so that an
    older position is never restored as if it were the latest."""

    def seed() -> int:
        return new_seed() if link.seed is None else link.seed

    notices = [NOT_KEPT] if slots.blocked else []
    saved_text = slots.text(slot)
    reached = None if unsaved is None else unsaved.reached(slot_key(slot), saved_text)
    game, damaged, settings_kept = saved_game(slots, slot)
    notices += [message for message in (damaged, link.notice(), *problems) if message]
    if reached is not None and game is not None:
        notices.append(older_position(game.progress(), reached))
    elif reached is not None and saved_text is None:
        notices.append(lost_game(reached))
    if game is not None:
        return FirstGame(game, True, notices)
    if shared is not None and shared.kind == "position":
        try:
            return FirstGame(
                from_position(
                    shared.text, seed(), _link_levels(link, shared.text), from_link=link.seed is not None
                ),
                False,
                notices,
            )
        except EngineError as error:
            notices.append("The position in this link cannot be played: " + import_error_text(error))
    settings = (
        link.settings
        or _settings_or_none(settings_kept)
        or (_last_settings(slots.last_game(slot)) if saved_text is not None else None)
        or Settings.for_variant("draw-2")
    )
    return FirstGame(new_game(settings, seed(), from_link=link.seed is not None), False, notices)


def _link_levels(link: LinkRequest, position: str) -> tuple[str, ...]:
    """The computer players' levels the link gives, if it names the position's rule set and table."""
    settings = link.settings
    head = position.strip().split()
    if settings is None or len(head) < 2 or head[0] != settings.variant or head[1] != str(settings.players):
        return ()
    return settings.levels


def _settings_or_none(data: dict[str, Any] | None) -> Settings | None:
    """Settings from a save's settings part, or None if there are none or they are not valid."""
    if data is None:
        return None
    try:
        return Settings.from_json(data)
    except EngineError:
        return None


def _last_settings(game: tuple[str, int] | None) -> Settings | None:
    """A new game of the rule set and players a table was last seen playing, if still offered."""
    if game is None:
        return None
    try:
        return Settings.for_variant(*game)
    except EngineError:
        return None
