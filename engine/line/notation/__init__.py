"""Dominoes notation: whole matches as records (as PGN is for chess) and single positions (as FEN).

The specification, with worked examples, is ``docs/notation.md``. In short::

    from engine.line.notation import read_record, write_record

    text = write_record(match)          # tags, then each hand's deal and moves
    again = read_record(text)           # replayed, every move checked
    assert write_record(again) == text

Anything that is not a valid record or position raises
:class:`~engine.errors.NotationError` with ``line``, ``column`` and ``expected``.
``python -m engine.notation check FILE`` checks a file from the command line.
Dice and Dominoes, a game without a line of play, has its own records:
:func:`~engine.dice.notation.write_dice_record` and :func:`~engine.dice.notation.read_dice_record`.
"""

from engine.line.notation.position import Position, read_position, write_position
from engine.line.notation.record import read_header, read_record, write_record

__all__ = ["Position", "read_header", "read_position", "read_record", "write_position", "write_record"]
