"""Check a record or a position from the command line.

    python -m engine.notation check FILE [FILE ...]

Prints what each file holds, or its first error with the line, a caret under the column
and what was expected there; exits with 1 if any file is not valid.
"""

from __future__ import annotations

import sys
from pathlib import Path

from engine.dice.notation import DICE_VARIANT, read_dice_record
from engine.errors import NotationError
from engine.line.notation.position import read_position
from engine.line.notation.record import read_header, read_record

USAGE = "usage: python -m engine.notation check FILE [FILE ...]"


def check(text: str) -> str:
    """What ``text`` holds, in a line (a record or a position); raises :class:`NotationError`."""
    if text.lstrip().startswith(("[", "{")):
        if read_header(text).get("Variant") == DICE_VARIANT:
            session = read_dice_record(text)
            hands = len(session.hands)
            state = "over" if session.is_over else "in progress"
            chips = "-".join(map(str, session.chips))
            return f"a record of dice: {hands} hand{'s' * (hands != 1)}, chips {chips}, session {state}"
        match = read_record(text)
        state = "won" if match.is_over else "in progress"
        count = len(match.hands)
        return f"a record of {match.rules.variant}: {count} hand{'s' * (count != 1)}, match {state}"
    position = read_position(text.strip())
    return f"a position of {position.rules.variant}, seat {position.turn} to move"


def pointed(text: str, error: NotationError) -> str:
    """The line of ``text`` an error is on, with a caret under its column."""
    if error.line is None or error.column is None:
        return ""
    lines = text.split("\n")
    if not 1 <= error.line <= len(lines):
        return ""
    line = lines[error.line - 1].replace("\t", " ")
    return f"  {line}\n  {' ' * (error.column - 1)}^"


def main(argv: list[str]) -> int:
    """Run the command line; returns the exit status."""
    if len(argv) < 2 or argv[0] != "check":
        print(USAGE, file=sys.stderr)
        return 2
    status = 0
    for name in argv[1:]:
        try:
            text = Path(name).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            print(f"{name}: cannot be read ({error.__class__.__name__}: {error})")
            status = 1
            continue
        try:
            print(f"{name}: {check(text)}")
        except NotationError as error:
            where, said = name, str(error)
            if error.line is not None:
                where = f"{name}:{error.line}:{error.column}"
                said = said.split(": ", 1)[-1]
            print(f"{where}: {said}")
            shown = pointed(text, error)
            if shown:
                print(shown)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
