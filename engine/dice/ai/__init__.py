"""The computer players of Dice and Dominoes: what a seat can know (:mod:`.knowledge`), the
Eager and Canny players (:mod:`.bots`), the Expert's search (:mod:`.search`) and the arena
that measures them (:mod:`.arena`)."""
