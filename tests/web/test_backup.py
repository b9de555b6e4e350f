"""Export and import: a backup carries everything the table keeps; imported on a fresh
profile it gives the same history, ratings and the rest; merged into a profile with its own
games it adds without duplicates; a damaged or hostile file is refused in plain words and
changes nothing."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers.controllers import play_to_hand_end
from tests.helpers.profiles import DAY, a_profile, play_a_match
from tests.helpers.storage import DictStorage
from web.line.controller import Controller, Settings
from web.line.kept import match_id_of
from web.storage.backup import (
    BACKUP_FORMAT,
    BackupError,
    deep_check,
    make_backup,
    read_backup,
)
from web.storage.backup_merge import merge_backup
from web.storage.daily_results import DailyResults
from web.storage.history import History
from web.storage.puzzle_book import PuzzleBook
from web.storage.ratings import Ratings
from web.storage.saves import SAVE_KEY, SLOT_PREFIX
from web.storage.stats import Stats
from web.table_kinds import moves_made, replay_of_text, restored

PROFILE = a_profile()
FILE = make_backup(PROFILE, DAY.isoformat())


def imported(storage: DictStorage, text: str) -> str:
    """Import ``text`` into ``storage`` as the table does: check it all, then merge."""
    backup = read_backup(text)
    for _ in deep_check(backup, restored, replay_of_text):
        pass
    return merge_backup(storage, backup, moves_made)


def test_a_backup_imported_on_a_fresh_profile_gives_the_same_history_ratings_and_the_rest() -> None:
    fresh = DictStorage()
    said = imported(fresh, FILE)
    assert said.startswith("Imported 3 matches added to your history, 2 saved games")
    before, after = History(PROFILE), History(fresh)
    assert after.matches == before.matches, "every match, newest first, its review too"
    assert all(after.record(kept.match_id) == before.record(kept.match_id) for kept in before.matches)
    assert Ratings(fresh).to_json() == Ratings(PROFILE).to_json()
    assert Stats(fresh).to_json()["rule_sets"] == Stats(PROFILE).to_json()["rule_sets"]
    assert PuzzleBook(fresh).to_json() == PuzzleBook(PROFILE).to_json()
    assert DailyResults(fresh).to_json() == DailyResults(PROFILE).to_json()
    assert fresh.get(SAVE_KEY) == PROFILE.get(SAVE_KEY)
    assert fresh.get("dominoes.theme") == "dark"


def test_importing_the_same_file_again_changes_nothing() -> None:
    storage = DictStorage()
    imported(storage, FILE)
    after_first = dict(storage.data)
    assert imported(storage, FILE) == "Nothing to import: everything in this file is already here."
    assert storage.data == after_first


def test_a_profile_with_its_own_games_keeps_them_and_gains_the_files() -> None:
    here = DictStorage()
    own = play_a_match(here, 40)
    mine = Controller(Settings.for_variant("draw-2", level="greedy"), seed=41)
    play_to_hand_end(mine)
    just_started = Controller(Settings.for_variant("draw-2"), seed=42)
    here.set(SAVE_KEY, just_started.save())  # a game just started: the file's is further on
    here.set(SLOT_PREFIX + "variant=block&seed=9", mine.save())  # further on than the file's
    here.set("dominoes.theme", "light")
    rating_here = Ratings(here).to_json()["families"]["Draw games"]
    imported(here, FILE)
    ids = [kept.match_id for kept in History(here).matches]
    assert sorted(ids) == sorted(
        [match_id_of(own, SAVE_KEY), *(kept.match_id for kept in History(PROFILE).matches)]
    )
    assert here.get(SAVE_KEY) == PROFILE.get(SAVE_KEY), "the game further on is kept"
    assert here.get(SLOT_PREFIX + "variant=block&seed=9") == mine.save(), "and this table's own, further on"
    assert here.get("dominoes.theme") == "light", "a choice made here stays"
    families = Ratings(here).to_json()["families"]
    assert families["Block games"] == Ratings(PROFILE).to_json()["families"]["Block games"]
    assert families["Draw games"] == rating_here, "one rated match each: the one here stays"


def test_the_family_with_more_rated_matches_is_kept() -> None:
    here = DictStorage()
    for seed in (50, 51, 52):
        play_a_match(here, seed)
    draw_here = Ratings(here).to_json()["families"]["Draw games"]
    imported(here, FILE)
    assert Ratings(here).to_json()["families"]["Draw games"] == draw_here


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "it is empty"),
        ("not json", "it is not readable"),
        ("[" * 50 + "]" * 50, "it is nested too deeply"),
        ('{"format": "dominoes-backup/2"}', "a later version of this table"),
        ('{"format": "something else"}', "it is not a backup of this table"),
        (FILE.replace('"made": "2026-11-28"', '"made": "yesterday"'), "its date is damaged"),
        (FILE.replace('"format"', '"format": "x", "format"', 1), "it holds the same entry twice"),
        (FILE.replace('"hands_won": 1', '"hands_won": 99', 1), "match"),
        (FILE.replace('"theme": "dark"', '"theme": "purple"'), "its settings are damaged"),
        (
            FILE.replace('"best_streak": 1, "attempts"', '"best_streak": -1, "attempts"'),
            "its puzzle results are damaged",
        ),
        (FILE.replace(BACKUP_FORMAT + '"', BACKUP_FORMAT + '", "extra": 1', 1), "it is damaged"),
        (" " * 9_000_000, "it is too large"),
    ],
    ids=lambda value: value[:30] if isinstance(value, str) else str(value),
)
def test_a_damaged_file_is_refused_saying_why(text: str, why: str) -> None:
    with pytest.raises(BackupError, match=why) as refused:
        read_backup(text)
    assert str(refused.value).startswith("This file cannot be imported: ")
    assert str(refused.value).endswith("Nothing was changed.")


def test_a_record_that_does_not_replay_is_refused_before_anything_is_written() -> None:
    data = json.loads(FILE)
    match_id = data["history"]["matches"][0]["id"]
    record = data["history"]["records"][match_id]
    moves = [line for line in record.splitlines() if line and not line.startswith(("[", "{"))]
    damaged = record.replace(moves[-1], moves[-1].replace("1.", "1. 6-6 6-6", 1), 1)
    assert damaged != record
    data["history"]["records"][match_id] = damaged
    data["history"]["matches"][0]["chars"] = len(damaged)
    backup = read_backup(json.dumps(data))
    with pytest.raises(BackupError, match="the record of match 1 of its history"):
        list(deep_check(backup, restored, replay_of_text))


def mutate(text: str, data: st.DataObject) -> str:
    """``text`` with a few characters replaced, removed or inserted where hypothesis says."""
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(text) - 1))
        kind = data.draw(st.sampled_from(["replace", "delete", "insert"]))
        char = data.draw(st.sampled_from(list('0123456789-"{}[],:abcxyz \\')))
        if kind == "replace":
            text = text[:at] + char + text[at + 1 :]
        elif kind == "delete":
            text = text[:at] + text[at + 1 :]
        else:
            text = text[:at] + char + text[at:]
    return text


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_mutated_file_is_refused_and_changes_nothing_or_imports_losing_nothing(data: st.DataObject) -> None:
    here = DictStorage()
    own = play_a_match(here, 60)
    here.set(SAVE_KEY, Controller(Settings.for_variant("block"), seed=61).save())
    before = dict(here.data)
    text = mutate(FILE, data)
    try:
        said = imported(here, text)
    except BackupError as error:
        assert str(error).startswith("This file cannot be imported: ")
        assert here.data == before, "a refused file changes nothing"
        return
    assert said.startswith(("Imported ", "Nothing to import"))
    kept = {kept.match_id for kept in History(here).matches}
    assert match_id_of(own, SAVE_KEY) in kept, "nothing kept here is lost"
    for key, text_here in before.items():
        if key == SAVE_KEY or key.startswith(SLOT_PREFIX):
            assert here.data[key] == text_here or moves_made(here.data[key]) > moves_made(text_here), key


def test_a_real_backup_is_read_back_exactly_as_it_was_written() -> None:
    backup = read_backup(FILE)
    assert backup.made == "2026-11-28"
    assert [kept.match_id for kept, _ in backup.matches] == [
        kept.match_id for kept in History(PROFILE).matches
    ]
    assert set(backup.saves) == {SAVE_KEY, SLOT_PREFIX + "variant=block&seed=9"}
    assert backup.settings == {"theme": "dark"}
    assert [kept.reviews for kept, _ in backup.matches] == [kept.reviews for kept in History(PROFILE).matches]


def test_the_experts_hand_of_a_days_deal_that_does_not_replay_is_refused() -> None:
    data = json.loads(FILE)
    data["daily"] = [["2026-11-27", "draw-2", 5, 9, '[Variant "draw-2"]\n\n1. 9-9'], *data["daily"]]
    backup = read_backup(json.dumps(data))
    with pytest.raises(BackupError, match="the Expert's hand of the day's deal of 2026-11-27"):
        list(deep_check(backup, restored, replay_of_text))
