"""A dominoes rules engine: pure standard-library Python, the same on CPython and in Pyodide.

A quick tour::

    import random
    from engine import Match, make_rules
    from engine.line.ai import make_bot

    match = Match(make_rules("draw-2"), seed=7)
    print(match.legal_actions())          # what the seat to move may do
    bot = make_bot("greedy")
    action = bot.choose(match.view(match.turn), random.Random(1))
    match.apply(action)                   # checked: illegal actions raise IllegalActionError
"""

from engine.catalogue import GAMES, get_game
from engine.errors import EngineError, IllegalActionError, NotationError, RulesError
from engine.game import Game, GameState, Option, Outcome
from engine.line.actions import Action, Claim, Draw, Lead, Pass, Play, parse_action
from engine.line.events import (
    Claimed,
    Deal,
    Drew,
    Event,
    HandResult,
    Led,
    Opening,
    Passed,
    Penalized,
    Played,
    Scored,
)
from engine.line.hand import Hand
from engine.line.layout import End, Layout, Placement, Side, SpinnerRule, end_count, parse_end
from engine.line.match import HandScore, LeadDraw, Match, MatchResult, PartnerDraw
from engine.line.rules import (
    BlockedWinner,
    Direction,
    DrawRule,
    FirstOpener,
    HandScoring,
    MatchScoring,
    NextStarter,
    OutRule,
    PlayScoring,
    Rules,
)
from engine.line.variants import GROUPS, VARIANTS, Variant, get_variant, make_rules
from engine.line.view import PlayerView, view_of
from engine.tiles import Tile, full_set, hand_pips, parse_tile

__all__ = [
    "GAMES",
    "GROUPS",
    "VARIANTS",
    "Action",
    "BlockedWinner",
    "Claim",
    "Claimed",
    "Deal",
    "Direction",
    "Draw",
    "DrawRule",
    "Drew",
    "End",
    "EngineError",
    "Event",
    "FirstOpener",
    "Game",
    "GameState",
    "Hand",
    "HandResult",
    "HandScore",
    "HandScoring",
    "IllegalActionError",
    "Layout",
    "Lead",
    "LeadDraw",
    "Led",
    "Match",
    "MatchResult",
    "MatchScoring",
    "NextStarter",
    "NotationError",
    "Opening",
    "Option",
    "OutRule",
    "Outcome",
    "PartnerDraw",
    "Pass",
    "Passed",
    "Penalized",
    "Placement",
    "Play",
    "PlayScoring",
    "Played",
    "PlayerView",
    "Rules",
    "RulesError",
    "Scored",
    "Side",
    "SpinnerRule",
    "Tile",
    "Variant",
    "end_count",
    "full_set",
    "get_game",
    "get_variant",
    "hand_pips",
    "make_rules",
    "parse_action",
    "parse_end",
    "parse_tile",
    "view_of",
]
