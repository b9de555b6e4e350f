"""Build the Python half of the bundle inside the Pyodide that ships it (run by build.py).

Run under Node by ``bundle/run_in_pyodide.mjs`` with the build's work folder mounted at
``/bundle``; ``/bundle/request.json`` says what to do and the results are written next
to it. Running inside the shipped runtime is the point: the bytecode it writes has
exactly this runtime's magic number and opcodes, and the modules it finds are those of
this runtime's standard library.

1. **Which standard library modules the page uses.** The union of

   - what Pyodide itself has imported once booted (its own ``pyodide``/``_pyodide``
     packages are kept whole: its JavaScript imports from them by name),
   - what a workload imports: every module of the app, a random hand of every variant,
     a record and a share link written and read back, a hand of Dice and Dominoes,
   - and, statically, everything those modules, the app's files, PyScript's Python
     package and the Python snippets in PyScript's JavaScript import, at any depth,
     function-level imports included (``modulefinder``).

2. **Bytecode.** Those modules, and the app's packages, compiled to ``.pyc`` with no
   source beside them (unchecked hash-based pycs, so the bytes do not depend on file
   times), written as zips with sorted entries and fixed timestamps: the same inputs give
   the same bytes.

Request fields: ``stdlib`` (the stock zip's path inside Pyodide), ``app`` (folder holding
``engine/``, ``web/``), ``scripts`` (the page's entry point, main.py), ``own_roots`` (folders of other Python
that is not the standard library's), ``pyscript`` (PyScript's package, as it writes it at
boot), ``root_names`` (module names imported by PyScript's JavaScript), ``optimize`` (as
``compile()``), ``variants`` (rule-set ids for the workload). Results: ``stdlib.zip``,
``app.zip`` (with the dataclass cache of web/dataclass_cache.py and pycs for PyScript's
package; the page imports from it as it is, through ``zipimport``) and ``report.json``
(magic number, module lists).
"""

from __future__ import annotations

import ast
import importlib
import importlib.machinery
import importlib.util
import json
import sys
import zipfile
from collections.abc import Callable
from importlib import _bootstrap_external
from pathlib import Path
from types import CodeType

WORK = Path("/bundle")
STDLIB_COPY = Path("/tmp/stdlib-source")
#: Every entry gets this timestamp, so a zip's bytes depend on its contents only.
ZIP_DATE_TIME = (1980, 1, 1, 0, 0, 0)


def stdlib_modules_loaded(stdlib_zip: str) -> set[str]:
    """Names of the modules imported so far that came from the standard library zip."""
    loaded = set()
    for name, module in list(sys.modules.items()):
        origin = getattr(module, "__file__", None) or ""
        if origin.startswith(stdlib_zip + "/"):
            loaded.add(name)
    return loaded


def run_workload(app: Path, modules: list[str], variants: list[str]) -> dict[str, CodeType]:
    """Import the app's modules the page reaches, and play what a page plays.

    Returns the dataclass methods compiled on the way (see web/dataclass_cache.py).
    """
    sys.path.insert(0, str(app))
    from web.dataclass_cache import recording

    codes: dict[str, CodeType] = {}
    with recording(codes):
        for name in modules:
            try:
                importlib.import_module(name)
            except ImportError as error:
                # Modules that need the page (``pyscript``) are followed statically only.
                if error.name != "pyscript":
                    raise
        from engine.line.notation import read_record, write_record
        from engine.line.selfplay import bot_match, play_random_hand
        from engine.line.variants import VARIANTS, make_rules
        from web.links.share import read_fragment, record_fragment

        for variant in variants:
            players = VARIANTS[variant].default_players
            play_random_hand(make_rules(variant, players), 1)
            match = bot_match(variant, players, 1, ["greedy"] * players, max_hands=1)
            record = write_record(match)
            read_record(record)
            read_fragment(record_fragment(record))
        play_dice_hand()
    return codes


def play_dice_hand() -> None:
    """A hand of Dice and Dominoes at the table against each computer level, saved and read back."""
    from engine.dice.ai import DICE_LEVELS
    from web.dice.controller import DiceController
    from web.settings import Settings

    controller = DiceController(Settings("dice", len(DICE_LEVELS) + 1, 0, DICE_LEVELS, ()), 1)
    for _ in range(200):
        if controller.phase == "choose":
            for tile in controller.session.legal_commitments(controller.human_seat)[0].tiles:
                controller.tap_tile(tile)
            controller.put_out()
        elif controller.phase == "reveal":
            controller.go_on()
        elif controller.phase == "rethrow":
            controller.choose_rethrow(True)
        else:
            break
    DiceController.restore(controller.save())


def imported_names(source: bytes, package: str, module_level_only: bool) -> set[str]:
    """The absolute module names a module's source imports (``from a import b`` gives ``a`` and ``a.b``).

    With ``module_level_only``, imports inside functions and ``if __name__ == "__main__":``
    are left out: they run only when the function does (the workload runs what the page
    runs) or when the module runs as a script.
    """
    tree = ast.parse(source)
    names: set[str] = set()
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        for child in ast.iter_child_nodes(node):
            if module_level_only and (
                isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
                or _runs_as_script(child)
            ):
                continue
            todo.append(child)
            if isinstance(child, ast.Import):
                names.update(alias.name for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    parent = package.rsplit(".", child.level - 1)[0] if child.level > 1 else package
                    base = f"{parent}.{base}" if base else parent
                names.add(base)
                names.update(f"{base}.{alias.name}" for alias in child.names if alias.name != "*")
    return names


def _runs_as_script(node: ast.AST) -> bool:
    """True for ``if __name__ == "__main__":``."""
    if not isinstance(node, ast.If) or not isinstance(node.test, ast.Compare):
        return False
    sides = [node.test.left, *node.test.comparators]
    return {getattr(side, "id", None) for side in sides} & {"__name__"} == {"__name__"} and any(
        isinstance(side, ast.Constant) and side.value == "__main__" for side in sides
    )


def module_file(root: Path, name: str) -> Path | None:
    """The source file of module ``name`` under ``root``, or None (a builtin or not there)."""
    base = root.joinpath(*name.split("."))
    for candidate in (base / "__init__.py", base.with_name(base.name + ".py")):
        if candidate.is_file():
            return candidate
    return None


class ModuleGraph:
    """Follows imports from the page's entry points through the app and the standard library.

    An app module (or PyScript's) counts with every import it makes, even inside functions;
    a standard library module with its module-level imports only (its function-level
    imports run when the function does, which the workload covers). Each package's
    ``__init__`` comes along with its submodules. Modules frozen into the runtime are
    followed but not shipped: the import system never reads them from the zip.
    """

    def __init__(self, stdlib: Path, own: list[Path]) -> None:
        """``stdlib``: the extracted standard library; ``own``: the app's and PyScript's roots."""
        self.stdlib = stdlib
        self.own = own
        self.stdlib_files: set[str] = set()
        """Paths relative to ``stdlib`` (``json/__init__.py``, ``random.py``)."""
        self.own_files: set[Path] = set()
        self._seen: set[str] = set()

    def add_script(self, path: Path) -> None:
        """Follow every import of a script outside any package (``main.py``)."""
        self.own_files.add(path)
        self.add_names(imported_names(path.read_bytes(), "", module_level_only=False))

    def add_names(self, names: set[str]) -> None:
        """Follow the named modules and everything they import."""
        todo = set(names)
        while todo:
            name = todo.pop()
            if not name or name in self._seen:
                continue
            self._seen.add(name)
            if "." in name:
                todo.add(name.rsplit(".", 1)[0])
            todo |= self._imports_of(name)

    def _imports_of(self, name: str) -> set[str]:
        for root in self.own:
            path = module_file(root, name)
            if path is not None:
                self.own_files.add(path)
                return imported_names(path.read_bytes(), _package_of(name, path), module_level_only=False)
        path = module_file(self.stdlib, name)
        if path is None:
            return set()  # a builtin module, a JavaScript module, or a name that is not a module
        if importlib.machinery.FrozenImporter.find_spec(name) is None:
            # A frozen module is built into the runtime and never read from the zip.
            self.stdlib_files.add(path.relative_to(self.stdlib).as_posix())
        return imported_names(path.read_bytes(), _package_of(name, path), module_level_only=True)


def _package_of(name: str, path: Path) -> str:
    """The package relative imports in module ``name`` (file ``path``) are resolved against."""
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def pyc_bytes(source: bytes, filename: str, optimize: int) -> bytes:
    """The contents of an unchecked hash-based ``.pyc`` of ``source``."""
    code = compile(source, filename, "exec", dont_inherit=True, optimize=optimize)
    data: bytes = _bootstrap_external._code_to_hash_pyc(  # type: ignore[attr-defined]
        code, importlib.util.source_hash(source), checked=False
    )
    return data


def _is_dataclass(node: ast.ClassDef) -> bool:
    """Whether the class ``node`` is decorated ``@dataclass`` or ``@dataclass(...)`` (also as
    ``dataclasses.dataclass``)."""
    for decorator in node.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", None)
        if name == "dataclass":
            return True
    return False


def without_docstrings(tree: ast.Module) -> ast.Module:
    """``tree`` with its docstrings dropped, as ``compile(optimize=2)`` drops them (the app
    reads none at run time), but those of dataclasses: a dataclass without one is given one
    when it is defined, made with ``inspect.signature``, a tenth of the app's import time in
    the page. A body left empty gets a ``pass``."""
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if isinstance(node, ast.ClassDef) and _is_dataclass(node):
            continue
        body = node.body
        first = body[0] if body else None
        if (
            isinstance(first, ast.Expr)
            and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)
        ):
            del body[0]
            if not body:
                body.append(ast.copy_location(ast.Pass(), first))
    return tree


def app_pyc_bytes(source: bytes, filename: str, optimize: int) -> bytes:
    """:func:`pyc_bytes` for the app's own modules: asserts dropped as ``optimize`` asks, and
    every docstring but a dataclass's (:func:`without_docstrings`)."""
    tree = without_docstrings(ast.parse(source, filename))
    code = compile(tree, filename, "exec", dont_inherit=True, optimize=min(optimize, 1))
    data: bytes = _bootstrap_external._code_to_hash_pyc(  # type: ignore[attr-defined]
        code, importlib.util.source_hash(source), checked=False
    )
    return data


def write_zip(dest: Path, entries: dict[str, bytes]) -> None:
    """A deterministic zip: sorted names, fixed times and permissions, best compression."""
    with zipfile.ZipFile(dest, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, entries[name], compresslevel=9)


def package_pycs(root: Path, prefix: str) -> dict[str, bytes]:
    """Sourceless ``.pyc`` entries (``prefix/name.pyc``) for the source files under ``root``.

    For PyScript's own package, which it writes as source at every boot: the page imports
    it from ``app.zip`` (first on ``sys.path``) instead, compiled here from the same
    sources. Compiled as the page would (no optimization).
    """
    return {
        f"{prefix}/{name[: -len('.py')]}.pyc": pyc_bytes(
            (root / name).read_bytes(), f"/home/pyodide/app.zip/{prefix}/{name}", optimize=0
        )
        for name in sorted(path.relative_to(root).as_posix() for path in root.rglob("*.py"))
    }


def compiled_tree(
    root: Path,
    names: list[str],
    prefix: str,
    optimize: int,
    compiler: Callable[[bytes, str, int], bytes] = pyc_bytes,
) -> dict[str, bytes]:
    """``name.py`` -> ``name.pyc`` for each name under ``root`` (compiled by ``compiler``);
    tracebacks name ``prefix/name.py``."""
    return {
        name[: -len(".py")] + ".pyc": compiler((root / name).read_bytes(), f"{prefix}/{name}", optimize)
        for name in names
    }


def module_name(root: Path, path: Path) -> str:
    """The dotted name of the module in ``path`` under ``root``."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def main() -> None:
    """Read the request, find the modules, write the compiled zips and the report."""
    request = json.loads((WORK / "request.json").read_text())
    stdlib_zip, app = request["stdlib"], Path(request["app"])
    booted = stdlib_modules_loaded(stdlib_zip)
    with zipfile.ZipFile(stdlib_zip) as archive:
        archive.extractall(STDLIB_COPY)
    graph = ModuleGraph(STDLIB_COPY, [app, *(Path(root) for root in request["own_roots"])])
    for script in request["scripts"]:
        graph.add_script(Path(script))
    graph.add_names(booted | set(request["root_names"]))
    app_files = sorted(
        path.relative_to(app).as_posix() for path in graph.own_files if path.is_relative_to(app)
    )
    codes = run_workload(app, [module_name(app, app / name) for name in app_files], request["variants"])
    used = stdlib_modules_loaded(stdlib_zip)
    graph.add_names(used)
    modules = sorted(graph.stdlib_files)
    optimize = request["optimize"]
    stdlib_prefix = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip"
    write_zip(WORK / "stdlib.zip", compiled_tree(STDLIB_COPY, modules, stdlib_prefix, optimize))
    from web.dataclass_cache import CACHE_NAME, dumps

    app_entries = compiled_tree(app, app_files, "/home/pyodide/app.zip", optimize, app_pyc_bytes)
    app_entries[f"web/{CACHE_NAME}"] = dumps(codes)
    app_entries.update(package_pycs(Path(request["pyscript"]), "pyscript"))
    write_zip(WORK / "app.zip", app_entries)
    report = {
        "magic": importlib.util.MAGIC_NUMBER.hex(),
        "python": sys.version.split()[0],
        "stdlib_files": modules,
        "app_files": app_files,
        "dataclass_sources": len(codes),
        "booted": sorted(booted),
        "workload": sorted(used - booted),
    }
    (WORK / "report.json").write_text(json.dumps(report, indent=1))


main()
