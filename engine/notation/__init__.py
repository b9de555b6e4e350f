"""Reading the notation's text, shared by every kind of game: tags and words with their lines
and columns (:mod:`engine.notation.text`), and ``python -m engine.notation check FILE``, which
checks a record of any game or a position.

Each kind of game writes and reads its own records: :mod:`engine.line.notation` (the
line-of-play games, and positions) and :mod:`engine.dice.notation` (Dice and Dominoes).
"""
