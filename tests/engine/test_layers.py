"""The engine's modules import in one direction: no circles, no module reaching above it.

Read from the source (imports inside functions count too: a circle hidden in a function is
still a circle). The layers, bottom up:

1. the shared core: ``engine.tiles``, ``errors``, ``words``, ``game``, ``thinking`` (a search
   run in slices), ``lab`` (what the lab tools share), ``rating`` (Glicko-2), ``fair_deals``
   (the hashes of deals anyone can verify) and ``engine.notation`` (the text reader);
2. a package per kind of game, ``engine.line``, ``engine.dice`` and ``engine.trains``, none importing
   another; inside each, the computer players (``ai``) above the rules;
3. ``engine.catalogue``, which lists every game, ``python -m engine.notation`` (which checks a
   record of any game), ``engine/__init__.py``, the front door, and ``engine.puzzles``
   (made from the line games and their players).

The lab tools that measure the computer players or play them against each other (the arenas,
the calibration, the self-play that writes the golden files) may import the players.
"""

from __future__ import annotations

import functools

from tests.helpers.imports import circles, crossings, import_graph, within

CORE = (
    "engine.tiles",
    "engine.errors",
    "engine.words",
    "engine.game",
    "engine.thinking",
    "engine.lab",
    "engine.rating",
    "engine.fair_deals",
    "engine.notation",
)
KINDS = ("engine.line", "engine.dice", "engine.trains")
TOP = ("engine", "engine.catalogue", "engine.notation.__main__")
ABOVE_THE_GAMES = ("engine.puzzles",)
LAB = (
    "engine.trains.ai.arena",
    "engine.trains.selfplay",
    "engine.line.ai.arena",
    "engine.line.ai.calibration",
    "engine.dice.ai.arena",
    "engine.line.selfplay",
    "engine.dice.selfplay",
)


@functools.cache
def imports() -> dict[str, set[str]]:
    """Each engine module's imports of other engine modules."""
    return import_graph("engine")


def _layer(module: str) -> int:
    if module in TOP or any(within(module, package) for package in ABOVE_THE_GAMES):
        return 3
    if any(within(module, kind + ".ai") for kind in KINDS):
        return 2
    if any(within(module, kind) for kind in KINDS):
        return 1
    assert any(within(module, core) for core in CORE), f"{module} is in no layer"
    return 0


def test_every_module_is_in_a_layer() -> None:
    assert len(imports()) > 50
    for module in imports():
        _layer(module)


def test_no_module_imports_one_above_it() -> None:
    upward = sorted(
        f"{module} -> {target}"
        for module, targets in imports().items()
        for target in targets
        if module not in LAB and _layer(target) > _layer(module)
    )
    assert upward == []


def test_a_kind_of_game_never_imports_another() -> None:
    assert crossings(imports(), KINDS) == []


def test_no_import_circles() -> None:
    # the front door imports everything; nothing below may import it
    assert circles(imports(), unfollowed=TOP) == []


def test_nothing_below_the_top_imports_the_front_door_or_the_catalogue() -> None:
    reaching = sorted(
        f"{module} -> {target}"
        for module, targets in imports().items()
        for target in targets
        if target in TOP and module not in TOP and module not in LAB
    )
    assert reaching == []
