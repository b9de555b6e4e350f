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


def test_the_readme_embedding_snippets_hold_a_valid_record_and_position() -> None:
    """Each snippet's link is read without a complaint and carries what it says."""
    from engine.notation import read_position, read_record
    from web.links import parse_link
    from web.share import read_fragment

    snippets = re.findall(r'<iframe src="https://YOUR-HOST/index\.html\?([^"#]*)(#[^"]*)?"', README.read_text())
    assert len(snippets) == 3
    kinds = []
    for query, fragment in snippets:
        link = parse_link(query)
        assert link.problems == () and link.embed.enabled, (query, link.problems)
        shared = read_fragment(fragment) if fragment else None
        kinds.append(None if shared is None else shared.kind)
        if shared is not None and shared.kind == "record":
            assert read_record(shared.text).rules.variant == "partnership-block"
        elif shared is not None:
            assert read_position(shared.text).turn == 0
    assert kinds == [None, "record", "position"]
