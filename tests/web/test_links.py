"""Reading a link's query (web/links/params.py): good links, every bug of the old parsing, the
canonical key, and properties over hostile text: never raises, short plain messages, and
only settings the table offers."""

from __future__ import annotations

import re
from random import Random
from urllib.parse import quote, unquote_plus

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import VARIANTS, RulesError
from engine.line.ai import BOT_LEVELS
from web.line.controller import Settings
from web.links.params import MAX_AI_DELAY_MS, MAX_PROBLEMS, MAX_SEED, PARAMETERS, LinkRequest, parse_link

FORBIDDEN = ("Traceback", "int()", "invalid literal", "Error", "<script", "ValueError", "RulesError")
OPTION_IDS = sorted({option.id for variant in VARIANTS.values() for option in variant.options})


def encoded(text: str) -> str:
    """Text percent-encoded for a query (a lone surrogate as its UTF-8 bytes)."""
    return quote(text, safe="", errors="surrogatepass")


def only_problem(query: str) -> str:
    """The one message a link gets (and there must be exactly one)."""
    request = parse_link(query)
    assert len(request.problems) == 1, request.problems
    message = request.problems[0]
    assert request.notice() == message
    return message


def check(request: LinkRequest, query: str) -> None:
    """The invariants every parse keeps, whatever the query."""
    decoded = unquote_plus(query).lower()
    assert len(request.problems) <= MAX_PROBLEMS
    for message in request.problems:
        assert 0 < len(message) <= 300, message
        assert "<" not in message and ">" not in message
        assert "\n" not in message
        for word in FORBIDDEN:
            # A forbidden word may only appear if the person typed it into the link.
            assert word not in message or word.lower() in decoded, (word, message)
    notice = request.notice()
    assert (notice is None) == (not request.problems)
    if request.settings is not None:
        s = request.settings
        variant = VARIANTS[s.variant]
        assert Settings(s.variant, s.players, s.target, s.levels, s.options) == s
        assert s.players in variant.player_counts
        assert s.target in variant.targets_for(dict(s.options))[0]
        assert all(level in BOT_LEVELS for level in s.levels)
    assert request.seed is None or 0 <= request.seed <= MAX_SEED
    assert request.ai_delay_ms is None or 0 <= request.ai_delay_ms <= MAX_AI_DELAY_MS
    assert request.table is None or re.fullmatch(r"[A-Za-z0-9_-]{1,40}", request.table)
    assert request.puzzle is None or re.fullmatch(r"[a-z0-9-]{1,40}", request.puzzle)
    key = request.key
    assert re.fullmatch(r"[a-z0-9=&,_-]*", key, re.IGNORECASE), key
    # The key is itself a link asking for the same game.
    again = parse_link(key)
    assert (again.settings, again.seed, again.table, again.problems) == (
        request.settings,
        request.seed,
        request.table,
        (),
    )
    assert again.key == key


# --- good links -------------------------------------------------------------------------


def test_an_empty_link_asks_for_nothing() -> None:
    for query in ("", "?", "?&&", "?seed=", "?variant="):
        request = parse_link(query)
        assert request == LinkRequest()
        assert request.key == "" and request.notice() is None


def test_the_readme_links() -> None:
    request = parse_link("?variant=jamaican-partner&sporting=on&playoff=on")
    assert request.problems == ()
    assert request.settings == Settings.for_variant(
        "jamaican-partner", options={"sporting": "on", "playoff": "on"}
    )
    request = parse_link("?variant=all-fives&players=3&manual-scoring=on")
    assert request.problems == () and request.settings is not None
    assert request.settings.players == 3 and dict(request.settings.options)["manual-scoring"] == "on"
    request = parse_link("?variant=block&players=4")
    assert request.settings == Settings.for_variant("block", 4) and request.problems == ()


def test_a_full_link() -> None:
    request = parse_link("?variant=block&players=4&seed=7&level=random&aidelay=0&table=left-1")
    assert request.problems == ()
    assert request.settings == Settings("block", 4, 100, ("random",) * 3, (("touch-move", "off"),))
    assert (request.seed, request.ai_delay_ms, request.table) == (7, 0, "left-1")
    assert request.key == "variant=block&level=random&seed=7&table=left-1"


def test_targets_follow_the_options() -> None:
    request = parse_link("?variant=pub-block&scoring=one-point")
    assert request.settings is not None and request.settings.target == 7
    request = parse_link("?variant=pub-block&scoring=one-point&target=11")
    assert request.settings is not None and request.settings.target == 11 and request.problems == ()
    request = parse_link("?variant=partnership-block&target=150&direction=anticlockwise&partner-draw=on")
    assert request.problems == () and request.settings is not None
    assert request.settings.target == 150
    assert dict(request.settings.options) == {
        "direction": "anticlockwise",
        "partner-draw": "on",
        "touch-move": "off",
    }


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_variant_by_its_id(variant: str) -> None:
    request = parse_link(f"variant={variant}")
    assert request.settings == Settings.for_variant(variant) and request.problems == ()
    assert request.key == f"variant={variant}"


def test_case_space_and_leading_zeros_are_forgiven() -> None:
    request = parse_link("?Variant=Block&PLAYERS=+03+&Touch-Move=ON&level=Hard&seed=007")
    assert request.problems == ()
    assert request.settings == Settings.for_variant("block", 3, "hard", {"touch-move": "on"})
    assert request.seed == 7


def test_the_last_of_a_repeated_parameter_counts() -> None:
    request = parse_link("?variant=chess&players=9&variant=block&players=3&seed=1&seed=2")
    assert request.problems == ()
    assert request.settings == Settings.for_variant("block", 3) and request.seed == 2


def test_a_seed_without_a_variant_deals_the_players_own_game() -> None:
    request = parse_link("?seed=42&aidelay=250")
    assert (request.settings, request.seed, request.ai_delay_ms, request.problems) == (None, 42, 250, ())
    assert request.key == "seed=42"


def test_the_bounds_themselves_are_allowed() -> None:
    request = parse_link(f"?seed={MAX_SEED}&aidelay={MAX_AI_DELAY_MS}&table={'t' * 40}")
    assert request.problems == ()
    assert (request.seed, request.ai_delay_ms, request.table) == (MAX_SEED, MAX_AI_DELAY_MS, "t" * 40)
    assert parse_link("?seed=0&aidelay=0").seed == 0


def test_no_option_id_shadows_a_parameter() -> None:
    assert not set(OPTION_IDS) & set(PARAMETERS)


# --- the key ----------------------------------------------------------------------------


def test_equivalent_links_have_one_key() -> None:
    same = [
        "?variant=block&players=3&seed=7&touch-move=on",
        "?seed=7&touch-move=on&players=3&variant=block",
        "?variant=BLOCK&players=03&seed=0007&touch-move=On&target=100&level=greedy&aidelay=5",
        "?variant=block&players=3&seed=7&touch-move=on&table=",
    ]
    keys = {parse_link(query).key for query in same}
    assert keys == {"variant=block&players=3&touch-move=on&seed=7"}


def test_defaults_spelled_out_do_not_change_the_key() -> None:
    spelled = "?variant=pub-block&players=4&target=100&level=greedy&partners=on&set=double-six&out=one"
    assert parse_link(spelled).key == parse_link("?variant=pub-block").key == "variant=pub-block"
    # The default target depends on the options.
    assert parse_link("?variant=pub-block&scoring=one-point&target=7").key == (
        "variant=pub-block&scoring=one-point"
    )


def test_different_games_have_different_keys() -> None:
    queries = [
        "",
        "?variant=block",
        "?variant=block&players=3",
        "?variant=block&target=50",
        "?variant=block&level=expert",
        "?variant=block&touch-move=on",
        "?variant=block&seed=7",
        "?variant=block&seed=8",
        "?variant=block&table=left",
        "?variant=block&table=right",
        "?variant=draw-2",
        "?seed=7",
        "?table=left",
    ]
    keys = [parse_link(query).key for query in queries]
    assert len(set(keys)) == len(keys), keys


def test_the_ai_delay_is_not_part_of_the_game() -> None:
    assert parse_link("?variant=block&aidelay=0").key == parse_link("?variant=block").key


# --- the old parsing's bugs -------------------------------------------------------------


def test_a_unicode_digit_seed_is_a_message_not_a_traceback() -> None:
    for seed in ("²", "٣", "１２", "7²"):  # noqa: RUF001
        request = parse_link(f"?variant=block&seed={quote(seed)}")
        assert request.seed is None and request.settings == Settings.for_variant("block")
        (message,) = request.problems
        assert "seed" in message and "0 to 9223372036854775807" in message


def test_unicode_digit_players_are_not_offered() -> None:
    message = only_problem("?variant=block&players=٣")
    assert message.startswith("The link's players=٣ is not offered for Block Dominoes")


@pytest.mark.parametrize("name", ["seed", "aidelay"])
def test_a_huge_number_is_a_message(name: str) -> None:
    message = only_problem(f"?{name}={'9' * 4301}")
    assert name in message and len(message) < 200


def test_an_undecodable_players_value_is_named_in_the_players_words() -> None:
    message = only_problem("?variant=block&players=%ff")
    assert "players" in message and "choose 2 to 5 players" in message
    assert "invalid literal" not in message and "base 10" not in message


@pytest.mark.parametrize("seed", ["-1", "1e999", "+7", "7.0", "0x10", str(2**63), "9" * 20, " - "])
def test_a_seed_out_of_bounds_is_a_message(seed: str) -> None:
    request = parse_link(f"?variant=draw-2&seed={quote(seed)}")
    assert request.seed is None and request.settings == Settings.for_variant("draw-2")
    (message,) = request.problems
    assert message.startswith("The link's seed=") and "whole number from 0 to 9223372036854775807" in message


@pytest.mark.parametrize("delay", ["-5", "3000000000", "10001", "1.5", "99999", "fast"])
def test_an_ai_delay_out_of_bounds_is_a_message(delay: str) -> None:
    request = parse_link(f"?aidelay={delay}")
    assert request.ai_delay_ms is None
    assert "aidelay" in only_problem(f"?aidelay={delay}") and "0 to 10000" in request.problems[0]


def test_an_option_the_variant_does_not_have_is_named() -> None:
    request = parse_link("?variant=block&sporting=on&seed=3")
    assert request.settings == Settings.for_variant("block") and request.seed == 3
    assert request.problems == ("The link's sporting is not an option of Block Dominoes, so it was ignored.",)


def test_unknown_parameters_are_named_together() -> None:
    message = only_problem("?variant=block&foo=1&bar=2&baz=3&qux=4&quux=5")
    assert message == (
        "The link's foo, bar, baz and 2 more are not options of Block Dominoes, so they were ignored."
    )
    assert only_problem("?foo=1") == "The link's foo is not a setting this table knows, so it was ignored."


def test_game_parameters_without_a_variant_are_a_message() -> None:
    request = parse_link("?players=3&level=hard&target=100&sporting=on&seed=4")
    assert request.settings is None and request.seed == 4
    assert request.problems == (
        "The link's players, level, target and 1 more need a variant (for example variant=block), "
        "so they were ignored.",
    )
    assert "players needs a variant" in only_problem("?players=%ff")


def test_a_long_variant_is_cut_and_the_rule_sets_listed_once() -> None:
    request = parse_link("?variant=" + "x" * 30_000 + "&players=3&seed=9")
    assert request.settings is None and request.seed is None  # the table keeps the player's game
    (message,) = request.problems
    assert len(message) < 300 and "x" * 21 not in message and "x" * 19 + "…" in message
    for variant in ("partnership-block", "jamaican-partner", "fives-and-threes", "draw-2"):
        assert message.count(variant) == 1
    assert message.count("Rule sets") == 1


def test_a_bad_value_keeps_the_variants_default() -> None:
    request = parse_link("?variant=jamaican-partner&players=9&target=7&level=genius&sporting=maybe")
    assert request.settings == Settings.for_variant("jamaican-partner")
    assert request.problems == (
        "The link's players=9 is not offered for Jamaican Partner: it is for 4 players only.",
        "The link's sporting=maybe is not offered for Jamaican Partner: choose off or on.",
        "The link's target=7 is not offered for Jamaican Partner: it plays to 6.",
        "The link's level=genius is not a level for the other players (one for all, or one per "
        "other player, separated by commas): choose human, random, greedy, medium, hard or expert.",
    )
    message = only_problem("?variant=block&target=1000")
    assert message == "The link's target=1000 is not offered for Block Dominoes: choose 50, 75 or 100."
    message = only_problem("?variant=block&level=genius")
    assert "choose human, random, greedy, medium, hard or expert" in message


def test_each_computer_player_may_get_its_own_level() -> None:
    request = parse_link("?variant=block&players=4&level=Expert,greedy,hard")
    assert request.settings is not None and request.settings.levels == ("expert", "greedy", "hard")
    assert request.problems == ()
    assert "level=expert,greedy,hard" in request.key
    assert parse_link("?variant=block&players=4&level=hard").settings.levels == ("hard",) * 3  # type: ignore[union-attr]
    wrong_count = parse_link("?variant=block&players=4&level=expert,hard")
    assert wrong_count.settings is not None and wrong_count.settings.levels == ("greedy",) * 3
    assert len(wrong_count.problems) == 1 and "one per other player" in wrong_count.problems[0]


def test_an_option_for_another_player_count_is_ignored() -> None:
    request = parse_link("?variant=cut-throat&players=3&boneyard=on")
    assert request.settings == Settings.for_variant("cut-throat", 3)
    assert request.problems == (
        "The link's boneyard=on is only for 2 players in Cut Throat; it was ignored.",
    )
    # Its default value is no problem.
    assert parse_link("?variant=cut-throat&players=3&boneyard=off").problems == ()


def test_choices_that_do_not_go_together_keep_the_players_game() -> None:
    request = parse_link("?variant=pub-block&players=3&set=double-twelve&seed=5&table=t")
    assert request.settings is None and request.seed is None and request.table == "t"
    assert request.problems == (
        "The link asks for Pub Block with players=3 and set=double-twelve, which this table does not "
        "offer together, so it kept your game.",
    )
    assert request.key == "table=t"
    good = parse_link("?variant=pub-block&set=double-twelve")
    assert good.settings is not None and good.settings.players == 4


def test_a_bad_table_name_is_a_message() -> None:
    for table in ("", "a" * 41, "a b", "é", "<b>", "x/y"):
        request = parse_link(f"?table={quote(table)}")
        assert request.table is None
        if table:
            (message,) = request.problems
            assert message.startswith("The link's table=") and "1 to 40" in message


def test_a_puzzle_is_named_by_its_id() -> None:
    request = parse_link("?puzzle=block-2-0001")
    assert request.puzzle == "block-2-0001" and request.problems == ()
    assert request.settings is None and request.seed is None and request.key == ""
    assert parse_link("?puzzle=" + "a" * 40).puzzle == "a" * 40  # the longest id


def test_a_puzzle_name_folds_to_lower_case() -> None:
    for value in ("DAILY", "Daily", "%20daily%20"):
        request = parse_link(f"?puzzle={value}")
        assert request.puzzle == "daily" and request.problems == (), value
    assert parse_link("?PUZZLE=Block-2-0001").puzzle == "block-2-0001"


@pytest.mark.parametrize(
    "value",
    [
        "<script>",
        "<script>alert(1)</script>",
        "a" * 41,
        "b" * 60,
        "é",
        "\uff42\uff4c\uff4f\uff43\uff4b-2-0001",  # block in full-width letters
        "x y",
        "block_2",
        "\u202e",
    ],
)
def test_a_bad_puzzle_name_is_a_short_plain_message(value: str) -> None:
    query = f"?puzzle={encoded(value)}"
    request = parse_link(query)
    assert request.puzzle is None
    message = only_problem(query)
    found = re.fullmatch(r"The link's puzzle=(.*) was ignored: a puzzle is named by its id .*", message)
    assert found is not None, message
    assert len(found[1]) <= 20 and "<" not in message and ">" not in message
    check(request, query)


def test_the_puzzle_is_not_part_of_the_key() -> None:
    """A puzzle opens over the player's own game: the game's save slot is the same."""
    asked = parse_link("?variant=block&seed=7&puzzle=block-2-0001")
    plain = parse_link("?variant=block&seed=7")
    assert asked.puzzle == "block-2-0001" and plain.puzzle is None
    assert asked.key == plain.key == "variant=block&seed=7"
    assert asked.settings == plain.settings and asked.problems == ()


def test_hostile_text_is_echoed_short_and_plain() -> None:
    message = only_problem("?variant=%3Cscript%3Ealert(1)%3C/script%3E")
    assert "<" not in message and "script" in message
    message = only_problem("?seed=%E2%80%AEevil%0Aline")  # a right-to-left override and a new line
    assert "\u202e" not in message and "\n" not in message


def test_messages_are_capped() -> None:
    request = parse_link(
        "?variant=all-fives&players=9&target=1&level=x&spinner=x&draw=x&seed=x&aidelay=x&table=!&foo=1"
    )
    assert len(request.problems) == MAX_PROBLEMS
    assert request.problems[-1] == "The link has 6 more problems."
    notice = request.notice()
    assert notice is not None and notice == " ".join(request.problems)


# --- properties -------------------------------------------------------------------------

ANY_TEXT = st.text(st.characters(exclude_categories=()), max_size=300)
NAMES = st.one_of(
    st.sampled_from([*PARAMETERS, *OPTION_IDS, "Variant", "SEED", "foo", "", "?variant", "players[]"]),
    st.text(max_size=12),
)
NUMBERS = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.integers(min_value=0, max_value=12).map(str),
    st.sampled_from([str(2**63), str(2**63 - 1), "9" * 5000, "1e999", "-0", "0" * 30 + "1", "4_2", "0x1f"]),
    st.text(st.sampled_from("0123456789²³¹٣٤۵१１߀٠.-+e "), min_size=1, max_size=25),  # noqa: RUF001
)
VALUES = st.one_of(
    st.sampled_from([*VARIANTS, *BOT_LEVELS, "on", "off", "ON", "one-point", "double-twelve", "both"]),
    NUMBERS,
    st.sampled_from(
        [
            "",
            " ",
            "<script>alert(1)</script>",
            '"><img src=x onerror=alert(1)>',
            "%ff",
            "%",
            "%%",
            "&",
            "=",
            "\u202e",
            "x" * 30_000,
            "Error: Traceback int() invalid literal",
        ]
    ),
    ANY_TEXT,
)


@st.composite
def queries(draw: st.DrawFn) -> str:
    """A query of hostile names and values, some percent-encoded, some repeated."""
    pairs = draw(st.lists(st.tuples(NAMES, VALUES), max_size=8))
    repeat = draw(st.booleans())
    if pairs and repeat:
        pairs.append(draw(st.sampled_from(pairs)))  # a repeat
    parts = []
    for name, value in pairs:
        if draw(st.booleans()):
            name, value = encoded(name), encoded(value)
        parts.append(f"{name}={value}" if draw(st.booleans()) or value else name)
    return draw(st.sampled_from(["", "?"])) + "&".join(parts)


@settings(max_examples=200, deadline=None)
@given(ANY_TEXT)
def test_any_text_never_raises(query: str) -> None:
    check(parse_link(query), query)


@settings(max_examples=200, deadline=None)
@given(queries())
def test_hostile_queries_never_raise(query: str) -> None:
    check(parse_link(query), query)


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(list(VARIANTS)),
    st.dictionaries(st.sampled_from(["players", "target", "level", "seed", *OPTION_IDS]), VALUES, max_size=6),
)
def test_links_naming_a_variant_keep_it_or_say_why(variant: str, params: dict[str, str]) -> None:
    query = "?" + "&".join(
        f"{encoded(name)}={encoded(value)}" for name, value in [("variant", variant), *params.items()]
    )
    request = parse_link(query)
    check(request, query)
    if request.settings is None:
        assert request.problems and request.seed is None
    else:
        assert request.settings.variant == variant


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(list(VARIANTS)).flatmap(
        lambda variant: st.tuples(
            st.just(variant),
            st.sampled_from(VARIANTS[variant].player_counts),
            st.sampled_from(list(BOT_LEVELS)),
            st.fixed_dictionaries(
                {},
                optional={option.id: st.sampled_from(option.values) for option in VARIANTS[variant].options},
            ),
            st.none() | st.integers(min_value=0, max_value=MAX_SEED),
        )
    ),
    st.randoms(use_true_random=False),
)
def test_good_links_give_their_game_whatever_the_order(
    game: tuple[str, int, str, dict[str, str], int | None], shuffler: Random
) -> None:
    variant, players, level, options, seed = game
    pairs = [("variant", variant), ("players", str(players)), ("level", level), *options.items()]
    if seed is not None:
        pairs.append(("seed", str(seed)))
    try:
        expected = Settings.for_variant(variant, players, level, options)
    except RulesError:  # an option for other player counts, or a double-twelve Pub Block for 3
        return
    request = parse_link("&".join(f"{name}={value}" for name, value in pairs))
    assert request.problems == ()
    assert request.settings == expected and request.seed == seed
    shuffler.shuffle(pairs)
    shuffled = parse_link("?" + "&".join(f"{name}={value}" for name, value in pairs))
    assert shuffled == request and shuffled.key == request.key
