"""The engine's error vocabulary: the codes ``engine.errors`` lists are exactly the codes raised.

The engine's source is read (not run): every construction of an engine error, and every call
of a helper that makes one, gives its class and code. A code raised but not listed, listed
but never raised, or raised as another class than the one listing it fails here.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path

from engine.errors import CODES, EngineError, IllegalActionError, NotationError, RulesError

ENGINE = Path(__file__).resolve().parents[2] / "engine"

CLASSES: dict[str, type[EngineError]] = {
    kind.__name__: kind for kind in (EngineError, IllegalActionError, NotationError, RulesError)
}
HELPERS: dict[str, tuple[type[EngineError], int, str | None]] = {
    # name: (the class it makes, the position of its ``code`` argument, the code by default)
    "error_at": (NotationError, 4, "bad-record"),
    "check_text": (NotationError, 2, None),
    "tokens": (NotationError, 1, "bad-record"),
}


def _constants(tree: ast.Module) -> dict[str, str]:
    """A module's top-level ``NAME = "text"`` assignments."""
    found = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
            for target in node.targets:
                if isinstance(target, ast.Name) and isinstance(node.value.value, str):
                    found[target.id] = node.value.value
    return found


def _parameters(tree: ast.Module) -> dict[ast.Call, set[str]]:
    """For each call, the parameter names of the function it is written in."""
    inside: dict[ast.Call, set[str]] = {}
    for function in ast.walk(tree):
        if isinstance(function, ast.FunctionDef):
            names = {arg.arg for arg in (*function.args.args, *function.args.kwonlyargs)}
            for node in ast.walk(function):
                if isinstance(node, ast.Call):
                    inside.setdefault(node, set()).update(names)
    return inside


@functools.cache
def raised_codes() -> tuple[tuple[str, type[EngineError], str], ...]:
    """(where, class, code) for every engine error the engine's source makes."""
    return tuple(_scan())


def _scan() -> Iterator[tuple[str, type[EngineError], str]]:
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        constants, parameters = _constants(tree), _parameters(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = (
                func.id
                if isinstance(func, ast.Name)
                else func.attr
                if isinstance(func, ast.Attribute)
                else ""
            )
            if name in CLASSES:
                kind, position, default = CLASSES[name], 1, CLASSES[name].default_code
            elif name in HELPERS:
                kind, position, default = HELPERS[name]
            else:
                continue
            where = f"{path.relative_to(ENGINE.parent)}:{node.lineno}"
            argument = next((k.value for k in node.keywords if k.arg == "code"), None)
            if argument is None and len(node.args) > position:
                argument = node.args[position]
            if argument is None:
                assert default is not None, f"{where}: {name} needs a code"
                yield where, kind, default
            elif isinstance(argument, ast.Constant) and isinstance(argument.value, str):
                yield where, kind, argument.value
            elif isinstance(argument, ast.Name) and argument.id in constants:
                yield where, kind, constants[argument.id]
            elif isinstance(argument, ast.Name) and argument.id in parameters.get(node, set()):
                continue  # passed on by a helper: its callers are read instead
            else:
                raise AssertionError(f"{where}: a code that cannot be read: {ast.unparse(argument)}")


def test_the_scan_finds_the_engine_errors() -> None:
    kinds = {kind for _, kind, _ in raised_codes()}
    assert kinds >= {IllegalActionError, NotationError, RulesError}
    assert len(raised_codes()) > 100


def test_every_raised_code_is_listed_with_its_class() -> None:
    unlisted = sorted(
        f"{where}: {kind.__name__} {code!r}" for where, kind, code in raised_codes() if code not in kind.codes
    )
    assert unlisted == []


def test_every_listed_code_is_raised() -> None:
    raised = {(kind, code) for _, kind, code in raised_codes()}
    never = sorted(f"{kind.__name__} {code!r}" for code, kind in CODES.items() if (kind, code) not in raised)
    assert never == []


def test_nothing_raises_the_base_class_itself() -> None:
    bare = sorted(where for where, kind, _ in raised_codes() if kind is EngineError)
    assert bare == []
    assert EngineError.codes == {}


def test_a_code_belongs_to_one_class_and_says_what_it_means() -> None:
    seen: dict[str, type[EngineError]] = {}
    for kind in (IllegalActionError, NotationError, RulesError):
        for code, meaning in kind.codes.items():
            assert code not in seen, f"{code!r} is listed by {seen[code].__name__} and {kind.__name__}"
            seen[code] = kind
            assert meaning and meaning == meaning.strip(), code
    assert seen == dict(CODES)


def test_an_unknown_level_is_a_rules_error_in_every_game() -> None:
    from engine.dice.ai import make_dice_bot
    from engine.line.ai import make_bot

    for make in (make_bot, make_dice_bot):
        try:
            make("grandmaster")
        except RulesError as error:
            assert error.code == "bad-option" and "grandmaster" in str(error)
        else:
            raise AssertionError(f"{make.__name__} took an unknown level")
