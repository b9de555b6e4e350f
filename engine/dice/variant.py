"""Dice and Dominoes (``dice``) in the catalogue beside the line-of-play rule sets.

:data:`DICE` is a :class:`~engine.line.variants.Variant` for what the app lists and explains
(name, group, summary, the rules panel's paragraphs, the player counts and options), so
the new-game dialog and the rules panel treat it as any rule set. It has no line of play:
its ``build`` refuses to make :class:`~engine.line.rules.Rules`, and it is kept out of
:data:`engine.VARIANTS` (whose every entry plays as a :class:`~engine.line.hand.Hand`);
:func:`dice_session` starts its game instead. :data:`GAMES` lists both kinds.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.dice.session import DiceSession
from engine.errors import RulesError
from engine.line.rules import Rules
from engine.line.variants import VARIANTS, Option, Variant

__all__ = ["DICE", "DICE_GROUP", "GAMES", "dice_session", "get_game"]

DICE_GROUP = "Dice games"
"""The new-game dialog's group for games played with dice."""


def _no_line_of_play(players: int, target: int, options: Mapping[str, str]) -> Rules:
    raise RulesError("Dice and Dominoes has no line of play: start it with dice_session", "not-line-of-play")


DICE = Variant(
    id="dice",
    name="Dice and Dominoes",
    group=DICE_GROUP,
    source="004_eecdb1a17dfc6df4.txt (Dice and Dominoes, Joe Celko)",
    summary="Two dice set the Match Points; everyone puts out tiles in secret at once. For chips.",
    rules_text=(
        "Double-six set, two dice and chips; 2 to 5 players with 4 tiles each. Everyone antes "
        "a chip into the pot and one player throws the dice: their two faces are the Match "
        "Points.",
        "Each round every player puts out two tiles (one if one is left), each face up, to try "
        "to discard it, or face down, to keep it. Nobody sees another's choice until all have "
        "chosen; then all are shown at once.",
        "A face-up tile is discarded if one of its numbers shows on a die. Two tiles need a die "
        "each: on 2 and 6, 0-2 with 1-6 may go, 0-2 with 2-3 may not (two deuces need 2 and 2).",
        "After the round every player draws a tile while the boneyard lasts, except players of "
        "a special and players who went out. Face-down tiles go back to the hand.",
        "Specials, highest first: the Double Perfect (both doubles of the Match Points, 2-2 and "
        "6-6 on 2 and 6), the Perfect (the tile bearing both, 2-6), the Wildcard (0-0, "
        "discarded at any time). A special is discarded, its player does not draw, and every "
        "other player takes back the tiles they put face up and draws. A second tile played "
        "with a special goes too if it matches a die.",
        "The Double Perfect's player may throw the dice again for the next round. If nobody "
        "puts a tile face up, everyone draws and the dice are thrown again.",
        "The first to discard their last tile goes out and takes the pot. Several out in one "
        "round: the one who went out with the highest special wins, else they share the pot "
        "(odd chips stay in it); everyone out together: the pot stays for the next hand.",
        "Hands go on, the first throw passing round the table; a player without a chip for the "
        "ante drops out, and the game ends when one player is left with chips.",
    ),
    player_counts=(2, 3, 4, 5),
    default_players=3,
    targets=(0,),
    default_target=0,
    build=_no_line_of_play,
    options=(
        Option(
            "chips",
            "Starting chips",
            "Each player's chips at the start; the ante is one chip.",
            (("10", "10"), ("20", "20"), ("50", "50")),
            "20",
        ),
        Option(
            "extra-ante",
            "Extra ante",
            "Everyone antes another chip after each round in which tiles were drawn.",
            (("off", "Off"), ("on", "On")),
            "off",
        ),
        Option(
            "sets",
            "Domino sets",
            "Two double-six sets shuffled together: two players may play the same special in a "
            "round and both discard it; one who plays two Perfects or two Wildcards also skips "
            "the next round's draw.",
            (("1", "One set"), ("2", "Two sets")),
            "1",
        ),
    ),
)
"""Dice and Dominoes as the app lists it: options ``chips``, ``extra-ante``, ``sets``."""

GAMES: dict[str, Variant] = {**VARIANTS, DICE.id: DICE}
"""Every rule set the app offers, line-of-play ones and the dice game, by id."""


def get_game(game_id: str) -> Variant:
    """Any offered rule set by id (the dice game included), or a :class:`RulesError`."""
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise RulesError(f"unknown variant {game_id!r}; known: {known}", "unknown-variant") from None


def dice_session(players: int, seed: int, options: Mapping[str, str] | None = None) -> DiceSession:
    """A new session of Dice and Dominoes with these options (checked; defaults filled in)."""
    if players not in DICE.player_counts:
        counts = ", ".join(map(str, DICE.player_counts))
        raise RulesError(f"dice is played by {counts} players, not {players}", "bad-player-count")
    chosen = DICE.resolve_options(players, options)
    return DiceSession.seeded(
        players,
        seed,
        chips=int(chosen["chips"]),
        sets=int(chosen["sets"]),
        extra_ante=chosen["extra-ante"] == "on",
    )
