"""The named rule sets: each a :class:`Variant` that builds :class:`Rules` for a table.

Every variant carries its id (used in URLs, records and code), its name, the source
text it follows (a file in ``shared/seeds``) and a short summary the app shows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.errors import RulesError
from engine.rules import DrawRule, FirstOpener, NextStarter, Rules

__all__ = ["VARIANTS", "Variant", "get_variant", "make_rules"]


@dataclass(frozen=True, slots=True)
class Variant:
    """A named rule set and the choices it offers."""

    id: str
    name: str
    source: str
    summary: str
    rules_text: tuple[str, ...]
    """The rules, one short paragraph each, as the app's rules panel shows them."""
    player_counts: tuple[int, ...]
    default_players: int
    targets: tuple[int, ...]
    default_target: int
    build: Callable[[int, int], Rules]
    """Makes the rules for (players, target); call through :meth:`rules`."""

    def rules(self, players: int | None = None, target: int | None = None) -> Rules:
        """The rules for a table of ``players`` playing to ``target`` (defaults if omitted)."""
        players = self.default_players if players is None else players
        target = self.default_target if target is None else target
        if players not in self.player_counts:
            counts = ", ".join(str(count) for count in self.player_counts)
            raise RulesError(f"{self.id} is played by {counts} players, not {players}", "bad-player-count")
        if target not in self.targets:
            targets = ", ".join(str(t) for t in self.targets)
            raise RulesError(f"{self.id} is played to {targets} points, not {target}", "bad-option")
        return self.build(players, target)


def _block(players: int, target: int) -> Rules:
    return Rules(
        variant="block",
        players=players,
        hand_size=7 if players <= 3 else 5,
        first_opener=FirstOpener.HIGHEST_DOUBLE,
        next_starter=NextStarter.WINNER,
        draw=DrawRule.NONE,
        target=target,
    )


def _draw_2(players: int, target: int) -> Rules:
    return Rules(
        variant="draw-2",
        players=players,
        hand_size=7,
        first_opener=FirstOpener.HIGH_DRAW,
        next_starter=NextStarter.ROTATE,
        draw=DrawRule.UNTIL_PLAYABLE,
        boneyard_reserve=2,
        target=target,
    )


VARIANTS: dict[str, Variant] = {
    variant.id: variant
    for variant in (
        Variant(
            id="block",
            name="Block Dominoes",
            source="000_46cffac2192217f5.txt (Scarne: Block Dominoes or The Block Game)",
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
                "The match ends after a hand in which a player reaches 100; the highest score "
                "wins and is credited with the difference from each opponent.",
            ),
            player_counts=(2, 3, 4, 5),
            default_players=4,
            targets=(50, 75, 100),
            default_target=100,
            build=_block,
        ),
        Variant(
            id="draw-2",
            name="Two-Hand Draw",
            source="000_46cffac2192217f5.txt (Scarne: Standard Two-Hand Draw Domino Game)",
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


def make_rules(variant_id: str, players: int | None = None, target: int | None = None) -> Rules:
    """Shorthand for ``get_variant(variant_id).rules(players, target)``."""
    return get_variant(variant_id).rules(players, target)
