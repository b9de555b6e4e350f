"""The dataclass cache: compiled methods recorded once, used for the same source, ignored when foreign."""

from __future__ import annotations

import dataclasses
import importlib.util
from pathlib import Path
from types import CodeType
from typing import Any

import pytest

from web import dataclass_cache


def define_point() -> type:
    @dataclasses.dataclass(frozen=True)
    class Point:
        x: int
        y: int = 0

    return Point


@pytest.fixture
def restore_dataclasses(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever a test does to ``dataclasses.exec``, it is undone afterwards."""
    monkeypatch.setattr(dataclasses, "exec", exec, raising=False)


def recorded_cache(tmp_path: Path) -> tuple[Path, int]:
    """A cache file holding the methods of ``Point``, and how many sources it holds.

    (Python 3.14 compiles a class's methods in one source, 3.11 one source per method.)
    """
    codes: dict[str, CodeType] = {}
    with dataclass_cache.recording(codes):
        define_point()
    assert codes and all("def __create_fn__" in source for source in codes)
    path = tmp_path / dataclass_cache.CACHE_NAME
    path.write_bytes(dataclass_cache.dumps(codes))
    return path, len(codes)


def test_recording_leaves_dataclasses_as_it_found_them(tmp_path: Path) -> None:
    recorded_cache(tmp_path)
    assert "exec" not in vars(dataclasses)


def test_installed_cache_defines_known_classes_without_compiling(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, restore_dataclasses: None
) -> None:
    path, count = recorded_cache(tmp_path)
    compiled: list[str] = []

    def counting_compile(source: str, *args: Any, **kwargs: Any) -> CodeType:
        compiled.append(source)
        return compile(source, *args, **kwargs)

    monkeypatch.setattr(dataclass_cache, "compile", counting_compile, raising=False)
    assert dataclass_cache.install(path) == count
    point = define_point()(3)
    assert (point.x, point.y, repr(point)) == (3, 0, "define_point.<locals>.Point(x=3, y=0)")
    assert compiled == []

    @dataclasses.dataclass
    class Other:  # not in the cache: compiled as dataclasses always does
        z: str

    assert Other("a").z == "a"
    assert compiled and all("def __create_fn__" in source for source in compiled)


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"\x00\x00\r\n" + b"junk",  # another runtime's magic number
        importlib.util.MAGIC_NUMBER + b"\xff\xfe not marshal",
        importlib.util.MAGIC_NUMBER + __import__("marshal").dumps([1, 2]),
    ],
)
def test_a_missing_foreign_or_broken_cache_changes_nothing(
    tmp_path: Path, content: bytes, restore_dataclasses: None
) -> None:
    path = tmp_path / dataclass_cache.CACHE_NAME
    if content:
        path.write_bytes(content)
    assert dataclass_cache.load(path) == {}
    assert dataclass_cache.install(path) == 0
    assert vars(dataclasses)["exec"] is exec
    assert define_point()(1).x == 1


def test_installing_again_once_installed_reads_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, restore_dataclasses: None
) -> None:
    """A runtime restored from the snapshot has the cache installed: main.py's install is free."""
    path, count = recorded_cache(tmp_path)
    assert dataclass_cache.install(path) == count

    def no_reading(_path: Path) -> bytes:
        raise AssertionError("the installed cache was read again")

    monkeypatch.setattr(dataclass_cache, "_read", no_reading)
    assert dataclass_cache.install() == count
    assert define_point()(2).x == 2
