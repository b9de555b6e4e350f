"""Embedding the table (web/embedding/embed.py): each embed parameter good and bad (one plain message per
bad one, never a traceback), the host page's commands (only well-formed ones, nothing ever
raised), the table's messages, and how links keep an embedded table's save apart."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from web.embedding.embed import (
    EMBED_PARAMETERS,
    MAX_MESSAGE_CHARS,
    MESSAGE_SOURCE,
    PANELS,
    Command,
    Embed,
    event,
    read_command,
    read_embed,
)
from web.links.params import parse_link
from web.storage.saves import SAVE_KEY, slot_key

PYTHON_WORDS = re.compile(
    r"Error|Traceback|Exception|\b(int|float|str|dict|None|True|False|NaN|inf|nan|Infinity|json)\b|[{}<>\"\\]"
)
HOSTILE = "<script>alert(1)</script>"


def only_problem(params: dict[str, str]) -> str:
    """The one message ``read_embed`` gives for ``params`` (there must be exactly one)."""
    embed = read_embed(params)
    assert len(embed.problems) == 1, embed.problems
    return embed.problems[0]


def assert_plain(message: str) -> None:
    """A message for a person: a short sentence, no Python words, no markup, no echoed value."""
    assert 0 < len(message) <= 200, message
    assert message.endswith("."), message
    assert PYTHON_WORDS.search(message) is None, message
    assert "script" not in message.lower(), message
    assert "\n" not in message


# --- read_embed: good values ------------------------------------------------------------


def test_no_parameters_give_the_plain_table() -> None:
    """A link without embed parameters asks for the plain table: every default, no message."""
    assert read_embed({}) == Embed()
    embed = Embed()
    assert (embed.enabled, embed.panels, embed.theme, embed.compact) == (
        False,
        frozenset(PANELS),
        None,
        False,
    )
    assert (embed.hand, embed.move, embed.view, embed.origin, embed.problems) == (None, None, None, None, ())


@pytest.mark.parametrize(
    ("text", "on"),
    [
        ("1", True),
        ("on", True),
        ("TRUE", True),
        ("Yes", True),
        ("0", False),
        ("off", False),
        ("False", False),
        ("NO", False),
    ],
)
def test_switches_read_their_words(text: str, on: bool) -> None:
    """``embed`` and ``compact`` read 1/on/true/yes and 0/off/false/no in any case, silently."""
    embed = read_embed({"embed": text, "compact": text})
    assert (embed.enabled, embed.compact, embed.problems) == (on, on, ())


def test_good_values_of_every_parameter_are_taken() -> None:
    """Every embed parameter with a good value is read as asked, with no message."""
    embed = read_embed(
        {
            "embed": "1",
            "panels": " Rules , SCORE ",
            "theme": "Dark",
            "compact": "on",
            "hand": "12",
            "move": "0",
            "view": "2",
            "origin": "https://rules.example.org/",
        }
    )
    assert embed == Embed(
        enabled=True,
        panels=frozenset({"rules", "score"}),
        theme="dark",
        compact=True,
        hand=12,
        move=0,
        view="2",
        origin="https://rules.example.org",
    )


@pytest.mark.parametrize("panel", PANELS)
def test_each_panel_alone(panel: str) -> None:
    """A link may show any one panel alone."""
    embed = read_embed({"panels": panel})
    assert embed.panels == frozenset({panel}) and embed.problems == ()


@pytest.mark.parametrize(
    ("name", "text", "value"),
    [
        ("theme", "light", "light"),
        ("theme", "LIGHT", "light"),
        ("hand", "1", 1),
        ("hand", "9999", 9999),
        ("hand", "007", 7),
        ("move", "0", 0),
        ("move", "9999", 9999),
        ("view", "all", "all"),
        ("view", "ALL", "all"),
        ("view", "0", "0"),
        ("view", "9", "9"),
        ("origin", "http://localhost:8000", "http://localhost:8000"),
        ("origin", "https://example.org", "https://example.org"),
    ],
)
def test_good_values_at_the_edges(name: str, text: str, value: object) -> None:
    """The bounds and the case-free spellings of each parameter are accepted as they are meant."""
    embed = read_embed({name: text})
    assert getattr(embed, name) == value and embed.problems == ()


# --- read_embed: bad values -------------------------------------------------------------

BAD_VALUES: list[tuple[str, str]] = [
    ("embed", "2"),
    ("embed", "enabled"),
    ("embed", HOSTILE),
    ("compact", "maybe"),
    ("compact", "\uff11"),
    ("panels", "rules,chat"),
    ("panels", "rules,rules,score,controls"),
    ("panels", ","),
    ("panels", HOSTILE),
    ("theme", "blue"),
    ("theme", "dark;background:url(x)"),
    ("theme", HOSTILE),
    ("hand", "0"),
    ("hand", "-1"),
    ("hand", "+2"),
    ("hand", "1.5"),
    ("hand", "1e3"),
    ("hand", "10000"),
    ("hand", "\u0663"),
    ("hand", "\u00b2"),
    ("hand", "\uff11"),
    ("hand", ""),
    ("move", "-1"),
    ("move", "12345"),
    ("move", "\u0661\u0662"),
    ("move", "one"),
    ("view", "10"),
    ("view", "-1"),
    ("view", "\u0663"),
    ("view", "\uff10"),
    ("view", "everyone"),
    ("view", HOSTILE),
    ("origin", "javascript:alert(1)"),
    ("origin", "https://example.org/path"),
    ("origin", "https://example.org?x=1"),
    ("origin", "ftp://example.org"),
    ("origin", "https://"),
    ("origin", "https://exa mple.org"),
    ("origin", "https://example.org:123456"),
    ("origin", "https://user@example.org"),
    ("origin", "https://example.org\n"),
    ("origin", HOSTILE),
    ("origin", "*"),
]


@pytest.mark.parametrize(("name", "text"), BAD_VALUES)
def test_a_bad_value_is_one_plain_message_naming_the_parameter(name: str, text: str) -> None:
    """Each bad value is left at its default with exactly one plain message naming the parameter."""
    message = only_problem({name: text})
    assert_plain(message)
    assert f"link's {name} was ignored" in message
    embed = read_embed({name: text})
    default = Embed()
    field = {"embed": "enabled"}.get(name, name)
    assert getattr(embed, field) == getattr(default, field)


def test_every_bad_parameter_gets_its_own_message() -> None:
    """All eight parameters bad at once: eight messages, one naming each, nothing taken."""
    params = {
        "embed": "x",
        "panels": "x",
        "theme": "x",
        "compact": "x",
        "hand": "x",
        "move": "x",
        "view": "x",
        "origin": "x",
    }
    embed = read_embed(params)
    assert len(embed.problems) == len(EMBED_PARAMETERS)
    named = [re.search(r"link's (\w+) was ignored", message) for message in embed.problems]
    assert sorted(match.group(1) for match in named if match) == sorted(EMBED_PARAMETERS)
    for message in embed.problems:
        assert_plain(message)
    assert embed == Embed(problems=embed.problems)


@pytest.mark.parametrize("name", EMBED_PARAMETERS)
def test_a_very_long_value_is_refused_quickly_and_plainly(name: str) -> None:
    """A megabyte of digits, letters or commas is one plain message, never echoed back."""
    for text in ("9" * 1_000_000, "https://" + "a" * 1_000_000, "rules," * 200_000):
        message = only_problem({name: text})
        assert_plain(message)


@pytest.mark.parametrize("name", ["hand", "move"])
def test_unicode_digits_are_not_numbers(name: str) -> None:
    """Digits of other scripts, superscripts and full-width digits are not read as numbers."""
    for text in ("\u0663", "\u06f5", "\u0967", "\u00b2", "\uff15", "\U0001d7d9"):
        assert getattr(read_embed({name: text}), name) is None
        assert len(read_embed({name: text}).problems) == 1


EMBED_VALUES = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["1", "0", "on", "all", "dark", "rules,score", "https://a.org", "12", HOSTILE, ""]),
)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from([*EMBED_PARAMETERS, "variant", "seed"]), EMBED_VALUES))
def test_read_embed_never_raises_and_keeps_only_valid_values(params: dict[str, str]) -> None:
    """Whatever the values, read_embed returns valid choices and at most one plain message per parameter."""
    embed = read_embed(params)
    assert len(embed.problems) <= len(set(params) & set(EMBED_PARAMETERS))
    for message in embed.problems:
        assert PYTHON_WORDS.search(message) is None, message
        assert "<" not in message
    assert embed.panels and embed.panels <= set(PANELS)
    assert embed.theme in (None, "light", "dark")
    assert embed.hand is None or 1 <= embed.hand <= 9999
    assert embed.move is None or 0 <= embed.move <= 9999
    assert embed.view is None or embed.view == "all" or re.fullmatch("[0-9]", embed.view)
    assert embed.origin is None or re.fullmatch(r"https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?", embed.origin)


def test_an_accepted_origin_is_spelled_as_browsers_report_origins() -> None:
    """An accepted origin can equal a browser's ``event.origin`` (which is lower case)."""
    embed = read_embed({"origin": "https://Rules.Example.org"})
    assert embed.origin is None or embed.origin == embed.origin.lower()


# --- read_command ------------------------------------------------------------------------


def command_text(**data: object) -> str:
    return json.dumps({"source": MESSAGE_SOURCE, **data})


@pytest.mark.parametrize(
    ("data", "command"),
    [
        ({"type": "go", "hand": 3, "move": 7}, Command("go", hand=3, move=7)),
        ({"type": "go"}, Command("go", hand=1, move=0)),
        ({"type": "go", "hand": 10_000, "move": 10_000}, Command("go", hand=10_000, move=10_000)),
        ({"type": "step"}, Command("step", delta=1)),
        ({"type": "step", "delta": -1}, Command("step", delta=-1)),
        ({"type": "new-game"}, Command("new-game", seed=None)),
        ({"type": "new-game", "seed": None}, Command("new-game", seed=None)),
        ({"type": "new-game", "seed": 0}, Command("new-game", seed=0)),
        ({"type": "new-game", "seed": 2**63 - 1}, Command("new-game", seed=2**63 - 1)),
        ({"type": "go", "hand": 2, "extra": [1, {"x": None}]}, Command("go", hand=2)),
    ],
)
def test_well_formed_commands_are_read(data: dict[str, Any], command: Command) -> None:
    """Each kind of command, with its defaults and at its bounds, is read as sent."""
    assert read_command(command_text(**data)) == command


@pytest.mark.parametrize(
    "text",
    [
        json.dumps({"type": "go", "hand": 1}),
        json.dumps({"source": "Dominoes", "type": "go"}),
        json.dumps({"source": "chess", "type": "step"}),
        json.dumps({"source": ["dominoes"], "type": "step"}),
        json.dumps({"source": None, "type": "step"}),
        command_text(type="GO"),
        command_text(type="play"),
        command_text(type=None),
        command_text(),
        command_text(type="go", hand=0),
        command_text(type="go", hand=-1),
        command_text(type="go", hand=10_001),
        command_text(type="go", move=-1),
        command_text(type="go", move=10_001),
        command_text(type="go", hand="2"),
        command_text(type="go", hand=2.0),
        command_text(type="go", hand=True),
        command_text(type="go", move=False),
        command_text(type="go", hand=None),
        command_text(type="go", hand=[2]),
        command_text(type="step", delta=2),
        command_text(type="step", delta=0),
        command_text(type="step", delta=True),
        command_text(type="step", delta=1.0),
        command_text(type="step", delta="-1"),
        command_text(type="new-game", seed=-1),
        command_text(type="new-game", seed=2**63),
        command_text(type="new-game", seed=True),
        command_text(type="new-game", seed=7.0),
        command_text(type="new-game", seed="7"),
        '{"source": "dominoes", "type": "go", "hand": NaN}',
        '{"source": "dominoes", "type": "go", "hand": Infinity}',
        json.dumps(["dominoes", "go"]),
        json.dumps("dominoes"),
        "null",
        "42",
        "",
        "not json",
        "{'source': 'dominoes', 'type': 'step'}",
        command_text(type="step")[:-1],
        command_text(type="step") + "x",
        command_text(type="step", pad=" " * MAX_MESSAGE_CHARS),
        " " * (MAX_MESSAGE_CHARS + 1),
        "[" * 100_000,
        '"' + "\\u0000" * 300 + '"',
    ],
)
def test_anything_else_is_not_a_command(text: str) -> None:
    """Wrong source, wrong types, bools as numbers, out-of-range numbers, huge or non-JSON text: None."""
    assert read_command(text) is None


@pytest.mark.parametrize("value", [None, 7, b"{}", ["x"], {"source": "dominoes", "type": "step"}])
def test_data_that_is_not_text_is_not_a_command(value: object) -> None:
    """A message whose data is not text at all is ignored, not raised on."""
    assert read_command(value) is None  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["[" * 1999, "[" * 999 + "]" * 999], ids=["unclosed", "closed"])
def test_deeply_nested_short_text_is_not_a_command(text: str) -> None:
    """Short but deeply nested JSON (under the length cap) is ignored, never raised on."""
    assert len(text) <= MAX_MESSAGE_CHARS
    assert read_command(text) is None


def expected_command(data: object) -> Command | None:
    """What a well-formed command holds, written out plainly (the oracle for read_command)."""

    def whole(value: object, low: int, high: int) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high

    if not isinstance(data, dict) or data.get("source") != "dominoes":
        return None
    if data.get("type") == "go":
        hand = data.get("hand", 1)
        move = data.get("move", 0)
        return (
            Command("go", hand=hand, move=move) if whole(hand, 1, 10_000) and whole(move, 0, 10_000) else None
        )
    if data.get("type") == "step":
        delta = data.get("delta", 1)
        return Command("step", delta=delta) if whole(delta, -1, 1) and delta != 0 else None
    if data.get("type") == "new-game":
        seed = data.get("seed")
        return Command("new-game", seed=seed) if seed is None or whole(seed, 0, 2**63 - 1) else None
    return None


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=6), children, max_size=3)
    ),
    max_leaves=12,
)
NUMBERS = st.one_of(
    st.sampled_from([0, 1, -1, 2, 9_999, 10_000, 10_001, 2**63 - 1, 2**63, -(2**63)]),
    st.integers(),
    st.booleans(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.none(),
    st.text(max_size=3),
)
COMMANDISH = st.fixed_dictionaries(
    {
        "source": st.sampled_from(["dominoes", "Dominoes", "domino", ""]) | JSON_VALUES,
        "type": st.sampled_from(["go", "step", "new-game", "Go", "new_game"]) | JSON_VALUES,
    },
    optional={"hand": NUMBERS, "move": NUMBERS, "delta": NUMBERS, "seed": NUMBERS, "other": JSON_VALUES},
)


@settings(max_examples=200, deadline=None)
@given(COMMANDISH)
def test_a_command_is_read_exactly_when_it_is_well_formed(data: dict[str, Any]) -> None:
    """Over command-like objects, read_command accepts exactly the well-formed ones, with their values."""
    text = json.dumps(data)
    expected = expected_command(data) if len(text) <= MAX_MESSAGE_CHARS else None
    assert read_command(text) == expected


@settings(max_examples=150, deadline=None)
@given(JSON_VALUES)
def test_any_json_value_never_raises(value: object) -> None:
    """Any JSON value: read_command returns a valid command or None, never raises."""
    text = json.dumps(value)
    expected = expected_command(value) if len(text) <= MAX_MESSAGE_CHARS else None
    assert read_command(text) == expected


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=MAX_MESSAGE_CHARS + 10))
def test_any_text_never_raises(text: str) -> None:
    """Any text at all: None unless it is a well-formed command, never an exception."""
    command = read_command(text)
    assert command is None or command.kind in ("go", "step", "new-game")


# --- event -------------------------------------------------------------------------------


def test_an_event_is_json_with_the_source_and_type_first() -> None:
    """The table's messages are JSON objects carrying the source, the type and the data given."""
    text = event("hand-over", hand=2, result="North wins.", scores=[12, 30])
    data = json.loads(text)
    assert data == {
        "source": "dominoes",
        "type": "hand-over",
        "hand": 2,
        "result": "North wins.",
        "scores": [12, 30],
    }
    assert list(data)[:2] == ["source", "type"]
    assert json.loads(event("ready")) == {"source": "dominoes", "type": "ready"}


def test_an_event_with_markup_stays_data() -> None:
    """Text in an event is JSON-escaped data: it reads back exactly, quotes and all."""
    said = 'He said "</script><script>alert(1)</script>" \\ \u2028'
    assert json.loads(event("said", text=said))["text"] == said


def test_the_tables_go_event_is_a_command_the_table_reads() -> None:
    """A go/step/new-game message written by event is read back by read_command as the same command."""
    assert read_command(event("go", hand=4, move=9)) == Command("go", hand=4, move=9)
    assert read_command(event("step", delta=-1)) == Command("step", delta=-1)
    assert read_command(event("new-game", seed=12)) == Command("new-game", seed=12)


# --- links --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "query",
    ["variant=block&seed=7", "variant=draw-2", "seed=3", "", "variant=all-fives&players=3&table=left"],
)
def test_an_embedded_links_key_starts_with_embed(query: str) -> None:
    """An embedded table's key starts with embed=1 and its save slot never equals the main table's."""
    main = parse_link(query)
    embedded = parse_link(f"{query}&embed=1" if query else "embed=1")
    assert embedded.embed.enabled and not main.embed.enabled
    assert embedded.key.startswith("embed=1")
    assert not main.key.startswith("embed")
    assert embedded.key != main.key
    assert slot_key(embedded.key) != slot_key(main.key)
    assert slot_key(embedded.key) != SAVE_KEY
    rest = embedded.key.removeprefix("embed=1").removeprefix("&")
    assert rest == main.key


def test_embed_off_is_the_main_tables_key() -> None:
    """``embed=0`` is the main table: the same key as no embed parameter."""
    assert parse_link("variant=block&embed=0").key == parse_link("variant=block").key == "variant=block"


def test_other_embed_parameters_do_not_change_the_key() -> None:
    """Panels, theme, compact, hand, move, view and origin are not part of the game's key."""
    plain = parse_link("embed=1&variant=block&seed=7")
    dressed = parse_link(
        "embed=1&variant=block&seed=7&panels=rules&theme=dark&compact=1&hand=2&move=5&view=all"
        "&origin=https://example.org"
    )
    assert dressed.key == plain.key == "embed=1&variant=block&seed=7"


@pytest.mark.parametrize("variant", ["", "variant=block&"])
def test_embed_parameters_are_not_unknown(variant: str) -> None:
    """Good embed parameters give no message, with or without a variant."""
    request = parse_link(
        f"?{variant}embed=1&panels=rules,score&theme=light&compact=yes&hand=3&move=4&view=1"
        "&origin=http://localhost:8080"
    )
    assert request.problems == ()
    assert request.embed == Embed(
        True, frozenset({"rules", "score"}), "light", True, 3, 4, "1", "http://localhost:8080"
    )


def test_a_bad_embed_parameter_in_a_link_is_its_own_plain_message() -> None:
    """A link's bad theme is reported once, in plain words, and the game is still read."""
    request = parse_link("?variant=block&theme=%3Cscript%3E&embed=1")
    assert request.settings is not None and request.embed.enabled
    assert len(request.problems) == 1
    assert "theme" in request.problems[0]
    assert_plain(request.problems[0])
