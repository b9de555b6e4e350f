"""The table's controller: owns the match and the UI state; no browser imports.

Every change goes through here — a human's tap, a bot's move, a new hand — and each adds
what is said about it to :attr:`Controller.announcements` (the newest is
:attr:`Controller.last_announcement`), which the page reads out: the status line and the
move log. The page (``web/page.py``) turns the controller's state into pixels and DOM; the
engine decides every rule.
"""

from __future__ import annotations

import json
import random
from collections.abc import Generator
from typing import Self

from engine import (
    Action,
    Claim,
    Draw,
    End,
    EngineError,
    IllegalActionError,
    Lead,
    Match,
    Penalized,
    Play,
    PlayerView,
    RulesError,
    Scored,
    Tile,
)
from engine.line.ai import SearchBot, make_bot, own_call, think_through
from engine.line.ai.hint import Hint, hint, hint_bot
from engine.line.json_record import replay
from engine.words import agree, sentence
from web.seats import seat_names, shared_names
from web.settings import HUMAN, Settings
from web.storage.game_record import game_text, is_record, read_game

__all__ = ["HUMAN", "Controller", "Settings"]


class Controller:
    """One match at the table, seen by the person holding the device.

    With one person, that is always seat 0. In pass-and-play, several seats are people's
    (:attr:`human_seats`); :attr:`human_seat` is the one whose tiles the table shows, and
    between two people's turns the phase is ``pass``: every hand is hidden until the next
    person takes the device (:meth:`take_device`).
    """

    def __init__(self, settings: Settings, seed: int, *, committed: bool = True) -> None:
        """Start a new match with ``settings``, dealt from ``seed``: each hand from a seed
        committed to before its deal (:mod:`engine.fair_deals`) unless not ``committed``
        (a seed a link names deals as it always has)."""
        self._attach(settings, Match(settings.rules(), seed, committed=committed), [[]])
        self._told_up_to.update(dict.fromkeys(self.human_seats, 0))
        self._announce_start()

    # --- saving and restoring ---------------------------------------------------------

    def save(self) -> str:
        """The whole match as a record (``docs/notation.md``), names and levels in its tags."""
        return game_text(self.settings, self.match, self.names, self.player_at)

    def progress(self) -> str:
        """How far the match has got, in the player's words: ``"hand 2, move 14"``, or
        ``"the end of hand 1, 9-0"`` (the score after it), or ``"the end of the match, 100-87"``."""
        match = self.match
        score = "-".join(map(str, match.scores))
        if match.is_over:
            return f"the end of the match, {score}"
        if match.hand.is_over:
            return f"the end of hand {match.hand_number}, {score}"
        return f"hand {match.hand_number}, move {len(match.hand.actions)}"

    def moves_made(self) -> int:
        """The moves made so far in the match (which of two saves of a table is further on)."""
        return sum(len(hand.actions) for hand in self.match.hands)

    @classmethod
    def restore(cls, text: str) -> Controller:
        """The match saved by :meth:`save` (or in the JSON form saves had before records);
        raises :class:`EngineError` if the save is damaged."""
        if is_record(text):
            settings, match = read_game(text)
        else:
            settings, match = _legacy_save(text)
        controller = cls.over(settings, match)
        controller._say("Welcome back: your game was restored.")
        return controller

    @classmethod
    def play_on(cls, text: str) -> Controller:
        """The match of a record, to play on from its end; raises :class:`EngineError`, in
        the player's words, if it is not valid or is over."""
        settings, match = read_game(text)
        if match.is_over:
            raise RulesError("this match is over: replay it instead", "match-over")
        controller = cls.over(settings, match)
        controller.announcements.append("The game you opened is on the table: play on.")
        return controller

    @classmethod
    def over(cls, settings: Settings, match: Match) -> Self:
        """A table around a match already under way (restored, replayed, or taken back)."""
        controller = cls.__new__(cls)
        controller._attach(
            settings, match, [[str(action) for action in hand.actions] for hand in match.hands]
        )
        if controller.pass_and_play and match.turn in controller.human_seats:
            controller.human_seat = match.turn  # (hidden until they take the device)
        if controller.pass_and_play and not match.is_over:
            controller._retell_hand()
        return controller

    # --- taking moves back ---------------------------------------------------------------

    def undo_reason(self) -> str:
        """Why the person cannot take a move back now, in their words ("" when they can)."""
        if self.match.is_over:
            return "The match is over: start a new one."
        if self.pass_and_play:
            return "Taking moves back is off when people share the device."
        if self._undo_point() is None:
            return "You have not moved yet."
        return ""

    def undone(self) -> Controller:
        """The table as it was at the start of the person's last turn (their move taken back,
        with everything the computer players did since). Raises :class:`IllegalActionError`
        when :meth:`undo_reason` says why not."""
        reason = self.undo_reason()
        point = self._undo_point()
        if reason or point is None:
            raise IllegalActionError(reason or "nothing to take back", "cannot-undo")
        hand_number, moves = point
        match = self.match.replayed_to(hand_number, moves)
        controller = Controller.over(self.settings, match)
        controller._say("Move taken back: your turn again.")
        return controller

    def _undo_point(self) -> tuple[int, int] | None:
        """(hand index, actions kept in it) at the start of the person's last turn, if any."""
        seats = self._movers()
        for hand_index in range(len(seats) - 1, -1, -1):
            movers = seats[hand_index]
            last = max((i for i, seat in enumerate(movers) if seat == self.human_seat), default=None)
            if last is None:
                continue
            while last > 0 and movers[last - 1] == self.human_seat:
                last -= 1
            return hand_index, last
        return None

    def _movers(self) -> list[list[int | None]]:
        """For each action of each hand, the seat whose turn it was (``None`` for a claim).

        Worked out by replaying each hand once; only a hand that has changed since (the one
        being played) is replayed again, so the page may ask after every move.
        """
        movers: list[list[int | None]] = []
        for index, hand in enumerate(self.match.hands):
            known = self._movers_known.get(index)
            if known is None or len(known) != len(hand.actions):
                again = hand.start_copy()
                known = []
                for action in hand.actions:
                    known.append(None if isinstance(action, Claim) else again.turn)
                    again.apply(action)
                self._movers_known[index] = known
            movers.append(known)
        return movers

    def _attach(self, settings: Settings, match: Match, actions: list[list[str]]) -> None:
        """Set up the table around a match (new or replayed) and its action lists."""
        self._movers_known: dict[int, list[int | None]] = {}
        self.settings = settings
        self.match = match
        self.actions = actions
        self.pass_and_play = settings.pass_and_play
        """Whether people share the device, passing it between their turns."""
        self.selected: Tile | None = None
        self.hint: Hint | None = None
        """The Expert's suggestion for the person's current move, once asked for."""
        self.announcements: list[str] = []
        self.said = 0
        """How many things have been said at this table (``announcements`` keeps the newest)."""
        self.callout = ""
        """The last score called out at the table ("15!"), cleared when the next tile is laid."""
        seating = match.partner_draw.seating if match.partner_draw is not None else range(settings.players)
        self.player_at = tuple(seating)
        """The player (0 is the person who set up the match, then each other player) at each seat."""
        self.human_seats = frozenset(
            seat
            for seat, player in enumerate(self.player_at)
            if player == 0 or settings.levels[player - 1] == HUMAN
        )
        """The seats people play (only seat 0 unless people share the device)."""
        self.names = (
            shared_names(self.player_at, frozenset(self.player_at[seat] for seat in self.human_seats))
            if self.pass_and_play
            else seat_names(settings.players)
        )
        self._hand_story: list[str] = []
        """What was said of this hand's moves, in order (its opening, then each move)."""
        self._told_up_to: dict[int, int] = {}
        """For each person's seat, how much of :attr:`_hand_story` there was when they last
        moved (or when the hand began): what they have missed since is told them when they
        take the device (learnt again by :meth:`_retell_hand` in a restored game)."""
        self.human_seat = 0
        """The seat whose tiles the table shows: the person holding the device."""
        self._hidden = self.pass_and_play
        """Whether that seat's tiles are hidden too, until the next person to move takes the
        device: a shared match starts so, and so does each of its hands and a reload."""
        self._bots = {
            seat: make_bot(settings.levels[self.player_at[seat] - 1])
            for seat in range(settings.players)
            if seat not in self.human_seats
        }

    def computer_in_seat(self, seat: int, level: str) -> None:
        """Hand ``seat`` to a computer player of ``level`` (the day's deal is played again
        with the Expert in the person's seat, the others as they were)."""
        self.human_seats = self.human_seats - {seat}
        self._bots[seat] = make_bot(level)

    # --- what the page shows ----------------------------------------------------------

    @property
    def phase(self) -> str:
        """``human`` (the move of the person holding the device), ``pass`` (another person's
        move: the device goes to them), ``bot`` (a computer player's move), ``hand-over`` or
        ``match-over``."""
        if self.match.is_over:
            return "match-over"
        if self.match.hand.is_over:
            return "hand-over"
        turn = self.match.turn
        if turn not in self.human_seats:
            return "bot"
        return "human" if turn == self.human_seat and not self._hidden else "pass"

    @property
    def hand_hidden(self) -> bool:
        """Whether the table hides the tiles of :attr:`human_seat` (while the device is passed)."""
        return self._hidden or self.phase == "pass"

    @property
    def pass_to(self) -> str:
        """The name of the person the device goes to now ("" unless the phase is ``pass``)."""
        return self.names[self.match.turn] if self.phase == "pass" else ""

    def take_device(self) -> None:
        """The person to move says they hold the device: the table shows their tiles."""
        if self.phase != "pass":
            self._say("Nothing to pass: play on.")
            return
        missed = self.missed_by(self.match.turn)
        heading = self.missed_heading(self.match.turn)
        self.human_seat = self.match.turn
        self._hidden = False
        self.selected = None
        self.hint = None
        since = f" {heading}: {' '.join(missed)}" if missed else ""
        self._say(f"{self.names[self.human_seat]} to play.{since}")

    def missed_heading(self, seat: int) -> str:
        """What :meth:`missed_by` covers, as its heading: "Since your last turn", or "So far
        this hand" before the person at ``seat`` has moved in it."""
        return "Since your last turn" if self._told_up_to.get(seat, 0) > 0 else "So far this hand"

    def missed_by(self, seat: int) -> list[str]:
        """What was said at the table since the person at ``seat`` last moved (or since their
        hand began): every move the others made, in order, as public as the table itself (a
        draw is told without its tile). Empty when nothing was."""
        told = self._told_up_to.get(seat)
        return [] if told is None else self._hand_story[told:]

    def view(self) -> PlayerView:
        """What the person holding the device may see (the tiles of :attr:`human_seat`)."""
        return self.match.view(self.human_seat)

    def face_up(self, seat: int) -> tuple[Tile, ...] | None:
        """The tiles of ``seat`` shown face up while the hand is played (``None``: face down,
        as in any game; an open-hand puzzle shows them all)."""
        return None

    def hand_shown(self) -> tuple[Tile, ...]:
        """The tiles the table shows face up at the bottom: none while they are hidden."""
        return () if self.hand_hidden else self.view().hand

    def playable_tiles(self) -> frozenset[Tile]:
        """The person's tiles that can be played now."""
        return frozenset(action.tile for action in self.view().legal_actions if isinstance(action, Play))

    def ends_for_selected(self) -> tuple[End, ...]:
        """The ends the selected tile may go on (what the table lights up)."""
        if self.selected is None:
            return ()
        return tuple(
            action.end
            for action in self.view().legal_actions
            if isinstance(action, Play) and action.tile == self.selected and action.end is not None
        )

    def can(self, action: Action) -> bool:
        """Whether the person may take ``action`` now."""
        return self.phase == "human" and action in self.view().legal_actions

    def can_claim(self, muggins: bool) -> bool:
        """Whether the person may call their score (or claim muggins) right now."""
        return not self._hidden and Claim(self.human_seat, muggins) in self.view().claims

    @property
    def manual_scoring(self) -> bool:
        """Whether players must call their own scores (the Call and Muggins buttons show)."""
        return self.match.rules.manual_scoring

    def lead_choices(self) -> tuple[int, ...]:
        """The seats the person may choose to lead this hand (empty unless it is that choice)."""
        if self.phase != "human":
            return ()
        return tuple(action.seat for action in self.view().legal_actions if isinstance(action, Lead))

    def hand_award(self) -> tuple[int, ...]:
        """What the match rules credited each side for the hand just ended (``()`` during a hand)."""
        sheet = self.match.sheet
        if self.match.hand.result is None or not sheet or sheet[-1].result is not self.match.hand.result:
            return ()
        return sheet[-1].award

    @property
    def last_announcement(self) -> str:
        """The latest thing said at the table."""
        return self.announcements[-1] if self.announcements else ""

    # --- what the person does ---------------------------------------------------------

    def _plays_of(self, tile: Tile) -> list[Play]:
        """The person's legal plays of ``tile`` now, one per end it fits that makes a
        difference: against a lone double every side is alike, so the first stands for all
        (the tile goes on at once, nobody asked to choose between identical ends)."""
        plays = [a for a in self.view().legal_actions if isinstance(a, Play) and a.tile == tile]
        laid = self.view().layout.placements
        if len(plays) > 1 and len(laid) == 1 and laid[0].tile.is_double:
            return plays[:1]
        return plays

    def tap_tile(self, tile: Tile) -> None:
        """The person tapped one of their tiles: play it, or pick it when it fits two ends."""
        if self.phase != "human":
            self._say("Wait for your turn.")
            return
        plays = self._plays_of(tile)
        if not plays:
            self._say(f"{tile} does not fit here.")
            return
        if len(plays) == 1:
            self.act(plays[0])
            return
        if self.selected is not None and self.match.rules.touch_move:
            self._say(f"Touch-move: you picked up {self.selected}, so you must play it.")
            return
        if self.selected == tile:
            self.selected = None
            self._say(f"{tile} put back.")
            return
        self.selected = tile
        self._say(f"{tile} fits two ends: choose where it goes.")

    def pick_up(self, tile: Tile) -> bool:
        """The person starts dragging ``tile``: it is picked (every end it may go on lights
        up, even a single one). False, with the reason said, if it cannot be played now."""
        if self.phase != "human":
            self._say("Wait for your turn.")
            return False
        if not self._plays_of(tile):
            self._say(f"{tile} does not fit here.")
            return False
        if self.selected not in (None, tile) and self.match.rules.touch_move:
            self._say(f"Touch-move: you picked up {self.selected}, so you must play it.")
            return False
        self.selected = tile
        return True

    def drop(self, tile: Tile, end: End | None, on_board: bool) -> None:
        """The person let go of the dragged ``tile``: over a lit ``end`` it is played there;
        a tile that fits one place only is played when let go anywhere ``on_board``;
        anywhere else it goes back to the hand (under touch-move it stays picked)."""
        if self.phase != "human":
            self._say("Wait for your turn.")
            return
        plays = self._plays_of(tile)
        if self.selected != tile or not plays:
            self._say(f"{tile} does not fit here.")
            return
        if end is not None and Play(tile, end) in plays:
            self.act(Play(tile, end))
            return
        if on_board and len(plays) == 1:
            self.act(plays[0])
            return
        if self.match.rules.touch_move:
            self._say(f"Touch-move: you picked up {tile}, so you must play it: drop it on a lit end.")
            return
        self.selected = None
        self._say(f"{tile} put back.")

    def choose_end(self, end: End) -> None:
        """The person picked an end for the selected tile."""
        if self.selected is None or end not in self.ends_for_selected():
            self._say("Pick a tile first, then one of the lit ends.")
            return
        self.act(Play(self.selected, end))

    def act(self, action: Action) -> None:
        """Play ``action`` (for the seat to move, or a claim) and announce it.

        Computer players then call their own scoring plays at once, as good counters do.
        """
        mover = action.seat if isinstance(action, Claim) else self.match.turn
        said = [self._apply(action)]
        for seat in self._bots:
            call = own_call(self.match.view(seat))
            if call is not None:
                said.append(self._apply(call))
        told = " ".join(text for text in said if text)
        self._say(told)
        self._add_to_story(mover, told)

    def _add_to_story(self, mover: int, told: str) -> None:
        """Keep ``told`` (what a move by ``mover`` said) in the hand's story; a person who
        moved has missed nothing of it."""
        tile = self.match.hand.opening.tile
        first_tile = self._hand_story == [self._opening_sentence()] and tile is not None
        if first_tile and told.startswith(f"{self.names[mover]} plays {tile}"):
            self._hand_story[0] = (
                f"Hand {self.match.hand_number}: {told}"  # (not "opens with 6-6. plays 6-6.")
            )
        elif told:
            self._hand_story.append(told)
        if mover in self.human_seats:
            self._told_up_to[mover] = len(self._hand_story)

    def _retell_hand(self) -> None:
        """Learn the hand's story again by replaying it (a reloaded shared table): what each
        person missed since they last moved is still told them."""
        shadow = Controller.__new__(Controller)
        shadow._attach(self.settings, self.match.replayed_to(len(self.match.hands) - 1, 0), [[]])
        shadow._told_up_to = dict.fromkeys(shadow.human_seats, 0)
        shadow._announce_opening()
        for action in self.match.hand.actions:
            mover = action.seat if isinstance(action, Claim) else shadow.match.turn
            told = shadow._apply(action)
            if isinstance(action, Claim) and mover not in shadow.human_seats and shadow._hand_story:
                shadow._hand_story[-1] += f" {told}"  # (a computer's own call: said with the move)
            else:
                shadow._add_to_story(mover, told)
        self._hand_story, self._told_up_to = shadow._hand_story, shadow._told_up_to

    def claim(self, muggins: bool) -> None:
        """The person calls their own score, or claims one another player failed to call."""
        action = Claim(self.human_seat, muggins)
        if self.match.is_over or self.match.hand.is_over:
            self._say("The hand is over.")
            return
        if self._hidden or action not in self.view().claims:
            if muggins:
                self._say("Nothing to claim: every score so far was called.")
                return
            self._say("Nothing to call: your last tile did not score.")
            return
        self.act(action)

    def _apply(self, action: Action) -> str:
        seat = action.seat if isinstance(action, Claim) else self.match.turn
        value_shown = self._value_before(action)
        held_before = set(self.match.hand.hand_of(seat))
        events_before = len(self.match.hand.history)
        try:
            self.match.apply(action)
        except IllegalActionError as error:
            return _friendly(error)
        self.selected = None
        self.hint = None
        self.actions[-1].append(str(action))
        drawn = set(self.match.hand.hand_of(seat)) - held_before
        said = [self._describe(seat, action, value_shown, min(drawn) if drawn else None)]
        if isinstance(action, Play):
            self.callout = ""
        said.extend(self._describe_event(event) for event in self.match.hand.history[events_before:])
        result = self.match.hand.result
        if result is not None:
            said.append(sentence(result.describe(self.names, self.hand_award())))
            note = self.match.sheet[-1].note if self.match.sheet else ""
            if note:
                said.append(self._note_sentence(note, result.winner_side))
            if self.match.result is not None:
                winner = self._side_name(self.match.result.winner_side)
                said.append(f"{winner} {agree(winner, 'wins')} the match.")
        return " ".join(text for text in said if text)

    def _describe_event(self, event: object) -> str:
        """A sentence for what an action set off: a score ("North scores 10!"), a penalty, or ""."""
        if isinstance(event, Scored):
            self.callout = f"{event.points}!"
            who = self.names[event.seat]
            verb = agree(who, {"muggins": "claims", "call": "calls"}.get(event.how, "scores"))
            extra = " — Muggins!" if event.how == "muggins" else ""
            return f"{who} {verb} {event.points}!{extra}"
        if isinstance(event, Penalized):
            who = self.names[event.seat]
            return f"Overdraw: {who} {agree(who, 'loses')} {event.points} points."
        return ""

    def _note_sentence(self, note: str, winner_side: int | None) -> str:
        """The score sheet's note on a hand as a sentence; "wins the play-off" gets its subject."""
        if note.startswith("wins ") and winner_side is not None:
            side = self._side_name(winner_side)
            note = f"{side} {agree(side, 'wins')} {note.removeprefix('wins ')}"
        return sentence(note)

    def bot_move(self) -> None:
        """Let the AI seat to move play one action (thinking all at once)."""
        self.act(think_through(self.bot_thinking()))

    def bot_thinking(self) -> Generator[None, None, Action]:
        """The AI seat to move thinks: yields between slices of search, returns its action.

        The page runs it a slice at a time (so the browser stays responsive), then plays
        the action with :meth:`act`. The choice depends only on the match, never on timing.
        """
        if self.phase != "bot":
            raise IllegalActionError("no AI seat is to move", "not-your-turn")
        seat = self.match.turn
        view = self.match.view(seat)
        rng = random.Random(f"{self.match.seed}:{len(self.actions)}:{len(self.actions[-1])}:{seat}")
        bot = self._bots[seat]
        if isinstance(bot, SearchBot):
            decision = yield from bot.think(view, rng)
            return decision.action
        action: Action = bot.choose(view, rng)
        return action

    def hint_thinking(self) -> Generator[None, None, Hint]:
        """The Expert thinks about the person's move; returns the :class:`Hint` (also kept in ``hint``).

        Refused (``not-your-turn``) unless it is the person's move.
        """
        if self.phase != "human":
            raise IllegalActionError("a hint is for your own move", "not-your-turn")
        moves_made = len(self.actions[-1])
        rng = random.Random(f"hint:{self.match.seed}:{len(self.actions)}:{moves_made}")
        found = yield from hint(self.view(), rng, hint_bot())
        if len(self.actions[-1]) == moves_made and self.phase == "human":  # still the same position
            self.hint = found
            self._say(f"Hint: {found.reason}")
        return found

    def next_hand(self) -> None:
        """Deal the next hand after the end-of-hand summary."""
        self.match.next_hand()
        self.actions.append([])
        self._hand_story = []
        self._told_up_to = dict.fromkeys(self.human_seats, 0)
        self._hidden = self.pass_and_play
        self.selected = None
        self.hint = None
        self.callout = ""
        self._announce_opening()

    # --- words -------------------------------------------------------------------------

    def _side_name(self, side: int) -> str:
        if not self.match.rules.partnerships:
            return self.names[side]
        return " & ".join(self.names[seat] for seat in self.match.rules.seats_of(side))

    def _value_before(self, action: Action) -> int | None:
        if isinstance(action, Play) and action.end is not None and action.end in self.match.hand.layout.ends:
            return self.match.hand.layout.value(action.end)
        return None

    def _describe(self, seat: int, action: Action, value_shown: int | None, drawn: Tile | None) -> str:
        """The action as a sentence with its full stop ("North plays 2-0 on the 2."); "" for a claim,
        which is told by the score it brings."""
        name = self.names[seat]
        you = seat == self.human_seat and not self.pass_and_play  # everyone reads a shared table
        if isinstance(action, Play):
            verb = "play" if you else "plays"
            where = "" if value_shown is None else f" on the {value_shown}"
            return f"{name} {verb} {action.tile}{where}."
        if isinstance(action, Draw):
            return f"You draw {drawn}." if you else f"{name} draws."
        if isinstance(action, Lead):
            starter = self.names[action.seat]
            return f"{name} {'choose' if you else 'chooses'} {'yourself' if action.seat == seat and you else starter} to lead."
        if isinstance(action, Claim):
            return ""
        return f"{name} {'pass' if you else 'passes'}."

    def _announce_start(self) -> None:
        """Say how the match begins: the draw for partners, if any, then the first hand's opening."""
        self._announce_opening()
        draw = self.match.partner_draw
        if draw is not None:
            last = draw.rounds[-1]
            drawn = ", ".join(f"{self._player_name(player)} {tile}" for player, tile in enumerate(last))
            if self.pass_and_play:
                sides = [self._side_name(side) for side in (0, 1)]
                outcome = f"{sides[0].replace(' & ', ' and ')} play together, against {sides[1].replace(' & ', ' and ')}."
            else:
                outcome = f"Your partner is {self._player_name(self.player_at[2])}, sitting opposite."
            self.announcements[-1] = f"Draw for partners: {drawn}. {outcome} " + self.announcements[-1]

    def _player_name(self, player: int) -> str:
        """A player by who they are: "you" (or their name when people share the device: see
        :func:`~web.seats.shared_names`), or the computer player's level and number."""
        levels = self.settings.levels
        if self.pass_and_play:
            return self.names[self.player_at.index(player)]
        if player == 0:
            return "you"
        return f"computer {player} ({levels[player - 1]})"

    def _announce_opening(self) -> None:
        hand = self.match.hand
        number = self.match.hand_number
        redealt = (
            f" Nobody held a double, so the tiles were dealt again ({hand.redeals} times)."
            if hand.redeals
            else ""
        )
        if hand.choosing_lead:
            chooser = self.names[hand.opening.seat]
            side = self._side_name(self.match.rules.side_of(hand.opening.seat))
            self._tell(
                f"Hand {number}: {side} won the last hand; {chooser} {'choose' if chooser == 'You' else 'chooses'} who leads.{redealt}"
            )
            return
        worth = f" This hand is worth {self.match.worth}." if self.match.worth > 1 else ""
        playoff = " Play-off hand: the winner leads 2-0." if self.match.playoff else ""
        self._tell(f"{self._opening_sentence()}{redealt}{worth}{playoff}")

    def _opening_sentence(self) -> str:
        """Who opens the hand, and with what: "Hand 2: North opens with 6-6." ("You open")."""
        hand = self.match.hand
        opener = self.names[hand.opening.seat]
        what = f" with {hand.opening.tile}" if hand.opening.tile is not None else ""
        return f"Hand {self.match.hand_number}: {opener} {'open' if opener == 'You' else 'opens'}{what}."

    def _tell(self, text: str) -> None:
        """Announce ``text``, the hand's opening: the start of its story, what a person who
        shares the device is told they missed (:meth:`missed_by`)."""
        self._say(text)
        self._hand_story.append(text)

    def _say(self, text: str) -> None:
        """Announce ``text`` (the newest 50 announcements are kept)."""
        self.said += 1
        self.announcements.append(text)
        del self.announcements[:-50]


def _legacy_save(text: str) -> tuple[Settings, Match]:
    """The settings and match of a save in the JSON form written before records (still read)."""
    try:
        data = json.loads(text)
    except ValueError as error:
        raise RulesError(f"the saved game is not JSON: {error}", "bad-record") from None
    if not isinstance(data, dict):
        raise RulesError("the saved game is not an object", "bad-record")
    settings = Settings.from_json(data.get("settings"))
    match, _ = replay(data.get("record") or {})
    if match.rules != settings.rules():
        raise RulesError("the saved settings and record disagree", "bad-record")
    return settings, match


def _friendly(error: EngineError) -> str:
    """What a player is told for an engine error code."""
    return {
        "must-play": "You can play, so you must.",
        "cannot-draw": "You cannot draw now.",
        "cannot-pass": "Draw first: you may pass only when the boneyard is down to its last tiles.",
        "does-not-match": "That tile does not fit there.",
        "wrong-opening": "This hand must open with the tile named.",
        "hand-over": "The hand is over.",
        "must-pass": "You drew one tile: only that tile may be played now.",
        "choose-lead": "First choose who leads this hand.",
        "nothing-to-claim": "There is nothing to claim now.",
    }.get(error.code, "That move is not allowed.")
