"""A game of the train family at the table, as the person holding the device sees it.

Every change goes through here, as in the line-of-play games' controller
(:class:`web.line.controller.Controller`, whose interface this one follows): the person's
tap on a tile and then on a lit train, a draw, a pass, the end of an opening run, a
computer player's move, the next round. Each adds what is said about it to
:attr:`TrainController.announcements` (told by :mod:`engine.trains.explain`), which the page
reads out. With people sharing the device (pass and play) the table hides every hand
between two people's turns, and tells each what they missed since their last turn.

Pure Python (the engine and the standard library); no browser imports.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from dataclasses import dataclass
from typing import Self

from engine import EngineError, IllegalActionError, RulesError, Tile
from engine.catalogue import get_game
from engine.thinking import think_through
from engine.trains.actions import Draw, EndRun, Play, TrainAction
from engine.trains.ai import make_train_bot
from engine.trains.ai.search import ExpertTrainBot
from engine.trains.explain import tell_move, tell_round_end, train_named
from engine.trains.game import TrainGame
from engine.trains.match import TrainMatch
from engine.trains.notation import read_train_record, write_train_record
from engine.trains.round import TrainRound
from engine.trains.view import TrainView, train_view
from engine.words import agree, and_list
from web.plates import name_wordings
from web.seats import seat_names, shared_names
from web.settings import HUMAN, Settings
from web.storage.game_record import read_settings

__all__ = ["TrainController", "TrainHint"]


@dataclass(frozen=True)
class TrainHint:
    """The Expert's suggestion for the person's move, and the move in words."""

    action: TrainAction
    reason: str


def rules_of(settings: Settings) -> TrainGame:
    """The catalogue entry of a train game's settings."""
    game = get_game(settings.variant)
    if not isinstance(game, TrainGame):
        raise RulesError(f"{settings.variant} is not a train game", "unknown-variant")
    return game


class TrainController:
    """One game of Mexican Train or Chicken Foot, seen by the person holding the device.

    With one person, that is always seat 0. In pass and play several seats are people's
    (:attr:`human_seats`); :attr:`human_seat` is the one whose tiles the table shows, and
    between two people's turns the phase is ``pass``.
    """

    def __init__(self, settings: Settings, seed: int, *, committed: bool = False) -> None:
        """A new game with ``settings``, each round dealt from ``seed``. ``committed`` is the
        tables' common signature and changes nothing: the train games' deals carry no
        commitments (:mod:`engine.fair_deals` is the line games')."""
        game = rules_of(settings)
        self._attach(settings, TrainMatch(game.rules_for(settings.players, dict(settings.options)), seed))
        self._announce_round()

    # --- saving and restoring ---------------------------------------------------------

    def save(self) -> str:
        """The whole game as a record (``docs/notation.md``, "Train game records"), each
        seat's name and level in its tags."""
        tags = self.match.tags
        for seat in range(self.settings.players):
            tags[f"Seat{seat}"] = self.names[seat]
            tags[f"Level{seat}"] = HUMAN if seat == 0 else self.settings.levels[seat - 1]
        return write_train_record(self.match)

    def progress(self) -> str:
        """How far the game has got, in the player's words: ``"round 2, move 14"``, ``"the
        end of round 2"`` or ``"the end of the game"``."""
        played = self.match.round
        if self.match.is_over:
            return "the end of the game"
        if played.is_over:
            return f"the end of round {played.number + 1}"
        return f"round {played.number + 1}, move {len(played.moves)}"

    def moves_made(self) -> int:
        """The moves made so far in the game (which of two saves of a table is further on)."""
        return sum(len(played.moves) for played in self.match.rounds)

    @classmethod
    def restore(cls, text: str) -> TrainController:
        """The game saved by :meth:`save`; raises :class:`EngineError` if the save is damaged."""
        settings = read_settings(text)
        match = read_train_record(text)
        if match.rules.players != settings.players:  # (both read one tag: a guard, not a case)
            raise RulesError("the record's players and its rounds disagree", "bad-record")
        controller = cls.over(settings, match)
        controller._say("Welcome back: your game was restored.")
        return controller

    @classmethod
    def play_on(cls, text: str) -> TrainController:
        """The game of a record, to play on from where it stands; raises
        :class:`EngineError`, in the player's words, if it is not valid or is over."""
        controller = cls.restore(text)
        if controller.match.is_over:
            raise RulesError("this game is over: replay it instead", "match-over")
        controller.announcements.append("The game you opened is on the table: play on.")
        return controller

    @classmethod
    def over(cls, settings: Settings, match: TrainMatch) -> Self:
        """A table around a game already under way (restored, taken back, or replayed)."""
        controller = cls.__new__(cls)
        controller._attach(settings, match)
        played = match.round
        if controller.pass_and_play and not played.is_over and played.turn in controller.human_seats:
            controller.human_seat = played.turn  # (hidden until they take the device)
        controller._retell_round()
        return controller

    @classmethod
    def viewing(cls, settings: Settings, match: TrainMatch, names: tuple[str, ...], seat: int = 0) -> Self:
        """A still table over a game as it stands (for a replay): nobody moves; ``seat``'s
        tiles are shown."""
        controller = cls.__new__(cls)
        controller._attach(settings, match)
        controller.names = names
        controller.human_seat = seat
        controller.human_seats = frozenset()
        controller._hidden = False
        return controller

    def _attach(self, settings: Settings, match: TrainMatch) -> None:
        """Set up the table around a game (new, restored or taken back)."""
        self.settings = settings
        self.match = match
        self.pass_and_play = settings.pass_and_play
        """Whether people share the device, passing it between their turns."""
        self.human_seats = frozenset(
            seat for seat in range(settings.players) if seat == 0 or settings.levels[seat - 1] == HUMAN
        )
        """The seats people play (only seat 0 unless people share the device)."""
        self.names = (
            shared_names(tuple(range(settings.players)), self.human_seats)
            if self.pass_and_play
            else seat_names(settings.players)
        )
        self.human_seat = 0
        """The seat whose tiles the table shows: the person holding the device."""
        self._hidden = self.pass_and_play
        """Whether that seat's tiles are hidden too, until the next person to move takes the
        device: a shared game starts so, and so does each of its rounds and a reload."""
        self._bots = {
            seat: make_train_bot(settings.levels[seat - 1])
            for seat in range(settings.players)
            if seat not in self.human_seats
        }
        self.selected: Tile | None = None
        """The tile the person picked up, waiting for the train it goes on."""
        self.hint: TrainHint | None = None
        """The Expert's suggestion for the person's current move, once asked for."""
        self.announcements: list[str] = []
        self.said = 0
        """How many things have been said at this table (``announcements`` keeps the newest)."""
        self._story: list[str] = []
        """What was said of this round, in order (its opening, then each move)."""
        self._told_up_to: dict[int, int] = dict.fromkeys(self.human_seats, 0)
        """For each person's seat, how much of :attr:`_story` there was when they last moved:
        what they missed since is told them when they take the device."""

    # --- what the page shows ----------------------------------------------------------

    @property
    def round(self) -> TrainRound:
        """The round in play (or the last one, once the game is over)."""
        return self.match.round

    @property
    def phase(self) -> str:
        """``human`` (the person holding the device moves), ``pass`` (another person's move:
        the device goes to them), ``bot``, ``hand-over`` (a round is over) or ``match-over``."""
        if self.match.is_over:
            return "match-over"
        played = self.round
        if played.is_over:
            return "hand-over"
        if played.turn not in self.human_seats:
            return "bot"
        return "human" if played.turn == self.human_seat and not self._hidden else "pass"

    @property
    def hand_hidden(self) -> bool:
        """Whether the table hides the tiles of :attr:`human_seat` (while the device is passed)."""
        return self._hidden or self.phase == "pass"

    @property
    def pass_to(self) -> str:
        """The name of the person the device goes to now ("" unless the phase is ``pass``)."""
        return self.names[self.round.turn] if self.phase == "pass" else ""

    def take_device(self) -> None:
        """The person to move says they hold the device: the table shows their tiles."""
        if self.phase != "pass":
            self._say("Nothing to pass: play on.")
            return
        seat = self.round.turn
        missed = self.missed_by(seat)
        heading = self.missed_heading(seat)
        self.human_seat = seat
        self._hidden = False
        self.selected = None
        self.hint = None
        since = f" {heading}: {' '.join(missed)}" if missed else ""
        self._say(f"{self.names[seat]} to play.{since}")

    def missed_heading(self, seat: int) -> str:
        """What :meth:`missed_by` covers: "Since your last turn", or "So far this round"
        before the person at ``seat`` has moved in it."""
        return "Since your last turn" if self._told_up_to.get(seat, 0) > 0 else "So far this round"

    def missed_by(self, seat: int) -> list[str]:
        """What was said at the table since the person at ``seat`` last moved (or since the
        round began): every move the others made, in order, as public as the table (a draw
        told without its tile)."""
        told = self._told_up_to.get(seat)
        return [] if told is None else self._story[told:]

    def view(self) -> TrainView:
        """What the person holding the device may see (the tiles of :attr:`human_seat`)."""
        return train_view(self.match, self.human_seat)

    def hand_shown(self) -> tuple[Tile, ...]:
        """The tiles the table shows face up at the bottom: none while they are hidden."""
        return () if self.hand_hidden else tuple(self.round.hands[self.human_seat])

    def legal(self) -> tuple[TrainAction, ...]:
        """What the person may do now (nothing unless it is their move)."""
        return self.round.legal_actions(self.human_seat) if self.phase == "human" else ()

    def playable_tiles(self) -> frozenset[Tile]:
        """The person's tiles that can be laid now."""
        return frozenset(action.tile for action in self.legal() if isinstance(action, Play))

    def trains_for(self, tile: Tile | None) -> tuple[str, ...]:
        """The trains ``tile`` may be laid on now (what the table lights up)."""
        return tuple(
            action.train for action in self.legal() if isinstance(action, Play) and action.tile == tile
        )

    def trains_for_selected(self) -> tuple[str, ...]:
        """The trains the selected tile may be laid on (lit on the table)."""
        return self.trains_for(self.selected) if self.selected is not None else ()

    def can(self, action: TrainAction) -> bool:
        """Whether the person may take ``action`` now."""
        return action in self.legal()

    def train_name(self, name: str, mover: int | None = None) -> str:
        """A train in the table's words: "the Mexican train", "West's train", "arm 2"."""
        return train_named(self.round, name, self.names, mover)

    @property
    def last_announcement(self) -> str:
        """The latest thing said at the table."""
        return self.announcements[-1] if self.announcements else ""

    def turn_text(self) -> str:
        """What the person is to do now, or whose turn it is, in a line."""
        phase = self.phase
        if phase == "pass":
            return f"Pass the device to {self.pass_to}."
        if phase == "bot":
            return f"{self.names[self.round.turn]} to play."
        if phase == "hand-over":
            return f"Round {self.round.number + 1} is over."
        if phase == "match-over":
            return "The game is over."
        played, legal = self.round, self.legal()
        if self.selected is not None:
            return f"Now tap a lit train for {self.selected}."
        plays = [action for action in legal if isinstance(action, Play)]
        if played.running:
            return (
                "Your opening run: lay another tile on your own train, or end your run."
                if plays
                else "Nothing more fits your train: end your run."
            )
        if played.open_double is not None:
            double = played.trains[played.open_double].last
            where = self.train_name(played.open_double)
            return (
                f"Answer the {double} on {where}."
                if plays
                else f"Nothing answers the {double} on {where}: {'draw' if Draw() in legal else 'pass'}."
            )
        if played.drawn is not None:
            return (
                f"You drew {played.drawn}: lay it, or pass."
                if plays
                else f"You drew {played.drawn}: it fits nowhere, so pass."
            )
        if plays:
            return "Your turn: tap a tile, then a lit train."
        return (
            "Nothing fits: draw a tile."
            if Draw() in legal
            else "Nothing fits and the boneyard is empty: pass."
        )

    # --- what the person does ---------------------------------------------------------

    def tap_tile(self, tile: Tile) -> None:
        """The person tapped one of their tiles: lay it where it fits if that is one train,
        else pick it up and light the trains it fits (tapped again: put back)."""
        if self.phase != "human":
            self._say("Wait for your turn.")
            return
        trains = self.trains_for(tile)
        if not trains:
            self._say(self._why_not(tile))
            return
        if len(trains) == 1:
            self.act(Play(tile, trains[0]))
            return
        if self.selected == tile:
            self.selected = None
            self._say(f"{tile} put back.")
            return
        self.selected = tile
        self._say(f"{tile} fits {len(trains)} trains: tap the one it goes on.")

    def pick_up(self, tile: Tile) -> bool:
        """The person starts dragging ``tile``: it is picked up and every train it fits is
        lit. False, with the reason said, if it cannot be laid now."""
        if self.phase != "human":
            self._say("Wait for your turn.")
            return False
        if not self.trains_for(tile):
            self._say(self._why_not(tile))
            return False
        self.selected = tile
        return True

    def drop(self, tile: Tile, train: str | None, on_board: bool) -> None:
        """The person let go of the dragged ``tile``: over a lit ``train`` it is laid there; a
        tile that fits one train is laid when let go anywhere ``on_board``; else it goes back."""
        trains = self.trains_for(tile)
        if self.phase != "human" or self.selected != tile or not trains:
            self._say("Wait for your turn." if self.phase != "human" else self._why_not(tile))
            return
        if train in trains:
            self.act(Play(tile, train))
        elif on_board and len(trains) == 1:
            self.act(Play(tile, trains[0]))
        else:
            self.selected = None
            self._say(f"{tile} put back.")

    def choose_train(self, name: str) -> None:
        """The person tapped a train for the selected tile."""
        if self.selected is None or name not in self.trains_for_selected():
            self._say("Tap a tile first, then one of the lit trains.")
            return
        self.act(Play(self.selected, name))

    def act(self, action: TrainAction) -> None:
        """The seat to move takes ``action``; it is told, with the round's end if it ends it.
        An action the rules refuse changes nothing and is told in the player's words."""
        played = self.round
        seat = played.turn
        try:
            drawn = self.match.apply(seat, action)
        except IllegalActionError as error:
            self._say(self._refusal(error))
            return
        self.selected = None
        self.hint = None
        public = tell_move(played, len(played.moves) - 1, self.names)
        own_draw = drawn is not None and seat == self.human_seat and not self.pass_and_play
        ending = []
        if played.is_over:
            ending.append(tell_round_end(played, self.names))
            if self.match.is_over:
                ending.append(self._game_end())
        self._say(" ".join([f"You draw {drawn}." if own_draw else public, *ending]))
        self._story.append(" ".join([public, *ending]))
        if seat in self.human_seats:
            self._told_up_to[seat] = len(self._story)

    def _why_not(self, tile: Tile) -> str:
        """Why ``tile`` cannot be laid now, in the person's words."""
        played = self.round
        if tile not in played.hands[self.human_seat]:
            return f"{tile} is not in your hand."
        if played.drawn is not None and tile != played.drawn:
            return f"You drew {played.drawn}: only it may be laid now."
        if played.open_double is not None:
            double = played.trains[played.open_double].last
            return f"{tile} does not answer the {double} on {self.train_name(played.open_double)}, which comes first."
        if played.foot is not None:
            return (
                f"{tile} does not fit the chicken foot on {self.train_name(played.foot)}, which comes first."
            )
        if played.rules.is_chicken_foot and played.arms_laid < 4:
            return f"{tile} does not match the centre {played.double}, which needs a tile on each side first."
        if played.running:
            return f"{tile} does not fit your own train, where your run goes."
        return f"{tile} fits no train open to you."

    def _refusal(self, error: EngineError) -> str:
        """An action the rules refused, in the player's words (never the engine's seat numbers)."""
        return {
            "not-your-turn": "Wait for your turn.",
            "hand-over": "The round is over.",
            "cannot-draw": "You cannot draw now.",
            "must-play": "You can lay a tile, so you must.",
            "cannot-pass": "Draw a tile first: you may pass only when it does not fit.",
            "no-run": "You are not laying an opening run.",
        }.get(error.code, "That tile cannot go there.")

    # --- the computer players and hints ----------------------------------------------------

    def _rng(self, what: str, seat: int) -> random.Random:
        played = self.round
        return random.Random(f"{what}:{self.match.seed}:{played.number}:{len(played.moves)}:{seat}")

    def bot_move(self) -> None:
        """Let the computer player to move take one action (thinking all at once)."""
        self.act(think_through(self.bot_thinking()))

    def bot_thinking(self) -> Generator[None, None, TrainAction]:
        """The computer player to move thinks: yields between slices of its search, returns
        its action (the page plays it with :meth:`act`). It depends only on the game."""
        if self.phase != "bot":
            raise IllegalActionError("no computer player is to move", "not-your-turn")
        seat = self.round.turn
        bot = self._bots[seat]
        view = train_view(self.match, seat)
        think = getattr(bot, "think", None)
        if think is not None:
            action: TrainAction = yield from think(view, self._rng("bot", seat))
            return action
        return bot.choose(view, self._rng("bot", seat))

    def hint_thinking(self) -> Generator[None, None, TrainHint]:
        """The Expert thinks about the person's move (from their seat's view only); returns
        the :class:`TrainHint`, also kept in :attr:`hint`. Refused unless it is their move."""
        if self.phase != "human":
            raise IllegalActionError("a hint is for your own move", "not-your-turn")
        moves = self.moves_made()
        action = yield from ExpertTrainBot().think(self.view(), self._rng("hint", self.human_seat))
        found = TrainHint(action, self._hint_words(action))
        if self.moves_made() == moves and self.phase == "human":
            self.hint = found
            self._say(f"Hint: {found.reason}")
        return found

    def _hint_words(self, action: TrainAction) -> str:
        if isinstance(action, Play):
            own = action.train == str(self.human_seat) and not self.round.rules.is_chicken_foot
            return f"lay {action.tile} on {'your own train' if own else self.train_name(action.train)}."
        if isinstance(action, Draw):
            return "draw a tile: nothing you hold fits."
        if isinstance(action, EndRun):
            return "end your opening run here."
        return "pass."

    # --- taking moves back ------------------------------------------------------------------

    def undo_reason(self) -> str:
        """Why the person cannot take a move back now, in their words ("" when they can)."""
        if self.match.is_over:
            return "The game is over: start a new one."
        if self.pass_and_play:
            return "Taking moves back is off when people share the device."
        if self._undo_point() is None:
            return "You have not moved yet."
        return ""

    def undone(self) -> TrainController:
        """The table as it was at the start of the person's last turn (with everything the
        computer players did since taken back too). Raises :class:`IllegalActionError` when
        :meth:`undo_reason` says why not."""
        reason = self.undo_reason()
        point = self._undo_point()
        if reason or point is None:
            raise IllegalActionError(reason or "nothing to take back", "cannot-undo")
        controller = TrainController.over(self.settings, self.match.replayed_to(*point))
        controller._say("Move taken back: your turn again.")
        return controller

    def _undo_point(self) -> tuple[int, int] | None:
        """(round index, moves kept in it) at the start of the person's last turn, if any."""
        for index in range(len(self.match.rounds) - 1, -1, -1):
            moves = self.match.rounds[index].moves
            mine = [at for at, move in enumerate(moves) if move.seat == self.human_seat]
            if not mine:
                continue
            at = mine[-1]
            while at > 0 and moves[at - 1].seat == self.human_seat and moves[at - 1].turn == moves[at].turn:
                at -= 1
            return index, at
        return None

    # --- rounds --------------------------------------------------------------------------

    def next_hand(self) -> None:
        """Deal the next round after the round sheet."""
        if self.phase != "hand-over":
            self._say("The round is not over.")
            return
        self.match.next_round()
        self._story = []
        self._told_up_to = dict.fromkeys(self.human_seats, 0)
        self._hidden = self.pass_and_play
        self.selected = None
        self.hint = None
        self._announce_round()

    def round_sheet(self) -> list[tuple[str, tuple[int, ...]]]:
        """The round-by-round sheet: each finished round's double and everyone's points."""
        first = self.match.rounds[0].number
        return [
            (str(self.match.rules.round_double(first + index)), points)
            for index, points in enumerate(self.match.round_points)
        ]

    def totals_text(self, short: bool = False) -> str:
        """Everyone's running total ("You 12 · West 30 · …"); ``short``: for the score bar,
        each name in its shortest form ("You 12 · W 30 · NW 7"), and with more than four
        players the lowest total and the person's ("Lowest: W 8 · You 12")."""
        totals = self.match.totals
        names = [name_wordings(name)[-1] for name in self.names] if short else list(self.names)
        if not short or len(names) <= 4:
            return " · ".join(f"{name} {total}" for name, total in zip(names, totals, strict=True))
        leader = min(range(len(totals)), key=lambda seat: (totals[seat], seat))
        said = f"Lowest: {names[leader]} {totals[leader]}"
        seat = self.human_seat
        return said if seat == leader else f"{said} · {names[seat]} {totals[seat]}"

    def result_banner(self) -> str:
        """The round's or the game's result in a few words ("" while a round is played)."""
        if self.match.is_over:
            return self._winners_said()
        played = self.round
        if not played.is_over:
            return ""
        if played.winner is None:
            return f"Round {played.number + 1}: blocked"
        who = self.names[played.winner]
        return f"{who} {agree(who, 'goes')} out"

    def _winners_said(self) -> str:
        winners = [self.names[seat] for seat in self.match.winners()]
        who = and_list(winners)
        lowest = min(self.match.totals)
        verb = "win" if len(winners) > 1 or who == "You" else "wins"
        return f"{who} {verb} with {lowest}"

    def _game_end(self) -> str:
        winners = self.match.winners()
        shared = " (a shared win)" if len(winners) > 1 else ""
        return f"The game is over: {self._winners_said()}, the lowest total{shared}."

    # --- words ---------------------------------------------------------------------------

    def _announce_round(self) -> None:
        """Tell the round's start: its double and who plays first."""
        played = self.round
        rules = played.rules
        first = self.names[played.turn]
        if rules.is_chicken_foot:
            double = f"the centre double is {played.double}: it needs a tile on each of its four sides first"
        else:
            double = f"the engine is {played.double}"
        verb = "play" if first == "You" else "plays"
        text = f"Round {played.number + 1} of {rules.rounds}: {double}. {first} {verb} first."
        self._say(text)
        self._story.append(text)

    def _retell_round(self) -> None:
        """Learn the round's story again from its moves (a restored or taken-back table): what
        each person missed since they last moved is still told them."""
        played = self.round
        shadow = played.replayed(0)
        rules = played.rules
        double = "centre double" if rules.is_chicken_foot else "engine"
        self._story = [f"Round {played.number + 1} of {rules.rounds}: the {double} is {played.double}."]
        self._told_up_to = dict.fromkeys(self.human_seats, 0)
        for move in played.moves:
            shadow.step(move.seat, move.action)
            self._story.append(tell_move(shadow, len(shadow.moves) - 1, self.names))
            if move.seat in self.human_seats:
                self._told_up_to[move.seat] = len(self._story)

    def _say(self, text: str) -> None:
        """Announce ``text`` (the newest 50 announcements are kept)."""
        self.said += 1
        self.announcements.append(text)
        del self.announcements[:-50]
