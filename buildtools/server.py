"""Serving dist/ on 127.0.0.1 with the content types Pyodide and browsers insist on."""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from buildtools.paths import DIST

#: Content types the server sends; Pyodide refuses to boot without ``application/wasm``
#: and browsers refuse ``.mjs`` modules that are not a JavaScript type.
MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".json": "application/json",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webp": "image/webp",
    ".txt": "text/plain; charset=utf-8",
    "": "application/octet-stream",
}


class DistRequestHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a dist folder with explicit MIME types, no caching surprises, no log noise.

    ``overlays`` maps extra URL paths (e.g. a benchmark page) to local files, so tests can
    serve test-only assets without copying them into dist/.
    """

    extensions_map = MIME_TYPES
    overlays: Mapping[str, Path] = {}

    def end_headers(self) -> None:
        """Ask browsers to revalidate: a rebuilt dist/ shows up on the next reload."""
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def translate_path(self, path: str) -> str:
        """Map overlay URL paths to their files; everything else to dist/."""
        bare = path.split("?", 1)[0].split("#", 1)[0]
        if bare in self.overlays:
            return str(self.overlays[bare])
        return super().translate_path(path)

    def log_message(self, format: str, *args: object) -> None:
        """Stay quiet: the server runs inside tests and benchmarks."""

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        """Note the path and status in the server's ``served`` list, if it keeps one."""
        served = getattr(self.server, "served", None)
        if served is not None:
            served.append((self.path.split("?", 1)[0], int(code) if isinstance(code, int) else str(code)))


class DistServer(http.server.ThreadingHTTPServer):
    """A threading HTTP server whose request threads never block interpreter exit."""

    daemon_threads = True
    allow_reuse_address = True
    served: list[tuple[str, int | str]] | None = None
    """Set to a list to have every request's (path, status) appended to it (for tests)."""

    def handle_error(self, request: object, client_address: object) -> None:
        """Ignore clients that hang up mid-response (reloads, closed pages); report the rest."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)  # type: ignore[arg-type]

    @property
    def url(self) -> str:
        """The base URL, ending in a slash (e.g. ``http://127.0.0.1:8000/``)."""
        host, port = self.server_address[:2]
        return f"http://{host!s}:{port}/"


def make_server(
    dist_dir: Path | str = DIST,
    host: str = "127.0.0.1",
    port: int = 8000,
    overlays: Mapping[str, Path | str] | None = None,
) -> DistServer:
    """Create (but do not start) a server for ``dist_dir``; ``port=0`` picks a free port.

    Run it with ``server.serve_forever()`` (e.g. in a thread) and stop it with
    ``server.shutdown(); server.server_close()``. ``server.url`` is its base URL.
    """
    handler = type(
        "BoundDistRequestHandler",
        (DistRequestHandler,),
        {"overlays": {k: Path(v) for k, v in (overlays or {}).items()}},
    )
    factory = functools.partial(handler, directory=str(dist_dir))
    return DistServer((host, port), factory)


@contextmanager
def serving(
    dist_dir: Path | str, host: str = "127.0.0.1", overlays: Mapping[str, Path | str] | None = None
) -> Iterator[DistServer]:
    """``dist_dir`` served at a free port of ``host`` in a background thread while the block
    runs (the tests' servers), with ``overlays`` as :func:`make_server` takes them; stopped and
    closed after it."""
    server = make_server(dist_dir, host, 0, overlays)
    thread = threading.Thread(target=server.serve_forever, name="dist-server", daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def serve_forever(dist_dir: Path = DIST, host: str = "127.0.0.1", port: int = 8000) -> None:
    """Serve ``dist_dir`` in the foreground until Ctrl-C (``build.py serve``)."""
    server = make_server(dist_dir, host, port)
    print(f"Serving dist/ at {server.url}  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nstopped", flush=True)
    finally:
        server.server_close()
