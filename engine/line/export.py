"""Matches in the move formats of two independent Python dominoes engines, to check our games against them.

- **abw333** is the ``dominoes`` package on PyPI (``import dominoes``): four players in two
  partnerships (players 0 and 2 against 1 and 3), the double-six set, 7 tiles each, no
  drawing, play passing from player ``p`` to ``p + 1``. A move is a domino and the end of
  the line it goes on: ``left`` is ``True`` for the left end (``board.left_end()``),
  ``False`` for the right one. Passes are automatic: the game records them as ``None``
  in ``game.moves``.
- **OpenSpiel** (``open_spiel`` on PyPI) has two Python games: ``python_block_dominoes``
  (2 players, 7 tiles each, the other 14 never dealt) and ``python_team_dominoes``
  (4 players in the same partnerships). Every step is an integer action: first the deal
  (chance actions: a tile's index in ``itertools.combinations_with_replacement(range(7), 2)``
  order), then the plays; player 0 always opens, with any tile, and passes are automatic.

:func:`to_abw333` and :func:`to_openspiel` turn every hand of a :class:`~engine.line.match.Match`
into plain JSON-ready data: the deal as the other engine deals it, every move in its
terms, and what it should say at the end. ``docs/exporters.md`` has a snippet to replay
each in the other engine. From the command line::

    python -m engine.line.export abw333 game.txt      # a record in the project's notation
    python -m engine.line.export openspiel game.txt

The engine itself never imports either package. A rule set that neither game plays
(drawing, spinners, other set sizes or hand sizes, points during play, another player
count) raises :class:`~engine.errors.RulesError` with code ``not-exportable`` and a
message saying why in words.

How the seats map. Our seats are numbered in clockwise order. In abw333, player ``p`` is
our seat ``p`` when play goes clockwise; when it goes anticlockwise the table is seen in
a mirror (seat ``s`` is player ``-s mod 4``), which keeps partners opposite. OpenSpiel's
player 0 always opens, so each hand's seats are renumbered from that hand's opener, in
the direction of play. Every exported hand carries ``player_of_seat``, the other engine's
player number for each of our seats.

How the ends map. Our opening tile lies with its low half to the west and its high half
to the east (:class:`~engine.line.layout.Placement`); every later tile in a line without
spinners goes on an end whose side is west or east. abw333's board is that line read
from west to east: the west end is its left end (the opening domino is exported as
``[low, high]``, so that its ``left_end()`` is the low half, as ours). OpenSpiel tracks
only the two numbers showing: a play names the number it covers (``pip``), which is the
number showing at the end we played on.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement
from pathlib import Path
from typing import Any

from engine.errors import EngineError, NotationError, RulesError
from engine.line.actions import Action, Claim, Draw, Lead, Pass, Play
from engine.line.hand import Hand
from engine.line.layout import Layout, Side
from engine.line.match import Match
from engine.line.rules import BlockedWinner, Direction, DrawRule, OutRule, PlayScoring, Rules, SpinnerRule
from engine.tiles import Tile

__all__ = [
    "ABW333",
    "FORMATS",
    "OPENSPIEL",
    "OPENSPIEL_BLOCK",
    "OPENSPIEL_TEAM",
    "abw333_problems",
    "export",
    "main",
    "openspiel_deal_action",
    "openspiel_play_action",
    "openspiel_play_string",
    "openspiel_problems",
    "to_abw333",
    "to_openspiel",
]

ABW333 = "abw333"
OPENSPIEL = "openspiel"
FORMATS = (ABW333, OPENSPIEL)
"""The formats :func:`export` and the command line know."""

OPENSPIEL_BLOCK = "python_block_dominoes"
"""OpenSpiel's two-player block game (open_spiel/python/games/block_dominoes.py)."""
OPENSPIEL_TEAM = "python_team_dominoes"
"""OpenSpiel's four-player partnership game (open_spiel/python/games/team_dominoes.py)."""

CODE = "not-exportable"
"""The :class:`RulesError` code for a match the other engine cannot play."""

USAGE = "usage: python -m engine.line.export {abw333|openspiel} RECORD_FILE"

# OpenSpiel's deck: combinations_with_replacement(range(7), 2), so 0-0, 0-1, ... 0-6, 1-1, ...
_DECK: tuple[Tile, ...] = tuple(Tile(low, high) for low, high in combinations_with_replacement(range(7), 2))
# Its play actions, per player: for each tile of the deck, "open with it" (pip None), then
# "cover each of its distinct numbers" in increasing order. A double has 2 actions, any
# other tile 3; 7 * 2 + 21 * 3 = 77 actions per player.
_FIRST_ACTION: dict[Tile, int] = {}
_count = 0
for _tile in _DECK:
    _FIRST_ACTION[_tile] = _count
    _count += 2 if _tile.is_double else 3
_ACTIONS_PER_PLAYER = _count
del _count, _tile


# --- OpenSpiel's action numbers -------------------------------------------------------------------


def openspiel_deal_action(tile: Tile) -> int:
    """The chance action dealing ``tile``: its index in OpenSpiel's deck (0-0 is 0, 6-6 is 27)."""
    if tile not in _FIRST_ACTION:
        raise RulesError(f"{tile} is not a tile of OpenSpiel's double-six set", CODE)
    return _DECK.index(tile)


def openspiel_play_action(player: int, tile: Tile, pip: int | None) -> int:
    """The action of ``player`` laying ``tile``: opening with it (``pip`` ``None``) or covering ``pip``.

    OpenSpiel numbers ``Action(player, tile, edge)`` in the order it builds them: by player,
    then tile (deck order), then edge (``None``, then the tile's numbers low to high), so
    the number is ``77 * player + first(tile) + k`` with ``k`` 0 to open, 1 to cover the
    low number, 2 to cover the high one.
    """
    if tile not in _FIRST_ACTION:
        raise RulesError(f"{tile} is not a tile of OpenSpiel's double-six set", CODE)
    if pip is None:
        k = 0
    elif pip == tile.low:
        k = 1
    elif pip == tile.high:
        k = 2
    else:
        raise RulesError(f"{tile} cannot cover a {pip}", CODE)
    return _ACTIONS_PER_PLAYER * player + _FIRST_ACTION[tile] + k


def openspiel_play_string(player: int, tile: Tile, pip: int | None) -> str:
    """The text OpenSpiel gives that action, e.g. ``p0 tile:(0.0, 6.0) pip:6.0``."""
    covered = "None" if pip is None else repr(float(pip))
    return f"p{player} tile:{_float_pair(tile)} pip:{covered}"


def _deal_string(tile: Tile) -> str:
    """The text OpenSpiel gives a chance action, e.g. ``Deal (0.0, 6.0)``."""
    return f"Deal {_float_pair(tile)}"


def _float_pair(tile: Tile) -> str:
    """A tile as OpenSpiel prints it: a tuple of floats, ``(0.0, 6.0)``."""
    return f"({float(tile.low)!r}, {float(tile.high)!r})"


# --- which rule sets each engine plays ------------------------------------------------------------


def _line_problems(rules: Rules) -> list[str]:
    """What keeps ``rules`` from being a double-six block game in one line, 7 tiles each."""
    problems: list[str] = []
    if rules.max_pip != 6 or rules.removed:
        removed = f" less {', '.join(str(tile) for tile in sorted(rules.removed))}" if rules.removed else ""
        problems.append(
            f"it is played with a double-{rules.max_pip} set{removed}, not the full double-six set"
        )
    if rules.hand_size != 7:
        problems.append(f"each player takes {rules.hand_size} tiles, not 7")
    if rules.draw is not DrawRule.NONE:
        problems.append("a player who cannot play draws from the boneyard, and nobody draws there")
    if rules.spinner is not SpinnerRule.NONE:
        problems.append("doubles are spinners, opening more than two ends, and there play stays in one line")
    if rules.out_rule is not OutRule.ONE:
        problems.append("both partners must go out, and there one player going out ends the hand")
    if rules.stuck_ends_hand:
        problems.append(
            "the hand ends as soon as the player to move is stuck, and there only when nobody can play"
        )
    if rules.play_scoring is not PlayScoring.NONE or rules.manual_scoring:
        problems.append("points are scored during play, and there only at the end of the hand")
    return problems


def _partnership_problems(rules: Rules) -> list[str]:
    """What keeps ``rules`` from being played by two partnerships of two, as the other engines play."""
    if rules.players != 4:
        return [f"it is played by {rules.players} players, and that game by 4 in two partnerships"]
    if not rules.partnerships:
        return ["the 4 players play each for himself, and there as two partnerships"]
    if rules.blocked_winner is not BlockedWinner.LOWEST_SIDE:
        return [
            "a blocked hand is won by the single player with the fewest pips, and there by the "
            "partnership with the fewer pips between them"
        ]
    return []


def abw333_problems(rules: Rules) -> list[str]:
    """Why abw333's ``dominoes`` cannot play a match under ``rules``, in words (empty: it can)."""
    return _partnership_problems(rules) + _line_problems(rules)


def openspiel_problems(rules: Rules) -> list[str]:
    """Why neither OpenSpiel dominoes game can play a match under ``rules`` (empty: one can)."""
    if rules.players == 2:
        return _line_problems(rules)
    if rules.players != 4:
        return [
            f"it is played by {rules.players} players; OpenSpiel's games are for 2, or 4 in two partnerships"
        ]
    return _partnership_problems(rules) + _line_problems(rules)


def _require(problems: list[str], rules: Rules, anchor: str) -> None:
    """Raise :class:`RulesError` (``not-exportable``) naming every problem, if there is any."""
    if problems:
        raise RulesError(
            f"{rules.variant} with {rules.players} players cannot be exported to {anchor}: {'; '.join(problems)}",
            CODE,
        )


# --- a hand replayed -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Step:
    """One turn of a hand: ``seat`` laid ``play`` (``None``: passed) on an end showing ``covered``."""

    seat: int
    play: Play | None
    covered: int | None


def _steps(hand: Hand) -> list[_Step]:
    """The hand's plays and passes with who made them, replayed from its deal."""
    again = Hand(hand.rules, hand.dealt, hand.stock, hand.opening)
    steps: list[_Step] = []
    for action in hand.actions:
        seat, layout = again.turn, again.layout
        again.apply(action)
        if isinstance(action, Play):
            covered = None if action.end is None else layout.value(action.end)
            steps.append(_Step(seat, action, covered))
        elif isinstance(action, Pass):
            steps.append(_Step(seat, None, None))
        elif not isinstance(action, Lead):  # a lead only says who opens; the opener's seat is kept
            raise RulesError(f"{_name(action)} has no counterpart in the other engine", CODE)
    return steps


def _name(action: Action) -> str:
    """An action that cannot be exported, in words."""
    if isinstance(action, Draw):
        return "drawing"
    if isinstance(action, Claim):
        return "a claim of points"
    return str(action)


def _opener(hand: Hand) -> int:
    """The seat that opens (or opened) the layout."""
    return hand.starter if hand.starter is not None else hand.opening.seat


def _pair(tile: Tile) -> list[int]:
    """A tile as ``[low, high]``."""
    return [tile.low, tile.high]


def _is_left(play: Play) -> bool:
    """Whether a play goes on abw333's left end: the opening tile (abw333 writes it so) or a west end."""
    if play.end is None:
        return True
    if play.end.side not in (Side.WEST, Side.EAST):
        raise RulesError(f"{play} goes on a {play.end.side.name.lower()} side, off the line", CODE)
    return play.end.side is Side.WEST


def _line(layout: Layout) -> list[list[int]]:
    """The layout as abw333's board: each tile as [left number, right number], west to east."""
    if layout.is_empty:
        return []
    west = [layout.placements[index] for index in reversed(layout.arm(Side.WEST))]
    east = [layout.placements[index] for index in layout.arm(Side.EAST)]
    opening = layout.placements[0]
    return (
        [[placement.outer, placement.inner] for placement in west]
        + [[opening.inner, opening.outer]]
        + [[placement.inner, placement.outer] for placement in east]
    )


def _pips(tiles: Sequence[Tile]) -> int:
    """The pips of a group of tiles."""
    return sum(tile.pips for tile in tiles)


# --- abw333 --------------------------------------------------------------------------------------


def to_abw333(match: Match) -> list[dict[str, Any]]:
    """Every hand of ``match`` for abw333's ``dominoes`` package, as JSON-ready data.

    Each hand is a dict:

    - ``hand``: its number in the match (from 1);
    - ``player_of_seat``: abw333's player for each of our seats (``[0, 1, 2, 3]`` when play
      goes clockwise; ``[0, 3, 2, 1]``, a mirror, when anticlockwise);
    - ``hands``: each abw333 player's tiles as dealt, as ``[a, b]`` pairs with ``a <= b``
      (abw333's own orientation, ``Domino(a, b)``);
    - ``starting_player``: the player who opens; ``starting_domino``: the tile he had to
      open with (``[6, 6]`` in a first hand of partnership-block), or ``None`` for any tile;
    - ``moves``: the plays only, each ``[[a, b], left]``, to feed ``game.make_move`` in
      order (passes are omitted: abw333 makes them itself). The opening domino is written
      ``[low, high]`` with ``left`` ``True``, so its low half faces left, as ours faces west;
    - ``history``: the moves with every pass as ``None``, as abw333 keeps ``game.moves``;
    - ``board``: the line at the end, west to east, each tile as abw333 lays it
      (``[d.first, d.second]`` for ``d`` in ``game.board.board``);
    - ``result``: ``None`` while the hand is unfinished, else abw333's ``Result`` as a dict
      ``{"player", "won", "points"}``: the last player to play, whether he went out, and
      abw333's points (positive for players 0 and 2). abw333 scores a hand its own way
      (every pip left, the winners' too), so its points are not ours; the winning
      partnership is always the same;
    - ``our_points``: ``None`` while the hand is unfinished, else what our engine scored
      for the hand, signed as abw333 signs ``points`` (0 for a tied block). Its sign is
      always the sign of abw333's ``points``.

    Raises :class:`RulesError` (``not-exportable``) unless the rules are a four-player
    partnership block game with a double-six set and 7 tiles each (``partnership-block``).
    """
    rules = match.rules
    _require(abw333_problems(rules), rules, "abw333's dominoes")
    if rules.direction is Direction.CLOCKWISE:
        player_of_seat = [0, 1, 2, 3]
    else:
        player_of_seat = [(-seat) % 4 for seat in range(4)]
    return [_abw333_hand(number, hand, player_of_seat) for number, hand in enumerate(match.hands, start=1)]


def _abw333_hand(number: int, hand: Hand, player_of_seat: list[int]) -> dict[str, Any]:
    """One hand for abw333 (see :func:`to_abw333`)."""
    seat_of_player = {player: seat for seat, player in enumerate(player_of_seat)}
    steps = _steps(hand)
    history: list[list[Any] | None] = [
        None if step.play is None else [_pair(step.play.tile), _is_left(step.play)] for step in steps
    ]
    result = hand.result
    exported: dict[str, Any] | None = None
    our_points: int | None = None
    if result is not None:
        last = player_of_seat[next(step.seat for step in reversed(steps) if step.play is not None)]
        pips = [result.pips[seat_of_player[player]] for player in range(4)]
        if result.reason == "out":
            # abw333: pow(-1, player) * every pip left (dominoes/game.py, Game.make_move)
            points = (-1) ** last * sum(pips)
        else:
            # stuck: the team with fewer pips scores both teams' pips; equal totals score 0
            team = (pips[0] + pips[2], pips[1] + pips[3])
            points = 0 if team[0] == team[1] else sum(team) * (1 if team[0] < team[1] else -1)
        exported = {"player": last, "won": result.reason == "out", "points": points}
        ours = 0 if result.winner_side is None else result.points[result.winner_side]
        our_points = ours if result.winner_side == 0 else -ours
    opening_tile = hand.opening.tile if not hand.opening.lead_choices else None
    return {
        "hand": number,
        "player_of_seat": list(player_of_seat),
        "hands": [[_pair(tile) for tile in hand.dealt[seat_of_player[player]]] for player in range(4)],
        "starting_player": player_of_seat[_opener(hand)],
        "starting_domino": None if opening_tile is None else _pair(opening_tile),
        "moves": [move for move in history if move is not None],
        "history": history,
        "board": _line(hand.layout),
        "result": exported,
        "our_points": our_points,
    }


# --- OpenSpiel -----------------------------------------------------------------------------------


def to_openspiel(match: Match) -> list[dict[str, Any]]:
    """Every hand of ``match`` as an OpenSpiel action sequence, as JSON-ready data.

    Each hand is a dict:

    - ``hand``: its number in the match (from 1);
    - ``game``: ``python_block_dominoes`` (2 players) or ``python_team_dominoes`` (4);
    - ``player_of_seat``: OpenSpiel's player for each of our seats. OpenSpiel's player 0
      always opens, so the seats are counted from this hand's opener in the direction of
      play (partners stay opposite: players 0 and 2 are a partnership);
    - ``actions``: every action id in order, to give ``state.apply_action`` one by one:
      first the deal, then the plays (passes are automatic in OpenSpiel, so none appear).
      The block game deals player 0's 7 tiles then player 1's (its 14 other tiles are
      never dealt); the team game deals round the table, one tile to players 0, 1, 2, 3
      in turn, seven times;
    - ``action_strings``: what ``state.action_to_string(state.current_player(), id)``
      says for each (``Deal (0.0, 6.0)``, ``p0 tile:(0.0, 6.0) pip:None``);
    - ``deal_actions``: how many of the actions are the deal (14 or 28);
    - ``terminal``: whether the hand is over (``state.is_terminal()`` after the last action);
    - ``returns``: ``None`` while the hand is unfinished, else ``state.returns()``: the
      side with fewer pips left (a player, or two partners' together) scores the losers'
      pips, the losers the same negated; equal counts give 0;
    - ``our_returns``: ``None`` while the hand is unfinished, else our engine's points for
      the hand in the same form (the winning side's players ``+points``, the others
      ``-points``; 0 each for a tied block). They equal ``returns`` except after a player
      of the team game goes out while his partner still holds at least as many pips as
      the other partnership: we (as Scarne) give the hand to the side that went out,
      OpenSpiel compares the partnerships' pips all the same and calls it a tie or gives
      it to the other side.

    Raises :class:`RulesError` (``not-exportable``) unless the rules are a double-six block
    game with 7 tiles each for 2 players (``block``) or two partnerships (``partnership-block``).
    """
    rules = match.rules
    _require(openspiel_problems(rules), rules, "OpenSpiel")
    return [_openspiel_hand(number, hand) for number, hand in enumerate(match.hands, start=1)]


def _openspiel_hand(number: int, hand: Hand) -> dict[str, Any]:
    """One hand for OpenSpiel (see :func:`to_openspiel`)."""
    rules = hand.rules
    players = rules.players
    opener = _opener(hand)
    step = 1 if rules.direction is Direction.CLOCKWISE else -1
    player_of_seat = [((seat - opener) * step) % players for seat in range(players)]
    seat_of_player = {player: seat for seat, player in enumerate(player_of_seat)}
    held = [hand.dealt[seat_of_player[player]] for player in range(players)]
    if players == 2:
        dealt = [tile for tiles in held for tile in tiles]
    else:
        dealt = [held[player][index] for index in range(rules.hand_size) for player in range(players)]
    actions = [openspiel_deal_action(tile) for tile in dealt]
    strings = [_deal_string(tile) for tile in dealt]
    for turn in _steps(hand):
        if turn.play is None:
            continue
        player = player_of_seat[turn.seat]
        actions.append(openspiel_play_action(player, turn.play.tile, turn.covered))
        strings.append(openspiel_play_string(player, turn.play.tile, turn.covered))
    result = hand.result
    returns: list[int] | None = None
    our_returns: list[int] | None = None
    if result is not None:
        our_returns = [0] * players
        if result.winner_side is not None:
            won = result.points[result.winner_side]
            for player in range(players):
                winner = rules.side_of(seat_of_player[player]) == result.winner_side
                our_returns[player] = won if winner else -won
        # OpenSpiel: each side's pips left; the lower scores the higher's pips (returns()).
        left = [_pips(result.hands[seat_of_player[player]]) for player in range(players)]
        side = [left[0], left[1]] if players == 2 else [left[0] + left[2], left[1] + left[3]]
        if side[0] == side[1]:
            returns = [0] * players
        elif side[0] < side[1]:
            returns = [side[1] if player % 2 == 0 else -side[1] for player in range(players)]
        else:
            returns = [-side[0] if player % 2 == 0 else side[0] for player in range(players)]
    return {
        "hand": number,
        "game": OPENSPIEL_BLOCK if players == 2 else OPENSPIEL_TEAM,
        "player_of_seat": player_of_seat,
        "actions": actions,
        "action_strings": strings,
        "deal_actions": len(dealt),
        "terminal": result is not None,
        "returns": returns,
        "our_returns": our_returns,
    }


# --- both, and the command line ------------------------------------------------------------------


def export(match: Match, format_name: str) -> list[dict[str, Any]]:
    """``match`` in one of :data:`FORMATS` (``abw333`` or ``openspiel``)."""
    if format_name == ABW333:
        return to_abw333(match)
    if format_name == OPENSPIEL:
        return to_openspiel(match)
    raise RulesError(f"no export format {format_name!r}; the formats are {', '.join(FORMATS)}", "bad-format")


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``python -m engine.line.export FORMAT RECORD_FILE``: print the export as JSON; returns the exit status.

    Exits 2 for a wrong command line, 1 for a file that cannot be read, is not a valid
    record, or holds a match the other engine cannot play (the reason goes to stderr).
    """
    from engine.line.notation import read_record  # the notation package imports the whole engine

    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 2 or args[0] not in FORMATS:
        print(USAGE, file=sys.stderr)
        return 2
    format_name, name = args
    try:
        text = Path(name).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        print(f"{name}: cannot be read ({error.__class__.__name__}: {error})", file=sys.stderr)
        return 1
    try:
        exported = export(read_record(text), format_name)
    except NotationError as error:
        where = name if error.line is None else f"{name}:{error.line}:{error.column}"
        print(f"{where}: not a valid record: {error}", file=sys.stderr)
        return 1
    except EngineError as error:
        print(f"{name}: {error}", file=sys.stderr)
        return 1
    print(json.dumps(exported, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
