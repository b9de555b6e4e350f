"""A dominoes rules engine: pure standard-library Python, the same on CPython and in Pyodide.

A quick tour::

    import random
    from engine import Match, make_rules
    from engine.ai import make_bot

    match = Match(make_rules("draw-2"), seed=7)
    print(match.legal_actions())          # what the seat to move may do
    bot = make_bot("greedy")
    action = bot.choose(match.view(match.turn), random.Random(1))
    match.apply(action)                   # checked: illegal actions raise IllegalActionError
"""

from engine.actions import Action, Draw, Pass, Play, parse_action
from engine.errors import EngineError, IllegalActionError, NotationError, RulesError
from engine.hand import Drew, Event, Hand, HandResult, Opening, Passed, Played
from engine.layout import End, Layout, Placement, Side, SpinnerRule, parse_end
from engine.match import LeadDraw, Match, MatchResult
from engine.rules import (
    BlockedWinner,
    Direction,
    DrawRule,
    FirstOpener,
    HandScoring,
    MatchScoring,
    NextStarter,
    Rules,
)
from engine.tiles import Tile, full_set, hand_pips, parse_tile
from engine.variants import VARIANTS, Variant, get_variant, make_rules
from engine.view import PlayerView, view_of

__all__ = [
    "VARIANTS",
    "Action",
    "BlockedWinner",
    "Direction",
    "Draw",
    "DrawRule",
    "Drew",
    "End",
    "EngineError",
    "Event",
    "FirstOpener",
    "Hand",
    "HandResult",
    "HandScoring",
    "IllegalActionError",
    "Layout",
    "LeadDraw",
    "Match",
    "MatchResult",
    "MatchScoring",
    "NextStarter",
    "NotationError",
    "Opening",
    "Pass",
    "Passed",
    "Placement",
    "Play",
    "Played",
    "PlayerView",
    "Rules",
    "RulesError",
    "Side",
    "SpinnerRule",
    "Tile",
    "Variant",
    "full_set",
    "get_variant",
    "hand_pips",
    "make_rules",
    "parse_action",
    "parse_end",
    "parse_tile",
    "view_of",
]
