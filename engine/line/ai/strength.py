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

The figures and their intervals are in ``docs/computer-players.md`` ("The levels' ratings").
A family not listed has no rating yet: its matches are kept but not rated.
"""

from __future__ import annotations

__all__ = ["LEVEL_RATINGS", "MEASURED_ON"]

MEASURED_ON: dict[str, str] = {
    "Block games": "block",
    "Draw games": "draw-2",
    "Scoring games": "all-fives",
}
"""The rule set each family's levels were measured on (two players)."""

LEVEL_RATINGS: dict[str, dict[str, int]] = {
    "Block games": {"random": 1000, "greedy": 1225, "medium": 1428, "hard": 1473, "expert": 1482},
    "Draw games": {"random": 1000, "greedy": 1098, "medium": 1500, "hard": 1456, "expert": 1473},
    "Scoring games": {"random": 1000, "greedy": 1182, "medium": 1252, "hard": 1332, "expert": 1355},
}
"""Each family's levels' ratings (see the module's text for how they were measured)."""
