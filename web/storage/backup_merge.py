"""Merging a checked backup (:mod:`web.storage.backup`) into the device's storage, without
duplicates:

* the history: the matches not kept here are added (:meth:`History.merge`), in day order;
* the saved games: a table with no game here takes the file's; a table with a different
  game keeps whichever game is further on (more moves made);
* the statistics: per rule set, the figures that count more hands; the ratings: per family,
  the one with more rated matches; the puzzle book: the one with more puzzles tried (each
  rating is a path of its own and cannot be added to another);
* the day's results: those not kept here (the Expert's result completing one);
* the colours and sound: only where none was chosen here.

Importing the same file twice changes nothing the second time. Pure Python (the storage
protocol and the stores).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.words import and_list
from web.storage.backup import SETTINGS, STORES, Backup, stored_text
from web.storage.history import History
from web.storage.kept_json import write_json
from web.storage.save_check import validate_save
from web.storage.saves import Storage

__all__ = ["merge_backup"]


def _plural(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def _merge_saves(storage: Storage, saves: dict[str, str], moves_made: Callable[[str], int]) -> list[str]:
    """Each table's game: the file's where there is none here, else the one further on."""
    added = replaced = 0
    for key, text in saves.items():
        here = stored_text(storage, key)
        if here == text:
            continue
        if here is not None:
            try:
                validate_save(here)
                further = moves_made(text) > moves_made(here)
            except Exception:  # the game here is damaged: the file's takes its place
                further = True
            if not further:
                continue
        try:
            storage.set(key, text)
        except Exception:
            continue
        added += here is None
        replaced += here is not None
    said = []
    if added:
        said.append(_plural(added, "saved game", "saved games"))
    if replaced:
        said.append(
            _plural(replaced, "game further on than the one here", "games further on than the ones here")
        )
    return said


def _more(
    here: dict[str, Any], there: dict[str, Any], size: Callable[[Any], int]
) -> tuple[dict[str, Any], int]:
    """``here`` with each of ``there``'s entries that is bigger by ``size``; how many were taken."""
    merged, taken = dict(here), 0
    for name, entry in there.items():
        if name not in merged or size(entry) > size(merged[name]):
            merged[name] = entry
            taken += 1
    return merged, taken


def _merge_statistics(here: dict[str, Any], there: dict[str, Any]) -> tuple[dict[str, Any], int]:
    rule_sets, taken = _more(here["rule_sets"], there["rule_sets"], lambda figures: figures["hands"])
    merged: dict[str, Any] = {"rule_sets": rule_sets, "counted": {**there["counted"], **here["counted"]}}
    reset = sorted({*here.get("reset_before", []), *there.get("reset_before", [])})
    if reset:
        merged["reset_before"] = reset
    return merged, taken


def _merge_ratings(here: dict[str, Any], there: dict[str, Any]) -> tuple[dict[str, Any], int]:
    families, taken = _more(here["families"], there["families"], lambda family: len(family["points"]))
    counted = [*here["counted"], *(match for match in there["counted"] if match not in here["counted"])]
    return {"families": families, "counted": counted}, taken


def _merge_daily(here: list[Any], there: list[Any]) -> tuple[list[Any], int]:
    kept = {(item[0], item[1]): item for item in here}
    taken = 0
    for item in there:
        mine = kept.get((item[0], item[1]))
        if mine is None or (mine[3] is None and item[3] is not None):
            kept[(item[0], item[1])] = item
            taken += 1
    return sorted(kept.values(), key=lambda item: item[0]), taken


def _merge_store(storage: Storage, name: str, there: Any) -> int:
    """Merge the file's part of one store into ``storage``'s; how many entries were taken."""
    key, store = STORES[name]
    here = store(storage).to_json()
    merged: Any
    if name == "statistics":
        merged, taken = _merge_statistics(here, there)
    elif name == "ratings":
        merged, taken = _merge_ratings(here, there)
    elif name == "daily":
        merged, taken = _merge_daily(here, there)
    else:  # the puzzle book: whole, where the file's has more puzzles tried
        taken = int(len(there["attempts"]) > len(here["attempts"]))
        merged = there if taken else here
    if taken and not write_json(storage, key, merged):
        return 0
    if taken:  # (the store trims what it keeps: written as it reads it)
        write_json(storage, key, store(storage).to_json())
    return taken


def merge_backup(storage: Storage, backup: Backup, moves_made: Callable[[str], int]) -> str:
    """Merge ``backup`` (checked by :func:`read_backup` and :func:`deep_check`) into
    ``storage``, as the module says; what was imported, in the player's words.
    ``moves_made`` counts the moves made in a saved game."""
    said: list[str] = []
    history = History(storage)
    added = history.merge(backup.matches)
    if added:
        said.append(f"{_plural(added, 'match', 'matches')} added to your history")
    said += _merge_saves(storage, backup.saves, moves_made)
    words = {
        "statistics": ("the statistics of a rule set", "the statistics of {} rule sets"),
        "ratings": ("a rating", "{} ratings"),
        "puzzles": ("your puzzle rating", "your puzzle rating"),
        "daily": ("a day's result", "{} days' results"),
    }
    for name in STORES:
        taken = _merge_store(storage, name, backup.stores[name])
        if taken:
            one, many = words[name]
            said.append(one if taken == 1 else many.format(taken))
    chosen = 0
    for name, value in backup.settings.items():
        key = SETTINGS[name][0]
        if stored_text(storage, key) is None:
            try:
                storage.set(key, value)
            except Exception:
                continue
            chosen += 1
    if chosen:
        said.append("your colours and sound")
    if not said:
        return "Nothing to import: everything in this file is already here."
    return f"Imported {and_list(said)}."
