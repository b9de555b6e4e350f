"""``python -m engine.puzzles generate|check``: make the shipped puzzle set, or prove it again.

``generate`` writes :data:`~engine.puzzles.shipped.PUZZLES_FILE` (or ``--out FILE``) from the
seeds in :mod:`engine.puzzles.generate`, byte for byte the same on every run of the same code.
``check`` proves every puzzle of the file again (``--sample N``: every Nth only) and prints
how many it holds in how many rule sets; the exit status is 1 if any fails, 2 if the file
cannot be read.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from engine.errors import EngineError
from engine.puzzles.generate import generate
from engine.puzzles.open_hand import PuzzleRejected
from engine.puzzles.proof import prove_puzzle
from engine.puzzles.puzzle import read_puzzles, write_puzzles
from engine.puzzles.shipped import PUZZLES_FILE, file_comments
from engine.puzzles.solver import TooLarge


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m engine.puzzles", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("generate", help="write the puzzle set from its seeds")
    make.add_argument("--out", type=Path, default=PUZZLES_FILE, help="where to write it")
    make.add_argument("--jobs", type=int, default=1, help="processes making rule sets side by side")
    check = commands.add_parser("check", help="prove every puzzle of a puzzle file again")
    check.add_argument("file", nargs="?", type=Path, default=PUZZLES_FILE)
    check.add_argument("--sample", type=int, default=1, help="prove every Nth puzzle only")
    args = parser.parse_args(argv)
    if args.command == "generate":
        puzzles = generate(jobs=args.jobs)
        args.out.write_text(write_puzzles(puzzles, file_comments()), encoding="utf-8")
        print(f"wrote {len(puzzles)} puzzles to {args.out}")
        return 0
    try:
        puzzles = read_puzzles(args.file.read_text(encoding="utf-8"))
    except (OSError, EngineError) as error:
        print(f"cannot read {args.file}: {error}", file=sys.stderr)
        return 2
    failed = 0
    for puzzle in puzzles[:: max(1, args.sample)]:
        try:
            prove_puzzle(puzzle)
        except (PuzzleRejected, TooLarge, EngineError) as error:
            failed += 1
            print(f"FAILED {puzzle.id}: {error}", file=sys.stderr)
    proved = len(puzzles[:: max(1, args.sample)])
    rule_sets = len({puzzle.variant for puzzle in puzzles})
    print(f"{len(puzzles)} puzzles in {rule_sets} rule sets; {proved - failed} of {proved} proved")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
