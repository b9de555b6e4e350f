"""The table in WebKit and Firefox: one small driving interface over two protocols.

Playwright drives only Chromium here (it cannot download its own WebKit or Firefox builds on
these machines), so the WebKit and Firefox layer drives Debian's engines itself
(``buildtools/engines.py`` finds or installs them):

* **WebKit**: WebKitGTK's MiniBrowser through ``WebKitWebDriver`` (classic WebDriver, driven
  by Selenium's ``WebKitGTK`` driver) on a virtual display of its own (``Xvfb``): MiniBrowser's
  ``--headless`` makes session creation hang.
* **Firefox**: Firefox ESR headless, through WebDriver BiDi, which it speaks itself over a
  WebSocket (no geckodriver, which no registry here ships for Linux): :class:`BiDi` is the
  few commands the tests use, straight from the W3C specification.

Both give an :class:`EngineTab`: go to a page, evaluate a script, tap a point of the page,
press a key, reload, take a screenshot. Each test gets a fresh browser (a fresh profile: no
storage carried over), as the Chromium tests get a fresh context.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol

from buildtools.engines import find_engines
from tests.helpers.recording_proxy import recording_proxy

__all__ = ["ENGINES", "BiDi", "EngineTab", "open_engine", "virtual_display", "wait_for"]

ENGINES = ("webkit", "firefox")
"""The engines of this layer, as tests name them."""

VIEWPORT = (1024, 768)
"""The page's size in both engines (a tablet held sideways)."""

DRAG_STEP_MS = 16
"""How long each step of a drag takes (a frame at 60 Hz)."""

READY_SCRIPT = "document.body && ['ready', 'error'].includes(document.body.dataset.appState)"


class EngineTab(Protocol):
    """One browser tab of an engine, driven by a test."""

    name: str

    def goto(self, url: str) -> None:
        """Load ``url`` and wait for its load event."""
        ...

    def evaluate(self, script: str) -> Any:
        """The value of the JavaScript expression ``script`` (promises awaited), as JSON data;
        raises if the script throws."""
        ...

    def tap(self, x: float, y: float) -> None:
        """Press and release the primary pointer at ``(x, y)`` in the page's CSS pixels."""
        ...

    def pointer_down(self, x: float, y: float) -> None:
        """Move the primary pointer to ``(x, y)`` and press it (the start of a drag)."""
        ...

    def pointer_move(self, x: float, y: float) -> None:
        """Move the pressed pointer to ``(x, y)`` in a few steps, as a finger moves."""
        ...

    def pointer_up(self) -> None:
        """Let go of the pointer where it is."""
        ...

    def press(self, key: str) -> None:
        """Press and release ``key`` (a WebDriver key value, such as ``"\\ue007"`` for Enter)."""
        ...

    def reload(self) -> None:
        """Reload the page and wait for its load event."""
        ...

    def screenshot(self, path: Path) -> None:
        """Write what the tab shows to ``path`` (PNG)."""
        ...

    def errors(self) -> list[str]:
        """The console errors and uncaught exceptions of the tab's pages so far."""
        ...

    def requests(self) -> list[str]:
        """Every URL the browser has asked the network for so far (pages, frames, files,
        workers), oldest first."""
        ...

    def enter_frame(self, element_id: str) -> None:
        """From now on, evaluate scripts in the frame ``#element_id`` of the page (taps and
        keys still go to the page, at the page's coordinates)."""
        ...

    def leave_frame(self) -> None:
        """Evaluate scripts in the page itself again."""
        ...


def wait_for(tab: EngineTab, script: str, timeout: float = 60.0, what: str = "") -> Any:
    """Poll the expression ``script`` until it is truthy (then return its value); fail after
    ``timeout`` seconds, naming ``what`` it waited for. An evaluation that fails (the page
    between two documents, during a reload) counts as not yet."""
    deadline = time.monotonic() + timeout
    problem = ""
    while True:
        try:
            value = tab.evaluate(script)
        except Exception as error:  # the page was between two documents (a reload): ask again
            value, problem = None, f" (last: {error})"
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"{tab.name}: gave up waiting {timeout:.0f} s for {what or script}{problem}")
        time.sleep(0.05)


def _steps(start: tuple[float, float], end: tuple[float, float]) -> Iterator[tuple[float, float]]:
    """Eight steps from ``start`` to ``end``."""
    (x0, y0), (x1, y1) = start, end
    for step in range(1, 9):
        yield x0 + (x1 - x0) * step / 8, y0 + (y1 - y0) * step / 8


# --- WebKit: MiniBrowser through WebKitWebDriver ----------------------------------------------


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
        self.driver = webdriver.WebKitGTK(options=options, service=service)
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
            for px, py in _steps(self._at, (x, y)):
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


# --- Firefox: WebDriver BiDi over a WebSocket -----------------------------------------------------


class BiDi:
    """A WebDriver BiDi session with a Firefox started headless on a fresh profile."""

    def __init__(self) -> None:
        from websockets.sync.client import connect  # (imported here: only this layer needs it)

        self.profile = tempfile.mkdtemp(prefix="dominoes-firefox-")
        # Focus as in a window in front (a headless window never has the system's focus), and
        # Firefox's stand-in audio device: this machine has no sound card, and without one an
        # AudioContext never leaves "suspended".
        Path(self.profile, "user.js").write_text(
            'user_pref("focusmanager.testmode", true);\nuser_pref("media.cubeb.force_mock_context", true);\n'
        )
        firefox = os.environ.get("DOMINOES_FIREFOX") or find_engines()["DOMINOES_FIREFOX"] or "firefox"
        self.process = subprocess.Popen(
            [firefox, "--headless", "--no-remote", "--profile", self.profile, "--remote-debugging-port=0"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert self.process.stderr is not None
        url = None
        for line in self.process.stderr:  # Firefox says where it listens, on its error output
            found = re.search(r"WebDriver BiDi listening on (ws://\S+)", line)
            if found:
                url = found.group(1)
                break
        if url is None:
            raise RuntimeError("Firefox did not start its WebDriver BiDi server")
        stream = self.process.stderr  # read on, so that Firefox never blocks on a full pipe
        threading.Thread(target=lambda: all(True for _ in stream), daemon=True).start()
        # (entered as websockets asks; close() closes it)
        self._socket = connect(url + "/session", max_size=2**26, open_timeout=30).__enter__()
        self._next_id = 0
        self.events: list[dict[str, Any]] = []
        """The events received so far (subscribed ones only), oldest first."""
        self.command("session.new", capabilities={})

    def command(self, method: str, **params: Any) -> dict[str, Any]:
        """Send a command and return its result (the events that come first are kept)."""
        self._next_id += 1
        self._socket.send(json.dumps({"id": self._next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self._socket.recv(timeout=120))
            if message.get("id") != self._next_id:
                if message.get("type") == "event":
                    self.events.append(message)
                continue
            if message.get("type") == "error":
                raise RuntimeError(f"{method}: {message.get('error')}: {message.get('message')}")
            result: dict[str, Any] = message["result"]
            return result

    def close(self) -> None:
        try:
            self.command("session.end")
            self._socket.close()
        finally:
            self.process.terminate()
            self.process.wait(timeout=20)
            shutil.rmtree(self.profile, ignore_errors=True)


class FirefoxTab:
    """Firefox's first tab, driven over WebDriver BiDi."""

    name = "firefox"

    def __init__(self) -> None:
        self.bidi = BiDi()
        self.context = self.bidi.command("browsingContext.getTree")["contexts"][0]["context"]
        self.bidi.command("session.subscribe", events=["log.entryAdded", "network.beforeRequestSent"])
        self._target = self.context
        self._at = (0.0, 0.0)
        width, height = VIEWPORT
        self.bidi.command(
            "browsingContext.setViewport", context=self.context, viewport={"width": width, "height": height}
        )

    def goto(self, url: str) -> None:
        self.bidi.command("browsingContext.navigate", context=self.context, url=url, wait="complete")

    def evaluate(self, script: str) -> Any:
        result = self.bidi.command(
            "script.evaluate",
            expression=f"(async () => JSON.stringify(await ({script})))()",
            target={"context": self._target},
            awaitPromise=True,
        )
        if result.get("type") == "exception":
            raise RuntimeError(
                f"firefox: {script[:80]}: {result['exceptionDetails'].get('text', 'an exception')}"
            )
        text = result["result"].get("value")
        return None if text is None else json.loads(text)

    def tap(self, x: float, y: float) -> None:
        self._act(
            "pointer",
            "mouse",
            {"type": "pointerMove", "x": round(x), "y": round(y)},
            {"type": "pointerDown", "button": 0},
            {"type": "pointerUp", "button": 0},
        )

    def pointer_down(self, x: float, y: float) -> None:
        self._act(
            "pointer",
            "mouse",
            {"type": "pointerMove", "x": round(x), "y": round(y)},
            {"type": "pointerDown", "button": 0},
        )
        self._at = (x, y)

    def pointer_move(self, x: float, y: float) -> None:
        self._act(
            "pointer",
            "mouse",
            *(
                {"type": "pointerMove", "x": round(px), "y": round(py), "duration": DRAG_STEP_MS}
                for px, py in _steps(self._at, (x, y))
            ),
        )
        self._at = (x, y)

    def pointer_up(self) -> None:
        self._act("pointer", "mouse", {"type": "pointerUp", "button": 0})

    def press(self, key: str) -> None:
        self._act("key", "keyboard", {"type": "keyDown", "value": key}, {"type": "keyUp", "value": key})

    def _act(self, kind: str, source: str, *actions: dict[str, Any]) -> None:
        """Perform ``actions`` from one input source (``kind`` ``"pointer"`` or ``"key"``)."""
        self.bidi.command(
            "input.performActions",
            context=self.context,
            actions=[{"type": kind, "id": source, "actions": list(actions)}],
        )

    def reload(self) -> None:
        self.bidi.command("browsingContext.reload", context=self.context, wait="complete")

    def screenshot(self, path: Path) -> None:
        import base64

        data = self.bidi.command("browsingContext.captureScreenshot", context=self.context)["data"]
        path.write_bytes(base64.b64decode(data))

    def errors(self) -> list[str]:
        return [
            str(event["params"].get("text"))
            for event in self._events("log.entryAdded")
            if event["params"].get("level") == "error"
        ]

    def requests(self) -> list[str]:
        return [str(event["params"]["request"]["url"]) for event in self._events("network.beforeRequestSent")]

    def _events(self, method: str) -> list[dict[str, Any]]:
        """The events ``method`` so far (after a round trip, so that none is still on its way)."""
        self.bidi.command("browsingContext.getTree", maxDepth=0)
        return [event for event in self.bidi.events if event.get("method") == method]

    def enter_frame(self, element_id: str) -> None:
        # BiDi names a frame by its browsing context: the frame's window serializes as one.
        found = self.bidi.command(
            "script.evaluate",
            expression=f"document.getElementById({json.dumps(element_id)}).contentWindow",
            target={"context": self.context},
            awaitPromise=False,
        )
        if found.get("type") == "exception" or found["result"].get("type") != "window":
            raise RuntimeError(f"firefox: no frame #{element_id}")
        frame_context = found["result"]["value"]["context"]
        self._target = frame_context

    def leave_frame(self) -> None:
        self._target = self.context

    def close(self) -> None:
        self.bidi.close()


@contextmanager
def open_engine(name: str, display: Callable[[], str]) -> Iterator[EngineTab]:
    """A fresh browser of engine ``name`` (``display()`` gives WebKit its X display), closed after."""
    tab: WebKitTab | FirefoxTab = WebKitTab(display()) if name == "webkit" else FirefoxTab()
    try:
        yield tab
    finally:
        tab.close()
