"""A WebDriver that fails a command without a word is taken as the driver's trouble (the
test runs once more); an error that says something is the table's and fails the test."""

from __future__ import annotations

import re

from selenium.common.exceptions import WebDriverException

from tests.helpers.engines import DRIVER_FAILED


def said(error: Exception) -> str:
    """The error as pytest-rerunfailures matches it: its type's name and its words."""
    return f"{type(error).__name__}: {error}"


def test_only_a_wordless_driver_failure_runs_the_test_again() -> None:
    assert re.search(DRIVER_FAILED, said(WebDriverException("", None, "")))
    assert not re.search(DRIVER_FAILED, said(WebDriverException("no such element", None, "")))
    assert not re.search(DRIVER_FAILED, said(AssertionError("the tiles were not drawn")))
