"""Dice and Dominoes: no line of play; two dice set the Match Points and every player puts out
tiles in secret at once, for chips.

A round's rules (:mod:`engine.dice.round`), a hand (:mod:`engine.dice.hand`), a session of hands
for chips (:mod:`engine.dice.session`), each reveal told in sentences (:mod:`engine.dice.explain`),
its catalogue entry (:mod:`engine.dice.variant`), its records (:mod:`engine.dice.notation`) and
its computer players (:mod:`engine.dice.ai`).
"""
