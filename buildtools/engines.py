"""Finding (or installing) the other browser engines the tests drive: WebKit and Firefox.

Playwright cannot download its own WebKit or Firefox builds on these machines, so the table
is driven in Debian's: WebKitGTK's MiniBrowser through its WebDriver (``WebKitWebDriver``,
package ``webkit2gtk-driver``) on a virtual display (``Xvfb``, package ``xvfb``), and
Firefox ESR (package ``firefox-esr``) through WebDriver BiDi, which it speaks itself (no
geckodriver). :func:`ensure_engines` finds them, installs the packages when it may (root
with apt-get), and exports their paths for the test processes (``DOMINOES_WEBKIT_DRIVER``,
``DOMINOES_MINIBROWSER``, ``DOMINOES_XVFB``, ``DOMINOES_FIREFOX``).
"""

from __future__ import annotations

import glob
import os
import shutil

from buildtools.chromium import can_apt_install
from buildtools.shell import fail, run

__all__ = ["ENGINE_PACKAGES", "ensure_engines", "find_engines"]

ENGINE_PACKAGES = ("webkit2gtk-driver", "xvfb", "firefox-esr")
"""The Debian packages of the WebKit and Firefox layer."""

_MINIBROWSER_GLOB = "/usr/lib/*/webkit2gtk-4.*/MiniBrowser"


def find_engines() -> dict[str, str | None]:
    """Each program the layer needs (by its environment variable), found or None."""
    minibrowser = sorted(glob.glob(_MINIBROWSER_GLOB))
    return {
        "DOMINOES_WEBKIT_DRIVER": shutil.which("WebKitWebDriver"),
        "DOMINOES_MINIBROWSER": minibrowser[-1] if minibrowser else None,
        "DOMINOES_XVFB": shutil.which("Xvfb"),
        "DOMINOES_FIREFOX": shutil.which("firefox-esr") or shutil.which("firefox"),
    }


def ensure_engines() -> dict[str, str]:
    """Find WebKit's driver and browser, Xvfb and Firefox, installing Debian's packages when
    we are root; export their paths (a path already in the environment is kept)."""
    found = {name: os.environ.get(name) or path for name, path in find_engines().items()}
    if not all(found.values()) and can_apt_install():
        print(f"installing Debian's {', '.join(ENGINE_PACKAGES)}", flush=True)
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        if run(["apt-get", "update", "-q"], env=env) != 0:
            fail("apt-get update failed")
        if run(["apt-get", "install", "-y", "-q", "--no-install-recommends", *ENGINE_PACKAGES], env=env) != 0:
            fail(f"apt-get install {' '.join(ENGINE_PACKAGES)} failed")
        found = {name: os.environ.get(name) or path for name, path in find_engines().items()}
    missing = [name for name, path in found.items() if not path]
    if missing:
        fail(
            f"the WebKit and Firefox tests need {', '.join(missing)}: install Debian's "
            f"{' '.join(ENGINE_PACKAGES)} (or point those variables at the programs)"
        )
    paths = {name: str(path) for name, path in found.items()}
    os.environ.update(paths)
    for name, path in paths.items():
        print(f"{name}: {path}", flush=True)
    return paths
