"""The Python bundle compiled inside the shipped Pyodide: the standard library the page uses
and the app's packages, as bytecode for exactly that runtime."""

from __future__ import annotations

import contextlib
import json
import shutil
import subprocess
import zipfile
from collections.abc import Iterable, Mapping
from pathlib import Path

from buildtools.appzip import app_files, build_hash, write_app_zip
from buildtools.paths import (
    BUNDLE_CACHE,
    MAIN_PY,
    PYODIDE_DIR,
    PYODIDE_FILES,
    PYODIDE_RUNNER,
    PYSCRIPT_DIST,
    PYSCRIPT_PYTHON_ARTIFACT,
    PYTHON_BUNDLER,
    ROOT,
)
from buildtools.pyscript import pyscript_modules, pyscript_python_imports
from buildtools.shell import build_lock, fail, header

#: ``compile()``'s optimize level for the shipped bytecode: 2 drops docstrings and asserts
#: (the standard library is tested that way, and the app reads no docstring at run time;
#: the app's dataclasses keep theirs: see ``bundle/python_bundle.py``, ``app_pyc_bytes``).
BYTECODE_OPTIMIZE = 2


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
    either way. One process at a time compiles into the shared cache
    (:func:`buildtools.shell.build_lock`).
    """
    node = shutil.which("node")
    if node is None:
        fail("Node.js is needed to compile the Python bundle inside Pyodide: install Node.js 20+")
    from engine.line.variants import VARIANTS  # the workload plays every rule set

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
    # The shared cache is written by one process at a time; a private one needs no lock.
    with build_lock() if cache == BUNDLE_CACHE else contextlib.nullcontext():
        if not (folder / "report.json").is_file():
            _compile(node, request, cache, key)
        report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
        check_bytecode(report, [folder / "stdlib.zip", folder / "app.zip"])
    return folder


def _compile(node: str, request: Mapping[str, object], cache: Path, key: str) -> None:
    """Compile the bundle for ``request`` into ``cache / key``, dropping every other bundle."""
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
    work.rename(cache / key)
