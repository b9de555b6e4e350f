"""Statistics on the device (web/storage/stats.py): each hand and match counted once (across reloads
too), streaks, reset, figures per rule set, and storage that is damaged, full or blocked never
breaks the table."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from web.storage.stats import STATS_KEY, RuleSetStats, Stats


class DictStorage:
    """A working storage, like localStorage, over a dict."""

    def __init__(self, data: dict[str, str] | None = None) -> None:
        self.data = dict(data or {})
        self.writes = 0

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.writes += 1
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)


class BrokenStorage:
    """A storage whose every call raises (a sandboxed iframe's SecurityError)."""

    def __init__(self) -> None:
        self.calls = 0

    def _fail(self) -> None:
        self.calls += 1
        raise PermissionError("SecurityError: the operation is insecure")

    def get(self, key: str) -> str | None:
        self._fail()
        return None

    def set(self, key: str, value: str) -> None:
        self._fail()

    def remove(self, key: str) -> None:
        self._fail()

    def keys(self) -> list[str]:
        self._fail()
        return []


class FullStorage(DictStorage):
    """A storage that reads but refuses every write (the quota is full)."""

    def set(self, key: str, value: str) -> None:
        raise OSError("QuotaExceededError")


# --- counting once ---------------------------------------------------------------------------


def test_a_hand_is_counted_with_its_figures() -> None:
    """A won hand adds one hand, one hand won and its points for and against."""
    stats = Stats(DictStorage())
    assert stats.count_hand("m1", "block", 1, True, 25, 0) is True
    assert stats.count_hand("m1", "block", 2, False, 0, 40) is True
    assert stats.of("block") == RuleSetStats(hands=2, hands_won=1, points_for=25, points_against=40)


def test_the_same_hand_twice_counts_once() -> None:
    """Counting a hand again (a redraw, a repeated event) changes nothing and says so."""
    stats = Stats(DictStorage())
    assert stats.count_hand("m1", "draw-2", 1, True, 10, 3)
    assert stats.count_hand("m1", "draw-2", 1, True, 10, 3) is False
    assert stats.count_hand("m1", "draw-2", 1, False, 0, 99) is False
    assert stats.of("draw-2") == RuleSetStats(hands=1, hands_won=1, points_for=10, points_against=3)


def test_a_hand_taken_back_and_played_again_is_not_counted_again() -> None:
    """After hand 3 is counted, hands 1 to 3 of that match are never counted again."""
    stats = Stats(DictStorage())
    for number in (1, 2, 3):
        assert stats.count_hand("m", "block", number, number % 2 == 1, 5, 5)
    assert [stats.count_hand("m", "block", number, True, 5, 5) for number in (1, 2, 3)] == [False] * 3
    assert stats.count_hand("m", "block", 4, True, 5, 5) is True
    assert stats.of("block").hands == 4 and stats.of("block").hands_won == 3


def test_different_matches_count_their_own_hands() -> None:
    """Hand 1 of two different matches counts twice: once for each match."""
    stats = Stats(DictStorage())
    assert stats.count_hand("a", "block", 1, True, 1, 0)
    assert stats.count_hand("b", "block", 1, True, 1, 0)
    assert stats.of("block").hands == 2


def test_a_match_is_counted_once() -> None:
    """A finished match counts once, however often it is reported."""
    stats = Stats(DictStorage())
    assert stats.count_match("m", "jamaican-partner", True) is True
    assert stats.count_match("m", "jamaican-partner", True) is False
    assert stats.count_match("m", "jamaican-partner", False) is False
    figures = stats.of("jamaican-partner")
    assert (figures.matches, figures.matches_won, figures.streak, figures.best_streak) == (1, 1, 1, 1)


def test_a_reload_keeps_the_figures_and_still_refuses_double_counts() -> None:
    """A new Stats over the same storage (a reload) reads the figures and remembers what was counted."""
    storage = DictStorage()
    first = Stats(storage)
    first.count_hand("m", "block", 1, True, 30, 10)
    first.count_hand("m", "block", 2, False, 0, 12)
    first.count_match("m", "block", False)
    assert STATS_KEY in storage.data
    again = Stats(storage)
    assert again.of("block") == first.of("block")
    assert again.of("block") == RuleSetStats(
        matches=1, hands=2, hands_won=1, points_for=30, points_against=22
    )
    assert again.count_hand("m", "block", 2, False, 0, 12) is False
    assert again.count_hand("m", "block", 1, True, 30, 10) is False
    assert again.count_match("m", "block", False) is False
    assert again.count_hand("m", "block", 3, True, 7, 0) is True
    assert Stats(storage).of("block").hands == 3


def test_every_change_is_written_at_once() -> None:
    """Each count writes the storage; a refused double count does not."""
    storage = DictStorage()
    stats = Stats(storage)
    stats.count_hand("m", "block", 1, True, 1, 0)
    assert storage.writes == 1
    stats.count_hand("m", "block", 1, True, 1, 0)
    assert storage.writes == 1
    stats.count_match("m", "block", True)
    assert storage.writes == 2
    data = json.loads(storage.data[STATS_KEY])
    assert data["rule_sets"]["block"]["matches_won"] == 1


# --- streaks -------------------------------------------------------------------------------------


def test_streaks_and_the_best_streak() -> None:
    """The streak counts matches won in a row; a loss ends it; the best streak keeps the longest."""
    stats = Stats(DictStorage())
    seen = []
    for number, won in enumerate([True, True, False, True, True, True, False, True]):
        stats.count_match(f"m{number}", "draw-2", won)
        figures = stats.of("draw-2")
        seen.append((figures.streak, figures.best_streak))
    assert seen == [(1, 1), (2, 2), (0, 2), (1, 2), (2, 2), (3, 3), (0, 3), (1, 3)]
    figures = stats.of("draw-2")
    assert (figures.matches, figures.matches_won) == (8, 6)


def test_a_streak_survives_a_reload() -> None:
    """The current and best streaks are kept in storage like the other figures."""
    storage = DictStorage()
    stats = Stats(storage)
    for number in range(3):
        stats.count_match(f"m{number}", "block", True)
    again = Stats(storage)
    again.count_match("m3", "block", True)
    assert (again.of("block").streak, again.of("block").best_streak) == (4, 4)


def test_a_double_counted_loss_does_not_end_a_streak() -> None:
    """Reporting a won match again as lost is refused, so the streak stays."""
    stats = Stats(DictStorage())
    stats.count_match("m1", "block", True)
    stats.count_match("m2", "block", True)
    assert stats.count_match("m2", "block", False) is False
    assert stats.of("block").streak == 2


# --- per rule set, reset -------------------------------------------------------------------------


def test_figures_are_kept_per_rule_set() -> None:
    """Each rule set has its own figures; a rule set never played reads as zeros."""
    stats = Stats(DictStorage())
    stats.count_hand("a", "block", 1, True, 10, 0)
    stats.count_match("a", "block", True)
    stats.count_hand("b", "all-fives", 1, False, 5, 20)
    stats.count_match("b", "all-fives", False)
    assert stats.of("block") == RuleSetStats(1, 1, 1, 1, 10, 0, 1, 1)
    assert stats.of("all-fives") == RuleSetStats(1, 0, 1, 0, 5, 20, 0, 0)
    assert stats.of("draw-2") == RuleSetStats()
    again = Stats(stats.storage)
    assert again.by_rule_set == {"block": stats.of("block"), "all-fives": stats.of("all-fives")}


def test_of_a_rule_set_never_played_does_not_add_it() -> None:
    """Asking for a rule set's figures does not make an entry for it."""
    stats = Stats(DictStorage())
    stats.of("cross").hands  # noqa: B018 - reading only
    assert stats.by_rule_set == {}


def test_reset_forgets_the_figures_but_not_what_was_counted() -> None:
    """After a reset every rule set reads zeros (also after a reload) and old hands still do not count."""
    storage = DictStorage()
    stats = Stats(storage)
    stats.count_hand("m", "block", 1, True, 10, 0)
    stats.count_match("m", "block", True)
    stats.count_hand("n", "draw-2", 1, True, 10, 0)
    stats.reset()
    assert stats.of("block") == RuleSetStats() and stats.of("draw-2") == RuleSetStats()
    again = Stats(storage)
    assert again.by_rule_set == {}
    assert again.count_hand("m", "block", 1, True, 10, 0) is False
    assert again.count_match("m", "block", True) is False
    assert again.count_hand("m", "block", 2, True, 10, 0) is True
    assert again.of("block") == RuleSetStats(hands=1, hands_won=1, points_for=10)


# --- damaged storage -----------------------------------------------------------------------------

GOOD = {
    "matches": 2,
    "matches_won": 1,
    "hands": 9,
    "hands_won": 5,
    "points_for": 120,
    "points_against": 80,
    "streak": 0,
    "best_streak": 1,
}


@pytest.mark.parametrize(
    "text",
    [
        "",
        "not json",
        "{",
        "null",
        "[]",
        '"text"',
        "42",
        "{}",
        '{"rule_sets": []}',
        '{"rule_sets": {"block": []}}',
        '{"rule_sets": {"block": {"hands": -1}}}',
        '{"rule_sets": {"block": {"hands": 1.5}}}',
        '{"rule_sets": {"block": {"hands": true}}}',
        '{"rule_sets": {"block": {"hands": "3"}}}',
        '{"rule_sets": {"block": {"hands": null}}}',
        '{"rule_sets": {"block": {"hands": 1000000000}}}',
        '{"rule_sets": {"block": {"hands": NaN}}}',
        "[" * 5000 + "]" * 5000,
        json.dumps({"rule_sets": {"block": GOOD}}) + "x",
        json.dumps({"rule_sets": {"block": GOOD}, "pad": "x" * 200_000}),
    ],
)
def test_damaged_stored_statistics_read_as_none(text: str) -> None:
    """Anything damaged under the statistics key reads as no statistics (never raises)."""
    stats = Stats(DictStorage({STATS_KEY: text}))
    assert stats.by_rule_set == {}
    assert stats.of("block") == RuleSetStats()
    assert stats.count_hand("m", "block", 1, True, 3, 4) is True
    assert stats.of("block") == RuleSetStats(hands=1, hands_won=1, points_for=3, points_against=4)


def test_a_damaged_rule_set_is_dropped_and_the_good_ones_kept() -> None:
    """One rule set with a bad figure is left out; the others still read."""
    text = json.dumps({"rule_sets": {"block": GOOD, "draw-2": {**GOOD, "hands": "nine"}}})
    stats = Stats(DictStorage({STATS_KEY: text}))
    assert stats.by_rule_set == {"block": RuleSetStats(**GOOD)}


def test_missing_figures_read_as_zero() -> None:
    """Stored figures from a version with fewer fields read with zeros for the missing ones."""
    stats = Stats(
        DictStorage({STATS_KEY: json.dumps({"rule_sets": {"block": {"hands": 4, "hands_won": 2}}})})
    )
    assert stats.of("block") == RuleSetStats(hands=4, hands_won=2)


def test_damaged_counted_markers_do_not_count_old_hands_as_counted() -> None:
    """Bad 'counted' entries are ignored; good ones still refuse double counts."""
    text = json.dumps({"rule_sets": {}, "counted": {"good": 2, "neg": -1, "bool": True, "text": "3"}})
    stats = Stats(DictStorage({STATS_KEY: text}))
    assert stats.count_hand("good", "block", 2, True, 1, 1) is False
    assert stats.count_hand("bool", "block", 1, True, 1, 1) is True
    assert stats.count_hand("text", "block", 1, True, 1, 1) is True


def test_storage_returning_something_that_is_not_text_reads_as_none() -> None:
    """A storage adapter that returns a non-string (Pyodide's JS null) is no statistics."""

    class OddStorage(DictStorage):
        def get(self, key: str) -> str | None:
            return object()  # type: ignore[return-value]

    assert Stats(OddStorage()).by_rule_set == {}


def test_a_storage_whose_every_call_raises_never_breaks() -> None:
    """Blocked storage: reading gives no statistics, counting works for this visit, nothing raises."""
    storage = BrokenStorage()
    stats = Stats(storage)
    assert stats.by_rule_set == {}
    assert stats.count_hand("m", "block", 1, True, 12, 3) is True
    assert stats.count_hand("m", "block", 1, True, 12, 3) is False
    assert stats.count_match("m", "block", True) is True
    assert stats.of("block") == RuleSetStats(1, 1, 1, 1, 12, 3, 1, 1)
    stats.reset()
    assert stats.of("block") == RuleSetStats()
    assert storage.calls >= 4  # every count and the reset tried to write


def test_a_full_storage_keeps_the_figures_for_this_visit() -> None:
    """When storage refuses writes, the figures stay in memory and nothing raises."""
    storage = FullStorage({STATS_KEY: json.dumps({"rule_sets": {"block": GOOD}})})
    stats = Stats(storage)
    assert stats.count_hand("m", "block", 1, True, 10, 0) is True
    assert stats.of("block").hands == GOOD["hands"] + 1
    assert Stats(storage).of("block") == RuleSetStats(**GOOD)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["a", "b", "c"]),
            st.sampled_from(["block", "draw-2"]),
            st.integers(1, 6),
            st.booleans(),
            st.integers(0, 200),
            st.integers(0, 200),
            st.booleans(),
        ),
        max_size=25,
    )
)
def test_counts_match_a_plain_tally_across_reloads(
    events: list[tuple[str, str, int, bool, int, int, bool]],
) -> None:
    """Any sequence of hand reports (with reloads between) counts each (match, hand) at most once, in order."""
    storage = DictStorage()
    stats = Stats(storage)
    highest: dict[str, int] = {}
    tally: dict[str, list[int]] = {}
    for match_id, variant, number, won, points_for, against, reload in events:
        if reload:
            stats = Stats(storage)
        counted = stats.count_hand(match_id, variant, number, won, points_for, against)
        expected = number > highest.get(match_id, 0)
        assert counted is expected
        if expected:
            highest[match_id] = number
            figures = tally.setdefault(variant, [0, 0, 0, 0])
            figures[0] += 1
            figures[1] += int(won)
            figures[2] += points_for
            figures[3] += against
    for variant, (hands, hands_won, points_won, points_lost) in tally.items():
        assert stats.of(variant) == RuleSetStats(
            hands=hands, hands_won=hands_won, points_for=points_won, points_against=points_lost
        )
        assert Stats(storage).of(variant) == stats.of(variant)


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=200) | st.binary(max_size=50).map(lambda b: b.decode("latin-1")))
def test_any_stored_text_never_breaks(text: str) -> None:
    """Whatever text is under the key, Stats reads it (or nothing) and counting still works."""
    stats = Stats(DictStorage({STATS_KEY: text}))
    for figures in stats.by_rule_set.values():
        assert all(type(value) is int and value >= 0 for value in vars(figures).values())
    assert stats.count_match("fresh-match-id", "block", True) is True


def test_the_hands_of_the_last_twenty_matches_stay_counted() -> None:
    """Twenty finished matches later, none of their hands can be counted a second time."""
    stats = Stats(DictStorage())
    for number in range(20):
        stats.count_hand(f"m{number}", "block", 1, True, 10, 0)
        stats.count_match(f"m{number}", "block", True)
    recounted = [number for number in range(20) if stats.count_hand(f"m{number}", "block", 1, True, 10, 0)]
    assert recounted == []
