"""Assembling dist/: the page, the PyScript config and runtime, the core Pyodide runtime, the
compiled Python bundle, the web assets and the service worker with its precache list."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from buildtools.appzip import app_files, build_hash
from buildtools.bytecode import compile_python_bundle
from buildtools.npm import ensure_node_modules
from buildtools.paths import (
    BUILD_SCRIPT,
    BUILDTOOLS_DIR,
    BUNDLE_DIR,
    DIST,
    FAKE_INDEXEDDB_DIR,
    FAKE_INDEXEDDB_DIST,
    FETCHED_FILES,
    PYODIDE_DIR,
    PYODIDE_FILES,
    PYSCRIPT_DIST,
    ROOT,
    WEB,
)
from buildtools.pyscript import MPY_CONFIG, PYSCRIPT_CONFIG, PYSCRIPT_CONFIG_NAME, boot_modules
from buildtools.shell import build_lock, fail
from buildtools.snapshot import runtime_snapshot, snapshot_name, write_interpreter

#: Files in ``web/`` copied to the top of ``dist/`` when they exist (source name -> dist name).
WEB_ASSETS = {
    "main.py": "main.py",
    "boot.js": "boot.js",
    "sound.js": "sound.js",
    "paint.js": "paint.js",
    "theme.js": "theme.js",
    "style.css": "style.css",
    "manifest.webmanifest": "manifest.webmanifest",
    "fair-play.html": "fair-play.html",
}
#: Image files in ``web/`` (any name: the icons, the felt's weave) are copied to ``dist/`` too.
ICON_SUFFIXES = (".svg", ".png", ".ico", ".webp")

#: Markers in index.html that the build replaces (see ``write_index``).
PRELOAD_MARKER = "<!-- build.py: preload links"
MPY_CONFIG_MARKER = "<!-- build.py: mpy-config"
#: Files fetched with ``fetch()`` during boot: on a first visit, preloaded so they download
#: in parallel from the first moment, not one after another as each layer asks for the next.
#: Not on a return visit served by the service worker: nothing is gained there, and the
#: preloaded bodies (the runtime's 10 MB) cost the page's thread time while Python starts
#: (half a second of a warm boot at 4x CPU throttling). See ``FETCH_PRELOADER``.
PRELOAD_FETCHES = (
    "pyodide/pyodide.asm.wasm",
    "pyodide/python_stdlib.zip",
    "pyodide/pyodide-lock.json",
    PYSCRIPT_CONFIG_NAME,
    "app.zip",
    "main.py",
)

#: The script that adds the preload links of :data:`PRELOAD_FETCHES` (``{files}``: their
#: ``[path, bytes]`` pairs) when no service worker serves the page. (The links cannot be in
#: the HTML: the browser's preload scanner would fetch them before any script could judge.)
FETCH_PRELOADER = """<script>
    // The runtime's data files, preloaded on a first visit only (see buildtools/dist.py).
    (() => {{
      let served = false;
      try {{
        served = Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
      }} catch {{
        served = false; // a sandboxed frame may not even ask
      }}
      if (served) return;
      for (const [path, bytes] of {files}) {{
        const link = document.createElement("link");
        Object.assign(link, {{ rel: "preload", href: `./${{path}}`, as: "fetch", crossOrigin: "anonymous" }});
        link.dataset.bytes = String(bytes);
        document.head.append(link);
      }}
    }})();
  </script>"""

#: Placeholders in ``web/sw.js`` that the build replaces.
SW_CACHE_PLACEHOLDER = "__BUILD_HASH__"
SW_PRECACHE_PLACEHOLDER = "[/* __PRECACHE__ */]"

#: Set by ``build.py test`` to the dist/ it has just built, for the test processes it
#: starts: they use that build as it is and never rebuild it, so no pytest-xdist worker
#: deletes dist/ under another worker's server when a source changes during the run.
DIST_BUILT_ENV = "DOMINOES_DIST_BUILT"


def copy_pyscript(dest: Path) -> None:
    """Copy PyScript's core.js, the chunks a boot loads (:func:`buildtools.pyscript.boot_modules`)
    and core.css into ``dest``.

    The chunks of the plugins turned off (editor, terminal, game, MicroPython, TOML) stay
    behind: the page never imports them, so they would only be downloaded and cached.
    """
    dest.mkdir(parents=True)
    used = [name.removeprefix("pyscript/") for name in boot_modules() if name.startswith("pyscript/")]
    for name in [*used, "core.css"]:
        shutil.copyfile(PYSCRIPT_DIST / name, dest / name)


INTERPRETER_MODULE = "interpreter.mjs"
"""PyScript's interpreter module (``web/interpreter.mjs``), beside Pyodide's own ``pyodide.mjs``:
PyScript takes the folder of the module it loads as Pyodide's."""


def copy_pyodide(dest: Path) -> None:
    """Copy the core Pyodide runtime files (no packages) into ``dest``."""
    dest.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(PYODIDE_DIR / name, dest / name)


def copy_snapshot(bundle: Path, dest: Path) -> None:
    """Put the runtime snapshot of ``bundle`` in ``dest`` (``dist/pyodide``) under its hashed
    name, with the interpreter module (:data:`INTERPRETER_MODULE`) that restores it."""
    snapshot = runtime_snapshot(bundle)
    name = snapshot_name(snapshot)
    shutil.copyfile(snapshot, dest / name)
    write_interpreter(WEB / INTERPRETER_MODULE, dest / INTERPRETER_MODULE, name)


def copy_fake_indexeddb(dest: Path) -> None:
    """Copy fake-indexeddb's ES modules (no source maps, no types) into ``dest``."""
    for source in sorted(FAKE_INDEXEDDB_DIR.rglob("*.js")):
        target = dest / source.relative_to(FAKE_INDEXEDDB_DIR)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)


def write_index(dist: Path) -> None:
    """dist/index.html with the preload links (and the script that adds those of the files
    fetched on a first visit) and the MicroPython config written in.

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
    links.append(FETCH_PRELOADER.format(files=json.dumps([[name, size(name)] for name in PRELOAD_FETCHES])))
    mpy_config = f"<mpy-config hidden>{json.dumps(MPY_CONFIG)}</mpy-config>"
    for marker, replacement in ((PRELOAD_MARKER, "\n  ".join(links)), (MPY_CONFIG_MARKER, mpy_config)):
        start = text.find(marker)
        if start < 0:
            fail(f"index.html lacks the marker {marker} -->")
        end = text.index("-->", start) + len("-->")
        text = text[:start] + replacement + text[end:]
    (dist / "index.html").write_text(text, encoding="utf-8")


def copy_web_assets(dest: Path) -> None:
    """Copy main.py, boot.js, style.css, the manifest, icons and the fetched data (the puzzles)
    into ``dest`` (index.html: ``write_index``)."""
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
    for data, name in FETCHED_FILES.items():
        shutil.copyfile(data, dest / name)


def dist_files(dist: Path) -> list[str]:
    """All files under ``dist`` as sorted POSIX paths relative to it."""
    return sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file())


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
    """Every input of the build (for staleness checks): page, web assets, app packages,
    bundler, build.py and this package."""
    files = [root / "index.html", root / "package-lock.json", BUILD_SCRIPT]
    files += sorted(BUILDTOOLS_DIR.glob("*.py"))
    bundle = root / BUNDLE_DIR.name
    files += [p for p in bundle.iterdir() if p.is_file()] if bundle.is_dir() else []
    if (root / "web").is_dir():
        files += [p for p in (root / "web").iterdir() if p.is_file()]
    files += [path for _, path in app_files(root)]
    files += [root / source.relative_to(ROOT) for source in FETCHED_FILES]
    return [p for p in files if p.is_file()]


def dist_is_stale(dist: Path = DIST) -> bool:
    """True if ``dist`` is missing or older than any build input.

    dist/sw.js is written last, so its mtime is the time the build finished.
    """
    stamp = dist / "sw.js"
    if not stamp.is_file():
        return True
    built = stamp.stat().st_mtime
    return any(p.stat().st_mtime > built for p in source_files())


def ensure_built(dist: Path = DIST) -> Path:
    """``dist``, built now if it is missing or older than its sources.

    A ``dist`` that ``build.py test`` has just built (named by ``$DOMINOES_DIST_BUILT``) is
    used as it is. Processes checking at once take turns, so only one of them rebuilds.
    """
    built = os.environ.get(DIST_BUILT_ENV)
    if built and Path(built).resolve() == dist.resolve() and (dist / "sw.js").is_file():
        return dist
    if dist_is_stale(dist):
        with build_lock():
            if dist_is_stale(dist):
                build(dist)
    return dist


def snapshot(dest: Path, dist: Path = DIST) -> Path:
    """A copy of ``dist`` (built first if needed, see :func:`ensure_built`) at ``dest``.

    A test process serves its own copy: a build that another process starts meanwhile
    (``build.py serve``, another test run, a source changed under an unbuilt dist/) deletes
    and rewrites dist/, and would pull files from under a page in the middle of a test. The
    copy is taken while no build is writing (13 MB: well under a second).
    """
    with build_lock():
        shutil.copytree(ensure_built(dist), dest)
    return dest


def build(dist: Path = DIST) -> str:
    """Assemble ``dist`` from scratch (running ``npm ci`` first if needed).

    Returns the build hash (also the service worker's cache name suffix).
    """
    with build_lock():
        ensure_node_modules()
        if dist.exists():
            shutil.rmtree(dist)
        dist.mkdir(parents=True)
        python_bundle = compile_python_bundle()
        copy_web_assets(dist)
        (dist / PYSCRIPT_CONFIG_NAME).write_text(
            json.dumps(PYSCRIPT_CONFIG, indent=2) + "\n", encoding="utf-8"
        )
        copy_pyscript(dist / "pyscript")
        copy_pyodide(dist / "pyodide")
        # The stock standard library (every module, as source) gives way to the compiled one.
        shutil.copyfile(python_bundle / "stdlib.zip", dist / "pyodide" / "python_stdlib.zip")
        shutil.copyfile(python_bundle / "app.zip", dist / "app.zip")
        copy_snapshot(python_bundle, dist / "pyodide")
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
