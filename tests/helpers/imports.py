"""The import graph of one of the project's packages, read from its source, for the tests
that check which module may import which.

Imports inside functions count too: a circle hidden in a function is still a circle.
"""

from __future__ import annotations

import ast
from collections.abc import Collection, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def module_of(path: Path) -> str:
    """The dotted name of a module of this project from its file."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(package: str) -> dict[str, set[str]]:
    """Each module of ``package``'s imports of other modules of it (a name imported from a
    package that is a module of it counts as that module)."""
    modules = {module_of(path): path for path in (ROOT / package).rglob("*.py")}
    found: dict[str, set[str]] = {}
    for module, path in modules.items():
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and within(node.module, package):
                for alias in node.names:
                    child = f"{node.module}.{alias.name}"
                    targets.add(child if child in modules else node.module)
            elif isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names if within(alias.name, package))
        found[module] = {target for target in targets if target != module}
    return found


def within(module: str, package: str) -> bool:
    """Whether ``module`` is ``package`` or one of its modules."""
    return module == package or module.startswith(package + ".")


def crossings(graph: Mapping[str, Collection[str]], kinds: Collection[str]) -> list[str]:
    """Every import from one of ``kinds`` (packages) into another, said as ``module -> target``."""
    return sorted(
        f"{module} -> {target}"
        for module, targets in graph.items()
        for target in targets
        for kind in kinds
        for other in kinds
        if kind != other and within(module, kind) and within(target, other)
    )


def circles(graph: Mapping[str, Collection[str]], unfollowed: Collection[str] = ()) -> list[list[str]]:
    """Every circle of imports found following the graph depth first (the modules in
    ``unfollowed``, such as a front door that imports everything, are not followed)."""
    state: dict[str, int] = {}  # 1: on the path being followed, 2: done
    found: list[list[str]] = []

    def follow(module: str, path: list[str]) -> None:
        state[module] = 1
        for target in sorted(graph.get(module, ())):
            if target in unfollowed:
                continue
            if state.get(target) == 1:
                found.append([*path[path.index(target) :], target])
            elif target not in state:
                follow(target, [*path, target])
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            follow(module, [module])
    return found
