"""Host pages: another site (``localhost``) that embeds the table (served on ``127.0.0.1``).

The two hosts are two sites to the browser, so the table runs as third-party content, as
it does on a rules website. Used by the embedding tests, the screenshots script and the
embedded boot benchmark.
"""

from __future__ import annotations

import functools
import http.server
import tempfile
import threading
from pathlib import Path

HOST_SITE = "localhost"
"""The host pages' site (loopback, but not the table's ``127.0.0.1``)."""


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def frame_id(number: int) -> str:
    """The id of the ``number``th table frame on a host page: ``table``, ``table-2``, ..."""
    return "table" if number == 1 else f"table-{number}"


def host_html(sources: list[str], frame_attributes: str = "", full_size: bool = False) -> str:
    """A rules page with one frame per source URL (960x720 each, or one filling the page)."""
    size = "" if full_size else "width='960' height='720'"
    frames = "".join(
        f"<iframe id='{frame_id(number)}' src='{src}' {frame_attributes} {size} "
        f"title='Dominoes table {number}'></iframe>"
        for number, src in enumerate(sources, start=1)
    )
    style = "<style>html,body{margin:0;height:100%}iframe{border:0;width:100%;height:100%}</style>"
    heading = "" if full_size else "<h1>How to play Block</h1>"
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>A rules website</title>"
        f"<link rel='icon' href='data:,'>{style if full_size else ''}</head>"
        f"<body>{heading}{frames}</body></html>"
    )


def serve_host_site(folder: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Serve ``folder`` in a background thread; the server and its base URL on ``localhost``."""
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{HOST_SITE}:{server.server_address[1]}/"


def host_page(table_url: str, frame_attributes: str = "", full_size: bool = False) -> str:
    """A one-off host page embedding ``table_url``, served until the process ends; its URL."""
    folder = Path(tempfile.mkdtemp())
    (folder / "host.html").write_text(host_html([table_url], frame_attributes, full_size))
    _server, base = serve_host_site(folder)
    return base + "host.html"
