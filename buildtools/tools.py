"""The test and dev tools pinned in pyproject.toml: installing them, the static checks, and
the pytest command ``build.py test`` runs."""

from __future__ import annotations

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


def pytest_command(pytest_args: Sequence[str]) -> list[str]:
    """The command that runs pytest with the user's arguments."""
    return [sys.executable, "-m", "pytest", *pytest_args]
