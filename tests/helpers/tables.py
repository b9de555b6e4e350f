"""Every rule table: each line variant at each player count with each combination of its option values.

The one list the tests that go over every table read, in the catalogue's order (variant, then
player count, then the options' values in the order the variant lists them):

* :func:`option_combinations`: every combination, those the rules refuse included (the tests of
  the refusals read it);
* :data:`TABLES`: the combinations the rules accept, as ``(variant, players, options)`` with the
  options a tuple of ``(id, value)`` pairs in the variant's order (hashable, so a table can key a
  dict; ``dict(options)`` is what ``make_rules`` takes);
* :data:`BY_VARIANT`, :func:`rules_of` (built once per table) and :data:`table_strategy`
  (hypothesis: a variant first, then one of its tables, so each variant gets its share of the
  examples whatever its number of option combinations);
* :func:`one_option_tables`: a lighter sample, each variant's defaults and then each option value
  alone (what the geometry's property test draws from).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from hypothesis import strategies as st

from engine.errors import RulesError
from engine.line.rules import Rules
from engine.line.variants import VARIANTS, make_rules

Options = tuple[tuple[str, str], ...]
"""A table's option values: ``(option id, value)`` pairs in the order the variant lists its options."""

Table = tuple[str, int, Options]
"""A rule table: ``(variant id, players, options)``."""

__all__ = [
    "BY_VARIANT",
    "TABLES",
    "Options",
    "Table",
    "one_option_tables",
    "option_combinations",
    "rules_of",
    "table_strategy",
]


def option_combinations() -> Iterator[Table]:
    """``(variant, players, options)`` for every variant, every player count and every combination
    of the option values offered at that count, whether or not the rules accept it (e.g. pub-block
    with a double-twelve set for 2 players is refused)."""
    for variant in VARIANTS.values():
        for players in variant.player_counts:
            options = variant.options_for(players)
            for values in itertools.product(*(option.values for option in options)):
                yield variant.id, players, tuple(zip((option.id for option in options), values, strict=True))


_RULES: dict[Table, Rules] = {}


def _accepted() -> list[Table]:
    found = []
    for table in option_combinations():
        variant, players, options = table
        try:
            _RULES[table] = make_rules(variant, players, options=dict(options))
        except RulesError:
            continue
        found.append(table)
    return found


TABLES: list[Table] = _accepted()
"""Every table the rules accept, in the order of :func:`option_combinations`."""

BY_VARIANT: dict[str, list[Table]] = {
    variant: [table for table in TABLES if table[0] == variant] for variant in VARIANTS
}
"""The tables of each variant, in the order of :data:`TABLES`."""


def rules_of(table: Table) -> Rules:
    """The rules of ``table`` (made once, then shared)."""
    if table not in _RULES:
        variant, players, options = table
        _RULES[table] = make_rules(variant, players, options=dict(options))
    return _RULES[table]


table_strategy: st.SearchStrategy[Table] = st.sampled_from(sorted(VARIANTS)).flatmap(
    lambda variant: st.sampled_from(BY_VARIANT[variant])
)
"""A table drawn variant first, then among that variant's tables."""


def one_option_tables() -> Iterator[tuple[str, int, dict[str, str]]]:
    """``(variant, players, options)`` for each variant at each player count: its defaults, then
    each option value other than the default alone (not checked against the rules: a value that
    does not combine with the defaults is refused when the hand is made)."""
    for variant in VARIANTS.values():
        for players in variant.player_counts:
            yield variant.id, players, {}
            for option in variant.options_for(players):
                for value in option.values:
                    if value != option.default:
                        yield variant.id, players, {option.id: value}
