"""Dice and Dominoes (``dice``) in the catalogue beside the line-of-play rule sets.

:data:`DICE` is a :class:`~engine.game.Game` of its own kind: what the app lists and explains
(name, group, summary, the rules panel's paragraphs, the player counts and options), and how a
session starts (:func:`dice_session`) or is read from its record. It plays for chips, so it has
no point target, and it has no line of play, so it makes no :class:`~engine.line.rules.Rules`.
:mod:`engine.catalogue` lists it with the line-of-play rule sets.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from engine.dice.game import DiceGame
from engine.game import Option

if TYPE_CHECKING:
    from engine.dice.session import DiceSession

__all__ = ["DICE", "DICE_GROUP", "dice_session"]

DICE_GROUP = "Dice games"
"""The new-game dialog's group for games played with dice."""


DICE = DiceGame(
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
    record_only_options=("ante",),
    options=(
        Option(
            "chips",
            "Starting chips",
            "Each player's chips at the start; the ante is one chip.",
            (("10", "10"), ("20", "20"), ("50", "50")),
            "20",
            explains=tuple(
                (chips, f"Each player starts with {chips} chips; the ante is one chip.")
                for chips in ("10", "20", "50")
            ),
        ),
        Option(
            "extra-ante",
            "Extra ante",
            "Everyone antes another chip after each round in which tiles were drawn.",
            (("off", "Off"), ("on", "On")),
            "off",
            explains=(
                ("off", "Everyone antes one chip at the start of each hand, and no more."),
                ("on", "Everyone antes another chip after each round in which tiles were drawn."),
            ),
        ),
        Option(
            "sets",
            "Domino sets",
            "Two double-six sets shuffled together: two players may play the same special in a "
            "round and both discard it; one who plays two Perfects or two Wildcards also skips "
            "the next round's draw.",
            (("1", "One set"), ("2", "Two sets")),
            "1",
            explains=(("1", "One double-six set of 28 tiles: every tile is unique."),),
        ),
    ),
)
"""Dice and Dominoes as the app lists it: options ``chips``, ``extra-ante``, ``sets``."""


def dice_session(players: int, seed: int, options: Mapping[str, str] | None = None) -> DiceSession:
    """A new session of Dice and Dominoes with these options (checked; defaults filled in)."""
    return DICE.new_session(players, seed, options)
