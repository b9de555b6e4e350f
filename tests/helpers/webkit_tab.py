"""WebKit for the tests: WebKitGTK's MiniBrowser through ``WebKitWebDriver`` (classic WebDriver,
driven by Selenium's ``WebKitGTK`` driver) on a virtual display of its own (``Xvfb``:
MiniBrowser's ``--headless`` makes session creation hang), its requests seen through a
recording proxy."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from buildtools.engines import find_engines
from tests.helpers.engine_tab import DRAG_STEP_MS, VIEWPORT, pointer_steps
from tests.helpers.recording_proxy import recording_proxy

__all__ = ["WebKitTab"]

_WATCH_ERRORS = """
if (!window.__engineErrors) {
  window.__engineErrors = [];
  const note = (text) => window.__engineErrors.push(String(text));
  // (WebKit's stack of an error leaves out its message: keep both)
  addEventListener("error", (event) => note(`${event.message} ${event.error && event.error.stack || ""}`));
  addEventListener("unhandledrejection", (event) => note(`${event.reason} ${event.reason && event.reason.stack || ""}`));
  const error = console.error.bind(console);
  console.error = (...args) => { note(args.join(" ")); error(...args); };
}
"""
"""Collects a WebKit page's errors from the moment it is run (classic WebDriver has no log
events; an error before it, during the boot, the page's own ``dominoesBoot.errors`` keeps)."""


class WebKitTab:
    """MiniBrowser (WebKitGTK) driven by Selenium through WebKitWebDriver."""

    name = "webkit"

    def __init__(self, display: str) -> None:
        from selenium import webdriver  # (imported here: only this layer needs Selenium)
        from selenium.webdriver.common.proxy import Proxy
        from selenium.webdriver.webkitgtk.service import Service

        found = find_engines()
        options = webdriver.WebKitGTKOptions()
        options.binary_location = (
            os.environ.get("DOMINOES_MINIBROWSER") or found["DOMINOES_MINIBROWSER"] or ""
        )
        options.add_argument("--automation")
        self._proxy_block = recording_proxy()
        self.proxy = self._proxy_block.__enter__()
        options.proxy = Proxy(
            {"proxyType": "manual", "httpProxy": self.proxy.address, "sslProxy": self.proxy.address}
        )
        service = Service(
            executable_path=os.environ.get("DOMINOES_WEBKIT_DRIVER") or found["DOMINOES_WEBKIT_DRIVER"] or "",
            env={**os.environ, "DISPLAY": display},
        )
        try:
            self.driver = webdriver.WebKitGTK(options=options, service=service)
        except BaseException:
            self._proxy_block.__exit__(None, None, None)
            raise
        self.driver.set_window_size(*VIEWPORT)
        self._errors: list[str] = []
        self._at = (0.0, 0.0)

    def goto(self, url: str) -> None:
        self._collect()
        self.driver.get(url)
        self.driver.execute_script(_WATCH_ERRORS)

    def evaluate(self, script: str) -> Any:
        value = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            f"Promise.resolve().then(() => ({script})).then((value) => done(value === undefined ? null : value),"
            " (error) => done({__error__: String(error)}));"
        )
        if isinstance(value, dict) and "__error__" in value:
            raise RuntimeError(f"webkit: {script[:80]}: {value['__error__']}")
        return value

    def tap(self, x: float, y: float) -> None:
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        actions = ActionBuilder(self.driver)
        actions.pointer_action.move_to_location(round(x), round(y)).pointer_down().pointer_up()
        actions.perform()

    def pointer_down(self, x: float, y: float) -> None:
        self._pointer(lambda pointer: pointer.move_to_location(round(x), round(y)).pointer_down())
        self._at = (x, y)

    def pointer_move(self, x: float, y: float) -> None:
        def steps(pointer: Any) -> None:
            for px, py in pointer_steps(self._at, (x, y)):
                pointer.move_to_location(round(px), round(py))

        self._pointer(steps)
        self._at = (x, y)

    def pointer_up(self) -> None:
        self._pointer(lambda pointer: pointer.pointer_up())

    def _pointer(self, act: Callable[[Any], object]) -> None:
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        actions = ActionBuilder(self.driver, duration=DRAG_STEP_MS)
        act(actions.pointer_action)
        actions.perform()

    def press(self, key: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains

        ActionChains(self.driver).key_down(key).key_up(key).perform()

    def reload(self) -> None:
        self._collect()
        self.driver.refresh()
        self.driver.execute_script(_WATCH_ERRORS)

    def screenshot(self, path: Path) -> None:
        self.driver.save_screenshot(str(path))

    def errors(self) -> list[str]:
        self._collect()
        return list(self._errors)

    def requests(self) -> list[str]:
        return list(self.proxy.urls)

    def enter_frame(self, element_id: str) -> None:
        from selenium.webdriver.common.by import By

        self.driver.switch_to.default_content()
        self.driver.switch_to.frame(self.driver.find_element(By.ID, element_id))
        self.driver.execute_script(_WATCH_ERRORS)

    def leave_frame(self) -> None:
        self._collect()
        self.driver.switch_to.default_content()

    def _collect(self) -> None:
        """Keep the errors the page has seen (a navigation would lose them)."""
        try:
            seen = self.driver.execute_script(
                "const seen = window.__engineErrors || []; window.__engineErrors = []; return seen;"
            )
        except Exception:  # no page yet, or one being replaced
            return
        self._errors += [str(error) for error in seen or []]

    def close(self) -> None:
        try:
            self.driver.quit()
        finally:
            self._proxy_block.__exit__(None, None, None)
