"""The shipped bundle runs: the trimmed, compiled standard library and the compiled app, in Pyodide.

The same files the page gets (the build's compiled bundle) boot Pyodide under Node:
every module of the app imports, a whole hand of every rule set plays through the page's
controller and table layout, a game saves and loads, and the dataclass cache covers
every dataclass the app defines.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from buildtools.bytecode import compile_python_bundle
from buildtools.paths import MAIN_PY, PYODIDE_RUNNER, ROOT

SCRIPT = r"""
import importlib, json, sys, zipfile

sys.path.insert(0, "/bundle/app.zip")  # as the page imports it: from the zip, as it is

from web import dataclass_cache

cached = dataclass_cache.install()
codes = {}
modules = sorted(
    name[: -len(".pyc")].removesuffix("/__init__").replace("/", ".")
    for name in zipfile.ZipFile("/bundle/app.zip").namelist()
    if name.endswith(".pyc") and not name.startswith("pyscript/")
)
with dataclass_cache.recording(codes):
    for name in modules:
        importlib.import_module(name)

from engine.line.variants import VARIANTS
from web.line.controller import Controller
from web.line.scene import build_scene
from web.settings import Settings

hands = {}
for variant in sorted(VARIANTS):
    controller = Controller(Settings.for_variant(variant, level="expert"), seed=7)
    for step in range(2000):
        if controller.match.hand.is_over:
            break
        if controller.phase == "bot":
            controller.bot_move()
        else:
            controller.act(controller.view().legal_actions[0])
        build_scene(controller, 1024, 768)
    assert controller.match.hand.is_over, variant
    again = Controller.restore(controller.save())
    assert again.save() == controller.save()
    hands[variant] = step

from web.dice.controller import DiceController
from web.dice.replay import DiceReplay
from web.dice.scene import build_dice_scene

dice = DiceController(Settings("dice", 4, 0, ("eager", "canny", "expert"), ()), 7)
for step in range(400):
    if dice.hand.is_over:
        break
    if dice.phase == "choose":
        for tile in dice.session.legal_commitments(0)[0].tiles:
            dice.tap_tile(tile)
        dice.put_out()
    elif dice.phase == "reveal":
        dice.go_on()
    else:
        dice.choose_rethrow(True)
    build_dice_scene(dice, 1024, 768)
assert dice.hand.is_over
assert DiceController.restore(dice.save()).save() == dice.save()
DiceReplay.of_table(dice).frame(0, 1)
hands["dice"] = step

loaded = list(sys.modules.values())
stdlib = [m.__file__ for m in loaded if type(getattr(m, "__loader__", None)).__name__ == "zipimporter"]
print(json.dumps({
    "cached": cached,
    "uncached": sorted(set(map(dataclass_cache.source_key, codes)) - set(dataclass_cache.load(
        __import__("pathlib").Path(dataclass_cache.__file__).with_name(dataclass_cache.CACHE_NAME)))),
    "modules": modules,
    "hands": hands,
    "stdlib_sources": [f for f in stdlib if not f.endswith(".pyc")],
    "app_sources": [m.__file__ for m in loaded if (getattr(m, "__file__", "") or "").startswith("/bundle/app.zip") and not m.__file__.endswith(".pyc")],
    "docs": [Settings.__doc__, Settings.for_variant.__doc__, sys.modules["web.settings"].__doc__],
    "app_not_zipped": [m.__name__ for m in loaded if m.__name__.split(".")[0] in ("engine", "web") and type(m.__loader__).__name__ != "zipimporter"],
    "from_zip": len(stdlib),
}, default=repr))
"""


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """What the script printed, run in Pyodide booted with the shipped stdlib and app zips."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is needed for the Pyodide tests (install nodejs)", pytrace=False)
    bundle = compile_python_bundle()
    work = tmp_path_factory.mktemp("bundle")
    shutil.copyfile(bundle / "app.zip", work / "app.zip")
    proc = subprocess.run(
        [
            node,
            str(PYODIDE_RUNNER),
            "-",
            "--stdlib",
            str(bundle / "stdlib.zip"),
            "--mount",
            f"{work}:/bundle",
        ],
        input=SCRIPT,
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,
        check=False,
    )
    if proc.returncode != 0:
        pytest.fail(f"the shipped bundle failed in Pyodide:\n{proc.stderr}", pytrace=False)
    result: dict[str, object] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def test_every_module_of_the_app_imports_from_bytecode(shipped: dict[str, object]) -> None:
    modules = shipped["modules"]
    assert isinstance(modules, list)
    assert {"web.app", "web.line.controller", "engine.line.hand", "engine.line.ai.search"} <= set(modules)
    assert shipped["app_sources"] == []
    assert shipped["app_not_zipped"] == []
    assert shipped["stdlib_sources"] == []
    assert isinstance(shipped["from_zip"], int) and shipped["from_zip"] > 50


def test_a_whole_hand_of_every_rule_set_plays_on_the_trimmed_library(shipped: dict[str, object]) -> None:
    from engine.line.variants import VARIANTS

    hands = shipped["hands"]
    assert isinstance(hands, dict)
    assert set(hands) == {*VARIANTS, "dice"}


def test_only_the_dataclasses_keep_their_docstrings(shipped: dict[str, object]) -> None:
    """Without one, a dataclass is given one at its definition (made with inspect.signature,
    a tenth of the app's import time); every other docstring is dropped from the bytecode."""
    from web.settings import Settings

    docs = shipped["docs"]
    assert isinstance(docs, list) and docs[1:] == [None, None]
    assert Settings.__doc__ and docs[0].split() == Settings.__doc__.split()  # (indentation cleaned in 3.13+)


def test_the_dataclass_cache_covers_every_dataclass_of_the_app(shipped: dict[str, object]) -> None:
    cached = shipped["cached"]
    assert isinstance(cached, int) and cached > 30
    assert shipped["uncached"] == []


def test_the_page_entry_point_is_in_the_graph(shipped: dict[str, object]) -> None:
    text = Path(MAIN_PY).read_text()
    assert "dataclass_cache.install()" in text and "from web.app import App" in text
