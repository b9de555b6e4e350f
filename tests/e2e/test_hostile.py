"""Hostile links and damaged saves, through the real page: the table always boots and plays.

Each link or save is the kind a curious user, a broken extension or a bad embed produces.
The page must boot to a playable table, explain in the player's words what it could not
use, show no Python internals, run nothing the input carries, and keep a damaged save aside.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from playwright.sync_api import Browser, Page, expect

from engine.line.json_record import match_record
from tests.e2e.table import settle, state
from tests.helpers.browser import KeptPage, Recorder, wait_until_ready
from tests.helpers.storage import four_player_block_save
from web.line.controller import Controller

INTERNALS = re.compile(r"Traceback|\b[A-Z][A-Za-z]*Error\b|int\(\)|invalid literal|File \"|line \d+|<script")
"""What a message for the player must never show."""

XSS = "<img src=x onerror=window.__pwned=1><script>window.__pwned=1</script>"

HOSTILE_LINKS = [
    f"?variant={quote(XSS)}",
    f"?variant=block&players={quote(XSS)}&{quote(XSS)}=1",
    "?seed=%C2%B2",  # ²: a digit to isdigit(), not to int()
    "?seed=" + "9" * 4301,
    "?aidelay=" + "9" * 4301,
    "?aidelay=3000000000",
    "?variant=block&aidelay=-5&seed=-1",
    "?seed=1e999&players=4",
    "?players=%ff",
    "?variant=" + "x" * 30_000,
    "?variant=block&variant=draw&variant=%00&level=expert&level=%E2%80%AE",
    "?variant=block&touch-move=maybe&foo=bar&spinner=on",
    "?variant=%F0%9F%81%A3&target=-1e999",
    "?variant=pub-block&players=3&set=double-twelve",
]


@pytest.fixture(scope="module")
def hostile_context(browser: Browser) -> Iterator[tuple[KeptPage, Recorder, list[str]]]:
    """One context for every hostile link (its service worker makes the boots quick)."""
    context = browser.new_context()
    recorder = Recorder()
    recorder.attach_context(context)
    dialogs: list[str] = []

    def watch_dialogs(page: Page) -> None:
        page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))

    yield KeptPage(context, watch_dialogs), recorder, dialogs
    context.close()
    assert not dialogs, f"a link opened a dialog: {dialogs}"


@pytest.fixture
def hostile_page(hostile_context: tuple[KeptPage, Recorder, list[str]]) -> tuple[Page, Recorder]:
    """The hostile links' shared page and its context's recorder."""
    kept, recorder, _ = hostile_context
    return kept.page(), recorder


def assert_playable(page: Page) -> dict[str, Any]:
    """The table answers, and the person (or a computer seat) can move in it."""
    current = settle(page)
    assert current["phase"] in ("human", "hand-over", "match-over"), current["phase"]
    if current["phase"] == "human":
        assert current["legal"], "the person has no legal action"
    return current


@pytest.mark.parametrize("query", HOSTILE_LINKS, ids=lambda q: q[:40])
def test_a_hostile_link_boots_a_playable_table_with_one_short_message(
    hostile_page: tuple[Page, Recorder], app_url: str, query: str
) -> None:
    page, recorder = hostile_page
    page.goto(app_url + query + "&aidelay=0" * ("aidelay" not in query), wait_until="commit")
    wait_until_ready(page)
    assert page.evaluate("window.__pwned") is None, "the link ran a script"
    assert page.locator("#notice img, #notice script").count() == 0
    assert_playable(page)
    notice = page.locator("#notice")
    expect(notice).to_be_visible()
    text = page.locator("#notice-text").text_content() or ""
    assert len(text) <= 600, f"the message is {len(text)} characters long"
    assert not INTERNALS.search(text), text
    assert text.count("Rule sets:") <= 1
    # The message can be dismissed: its button is on screen.
    box = page.locator("#notice-close").bounding_box()
    viewport = page.viewport_size
    assert box is not None and viewport is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"]
    page.click("#notice-close")
    expect(notice).to_be_hidden()
    assert not recorder.page_errors, recorder.page_errors
    assert not recorder.console_errors, recorder.console_errors


def test_a_huge_ai_delay_is_refused_so_the_computer_players_move(
    hostile_page: tuple[Page, Recorder], app_url: str
) -> None:
    page, _ = hostile_page
    page.goto(app_url + "?variant=draw-2&seed=4&table=delay&aidelay=3000000000", wait_until="commit")
    wait_until_ready(page)
    # The default delay is used: the computer players move within a second, not in 34 days.
    assert state(page)["ai_delay_ms"] == 700
    assert_playable(page)


# --------------------------------------------------------------------------- damaged saves


def real_save(page: Page) -> str:
    """The save the page wrote for its game (after the first computer moves)."""
    settle(page)
    text = page.evaluate("localStorage.getItem('dominoes.save')")
    assert isinstance(text, str)
    return text


def _mutations(save: Any) -> st.SearchStrategy[str]:
    """Texts made from a real save: values of the wrong type or size, deep nesting, cuts, padding."""
    hostile_values = st.one_of(
        st.sampled_from([1e999, -1e999, 4.0, 4.5, "4", 100.0, True, None, [], {}, [[]], 10**30, -1, ""]),
        st.text(max_size=30),
        st.integers(),
        st.floats(allow_nan=False),
    )
    paths = [
        ("settings", "players"),
        ("settings", "target"),
        ("settings", "variant"),
        ("settings", "levels"),
        ("settings", "options"),
        ("record", "players"),
        ("record", "target"),
        ("record", "seed"),
        ("record", "hands"),
        ("record", "format"),
        ("record", "variant"),
        ("record", "options"),
    ]

    def replace(path: tuple[str, str], value: Any) -> str:
        data = json.loads(json.dumps(save))
        data[path[0]][path[1]] = value
        return json.dumps(data)

    text = json.dumps(save)
    return st.one_of(
        st.builds(replace, st.sampled_from(paths), hostile_values),
        st.integers(0, len(text) - 1).map(lambda cut: text[:cut]),
        st.sampled_from(["", "null", "[]", "{}", "\ufeff", "[" * 20_000 + "]" * 20_000, "{" * 50_000]),
        st.integers(1, 3).map(lambda n: text[:-1] + " " * (n * 600_000) + "}"),
        st.text(min_size=1, max_size=200).map(lambda junk: text[: len(text) // 2] + junk),
        st.just(json.dumps({**save, "record": {**save["record"], "hands": [["not a move"]]}})),
    )


CUT_NOTE = re.compile(r"\(cut to the first (\d+) of (\d+) characters\)\n")


def is_kept_copy(copy: str, text: str) -> bool:
    """Whether ``copy`` keeps ``text``: all of it, or (too big for storage) its beginning
    under a note saying how much was kept."""
    note = CUT_NOTE.match(copy)
    if note is None:
        return copy == text
    body = copy[note.end() :]
    return int(note.group(2)) == len(text) and len(body) == int(note.group(1)) and text.startswith(body)


@pytest.fixture(scope="module")
def saved_game(browser: Browser, app_url: str) -> Iterator[tuple[KeptPage, list[Any]]]:
    """A shared page with a real save of a game under way, and that save's data (taken
    from the first page opened)."""
    context = browser.new_context()
    saves: list[Any] = []

    def start_a_game(page: Page) -> None:
        page.goto(app_url + "?aidelay=0", wait_until="commit")
        wait_until_ready(page)
        if state(page)["phase"] != "human":
            settle(page)
        if not saves:
            saves.append(legacy_form(real_save(page)))

    yield KeptPage(context, start_a_game), saves
    context.close()


@pytest.fixture
def save_page(saved_game: tuple[KeptPage, list[Any]]) -> tuple[Page, Any]:
    """The shared page with a game under way, and that game's save data."""
    kept, saves = saved_game
    page = kept.page()
    return page, saves[0]


def legacy_form(text: str) -> Any:
    """A record save as the JSON data saves were before records (such saves must still load;
    their parts make typed mutations easy)."""
    controller = Controller.restore(text)
    return {
        "settings": controller.settings.to_json(),
        "record": match_record(controller.match, controller.actions),
    }


def test_a_record_save_with_a_move_that_cannot_be_played_is_set_aside(
    save_page: tuple[Page, Any], app_url: str
) -> None:
    page, _ = save_page
    page.evaluate("localStorage.clear()")
    page.goto(app_url + "?aidelay=0", wait_until="commit")
    wait_until_ready(page)
    text = real_save(page)
    assert text.startswith("[Variant")
    broken = text.rstrip("\n") + "\n9-9@0-0\n"  # a move nobody can play (the game may have none yet)
    page.evaluate("(text) => { localStorage.clear(); localStorage.setItem('dominoes.save', text); }", broken)
    page.goto(app_url + "?aidelay=0", wait_until="commit")
    wait_until_ready(page)
    assert_playable(page)
    notice = page.locator("#notice-text").text_content() or ""
    assert "could not be restored" in notice and not INTERNALS.search(notice), notice
    kept = page.evaluate(
        "Object.keys(localStorage).filter((k) => k.startsWith('dominoes.broken:')).map((k) => localStorage.getItem(k))"
    )
    assert any(is_kept_copy(copy, broken) for copy in kept)


def test_damaged_saves_never_brick_the_table_and_are_kept_aside(
    save_page: tuple[Page, Any], app_url: str
) -> None:
    page, save = save_page
    recorder = Recorder()
    recorder.attach_page(page)
    good = json.dumps(save)

    @settings(
        max_examples=12,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(_mutations(save))
    def boots_with(text: str) -> None:
        page.evaluate(
            "(text) => { localStorage.clear(); localStorage.setItem('dominoes.save', text); }", text
        )
        for visit in (1, 2):  # loaded twice: a damaged save must not trip the next boot either
            page.goto(app_url + "?aidelay=0", wait_until="commit")
            wait_until_ready(page)
            assert_playable(page)
            notice = page.locator("#notice-text").text_content() or ""
            assert not INTERNALS.search(notice), notice
            if visit == 1 and text != good:
                kept: list[str] = page.evaluate(
                    "Object.keys(localStorage).filter((k) => k.startsWith('dominoes.broken:'))"
                    ".map((k) => localStorage.getItem(k))"
                )
                readable = page.evaluate("JSON.parse(window.dominoesTest.state()).restored")
                if not readable:
                    assert "could not be restored" in notice, notice
                    assert any(is_kept_copy(copy, text) for copy in kept), (
                        "the damaged save was not kept aside"
                    )
        assert not recorder.page_errors, recorder.page_errors

    boots_with()


def _set(save: Any, path: str, value: Any) -> str:
    """The save's JSON text with ``part.key`` (e.g. ``settings.players``) set to ``value``."""
    data = json.loads(json.dumps(save))
    part, key = path.split(".")
    data[part][key] = value
    return json.dumps(data)


#: The saves that bricked the table or were taken silently before saves were checked.
KNOWN_BAD_SAVES: dict[str, Callable[[Any], str]] = {
    "players 1e999": lambda save: _set(save, "settings.players", 1).replace(
        '"players": 1', '"players": 1e999', 1
    ),
    "target -1e999": lambda save: _set(save, "settings.target", 1).replace(
        '"target": 1', '"target": -1e999', 1
    ),
    "record players 4.0": lambda save: _set(save, "record.players", 4.0),
    "players '4'": lambda save: _set(save, "settings.players", "4"),
    "players 4.5": lambda save: _set(save, "settings.players", 4.5),
    "target 100.0": lambda save: _set(save, "settings.target", 100.0),
    "20,000 deep": lambda save: "[" * 20_000 + "]" * 20_000,
    "empty": lambda save: "",
    "4 MB of padding": lambda save: json.dumps(save)[:-1] + " " * 4_000_000 + "}",
}


@pytest.mark.parametrize("damage", KNOWN_BAD_SAVES, ids=list(KNOWN_BAD_SAVES))
def test_each_save_that_once_bricked_the_table_now_boots_it(
    save_page: tuple[Page, Any], app_url: str, damage: str
) -> None:
    page, save = save_page
    text = KNOWN_BAD_SAVES[damage](save)
    page.evaluate("(text) => { localStorage.clear(); localStorage.setItem('dominoes.save', text); }", text)
    page.goto(app_url + "?aidelay=0", wait_until="commit")
    wait_until_ready(page)
    assert_playable(page)
    notice = page.locator("#notice-text").text_content() or ""
    assert "could not be restored" in notice and not INTERNALS.search(notice), notice
    assert page.evaluate("localStorage.getItem('dominoes.save')") != text, "the damaged save is still live"


def test_several_damaged_saves_are_all_kept(save_page: tuple[Page, Any], app_url: str) -> None:
    page, save = save_page
    page.evaluate("localStorage.clear()")
    damaged = [json.dumps(save)[:cut] for cut in (10, 50, 90)]
    for text in damaged:
        page.evaluate("(text) => localStorage.setItem('dominoes.save', text)", text)
        page.goto(app_url + "?aidelay=0", wait_until="commit")
        wait_until_ready(page)
        expect(page.locator("#notice-text")).to_contain_text("could not be restored")
    kept = page.evaluate(
        "Object.keys(localStorage).filter((k) => k.startsWith('dominoes.broken:')).map((k) => localStorage.getItem(k))"
    )
    assert sorted(kept) == sorted(damaged)


def test_a_damaged_record_keeps_the_players_settings(save_page: tuple[Page, Any], app_url: str) -> None:
    page, save = save_page
    settings_part = {
        "variant": "block",
        "players": 3,
        "target": 50,
        "levels": ["random", "medium"],
        "options": {},
    }
    damaged = {"settings": settings_part, "record": {**save["record"], "hands": "nonsense"}}
    page.evaluate(
        "(text) => { localStorage.clear(); localStorage.setItem('dominoes.save', text); }",
        json.dumps(damaged),
    )
    page.goto(app_url + "?aidelay=0", wait_until="commit")
    wait_until_ready(page)
    current = state(page)
    assert (current["variant"], current["players"]) == ("block", 3)
    expect(page.locator("#notice-text")).to_contain_text("could not be restored")


#: Damaged record saves, and what the notice must say is wrong with each.
DAMAGED_RECORDS: dict[str, tuple[Callable[[str], str], str]] = {
    "cut short": (lambda text: text[: len(text) // 2 + 7], "it is cut short"),
    "cut in the tags": (lambda text: text[:120], "it is cut short"),
    "a wrong Score tag": (
        lambda text: re.sub(r'\[Score "[^"]*"\]', '[Score "99-0-0-0"]', text),
        "the score written in it does not match its moves",
    ),
    "a wrong Result tag": (
        lambda text: re.sub(r'\[Result "[^"]*"\]', '[Result "1-0"]', text),
        "the result written in it does not match its moves",
    ),
    "a tile dealt twice": (
        lambda text: re.sub(r'(\[Tiles0 ")(\S+) \S+', r"\g<1>\g<2> \g<2>", text, count=1),
        "a tile is dealt twice in it",
    ),
    "a 5,000-digit seed": (
        lambda text: re.sub(r'\[Seed "\d+"\]', '[Seed "' + "9" * 5000 + '"]', text),
        "its seed is not a number this table can use",
    ),
    "an unreadable header": (
        lambda text: text.replace('[Target "100"]', '[Target "100', 1),
        "its description of the game cannot be read",
    ),
}


@pytest.mark.parametrize("damage", DAMAGED_RECORDS, ids=list(DAMAGED_RECORDS))
def test_a_damaged_record_save_is_named_for_what_is_wrong_and_the_game_played_goes_on(
    save_page: tuple[Page, Any], app_url: str, damage: str
) -> None:
    """The notice names the real cause, and the new game is the four-player Block the save
    was of (not the plain table's default), whatever part of the save was damaged."""
    page, _save = save_page
    make, cause = DAMAGED_RECORDS[damage]
    text = make(four_player_block_save())
    page.evaluate("(text) => { localStorage.clear(); localStorage.setItem('dominoes.save', text); }", text)
    page.goto(app_url + "?aidelay=0", wait_until="commit")
    wait_until_ready(page)
    current = assert_playable(page)
    notice = page.locator("#notice-text").text_content() or ""
    assert f"Your saved game could not be restored: {cause}" in notice, notice
    assert (current["variant"], current["players"]) == ("block", 4)
