"""When Chromium's renderer crashes ("Target crashed"): what the machine looked like, and a rerun.

A page's renderer is a process the kernel may kill when the machine runs short of memory
(Chromium makes renderers the first choice of the kernel's out-of-memory killer). One CI run
lost 47 browser tests that way while the same commit passed every run here, so a crash is
taken as the machine's, not the table's: the test runs again (at most :data:`RERUNS` times,
:data:`RERUN_DELAY_S` apart), and what the machine looked like at the crash is written to
:data:`CRASH_LOG` and printed at the end of the run, so that a crash of the table's own
making still shows (it crashes on every run, and the log says so).
"""

from __future__ import annotations

import os
import re
import shutil
import time
from pathlib import Path

from buildtools.chromium import BROWSER_LOG_ENV, BROWSER_LOG_TOPIC
from buildtools.paths import CRASH_LOG

__all__ = [
    "CRASH_LOG",
    "CRASH_TEXT",
    "PLANNED",
    "RERUNS",
    "RERUN_DELAY_S",
    "browser_logs",
    "browser_trouble",
    "is_crash",
    "keep_browser_log",
    "machine_facts",
    "note_crash",
]

CRASH_TEXT = "Target crashed|Page crashed"
"""What Playwright's error says when a page's renderer process died, as a regular expression:
"Target crashed" from a call into the page, "Page crashed" in the call log of an ``expect``
that was waiting on it (a host page whose framed tables died with it, say)."""


def is_crash(report_text: str) -> bool:
    """Whether a failed test's report says a page's renderer died under it."""
    return re.search(CRASH_TEXT, report_text) is not None


RERUNS = 2
RERUN_DELAY_S = 5.0


def _meminfo() -> dict[str, int]:
    facts: dict[str, int] = {}
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            name, _, rest = line.partition(":")
            facts[name] = int(rest.split()[0]) // 1024  # MiB
    except (OSError, ValueError, IndexError):
        pass
    return facts


def _chromium_processes() -> int:
    count = 0
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if "chrom" in (entry / "comm").read_text():
                    count += 1
            except OSError:
                continue
    return count


def machine_facts() -> str:
    """One line: memory free, disk free where Chromium writes, load and Chromium's processes."""
    memory = _meminfo()
    tmp = shutil.disk_usage("/tmp")
    load = os.getloadavg() if hasattr(os, "getloadavg") else (0.0, 0.0, 0.0)
    return (
        f"memory available {memory.get('MemAvailable', -1)} MiB of {memory.get('MemTotal', -1)} MiB;"
        f" /tmp free {tmp.free // 2**20} MiB; load {load[0]:.1f};"
        f" chromium processes {_chromium_processes()}"
    )


PLANNED = "(planned)"
"""Marks the crash ``tests/e2e/test_crash_rerun.py`` makes on purpose (``build.py test`` leaves
it out of what it prints)."""


def note_crash(test_id: str) -> None:
    """Append the crash of ``test_id`` and the machine's state to :data:`CRASH_LOG`."""
    CRASH_LOG.parent.mkdir(parents=True, exist_ok=True)
    planned = f" {PLANNED}" if "test_crash_rerun.py" in test_id else ""
    with CRASH_LOG.open("a", encoding="utf-8") as log:
        log.write(f"{time.strftime('%H:%M:%S')} {test_id}{planned}: {machine_facts()}\n")


BROWSER_LOG_PATTERN = "browser-*.log"
"""The files :func:`keep_browser_log` has Playwright write, one per test process, beside
:data:`CRASH_LOG`."""
_NOISE = ("dbus/", "unexpected operator", "cpufreq", "<launching>", "<launched>")


def keep_browser_log(worker: str) -> None:
    """Where ``build.py test`` asked for the browser's own output (:data:`BROWSER_LOG_ENV`),
    have this process's Playwright write it to a file of its own (``browser-<worker>.log``
    beside :data:`CRASH_LOG`): a crashed renderer's last words (a signal, a failed check)
    are written there, since they reach no test's report. Call before Playwright starts."""
    if os.environ.get(BROWSER_LOG_ENV) != BROWSER_LOG_TOPIC or "DEBUG_FILE" in os.environ:
        return
    CRASH_LOG.parent.mkdir(parents=True, exist_ok=True)
    os.environ["DEBUG_FILE"] = str(CRASH_LOG.with_name(BROWSER_LOG_PATTERN.replace("*", worker)))


def browser_logs() -> list[Path]:
    """The browser logs :func:`keep_browser_log` had written."""
    return sorted(CRASH_LOG.parent.glob(BROWSER_LOG_PATTERN))


def browser_trouble(log_text: str) -> list[str]:
    """What a browser wrote to its stderr in a log of :func:`keep_browser_log`, without the
    lines every launch on these machines writes (no D-Bus, no CPU frequency files)."""
    return [line for line in log_text.splitlines() if "[err]" in line and not any(n in line for n in _NOISE)]
