"""PyScript as the page uses it: its config, and which of its modules (and Pyodide's) a boot loads."""

from __future__ import annotations

import re
from pathlib import Path

from buildtools.paths import PYSCRIPT_DIST
from buildtools.shell import fail

#: PyScript's built-in plugins this page does not use; each would be imported at every
#: boot. "error" stays: its banners are how index.html's watchdog hears of Python errors.
#: (tests/bundle/test_bundle.py checks the list against PyScript's own plugin table.)
PYSCRIPT_UNUSED_PLUGINS = (
    "codemirror",
    "deprecations-manager",
    "donkey",
    "py-editor",
    "py-game",
    "py-terminal",
)

#: PyScript config written next to index.html as JSON: a TOML config makes PyScript fetch a
#: TOML parser before anything else. A relative ``interpreter`` is resolved against the
#: config URL in one code path and the page URL in another: keep both in the same folder.
#: Pyodide comes from our own bundle, never from a CDN; the project's Python (``app.zip``)
#: is written into the working directory as it is, with no micropip, and imported from
#: there (``web/boot.js`` puts it first on ``sys.path``): unpacking its files cost a
#: tenth of a warm boot, and a module is read from it only when first imported.
PYSCRIPT_CONFIG = {
    "interpreter": "./pyodide/interpreter.mjs",
    "files": {"./app.zip": "./app.zip"},
    "plugins": [f"!{name}" for name in PYSCRIPT_UNUSED_PLUGINS],
}
PYSCRIPT_CONFIG_NAME = "pyscript.json"
#: PyScript reads a config for each interpreter type it knows and loads every plugin for a
#: type without one, MicroPython included, though no script of the page is MicroPython.
#: This inline config, written into index.html, turns the same ones off for it. ("!error"
#: would not do: the error plugin is one module shared by both types, and turning it off
#: for one turns its banners off for both.)
MPY_CONFIG = {"plugins": [f"!{name}" for name in PYSCRIPT_UNUSED_PLUGINS]}

_IMPORT_RE = re.compile(r"""(?:\bfrom|\bimport)\s*\(?\s*["'](\./[^"']+\.js)["']""")
_STATIC_IMPORT_RE = re.compile(r"""(?:\bfrom\s*|\bimport\s*)["'](\./[^"']+\.js)["']""")
_ERROR_PLUGIN_RE = re.compile(r"""\berror:\(\)=>import\(["']\./([^"']+\.js)["']\)""")
_JS_PYTHON_IMPORT_RE = re.compile(r"(?:\bfrom|\bimport)\s+([A-Za-z_][\w.]*)")


def pyscript_modules(dist: Path = PYSCRIPT_DIST, entry: str = "core.js") -> list[str]:
    """Names of the @pyscript/core chunks reachable from ``core.js``.

    Follows static and dynamic ``import`` of relative ``./*.js`` files, so the plugins
    PyScript loads lazily (error banner, terminal, editor) come along; source maps and
    unused files (storage.js, service-worker.js) stay behind.
    """
    seen: set[str] = set()
    todo = [entry]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        text = (dist / name).read_text(encoding="utf-8")
        todo.extend(m.removeprefix("./") for m in _IMPORT_RE.findall(text))
    return sorted(seen)


def boot_modules(dist: Path = PYSCRIPT_DIST) -> list[str]:
    """The JavaScript modules a boot loads, as dist paths: preloaded with ``modulepreload``.

    boot.js, PyScript's core.js with the chunks it imports statically and the one plugin
    left on (error), and Pyodide's two modules.
    """
    seen: list[str] = []
    todo = ["core.js"]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.append(name)
            todo.extend(
                m.removeprefix("./") for m in _STATIC_IMPORT_RE.findall((dist / name).read_text("utf-8"))
            )
    plugin = None
    for name in seen:
        found = _ERROR_PLUGIN_RE.search((dist / name).read_text("utf-8"))
        plugin = plugin or (found and found.group(1))
    if plugin is None:
        fail("cannot find PyScript's error plugin in its chunks: has @pyscript/core changed?")
    return [
        "boot.js",
        *(f"pyscript/{name}" for name in [*seen, plugin]),
        "pyodide/interpreter.mjs",
        "pyodide/pyodide.mjs",
        "pyodide/pyodide.asm.mjs",
    ]


def pyscript_python_imports(dist: Path = PYSCRIPT_DIST) -> list[str]:
    """Module names that the Python snippets inside PyScript's JavaScript import.

    A loose match: names that are not standard library modules are ignored downstream.
    """
    names: set[str] = set()
    for chunk in pyscript_modules(dist):
        names.update(_JS_PYTHON_IMPORT_RE.findall((dist / chunk).read_text(encoding="utf-8")))
    return sorted(names)
