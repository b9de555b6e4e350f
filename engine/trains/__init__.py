"""The train family: Mexican Train and Chicken Foot (``shared/RULES.md``, "The train family").

Trains of tiles grow from a double in the middle of the table (the round's engine, or the
centre double); each round is played with a lower double, and the lowest total after the
last round wins. :mod:`engine.trains.rules` holds a game's settings, :mod:`~engine.trains.round`
one round's state machine, :mod:`~engine.trains.match` the rounds of a game,
:mod:`~engine.trains.game` the :class:`~engine.game.Game` seam and
:mod:`~engine.trains.notation` the records.
"""
