"""The engine's modules import in one direction: no circles, no module reaching above it.

Read from the source (imports inside functions count too: a circle hidden in a function is
still a circle). The layers, bottom up:

1. the shared core: ``engine.tiles``, ``errors``, ``words``, ``game``, ``thinking`` (a search
   run in slices), ``lab`` (what the lab tools share) and ``engine.notation`` (the text reader);
2. a package per kind of game, ``engine.line`` and ``engine.dice``, neither importing the
   other; inside each, the computer players (``ai``) above the rules;
3. ``engine.catalogue``, which lists every game, ``python -m engine.notation`` (which checks a
   record of any game) and ``engine/__init__.py``, the front door.

The lab tools that measure the computer players or play them against each other (the arenas,
the calibration, the self-play that writes the golden files) may import the players.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engine"
CORE = (
    "engine.tiles",
    "engine.errors",
    "engine.words",
    "engine.game",
    "engine.thinking",
    "engine.lab",
    "engine.notation",
)
KINDS = ("engine.line", "engine.dice")
TOP = ("engine", "engine.catalogue", "engine.notation.__main__")
LAB = ("engine.line.ai.arena", "engine.line.ai.calibration", "engine.dice.ai.arena", "engine.line.selfplay",
       "engine.dice.selfplay")


def _module_of(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@functools.cache
def imports() -> dict[str, set[str]]:
    """Each engine module's imports of other engine modules (a name imported from a package
    that is a module of it counts as that module)."""
    modules = {_module_of(path): path for path in ENGINE.rglob("*.py")}
    found: dict[str, set[str]] = {}
    for module, path in modules.items():
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("engine"):
                for alias in node.names:
                    child = f"{node.module}.{alias.name}"
                    targets.add(child if child in modules else node.module)
            elif isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names if alias.name.startswith("engine"))
        found[module] = {target for target in targets if target != module}
    return found


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def _layer(module: str) -> int:
    if module in TOP:
        return 3
    if any(_within(module, kind + ".ai") for kind in KINDS):
        return 2
    if any(_within(module, kind) for kind in KINDS):
        return 1
    assert any(_within(module, core) for core in CORE), f"{module} is in no layer"
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
    crossing = sorted(
        f"{module} -> {target}"
        for module, targets in imports().items()
        for target in targets
        for kind in KINDS
        for other in KINDS
        if kind != other and _within(module, kind) and _within(target, other)
    )
    assert crossing == []


def test_no_import_circles() -> None:
    graph = imports()
    state: dict[str, int] = {}  # 1: on the path being followed, 2: done
    circles: list[list[str]] = []

    def follow(module: str, path: list[str]) -> None:
        state[module] = 1
        for target in sorted(graph.get(module, ())):
            if target in TOP:
                continue  # the front door imports everything; nothing below may import it
            if state.get(target) == 1:
                circles.append([*path[path.index(target) :], target])
            elif target not in state:
                follow(target, [*path, target])
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            follow(module, [module])
    assert circles == []


def test_nothing_below_the_top_imports_the_front_door_or_the_catalogue() -> None:
    reaching = sorted(
        f"{module} -> {target}"
        for module, targets in imports().items()
        for target in targets
        if target in TOP and module not in TOP and module not in LAB
    )
    assert reaching == []
