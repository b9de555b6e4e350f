"""Dataclass methods compiled at build time, so a boot does not compile them again.

``@dataclass`` writes the source of ``__init__``, ``__repr__``, ``__eq__``… for each class and
compiles it with ``exec`` when the class is defined. With some sixty dataclasses that is
most of the time the app's modules take to import, and every boot paid it, inside
WebAssembly, on the player's device. The build (bundle/python_bundle.py) imports the
app's modules under :func:`recording`, inside the same Pyodide the page runs, and stores
each source text with its compiled code in :data:`CACHE_NAME`; the page imports them
after :func:`install`, which hands ``exec`` the compiled code for a source text it knows
and compiles anything else as usual. A stale or foreign cache is ignored as a whole.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import marshal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import CodeType
from typing import Any

__all__ = ["CACHE_NAME", "dumps", "install", "load", "recording", "source_key"]

#: The cache's file, next to this module in the bundle.
CACHE_NAME = "dataclass_code.marshal"
_Exec = Callable[..., None]


@contextmanager
def _exec_in_dataclasses(replacement: _Exec) -> Iterator[None]:
    """Make ``dataclasses`` call ``replacement`` for ``exec`` while the block runs."""
    had_own = "exec" in vars(dataclasses)
    previous = vars(dataclasses).get("exec")
    dataclasses.exec = replacement  # type: ignore[attr-defined]
    try:
        yield
    finally:
        if had_own:
            dataclasses.exec = previous  # type: ignore[attr-defined]
        else:
            del dataclasses.exec  # type: ignore[attr-defined]


@contextmanager
def recording(codes: dict[str, CodeType]) -> Iterator[None]:
    """Collect into ``codes`` the source text and code of every dataclass defined in the block."""

    def compile_and_record(source: str, *namespaces: Any) -> None:
        code = codes.get(source)
        if code is None:
            code = codes[source] = compile(source, "<string>", "exec")
        exec(code, *namespaces)

    with _exec_in_dataclasses(compile_and_record):
        yield


def source_key(source: str) -> bytes:
    """A source text's key in the cache: a 64-bit hash (the texts are long; hashes are small)."""
    return importlib.util.source_hash(source.encode())


def dumps(codes: dict[str, CodeType]) -> bytes:
    """The cache file's bytes: this runtime's magic number, then the codes by source key."""
    return importlib.util.MAGIC_NUMBER + marshal.dumps(
        dict(sorted((source_key(source), code) for source, code in codes.items()))
    )


def _read(path: Path) -> bytes:
    """The bytes of the file at ``path``, also where this module is imported from a zip
    (the page imports the app from app.zip as it is): its loader reads both."""
    get_data = getattr(globals().get("__loader__"), "get_data", None)
    return get_data(str(path)) if get_data is not None else path.read_bytes()


def load(path: Path) -> dict[bytes, CodeType]:
    """The codes by source key in the cache file at ``path``; empty if missing or for another runtime."""
    try:
        data = _read(path)
    except OSError:
        return {}
    magic = importlib.util.MAGIC_NUMBER
    if not data.startswith(magic):
        return {}
    try:
        codes = marshal.loads(data[len(magic) :])
    except (EOFError, ValueError, TypeError):
        return {}
    return codes if isinstance(codes, dict) else {}


class _CachedExec:
    """What ``dataclasses`` calls for ``exec`` once the cache is installed."""

    def __init__(self, codes: dict[bytes, CodeType]) -> None:
        self.codes = codes

    def __call__(self, source: str, *namespaces: Any) -> None:
        exec(self.codes.get(source_key(source)) or compile(source, "<string>", "exec"), *namespaces)


def install(path: Path | None = None) -> int:
    """From now on, define dataclasses from the cache (default: the one beside this module).

    Returns how many compiled sources it holds (0: none, and nothing changed). Source
    texts it does not hold are compiled as ``dataclasses`` always does. Installing the
    default cache again (a runtime restored from a snapshot taken after it was installed)
    reads nothing and returns the same count.
    """
    installed = vars(dataclasses).get("exec")
    if path is None and isinstance(installed, _CachedExec):
        return len(installed.codes)
    codes = load(path or Path(__file__).with_name(CACHE_NAME))
    if codes:
        dataclasses.exec = _CachedExec(codes)  # type: ignore[attr-defined]
    return len(codes)
