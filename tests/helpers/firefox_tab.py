"""Firefox for the tests: Firefox ESR headless on a fresh profile, through WebDriver BiDi, which
it speaks itself over a WebSocket (no geckodriver, which no registry here ships for Linux):
:class:`BiDi` is the few commands the tests use, straight from the W3C specification."""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path
from typing import Any

from buildtools.engines import find_engines
from tests.helpers.engine_tab import DRAG_STEP_MS, VIEWPORT, pointer_steps

__all__ = ["BiDi", "FirefoxTab"]


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
                for px, py in pointer_steps(self._at, (x, y))
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
