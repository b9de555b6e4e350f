"""The tests' own layout, read from their imports: test modules share code through helper modules only.

What several test modules need (the table of every rule set, random deals, scripted hands, the
golden cases, the browser helpers...) lives in helper modules (``tests/helpers/``, and beside the
browser tests ``tests/e2e/table.py`` and ``tests/e2e/hosts.py``). So no module under ``tests/``
imports a test module (``test_*.py``: pytest may collect it twice, and its tests run again where
it is imported), no test or helper module imports a ``conftest.py`` (pytest loads those itself,
and hands their helpers out as fixtures), and tests import no private name (``_name``) from the
engine or the front end.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent

WAITING_FOR_CONFTEST: dict[str, set[str]] = {}
"""Browser tests that still import helpers defined in ``tests/e2e/conftest.py`` (``Recorder``,
``READY_TIMEOUT_MS``, ``wait_until_ready``, ``OpenApp``), and which: they move to a helper module
(for example ``tests/helpers/browser.py``, which the conftest then imports) in the conftest's own
change. Remove an entry once its module imports a helper instead; nothing may be added."""


def python_files() -> list[Path]:
    """Every Python file under ``tests/``."""
    return sorted(path for path in TESTS.rglob("*.py") if "__pycache__" not in path.parts)


def module_name(path: Path) -> str:
    """The dotted module name of a file under the repository (``tests.engine.test_ai``)."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path) -> Iterator[tuple[int, str, str | None]]:
    """Every import in a file, at any depth: ``(line, module, name)``, with ``name`` None for
    ``import module`` and each name of ``from module import name``; relative imports resolved."""
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package.pop()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name, None
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            for alias in node.names:
                yield node.lineno, module, alias.name


def is_test_module(dotted: str) -> bool:
    """Whether a dotted name is a test module of this project (``tests....test_*``)."""
    parts = dotted.split(".")
    return parts[0] == "tests" and parts[-1].startswith("test_")


def is_conftest(dotted: str) -> bool:
    """Whether a dotted name is one of this project's ``conftest`` modules."""
    parts = dotted.split(".")
    return parts[0] == "tests" and parts[-1] == "conftest"


def relative(path: Path) -> str:
    """The path as the repository names it (``tests/engine/test_ai.py``)."""
    return path.relative_to(ROOT).as_posix()


def test_no_module_imports_a_test_module() -> None:
    found = []
    for path in python_files():
        for line, module, name in imports(path):
            targets = [module] if name is None else [module, f"{module}.{name}"]
            if any(is_test_module(target) for target in targets):
                found.append(f"{relative(path)}:{line}: imports {targets[-1]}")
    assert not found, "move what is shared to a helper module (tests/helpers/):\n" + "\n".join(found)


def test_no_test_or_helper_module_imports_a_conftest() -> None:
    found: list[str] = []
    waiting: dict[str, set[str]] = {path: set() for path in WAITING_FOR_CONFTEST}
    for path in python_files():
        if path.name == "conftest.py":
            continue
        for line, module, name in imports(path):
            targets = [module] if name is None else [module, f"{module}.{name}"]
            if not any(is_conftest(target) for target in targets):
                continue
            if name in WAITING_FOR_CONFTEST.get(relative(path), set()):
                waiting[relative(path)].add(name)
                continue
            found.append(f"{relative(path)}:{line}: imports {targets[-1]}")
    assert not found, "import a helper module, or take the conftest's fixture:\n" + "\n".join(found)
    stale = {path: sorted(names - waiting[path]) for path, names in WAITING_FOR_CONFTEST.items()}
    stale = {path: names for path, names in stale.items() if names}
    assert not stale, f"these no longer import the conftest: remove them from WAITING_FOR_CONFTEST: {stale}"


def test_tests_import_only_public_names_of_the_engine_and_the_front_end() -> None:
    found = []
    for path in python_files():
        for line, module, name in imports(path):
            if module.split(".")[0] not in ("engine", "web", "buildtools"):
                continue
            private = [part for part in [*module.split("."), name or ""] if part.startswith("_")]
            if [part for part in private if not (part.startswith("__") and part.endswith("__"))]:
                found.append(f"{relative(path)}:{line}: {module} {name or ''}".rstrip())
    assert not found, "make the name public in its module, or test through a public one:\n" + "\n".join(found)


def test_the_reader_sees_the_imports_it_must_refuse() -> None:
    """The checks above are not vacuous: the reader resolves each kind of import."""
    sample = TESTS / "helpers" / "__init__.py"
    assert module_name(sample) == "tests.helpers"
    assert module_name(TESTS / "engine" / "test_ai.py") == "tests.engine.test_ai"
    assert is_test_module("tests.golden.test_golden") and not is_test_module("tests.helpers.golden")
    assert is_conftest("tests.e2e.conftest") and not is_conftest("tests.e2e.table")
    found = {
        (module, name)
        for path in python_files()
        if path.parent.name == "helpers"
        for _, module, name in imports(path)
    }
    assert ("tests.helpers.tables", "rules_of") in found  # tests/helpers/deals.py


def _import_name(path: Path) -> str:
    """The name pytest imports a test module by: its dotted path from the outermost package
    folder above it, or its file name alone in a folder that is not a package."""
    parts = [path.stem]
    folder = path.parent
    while (folder / "__init__.py").is_file():
        parts.insert(0, folder.name)
        folder = folder.parent
    return ".".join(parts)


def test_no_two_test_modules_share_a_name() -> None:
    # In a folder that is not a package pytest imports a test module by its file name alone,
    # and a second module of the same name elsewhere fails to be collected.
    names = [_import_name(path) for path in TESTS.rglob("test_*.py")]
    assert len(names) > 50 and "test_plates" in names
    assert sorted(name for name in set(names) if names.count(name) > 1) == []
