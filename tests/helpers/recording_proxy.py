"""A proxy that notes every URL a browser asks for: how the WebKit tests see each request the
engine makes (the page, its frames, workers and service worker), as Firefox's WebDriver BiDi
reports them itself.

WebKitGTK's WebDriver takes the standard ``proxy`` capability; with this proxy set for
``http``, every plain-HTTP request comes here. Requests to this machine's loopback names (the
served table and the tests' host pages) are passed on and answered as the server answers
them; any other request is noted and dropped. A request that cannot be passed on (the host
has no network, or the server was stopped to take the table offline) gets no answer at all:
the browser sees a network error, as it would without a proxy.
"""

from __future__ import annotations

import http.client
import http.server
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import urlsplit

__all__ = ["LOOPBACK_HOSTS", "RecordingProxy", "recording_proxy"]

LOOPBACK_HOSTS = ("127.0.0.1", "localhost")
"""The hosts a request is passed on to: this machine's own servers."""

_HOP_BY_HOP = {
    "connection",
    "keep-alive",
    "proxy-connection",
    "transfer-encoding",
    "upgrade",
    "te",
    "trailer",
}
"""Headers that belong to one connection, not to the message (RFC 9110, 7.6.1)."""


class RecordingProxy(http.server.ThreadingHTTPServer):
    """The proxy's server: ``urls`` is every URL asked of it, oldest first."""

    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.urls: list[str] = []
        self._lock = threading.Lock()

    @property
    def address(self) -> str:
        """``host:port``, as the ``proxy`` capability names a proxy."""
        return f"127.0.0.1:{self.server_address[1]}"

    def note(self, url: str) -> None:
        """Keep ``url`` (called from the handler threads)."""
        with self._lock:
            self.urls.append(url)


class _Handler(http.server.BaseHTTPRequestHandler):
    """Passes a request for a loopback host on and relays the answer; refuses any other."""

    protocol_version = "HTTP/1.0"  # one request per connection: nothing to keep track of
    server: RecordingProxy

    def _relay(self) -> None:
        self.server.note(self.path)
        target = urlsplit(self.path)
        if target.scheme != "http" or target.hostname not in LOOPBACK_HOSTS:
            return  # (no answer: a network error)
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        headers = {name: value for name, value in self.headers.items() if name.lower() not in _HOP_BY_HOP}
        upstream = http.client.HTTPConnection(target.hostname, target.port or 80, timeout=60)
        try:
            path = target.path + (f"?{target.query}" if target.query else "")
            upstream.request(self.command, path or "/", body=body, headers=headers)
            answer = upstream.getresponse()
            content = answer.read()
        except OSError:
            return  # (the server is gone: a network error, as offline)
        finally:
            upstream.close()
        self.send_response(answer.status, answer.reason)
        for name, value in answer.getheaders():
            if name.lower() not in _HOP_BY_HOP and name.lower() != "content-length":
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(content)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(content)

    do_GET = do_HEAD = do_POST = do_PUT = do_DELETE = do_OPTIONS = _relay

    def do_CONNECT(self) -> None:
        self.server.note(f"https://{self.path}")

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def recording_proxy() -> Iterator[RecordingProxy]:
    """A :class:`RecordingProxy` serving in the background while the block runs."""
    proxy = RecordingProxy()
    thread = threading.Thread(target=proxy.serve_forever, name="recording-proxy", daemon=True)
    thread.start()
    try:
        yield proxy
    finally:
        proxy.shutdown()
        proxy.server_close()
        thread.join(timeout=10)
