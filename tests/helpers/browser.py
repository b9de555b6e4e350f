"""What the browser tests share: the page's readiness marker, and a recorder of what a browser
context does (console errors, page errors, requests that leave 127.0.0.1).

The fixtures that hand these out (``open_app``, ``app_session``, ``recorder``,
``wait_until_ready``) are in ``tests/e2e/conftest.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage, Page, Request

from tests.e2e.hosts import HOST_SITE

__all__ = [
    "HOST_PAGE_HOST",
    "LOCAL_HOST",
    "READY_TIMEOUT_MS",
    "AppSession",
    "KeptPage",
    "OpenApp",
    "Recorder",
    "wait_until_ready",
]

#: Host every request must go to.
LOCAL_HOST = "127.0.0.1"
#: The site of the host pages that embed the table in the embedding tests (also loopback).
HOST_PAGE_HOST = HOST_SITE
#: Generous: a cold boot takes about 2 s on 2 cores, far more on a loaded CI machine.
READY_TIMEOUT_MS = 60_000


@dataclass
class Recorder:
    """Records what a browser context does: requests, console errors, page errors."""

    requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)

    def attach_context(self, context: BrowserContext) -> None:
        """Record every request of the context, service worker requests included, and
        the console and page errors of every page the context opens from now on."""
        context.on("request", self._on_request)
        context.on("page", self.attach_page)
        for page in context.pages:
            self.attach_page(page)

    def attach_page(self, page: Page) -> None:
        """Record a page's console errors and uncaught exceptions."""
        page.on("console", self._on_console)
        page.on("pageerror", lambda error: self.page_errors.append(str(error)))

    def _on_request(self, request: Request) -> None:
        self.requests.append(request.url)

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            location = message.location
            where = f" ({location.get('url')}:{location.get('lineNumber')})" if location else ""
            self.console_errors.append(f"{message.text}{where}")

    def foreign_requests(self) -> list[str]:
        """Requests whose host is not 127.0.0.1 (``data:``/``blob:`` URLs are local; the
        embedding tests' host pages on ``localhost`` are loopback too)."""
        foreign = []
        for url in self.requests:
            parts = urlsplit(url)
            if parts.scheme in ("data", "blob", "about"):
                continue
            if parts.hostname not in (LOCAL_HOST, HOST_PAGE_HOST):
                foreign.append(url)
        return foreign

    def problems(self) -> list[str]:
        """Everything that should fail a test, one line each."""
        return (
            [f"console error: {e}" for e in self.console_errors]
            + [f"page error: {e}" for e in self.page_errors]
            + [f"request left {LOCAL_HOST}: {u}" for u in self.foreign_requests()]
        )

    def assert_clean(self) -> None:
        """Fail if there was any console error, page error or non-local request."""
        problems = self.problems()
        assert not problems, "\n".join(problems)


def wait_until_ready(page: Page, timeout_ms: float = READY_TIMEOUT_MS) -> None:
    """Wait until the app says it is playable (``<body data-app-state="ready">``).

    Fails fast with the on-page error text if the boot reports an error instead.
    """
    page.wait_for_function(
        "() => ['ready', 'error'].includes(document.body?.dataset.appState)",
        timeout=timeout_ms,
    )
    state = page.evaluate("document.body.dataset.appState")
    if state != "ready":
        detail = page.evaluate("document.getElementById('loading-error')?.textContent || ''")
        pytest.fail(f"the app failed to boot (app state {state!r}):\n{detail}", pytrace=False)


@dataclass
class AppSession:
    """A context and page opened on the app, with its recorder.

    ``expect_clean`` (default True): the ``open_app`` fixture asserts at teardown that the
    recorder saw no console error, page error or non-local request.
    """

    context: BrowserContext
    page: Page
    recorder: Recorder
    expect_clean: bool = True


OpenApp = Callable[..., AppSession]


class KeptPage:
    """A page that a module's tests share (its context's service worker makes each boot
    quick), opened again in the same context when its renderer crashed, so that the rerun
    of the test it crashed under (``tests/helpers/crashes.py``) gets a live page."""

    def __init__(self, context: BrowserContext, prepare: Callable[[Page], None] = lambda page: None) -> None:
        self.context = context
        self._prepare = prepare
        self._page: Page | None = None
        self._crashed = False

    def page(self) -> Page:
        """The shared page: the same one from test to test until its renderer crashes."""
        if self._page is None or self._crashed or self._page.is_closed():
            self._crashed = False
            self._page = self.context.new_page()
            self._page.on("crash", self._on_crash)
            self._prepare(self._page)
        return self._page

    def _on_crash(self, _page: Page) -> None:
        self._crashed = True
