"""Puzzles made and proven by the engine (see ``docs/puzzles.md``).

- :mod:`engine.puzzles.solver`: open-hand endgames solved exactly (every move's value).
- :mod:`engine.puzzles.open_hand`: what makes a position an open-hand puzzle, its line, and
  proving a shipped one again.
- :mod:`engine.puzzles.themes`: each puzzle's theme in a player's words.
- :mod:`engine.puzzles.puzzle`: a puzzle and the text file that holds them.
- :mod:`engine.puzzles.generate`: the shipped set, from seeded games of the computer players.
- :mod:`engine.puzzles.shipped`: where the shipped set is, and reading it.
- :mod:`engine.puzzles.proof`: proving any shipped puzzle again.
- :mod:`engine.puzzles.hidden_hand`: hidden-hand puzzles (one seat's view, every consistent deal).
- :mod:`engine.puzzles.daily`: the day's puzzle and the day's deal, from the date alone.

``python -m engine.puzzles generate|check`` makes the set or proves it again.
"""
