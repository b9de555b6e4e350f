"""The named rule sets: each a :class:`Variant` that builds :class:`Rules` for a table.

Every variant carries its id (used in URLs, records and code), its name, the group the
app lists it under, the source text it follows (a file in ``shared/seeds``), a short
summary, the full rules as paragraphs, and the options ``shared/RULES.md`` names for it,
each with the default RULES.md gives.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from engine.errors import RulesError
from engine.game import Entry, Option
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
    SpinnerRule,
)
from engine.tiles import Tile

__all__ = ["GROUPS", "VARIANTS", "Variant", "get_variant", "make_rules"]

SCARNE = "000_46cffac2192217f5.txt"
JAMAICA = "001_75cc0c2d9df85b03.txt"
PUB = "002_dd7ce67fea7b2c9f.txt"
PUB_BLOCK = "003_8a3647f6353969ec.txt"

GROUPS: tuple[str, ...] = ("Block games", "Draw games", "Caribbean games", "Scoring games")
"""The groups the new-game dialog lists variants under, in order."""

DOUBLE_BLANK = Tile(0, 0)


def _on_off(option_id: str, label: str, on: str, off: str, players: tuple[int, ...] = ()) -> Option:
    """An option that is off by default; ``on`` and ``off`` say what the table does with each."""
    return Option(
        option_id, label, on, (("off", "Off"), ("on", "On")), "off", players, (("on", on), ("off", off))
    )


Builder = Callable[[int, int, Mapping[str, str]], Rules]


@dataclass(frozen=True, slots=True, kw_only=True)
class Variant(Entry):
    """A named line-of-play rule set: the choices it offers and the :class:`Rules` it builds."""

    targets: tuple[int, ...]
    default_target: int
    build: Builder
    """Makes the rules for (players, target, options); call through :meth:`rules`."""
    point_targets: tuple[int, ...] = ()
    """Targets offered instead of :attr:`targets` when the ``scoring`` option is ``one-point``."""

    def targets_for(self, options: Mapping[str, str] | None = None) -> tuple[tuple[int, ...], int]:
        """The targets offered with these options, and the default one."""
        if self.point_targets and (options or {}).get("scoring") == "one-point":
            return self.point_targets, self.point_targets[len(self.point_targets) // 2]
        return self.targets, self.default_target

    def rules(
        self, players: int | None = None, target: int | None = None, options: Mapping[str, str] | None = None
    ) -> Rules:
        """The rules for a table of ``players`` playing to ``target`` with ``options`` (defaults if omitted)."""
        players = self.check_players(players)
        resolved = self.resolve_options(players, options)
        targets, default_target = self.targets_for(resolved)
        target = default_target if target is None else target
        if target not in targets:
            listed = ", ".join(str(t) for t in targets)
            raise RulesError(f"{self.id} is played to {listed} points, not {target}", "bad-option")
        return self.build(players, target, resolved)


def _tagged(options: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted(options.items()))


def _on(options: Mapping[str, str], option_id: str) -> bool:
    return options.get(option_id) == "on"


# --- options shared by several variants ------------------------------------------------

TOUCH_MOVE = _on_off(
    "touch-move",
    "Touch-move",
    "A playable tile you pick up must be the tile you play.",
    "You may pick up a tile, put it back and play another.",
)
OVERDRAW = _on_off(
    "overdraw",
    "Overdraw penalty",
    "You may draw while holding a playable tile, but it costs 10 points.",
    "You draw only when you cannot play.",
)
DIRECTION = Option(
    "direction",
    "Direction of play",
    "Latin-American play goes anticlockwise, to the right.",
    (("clockwise", "Clockwise"), ("anticlockwise", "Anticlockwise (Latin-American)")),
    "clockwise",
    explains=(
        ("clockwise", "Play passes to the left, clockwise round the table."),
        ("anticlockwise", "Play passes to the right, anticlockwise, as in Latin America."),
    ),
)
PUB_PARTNERS = Option(
    "partners",
    "Partnerships",
    "Four players may play as two partnerships sitting opposite, or each for himself.",
    (("on", "Two partnerships"), ("off", "Each for himself")),
    "on",
    (4,),
    (
        ("on", "You and the player opposite play together against the other two."),
        ("off", "Each of the four plays alone."),
    ),
)
BOTH_OUT = Option(
    "out",
    "Going out",
    "Some pubs play on until both partners of a side have chipped out.",
    (("one", "One player out ends the hand"), ("both", "Both partners must chip out")),
    "one",
    (4,),
    (
        ("one", "The hand ends as soon as one player has played every tile."),
        ("both", "The hand goes on until both partners of a side have played every tile."),
    ),
)
PUB_SCORING = Option(
    "scoring",
    "Scoring",
    "A point a hand, or the losers' pips after an out and the difference after a block.",
    (("pips", "Pips (losers' pips; difference after a block)"), ("one-point", "One point per hand")),
    "pips",
    explains=(
        ("pips", "Going out scores the losers' pips; a blocked hand scores the difference in pips."),
        ("one-point", "Each hand won scores one point."),
    ),
)
DRAW_ONE = Option(
    "draw",
    "Drawing",
    "Draw one tile per turn and play it if it fits, else pass.",
    (("until-playable", "Draw until you can play"), ("one-per-turn", "One tile per turn")),
    "until-playable",
    explains=(
        (
            "until-playable",
            "A player who cannot play draws until a tile fits, and passes once the boneyard is empty.",
        ),
        ("one-per-turn", "A player who cannot play draws one tile, plays it if it fits, else passes."),
    ),
)
FIVES_DRAW = Option(
    "draw",
    "Drawing",
    "A player who cannot play draws sleeping tiles: until one can be played (Draw until you "
    "can play), or just one, and the turn is over (One tile, turn over).",
    (("until-playable", "Draw until you can play"), ("one-per-turn", "One tile, turn over")),
    "until-playable",
    explains=(
        (
            "until-playable",
            "A player who cannot play draws sleeping tiles until one fits; once two are left, passes.",
        ),
        ("one-per-turn", "A player who cannot play draws one sleeping tile, and the turn is over."),
    ),
)


def _direction(options: Mapping[str, str], default: Direction = Direction.CLOCKWISE) -> Direction:
    return Direction(options.get("direction", default.value))


# --- builders ---------------------------------------------------------------------------


def _partnership_block(players: int, target: int, options: Mapping[str, str]) -> Rules:
    return Rules(
        variant="partnership-block",
        players=players,
        hand_size=7,
        partnerships=True,
        direction=_direction(options),
        first_opener=FirstOpener.HIGHEST_DOUBLE,
        next_starter=NextStarter.WINNER,
        blocked_winner=BlockedWinner.LOWEST_SIDE,
        target=target,
        touch_move=_on(options, "touch-move"),
        partner_draw=_on(options, "partner-draw"),
        options=_tagged(options),
    )


def _block(players: int, target: int, options: Mapping[str, str]) -> Rules:
    return Rules(
        variant="block",
        players=players,
        hand_size=7 if players <= 3 else 5,
        first_opener=FirstOpener.HIGHEST_DOUBLE,
        next_starter=NextStarter.WINNER,
        draw=DrawRule.NONE,
        target=target,
        touch_move=_on(options, "touch-move"),
        options=_tagged(options),
    )


def _draw_2(players: int, target: int, options: Mapping[str, str]) -> Rules:
    return Rules(
        variant="draw-2",
        players=players,
        hand_size=7,
        first_opener=FirstOpener.HIGH_DRAW,
        next_starter=NextStarter.ROTATE,
        draw=DrawRule.UNTIL_PLAYABLE,
        boneyard_reserve=2,
        overdraw_penalty=10 if _on(options, "overdraw") else 0,
        target=target,
        touch_move=_on(options, "touch-move"),
        options=_tagged(options),
    )


def _draw_3(players: int, target: int, options: Mapping[str, str]) -> Rules:
    no_boneyard = _on(options, "no-boneyard")
    return Rules(
        variant="draw-3",
        players=players,
        hand_size=9 if no_boneyard else 7,
        removed=frozenset({DOUBLE_BLANK}) if no_boneyard else frozenset(),
        first_opener=FirstOpener.HIGH_DRAW,
        next_starter=NextStarter.ROTATE,
        draw=DrawRule.NONE if no_boneyard else DrawRule.UNTIL_PLAYABLE,
        boneyard_reserve=0 if no_boneyard else 1,
        stuck_ends_hand=not no_boneyard,
        overdraw_penalty=10 if _on(options, "overdraw") and not no_boneyard else 0,
        target=target,
        touch_move=_on(options, "touch-move"),
        options=_tagged(options),
    )


def _jamaican_partner(players: int, target: int, options: Mapping[str, str]) -> Rules:
    return Rules(
        variant="jamaican-partner",
        players=players,
        hand_size=7,
        partnerships=True,
        direction=Direction.ANTICLOCKWISE,
        first_opener=FirstOpener.HIGHEST_DOUBLE_ANY
        if _on(options, "sporting")
        else FirstOpener.HIGHEST_DOUBLE,
        next_starter=NextStarter.WINNING_SIDE,
        blocked_winner=BlockedWinner.LOWEST_PLAYER,
        out_scoring=HandScoring.ONE_POINT,
        blocked_scoring=HandScoring.ONE_POINT,
        match_scoring=MatchScoring.SIX_LOVE,
        target=target,
        playoff_at_one_all=_on(options, "playoff"),
        options=_tagged(options),
    )


def _cut_throat(players: int, target: int, options: Mapping[str, str]) -> Rules:
    boneyard = players == 2 and _on(options, "boneyard")
    hand_size = {2: 7 if boneyard else 14, 3: 9, 4: 7}[players]
    return Rules(
        variant="cut-throat",
        players=players,
        hand_size=hand_size,
        removed=frozenset({DOUBLE_BLANK}) if players == 3 else frozenset(),
        direction=Direction.ANTICLOCKWISE,
        first_opener=FirstOpener.HIGHEST_DOUBLE,
        next_starter=NextStarter.WINNING_SIDE,
        draw=DrawRule.UNTIL_PLAYABLE if boneyard else DrawRule.NONE,
        boneyard_reserve=2 if boneyard else 0,
        blocked_winner=BlockedWinner.LOWEST_PLAYER,
        out_scoring=HandScoring.ONE_POINT,
        blocked_scoring=HandScoring.ONE_POINT,
        match_scoring=MatchScoring.FIRST_TO_SIX,
        target=target,
        options=_tagged(options),
    )


_PUB_SETS = {"double-six": 6, "double-nine": 9, "double-twelve": 12}


def _pub_rules(
    variant: str, players: int, target: int, options: Mapping[str, str], hand_size: int, **extra: object
) -> Rules:
    partnerships = players == 4 and options.get("partners", "off") == "on"
    one_point = options.get("scoring") == "one-point"
    return Rules(
        variant=variant,
        players=players,
        hand_size=hand_size,
        partnerships=partnerships,
        first_opener=FirstOpener.HIGHEST_DOUBLE_REDEAL,
        next_starter=NextStarter.AS_FIRST,
        out_rule=OutRule.PARTNERSHIP if partnerships and options.get("out") == "both" else OutRule.ONE,
        blocked_winner=BlockedWinner.LOWEST_SIDE,
        out_scoring=HandScoring.ONE_POINT if one_point else HandScoring.OPPONENTS_PIPS,
        blocked_scoring=HandScoring.ONE_POINT if one_point else HandScoring.DIFFERENCE,
        target=target,
        options=_tagged(options),
        **extra,  # type: ignore[arg-type]
    )


def _pub_block(players: int, target: int, options: Mapping[str, str]) -> Rules:
    tile_set = options.get("set", "double-six")
    if tile_set == "double-twelve" and players != 4:
        raise RulesError(f"pub-block with a double-twelve set is for 4 players, not {players}", "bad-option")
    hand_size = {"double-six": {2: 8, 3: 6, 4: 6, 5: 5}[players], "double-nine": 9, "double-twelve": 12}[
        tile_set
    ]
    return _pub_rules("pub-block", players, target, options, hand_size, max_pip=_PUB_SETS[tile_set])


def _draw_game(players: int, target: int, options: Mapping[str, str]) -> Rules:
    return _pub_rules(
        "draw", players, target, options, {2: 7, 3: 5, 4: 4, 5: 3}[players], draw=_draw_rule(options)
    )


def _draw_rule(options: Mapping[str, str]) -> DrawRule:
    return DrawRule(options.get("draw", DrawRule.UNTIL_PLAYABLE.value))


def _cross(players: int, target: int, options: Mapping[str, str]) -> Rules:
    return _pub_rules(
        "cross",
        players,
        target,
        options,
        {2: 7, 3: 5, 4: 4, 5: 3}[players],
        draw=_draw_rule(options),
        spinner=SpinnerRule.CROSS,
    )


def _double_nine_cross(players: int, target: int, options: Mapping[str, str]) -> Rules:
    return _pub_rules(
        "double-nine-cross",
        players,
        target,
        options,
        7 if players <= 3 else 5,
        max_pip=12 if options.get("set") == "double-twelve" else 9,
        draw=_draw_rule(options),
        spinner=SpinnerRule.EVERY_DOUBLE,
    )


def _fives(variant: str, players: int, target: int, options: Mapping[str, str]) -> Rules:
    threes = variant == "fives-and-threes"
    return Rules(
        variant=variant,
        players=players,
        hand_size=5,
        first_opener=FirstOpener.HIGHEST_DOUBLE_ANY,
        next_starter=NextStarter.AS_FIRST,
        draw=DrawRule.ONE_ENDS_TURN if options.get("draw") == "one-per-turn" else DrawRule.UNTIL_PLAYABLE,
        boneyard_reserve=2,
        spinner=SpinnerRule.FIRST_DOUBLE if _on(options, "spinner") else SpinnerRule.NONE,
        blocked_winner=BlockedWinner.LOWEST_SIDE,
        out_scoring=HandScoring.DIFFERENCE if threes else HandScoring.ROUNDED_DIFFERENCE,
        blocked_scoring=HandScoring.DIFFERENCE if threes else HandScoring.ROUNDED_DIFFERENCE,
        play_scoring=PlayScoring.FIVES_AND_THREES if threes else PlayScoring.FIVES,
        manual_scoring=_on(options, "manual-scoring"),
        match_scoring=MatchScoring.TARGET_AT_ONCE,
        target=target,
        options=_tagged(options),
    )


def _all_fives(players: int, target: int, options: Mapping[str, str]) -> Rules:
    return _fives("all-fives", players, target, options)


def _fives_and_threes(players: int, target: int, options: Mapping[str, str]) -> Rules:
    return _fives("fives-and-threes", players, target, options)


# --- the variants -----------------------------------------------------------------------

_FIVES_OPTIONS = (
    _on_off(
        "manual-scoring",
        "Manual scoring (Muggins)",
        "Call your own scoring plays before the next tile is laid; a score nobody calls "
        "can be claimed by another player with Muggins!",
        "Every score is counted for you as the tiles are laid.",
    ),
    _on_off(
        "spinner",
        "Spinner",
        "The first double is a spinner: once both its sides are played, its other two sides open too.",
        "The line has two ends; a double is played like any other tile.",
    ),
    FIVES_DRAW,
)

_PUB_TARGETS = (100, 121)
_POINT_TARGETS = (5, 7, 11)

_PUB_END_TEXT = (
    "If you can play you must; otherwise knock (pass). The hand ends when a player chips "
    "out (plays his last tile), or when nobody can play: then the side with the smaller "
    "combined pip count wins; equal counts score nothing.",
    "Scoring: after an out the winners score the pips left in the losers' hands; after a "
    "block, the difference between the two totals. The first side to reach 100 at the end "
    "of a hand wins (121 on a cribbage board).",
)

VARIANTS: dict[str, Variant] = {
    variant.id: variant
    for variant in (
        Variant(
            id="partnership-block",
            name="Partnership Block",
            group="Block games",
            source=f"{SCARNE} (Scarne: Standard Partnership Block Game)",
            summary="Two against two, partners opposite, no drawing; first side to 200.",
            rules_text=(
                "Double-six set, 4 players as two partnerships sitting opposite, 7 tiles each; "
                "nothing is left to draw.",
                "First hand: the holder of 6-6 opens with it. Play goes clockwise. Match a tile "
                "to one of the two open ends if you can; otherwise pass.",
                "A player who goes out wins the hand: his side scores the pips left in both "
                "opponents' hands.",
                "When nobody can play the hand is blocked: the side with fewer pips (both "
                "partners' tiles added) scores the losers' total. Equal totals are no game: "
                "nothing is scored and the same starter opens again (in the first hand, the "
                "holder of 6-6).",
                "Later hands are opened, with any tile, by the player who went out; after a "
                "block, by the winning side's player with fewer pips.",
                "The game ends after a hand in which one or both sides reach 200; the higher "
                "score wins and is credited with the difference.",
            ),
            player_counts=(4,),
            default_players=4,
            targets=(100, 150, 200),
            default_target=200,
            build=_partnership_block,
            options=(
                DIRECTION,
                _on_off(
                    "partner-draw",
                    "Draw for partners",
                    "Before the game each player draws a tile: the two lowest play together, as do "
                    "the two highest.",
                    "You play with the player opposite you, North.",
                ),
                TOUCH_MOVE,
            ),
        ),
        Variant(
            id="block",
            name="Block Dominoes",
            group="Block games",
            source=f"{SCARNE} (Scarne: Block Dominoes or The Block Game)",
            summary="Each for himself, no drawing: play if you can, else pass; first to 100.",
            rules_text=(
                "Double-six set. 2 or 3 players take 7 tiles each, 4 or 5 players 5 each; "
                "the rest sleep face down and are never drawn.",
                "First hand: the holder of 6-6 opens with it. If 6-6 is sleeping, the holder of "
                "the highest double opens with it; with no double dealt, the holder of the "
                "heaviest tile opens with that tile.",
                "Play goes clockwise. Match a tile to an open end if you can; otherwise pass.",
                "A player who goes out scores the pips left in all opponents' hands.",
                "When nobody can play the hand is blocked: the player with the fewest pips "
                "scores all opponents' pips. A tie for fewest is no count, and the same "
                "starter opens again.",
                "Later hands are opened, with any tile, by the last hand's winner.",
                "The match ends after a hand in which a player reaches the target (100, or less "
                "by agreement); the highest score wins and is credited with the difference "
                "from each opponent.",
            ),
            player_counts=(2, 3, 4, 5),
            default_players=4,
            targets=(50, 75, 100),
            default_target=100,
            build=_block,
            options=(TOUCH_MOVE,),
        ),
        Variant(
            id="pub-block",
            name="Pub Block",
            group="Block games",
            source=f"{PUB_BLOCK} and {PUB} (The Block Game, English pub)",
            summary="The English pub game: partners, 6 tiles each, highest double starts.",
            rules_text=(
                "Double-six set. Four players as two partnerships sitting opposite take 6 tiles "
                "each; the rest are sleeping and never drawn. Also 2 players (8 tiles), 3 (6), "
                "4 each for himself (6) or 5 (5); with a double-nine set 9 tiles each, with a "
                "double-twelve set (4 players) 12 each.",
                "Every hand the holder of 6-6, failing that 5-5 and so on, starts and must play "
                "that double. If nobody holds a double, the tiles are shuffled and dealt again.",
                *_PUB_END_TEXT,
            ),
            player_counts=(2, 3, 4, 5),
            default_players=4,
            targets=_PUB_TARGETS,
            default_target=100,
            point_targets=_POINT_TARGETS,
            build=_pub_block,
            options=(
                PUB_PARTNERS,
                Option(
                    "set",
                    "Domino set",
                    "A bigger set: 9 tiles each with double-nine, 12 each with double-twelve (4 players).",
                    (
                        ("double-six", "Double-six (28 tiles)"),
                        ("double-nine", "Double-nine (55 tiles)"),
                        ("double-twelve", "Double-twelve (91 tiles, 4 players)"),
                    ),
                    "double-six",
                    explains=(
                        ("double-six", "The common set of 28 tiles."),
                        ("double-nine", "A set of 55 tiles: 9 tiles each."),
                        ("double-twelve", "A set of 91 tiles: 12 tiles each, for 4 players."),
                    ),
                ),
                BOTH_OUT,
                PUB_SCORING,
            ),
        ),
        Variant(
            id="draw-2",
            name="Two-Hand Draw",
            group="Draw games",
            source=f"{SCARNE} (Scarne: Standard Two-Hand Draw Domino Game)",
            summary="Two players; draw from the boneyard when you cannot play; to 100.",
            rules_text=(
                "Double-six set, 2 players, 7 tiles each; 14 tiles form the boneyard.",
                "First hand: each player draws a tile and the heavier draw starts; after that "
                "the start alternates. The starter may open with any tile.",
                "Match a tile to an open end if you can. If you cannot, draw from the boneyard "
                "until a tile plays or only two tiles are left; then pass until you can play.",
                "Going out scores the pips left in the opponent's hand. When neither player "
                "can play, the lower pip count wins and scores the opponent's pips; equal "
                "counts are no count.",
                "The match is played to 100, 150 or 200 points; the winner is credited with "
                "the difference between the two scores.",
            ),
            player_counts=(2,),
            default_players=2,
            targets=(100, 150, 200),
            default_target=100,
            build=_draw_2,
            options=(OVERDRAW, TOUCH_MOVE),
        ),
        Variant(
            id="draw-3",
            name="Three-Hand Draw",
            group="Draw games",
            source=f"{SCARNE} (Scarne: Standard Three-Hand Draw Domino Game)",
            summary="Three players, each for himself, 7 tiles and a boneyard of 7; to 100.",
            rules_text=(
                "Double-six set, 3 players, 7 tiles each; the other 7 form the boneyard.",
                "First hand: each player draws a tile and the heaviest draw starts; after that "
                "the start moves to the left. The starter may open with any tile.",
                "Match a tile to an open end if you can. If you cannot, draw until a tile plays "
                "or only one tile is left in the boneyard.",
                "When all but the last tile have been drawn and the player to move cannot play, "
                "the hand ends at once: the lowest pip count wins and scores both opponents' "
                "pips (a tie for lowest is no count).",
                "Going out scores the pips left in both opponents' hands. The match is played "
                "to 100, 150 or 200; the winner is credited with the difference from each "
                "opponent.",
            ),
            player_counts=(3,),
            default_players=3,
            targets=(100, 150, 200),
            default_target=100,
            build=_draw_3,
            options=(
                _on_off(
                    "no-boneyard",
                    "No boneyard",
                    "The 0-0 is taken out and each player takes 9 tiles; nothing is drawn and the "
                    "hand ends when nobody can play.",
                    "Each player takes 7 tiles and draws from the 7 left when unable to play.",
                ),
                OVERDRAW,
                TOUCH_MOVE,
            ),
        ),
        Variant(
            id="draw",
            name="The Draw Game",
            group="Draw games",
            source=f"{PUB} (The Draw Game)",
            summary="The pub Block game with a boneyard: draw when you cannot play.",
            rules_text=(
                "Double-six set. 2 players take 7 tiles, 3 players 5, 4 players 4 (two "
                "partnerships, or each for himself), 5 players 3; the rest form the boneyard.",
                "Every hand the holder of the highest double starts and must play it; if nobody "
                "holds a double, the tiles are shuffled and dealt again.",
                "If you cannot play, draw from the boneyard until a tile plays; when the "
                "boneyard is empty, pass.",
                *_PUB_END_TEXT,
            ),
            player_counts=(2, 3, 4, 5),
            default_players=4,
            targets=_PUB_TARGETS,
            default_target=100,
            point_targets=_POINT_TARGETS,
            build=_draw_game,
            options=(PUB_PARTNERS, DRAW_ONE, BOTH_OUT, PUB_SCORING),
        ),
        Variant(
            id="cross",
            name="Cross Dominoes",
            group="Draw games",
            source=f"{PUB} (Cross Dominoes)",
            summary="The Draw Game starting with a cross: four ends around the first double.",
            rules_text=(
                "Played as the Draw Game: 2 players take 7 tiles, 3 players 5, 4 players 4, "
                "5 players 3; the highest double starts and must be played (no double dealt: "
                "deal again).",
                "The first double is a spinner: the next four tiles must be played against its "
                "four sides to form a cross; until the cross is complete only its sides are "
                "open, and players may have to draw first. Then there are four open ends.",
                "If you cannot play, draw from the boneyard until a tile plays; when the "
                "boneyard is empty, pass.",
                *_PUB_END_TEXT,
            ),
            player_counts=(2, 3, 4, 5),
            default_players=4,
            targets=_PUB_TARGETS,
            default_target=100,
            point_targets=_POINT_TARGETS,
            build=_cross,
            options=(PUB_PARTNERS, DRAW_ONE, BOTH_OUT, PUB_SCORING),
        ),
        Variant(
            id="double-nine-cross",
            name="Double Nine Cross",
            group="Draw games",
            source=f"{PUB} (Double Nine Cross Dominoes)",
            summary="A double-nine cross where every double opens two new chains.",
            rules_text=(
                "Double-nine set (55 tiles). 2 or 3 players take 7 tiles each, 4 or more 5 "
                "each; the rest form the boneyard.",
                "The highest double starts and must be played (no double dealt: deal again), "
                "and the next four tiles form a cross around it, as in Cross Dominoes.",
                "After that, every double laid becomes a spinner: two new chains start from "
                "its two free sides.",
                "If you cannot play, draw from the boneyard until a tile plays; when the "
                "boneyard is empty, pass.",
                *_PUB_END_TEXT,
            ),
            player_counts=(2, 3, 4, 5),
            default_players=4,
            targets=_PUB_TARGETS,
            default_target=100,
            point_targets=_POINT_TARGETS,
            build=_double_nine_cross,
            options=(
                Option(
                    "set",
                    "Domino set",
                    "The same game with a double-twelve set (91 tiles), same hand sizes.",
                    (
                        ("double-nine", "Double-nine (55 tiles)"),
                        ("double-twelve", "Double-twelve (91 tiles)"),
                    ),
                    "double-nine",
                    explains=(
                        ("double-nine", "The double-nine set of 55 tiles."),
                        (
                            "double-twelve",
                            "The double-twelve set of 91 tiles; each player takes as many as with double-nine.",
                        ),
                    ),
                ),
                PUB_PARTNERS,
                DRAW_ONE,
                BOTH_OUT,
                PUB_SCORING,
            ),
        ),
        Variant(
            id="jamaican-partner",
            name="Jamaican Partner",
            group="Caribbean games",
            source=f"{JAMAICA} (Partner Dominoes, Jamaica)",
            summary="Two teams, anticlockwise; win six hands in a row to give six-love.",
            rules_text=(
                "Double-six set, 4 players, partners sit opposite, 7 tiles each. Play goes anticlockwise.",
                "The first hand, and every hand after the score returns to 0-0, is started by "
                "the holder of 6-6, who must play it. Otherwise the team that won the last hand "
                "starts: they choose which partner leads (without telling tiles), with any tile.",
                "Pass if you cannot play. A player who plays all his tiles wins the hand for "
                "his team. When nobody can play, the team of the single player with the fewest "
                "pips wins (a partner's tiles do not matter); two opponents tied for fewest make "
                "a tie, two partners tied for fewest win for their team.",
                "The winning team scores 1. While one side keeps winning it adds points; when "
                "the other side wins, the score returns to 0-0. Six with the other side at 0 "
                "(six-love) wins the game.",
                "A tied hand is replayed. At 0-0 the holder of 6-6 starts the replay, worth 2; "
                "if a team already has points, that team starts, adds 2 if it wins, and the "
                "score returns to 0-0 if it loses. Each further tie adds 1 to the replay's worth.",
            ),
            player_counts=(4,),
            default_players=4,
            targets=(6,),
            default_target=6,
            build=_jamaican_partner,
            options=(
                _on_off(
                    "sporting",
                    "Sporting",
                    "Informal games: the holder of 6-6 may start with another tile.",
                    "The holder of 6-6 starts with it.",
                ),
                _on_off(
                    "playoff",
                    "Play-off at 1-1",
                    "When the score reaches 1-1 a play-off hand is played instead of starting over; "
                    "its winner has 2-0 and starts the next hand.",
                    "A hand won by the side without points sends the score back to 0-0, at 1-0 as at 5-0.",
                ),
            ),
        ),
        Variant(
            id="cut-throat",
            name="Cut Throat",
            group="Caribbean games",
            source=f"{JAMAICA} (Cut Throat Dominoes, Jamaica)",
            summary="Each for himself, anticlockwise; first to six hands with another on zero.",
            rules_text=(
                "Double-six set, each for himself, play goes anticlockwise. 2 players take 14 "
                "tiles each, 3 players 9 (the 0-0 is taken out), 4 players 7.",
                "The first hand is started by the holder of 6-6, who must play it; after that "
                "the winner of the last hand starts with any tile.",
                "Pass if you cannot play. Going out wins the hand; when nobody can play, the "
                "player with the fewest pips wins, and a tie for fewest is replayed.",
                "Each player counts hands won. The first to 6 wins, provided another player "
                "has 0. If everyone has won a hand before anyone reaches 6, all scores return to "
                "0 and the holder of 6-6 starts again.",
            ),
            player_counts=(2, 3, 4),
            default_players=3,
            targets=(6,),
            default_target=6,
            build=_cut_throat,
            options=(
                _on_off(
                    "boneyard",
                    "Boneyard (2 players)",
                    "Two players take 7 tiles each and draw from the other 14 as in the Two-Hand Draw game.",
                    "Two players take 14 tiles each; nothing is drawn.",
                    (2,),
                ),
            ),
        ),
        Variant(
            id="all-fives",
            name="All Fives (Muggins)",
            group="Scoring games",
            source=f"{PUB} (All Fives, Muggins, The Five Game)",
            summary="Score when the open ends add up to a multiple of 5; first to 100.",
            rules_text=(
                "Double-six set, 2 to 4 players, 5 tiles each whatever the number of players. "
                "The holder of the highest double plays first, with any tile; play goes clockwise.",
                "After each play, if the open ends add up to 5 or a multiple of 5 the player "
                "scores that sum. A double lying across an end counts both halves, and the "
                "first tile counts alone (5-5 scores 10).",
                "If you cannot play, draw while three or more tiles are left in the boneyard; "
                "once only two are left, pass.",
                "The hand ends when a player goes out or nobody can play. The winner is the "
                "player who went out, else the lowest pip count (a tie: no award). Each loser's "
                "pips less the winner's, rounded to the nearest 5, go to the winner: winner 3, "
                "losers 11, 6 and 5 give 10 + 5 + 0 = 15.",
                "The first player to reach 100 wins at once, even in the middle of a hand.",
            ),
            player_counts=(2, 3, 4),
            default_players=2,
            targets=(100,),
            default_target=100,
            build=_all_fives,
            options=_FIVES_OPTIONS,
        ),
        Variant(
            id="fives-and-threes",
            name="Fives and Threes",
            group="Scoring games",
            source=f"{PUB} (All Fives and Threes)",
            summary="As All Fives, but multiples of 3 score too; first to 100.",
            rules_text=(
                "Played as All Fives: double-six set, 2 to 4 players, 5 tiles each; the holder "
                "of the highest double plays first with any tile.",
                "After each play, if the open ends add up to a multiple of 5 or of 3 the player "
                "scores the sum: 6 scores 6, 9 scores 9, 10 scores 10, 15 scores 15 (once).",
                "If you cannot play, draw while three or more tiles are left in the boneyard; "
                "once only two are left, pass.",
                "At the end of the hand the winner takes the losers' remaining pips (after an "
                "out) or the differences (after a block), point for point, without rounding.",
                "The first player to reach 100 wins at once, even in the middle of a hand.",
            ),
            player_counts=(2, 3, 4),
            default_players=2,
            targets=(100,),
            default_target=100,
            build=_fives_and_threes,
            options=_FIVES_OPTIONS,
        ),
    )
}


def get_variant(variant_id: str) -> Variant:
    """The variant with this id, or a :class:`RulesError` listing the known ones."""
    try:
        return VARIANTS[variant_id]
    except KeyError:
        known = ", ".join(sorted(VARIANTS))
        raise RulesError(f"unknown variant {variant_id!r}; known: {known}", "unknown-variant") from None


def make_rules(
    variant_id: str,
    players: int | None = None,
    target: int | None = None,
    options: Mapping[str, str] | None = None,
) -> Rules:
    """Shorthand for ``get_variant(variant_id).rules(players, target, options)``."""
    return get_variant(variant_id).rules(players, target, options)
