"""The build's bundle: bytecode for the shipped runtime only, a JSON config, preloads, no unused plugins.

These read the built dist/ (rebuilt first if it is stale) and the compiled Python bundle,
on CPython; tests/pyodide/test_compiled_bundle.py runs that bundle in Pyodide.
"""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path

import pytest

from buildtools.bytecode import check_bytecode, compile_python_bundle, pyodide_python_version
from buildtools.dist import ensure_built
from buildtools.paths import NODE_MODULES, PYODIDE_DIR
from buildtools.pyscript import PYSCRIPT_UNUSED_PLUGINS


@pytest.fixture(scope="module")
def dist() -> Path:
    """dist/, built now if it is missing or older than its sources."""
    return ensure_built()


@pytest.fixture(scope="module")
def bundle() -> Path:
    """The folder of the compiled Python bundle (from the build's cache)."""
    return compile_python_bundle()


def test_the_config_is_json_with_the_local_interpreter_and_the_app(dist: Path) -> None:
    config = json.loads((dist / "pyscript.json").read_text())
    assert (dist / config["interpreter"]).is_file()
    assert config["files"] == {"./app.zip": "./app.zip"}
    assert not (dist / "pyscript.toml").exists()
    assert 'config="./pyscript.json"' in (dist / "index.html").read_text()


def test_every_plugin_but_the_error_banner_is_off_for_both_interpreter_types(dist: Path) -> None:
    table = (NODE_MODULES / "@pyscript" / "core" / "src" / "plugins.js").read_text()
    plugins = set(re.findall(r"""^\s*\[?["']?([\w-]+)["']?\]?:\s*\(\)\s*=>""", table, re.MULTILINE))
    assert "error" in plugins and len(plugins) > 3
    assert set(PYSCRIPT_UNUSED_PLUGINS) == plugins - {"error"}
    page = (dist / "index.html").read_text()
    mpy = re.search(r"<mpy-config hidden>(.*?)</mpy-config>", page)
    assert mpy is not None
    # The error plugin stays on for MicroPython too: turning it off there would turn its
    # banners off for Python as well (one module serves both).
    assert set(json.loads(mpy.group(1))["plugins"]) == {f"!{name}" for name in plugins - {"error"}}


def test_every_preload_names_a_file_of_the_bundle(dist: Path) -> None:
    page = (dist / "index.html").read_text()
    assert "build.py:" not in page  # every marker was replaced
    preloaded = re.findall(r'<link rel="(?:modulepreload|preload)" href="\./([^"]+)"', page)
    # The runtime's data files are preloaded by a script, on a first visit only.
    fetched = re.search(r"for \(const \[path, bytes\] of (\[.*?\]\))", page)
    assert fetched, "the script preloading the runtime's data files is missing"
    preloaded += [name for name, _ in json.loads(fetched.group(1)[:-1])]
    for name in ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "app.zip", "pyscript/core.js"):
        assert name in preloaded
    for name in preloaded:
        assert (dist / name).is_file(), name


def test_the_bundle_holds_bytecode_only_with_the_runtimes_magic_number(bundle: Path, dist: Path) -> None:
    report = json.loads((bundle / "report.json").read_text())
    assert report["python"] == pyodide_python_version()
    magic = bytes.fromhex(report["magic"])
    for archive_path in (dist / "pyodide" / "python_stdlib.zip", dist / "app.zip"):
        with zipfile.ZipFile(archive_path) as archive:
            names = archive.namelist()
            assert not [name for name in names if name.endswith(".py")], archive_path
            pycs = [name for name in names if name.endswith(".pyc")]
            assert pycs and all(archive.read(name)[:4] == magic for name in pycs)
    with zipfile.ZipFile(dist / "app.zip") as archive:
        assert "engine/line/hand.pyc" in archive.namelist()
        assert "web/app.pyc" in archive.namelist()


def test_the_standard_library_is_trimmed_to_what_the_page_uses(bundle: Path) -> None:
    report = json.loads((bundle / "report.json").read_text())
    with zipfile.ZipFile(PYODIDE_DIR / "python_stdlib.zip") as stock:
        stock_modules = [name for name in stock.namelist() if name.endswith(".py")]
    shipped = set(report["stdlib_files"])
    assert shipped < set(stock_modules)
    assert len(shipped) < len(stock_modules) / 2
    # What the runtime and the app need is there; what nothing imports is not.
    for needed in ("json/__init__.py", "random.py", "dataclasses.py", "zipfile/__init__.py", "base64.py"):
        assert needed in shipped
    for unused in (
        "tkinter/__init__.py",
        "unittest/__init__.py",
        "pdb.py",
        "doctest.py",
        "sqlite3/__init__.py",
    ):
        assert unused not in shipped


def test_a_pyc_of_another_runtime_fails_the_build(tmp_path: Path) -> None:
    archive_path = tmp_path / "foreign.zip"
    with zipfile.ZipFile(archive_path, "w") as archive:
        archive.writestr("m.pyc", b"\x00\x00\r\n" + bytes(12))
    report = {"python": pyodide_python_version(), "magic": "2b0e0d0a"}
    with pytest.raises(SystemExit):
        check_bytecode(report, [archive_path])
    with pytest.raises(SystemExit):
        check_bytecode({**report, "python": "3.0.0"}, [])


def test_the_bundle_is_byte_for_byte_reproducible(bundle: Path, tmp_path: Path) -> None:
    again = compile_python_bundle(cache=tmp_path)
    for name in ("stdlib.zip", "app.zip"):
        assert (again / name).read_bytes() == (bundle / name).read_bytes(), name
