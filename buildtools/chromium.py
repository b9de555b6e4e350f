"""Chromium for the browser tests, benchmarks and icons: its flags, finding it, installing it."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from buildtools.shell import fail, run

#: Chromium flags for headless tests and benchmarks on these machines (see
#: shared/STACK-NOTES.md). The host-resolver rule makes any non-local host fail at once
#: (``localhost`` stays: it is the host site of the embedding tests).
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--disable-quic",
    "--no-first-run",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost",
)

#: Set to :data:`BROWSER_LOG_TOPIC` (``build.py test`` does), Playwright copies what the
#: browser writes to its stderr (a crashed renderer's signal, a fatal check) into the
#: output of the test that was running, where the crash log picks it up.
BROWSER_LOG_ENV = "DEBUG"
BROWSER_LOG_TOPIC = "pw:browser"

#: Set to :data:`BROWSER_LOG_TOPIC` (``build.py test`` does), Playwright relays what the
#: browser writes to its stderr (a crashed renderer's signal, a failed check); the browser
#: tests keep it in a file (``tests/helpers/crashes.py``) that ``build.py test`` reads after
#: a crash.
BROWSER_LOG_ENV = "DEBUG"
BROWSER_LOG_TOPIC = "pw:browser"

#: Playwright's Chromium launch turns third-party storage partitioning off (with other
#: features, in one ``--disable-features``). Passing this after it gives the browser's real
#: default back, partitioning on, for the embedding tests: the last ``--disable-features``
#: wins. It repeats Playwright's list without ``ThirdPartyStoragePartitioning``; the
#: partitioned embedding test checks that partitioning really is on.
CHROMIUM_PARTITIONING_ARG = "--disable-features=" + ",".join(
    (
        "AvoidUnnecessaryBeforeUnloadCheckSync",
        "DestroyProfileOnBrowserClose",
        "HttpsUpgrades",
        "HttpsFirstBalancedModeAutoEnable",
        "LensOverlay",
        "MediaRouter",
        "PaintHolding",
        "AvoidCorsURLLoaderRestartOnRedirect",
        "TcpPortRandomizationWin",
        "OptimizationHints",
        "NetworkTimeServiceQuerying",
        "AimEnabled",
        "PreconnectToSearch",
    )
)

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def find_chromium() -> str | None:
    """Path of a Chromium: $DOMINOES_CHROMIUM, else the first browser on PATH."""
    configured = os.environ.get("DOMINOES_CHROMIUM")
    if configured:
        return configured if Path(configured).is_file() else None
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


def can_apt_install() -> bool:
    """True if we are root on a system with apt-get (Debian and friends)."""
    return hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get") is not None


def ensure_chromium() -> str:
    """Find Chromium, installing Debian's package when we are root; export its path.

    Sets ``DOMINOES_CHROMIUM`` in this process's environment so pytest (a child) sees it.
    """
    path = find_chromium()
    if path is None and os.environ.get("DOMINOES_CHROMIUM"):
        fail(f"DOMINOES_CHROMIUM={os.environ['DOMINOES_CHROMIUM']} is not a file")
    if path is None and can_apt_install():
        print("no Chromium found: installing Debian's chromium package", flush=True)
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        if run(["apt-get", "update", "-q"], env=env) != 0:
            fail("apt-get update failed")
        if run(["apt-get", "install", "-y", "-q", "chromium"], env=env) != 0:
            fail("apt-get install chromium failed")
        path = find_chromium()
    if path is None:
        fail(
            "the browser tests need Chromium: install it (Debian/Ubuntu: "
            "`apt-get install chromium`) or point DOMINOES_CHROMIUM at a Chromium/Chrome binary"
        )
    os.environ["DOMINOES_CHROMIUM"] = path
    print(f"Chromium: {path}", flush=True)
    return path
