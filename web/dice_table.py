"""Dice and Dominoes on the page: the canvas, the footer's buttons and the keyboard twin.

The app (:mod:`web.app`) hands the table over to a :class:`DiceTable` while the game being
played is Dice and Dominoes (``body[data-game="dice"]`` then shows the dice game's buttons
and hides the line-of-play ones); it forwards taps on the canvas, the buttons' clicks and
each animation frame, and keeps the save slot. Everything the game decides is in
:class:`~web.dice_controller.DiceController`; this module only shows it and passes the
person's choices on.

Browser objects are passed in; nothing here imports from the browser.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import parse_tile
from engine.dice.variant import DICE
from web.dice_controller import DiceController
from web.dice_render import ROLL_MS, draw_dice_on_canvas
from web.dice_scene import DiceScene, build_dice_scene
from web.page import Page
from web.painter import SpriteBook
from web.sounds import dice_sounds

__all__ = ["DICE_BUTTONS", "DiceTable"]

DICE_BUTTONS = (
    "dice-take-back",
    "dice-put-out",
    "dice-go-on",
    "dice-again",
    "dice-keep",
    "dice-next-hand",
    "dice-stop",
)
"""The footer's buttons for the dice game, by element id."""

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

    def __init__(
        self,
        page: Page,
        window: Any,
        controller: DiceController,
        sprites: SpriteBook,
        save: Callable[[str], None],
        moves_shown: Callable[[], bool],
        throw_now: bool = False,
    ) -> None:
        """Show ``controller``'s session; ``save`` keeps a record, ``moves_shown`` says whether
        to animate; ``throw_now``: a new game, whose first throw is seen rolling (a restored
        one's dice lie as they were)."""
        self.page = page
        self.window = window
        self.controller = controller
        self.sprites = sprites
        self._save = save
        self._moves_shown = moves_shown
        self._scene: DiceScene | None = None
        self._scene_size: tuple[float, float] = (0.0, 0.0)
        self._throws_shown = controller.throws - 1 if throw_now else controller.throws
        self._roll_started: float | None = None
        self.rolled_frames = 0
        """Frames drawn while the dice were rolling (the end-to-end test reads it)."""
        self._logged = controller.said
        self._heard = (controller.revealed, controller.hand if controller.hand.is_over else None)
        """The reveal shown and the ended hand as last sounded (a restored game starts silent)."""

    # --- the page ---------------------------------------------------------------------

    def after_change(self) -> None:
        """Save, bring the panels up to date, start the dice rolling if they were thrown."""
        controller = self.controller
        self._save(controller.save())
        page = self.page
        page.document.body.dataset.game = "dice"
        page.document.querySelector("a.skip").setAttribute("href", "#dice-twin")
        page.document.body.dataset.phase = controller.phase
        page.el("variant-name").textContent = f"{DICE.name} · hand {controller.session.hand_number}"
        page.el("score").textContent = controller.chips_text()
        page.el("status").textContent = controller.last_announcement
        page.el("turn").textContent = self._turn_text()
        self._update_buttons()
        self._update_twin()
        self._update_pass_screen()
        self._log()
        thrown = controller.throws != self._throws_shown  # (a new game's first throw counts)
        self._sound(thrown)
        if thrown:
            self._throws_shown = controller.throws
            self._roll_started = self.window.performance.now() if self._moves_shown() else None
        self._scene = None

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
        if active and twin.contains(active) and active.dataset.tile:
            return str(active.dataset.tile)
        return None

    def _update_pass_screen(self) -> None:
        dialog = self.page.el("pass-dialog")
        name = self.controller.pass_to
        if not name:
            if dialog.open:
                dialog.close()
            return
        self.page.el("pass-title").textContent = f"Pass to {name}"
        self.page.el(
            "pass-why"
        ).textContent = f"Every hand is hidden. {name}: take the device and tap when ready."
        self.page.el("pass-ready-btn").textContent = f"I am {name}: show my tiles"
        self.page.el("pass-call-btn").hidden = True
        if not dialog.open:
            dialog.showModal()
            self.page.el("pass-ready-btn").focus()

    def _log(self) -> None:
        """Add what was said since the last update to the move log (read by screen readers)."""
        controller = self.controller
        new = controller.said - self._logged
        self._logged = controller.said
        log = self.page.el("move-log")
        for line in controller.announcements[-new:] if new > 0 else []:
            item = self.page.document.createElement("p")
            item.textContent = line
            log.appendChild(item)
        while log.childElementCount > 60:
            log.firstElementChild.remove()

    # --- the person's actions -----------------------------------------------------------

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
        draw_dice_on_canvas(self.window, ctx, self.scene_at(width, height), ratio, self.sprites, rolling)
        self.rolled_frames += rolling is not None
        return rolling is not None

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
            "scene": None if scene is None else scene.test_data(),
        }
