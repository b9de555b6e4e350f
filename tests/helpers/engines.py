"""The table in WebKit and Firefox: one small driving interface over two protocols.

Playwright drives only Chromium here (it cannot download its own WebKit or Firefox builds on
these machines), so the WebKit and Firefox layer drives Debian's engines itself
(``buildtools/engines.py`` finds or installs them):

* **WebKit**: WebKitGTK's MiniBrowser through ``WebKitWebDriver`` and Selenium, on a virtual
  display of its own (``webkit_tab.py``; the display is :func:`virtual_display`).
* **Firefox**: Firefox ESR headless, through WebDriver BiDi (``firefox_tab.py``).

Both give an :class:`~tests.helpers.engine_tab.EngineTab` (``engine_tab.py``).
:func:`open_engine` opens a fresh browser of either (a fresh profile: no storage carried
over), as the Chromium tests get a fresh context.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from buildtools.engines import find_engines
from tests.helpers.engine_tab import READY_SCRIPT, EngineTab, wait_for
from tests.helpers.firefox_tab import FirefoxTab
from tests.helpers.webkit_tab import WebKitTab

__all__ = [
    "BROWSER_GONE",
    "DRIVER_FAILED",
    "ENGINES",
    "READY_SCRIPT",
    "RESTORE_CRASHED",
    "EngineTab",
    "open_engine",
    "virtual_display",
    "wait_for",
]

DRIVER_FAILED = r"^WebDriverException: Message: \s*$"
"""What Selenium raises when a browser's WebDriver itself failed a command with no word of why
(WebKitWebDriver answers ``500 unknown error`` to a pointer action now and then on a loaded
machine): the driver's trouble, not the table's, so the test runs once more. Every error
the table can cause says something."""


BROWSER_GONE = r"invalidsessionidexception|invalid session id"
"""What Selenium says when the browser under its session is gone (WebKitGTK's MiniBrowser
died while booting the table, now and then on a loaded machine, as Chromium's renderers
are killed first when memory runs short): the test runs once more, as a Chromium test
whose renderer crashed does."""


RESTORE_CRASHED = "the runtime crashed while this engine restored it from the snapshot"
"""What a test says when an engine's restore of the runtime's memory snapshot died inside
Pyodide ("Out of bounds memory access", seen once in WebKitGTK on a loaded machine, never
alone): the page did what a player's would (it booted the usual way at once), but the test
was about the restore, so it runs once more."""


ENGINES = ("webkit", "firefox")
"""The engines of this layer, as tests name them."""


@contextmanager
def virtual_display() -> Iterator[str]:
    """An X display of its own for the tests' browsers (``Xvfb``, which picks a free number
    and writes it to us), as ``DISPLAY`` names it; stopped when the block ends."""
    read, write = os.pipe()
    xvfb = os.environ.get("DOMINOES_XVFB") or find_engines()["DOMINOES_XVFB"] or "Xvfb"
    process = subprocess.Popen(
        [xvfb, "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        with os.fdopen(read) as numbers:
            number = numbers.readline().strip()
        if not number.isdigit():
            raise RuntimeError("Xvfb did not start")
        yield f":{number}"
    finally:
        process.terminate()
        process.wait(timeout=10)


@contextmanager
def open_engine(name: str, display: Callable[[], str]) -> Iterator[EngineTab]:
    """A fresh browser of engine ``name`` (``display()`` gives WebKit its X display), closed after."""
    tab: WebKitTab | FirefoxTab = WebKitTab(display()) if name == "webkit" else FirefoxTab()
    try:
        yield tab
    finally:
        tab.close()
