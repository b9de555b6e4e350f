"""The runtime's memory snapshot: Pyodide with the app's modules imported, made at build time
under Node (``bundle/make_snapshot.mjs``) and restored by the page on a return visit
(``web/interpreter.mjs``), so a warm boot skips starting Python and importing the app.

The snapshot is made from the compiled bundle (its standard library and ``app.zip``) and is
kept beside it in the bundle cache, once per bundle and maker. In ``dist/`` its name carries
a hash of its bytes: the page of one build never restores another build's snapshot, even
while a newer build's service worker has cached its own.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
from pathlib import Path

from buildtools.paths import BUNDLE_DIR
from buildtools.shell import fail, header

__all__ = ["SNAPSHOT_MAKER", "SNAPSHOT_PLACEHOLDER", "runtime_snapshot", "snapshot_name", "write_interpreter"]

SNAPSHOT_MAKER = BUNDLE_DIR / "make_snapshot.mjs"
"""The Node script that makes the snapshot."""

SNAPSHOT_PLACEHOLDER = "__SNAPSHOT_FILE__"
"""What the build replaces in ``web/interpreter.mjs`` with the snapshot's file name."""


def runtime_snapshot(bundle: Path) -> Path:
    """The gzip-compressed snapshot for the compiled bundle in ``bundle`` (its ``stdlib.zip``
    and ``app.zip``), made the first time it is asked for and kept in that folder."""
    maker = hashlib.sha256(SNAPSHOT_MAKER.read_bytes()).hexdigest()[:12]
    made = bundle / f"snapshot-{maker}.bin"
    if made.is_file():
        return made
    node = shutil.which("node")
    if node is None:
        fail("Node.js is needed to make the runtime snapshot inside Pyodide: install Node.js 20+")
    header("Making the runtime snapshot inside Pyodide (the app's modules imported)")
    partial = made.with_suffix(".partial")
    result = subprocess.run(
        [node, str(SNAPSHOT_MAKER), str(bundle / "app.zip"), str(bundle / "stdlib.zip"), str(partial)],
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        fail(f"the runtime snapshot could not be made:\n{result.stderr[-4000:]}")
    partial.replace(made)
    return made


def snapshot_name(snapshot: Path) -> str:
    """The snapshot's file name in ``dist/pyodide/``: ``snapshot-<hash of its bytes>.bin``."""
    return f"snapshot-{hashlib.sha256(snapshot.read_bytes()).hexdigest()[:16]}.bin"


def write_interpreter(source: Path, dest: Path, snapshot_file: str) -> None:
    """Write PyScript's interpreter module (``source``) to ``dest``, naming ``snapshot_file``."""
    text = source.read_text(encoding="utf-8")
    if SNAPSHOT_PLACEHOLDER not in text:
        fail(f"{source.name} lacks the placeholder {SNAPSHOT_PLACEHOLDER}")
    dest.write_text(text.replace(SNAPSHOT_PLACEHOLDER, snapshot_file), encoding="utf-8")
