"""One round of a game of the train family: the deal, the turns, the round's end and its points.

The round's double (Mexican Train's engine, Chicken Foot's centre double) lies in the middle
before the deal. A turn (``shared/RULES.md``, "The train family"):

- a player who can play lays one tile where they may: in Mexican Train on their own train,
  the Mexican train or a train with a marker; in Chicken Foot on any open end, but the
  centre double's four arms first and a chicken foot's three toes before anything else;
- a player who cannot draws one tile (while any are left) and must lay it if it fits;
  else they pass, and in Mexican Train a marker goes on their train (laying a tile on their
  own train takes it off);
- Mexican Train: a player who lays a double must answer it with a tile on it in the same
  turn (drawing one if they must); one left unanswered stays open, marks its player's
  train, and every player in turn must answer it and play nowhere else. With the
  ``opening-run`` option a player's first turn of the round may lay a run of tiles on their
  own train, ended by :class:`~engine.trains.actions.EndRun`.

The round ends when a player lays their last tile (a double too), or when the boneyard is
empty and every player in turn has passed. Each player then scores what is left in hand.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from operator import attrgetter

from engine.errors import IllegalActionError, RulesError
from engine.tiles import Tile, full_set
from engine.trains.actions import Draw, EndRun, Pass, Play, TrainAction
from engine.trains.layout import MEXICAN, Train, toe_name
from engine.trains.rules import TrainRules

__all__ = ["ARMS", "TOES", "Move", "Situation", "TrainRound", "train_said"]

ARMS = 4
"""The tiles a Chicken Foot centre double takes, one on each side, before any other play."""
TOES = 3
"""The toes of a chicken foot, laid before any other play."""


@dataclass(frozen=True, slots=True)
class Move:
    """One action of a round as it was taken: its turn (from 1), who took it, for a draw
    the tile drawn, and for a draw or a pass the numbers the player could not match then
    (the ends they were allowed to play on: everyone at the table saw that they had none)."""

    turn: int
    seat: int
    action: TrainAction
    drawn: Tile | None = None
    lacked: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class Situation:
    """Where a round stands beside its tiles, as everyone at the table sees it: whose turn
    and which, the markers, the open double or unfinished chicken foot, and how far the
    player to move is in their turn."""

    turn: int
    turn_number: int
    markers: frozenset[int]
    open_double: str | None
    foot: str | None
    toes_laid: int
    drew_this_turn: bool
    laid_this_turn: int
    running: bool
    first_turn_taken: frozenset[int]
    passes_without_draw: int


_TILE_ORDER = attrgetter("low", "high")  # the tiles' own order, compared faster


def train_said(name: str, chicken_foot: bool = False) -> str:
    """A train's name in a sentence: "seat 2's train" and "the Mexican train" (Mexican
    Train), "train 2.1" (Chicken Foot)."""
    if chicken_foot:
        return f"train {name}"
    if name == MEXICAN:
        return "the Mexican train"
    return f"seat {name}'s train" if name.isdigit() else f"train {name}"


class TrainRound:
    """One round in play: every hand, the boneyard (its top first), the trains and markers,
    whose turn it is and what they must do."""

    def __init__(
        self,
        rules: TrainRules,
        number: int,
        hands: list[list[Tile]],
        boneyard: list[Tile],
    ) -> None:
        """Round ``number`` (from 0) with the tiles dealt and the boneyard, its top first;
        the round's double is in the middle and the round's first player is to play."""
        self.rules = rules
        self.number = number
        self.double = rules.round_double(number)
        self._check_deal(hands, boneyard)
        self.dealt = tuple(tuple(hand) for hand in hands)
        self.hands = [list(hand) for hand in hands]
        self.boneyard = list(boneyard)
        self.starter = number % rules.players
        self.turn = self.starter
        self.turn_number = 1
        self.trains: dict[str, Train] = {}
        if not rules.is_chicken_foot:
            for seat in range(rules.players):
                self.trains[str(seat)] = Train(str(seat), self.double.high, owner=seat)
            self.trains[MEXICAN] = Train(MEXICAN, self.double.high)
        self.markers: set[int] = set()
        self.open_double: str | None = None
        """Mexican Train: the train ending in a double nobody has answered yet."""
        self.foot: str | None = None
        """Chicken Foot: the train ending in a double still growing its toes."""
        self.toes_laid = 0
        self.drawn: Tile | None = None
        """The tile the player to move drew since they last laid one (only it may be laid)."""
        self.drew_this_turn = False
        self.laid_this_turn = 0
        self.running = False
        """Whether the player to move is laying an opening run on their own train."""
        self.first_turn_taken: set[int] = set()
        self.passes_without_draw = 0
        self.winner: int | None = None
        """The player who went out (``None`` while the round goes on, or when it blocked)."""
        self.is_over = False
        self.moves: list[Move] = []
        self._origin: TrainRound | None = None
        """A round set out from a position: the round as it was then (a dealt round starts
        from its deal)."""

    @classmethod
    def in_position(
        cls,
        rules: TrainRules,
        number: int,
        hands: list[list[Tile]],
        boneyard: list[Tile],
        trains: list[Train],
        situation: Situation,
        drawn: Tile | None = None,
    ) -> TrainRound:
        """Round ``number`` in play as ``situation`` and ``trains`` say, the tiles in ``hands``
        and ``boneyard`` (``drawn``: the tile the player to move drew this turn); a
        :class:`RulesError` unless every tile of the set is in one place once."""
        placed = [
            *(tile for hand in hands for tile in hand),
            *boneyard,
            *(tile for train in trains for tile in train.tiles),
        ]
        played = object.__new__(cls)
        played.rules, played.number, played.double = rules, number, rules.round_double(number)
        if sorted([*placed, played.double]) != sorted(full_set(rules.max_pip)) or len(hands) != rules.players:
            raise RulesError(
                f"a position of {rules.variant} must hold every tile of its set once", "bad-deal"
            )
        played.dealt = tuple(tuple(hand) for hand in hands)
        played.hands = [list(hand) for hand in hands]
        played.boneyard = list(boneyard)
        played.starter = number % rules.players
        played.trains = {train.name: train.copy() for train in trains}
        played.turn, played.turn_number = situation.turn, situation.turn_number
        played.markers = set(situation.markers)
        played.open_double, played.foot, played.toes_laid = (
            situation.open_double,
            situation.foot,
            situation.toes_laid,
        )
        played.drawn = drawn
        played.drew_this_turn, played.laid_this_turn = situation.drew_this_turn, situation.laid_this_turn
        played.running = situation.running
        played.first_turn_taken = set(situation.first_turn_taken)
        played.passes_without_draw = situation.passes_without_draw
        played.winner, played.is_over, played.moves = None, False, []
        played._origin = played.copy()
        return played

    def situation(self) -> Situation:
        """Where the round stands beside its tiles (see :class:`Situation`)."""
        return Situation(
            self.turn,
            self.turn_number,
            frozenset(self.markers),
            self.open_double,
            self.foot,
            self.toes_laid,
            self.drew_this_turn,
            self.laid_this_turn,
            self.running,
            frozenset(self.first_turn_taken),
            self.passes_without_draw,
        )

    def _check_deal(self, hands: list[list[Tile]], boneyard: list[Tile]) -> None:
        rules = self.rules
        if len(hands) != rules.players or any(len(hand) != rules.hand_size for hand in hands):
            raise RulesError(
                f"a deal of {rules.variant} for {rules.players} gives each {rules.hand_size} tiles",
                "bad-deal",
            )
        dealt = sorted([*(tile for hand in hands for tile in hand), *boneyard, self.double])
        if dealt != sorted(full_set(rules.max_pip)):
            raise RulesError(
                f"a deal must hold every tile of the double-{rules.max_pip} set once, the "
                f"{self.double} in the middle",
                "bad-deal",
            )

    # --- where a player may lay a tile ---------------------------------------------------

    @property
    def arms_laid(self) -> int:
        """Chicken Foot: how many of the centre double's four sides have a tile."""
        return sum(1 for name in self.trains if "." not in name)

    def targets(self, seat: int) -> tuple[tuple[str, int], ...]:
        """The trains ``seat`` may lay a tile on now, each with the number it must match."""
        if self.rules.is_chicken_foot:
            return self._chicken_targets()
        if self.open_double is not None:
            return ((self.open_double, self.trains[self.open_double].end),)
        own = self.trains[str(seat)]
        if self.running:
            return ((own.name, own.end),)
        return tuple(
            (train.name, train.end)
            for train in self.trains.values()
            if train.owner in (seat, None) or train.owner in self.markers
        )

    def _chicken_targets(self) -> tuple[tuple[str, int], ...]:
        if self.arms_laid < ARMS:
            return ((str(self.arms_laid + 1), self.double.high),)
        if self.foot is not None:
            return ((toe_name(self.foot, self.toes_laid + 1), self.trains[self.foot].end),)
        return tuple((train.name, train.end) for train in self.trains.values() if not train.ends_in_double)

    def plays(self, seat: int) -> tuple[Play, ...]:
        """Every tile ``seat`` may lay now and where, tile by tile (empty if it is not their turn)."""
        if self.is_over or seat != self.turn:
            return ()
        tiles = (self.drawn,) if self.drawn is not None else sorted(self.hands[seat], key=_TILE_ORDER)
        targets = self.targets(seat)
        return tuple(Play(tile, name) for tile in tiles for name, value in targets if tile.has(value))

    def legal_actions(self, seat: int) -> tuple[TrainAction, ...]:
        """What ``seat`` may do now: its plays (and, in an opening run, stopping it), else a
        draw while the boneyard lasts, else a pass; nothing when it is not their turn."""
        if self.is_over or seat != self.turn:
            return ()
        plays = self.plays(seat)
        if self.running and self.open_double is None:
            return (*plays, EndRun())
        if plays:
            return plays
        if self.drawn is None and self.boneyard:
            return (Draw(),)
        return (Pass(),)

    # --- acting --------------------------------------------------------------------------

    def apply(self, seat: int, action: TrainAction) -> Tile | None:
        """``seat`` takes ``action``, checked: one it may not take raises
        :class:`IllegalActionError` naming why, and changes nothing. Returns the tile drawn
        by a draw."""
        self._check(seat, action)
        return self.step(seat, action)

    def step(self, seat: int, action: TrainAction) -> Tile | None:
        """``seat`` takes ``action`` unchecked: for a search that takes only actions
        :meth:`legal_actions` offered (anything else leaves the round in a state the rules
        never reach). Returns the tile drawn by a draw."""
        turn = self.turn_number
        drawn = None
        lacked = (
            frozenset(value for _, value in self.targets(seat))
            if isinstance(action, (Draw, Pass))
            else frozenset()
        )
        if isinstance(action, Play):
            self._lay(seat, action)
        elif isinstance(action, Draw):
            drawn = self.boneyard.pop(0)
            self.hands[seat].append(drawn)
            self.drawn = drawn
            self.drew_this_turn = True
        elif isinstance(action, Pass):
            self._pass(seat)
        else:
            self._end_turn()
        self.moves.append(Move(turn, seat, action, drawn, lacked))
        return drawn

    def copy(self) -> TrainRound:
        """A round in the same state that plays on without changing this one."""
        twin = copy.copy(self)
        twin.hands = [list(hand) for hand in self.hands]
        twin.boneyard = list(self.boneyard)
        twin.trains = {name: train.copy() for name, train in self.trains.items()}
        twin.markers = set(self.markers)
        twin.first_turn_taken = set(self.first_turn_taken)
        twin.moves = list(self.moves)
        return twin

    def replayed(self, moves: int) -> TrainRound:
        """This round again from its start (its deal, or the position it was set out from)
        with its first ``moves`` moves taken again: for taking moves back, and for a replay."""
        if self._origin is not None:
            again = self._origin.copy()
        else:
            drawn = [move.drawn for move in self.moves if move.drawn is not None]
            again = TrainRound(
                self.rules, self.number, [list(hand) for hand in self.dealt], drawn + self.boneyard
            )
        for move in self.moves[:moves]:
            again.step(move.seat, move.action)
        return again

    def put_on_top(self, tile: Tile) -> None:
        """Move ``tile`` to the top of the boneyard, so the next draw takes it (a record names
        the tiles drawn); an :class:`IllegalActionError` if it is not in the boneyard."""
        if tile not in self.boneyard:
            raise IllegalActionError(f"{tile} is not in the boneyard", "not-in-boneyard")
        self.boneyard.remove(tile)
        self.boneyard.insert(0, tile)

    def _check(self, seat: int, action: object) -> None:
        if self.is_over:
            raise IllegalActionError("the round is over", "hand-over")
        if not isinstance(action, (Play, Draw, Pass, EndRun)):
            raise IllegalActionError(f"{action!r} is not an action of {self.rules.variant}", "unknown-action")
        if seat != self.turn:
            raise IllegalActionError(f"seat {self.turn} is to play, not seat {seat}", "not-your-turn")
        legal = self.legal_actions(seat)
        if action in legal:
            return
        if isinstance(action, Play):
            self._refuse_play(seat, action)
        plays = [move for move in legal if isinstance(move, Play)]
        if isinstance(action, EndRun):
            raise IllegalActionError("no opening run is being laid", "no-run")
        if isinstance(action, Draw) and (self.drawn is not None or not self.boneyard):
            why = "a tile was drawn this turn" if self.drawn is not None else "the boneyard is empty"
            raise IllegalActionError(f"seat {seat} cannot draw: {why}", "cannot-draw")
        if plays:
            raise IllegalActionError(f"seat {seat} can lay {plays[0].tile}, so must play", "must-play")
        raise IllegalActionError(f"seat {seat} must draw a tile before passing", "cannot-pass")

    def _refuse_play(self, seat: int, play: Play) -> None:
        tile, name = play.tile, play.train
        if tile not in self.hands[seat]:
            raise IllegalActionError(f"seat {seat} does not hold {tile}", "tile-not-in-hand")
        if self.drawn is not None and tile != self.drawn:
            raise IllegalActionError(f"only the tile just drawn, {self.drawn}, may be laid now", "play-drawn")
        targets = dict(self.targets(seat))
        if name in targets:
            raise IllegalActionError(
                f"{tile} does not match the {targets[name]} at the end of {self._said(name)}",
                "does-not-match",
            )
        if self.rules.is_chicken_foot:
            self._refuse_chicken_target(name)
        if name not in self.trains:
            raise IllegalActionError(f"there is no {self._said(name)}", "no-such-train")
        if self.open_double is not None:
            double = self.trains[self.open_double].last
            raise IllegalActionError(
                f"the {double} on {self._said(self.open_double)} must be answered first", "answer-double"
            )
        if self.running:
            raise IllegalActionError(
                f"an opening run is laid on seat {seat}'s own train, not on {self._said(name)}",
                "run-own-train",
            )
        raise IllegalActionError(f"{self._said(name)} is another player's and has no marker", "private-train")

    def _refuse_chicken_target(self, name: str) -> None:
        if self.arms_laid < ARMS:
            raise IllegalActionError(
                f"the centre {self.double} needs a tile on each of its four sides first", "fill-centre"
            )
        if self.foot is not None:
            double = self.trains[self.foot].last
            raise IllegalActionError(
                f"the chicken foot {double} on {self._said(self.foot)} needs its three toes first",
                "fill-foot",
            )
        if name in self.trains:
            raise IllegalActionError(
                f"{self._said(name)} ends in a chicken foot: play on its toes", "no-such-train"
            )
        raise IllegalActionError(f"there is no {self._said(name)}", "no-such-train")

    def _lay(self, seat: int, play: Play) -> None:
        tile, name = play.tile, play.train
        if self.rules.is_chicken_foot and name not in self.trains:
            self.trains[name] = Train(name, self.targets(seat)[0][1])
        train = self.trains[name]
        train.lay(tile)
        self.hands[seat].remove(tile)
        self.drawn = None
        self.passes_without_draw = 0
        self.laid_this_turn += 1
        if self.rules.is_chicken_foot:
            self._after_chicken_play(name, tile)
        else:
            self._after_mexican_play(seat, train, tile)

    def _after_chicken_play(self, name: str, tile: Tile) -> None:
        if self.foot is not None:
            self.toes_laid += 1
            if self.toes_laid == TOES:
                self.foot, self.toes_laid = None, 0
        if tile.is_double:
            self.foot, self.toes_laid = name, 0
        if not self._went_out(self.turn):
            self._end_turn()

    def _after_mexican_play(self, seat: int, train: Train, tile: Tile) -> None:
        if train.owner == seat:
            self.markers.discard(seat)
        starts_run = (
            self.rules.opening_run
            and train.owner == seat
            and seat not in self.first_turn_taken
            and not self.drew_this_turn
            and self.laid_this_turn == 1
        )
        self.running = self.running or starts_run
        if self._went_out(seat):
            return
        if tile.is_double:
            self.open_double = train.name
            return
        if self.open_double == train.name:
            self.open_double = None
        if self.running:
            return  # a run goes on until its player ends it: stopping early must not tell others why
        self._end_turn()

    def _went_out(self, seat: int) -> bool:
        if self.hands[seat]:
            return False
        self.winner = seat
        self.is_over = True
        self.first_turn_taken.add(seat)
        return True

    def _pass(self, seat: int) -> None:
        if self.drawn is None and not self.boneyard:
            self.passes_without_draw += 1
        if not self.rules.is_chicken_foot:
            self.markers.add(seat)
        self._end_turn()
        if self.passes_without_draw >= self.rules.players:
            self.is_over = True

    def _end_turn(self) -> None:
        self.first_turn_taken.add(self.turn)
        self.turn = (self.turn + 1) % self.rules.players
        self.turn_number += 1
        self.drawn = None
        self.drew_this_turn = False
        self.laid_this_turn = 0
        self.running = False

    def _said(self, name: str) -> str:
        return train_said(name, self.rules.is_chicken_foot)

    # --- the end -------------------------------------------------------------------------

    def points(self) -> tuple[int, ...]:
        """What each player's tiles in hand count now (their points for the round once it is over)."""
        return tuple(self.rules.hand_points(hand) for hand in self.hands)

    def hidden_from(self, seat: int) -> frozenset[Tile]:
        """The tiles ``seat`` cannot place: the other players' hands and the boneyard."""
        return frozenset(
            tile for other, hand in enumerate(self.hands) if other != seat for tile in hand
        ) | frozenset(self.boneyard)

    def table_tiles(self) -> tuple[Tile, ...]:
        """The round's double and every tile laid on a train."""
        return (self.double, *(tile for train in self.trains.values() for tile in train.tiles))
