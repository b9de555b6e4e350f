"""The project's Python as one deterministic zip (``app.zip``), and content hashes."""

from __future__ import annotations

import hashlib
import zipfile
from collections.abc import Iterable
from pathlib import Path

from buildtools.paths import APP_DATA_FILES, APP_PACKAGES, ROOT

#: Every entry of ``app.zip`` gets this timestamp, so the zip is byte-for-byte reproducible.
ZIP_DATE_TIME = (1980, 1, 1, 0, 0, 0)


def app_files(root: Path = ROOT) -> list[tuple[str, Path]]:
    """The (archive name, source path) pairs of ``app.zip``, sorted by archive name.

    Every ``*.py`` under the app packages plus the listed data files; caches and hidden
    folders are skipped.
    """
    files: dict[str, Path] = {}
    for package in APP_PACKAGES:
        base = root / package
        if not base.is_dir():
            continue
        for path in base.rglob("*.py"):
            rel = path.relative_to(root)
            if any(part == "__pycache__" or part.startswith(".") for part in rel.parts):
                continue
            files[rel.as_posix()] = path
    for name in APP_DATA_FILES:
        if (root / name).is_file():
            files[name] = root / name
    return sorted(files.items())


def write_app_zip(dest: Path, root: Path = ROOT) -> Path:
    """Write the project's Python packages to ``dest`` as a deterministic zip.

    Entries are sorted, carry a fixed timestamp and fixed permissions, so the same sources
    always give the same bytes. Also used by the Pyodide-in-Node tests.
    """
    dest.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(dest, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, path in app_files(root):
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes(), compresslevel=9)
    return dest


def build_hash(root: Path, names: Iterable[str], extra: bytes = b"") -> str:
    """A short sha256 over the names (relative to ``root``) and contents of files (plus ``extra``)."""
    digest = hashlib.sha256(extra)
    for name in names:
        digest.update(name.encode() + b"\0")
        digest.update(hashlib.sha256((root / name).read_bytes()).digest())
    return digest.hexdigest()[:16]
