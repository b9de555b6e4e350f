"""How ``python build.py test`` runs pytest: on every core, the tests that time the page alone."""

from __future__ import annotations

import sys

import pytest

from buildtools import tools


@pytest.fixture
def two_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tools, "usable_cores", lambda: 2)


def test_the_tests_that_time_the_page_run_alone_after_the_rest(two_cores: None) -> None:
    parallel, alone = tools.pytest_commands(["-k", "block"])
    assert parallel == [
        sys.executable,
        "-m",
        "pytest",
        "-n",
        "2",
        "--dist",
        "loadfile",
        "-m",
        "not timing",
        "-k",
        "block",
    ]
    assert alone == [sys.executable, "-m", "pytest", "-m", "timing", "-k", "block"]


def test_a_choice_of_markers_or_workers_is_the_users(two_cores: None) -> None:
    for args in (["-m", "e2e"], ["-me2e"], ["-n", "1"], ["-p", "no:xdist"], ["--pdb"]):
        (only,) = tools.pytest_commands(args)
        assert only[-len(args) :] == args and "timing" not in only


def test_one_core_runs_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tools, "usable_cores", lambda: 1)
    assert tools.pytest_commands([]) == [[sys.executable, "-m", "pytest"]]


def test_the_exit_code_is_the_first_failure_and_an_empty_timing_run_is_none() -> None:
    assert tools.combined_exit_code([0, 0]) == 0
    assert tools.combined_exit_code([0, tools.NO_TESTS_COLLECTED]) == 0
    assert tools.combined_exit_code([tools.NO_TESTS_COLLECTED, 0]) == tools.NO_TESTS_COLLECTED
    assert tools.combined_exit_code([1, 0]) == 1
    assert tools.combined_exit_code([0, 1]) == 1
    assert tools.combined_exit_code([0]) == 0


def test_the_timing_marker_is_registered_and_used() -> None:
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    assert f'"{tools.TIMING_MARKER}:' in (root / "pyproject.toml").read_text()
    marked = [
        path.name
        for path in (root / "tests" / "e2e").glob("test_*.py")
        if "@pytest.mark.timing" in path.read_text()
    ]
    assert sorted(marked) == ["test_ai.py", "test_review.py"]
