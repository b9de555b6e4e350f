"""The computer levels' ratings in each family of rule sets, measured in the arena.

A person's rating against the computer (``web.storage.ratings``) moves after each match as
if the person had played each opposing computer seat, whose level's rating is fixed here.
Each family's ratings were measured with :mod:`engine.line.ai.match_arena` on one of its
rule sets for two players: 200 duplicate pairs of whole matches (seeds 40001-40200, each
seed played twice with the levels swapping seats) between each level and the next weaker
one; the share of matches won gives the difference (400·log10(p / (1 - p))), chained from
Beginner at 1000. For example, for the Block games:

    python -m engine.line.ai.match_arena --variant block --chain random,greedy,medium,hard,expert \\
        --matches 200 --seed 40001 --jobs 2

The Caribbean games are won six-love (six hands in a row, the other side's win setting both
back to nothing), matches too long between close levels to play by the hundred; their levels
were rated from single hands, each match share following from the share of decisive hands
(``run_share`` in :mod:`engine.line.ai.match_arena`: the match's difference is six times the
hand's), on 1000 duplicate deals (seeds 40001-41000)::

    python -m engine.line.ai.match_arena --variant cut-throat --chain random,greedy,medium,hard,expert \\
        --matches 1000 --seed 40001 --hands-in-a-row 6 --jobs 2

Six-love magnifies every edge: Medium wins 73% of decisive hands against Easy and so 99.8%
of matches, and the ratings spread wide. The figures and their intervals are in
``docs/computer-players.md`` ("The levels' ratings"). A family not listed has no rating: its
matches are kept but not rated (Dice and Dominoes: its results are mostly luck).
"""

from __future__ import annotations

__all__ = ["LEVEL_RATINGS", "MEASURED_ON"]

MEASURED_ON: dict[str, str] = {
    "Block games": "block",
    "Draw games": "draw-2",
    "Caribbean games": "cut-throat",
    "Scoring games": "all-fives",
}
"""The rule set each family's levels were measured on (two players)."""

LEVEL_RATINGS: dict[str, dict[str, int]] = {
    "Block games": {"random": 1000, "greedy": 1225, "medium": 1428, "hard": 1473, "expert": 1482},
    "Draw games": {"random": 1000, "greedy": 1098, "medium": 1500, "hard": 1456, "expert": 1473},
    "Caribbean games": {"random": 1000, "greedy": 1539, "medium": 2585, "hard": 2680, "expert": 2853},
    "Scoring games": {"random": 1000, "greedy": 1182, "medium": 1252, "hard": 1332, "expert": 1355},
}
"""Each family's levels' ratings (see the module's text for how they were measured)."""
