#!/usr/bin/env python3
"""The one entry point of the dominoes table: build | serve | test | bench.

Standard library only, so it runs on a bare Python >= 3.11 before anything is installed.

    python build.py build            assemble dist/ from the sources and node_modules/
    python build.py serve            build, then serve dist/ on http://127.0.0.1:8000/
    python build.py test [ARGS...]   install test tools, find Chromium, build, lint, run pytest
    python build.py bench [WHICH]    engine, AI, latency, review and boot benchmarks, printed as tables

dist/ is what a web server (or a tablet's service worker cache) needs and nothing more:
the page, the PyScript config and runtime, the core Pyodide runtime, the project's Python
as one zip, the service worker and the web app manifest. Nothing is fetched from a CDN.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import NoReturn

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
WEB = ROOT / "web"
NODE_MODULES = ROOT / "node_modules"
PACKAGE_LOCK = ROOT / "package-lock.json"
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
#: Every entry of ``app.zip`` gets this timestamp, so the zip is byte-for-byte reproducible.
ZIP_DATE_TIME = (1980, 1, 1, 0, 0, 0)

#: Files in ``web/`` copied to the top of ``dist/`` when they exist (source name -> dist name).
WEB_ASSETS = {
    "main.py": "main.py",
    "boot.js": "boot.js",
    "sound.js": "sound.js",
    "paint.js": "paint.js",
    "theme.js": "theme.js",
    "style.css": "style.css",
    "manifest.webmanifest": "manifest.webmanifest",
}
#: Image files in ``web/`` (any name: the icons, the felt's weave) are copied to ``dist/`` too.
ICON_SUFFIXES = (".svg", ".png", ".ico", ".webp")

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
#: is unpacked into the working directory before main.py runs, with no micropip.
PYSCRIPT_CONFIG = {
    "interpreter": "./pyodide/pyodide.mjs",
    "files": {"./app.zip": "./*"},
    "plugins": [f"!{name}" for name in PYSCRIPT_UNUSED_PLUGINS],
}
PYSCRIPT_CONFIG_NAME = "pyscript.json"
#: PyScript reads a config for each interpreter type it knows and loads every plugin for a
#: type without one, MicroPython included, though no script of the page is MicroPython.
#: This inline config, written into index.html, turns the same ones off for it. ("!error"
#: would not do: the error plugin is one module shared by both types, and turning it off
#: for one turns its banners off for both.)
MPY_CONFIG = {"plugins": [f"!{name}" for name in PYSCRIPT_UNUSED_PLUGINS]}

#: Markers in index.html that the build replaces (see ``write_index``).
PRELOAD_MARKER = "<!-- build.py: preload links"
MPY_CONFIG_MARKER = "<!-- build.py: mpy-config"
#: Files fetched with ``fetch()`` during boot: preloaded so they download in parallel from
#: the first moment, not one after another as each layer asks for the next.
PRELOAD_FETCHES = (
    "pyodide/pyodide.asm.wasm",
    "pyodide/python_stdlib.zip",
    "pyodide/pyodide-lock.json",
    PYSCRIPT_CONFIG_NAME,
    "app.zip",
    "main.py",
)

#: The build's Python half runs inside the shipped Pyodide (see bundle/python_bundle.py).
BUNDLE_DIR = ROOT / "bundle"
PYODIDE_RUNNER = BUNDLE_DIR / "run_in_pyodide.mjs"
PYTHON_BUNDLER = BUNDLE_DIR / "python_bundle.py"
#: PyScript's own Python package exactly as it writes it into Pyodide's file system at boot
#: (an ES module: ``{"pyscript": {file name: source}}``; the .py files beside it differ).
PYSCRIPT_PYTHON_ARTIFACT = NODE_MODULES / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js"
#: ``compile()``'s optimize level for the shipped bytecode: 2 drops docstrings and asserts
#: (the standard library is tested that way, and the app reads no docstring at run time).
BYTECODE_OPTIMIZE = 2
#: Compiled bundles are kept here, by a hash of every input, so a rebuild that changes
#: no Python reuses them.
BUNDLE_CACHE = NODE_MODULES / ".cache" / "dominoes-python-bundle"
#: The page's Python entry point, kept as source (PyScript runs it from its text).
MAIN_PY = WEB / "main.py"

#: Placeholders in ``web/sw.js`` that the build replaces.
SW_CACHE_PLACEHOLDER = "__BUILD_HASH__"
SW_PRECACHE_PLACEHOLDER = "[/* __PRECACHE__ */]"

#: Content types the server sends; Pyodide refuses to boot without ``application/wasm``
#: and browsers refuse ``.mjs`` modules that are not a JavaScript type.
MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".json": "application/json",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webp": "image/webp",
    ".txt": "text/plain; charset=utf-8",
    "": "application/octet-stream",
}


# --------------------------------------------------------------------------- helpers


def header(text: str) -> None:
    """Print a step header, flushed so it appears before the step's own output."""
    print(f"\n==> {text}", flush=True)


def run(cmd: Sequence[str], *, cwd: Path = ROOT, env: Mapping[str, str] | None = None) -> int:
    """Run a command in the repo root, streaming its output; return its exit code."""
    print("$ " + " ".join(cmd), flush=True)
    return subprocess.call(list(cmd), cwd=cwd, env=None if env is None else dict(env))


def fail(message: str, code: int = 1) -> NoReturn:
    """Print an error message to stderr and exit."""
    print(f"build.py: error: {message}", file=sys.stderr, flush=True)
    raise SystemExit(code)


# --------------------------------------------------------------------------- npm


def node_modules_stale() -> bool:
    """True if node_modules/ is missing or older than package-lock.json.

    npm writes ``node_modules/.package-lock.json`` on every install, so its mtime is the
    time of the last install.
    """
    marker = NODE_MODULES / ".package-lock.json"
    if not marker.exists() or not all(d.exists() for d in (PYSCRIPT_DIST, PYODIDE_DIR, FAKE_INDEXEDDB_DIR)):
        return True
    return marker.stat().st_mtime < PACKAGE_LOCK.stat().st_mtime


def ensure_node_modules() -> None:
    """Run ``npm ci`` when node_modules/ is missing or out of date."""
    if not node_modules_stale():
        return
    npm = shutil.which("npm")
    if npm is None:
        fail("npm is needed to fetch Pyodide and PyScript: install Node.js 20+ and npm")
    header("npm ci (node_modules is missing or older than package-lock.json)")
    if run([npm, "ci", "--no-audit", "--no-fund"]) != 0:
        fail("npm ci failed")


# --------------------------------------------------------------------------- build steps

_IMPORT_RE = re.compile(r"""(?:\bfrom|\bimport)\s*\(?\s*["'](\./[^"']+\.js)["']""")


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


def copy_pyscript(dest: Path) -> None:
    """Copy PyScript's core.js, the chunks a boot loads (:func:`boot_modules`) and core.css
    into ``dest``.

    The chunks of the plugins turned off (editor, terminal, game, MicroPython, TOML) stay
    behind: the page never imports them, so they would only be downloaded and cached.
    """
    dest.mkdir(parents=True)
    used = [name.removeprefix("pyscript/") for name in boot_modules() if name.startswith("pyscript/")]
    for name in [*used, "core.css"]:
        shutil.copyfile(PYSCRIPT_DIST / name, dest / name)


def copy_pyodide(dest: Path) -> None:
    """Copy the core Pyodide runtime files (no packages) into ``dest``."""
    dest.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(PYODIDE_DIR / name, dest / name)


def copy_fake_indexeddb(dest: Path) -> None:
    """Copy fake-indexeddb's ES modules (no source maps, no types) into ``dest``."""
    for source in sorted(FAKE_INDEXEDDB_DIR.rglob("*.js")):
        target = dest / source.relative_to(FAKE_INDEXEDDB_DIR)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)


def app_files(root: Path = ROOT) -> list[tuple[str, Path]]:
    """The (archive name, source path) pairs of ``app.zip``, sorted by archive name.

    Every ``*.py`` under the app packages plus the listed data files; caches and hidden
    folders are skipped.
    """
    files: dict[str, Path] = {}
    for package in APP_PACKAGES:
        base = root / package
        if not base.is_dir():
            continue
        for path in base.rglob("*.py"):
            rel = path.relative_to(root)
            if any(part == "__pycache__" or part.startswith(".") for part in rel.parts):
                continue
            files[rel.as_posix()] = path
    for name in APP_DATA_FILES:
        if (root / name).is_file():
            files[name] = root / name
    return sorted(files.items())


def write_app_zip(dest: Path, root: Path = ROOT) -> Path:
    """Write the project's Python packages to ``dest`` as a deterministic zip.

    Entries are sorted, carry a fixed timestamp and fixed permissions, so the same sources
    always give the same bytes. Also used by the Pyodide-in-Node tests.
    """
    dest.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(dest, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, path in app_files(root):
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes(), compresslevel=9)
    return dest


_STATIC_IMPORT_RE = re.compile(r"""(?:\bfrom\s*|\bimport\s*)["'](\./[^"']+\.js)["']""")
_ERROR_PLUGIN_RE = re.compile(r"""\berror:\(\)=>import\(["']\./([^"']+\.js)["']\)""")


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
        "pyodide/pyodide.mjs",
        "pyodide/pyodide.asm.mjs",
    ]


def write_index(dist: Path) -> None:
    """dist/index.html with the preload links and the MicroPython config written in.

    Each preload link carries its file's size (``data-bytes``), from which the loading
    screen shows how much of the download has arrived; so this runs once every other file
    is in place.
    """
    text = (ROOT / "index.html").read_text(encoding="utf-8")

    def size(name: str) -> int:
        if not (dist / name).is_file():
            fail(f"index.html would preload {name}, which the build did not write")
        return (dist / name).stat().st_size

    links = [
        f'<link rel="modulepreload" href="./{name}" data-bytes="{size(name)}">' for name in boot_modules()
    ]
    links += [
        f'<link rel="preload" href="./{name}" as="fetch" crossorigin="anonymous" data-bytes="{size(name)}">'
        for name in PRELOAD_FETCHES
    ]
    mpy_config = f"<mpy-config hidden>{json.dumps(MPY_CONFIG)}</mpy-config>"
    for marker, replacement in ((PRELOAD_MARKER, "\n  ".join(links)), (MPY_CONFIG_MARKER, mpy_config)):
        start = text.find(marker)
        if start < 0:
            fail(f"index.html lacks the marker {marker} -->")
        end = text.index("-->", start) + len("-->")
        text = text[:start] + replacement + text[end:]
    (dist / "index.html").write_text(text, encoding="utf-8")


_JS_PYTHON_IMPORT_RE = re.compile(r"(?:\bfrom|\bimport)\s+([A-Za-z_][\w.]*)")


def pyscript_python_imports(dist: Path = PYSCRIPT_DIST) -> list[str]:
    """Module names that the Python snippets inside PyScript's JavaScript import.

    A loose match: names that are not standard library modules are ignored downstream.
    """
    names: set[str] = set()
    for chunk in pyscript_modules(dist):
        names.update(_JS_PYTHON_IMPORT_RE.findall((dist / chunk).read_text(encoding="utf-8")))
    return sorted(names)


def bundle_inputs(request: Mapping[str, object]) -> list[Path]:
    """Every file the compiled Python bundle depends on (the cache key hashes them all)."""
    files = [PYODIDE_RUNNER, PYTHON_BUNDLER, MAIN_PY, *(PYODIDE_DIR / name for name in PYODIDE_FILES)]
    files.append(PYSCRIPT_PYTHON_ARTIFACT)
    files += [path for _, path in app_files()]
    files += [PYSCRIPT_DIST / chunk for chunk in pyscript_modules()]
    return files


def write_pyscript_python(node: str, dest: Path) -> None:
    """Write PyScript's Python package into ``dest`` as PyScript writes it at boot."""
    dump = "import(process.argv[1]).then((m) => process.stdout.write(JSON.stringify(m.default)))"
    output = subprocess.run(
        [node, "--input-type=module", "-e", dump, PYSCRIPT_PYTHON_ARTIFACT.as_uri()],
        capture_output=True,
        text=True,
        check=False,
    )
    if output.returncode != 0:
        fail(f"cannot read PyScript's Python package from {PYSCRIPT_PYTHON_ARTIFACT}:\n{output.stderr}")

    def write(folder: Path, tree: Mapping[str, object]) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        for name, value in tree.items():
            if isinstance(value, str):
                (folder / name).write_text(value, encoding="utf-8")
            else:
                write(folder / name, value)  # type: ignore[arg-type]

    write(dest, json.loads(output.stdout))


def pyodide_python_version() -> str:
    """The Python version of the Pyodide in node_modules, from its lock file."""
    lock = json.loads((PYODIDE_DIR / "pyodide-lock.json").read_text(encoding="utf-8"))
    version: str = lock["info"]["python"]
    return version


def check_bytecode(report: Mapping[str, object], zips: Iterable[Path]) -> None:
    """Fail the build unless every ``.pyc`` carries the magic number of the shipped runtime."""
    expected_python = pyodide_python_version()
    if report["python"] != expected_python:
        fail(
            f"the bytecode was compiled by Python {report['python']} but the Pyodide in "
            f"node_modules runs Python {expected_python}: delete {BUNDLE_CACHE} and rebuild"
        )
    magic = bytes.fromhex(str(report["magic"]))
    for archive_path in zips:
        with zipfile.ZipFile(archive_path) as archive:
            for name in archive.namelist():
                if name.endswith(".pyc") and archive.read(name)[:4] != magic:
                    fail(
                        f"{archive_path.name}:{name} is bytecode for another Python than the shipped Pyodide"
                    )


def compile_python_bundle(cache: Path = BUNDLE_CACHE) -> Path:
    """The compiled Python bundle (``stdlib.zip``, ``app.zip``, ``report.json``): its folder.

    bundle/python_bundle.py runs inside the Pyodide from node_modules under Node: it finds
    the standard library modules the page uses and compiles them and the app's packages to
    bytecode for exactly that runtime. The result is cached under node_modules/.cache by a
    hash of every input (one bundle is kept), and checked against the runtime's version
    either way.
    """
    node = shutil.which("node")
    if node is None:
        fail("Node.js is needed to compile the Python bundle inside Pyodide: install Node.js 20+")
    from engine.variants import VARIANTS  # the workload plays every rule set

    request: dict[str, object] = {
        "stdlib": "/lib/python{}{}.zip".format(*pyodide_python_version().split(".")[:2]),
        "app": "/app",
        "scripts": ["/bundle/roots/main.py"],
        "own_roots": ["/bundle/roots"],
        "pyscript": "/bundle/roots/pyscript",
        "root_names": pyscript_python_imports(),
        "optimize": BYTECODE_OPTIMIZE,
        "variants": sorted(VARIANTS),
    }
    inputs = [path.relative_to(ROOT).as_posix() for path in bundle_inputs(request)]
    key = build_hash(ROOT, inputs, json.dumps(request).encode())
    folder = cache / key
    if not (folder / "report.json").is_file():
        header("Compiling the Python bundle inside Pyodide (standard library in use, bytecode)")
        work = cache / f"{key}.partial"
        shutil.rmtree(work, ignore_errors=True)
        (work / "roots").mkdir(parents=True)
        write_pyscript_python(node, work / "roots")
        shutil.copyfile(MAIN_PY, work / "roots" / "main.py")
        (work / "request.json").write_text(json.dumps(request, indent=1), encoding="utf-8")
        write_app_zip(work / "source-app.zip")
        with PYTHON_BUNDLER.open("rb") as script:
            code = subprocess.call(
                [node, str(PYODIDE_RUNNER), str(work / "source-app.zip"), "--mount", f"{work}:/bundle"],
                stdin=script,
                cwd=ROOT,
            )
        if code != 0 or not (work / "report.json").is_file():
            fail("compiling the Python bundle inside Pyodide failed (see the traceback above)")
        for stale in cache.iterdir():  # keep one bundle: the cache only spares rebuilds
            if stale != work:
                shutil.rmtree(stale, ignore_errors=True)
        work.rename(folder)
    report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    check_bytecode(report, [folder / "stdlib.zip", folder / "app.zip"])
    return folder


def copy_web_assets(dest: Path) -> None:
    """Copy main.py, boot.js, style.css, the manifest and icons into ``dest`` (index.html: ``write_index``)."""
    if not (ROOT / "index.html").is_file():
        fail("index.html is missing from the repository root")
    for needed in ("main.py", "boot.js"):
        if not (WEB / needed).is_file():
            fail(f"web/{needed} (loaded by index.html) is missing")
    for source, target in WEB_ASSETS.items():
        if (WEB / source).is_file():
            shutil.copyfile(WEB / source, dest / target)
    if not (dest / "style.css").exists():
        # index.html links style.css; an empty one beats a 404 in the console.
        (dest / "style.css").write_text("/* web/style.css does not exist yet */\n")
    if WEB.is_dir():
        for icon in sorted(WEB.iterdir()):
            if icon.is_file() and icon.suffix in ICON_SUFFIXES:
                shutil.copyfile(icon, dest / icon.name)


def dist_files(dist: Path) -> list[str]:
    """All files under ``dist`` as sorted POSIX paths relative to it."""
    return sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file())


def build_hash(root: Path, names: Iterable[str], extra: bytes = b"") -> str:
    """A short sha256 over the names (relative to ``root``) and contents of files (plus ``extra``)."""
    digest = hashlib.sha256(extra)
    for name in names:
        digest.update(name.encode() + b"\0")
        digest.update(hashlib.sha256((root / name).read_bytes()).digest())
    return digest.hexdigest()[:16]


def write_service_worker(dist: Path) -> str:
    """Write dist/sw.js from web/sw.js with the precache list and build-hash cache name.

    Returns the build hash. The hash covers every precached dist file (all but the
    in-memory IndexedDB, see ``FAKE_INDEXEDDB_DIST``) and the sw.js template,
    so any change to the bundle renames the cache and the old one is dropped on activate.
    """
    template_path = WEB / "sw.js"
    if not template_path.is_file():
        fail("web/sw.js is missing")
    template = template_path.read_text(encoding="utf-8")
    for placeholder in (SW_CACHE_PLACEHOLDER, SW_PRECACHE_PLACEHOLDER):
        if placeholder not in template:
            fail(f"web/sw.js lacks the placeholder {placeholder}")
    names = [n for n in dist_files(dist) if n != "sw.js" and not n.startswith(FAKE_INDEXEDDB_DIST + "/")]
    digest = build_hash(dist, names, template.encode())
    precache = ["./", *(f"./{n}" for n in names)]
    text = template.replace(SW_CACHE_PLACEHOLDER, digest).replace(
        SW_PRECACHE_PLACEHOLDER, json.dumps(precache, indent=2)
    )
    (dist / "sw.js").write_text(text, encoding="utf-8")
    return digest


def source_files(root: Path = ROOT) -> list[Path]:
    """Every input of the build (for staleness checks): page, web assets, app packages, bundler."""
    files = [root / "index.html", root / "package-lock.json", Path(__file__).resolve()]
    files += [p for p in (root / "bundle").iterdir() if p.is_file()] if (root / "bundle").is_dir() else []
    if (root / "web").is_dir():
        files += [p for p in (root / "web").iterdir() if p.is_file()]
    files += [path for _, path in app_files(root)]
    return [p for p in files if p.is_file()]


def ensure_built(dist: Path = DIST) -> Path:
    """``dist``, built now if it is missing or older than its sources."""
    if dist_is_stale(dist):
        build(dist)
    return dist


def dist_is_stale(dist: Path = DIST) -> bool:
    """True if ``dist`` is missing or older than any build input.

    dist/sw.js is written last, so its mtime is the time the build finished.
    """
    stamp = dist / "sw.js"
    if not stamp.is_file():
        return True
    built = stamp.stat().st_mtime
    return any(p.stat().st_mtime > built for p in source_files())


def build(dist: Path = DIST) -> str:
    """Assemble ``dist`` from scratch (running ``npm ci`` first if needed).

    Returns the build hash (also the service worker's cache name suffix).
    """
    ensure_node_modules()
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)
    python_bundle = compile_python_bundle()
    copy_web_assets(dist)
    (dist / PYSCRIPT_CONFIG_NAME).write_text(json.dumps(PYSCRIPT_CONFIG, indent=2) + "\n", encoding="utf-8")
    copy_pyscript(dist / "pyscript")
    copy_pyodide(dist / "pyodide")
    # The stock standard library (every module, as source) gives way to the compiled one.
    shutil.copyfile(python_bundle / "stdlib.zip", dist / "pyodide" / "python_stdlib.zip")
    shutil.copyfile(python_bundle / "app.zip", dist / "app.zip")
    copy_fake_indexeddb(dist / FAKE_INDEXEDDB_DIST)
    write_index(dist)
    digest = write_service_worker(dist)
    size = sum(p.stat().st_size for p in dist.rglob("*") if p.is_file())
    print(
        f"built {dist.relative_to(ROOT) if dist.is_relative_to(ROOT) else dist}: "
        f"{len(dist_files(dist))} files, {size / 1e6:.1f} MB, build {digest}",
        flush=True,
    )
    return digest


# --------------------------------------------------------------------------- serve


class DistRequestHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a dist folder with explicit MIME types, no caching surprises, no log noise.

    ``overlays`` maps extra URL paths (e.g. a benchmark page) to local files, so tests can
    serve test-only assets without copying them into dist/.
    """

    extensions_map = MIME_TYPES
    overlays: Mapping[str, Path] = {}

    def end_headers(self) -> None:
        """Ask browsers to revalidate: a rebuilt dist/ shows up on the next reload."""
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def translate_path(self, path: str) -> str:
        """Map overlay URL paths to their files; everything else to dist/."""
        bare = path.split("?", 1)[0].split("#", 1)[0]
        if bare in self.overlays:
            return str(self.overlays[bare])
        return super().translate_path(path)

    def log_message(self, format: str, *args: object) -> None:
        """Stay quiet: the server runs inside tests and benchmarks."""

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        """Note the path and status in the server's ``served`` list, if it keeps one."""
        served = getattr(self.server, "served", None)
        if served is not None:
            served.append((self.path.split("?", 1)[0], int(code) if isinstance(code, int) else str(code)))


class DistServer(http.server.ThreadingHTTPServer):
    """A threading HTTP server whose request threads never block interpreter exit."""

    daemon_threads = True
    allow_reuse_address = True
    served: list[tuple[str, int | str]] | None = None
    """Set to a list to have every request's (path, status) appended to it (for tests)."""

    def handle_error(self, request: object, client_address: object) -> None:
        """Ignore clients that hang up mid-response (reloads, closed pages); report the rest."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)  # type: ignore[arg-type]

    @property
    def url(self) -> str:
        """The base URL, ending in a slash (e.g. ``http://127.0.0.1:8000/``)."""
        host, port = self.server_address[:2]
        return f"http://{host!s}:{port}/"


def make_server(
    dist_dir: Path | str = DIST,
    host: str = "127.0.0.1",
    port: int = 8000,
    overlays: Mapping[str, Path | str] | None = None,
) -> DistServer:
    """Create (but do not start) a server for ``dist_dir``; ``port=0`` picks a free port.

    Run it with ``server.serve_forever()`` (e.g. in a thread) and stop it with
    ``server.shutdown(); server.server_close()``. ``server.url`` is its base URL.
    """
    handler = type(
        "BoundDistRequestHandler",
        (DistRequestHandler,),
        {"overlays": {k: Path(v) for k, v in (overlays or {}).items()}},
    )
    factory = functools.partial(handler, directory=str(dist_dir))
    return DistServer((host, port), factory)


# --------------------------------------------------------------------------- test


def read_extras(names: Sequence[str], pyproject: Path = ROOT / "pyproject.toml") -> list[str]:
    """The requirement strings of the given optional-dependency groups in pyproject.toml."""
    import tomllib

    data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    extras = data.get("project", {}).get("optional-dependencies", {})
    requirements: list[str] = []
    for name in names:
        requirements.extend(extras.get(name, []))
    return requirements


_PIN_RE = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*==\s*([^\s;,]+)\s*$")


def requirement_satisfied(requirement: str) -> bool:
    """True if an exact pin ``name==version`` is installed; other forms count as unknown."""
    from importlib import metadata

    match = _PIN_RE.match(requirement)
    if match is None:
        return False
    name, version = match.groups()
    try:
        return metadata.version(name) == version
    except metadata.PackageNotFoundError:
        return False


def install_tools(groups: Sequence[str] = ("test", "dev")) -> None:
    """pip-install the test and dev tools pinned in pyproject.toml unless already there."""
    requirements = read_extras(groups)
    missing = [r for r in requirements if not requirement_satisfied(r)]
    if not missing:
        print(f"all {len(requirements)} tools already installed", flush=True)
        return
    cmd = [sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    if run([*cmd, *missing]) != 0:
        fail("pip install of the test tools failed")


#: Chromium flags for headless tests and benchmarks on these machines (see
#: shared/STACK-NOTES.md). The host-resolver rule makes any non-local host fail at once
#: (``localhost`` stays: it is the host site of the embedding tests).
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--disable-quic",
    "--no-first-run",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost",
)

#: Playwright's Chromium launch turns third-party storage partitioning off (with other
#: features, in one ``--disable-features``). Passing this after it gives the browser's real
#: default back, partitioning on, for the embedding tests: the last ``--disable-features``
#: wins. It repeats Playwright's list without ``ThirdPartyStoragePartitioning``; the
#: partitioned embedding test checks that partitioning really is on.
CHROMIUM_PARTITIONING_ARG = "--disable-features=" + ",".join(
    (
        "AvoidUnnecessaryBeforeUnloadCheckSync",
        "DestroyProfileOnBrowserClose",
        "HttpsUpgrades",
        "HttpsFirstBalancedModeAutoEnable",
        "LensOverlay",
        "MediaRouter",
        "PaintHolding",
        "AvoidCorsURLLoaderRestartOnRedirect",
        "TcpPortRandomizationWin",
        "OptimizationHints",
        "NetworkTimeServiceQuerying",
        "AimEnabled",
        "PreconnectToSearch",
    )
)

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def find_chromium() -> str | None:
    """Path of a Chromium: $DOMINOES_CHROMIUM, else the first browser on PATH."""
    configured = os.environ.get("DOMINOES_CHROMIUM")
    if configured:
        return configured if Path(configured).is_file() else None
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


def can_apt_install() -> bool:
    """True if we are root on a system with apt-get (Debian and friends)."""
    return hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get") is not None


def ensure_chromium() -> str:
    """Find Chromium, installing Debian's package when we are root; export its path.

    Sets ``DOMINOES_CHROMIUM`` in this process's environment so pytest (a child) sees it.
    """
    path = find_chromium()
    if path is None and os.environ.get("DOMINOES_CHROMIUM"):
        fail(f"DOMINOES_CHROMIUM={os.environ['DOMINOES_CHROMIUM']} is not a file")
    if path is None and can_apt_install():
        print("no Chromium found: installing Debian's chromium package", flush=True)
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        if run(["apt-get", "update", "-q"], env=env) != 0:
            fail("apt-get update failed")
        if run(["apt-get", "install", "-y", "-q", "chromium"], env=env) != 0:
            fail("apt-get install chromium failed")
        path = find_chromium()
    if path is None:
        fail(
            "the browser tests need Chromium: install it (Debian/Ubuntu: "
            "`apt-get install chromium`) or point DOMINOES_CHROMIUM at a Chromium/Chrome binary"
        )
    os.environ["DOMINOES_CHROMIUM"] = path
    print(f"Chromium: {path}", flush=True)
    return path


def static_checks() -> bool:
    """Run ``ruff check .`` and ``mypy`` (configured in pyproject.toml); True if both pass."""
    ruff = run([sys.executable, "-m", "ruff", "check", "."]) == 0
    mypy = run([sys.executable, "-m", "mypy"]) == 0
    return ruff and mypy


def cmd_test(args: argparse.Namespace) -> int:
    """``build.py test``: tools, Chromium, build, static checks, then every pytest layer."""
    header("Installing test and dev tools (pyproject.toml extras: test, dev)")
    install_tools()
    header("Looking for Chromium")
    ensure_chromium()
    header("Building dist/")
    build()
    header("Static checks: ruff, mypy")
    if not static_checks():
        fail("static checks failed (see ruff/mypy output above)")
    header("pytest: unit, property, Pyodide-in-Node and browser tests")
    return run([sys.executable, "-m", "pytest", *args.pytest_args])


# --------------------------------------------------------------------------- bench

BENCH_DIR = ROOT / "tests" / "bench"


def cmd_bench(args: argparse.Namespace) -> int:
    """``build.py bench``: run the engine and/or boot benchmarks; return the worst exit code."""
    codes: list[int] = []
    if args.which in ("engine", "all"):
        header("Engine benchmark: the rules engine and the AI's play-out core, next to abw333 dominoes")
        install_tools(("bench",))  # the reference library, never a runtime dependency
        for name in ("bench_engine.py", "bench_playout.py"):
            codes.append(run([sys.executable, str(BENCH_DIR / name)]))
    if args.which in ("ai", "all"):
        header("AI benchmark: arena strength (CPython) and decision time (Pyodide)")
        extra = ["--deals", str(args.deals)] if args.deals else []
        codes.append(run([sys.executable, str(BENCH_DIR / "bench_ai.py"), *extra]))
    if args.which in ("latency", "all"):
        header("Latency benchmark: waiting for Expert players in the page, CPU throttled and not")
        ensure_chromium()
        build()
        codes.append(run([sys.executable, str(BENCH_DIR / "bench_latency.py"), "--no-build"]))
    if args.which in ("review", "all"):
        header("Review benchmark: reviewing a hand in the page, CPU throttled and not, next to CPython")
        ensure_chromium()
        build()
        codes.append(run([sys.executable, str(BENCH_DIR / "bench_review.py"), "--no-build"]))
    if args.which in ("boot", "all"):
        header("Boot benchmark (headless Chromium, cold contexts)")
        ensure_chromium()
        build()
        for name in ("bench_boot.py", "bench_embed_boot.py"):
            codes.append(run([sys.executable, str(BENCH_DIR / name), "--runs", str(args.runs), "--no-build"]))
    return max(codes, default=0)


# --------------------------------------------------------------------------- CLI


def cmd_build(args: argparse.Namespace) -> int:
    """``build.py build``: assemble dist/."""
    build()
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    """``build.py serve``: build (unless --no-build) and serve dist/ until Ctrl-C."""
    if not args.no_build:
        build()
    elif not (DIST / "index.html").is_file():
        fail("dist/ is not built: run without --no-build")
    server = make_server(DIST, args.host, args.port)
    print(f"Serving dist/ at {server.url}  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nstopped", flush=True)
    finally:
        server.server_close()
    return 0


#: The PNG icons of the web app manifest: (file in web/, the SVG drawn, size in px). The
#: maskable one fills its square and keeps the tile inside the middle 80% circle, so a
#: launcher may cut it to any shape. Committed; ``build.py icons`` redraws them.
PNG_ICONS = (
    ("icon-192.png", "icon.svg", 192),
    ("icon-512.png", "icon.svg", 512),
    ("icon-maskable-512.png", "icon-maskable.svg", 512),
)


def render_icons(web: Path = WEB) -> list[Path]:
    """Draw each of :data:`PNG_ICONS` from its SVG with headless Chromium (transparent
    corners kept), into ``web``; returns the files written."""
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("DOMINOES_CHROMIUM") or find_chromium()
    if not chromium:
        fail("no Chromium found: install chromium or set DOMINOES_CHROMIUM")
    written = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=list(CHROMIUM_ARGS))
        try:
            for name, svg, size in PNG_ICONS:
                page = browser.new_page(viewport={"width": size, "height": size}, device_scale_factor=1)
                source = (web / svg).read_text(encoding="utf-8")
                page.set_content(
                    "<style>html,body{margin:0;background:transparent}svg{display:block;"
                    f"width:{size}px;height:{size}px}}</style>{source}"
                )
                (web / name).write_bytes(page.screenshot(omit_background=True))
                page.close()
                written.append(web / name)
        finally:
            browser.close()
    return written


def cmd_icons(args: argparse.Namespace) -> int:
    """``build.py icons``: redraw the PNG icons from the SVGs (then commit them)."""
    for path in render_icons():
        print(f"wrote {path.relative_to(ROOT)}", flush=True)
    return 0


def parser() -> argparse.ArgumentParser:
    """The command-line interface."""
    top = argparse.ArgumentParser(
        prog="build.py",
        description="Build, serve, test and benchmark the dominoes table.",
        epilog="Run `python build.py COMMAND --help` for a command's options.",
    )
    sub = top.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser(
        "build",
        help="assemble dist/ (runs npm ci first if node_modules is missing or stale)",
        description=(
            "Delete and recreate dist/: index.html, pyscript.toml, PyScript and the core "
            "Pyodide runtime copied from node_modules, app.zip (engine/ and web/ Python "
            "packages, deterministic), main.py, style.css, the service worker (its cache "
            "named after a hash of the build) and the web app manifest."
        ),
    )
    p.set_defaults(func=cmd_build)

    p = sub.add_parser(
        "serve",
        help="build, then serve dist/ over HTTP",
        description="Build dist/ and serve it with correct MIME types (wasm, mjs) until Ctrl-C.",
    )
    p.add_argument("--port", type=int, default=8000, help="port to listen on (default: 8000)")
    p.add_argument("--host", default="127.0.0.1", help="address to bind (default: 127.0.0.1)")
    p.add_argument("--no-build", action="store_true", help="serve the existing dist/ as it is")
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser(
        "icons",
        help="redraw the manifest's PNG icons from web/icon.svg and web/icon-maskable.svg",
        description=(
            "Draw web/icon-192.png, web/icon-512.png and web/icon-maskable-512.png from the "
            "SVG icons with headless Chromium. The PNGs are committed: run this after "
            "changing an SVG icon."
        ),
    )
    p.set_defaults(func=cmd_icons)

    p = sub.add_parser(
        "test",
        help="install test tools, find Chromium, build, lint, and run every test layer",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=(
            "Run everything CI runs (.ci/run calls exactly this), in order:\n"
            "  1. pip-install the `test` and `dev` extras of pyproject.toml (skipped when\n"
            "     the pinned versions are already installed)\n"
            "  2. find Chromium: $DOMINOES_CHROMIUM, else chromium/google-chrome on PATH;\n"
            "     as root on Debian, apt-get install chromium; exported as DOMINOES_CHROMIUM\n"
            "  3. build dist/\n"
            "  4. ruff check . and mypy (configured in pyproject.toml); stop if they fail\n"
            "  5. pytest over tests/: unit, property, Pyodide-in-Node and browser tests\n"
            "\n"
            "Everything after `test` goes to pytest, e.g.\n"
            "  python build.py test -x -m 'not e2e'\n"
            "Exits with pytest's exit code."
        ),
    )
    p.add_argument(
        "pytest_args",
        nargs="*",
        metavar="PYTEST_ARG",
        help="arguments passed on to pytest (everything after `test`)",
    )
    p.set_defaults(func=cmd_test)

    p = sub.add_parser(
        "bench",
        help="run benchmarks: engine, ai, latency, review, boot, or all (default)",
        description=(
            "engine: tests/bench/bench_engine.py (engine speed). ai: tests/bench/bench_ai.py "
            "(the AI arena's win rates and margins on CPython, decision times in Pyodide). "
            "latency: tests/bench/bench_latency.py (Expert decisions and the wait from the "
            "person's move to their next turn in headless Chromium, at 1x and 4x CPU "
            "throttling). review: tests/bench/bench_review.py (seconds to review a hand in headless "
            "Chromium at 1x and 4x CPU throttling, next to CPython). boot: seconds from navigation to a playable "
            "table in headless Chromium, next to a bare Pyodide page; and embedded in a "
            "cross-site frame, storage blocked next to partitioned."
        ),
    )
    p.add_argument(
        "which",
        nargs="?",
        choices=("engine", "ai", "latency", "review", "boot", "all"),
        default="all",
        help="which benchmark to run (default: all)",
    )
    p.add_argument("--runs", type=int, default=5, help="boot benchmark: cold runs (default: 5)")
    p.add_argument("--deals", type=int, default=0, help="ai benchmark: duplicate deals (default: 1000)")
    p.set_defaults(func=cmd_bench)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line and run the chosen command."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["test"] and argv[1:2] not in (["-h"], ["--help"]):
        # Everything after `test` belongs to pytest, options included (-x, -k EXPR, -m EXPR).
        passthrough = argv[1:]
        if passthrough[:1] == ["--"]:
            passthrough = passthrough[1:]
        args = parser().parse_args(["test"])
        args.pytest_args = passthrough
    else:
        args = parser().parse_args(argv)
    code: int = args.func(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
