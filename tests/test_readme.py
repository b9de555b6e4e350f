"""The README's engine example runs as written and prints what it promises."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_the_readme_engine_example_runs() -> None:
    code = re.search(r"```python\n(.*?)```", README.read_text(), re.S)
    assert code is not None, "the README has no Python example"
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        exec(compile(code.group(1), "README.md", "exec"), {})
    lines = output.getvalue().splitlines()
    assert lines[0].startswith("to move: ") and "legal: ['" in lines[0]
    assert re.fullmatch(r"(\w+ went out; \w+ scores \d+|blocked: .+)", lines[-1])


def test_the_readme_starts_with_the_two_commands() -> None:
    text = README.read_text()
    first_block = text.split("```sh", 1)[1].split("```", 1)[0]
    assert "python build.py serve" in first_block and "python build.py test" in first_block
