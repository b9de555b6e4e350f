"""A renderer crash ("Target crashed", or "Page crashed" under an expect) makes a browser test run again, and is logged.

``tests/helpers/crashes.py`` says why: the kernel kills Chromium's renderers first when the
machine runs short of memory. This test crashes its own renderer on its first run (Chromium's
``chrome://crash`` page) and passes on the rerun, which proves the rerun and the log work.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from buildtools.paths import CRASH_LOG
from tests.helpers.crashes import CRASH_TEXT, browser_trouble, is_crash, machine_facts

pytestmark = pytest.mark.e2e

RUNS: list[str] = []
LOGGED_BEFORE: list[str] = []


def test_a_renderer_crash_reruns_the_test_and_is_logged(open_app: Callable[..., Any]) -> None:
    test_id = os.environ.get("PYTEST_CURRENT_TEST", "").split(" ")[0]
    RUNS.append(test_id)
    if len(RUNS) == 1:  # (a crash logged before this test, by another, must not count)
        LOGGED_BEFORE.append(CRASH_LOG.read_text() if CRASH_LOG.exists() else "")
    session = open_app("?aidelay=0")
    if len(RUNS) == 1:
        session.expect_clean = False  # (the crashed page's console is nobody's fault)
        with pytest.raises(Exception, match=CRASH_TEXT) as crashed:
            session.page.goto("chrome://crash")
            session.page.evaluate("1")
        raise RuntimeError(f"the first run crashed as planned: {crashed.value}")
    assert CRASH_LOG.exists(), "the crash was logged"
    logged = CRASH_LOG.read_text()
    assert logged.startswith(LOGGED_BEFORE[0]), "the log is only added to"
    assert test_id in logged[len(LOGGED_BEFORE[0]) :], "the log names the test that crashed"
    assert session.page.evaluate("document.body.dataset.appState") == "ready"
    browser_log = os.environ.get("DEBUG_FILE")
    if browser_log:  # (``build.py test`` keeps the browser's own words: they name the crash)
        assert any("chrome://crash" in line for line in browser_trouble(Path(browser_log).read_text())), (
            "the browser's log keeps what the crashed renderer said"
        )


def test_the_browsers_trouble_is_kept_without_what_every_launch_writes() -> None:
    log = "\n".join(
        [
            "2026-11-28T05:40:54.531Z pw:browser <launched> pid=2818",
            "2026-11-28T05:40:54.543Z pw:browser [pid=2818][err] /usr/bin/chromium: 9: [: 25: unexpected operator",
            "2026-11-28T05:40:56.463Z pw:browser [pid=2818][err] [1:2:ERROR:dbus/bus.cc:405] Failed to connect to the bus",
            "2026-11-28T05:40:56.546Z pw:browser [pid=2818][err] [2922:2922:FATAL:v8/src/heap.cc:12] Check failed: x",
            "2026-11-28T05:40:56.557Z pw:browser [pid=2818][err] [ERROR:file_io_posix.cc:145] open .../cpufreq/x: No such file",
            "2026-11-28T05:41:04.641Z pw:browser [pid=2818] <gracefully close start>",
        ]
    )
    assert [line.rsplit("] ", 1)[-1] for line in browser_trouble(log)] == ["Check failed: x"]


def test_the_machine_facts_name_memory_disk_and_load() -> None:
    facts = machine_facts()
    for word in ("memory available", "/tmp free", "load", "chromium processes"):
        assert word in facts, facts


def test_a_crash_is_told_from_its_words_in_a_call_or_in_an_expect_call_log() -> None:
    """Both ways Playwright says a renderer died count as a crash (a CI run once lost two
    embed tests whose host page crashed while ``expect`` waited on its frames); a failed
    assertion does not."""
    called = "playwright._impl._errors.Error: Page.evaluate: Target crashed"
    waited = (
        "AssertionError: Locator expected to have attribute 're.compile('ready|error')'\n"
        'Actual value: loading\nCall log:\n  - waiting for locator("#table")\n  - Page crashed'
    )
    failed = "AssertionError: Locator expected to have attribute 'ready'\nActual value: loading"
    assert is_crash(called) and is_crash(waited)
    assert not is_crash(failed)
