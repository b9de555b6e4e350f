"""Where things are, and the names of what the build ships.

Every other module of the package reads its paths from here; nothing here does any work.
"""

from __future__ import annotations

from pathlib import Path

#: The repository root (the folder of ``build.py``).
ROOT = Path(__file__).resolve().parent.parent
#: The build output: what a web server or a tablet's service worker cache needs.
DIST = ROOT / "dist"
#: The PyScript front end's sources.
WEB = ROOT / "web"
NODE_MODULES = ROOT / "node_modules"
PACKAGE_LOCK = ROOT / "package-lock.json"
#: Where the browser tests note each crash of a page's renderer, with the machine's state
#: (``tests/helpers/crashes.py``); ``build.py test`` prints it after the run.
CRASH_LOG = ROOT / "test-results" / "crashes.log"
PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"
PYODIDE_DIR = NODE_MODULES / "pyodide"
#: An in-memory IndexedDB that web/boot.js loads, only where the browser refuses IndexedDB
#: (PyScript cannot boot without one): its browser-ready ES modules.
FAKE_INDEXEDDB_DIR = NODE_MODULES / "fake-indexeddb" / "build" / "esm"
#: Where it goes in dist/. Not precached: a browser that refuses IndexedDB has no service
#: worker cache either, so the precache would only cost every other visitor the download.
FAKE_INDEXEDDB_DIST = "vendor/fake-indexeddb"

#: The core Pyodide runtime: exactly what ``pyodide.mjs`` fetches at boot (checked by
#: recording the page's requests). The npm package holds no Python packages besides these.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

#: Python packages shipped to the browser inside ``app.zip``.
APP_PACKAGES = ("engine", "web")
#: Non-Python files of those packages that belong in ``app.zip``.
APP_DATA_FILES = ("engine/py.typed",)

#: Data the page fetches when it wants it (not at boot), copied beside index.html: the
#: shipped puzzles, fetched when puzzles are first opened (source path -> dist name).
FETCHED_FILES = {ROOT / "engine" / "puzzles" / "puzzles.txt": "puzzles.txt"}

#: The build's Python half runs inside the shipped Pyodide (see bundle/python_bundle.py).
BUNDLE_DIR = ROOT / "bundle"
PYODIDE_RUNNER = BUNDLE_DIR / "run_in_pyodide.mjs"
PYTHON_BUNDLER = BUNDLE_DIR / "python_bundle.py"
#: PyScript's own Python package exactly as it writes it into Pyodide's file system at boot
#: (an ES module: ``{"pyscript": {file name: source}}``; the .py files beside it differ).
PYSCRIPT_PYTHON_ARTIFACT = NODE_MODULES / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js"
#: Compiled bundles are kept here, by a hash of every input, so a rebuild that changes
#: no Python reuses them.
BUNDLE_CACHE = NODE_MODULES / ".cache" / "dominoes-python-bundle"
#: The page's Python entry point, kept as source (PyScript runs it from its text).
MAIN_PY = WEB / "main.py"

#: The command-line entry point and this package: inputs of the build (for staleness checks).
BUILD_SCRIPT = ROOT / "build.py"
BUILDTOOLS_DIR = Path(__file__).resolve().parent

#: The benchmark scripts ``build.py bench`` runs.
BENCH_DIR = ROOT / "tests" / "bench"
#: The pyproject.toml whose extras name the test tools.
PYPROJECT = ROOT / "pyproject.toml"
