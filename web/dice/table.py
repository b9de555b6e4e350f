"""Dice and Dominoes on the page: the canvas, the footer's buttons and the keyboard twin.

A :class:`DiceTable` is the :class:`web.table.Table` of Dice and Dominoes: while it is
played, ``body[data-game="dice"]`` shows the dice game's buttons and hides the
line-of-play ones. The app (:mod:`web.app`) routes taps on the canvas, the buttons'
clicks and each animation frame to it, and keeps the save slot. Everything the game
decides is in :class:`~web.dice.controller.DiceController`; this module only shows it and
passes the person's choices on.

Browser objects come in through :class:`web.table.Surroundings`; nothing here imports from
the browser.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine import parse_tile
from engine.dice.variant import DICE
from engine.line.ai.review import MatchReview
from web.dice.controller import DiceController
from web.dice.elements import DICE_BUTTONS, DICE_CLICKS
from web.dice.kept import dice_match_id, kept_of_dice
from web.dice.render import ROLL_MS, draw_dice_on_canvas
from web.dice.replay import DiceReplay
from web.dice.scene import DiceScene, build_dice_scene
from web.painter import Box, boxes_data
from web.replay.model import Stepping
from web.review.book import ReviewBook
from web.settings import Settings
from web.sounds import dice_sounds
from web.table import Surroundings

__all__ = ["DiceTable"]


_PHASE_TEXT = {
    "choose": "Your turn: choose two tiles, each face up (to discard) or face down.",
    "reveal": "Everyone has chosen: the tiles are shown.",
    "rethrow": "Your Double Perfect: you may throw the dice again.",
    "pass": "Pass the device.",
    "hand-over": "The hand is over.",
    "session-over": "The game is over.",
    "wait": "Waiting for the others.",
}


class DiceTable:
    """The dice game's part of the page, around one :class:`DiceController`."""

    game: ClassVar[str] = "dice"
    skip_to: ClassVar[str] = "#dice-twin"
    clicks: ClassVar[tuple[str, ...]] = DICE_CLICKS
    kept: ClassVar[bool] = True

    def __init__(self, around: Surroundings, controller: DiceController, throw_now: bool = False) -> None:
        """Show ``controller``'s session; ``throw_now``: a new game, whose first throw is seen
        rolling (a restored one's dice lie as they were)."""
        self.around = around
        self.page = around.page
        self.window = around.window
        self.board = around.board
        self.controller = controller
        self._scene: DiceScene | None = None
        self._scene_size: tuple[float, float] = (0.0, 0.0)
        self._throws_shown = controller.throws - 1 if throw_now else controller.throws
        self._roll_started: float | None = None
        self.rolled_frames = 0
        """Frames drawn while the dice were rolling (the end-to-end test reads it)."""
        self.boxes_drawn: list[Box] = []
        """The boxes of what the last frame drew, and the canvas size it was drawn at."""
        self.size_drawn: tuple[float, float] = (0.0, 0.0)
        self._logged = controller.said
        self._heard = (controller.revealed, controller.hand if controller.hand.is_over else None)
        """The reveal shown and the ended hand as last sounded (a restored game starts silent)."""
        self._kept_at: tuple[int, bool] = (0, False)
        """How many hands of the session the history has, and whether it was over then."""

    @property
    def settings(self) -> Settings:
        """The settings of the session at the table."""
        return self.controller.settings

    # --- the page ---------------------------------------------------------------------

    def after_change(self) -> None:
        """Save, bring the panels up to date, start the dice rolling if they were thrown, redraw."""
        controller = self.controller
        self.around.keep(self.save())
        self._keep_in_history()
        page = self.page
        page.show_phase(controller.phase)
        page.show_bar(
            f"{DICE.name} · hand {controller.session.hand_number}",
            controller.chips_text(),
            controller.last_announcement,
            self._turn_text(),
        )
        self._update_buttons()
        self._update_twin()
        page.show_pass_screen(controller.pass_to)
        self._log()
        thrown = controller.throws != self._throws_shown  # (a new game's first throw counts)
        self._sound(thrown)
        if thrown:
            self._throws_shown = controller.throws
            self._roll_started = self.window.performance.now() if self.around.moves_shown() else None
        self._scene = None
        self.board.request_frame()

    def close(self) -> None:
        """Another game takes the page (nothing of this one runs in the background)."""

    def _keep_in_history(self) -> None:
        """Keep the session in the history after each finished hand (once a hand), and again
        when it ends (the players may stop after a hand)."""
        history = self.around.history
        controller = self.controller
        kept_at = (len(controller.session.payouts), controller.session.is_over)
        if history is None or not kept_at[0] or kept_at == self._kept_at or not controller.hand.is_over:
            return
        self._kept_at = kept_at
        match_id = dice_match_id(controller, self.around.slot_key)
        notice = history.keep(kept_of_dice(controller, match_id, self.around.today()), self.save())
        if notice:
            self.around.tell(notice)

    def _sound(self, thrown: bool) -> None:
        """Sound what happened since the last change (sound.js plays it, if sound is on)."""
        controller = self.controller
        revealed, ended = self._heard
        hand = controller.hand
        names = dice_sounds(
            revealed=controller.revealed is not None and controller.revealed is not revealed,
            thrown=thrown,
            hand_ended=hand.is_over and hand is not ended,
        )
        self._heard = (controller.revealed, hand if hand.is_over else ended)
        sound = getattr(self.window, "dominoesSound", None)
        if sound is not None:  # (sound.js did not load: play on in silence)
            for name in names:
                sound.play(name)

    def _turn_text(self) -> str:
        controller = self.controller
        phase = controller.phase
        if phase == "choose":
            reason = controller.put_out_reason()
            return reason or "Ready: put out your tiles."
        if phase == "pass":
            return f"Pass the device to {controller.pass_to}."
        return _PHASE_TEXT.get(phase, "")

    def _update_buttons(self) -> None:
        controller = self.controller
        phase = controller.phase
        shown = {
            "dice-take-back": phase == "choose" and bool(controller.picked),
            "dice-put-out": phase == "choose",
            "dice-go-on": phase == "reveal",
            "dice-again": phase == "rethrow",
            "dice-keep": phase == "rethrow",
            "dice-next-hand": phase == "hand-over",
            "dice-stop": phase == "hand-over",
        }
        for button_id, visible in shown.items():
            self.page.el(button_id).hidden = not visible
        put_out = self.page.el("dice-put-out")
        reason = controller.put_out_reason() if phase == "choose" else ""
        put_out.setAttribute("aria-disabled", "true" if reason else "false")
        put_out.title = reason or "Put out the tiles you chose"
        self.page.el("dice-go-on").textContent = "See the result" if controller.hand.is_over else "Next round"

    def _update_twin(self) -> None:
        """A button per tile of the person's hand and choice, for keyboards and screen readers."""
        controller = self.controller
        document = self.page.document
        buttons = []
        choosing = controller.phase == "choose"
        chosen = {picked.tile: picked.face_up for picked in controller.picked}
        for tile in controller.hand_shown():
            button = document.createElement("button")
            button.type = "button"
            button.dataset.tile = str(tile)
            if tile in chosen:
                face = "face up" if chosen[tile] else "face down"
                button.textContent = f"{tile} ({face})"
                button.setAttribute("aria-label", f"{tile}, chosen {face}: press to turn it over")
                button.setAttribute("aria-pressed", "true")
            else:
                button.textContent = str(tile)
                button.setAttribute("aria-label", f"{tile}: press to choose it")
                button.setAttribute("aria-pressed", "false")
            button.setAttribute("aria-disabled", "false" if choosing else "true")
            buttons.append(button)
        focused = self._focused_tile()
        self.page.el("dice-twin").replaceChildren(*buttons)
        if focused is not None:
            for button in buttons:
                if str(button.dataset.tile) == focused:
                    button.focus()

    def _focused_tile(self) -> str | None:
        active = self.page.document.activeElement
        twin = self.page.el("dice-twin")
        tile = active.getAttribute("data-tile") if active else None  # (the group itself has none)
        if tile and twin.contains(active):
            return str(tile)
        return None

    def _log(self) -> None:
        """Add what was said since the last update to the move log (read by screen readers)."""
        controller = self.controller
        new = controller.said - self._logged
        self._logged = controller.said
        self.page.add_to_log(controller.announcements[-new:] if new > 0 else [], keep=60)

    # --- the person's actions -----------------------------------------------------------

    def pointer_down(self, event: Any) -> None:
        """A press on the canvas: a tile touched is chosen, turned over or taken back."""
        if self.tap(float(event.offsetX), float(event.offsetY)):
            event.preventDefault()

    def pointer_move(self, event: Any) -> None:
        """Nothing is dragged in the dice game."""

    def pointer_up(self, event: Any) -> None:
        """Nothing is dragged in the dice game."""

    def pointer_cancel(self, event: Any) -> None:
        """Nothing is dragged in the dice game."""

    def tap(self, x: float, y: float) -> bool:
        """A tap on the canvas at (x, y) CSS px; whether it touched a tile."""
        if self._scene_size == (0.0, 0.0):
            return False
        touched = self.scene_at(*self._scene_size).hit(x, y)
        if touched is None:
            return False
        kind, tile = touched
        said = self.controller.tap_tile(tile) if kind == "hand" else self.controller.flip(tile)
        self.page.say(said)
        self.after_change()
        return True

    def press(self, element_id: str, event: Any) -> None:
        """One of :data:`DICE_BUTTONS`, the keyboard twin or the pass screen was pressed."""
        if element_id == "dice-twin":
            button = event.target.closest("button")
            if button:  # (none: jsnull, falsy)
                self.twin_tile(str(button.dataset.tile))
        elif element_id == "pass-dialog":
            self.take_device()
        elif element_id in DICE_BUTTONS:
            self.button(element_id)
        self.board.request_frame()

    def twin_tile(self, text: str) -> None:
        """A twin tile button was pressed."""
        if self.controller.phase != "choose":
            self.page.say(self.controller.put_out_reason())
            return
        self.page.say(self.controller.tap_tile(parse_tile(text)))
        self.after_change()

    def button(self, button_id: str) -> None:
        """One of :data:`DICE_BUTTONS` was pressed."""
        controller = self.controller
        said = {
            "dice-take-back": lambda: controller.take_back(),
            "dice-put-out": controller.put_out,
            "dice-go-on": controller.go_on,
            "dice-again": lambda: controller.choose_rethrow(True),
            "dice-keep": lambda: controller.choose_rethrow(False),
            "dice-next-hand": controller.next_hand,
            "dice-stop": controller.stop,
        }[button_id]()
        self.page.say(said)
        self.after_change()

    def take_device(self) -> None:
        """The next person says they hold the device."""
        self.controller.take_device()
        self.after_change()

    def command(self, command: str) -> None:
        """A keyboard command: the read commands read the latest thing said; the others are
        not in this game (the dice game's buttons are its commands)."""
        self.page.say(
            self.controller.last_announcement if command.startswith("read:") else "Not in this game."
        )

    def undo(self) -> None:
        """Choices are secret and simultaneous: none is taken back."""
        self.page.show_status("Choices cannot be taken back in Dice and Dominoes.")

    # --- drawing --------------------------------------------------------------------------

    def scene_at(self, width: float, height: float) -> DiceScene:
        """The scene for the table as it is, at this canvas size (built when anything changed)."""
        if self._scene is None or self._scene_size != (width, height):
            self._scene = build_dice_scene(self.controller, width, height)
            self._scene_size = (width, height)
        return self._scene

    def draw(self, ctx: Any, width: float, height: float, ratio: float) -> bool:
        """Draw the table; whether another frame is wanted (the dice are still rolling)."""
        rolling = None
        if self._roll_started is not None:
            rolling = (self.window.performance.now() - self._roll_started) / ROLL_MS
            if rolling >= 1:
                self._roll_started = None
                rolling = None
        self.boxes_drawn = draw_dice_on_canvas(
            self.window, ctx, self.scene_at(width, height), ratio, self.around.sprites, rolling
        )
        self.size_drawn = (width, height)
        self.rolled_frames += rolling is not None
        return rolling is not None

    def prepare(self) -> None:
        """At boot: draw the first frame."""
        self.frame()

    def frame(self) -> None:
        """Draw the table at the canvas's size (and ask for the next frame while the dice roll)."""
        width, height = self.board.read_size()
        if width < 1 or height < 1:
            return
        ratio = self.board.fit(width, height)
        if self.draw(self.board.ctx, width, height, ratio):
            self.board.request_frame()
        self.board.drawn()

    def invalidate(self, resized: bool = False) -> None:
        """Redraw the table next frame (at the canvas's size then)."""
        self.board.request_frame()

    # --- records and replays --------------------------------------------------------------

    def save(self) -> str:
        """The session as the save slot keeps it (with the choices of a round being chosen)."""
        return self.controller.save()

    def progress(self) -> str:
        """How far the game has got, in the player's words (``"hand 2, move 14"``)."""
        return self.controller.progress()

    def shared_record(self, date: str) -> str:
        """The session's record without the choices of a round still being chosen (secret
        until the reveal), dated ``date`` unless it has a date."""
        self.controller.session.tags.setdefault("Date", date)
        return self.controller.shown_record()

    def position(self) -> tuple[str | None, str]:
        """No position is copied in the dice game (the Game dialog hides the button)."""
        return None, "There is no position to copy in Dice and Dominoes."

    def replay(self) -> DiceReplay | None:
        """A replay of the hands finished in the session."""
        return DiceReplay.of_table(self.controller)

    def under_way(self) -> bool:
        """Whether the session has begun and is not over."""
        session = self.controller.session
        return not session.is_over and (session.hand_number > 1 or bool(self.controller.hand.rounds))

    def seat_in(self, replay: Stepping) -> int:
        """The first seat: a dice replay is shown as it was recorded."""
        return 0

    def count_review(self, book: ReviewBook, review: MatchReview) -> None:
        """Reviews are of the line-of-play games: nothing to count."""

    def test_state(self) -> dict[str, Any]:
        """What end-to-end tests read about the dice game."""
        controller = self.controller
        scene = None if self._scene_size == (0.0, 0.0) else self.scene_at(*self._scene_size)
        return {
            "game": "dice",
            "phase": controller.phase,
            "variant": DICE.id,
            "players": controller.settings.players,
            "hand": [str(tile) for tile in controller.hand_shown()],
            "viewer": controller.human_seat,
            "pass_to": controller.pass_to,
            "picked": [[str(p.tile), p.face_up] for p in controller.picked],
            "reason": controller.put_out_reason() if controller.phase == "choose" else "",
            "chips": list(controller.session.chips),
            "pot": controller.session.pot,
            "dice": list(controller.hand.dice),
            "throws": controller.throws,
            "rolling": self._roll_started is not None,
            "rolled_frames": self.rolled_frames,
            "hand_number": controller.session.hand_number,
            "rounds": len(controller.hand.rounds),
            "hand_over": controller.hand.is_over,
            "session_over": controller.session.is_over,
            "story": None
            if controller.story is None
            else {"headline": controller.story.headline, "seats": list(controller.story.seats)},
            "announcement": controller.last_announcement,
            "scene": None
            if scene is None
            else {**scene.test_data(), **boxes_data(self.boxes_drawn, self.size_drawn)},
            "thinking": False,
        }
