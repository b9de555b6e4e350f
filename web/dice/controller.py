"""A session of Dice and Dominoes at the table, as the person holding the device sees it.

Every round, each player puts out two tiles (one when one is left) face up or face down,
in secret; the computer players choose as the round starts (their choices stay covered),
the person picks tiles from their hand (:meth:`DiceController.tap_tile` cycles a tile
through face up, face down and back into the hand) and puts them out
(:meth:`DiceController.put_out`). When everyone has, the reveal is shown with what
became of each tile until the person goes on (:meth:`DiceController.go_on`).

With people sharing the device (pass and play), each person chooses in turn behind a
privacy screen, as in the line-of-play games: nobody sees another's tiles or choice.

Pure Python (the engine and the standard library); no browser imports.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine import EngineError, RulesError, Tile
from engine.dice.ai import DiceBot, make_dice_bot
from engine.dice.explain import YOU, RoundStory, explain_round, tiles_said
from engine.dice.hand import DiceHand, DiceRound, DiceView
from engine.dice.notation import read_dice_record, write_dice_record
from engine.dice.round import Commitment, discard_allowed, matched_to_dice
from engine.dice.session import DiceSession, HandPayout
from engine.dice.variant import dice_session
from web.seats import seat_names, shared_names
from web.settings import HUMAN, Settings
from web.storage.game_record import read_settings

__all__ = ["DiceController", "Picked"]


@dataclass(frozen=True)
class Picked:
    """A tile the person has taken out of their hand to put out, face up or face down."""

    tile: Tile
    face_up: bool


class DiceController:
    """One session of Dice and Dominoes, seen by the person holding the device."""

    def __init__(self, settings: Settings, seed: int, *, committed: bool = False) -> None:
        """A new session with ``settings`` (the dice game's), dealt and thrown from ``seed``.

        ``committed`` is taken for the tables' common signature and changes nothing: a
        session's throws come all through play from its one seed, and its record carries no
        commitments (:mod:`engine.fair_deals` is the line games')."""
        self._attach(settings, dice_session(settings.players, seed, dict(settings.options)))
        self._announce_hand()

    # --- saving and restoring ---------------------------------------------------------

    def save(self) -> str:
        """The session as a record (``docs/notation.md``), with what has been put out so far."""
        return write_dice_record(self._tagged(), pending=True)

    def shown_record(self) -> str:
        """The record to show, export or share: a round's choices left out until all have chosen."""
        return write_dice_record(self._tagged(), pending=False)

    def _tagged(self) -> DiceSession:
        tags = self.session.tags
        for seat in range(self.settings.players):
            tags[f"Seat{seat}"] = self.names[seat]
            tags[f"Level{seat}"] = HUMAN if seat == 0 else self.settings.levels[seat - 1]
        return self.session

    def progress(self) -> str:
        """How far the session has got, in the player's words: ``"hand 2, round 3"``, or
        ``"the end of hand 2"``, or ``"the end of the game"``."""
        session = self.session
        if session.is_over:
            return "the end of the game"
        if self.hand.is_over:
            return f"the end of hand {session.hand_number}"
        return f"hand {session.hand_number}, round {len(self.hand.rounds) + 1}"

    @classmethod
    def restore(cls, text: str) -> DiceController:
        """The session saved by :meth:`save`; raises :class:`EngineError` if it is damaged."""
        settings = read_settings(text)
        session = read_dice_record(text)
        if settings.players != session.players:  # (both read the same tag: a guard, not a case)
            raise RulesError("the record's players and its rounds disagree", "bad-record")
        controller = cls.__new__(cls)
        controller._attach(settings, session, reveal_last=True)
        controller._say("Welcome back: your game was restored.")
        return controller

    @classmethod
    def play_on(cls, text: str) -> DiceController:
        """The session of a record, to play on from where it stands; raises
        :class:`EngineError`, in the player's words, if it is not valid or is over."""
        dice = cls.restore(text)
        if dice.session.is_over:
            raise RulesError("this game is over: start a new one", "match-over")
        dice.announcements.append("The game you opened is on the table: play on.")
        return dice

    @classmethod
    def viewing(
        cls, settings: Settings, session: DiceSession, names: tuple[str, ...], seat: int = 0
    ) -> DiceController:
        """A still table over a session as it stands (for a replay): nobody moves; the last
        round's reveal is shown, as ``seat`` sees the table."""
        controller = cls.__new__(cls)
        controller._attach(settings, session, computers_choose=False)
        controller.names = names
        controller.human_seat = seat
        controller._hidden = False
        hand = controller.hand
        if hand.rounds:
            controller._show(hand.rounds[-1])
        return controller

    def _attach(
        self,
        settings: Settings,
        session: DiceSession,
        reveal_last: bool = False,
        computers_choose: bool = True,
    ) -> None:
        """Set up the table around a session (new or restored). ``reveal_last``: a session
        saved just after a round (nobody has chosen for the next one yet) shows that round's
        reveal again, as it was when the page was left."""
        self.settings = settings
        self.session = session
        self.pass_and_play = settings.pass_and_play
        self.human_seats = frozenset(
            seat for seat in range(settings.players) if seat == 0 or settings.levels[seat - 1] == HUMAN
        )
        """The seats people play (only seat 0 unless people share the device)."""
        self.names = (
            shared_names(tuple(range(settings.players)), self.human_seats)
            if self.pass_and_play
            else seat_names(settings.players)
        )
        self.human_seat = min(self._people_to_choose(), default=0)
        """The seat whose tiles the table shows: the person holding the device."""
        self._hidden = self.pass_and_play
        self._bots: dict[int, DiceBot] = {
            seat: make_dice_bot(settings.levels[seat - 1])
            for seat in range(settings.players)
            if seat not in self.human_seats
        }
        self.picked: list[Picked] = []
        self.revealed: DiceRound | None = None
        """The round just revealed, shown until the person goes on."""
        self.story: RoundStory | None = None
        """What the reveal did, told (with :attr:`revealed`)."""
        self.announcements: list[str] = []
        self.said = 0
        hand = self.hand
        if reveal_last and hand.rounds and not hand.committed and not hand.is_over:
            self._show(hand.rounds[-1])
        if computers_choose:
            self._let_computers_choose()

    # --- what the page shows ----------------------------------------------------------

    @property
    def hand(self) -> DiceHand:
        """The hand being played."""
        hand = self.session.hand
        assert hand is not None
        return hand

    @property
    def phase(self) -> str:
        """``choose`` (the person holding the device puts out tiles), ``pass`` (the device
        goes to another person), ``wait`` (the person has chosen; others have not),
        ``reveal`` (a round's reveal is shown), ``rethrow`` (the person's Double Perfect:
        throw again or not), ``hand-over`` or ``session-over``."""
        if self.revealed is not None:
            return "reveal"
        if self.hand.is_over:
            return "session-over" if self.session.is_over else "hand-over"
        waiting = self._people_to_choose()
        if not waiting:
            return "wait"
        if self.human_seat in waiting and not self._hidden:
            return "rethrow" if self.hand.awaiting_rethrow else "choose"
        return "pass"

    def _people_to_choose(self) -> list[int]:
        """The people who still have a choice to make now, in seat order."""
        hand = self.session.hand
        if hand is None or hand.is_over:
            return []
        seats = self.session.seats_in_hand
        if hand.awaiting_rethrow:
            return [seats[index] for index in hand.awaiting_rethrow if seats[index] in self.human_seats]
        return [
            seat
            for index, seat in enumerate(seats)
            if seat in self.human_seats and index not in hand.committed
        ]

    def moves_made(self) -> int:
        """The rounds played so far in the session (which of two saves of a table is further on)."""
        return sum(len(hand.rounds) for _, hand in self.session.hands)

    @property
    def throws(self) -> int:
        """How many times the dice have been thrown this session (the page animates each new throw)."""
        total = 0
        for _, hand in self.session.hands:
            total += 1
            for played, choices in zip(hand.rounds, hand.rethrow_choices, strict=True):
                voted = len(choices) == len(played.outcome.special_seats)
                total += played.outcome.nobody_attempted or (
                    bool(choices) and voted and all(again for _, again in choices)
                )
        return total

    @property
    def hand_hidden(self) -> bool:
        """Whether the table hides the tiles of :attr:`human_seat` (while the device is passed)."""
        return self._hidden or self.phase == "pass"

    @property
    def pass_to(self) -> str:
        """The name of the person the device goes to now ("" unless the phase is ``pass``)."""
        return self.names[self._people_to_choose()[0]] if self.phase == "pass" else ""

    def take_device(self) -> str:
        """The next person to choose says they hold the device: the table shows their tiles."""
        if self.phase != "pass":
            return self._say("Nothing to pass: play on.")
        self.human_seat = self._people_to_choose()[0]
        self._hidden = False
        self.picked = []
        return self._say(f"{self.names[self.human_seat]} to choose.")

    def view(self) -> DiceView | None:
        """What the person holding the device may see (``None`` if they sit this hand out)."""
        return self.session.view(self.human_seat)

    def hand_shown(self) -> tuple[Tile, ...]:
        """The tiles the table shows face up at the bottom: none while hidden or sitting out."""
        view = self.view()
        return () if view is None or self.hand_hidden else view.hand

    @property
    def last_announcement(self) -> str:
        """The newest thing said at the table."""
        return self.announcements[-1] if self.announcements else ""

    # --- the person's choice ------------------------------------------------------------

    def tap_tile(self, tile: Tile) -> str:
        """Take a tile of the hand into the choice: face up when the dice can take it with
        the other face-up tile, else face down. A tile already chosen is flipped."""
        if self.phase != "choose":
            return self._say("Wait for your turn to choose.")
        if any(picked.tile == tile for picked in self.picked):
            return self.flip(tile)
        held = list(self.hand_shown())
        for picked in self.picked:
            held.remove(picked.tile)
        if tile not in held:
            return self._say(f"{tile} is not in your hand.")
        if len(self.picked) >= self.tiles_to_put_out:
            return self._say("Two tiles at most: take one back first.")
        up = [picked.tile for picked in self.picked if picked.face_up] + [tile]
        face_up = discard_allowed(up, self.hand.dice)
        self.picked.append(Picked(tile, face_up))
        return f"{tile} face {'up' if face_up else 'down'}."

    def flip(self, tile: Tile) -> str:
        """Turn a chosen tile face up (an attempt to discard it) or face down (kept)."""
        for index, picked in enumerate(self.picked):
            if picked.tile == tile:
                self.picked[index] = Picked(tile, not picked.face_up)
                return f"{tile} face {'down' if picked.face_up else 'up'}."
        return self._say(f"{tile} is not chosen: tap it in your hand first.")

    def take_back(self, tile: Tile | None = None) -> str:
        """Put a chosen tile (or, without one, every chosen tile) back into the hand."""
        kept = [picked for picked in self.picked if tile is not None and picked.tile != tile]
        if len(kept) == len(self.picked):
            return "Nothing chosen to take back."
        self.picked = kept
        return f"{tile if tile is not None else 'Your choice'} back in your hand."

    @property
    def tiles_to_put_out(self) -> int:
        """How many tiles the person puts out this round: two, or one when one is left."""
        return min(2, len(self.hand_shown()))

    def choice(self) -> Commitment:
        """The tiles chosen so far, as a commitment."""
        return Commitment(
            tuple(picked.tile for picked in self.picked if picked.face_up),
            tuple(picked.tile for picked in self.picked if not picked.face_up),
        )

    def put_out_reason(self) -> str:
        """Why the choice cannot be put out yet, in the person's words ("" when it can)."""
        if self.phase != "choose":
            return "It is not your turn to choose."
        wanted = self.tiles_to_put_out
        if len(self.picked) < wanted:
            more = wanted - len(self.picked)
            return f"Choose {more} more tile{'s' * (more > 1)} from your hand; tap a chosen tile to turn it over."
        up = self.choice().up
        if not discard_allowed(up, self.hand.dice):
            a, b = self.hand.dice
            if len(up) == 2 and not matched_to_dice(up, self.hand.dice):
                return f"{tiles_said(up)} cannot both go: each face-up tile needs a die of its own ({a} and {b})."
            return f"{tiles_said(up)} matches neither die ({a} and {b}): put it face down."
        return ""

    def put_out(self) -> str:
        """Put out the chosen tiles; the reveal follows once everyone has."""
        reason = self.put_out_reason()
        if reason:
            return self._say(reason)
        seat = self.human_seat
        try:
            played = self.session.commit(seat, self.choice())
        except EngineError as error:  # (the checks above make this rare: a stale choice)
            self.picked = []
            return self._say(f"Those tiles cannot be put out: {error}.")
        self.picked = []
        if played is not None:
            return self._show(played)
        if self.pass_and_play:
            self._hidden = True
        return self._say(f"{self.names[seat]} {'has' if self.pass_and_play else 'have'} chosen.")

    def choose_rethrow(self, again: bool) -> str:
        """The person's Double Perfect: throw the dice again for the next round, or keep them."""
        if self.phase != "rethrow":
            return self._say("Only a Double Perfect's player chooses to throw the dice again.")
        seat = self.human_seat
        before = self.hand.dice
        self.session.choose_rethrow(seat, again)
        self._let_computers_choose()
        return self._say(self._dice_sentence(seat, again, before))

    def go_on(self) -> str:
        """Leave the reveal and go on to the next round (or the hand's end)."""
        if self.revealed is None:
            return self._say("Nothing to go on from.")
        self.revealed = None
        self.story = None
        if self.pass_and_play:
            self._hidden = True
        if self.hand.is_over:
            return self._say(self._hand_result())
        said = self._say(self._round_start())
        self._let_computers_choose()
        return said

    def next_hand(self) -> str:
        """Ante up and deal the next hand."""
        if self.phase != "hand-over":
            return self._say("The hand is not over.")
        self.session.next_hand()
        self._hidden = self.pass_and_play
        self.picked = []
        self._let_computers_choose()
        self._announce_hand()
        return self.last_announcement

    def stop(self) -> str:
        """The players stop after this hand: the session ends with the chips as they are."""
        if self.phase != "hand-over":
            return self._say("Finish this hand first.")
        self.session.stop()
        return self._say(self._standing())

    # --- the computer players -------------------------------------------------------------

    def _bot_rng(self, seat: int, what: str) -> random.Random:
        hand = self.session.hand_number
        return random.Random(f"{self.session.seed}:{what}:{seat}:{hand}:{len(self.hand.rounds)}")

    def _let_computers_choose(self) -> None:
        """Every computer player makes its choice for the round (kept covered), and its
        Double Perfect's choice; a round they complete is revealed."""
        while not self.hand.is_over and self.revealed is None:
            hand = self.hand
            seats = self.session.seats_in_hand
            if hand.awaiting_rethrow:
                bots = [seats[index] for index in hand.awaiting_rethrow if seats[index] in self._bots]
                if not bots:
                    return
                seat = bots[0]
                view = self.session.view(seat)
                assert view is not None
                before = hand.dice
                again = self._bots[seat].rethrow(view, self._bot_rng(seat, "rethrow"))
                self.session.choose_rethrow(seat, again)
                self._say(self._dice_sentence(seat, again, before))
                continue
            waiting = [
                seat for index, seat in enumerate(seats) if seat in self._bots and index not in hand.committed
            ]
            if not waiting:
                return
            for seat in waiting:
                view = self.session.view(seat)
                assert view is not None
                played = self.session.commit(
                    seat, self._bots[seat].commit(view, self._bot_rng(seat, "commit"))
                )
                if played is not None:
                    self._show(played)
                    return

    # --- words ---------------------------------------------------------------------------

    def _show(self, played: DiceRound) -> str:
        """Show a round's reveal until the person goes on."""
        self.revealed = played
        self.story = explain_round(played, [self.names[seat] for seat in self.session.seats_in_hand])
        return self._say(" ".join((self.story.headline, *self.story.seats)))

    def _dice_sentence(self, seat: int, again: bool, before: tuple[int, int]) -> str:
        name = self.names[seat]
        you = name == YOU
        if not again:
            return f"{name} {'keep' if you else 'keeps'} the dice: {before[0]} and {before[1]}."
        if self.hand.awaiting_rethrow:
            return f"{name} {'ask' if you else 'asks'} to throw the dice again."
        if self.hand.dice == before and not self._thrown_again():
            return f"{name} {'ask' if you else 'asks'} to throw the dice again, but not everyone does: they stay {before[0]} and {before[1]}."
        a, b = self.hand.dice
        return f"{name} {'throw' if you else 'throws'} the dice again: {a} and {b}."

    def _thrown_again(self) -> bool:
        choices = self.hand.rethrow_choices[-1]
        return bool(choices) and all(again for _, again in choices)

    def _round_start(self) -> str:
        a, b = self.hand.dice
        number = len(self.hand.rounds) + 1
        return f"Round {number}: the dice show {a} and {b}. Choose two tiles, each face up or face down."

    def _announce_hand(self) -> None:
        session = self.session
        out = [self.names[seat] for seat in range(session.players) if seat not in session.seats_in_hand]
        sitting_out = f" {', '.join(out)} {'sits' if len(out) == 1 else 'sit'} out: no chips." if out else ""
        self._say(
            f"Hand {session.hand_number}: the pot holds {session.pot}.{sitting_out} {self._round_start()}"
        )

    def _hand_result(self) -> str:
        payout = self.session.payouts[-1]
        if not payout.winners:
            said = f"Everyone went out together: the pot of {payout.pot} stays for the next hand."
        else:
            won, amount = self._winnings(payout)
            said = f"{won} the hand: {amount}."
        if self.session.is_over:
            said += " " + self._standing()
        return said

    def result_banner(self) -> str:
        """The hand's result in a few words, to write across the table ("" during a hand)."""
        if not self.hand.is_over or not self.session.payouts:
            return ""
        payout = self.session.payouts[-1]
        if not payout.winners:
            said = f"Pot of {payout.pot} stays"
        else:
            won, amount = self._winnings(payout)
            said = f"{won} {amount}"
        return f"{said} · game over" if self.session.is_over else said

    def _winnings(self, payout: HandPayout) -> tuple[str, str]:
        """Who took the pot with its verb ("West wins", "You win") and what ("3 chips each")."""
        who = " and ".join(self.names[seat] for seat in payout.winners)
        verb = "win" if len(payout.winners) > 1 or who == YOU else "wins"
        each = " each" if len(payout.winners) > 1 else ""
        return f"{who} {verb}", f"{payout.share} chip{'s' * (payout.share != 1)}{each}"

    def _standing(self) -> str:
        chips = self.session.chips
        most = max(chips)
        leaders = [self.names[seat] for seat, count in enumerate(chips) if count == most]
        if sum(count >= self.session.ante for count in chips) < 2:
            return f"Game over: {' and '.join(leaders)} {'holds' if len(leaders) == 1 else 'hold'} the chips ({most})."
        return f"Game over: {' and '.join(leaders)} {'leads' if len(leaders) == 1 else 'lead'} with {most} chips."

    def chips_text(self) -> str:
        """Everyone's chips and the pot, for the score bar ("South 21 · West 19 · pot 3")."""
        parts = [f"{self.names[seat]} {count}" for seat, count in enumerate(self.session.chips)]
        return " · ".join((*parts, f"pot {self.session.pot}"))

    def _say(self, text: str) -> str:
        self.said += 1
        self.announcements.append(text)
        del self.announcements[:-50]
        return text
