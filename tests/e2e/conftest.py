"""Browser test fixtures: serve dist/ on 127.0.0.1 and drive it with headless Chromium.

Reusable pieces for other e2e tests:

* ``app_server`` (session): the running server; ``app_url`` its base URL (also ``base_url``).
* ``app_page``: a page in a fresh context, booted to ``data-app-state="ready"``; its
  ``Recorder`` (fixture ``recorder``; both together: ``app_session``) fails the test at
  teardown on any console error, page error or request that leaves 127.0.0.1.
* ``open_app``: a factory fixture doing the same on demand (several contexts in one test,
  or ``wait=False`` to look at the page before Python is up).
* ``wait_until_ready``: fixture returning the helper that waits for the readiness marker
  (never sleep).

The helpers behind these fixtures live in ``tests/helpers/browser.py``, which test modules
import (never this conftest).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserType, Page

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from buildtools import chromium  # noqa: E402
from buildtools.dist import snapshot  # noqa: E402
from buildtools.server import DistServer, serving  # noqa: E402
from tests.helpers.browser import (  # noqa: E402
    LOCAL_HOST,
    AppSession,
    OpenApp,
    Recorder,
    wait_until_ready,
)
from tests.helpers.crashes import (  # noqa: E402
    CRASH_TEXT,
    RERUN_DELAY_S,
    RERUNS,
    is_crash,
    keep_browser_log,
    note_crash,
)

keep_browser_log(os.environ.get("PYTEST_XDIST_WORKER", "main"))

CHROMIUM_ARGS = list(chromium.CHROMIUM_ARGS)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test under tests/e2e with the ``e2e`` marker, and have it run again when
    Chromium's renderer crashed under it (``tests/helpers/crashes.py`` says why)."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.e2e)
            item.add_marker(
                pytest.mark.flaky(reruns=RERUNS, reruns_delay=RERUN_DELAY_S, only_rerun=[CRASH_TEXT])
            )


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[Any]:
    """Note each renderer crash with the machine's state (memory, disk, load)."""
    report = yield
    if report.failed and is_crash(str(report.longrepr)):
        note_crash(item.nodeid)
    return report


def chromium_path() -> str:
    """The Chromium binary: $DOMINOES_CHROMIUM, else ``chromium`` on PATH."""
    path = os.environ.get("DOMINOES_CHROMIUM") or chromium.find_chromium()
    if not path:
        pytest.fail(
            "no Chromium: run `python build.py test`, or install chromium, or set DOMINOES_CHROMIUM",
            pytrace=False,
        )
    return path


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright's launch arguments, pointed at the system Chromium."""
    args = [*browser_type_launch_args.get("args", []), *CHROMIUM_ARGS]
    return {**browser_type_launch_args, "executable_path": chromium_path(), "args": args}


@pytest.fixture(scope="module")
def partitioning_browser(
    browser_type: BrowserType, browser_type_launch_args: dict[str, Any]
) -> Iterator[Browser]:
    """A Chromium with third-party storage partitioning on, as browsers ship it (Playwright's
    own launch turns it off)."""
    args = [*browser_type_launch_args["args"], chromium.CHROMIUM_PARTITIONING_ARG]
    browser = browser_type.launch(**{**browser_type_launch_args, "args": args})
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def dist_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This test process's copy of the built dist/ (built first if it is missing or older
    than its sources): a build started meanwhile elsewhere cannot change what it serves."""
    return snapshot(tmp_path_factory.mktemp("served") / "dist")


@pytest.fixture(scope="session")
def app_server(dist_dir: Path) -> Iterator[DistServer]:
    """dist/ served on 127.0.0.1 at a free port, in a background thread."""
    with serving(dist_dir, LOCAL_HOST) as server:
        yield server


@pytest.fixture(scope="session")
def app_url(app_server: DistServer) -> str:
    """Base URL of the served app, e.g. ``http://127.0.0.1:41234/``."""
    return app_server.url


@pytest.fixture(scope="session")
def base_url(app_url: str) -> str:
    """Lets ``page.goto("/")`` in pytest-playwright's own fixtures reach the app."""
    return app_url


@pytest.fixture
def open_app(browser: Browser, app_url: str) -> Iterator[OpenApp]:
    """Factory: ``open_app(path="", *, wait=True, **context_args) -> AppSession``.

    Each call opens the app in a fresh recorded context (``path`` is relative to the app
    URL). At teardown every context is closed and, unless ``session.expect_clean`` was set
    to False, its recorder must be clean.
    """
    sessions: list[AppSession] = []

    def _open(path: str = "", *, wait: bool = True, **context_args: Any) -> AppSession:
        context = browser.new_context(**context_args)
        recorder = Recorder()
        recorder.attach_context(context)
        session = AppSession(context, context.new_page(), recorder)
        sessions.append(session)
        session.page.goto(app_url + path.lstrip("/"), wait_until="commit")
        if wait:
            wait_until_ready(session.page)
        return session

    yield _open
    problems: list[str] = []
    for session in sessions:
        if session.expect_clean:
            problems += session.recorder.problems()
        session.context.close()
    assert not problems, "\n".join(problems)


@pytest.fixture
def app_session(open_app: OpenApp) -> AppSession:
    """The app booted to ready in a fresh recorded context (clean at teardown)."""
    return open_app()


@pytest.fixture
def app_page(app_session: AppSession) -> Page:
    """The page of ``app_session``: booted to ready; no console error, page error or
    request leaving 127.0.0.1 is allowed (checked at teardown)."""
    return app_session.page


@pytest.fixture
def recorder(app_session: AppSession) -> Recorder:
    """The recorder of ``app_page``/``app_session``."""
    return app_session.recorder


@pytest.fixture(name="wait_until_ready")
def wait_until_ready_fixture() -> Callable[..., None]:
    """The ``wait_until_ready(page, timeout_ms=60_000)`` helper, for tests that reload."""
    return wait_until_ready
