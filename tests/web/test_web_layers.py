"""The page's modules import in one direction, and each kind of game's table stands alone.

- no import circles among the modules of ``web/`` (imports inside functions count);
- the table of one kind of game (``web.line``, ``web.dice``, ``web.trains``) never imports another's: what
  they share (seats, rectangles, drawing a tile, the painter) lives at the top of ``web/``;
- ``web.app`` wires: it imports no kind of game's table, only :mod:`web.table_kinds`, the
  one module that lists them;
- nothing at the top of ``web/`` but the table's list, the replay viewer and the page's
  panels reaches into a kind's package (the exceptions are named below, each with why).
"""

from __future__ import annotations

import functools

from tests.helpers.imports import circles, crossings, import_graph, within

KINDS = ("web.line", "web.dice", "web.trains")

REACHING_INTO_A_KIND = {
    "web.table_kinds": "lists every kind of game's controller, table and replay",
    "web.replay.model": "the line games' replay model (the dice game's is web.dice.replay)",
    "web.replay.scene": "draws a line game's replay frame with the line table's geometry",
    "web.replay.view": "the replay viewer draws each kind's frames",
    "web.review.book": "the hand review replays line games",
    "web.review.view": "the hand review's panel over a line game's replay",
    "web.page": "the panels around the canvas tell a line game's state (scores, pass screen)",
    "web.embedding.host_link": "the host page's API reports a line game's state",
    "web.spoken": "speaks a line game's state to screen readers (the dice table speaks its own)",
    "web.puzzles.controller": "a puzzle is a line game's position: a line controller, its moves checked",
    "web.puzzles.table": "a puzzle is played at a line table, with the puzzle's buttons and words",
    "web.daily.controller": "the day's deal is a line game's hand: a line controller, played once",
    "web.daily.expert": "the Expert plays the day's deal again at a line controller",
    "web.daily.table": "the day's deal is played at a line table, with the comparison after it",
}
"""Modules outside the kinds' packages that may import from them, and why."""


@functools.cache
def imports() -> dict[str, set[str]]:
    """Each web module's imports of other web modules."""
    return import_graph("web")


def test_the_graph_is_read() -> None:
    assert len(imports()) > 40 and "web.line.table" in imports()["web.table_kinds"]


def test_no_import_circles() -> None:
    assert circles(imports()) == []


def test_a_kind_of_table_never_imports_another() -> None:
    assert crossings(imports(), KINDS) == []


def test_the_app_only_wires() -> None:
    assert (
        sorted(target for target in imports()["web.app"] if any(within(target, kind) for kind in KINDS)) == []
    )


def test_only_the_named_modules_reach_into_a_kind() -> None:
    reaching = sorted(
        module
        for module, targets in imports().items()
        if not any(within(module, kind) for kind in KINDS)
        and any(within(target, kind) for target in targets for kind in KINDS)
    )
    assert set(reaching) <= set(REACHING_INTO_A_KIND), reaching
