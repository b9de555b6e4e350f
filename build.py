#!/usr/bin/env python3
"""The one entry point of the dominoes table: build | serve | test | bench.

Standard library only, so it runs on a bare Python >= 3.11 before anything is installed.

    python build.py build            assemble dist/ from the sources and node_modules/
    python build.py serve            build, then serve dist/ on http://127.0.0.1:8000/
    python build.py test [ARGS...]   install test tools, find Chromium, build, lint, run pytest
    python build.py bench [WHICH]    engine, AI, latency, review, boot, first-opening and puzzle benchmarks, as tables

dist/ is what a web server (or a tablet's service worker cache) needs and nothing more:
the page, the PyScript config and runtime, the core Pyodide runtime, the project's Python
as one zip, the service worker and the web app manifest. Nothing is fetched from a CDN.

This file only parses commands: what they do lives in the buildtools/ package (also
standard library only), which tests and benchmarks import.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from buildtools.bench import BENCHMARKS, run_benchmarks
from buildtools.chromium import BROWSER_LOG_ENV, BROWSER_LOG_TOPIC, ensure_chromium
from buildtools.dist import DIST_BUILT_ENV, build
from buildtools.engines import ensure_engines
from buildtools.icons import render_icons
from buildtools.paths import CRASH_LOG, DIST, ROOT
from buildtools.server import serve_forever
from buildtools.shell import fail, header, run
from buildtools.tools import combined_exit_code, install_tools, pytest_commands, static_checks


def cmd_build(args: argparse.Namespace) -> int:
    """``build.py build``: assemble dist/."""
    build()
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    """``build.py serve``: build (unless --no-build) and serve dist/ until Ctrl-C."""
    if not args.no_build:
        build()
    elif not (DIST / "index.html").is_file():
        fail("dist/ is not built: run without --no-build")
    serve_forever(DIST, args.host, args.port)
    return 0


def cmd_icons(args: argparse.Namespace) -> int:
    """``build.py icons``: redraw the PNG icons from the SVGs (then commit them)."""
    for path in render_icons():
        print(f"wrote {path.relative_to(ROOT)}", flush=True)
    return 0


def cmd_test(args: argparse.Namespace) -> int:
    """``build.py test``: tools, Chromium, WebKit and Firefox, build, static checks, then every pytest layer."""
    header("Installing test and dev tools (pyproject.toml extras: test, dev)")
    install_tools()
    header("Looking for Chromium")
    ensure_chromium()
    header("Looking for WebKit and Firefox (the tests/engines layer)")
    ensure_engines()
    header("Building dist/")
    build()
    os.environ[DIST_BUILT_ENV] = str(DIST)  # the test processes use this build as it is
    header("Static checks: ruff, mypy")
    if not static_checks():
        fail("static checks failed (see ruff/mypy output above)")
    header("pytest: unit, property, Pyodide-in-Node and browser tests (those that time the page alone, last)")
    CRASH_LOG.unlink(missing_ok=True)
    # What a crashed renderer says goes to the browser's stderr: have Playwright relay it,
    # so the crash log (and a failing test's report) carries it.
    os.environ.setdefault(BROWSER_LOG_ENV, BROWSER_LOG_TOPIC)
    code = combined_exit_code([run(command) for command in pytest_commands(args.pytest_args)])
    crashes = [line for line in _lines(CRASH_LOG) if "(planned)" not in line]
    if crashes:  # (tests/e2e/test_crash_rerun.py's own crash is planned: not news)
        header(f"Chromium's renderer crashed {len(crashes)} times (tests rerun; {CRASH_LOG.relative_to(ROOT)})")
        print("\n".join(crashes), flush=True)
    return code


def print_browser_trouble() -> None:
    """Print what the browsers wrote to their stderr in the test run (their logs, kept by
    ``tests/helpers/crashes.py``, without the lines every launch here writes)."""
    from tests.helpers.crashes import browser_logs, browser_trouble  # (the tests' helper: imported only here)

    for log in browser_logs():
        trouble = browser_trouble(log.read_text(encoding="utf-8", errors="replace"))
        print(f"--- {log.relative_to(ROOT)}: {len(trouble)} lines from the browser (the last 40)", flush=True)
        print("\n".join(trouble[-40:]), flush=True)


def _lines(path: Path) -> list[str]:
    """The lines of a text file, none if it is missing."""
    return path.read_text(encoding="utf-8").splitlines() if path.exists() else []


def cmd_bench(args: argparse.Namespace) -> int:
    """``build.py bench``: run the chosen benchmarks; return the worst exit code."""
    return run_benchmarks(args.which, runs=args.runs, deals=args.deals)


def parser() -> argparse.ArgumentParser:
    """The command-line interface."""
    top = argparse.ArgumentParser(
        prog="build.py",
        description="Build, serve, test and benchmark the dominoes table.",
        epilog="Run `python build.py COMMAND --help` for a command's options.",
    )
    sub = top.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser(
        "build",
        help="assemble dist/ (runs npm ci first if node_modules is missing or stale)",
        description=(
            "Delete and recreate dist/: index.html, pyscript.json, PyScript and the core "
            "Pyodide runtime copied from node_modules, app.zip (engine/ and web/ Python "
            "packages, deterministic), main.py, style.css, the service worker (its cache "
            "named after a hash of the build) and the web app manifest."
        ),
    )
    p.set_defaults(func=cmd_build)

    p = sub.add_parser(
        "serve",
        help="build, then serve dist/ over HTTP",
        description="Build dist/ and serve it with correct MIME types (wasm, mjs) until Ctrl-C.",
    )
    p.add_argument("--port", type=int, default=8000, help="port to listen on (default: 8000)")
    p.add_argument("--host", default="127.0.0.1", help="address to bind (default: 127.0.0.1)")
    p.add_argument("--no-build", action="store_true", help="serve the existing dist/ as it is")
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser(
        "icons",
        help="redraw the manifest's PNG icons from web/icon.svg and web/icon-maskable.svg",
        description=(
            "Draw web/icon-192.png, web/icon-512.png and web/icon-maskable-512.png from the "
            "SVG icons with headless Chromium. The PNGs are committed: run this after "
            "changing an SVG icon."
        ),
    )
    p.set_defaults(func=cmd_icons)

    p = sub.add_parser(
        "test",
        help="install test tools, find Chromium, build, lint, and run every test layer",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=(
            "Run everything CI runs (.ci/run calls exactly this), in order:\n"
            "  1. pip-install the `test` and `dev` extras of pyproject.toml (skipped when\n"
            "     the pinned versions are already installed)\n"
            "  2. find Chromium: $DOMINOES_CHROMIUM, else chromium/google-chrome on PATH;\n"
            "     as root on Debian, apt-get install chromium; exported as DOMINOES_CHROMIUM\n"
            "  3. build dist/\n"
            "  4. ruff check . and mypy (configured in pyproject.toml); stop if they fail\n"
            "  5. pytest over tests/: unit, property, Pyodide-in-Node and browser tests\n"
            "\n"
            "Everything after `test` goes to pytest, e.g.\n"
            "  python build.py test -x -m 'not e2e'\n"
            "Exits with pytest's exit code."
        ),
    )
    p.add_argument(
        "pytest_args",
        nargs="*",
        metavar="PYTEST_ARG",
        help="arguments passed on to pytest (everything after `test`)",
    )
    p.set_defaults(func=cmd_test)

    p = sub.add_parser(
        "bench",
        help="run benchmarks: engine, ai, latency, review, boot, open, puzzles, or all (default)",
        description=(
            "engine: tests/bench/bench_engine.py (engine speed). ai: tests/bench/bench_ai.py "
            "(the AI arena's win rates and margins on CPython, decision times in Pyodide). "
            "latency: tests/bench/bench_latency.py (Expert decisions and the wait from the "
            "person's move to their next turn in headless Chromium, at 1x and 4x CPU "
            "throttling). review: tests/bench/bench_review.py (seconds to review a hand in headless "
            "Chromium at 1x and 4x CPU throttling, next to CPython). boot: seconds from navigation to a playable "
            "table in headless Chromium, next to a bare Pyodide page; and embedded in a "
            "cross-site frame, storage blocked next to partitioned. open: "
            "tests/bench/bench_first_open.py (the first opening of the dice game and of the "
            "replay viewer with its review, which a boot does not import, at 1x and 4x). puzzles: "
            "tests/bench/bench_puzzles.py (a puzzle on the table after ready, a move checked, the "
            "longest task of the day's deal with the Expert's replay, at 1x and 4x)."
        ),
    )
    p.add_argument(
        "which",
        nargs="?",
        choices=(*BENCHMARKS, "all"),
        default="all",
        help="which benchmark to run (default: all)",
    )
    p.add_argument("--runs", type=int, default=5, help="boot benchmark: cold runs (default: 5)")
    p.add_argument("--deals", type=int, default=0, help="ai benchmark: duplicate deals (default: 1000)")
    p.set_defaults(func=cmd_bench)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line and run the chosen command."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["test"] and argv[1:2] not in (["-h"], ["--help"]):
        # Everything after `test` belongs to pytest, options included (-x, -k EXPR, -m EXPR).
        passthrough = argv[1:]
        if passthrough[:1] == ["--"]:
            passthrough = passthrough[1:]
        args = parser().parse_args(["test"])
        args.pytest_args = passthrough
    else:
        args = parser().parse_args(argv)
    code: int = args.func(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
