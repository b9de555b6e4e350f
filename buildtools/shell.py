"""Step headers, running commands, failing with a message, and a lock between processes."""

from __future__ import annotations

import hashlib
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn

from buildtools.paths import ROOT


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


#: How deep this process is inside :func:`build_lock` (the lock is taken at depth 0 only).
_lock_depth = 0


def lock_path() -> Path:
    """The lock file of this checkout's build: in the temporary folder, named after the
    checkout, since ``npm ci`` deletes node_modules/ and a build deletes dist/."""
    digest = hashlib.sha256(str(ROOT).encode()).hexdigest()[:12]
    return Path(tempfile.gettempdir()) / f"dominoes-build-{digest}.lock"


@contextmanager
def build_lock() -> Iterator[None]:
    """Hold this checkout's build lock for the ``with`` block (re-entrant in one process).

    Processes that build at the same time (pytest-xdist workers, a test run next to
    ``build.py serve``) take turns instead of writing node_modules/, the bundle cache or
    dist/ at once. Where ``fcntl`` does not exist (Windows) the block runs unlocked.
    """
    global _lock_depth
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        yield
        return
    if _lock_depth:
        _lock_depth += 1
        try:
            yield
        finally:
            _lock_depth -= 1
        return
    with lock_path().open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        _lock_depth = 1
        try:
            yield
        finally:
            _lock_depth = 0
            fcntl.flock(handle, fcntl.LOCK_UN)
