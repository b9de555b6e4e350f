"""Fixtures of the WebKit and Firefox layer: dist/ served on 127.0.0.1, a virtual display for
WebKit, and a fresh browser of each engine per test (``tab``, parametrized over both).

The driving itself is ``tests/helpers/engines.py``; ``python build.py test`` installs the
engines first (``buildtools/engines.py``).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from buildtools.dist import snapshot  # noqa: E402
from buildtools.server import DistServer, serving  # noqa: E402
from tests.helpers.engines import (  # noqa: E402
    BROWSER_GONE,
    DRIVER_FAILED,
    ENGINES,
    RESTORE_CRASHED,
    EngineTab,
    open_engine,
    virtual_display,
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test here is an engines test (``-m engines`` selects them, ``-m "not engines"``
    leaves them), run once more if its browser's driver failed without a word
    (:data:`DRIVER_FAILED`), its browser died (:data:`BROWSER_GONE`) or the runtime crashed in a
    snapshot's restore (:data:`RESTORE_CRASHED`)."""
    for item in items:
        if "tests/engines/" in str(item.path).replace("\\\\", "/"):
            item.add_marker(pytest.mark.engines)
            item.add_marker(
                pytest.mark.flaky(
                    reruns=1, reruns_delay=5, only_rerun=[BROWSER_GONE, DRIVER_FAILED, RESTORE_CRASHED]
                )
            )


@pytest.fixture(scope="session")
def engine_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DistServer]:
    """This process's copy of dist/, served on 127.0.0.1 at a free port."""
    with serving(snapshot(tmp_path_factory.mktemp("served") / "dist")) as server:
        yield server


@pytest.fixture(scope="session")
def table_url(engine_server: DistServer) -> str:
    """The served table's base URL."""
    return engine_server.url


class LazyDisplay:
    """One virtual display for the session's WebKit browsers, started when first asked for."""

    def __init__(self, stack: ExitStack) -> None:
        self._stack = stack
        self._name: str | None = None

    def __call__(self) -> str:
        if self._name is None:
            self._name = self._stack.enter_context(virtual_display())
        return self._name


@pytest.fixture(scope="session")
def display() -> Iterator[LazyDisplay]:
    """The virtual display WebKit's browsers open on (``Xvfb``), stopped after the session."""
    with ExitStack() as stack:
        yield LazyDisplay(stack)


@pytest.fixture(params=ENGINES)
def tab(request: pytest.FixtureRequest, display: LazyDisplay) -> Iterator[EngineTab]:
    """A fresh browser of each engine (WebKit, then Firefox), on a blank page; the test fails
    if its pages logged a console error or threw an uncaught exception."""
    with open_engine(request.param, display) as opened:
        yield opened
        assert opened.errors() == [], f"{opened.name}: errors in the page"
