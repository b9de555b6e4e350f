"""The history kept on the device: newest first, one entry a match, bounded with a notice
the first time, filtered, merged without duplicates, and never broken by damaged storage."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers.kept_matches import kept
from tests.helpers.storage import BlockedStorage, DictStorage
from web.storage.history import (
    HISTORY_KEY,
    MAX_CHARS,
    MAX_MATCHES,
    PRUNED_NOTICE,
    History,
    kept_from_json,
)


def record(number: int) -> str:
    """A record standing for match ``number``."""
    return f'[Variant "draw-2"]\n{{match {number}}}\n'


def test_matches_are_kept_newest_first_and_read_back() -> None:
    storage = DictStorage()
    history = History(storage)
    for number in range(3):
        assert history.keep(kept(number), record(number)) == ""
    assert [entry.match_id for entry in history.matches] == ["slot:2:6-6", "slot:1:6-6", "slot:0:6-6"]
    assert History(storage).matches == history.matches


def test_a_match_kept_again_replaces_its_entry_moves_to_the_front_and_keeps_its_review() -> None:
    history = History(DictStorage())
    history.keep(kept(1, outcome="unfinished", hands=1), record(1))
    history.keep(kept(2), record(2))
    history.count_review("slot:1:6-6", 1, decisions=10, sound=7)
    history.count_review("slot:1:6-6", 2, decisions=4, sound=1)
    history.count_review("slot:1:6-6", 2, decisions=4, sound=3)
    history.keep(kept(1, hands=4), record(1))
    assert [entry.match_id for entry in history.matches] == ["slot:1:6-6", "slot:2:6-6"]
    first = history.matches[0]
    assert (first.outcome, first.hands, first.reviews) == ("won", 4, ((1, 10, 7), (2, 4, 3)))
    assert first.accuracy == 10 / 14


def test_the_oldest_matches_go_beyond_the_bound_with_a_notice_the_first_time_only() -> None:
    storage = DictStorage()
    history = History(storage)
    for number in range(MAX_MATCHES):
        assert history.keep(kept(number), record(number)) == ""
    assert history.keep(kept(MAX_MATCHES), record(MAX_MATCHES)) == PRUNED_NOTICE
    assert len(history.matches) == MAX_MATCHES
    assert history.get("slot:0:6-6") is None
    assert History(storage).keep(kept(MAX_MATCHES + 1), record(MAX_MATCHES + 1)) == "", (
        "told once, even after a reload"
    )
    assert History(storage).get("slot:1:6-6") is None


def test_the_records_together_stay_under_the_character_bound() -> None:
    history = History(DictStorage())
    big = "x" * (MAX_CHARS // 3 + 1)  # (three of them are one character too many)
    for number in range(4):
        history.keep(kept(number), big)
    assert [entry.match_id for entry in history.matches] == ["slot:3:6-6", "slot:2:6-6"]
    assert sum(entry.chars for entry in history.matches) <= MAX_CHARS
    assert history.record("slot:3:6-6") == big
    assert history.record("slot:0:6-6") is None, "a removed match's record is removed too"


def test_filters_by_rule_set_level_and_result() -> None:
    history = History(None)
    history.keep(kept(1, variant="block", levels=("easy", "hard", "easy")), record(1))
    history.keep(kept(2, outcome="lost"), record(2))
    history.keep(kept(3, levels=("hard",), outcome="unfinished"), record(3))
    assert [entry.match_id for entry in history.filtered(variant="draw-2")] == ["slot:3:6-6", "slot:2:6-6"]
    assert [entry.match_id for entry in history.filtered(level="hard")] == ["slot:3:6-6", "slot:1:6-6"]
    assert [entry.match_id for entry in history.filtered(outcome="lost")] == ["slot:2:6-6"]
    assert history.filtered(variant="block", outcome="lost") == []


def test_merging_adds_only_the_matches_not_kept_in_day_order() -> None:
    history = History(DictStorage())
    history.keep(kept(1, day="2026-11-20"), record(1))
    history.keep(kept(2, day="2026-11-25"), record(2))
    added = history.merge(
        [
            (kept(2, day="2026-11-25", hands=1), record(2)),
            (kept(3, day="2026-11-22"), record(3)),
            (kept(3, day="2026-11-22"), record(3)),
        ]
    )
    assert added == 1
    assert [entry.match_id for entry in history.matches] == ["slot:2:6-6", "slot:3:6-6", "slot:1:6-6"]
    assert history.get("slot:2:6-6").hands == 5  # type: ignore[union-attr]
    assert history.merge([(kept(1), record(1))]) == 0
    assert history.record("slot:3:6-6") == record(3)


def test_full_or_blocked_storage_never_breaks_the_table() -> None:
    full = DictStorage(quota=10)
    history = History(full)
    history.keep(kept(1), record(1))
    assert [entry.match_id for entry in history.matches] == ["slot:1:6-6"]
    assert HISTORY_KEY not in full.data
    assert history.record("slot:1:6-6") == record(1), "kept for the visit"
    blocked = History(BlockedStorage())
    blocked.keep(kept(1), record(1))
    assert len(blocked.matches) == 1


def test_a_damaged_entry_is_dropped_and_the_rest_are_kept() -> None:
    storage = DictStorage()
    good = kept(1).to_json()
    bad = [
        {**good, "id": "x" * 300},
        {**good, "day": "yesterday"},
        {**good, "outcome": "drawn"},
        {**good, "hands_won": 9},
        {**good, "side": 5},
        {**good, "scores": [1e400]},
        {**good, "reviews": [[1, 1, 2]]},
        {**good, "reviews": [[1, 2]]},
        {**good, "players": True},
        {**good, "levels": ["<script>"]},
        {**good, "record": ""},
        "a string",
    ]
    storage.data[HISTORY_KEY] = json.dumps({"matches": [*bad, good, good]})
    assert [entry.match_id for entry in History(storage).matches] == ["slot:1:6-6"]


@settings(max_examples=200, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
        max_leaves=30,
    )
)
def test_any_json_in_the_history_key_reads_as_valid_entries_or_none(value: object) -> None:
    storage = DictStorage()
    storage.data[HISTORY_KEY] = json.dumps({"matches": [value, kept(1).to_json()]})
    history = History(storage)
    assert [entry.match_id for entry in history.matches][-1] == "slot:1:6-6"
    assert all(kept_from_json(entry.to_json()) == entry for entry in history.matches)


def test_text_that_is_not_json_reads_as_nothing_kept() -> None:
    for text in ("", "{", "[1, 2]", "null", '{"matches": 5}', "x" * (3 * MAX_CHARS)):
        storage = DictStorage()
        storage.data[HISTORY_KEY] = text
        assert History(storage).matches == []
