"""The line-of-play rule sets behind the seam every game shares: each :class:`Variant` as a
:class:`~engine.game.Game` (:class:`LineGame`), and a :class:`~engine.line.match.Match` as a
:class:`~engine.game.GameState` (one seat to move; any seat may call a score in the games
scored by hand)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.errors import IllegalActionError, NotationError
from engine.game import Game, GameState, Outcome
from engine.line.actions import Action, Claim
from engine.line.match import Match
from engine.line.notation import read_record, write_record
from engine.line.variants import VARIANTS, Variant
from engine.line.view import PlayerView
from engine.tiles import Tile

__all__ = ["LINE_GAMES", "LineGame", "LineGameState"]


@dataclass(frozen=True, slots=True, kw_only=True)
class LineGame(Game):
    """A line-of-play rule set as a catalogue entry: its :class:`Variant`, started or read."""

    variant: Variant

    @classmethod
    def of(cls, variant: Variant) -> LineGame:
        """The entry of ``variant`` (its name, rules, options and so on as the variant has them)."""
        return cls(
            id=variant.id,
            name=variant.name,
            group=variant.group,
            source=variant.source,
            summary=variant.summary,
            rules_text=variant.rules_text,
            player_counts=variant.player_counts,
            default_players=variant.default_players,
            options=variant.options,
            variant=variant,
        )

    def targets_for(self, options: Mapping[str, str] | None = None) -> tuple[tuple[int, ...], int]:
        """The variant's targets with these options, and the default one."""
        return self.variant.targets_for(options)

    def check_settings(
        self, players: int | None = None, target: int | None = None, options: Mapping[str, str] | None = None
    ) -> None:
        """Nothing if the variant builds rules for these settings, else the :class:`RulesError`
        its rules raise (some options exclude each other at some player counts)."""
        self.variant.rules(players, target, options)

    def start(
        self,
        players: int | None = None,
        seed: int = 0,
        target: int | None = None,
        options: Mapping[str, str] | None = None,
    ) -> GameState:
        """A new match of the variant's rules for this table, each hand dealt from a seed that
        ``seed`` gives and committed to before the deal (:mod:`engine.fair_deals`)."""
        return LineGameState(self, Match(self.variant.rules(players, target, options), seed, committed=True))

    def read(self, text: str) -> GameState:
        """The match a record of this rule set describes (a record of another is refused)."""
        match = read_record(text)
        found = match.rules.variant
        if found != self.id:
            raise NotationError(
                f"this is a record of {found}, not of {self.id}",
                "bad-record",
                line=1,
                column=1,
                expected=f'[Variant "{self.id}"]',
            )
        return LineGameState(self, match)


LINE_GAMES: dict[str, LineGame] = {variant_id: LineGame.of(variant) for variant_id, variant in VARIANTS.items()}
"""Every line-of-play rule set as a catalogue entry, by id."""


class LineGameState:
    """A :class:`Match` behind the :class:`~engine.game.GameState` protocol."""

    def __init__(self, game: LineGame, match: Match) -> None:
        """The state of ``match``, a match of ``game`` (played on through this state or directly)."""
        self._game = game
        self.match = match

    @property
    def game(self) -> Game:
        """The rule set's catalogue entry."""
        return self._game

    @property
    def players(self) -> int:
        """How many seats the match has."""
        return self.match.rules.players

    @property
    def is_over(self) -> bool:
        """Whether a side has won the match."""
        return self.match.is_over

    @property
    def hand_is_over(self) -> bool:
        """Whether the hand in play has ended."""
        return self.match.hand.is_over

    def next_hand(self) -> None:
        """Deal the next hand (see :meth:`Match.next_hand`)."""
        self.match.next_hand()

    def acting(self) -> tuple[int, ...]:
        """The seat to move, and any seat that may call a score out of turn."""
        hand = self.match.hand
        if hand.is_over or self.match.is_over:
            return ()
        return tuple(seat for seat in range(self.players) if seat == hand.turn or hand.legal_claims(seat))

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        """The seat to move's actions; another seat's call of a score, if it may make one."""
        hand = self.match.hand
        if hand.is_over or self.match.is_over:
            return ()
        return self.match.legal_actions() if seat == hand.turn else hand.legal_claims(seat)

    def apply(self, seat: int, action: object) -> None:
        """Play ``action`` for ``seat``, checked by the match (a claim names its own seat)."""
        if not isinstance(action, Action):
            raise IllegalActionError(f"{action!r} is not an action of this game", "unknown-action")
        if isinstance(action, Claim):
            if action.seat != seat:
                raise IllegalActionError(
                    f"{action}: seat {seat} cannot claim for seat {action.seat}", "not-your-turn"
                )
        elif seat != self.match.turn and not self.match.hand.is_over and not self.match.is_over:
            raise IllegalActionError(
                f"{action}: seat {self.match.turn} is to move, not seat {seat}", "not-your-turn"
            )
        self.match.apply(action)

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know, with the match scores."""
        return self.match.view(seat)

    def record(self) -> str:
        """The match's record (see :func:`engine.line.notation.write_record`)."""
        return write_record(self.match)

    def outcome(self) -> Outcome | None:
        """The winning side's seats and every seat's side score, once a side has won."""
        result = self.match.result
        if result is None:
            return None
        rules = self.match.rules
        return Outcome(
            rules.seats_of(result.winner_side),
            tuple(result.scores[rules.side_of(seat)] for seat in range(self.players)),
        )

    def hidden_from(self, seat: int) -> frozenset[Tile]:
        """The other players' tiles and the boneyard, less the tile the rules make the opener
        open with (everyone knows who holds it)."""
        hand = self.match.hand
        others = (tile for other in range(self.players) if other != seat for tile in hand.hand_of(other))
        return frozenset((*others, *hand.boneyard())) - {hand.opening.tile}

    def tile_places(self) -> Mapping[str, tuple[Tile, ...]]:
        """Each seat's tiles, the boneyard and the layout of the hand in play."""
        hand = self.match.hand
        places = {f"seat {seat}": hand.hand_of(seat) for seat in range(self.players)}
        places["boneyard"] = hand.boneyard()
        places["layout"] = tuple(placement.tile for placement in hand.layout.placements)
        return places
