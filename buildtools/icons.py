"""The web app manifest's PNG icons, drawn from their SVGs with headless Chromium."""

from __future__ import annotations

import os
from pathlib import Path

from buildtools.chromium import CHROMIUM_ARGS, find_chromium
from buildtools.paths import WEB
from buildtools.shell import fail

#: The PNG icons of the web app manifest: (file in web/, the SVG drawn, size in px). The
#: maskable one fills its square and keeps the tile inside the middle 80% circle, so a
#: launcher may cut it to any shape. Committed; ``build.py icons`` redraws them.
PNG_ICONS = (
    ("icon-192.png", "icon.svg", 192),
    ("icon-512.png", "icon.svg", 512),
    ("icon-maskable-512.png", "icon-maskable.svg", 512),
)


def render_icons(web: Path = WEB) -> list[Path]:
    """Draw each of :data:`PNG_ICONS` from its SVG with headless Chromium (transparent
    corners kept), into ``web``; returns the files written."""
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("DOMINOES_CHROMIUM") or find_chromium()
    if not chromium:
        fail("no Chromium found: install chromium or set DOMINOES_CHROMIUM")
    written = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=list(CHROMIUM_ARGS))
        try:
            for name, svg, size in PNG_ICONS:
                page = browser.new_page(viewport={"width": size, "height": size}, device_scale_factor=1)
                source = (web / svg).read_text(encoding="utf-8")
                page.set_content(
                    "<style>html,body{margin:0;background:transparent}svg{display:block;"
                    f"width:{size}px;height:{size}px}}</style>{source}"
                )
                (web / name).write_bytes(page.screenshot(omit_background=True))
                page.close()
                written.append(web / name)
        finally:
            browser.close()
    return written
