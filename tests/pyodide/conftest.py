"""Run Python inside the real Pyodide (from node_modules) under Node.

``run_in_pyodide(code)`` (fixture) pipes ``code`` to ``bundle/run_in_pyodide.mjs``, which boots
Pyodide, unpacks a fresh zip of engine/ and web/ (built from the current sources, so it
never tests a stale dist/), runs the code and returns what it printed. Booting costs
about 2 s, so batch work into one call.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from buildtools.appzip import write_app_zip
from buildtools.npm import ensure_node_modules
from buildtools.paths import ROOT

RUNNER = ROOT / "bundle" / "run_in_pyodide.mjs"
TIMEOUT_S = 300

RunInPyodide = Callable[[str], str]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test under tests/pyodide with the ``pyodide`` marker."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.pyodide)


@pytest.fixture(scope="session")
def app_zip(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """engine/ and web/ zipped exactly as the build ships them, from the current sources."""
    return write_app_zip(tmp_path_factory.mktemp("pyodide") / "app.zip")


@pytest.fixture(scope="session")
def run_in_pyodide(app_zip: Path) -> RunInPyodide:
    """A function running Python source in Pyodide under Node and returning its stdout."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is needed for the Pyodide tests (install nodejs)", pytrace=False)
    ensure_node_modules()

    def run(code: str) -> str:
        proc = subprocess.run(
            [node, str(RUNNER), str(app_zip)],
            input=code,
            capture_output=True,
            text=True,
            timeout=TIMEOUT_S,
            cwd=ROOT,
            check=False,
        )
        if proc.returncode != 0:
            pytest.fail(
                f"Python failed in Pyodide (exit {proc.returncode}):\n{proc.stderr}\nstdout:\n{proc.stdout}",
                pytrace=False,
            )
        return proc.stdout

    return run
