"""Check a record or a position, or verify a record's deals, from the command line.

    python -m engine.notation check FILE [FILE ...]
    python -m engine.notation verify FILE [FILE ...]

``check`` prints what each file holds, or its first error with the line, a caret under the
column and what was expected there; exits with 1 if any file is not valid.

``verify`` checks every finished hand of each record against the commitment shown before it
was dealt (:mod:`engine.fair_deals`), printing a line per hand; exits with 0 when every
finished hand verifies ("verified"), else with 1, naming each hand whose seed or deal does
not match its commitment (and for a record with nothing to verify, saying why).
"""

from __future__ import annotations

import sys
from pathlib import Path

from engine.dice.notation import DICE_VARIANT, read_dice_record
from engine.errors import NotationError
from engine.line.notation.position import read_position
from engine.line.notation.record import read_header, read_record
from engine.line.verify import Verdict, check_deals
from engine.trains.notation import TRAIN_VARIANTS, read_train_record

USAGE = "usage: python -m engine.notation check|verify FILE [FILE ...]"


def check(text: str) -> str:
    """What ``text`` holds, in a line (a record or a position); raises :class:`NotationError`."""
    if text.lstrip().startswith(("[", "{")):
        variant = read_header(text).get("Variant")
        if variant in TRAIN_VARIANTS:
            game = read_train_record(text)
            rounds = len(game.rounds)
            state = "over" if game.is_over else "in progress"
            totals = "-".join(map(str, game.totals))
            return (
                f"a record of {variant}: {rounds} round{'s' * (rounds != 1)}, totals {totals}, game {state}"
            )
        if variant == DICE_VARIANT:
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


def verify(text: str) -> tuple[bool, list[str]]:
    """Whether a record's deals verify, and what to print: a line per hand, then the verdict.
    Raises :class:`NotationError` if the text is not a valid record."""
    if not text.lstrip().startswith(("[", "{")):
        return False, ["a position has no deals to verify: give a record"]
    variant = read_header(text).get("Variant")
    if variant == DICE_VARIANT:
        read_dice_record(text)
        return False, ["nothing to verify: games of dice are not dealt from committed seeds"]
    if variant in TRAIN_VARIANTS:
        read_train_record(text)
        return False, ["nothing to verify: train games are not dealt from committed seeds"]
    checks = check_deals(read_record(text))
    verdicts = [check.verdict for check in checks]
    lines = [f"  {check.said}" for check in checks]
    broken = [check.number for check in checks if check.verdict is Verdict.BROKEN]
    if broken:
        hands = ", ".join(map(str, broken))
        which = f"hand {hands} does" if len(broken) == 1 else f"hands {hands} do"
        return False, [
            f"NOT verified: {which} not match the commitment shown before the deal",
            *lines,
        ]
    if Verdict.VERIFIED not in verdicts:
        if Verdict.OPEN in verdicts:
            return False, ["nothing to verify yet: no hand with a commitment is over", *lines]
        return False, [
            'nothing to verify: the record\'s deals were not committed (no [Deals "committed"] tag)'
        ]
    count = verdicts.count(Verdict.VERIFIED)
    return True, [f"verified: {count} hand{'s' * (count != 1)} dealt as committed before play", *lines]


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
    if len(argv) < 2 or argv[0] not in ("check", "verify"):
        print(USAGE, file=sys.stderr)
        return 2
    verifying = argv[0] == "verify"
    status = 0
    for name in argv[1:]:
        try:
            text = Path(name).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            print(f"{name}: cannot be read ({error.__class__.__name__}: {error})")
            status = 1
            continue
        try:
            if verifying:
                verified, lines = verify(text)
                print(f"{name}: {lines[0]}")
                for line in lines[1:]:
                    print(line)
                status = status if verified else 1
            else:
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
