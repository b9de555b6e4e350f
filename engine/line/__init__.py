"""The line-of-play games: tiles laid end to end from one line (Block, Draw, the fives games,
spinners and crosses), every rule set a value of :class:`~engine.line.rules.Rules`.

A hand is a state machine (:mod:`engine.line.hand`), a match strings hands together
(:mod:`engine.line.match`), a seat sees a :class:`~engine.line.view.PlayerView`; the computer
players are in :mod:`engine.line.ai` and the records in :mod:`engine.line.notation`.
"""
