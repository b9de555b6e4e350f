"""node_modules/: Pyodide, PyScript and fake-indexeddb from npm, pinned by package-lock.json."""

from __future__ import annotations

import shutil

from buildtools.paths import FAKE_INDEXEDDB_DIR, NODE_MODULES, PACKAGE_LOCK, PYODIDE_DIR, PYSCRIPT_DIST
from buildtools.shell import build_lock, fail, header, run


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
    """Run ``npm ci`` when node_modules/ is missing or out of date (one process at a time)."""
    if not node_modules_stale():
        return
    with build_lock():
        if not node_modules_stale():  # another process installed them while we waited
            return
        npm = shutil.which("npm")
        if npm is None:
            fail("npm is needed to fetch Pyodide and PyScript: install Node.js 20+ and npm")
        header("npm ci (node_modules is missing or older than package-lock.json)")
        if run([npm, "ci", "--no-audit", "--no-fund"]) != 0:
            fail("npm ci failed")
