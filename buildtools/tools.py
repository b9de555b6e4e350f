"""The test and dev tools pinned in pyproject.toml: installing them, the static checks, and
the pytest command ``build.py test`` runs."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from buildtools.paths import PYPROJECT
from buildtools.shell import fail, run

_PIN_RE = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*==\s*([^\s;,]+)\s*$")


def read_extras(names: Sequence[str], pyproject: Path = PYPROJECT) -> list[str]:
    """The requirement strings of the given optional-dependency groups in pyproject.toml."""
    import tomllib

    data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    extras = data.get("project", {}).get("optional-dependencies", {})
    requirements: list[str] = []
    for name in names:
        requirements.extend(extras.get(name, []))
    return requirements


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


def static_checks() -> bool:
    """Run ``ruff check .`` and ``mypy`` (configured in pyproject.toml); True if both pass."""
    ruff = run([sys.executable, "-m", "ruff", "check", "."]) == 0
    mypy = run([sys.executable, "-m", "mypy"]) == 0
    return ruff and mypy


#: At most this many pytest-xdist workers: each runs its own Chromium for the browser tests.
MAX_WORKERS = 4

#: pytest options that take over or rule out the worker processes: with one of them among
#: the user's arguments, :func:`pytest_command` adds none of its own.
_OWN_XDIST_OPTIONS = ("-n", "--numprocesses", "--dist", "--pdb", "--trace", "--looponfail", "-f")


def usable_cores() -> int:
    """How many CPU cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def wants_own_workers(pytest_args: Sequence[str]) -> bool:
    """True if the user's pytest arguments choose the worker processes themselves (``-n``,
    ``--dist``, ``-p no:xdist``) or need a single process (``--pdb``, ``--trace``)."""
    for index, arg in enumerate(pytest_args):
        if arg == "--":
            break
        name = arg.split("=", 1)[0]
        if name in _OWN_XDIST_OPTIONS or (arg.startswith("-n") and not arg.startswith("--")):
            return True
        if arg in ("-p", "--plugins") and pytest_args[index + 1 : index + 2] == ["no:xdist"]:
            return True
        if arg in ("-pno:xdist", "--plugins=no:xdist"):
            return True
    return False


def xdist_args(pytest_args: Sequence[str] = ()) -> list[str]:
    """The pytest-xdist options ``build.py test`` adds: one worker per core (at most
    :data:`MAX_WORKERS`), each test module kept whole on one worker (``--dist loadfile``),
    so a worker's browser and a module's booted table are reused; none on one core, or
    when the user's arguments choose for themselves (:func:`wants_own_workers`)."""
    workers = min(usable_cores(), MAX_WORKERS)
    if workers < 2 or wants_own_workers(pytest_args):
        return []
    return ["-n", str(workers), "--dist", "loadfile"]


#: The marker of the tests that time the page (how long it holds the main thread): they run
#: alone, after the rest, since a test on another core would be timed with them.
TIMING_MARKER = "timing"


def pytest_command(pytest_args: Sequence[str]) -> list[str]:
    """The command that runs pytest with the user's arguments, on every core (:func:`xdist_args`)."""
    return [sys.executable, "-m", "pytest", *xdist_args(pytest_args), *pytest_args]


def pytest_commands(pytest_args: Sequence[str]) -> list[list[str]]:
    """The pytest runs of ``build.py test``: on every core, the tests that time the page left
    out, then those alone in one process; one run as the user asks when the arguments choose
    the workers or the markers themselves (``-m``), or where there is one core."""
    workers = xdist_args(pytest_args)
    if not workers or any(arg.startswith("-m") for arg in pytest_args):
        return [pytest_command(pytest_args)]
    return [
        [sys.executable, "-m", "pytest", *workers, "-m", f"not {TIMING_MARKER}", *pytest_args],
        [sys.executable, "-m", "pytest", "-m", TIMING_MARKER, *pytest_args],
    ]


NO_TESTS_COLLECTED = 5
"""pytest's exit code when the arguments select no test (the timing run, given ``-k`` or a path)."""


def combined_exit_code(codes: Sequence[int]) -> int:
    """One exit code for the runs of :func:`pytest_commands`: the first failure's, where the
    timing run selecting no test is no failure (the first run's "no test" still is)."""
    for index, code in enumerate(codes):
        if code and not (index and code == NO_TESTS_COLLECTED):
            return code
    return 0
