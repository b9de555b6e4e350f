"""The running table in the browser: wires the page's events to the controller, redraws
once per animation frame, lets AI seats move after a short visible delay, and saves the
match after every move so a reload loses nothing.

Browser objects (document, window, the proxy factory) are passed in by ``main.py``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import Callable, Generator
from typing import Any, NamedTuple, TypeVar

from engine import Draw, EngineError, Lead, Match, Pass, RulesError, Tile, parse_end, parse_tile
from engine.dice.variant import DICE
from engine.line.ai.review import MatchReview
from engine.line.notation import read_header
from web.controller import Controller, Settings
from web.dice_controller import DiceController
from web.dice_replay import DiceReplay, replay_of_text
from web.dice_table import DICE_BUTTONS, DiceTable
from web.drag import Drag
from web.embed import dress_for_embedding
from web.game_dialog import GameDialog, import_error_text
from web.game_record import game_from_position, is_record, read_game
from web.host_link import HostLink
from web.keys import ARROWS, COMMAND_KEYS, arrow_target
from web.links import LinkRequest, parse_link
from web.motion import MOTION_MS, Motion, ScoreCount, plan_motion
from web.page import Page, score_text
from web.painter import SpriteBook
from web.render import draw_on_canvas
from web.replay import Replay
from web.replay_view import ReplayView
from web.review import ReviewBook
from web.saves import SaveSlots, slot_key
from web.scene import Scene, build_scene
from web.share import Shared, SharedError, read_fragment
from web.slices import run_in_slices
from web.sounds import sounds_for
from web.spoken import read
from web.stats import Stats
from web.warmup import warm_up

__all__ = ["DEFAULT_AI_DELAY_MS", "NOT_KEPT", "App", "LocalStorage"]

T = TypeVar("T")


DEFAULT_AI_DELAY_MS = 700
"""How long a computer player waits before moving, unless a link says otherwise."""

NOT_KEPT = (
    "This browser does not let the table store anything here, so games will not be kept: "
    "a reload starts a new game."
)
"""Said once when storage is blocked (a cross-site frame, some private windows)."""

SAVE_FAILED = (
    "Your game could not be saved: the browser's storage for this site is full. "
    "Play on; a reload would start a new game."
)
"""Said once when storage that worked refuses a save."""


class _Heard(NamedTuple):
    """The game as last sounded (see :meth:`App._play_sounds`)."""

    controller: int
    """The ``id`` of the controller: a new game is a new controller."""
    hand_number: int
    events: int
    """How many events the hand had."""
    over: bool


class App:
    """The table page: one controller, one canvas, one page of panels."""

    def __init__(self, document: Any, window: Any, proxy: Callable[[Any], Any]) -> None:
        """Attach to the page; call :meth:`start` to begin."""
        self.document = document
        self.window = window
        self.page = Page(document, proxy)
        self._proxy = proxy
        self.canvas = document.getElementById("table")
        self.ctx = self.canvas.getContext("2d")
        self._scene: Scene | None = None
        self._scene_stale = True
        self._motion: Motion | None = None
        self._drag: Drag | None = None
        """A tile of the person's hand pressed (a tap) or being dragged to an end."""
        self._score_count: ScoreCount | None = None
        self._shown_scores: tuple[int, ...] | None = None
        self._moving_shown = ""
        self._reduced_motion = window.matchMedia("(prefers-reduced-motion: reduce)")
        self._size: tuple[float, float] | None = None
        self._frame_pending = False
        self.frames = 0
        self._frame_proxy = proxy(self._frame)
        self._bot_generation = 0
        self._bot_task: asyncio.Task[None] | None = None
        self._hint_task: asyncio.Task[None] | None = None
        self._summary_task: asyncio.Task[None] | None = None
        self._ready_task: asyncio.Task[None] | None = None
        self.thinking = False
        """Whether a computer player (or the hint) is searching right now."""
        self._last_phase = ""
        self.started = False
        """Whether :meth:`start` has drawn the first frame (what was there then makes no sound)."""
        self._heard = _Heard(0, 0, 0, False)
        """The game as last sounded."""
        self._waiting_since_move = False
        self.link: LinkRequest = parse_link(str(window.location.search))
        delay_ms = DEFAULT_AI_DELAY_MS if self.link.ai_delay_ms is None else self.link.ai_delay_ms
        self.ai_delay = delay_ms / 1000
        self.storage = LocalStorage(window)
        self.slots = SaveSlots(self.storage)
        self.shared, self.shared_error = _shared(str(window.location.hash))
        self.slot = self.link.key
        if self.shared is not None and self.shared.kind == "position":
            self.slot = f"{self.link.key} position {self.shared.text.strip()}".strip()
        """This table's save slot: the game its link asks for ("" for the plain table), so
        tables embedded side by side, or opened from different links, keep their own games."""
        self._told_save_failed = False
        self.restored = False
        """Whether this boot picked up a saved game."""
        self.embed = self.link.embed
        first = self._first_controller()
        self.dice: DiceTable | None = None
        """The dice game's table while Dice and Dominoes is played (the line-of-play
        controller then waits unseen)."""
        self._first_dice = first if isinstance(first, DiceController) else None
        self.controller = (
            first if isinstance(first, Controller) else Controller(Settings(), self._seed_or_new())
        )
        self.stats = Stats(self.storage) if self.slots.available and not self.embed.enabled else None
        self.sprites = SpriteBook()
        """The pictures the browser keeps for the table's canvas and the replay's (one page, one store)."""
        self.replay_view = ReplayView(self.page, window, proxy, self.sprites)
        self.replay_view.on_play_from = self._play_from_replay
        self.replay_view.on_move = self._on_replay_move
        self.replay_view.review.on_reviewed = self._count_review
        self.game_dialog = GameDialog(self.page, window, self, self.stats)
        self.host = HostLink(window, document, self.embed) if self.embed.enabled else None
        if self._first_dice is not None:
            self._play_dice(self._first_dice)

    # --- starting ------------------------------------------------------------------------

    def _first_controller(self) -> Controller | DiceController:
        """The saved game of this table if there is one, else a new match (the link's, or
        the settings of a damaged save, or the default table); collects the notices."""
        notices = [] if self.slots.available else [NOT_KEPT]
        saved, damaged = self.slots.load(self.slot)
        settings_kept = self.slots.damaged_settings
        controller: Controller | DiceController | None = None
        if saved is not None:
            try:
                controller = _restored(saved.text)
            except EngineError:  # every part is well formed, but a move cannot be played
                settings_kept = saved.settings
                damaged = self.slots.set_aside(self.slot)
        notices += [message for message in (damaged, self.link.notice(), self.shared_error) if message]
        self.notices = notices
        self.restored = controller is not None
        if controller is not None:
            return controller
        if self.shared is not None and self.shared.kind == "position":
            try:
                levels = self._link_levels(self.shared.text)
                return Controller.over(*game_from_position(self.shared.text, self._seed_or_new(), levels))
            except EngineError as error:
                self.notices.append("The position in this link cannot be played: " + import_error_text(error))
        settings = self.link.settings or _settings_or_none(settings_kept) or Settings.for_variant("draw-2")
        if settings.is_dice:
            return DiceController(settings, self._seed_or_new())
        return Controller(settings, self._seed_or_new())

    def _play_dice(self, controller: DiceController, throw_now: bool = False) -> None:
        """Hand the table over to the dice game (``body[data-game="dice"]``); ``throw_now``:
        a new game's first throw is seen rolling."""
        self.dice = DiceTable(
            self.page, self.window, controller, self.sprites, self._save_text, self._moves_shown, throw_now
        )
        self.document.body.dataset.game = "dice"

    def _play_line(self, controller: Controller) -> None:
        """Give the table back to a line-of-play game."""
        self.dice = None
        self.document.body.dataset.game = "line"
        self.document.querySelector("a.skip").setAttribute("href", "#a11y-hand")
        self.controller = controller

    def settings(self) -> Settings:
        """The settings of the game at the table (the dice game's while it is played)."""
        return self.dice.controller.settings if self.dice is not None else self.controller.settings

    def _link_levels(self, position: str) -> tuple[str, ...]:
        """The computer players' levels the link gives, if it names the position's rule set and table."""
        settings = self.link.settings
        head = position.strip().split()
        if (
            settings is None
            or len(head) < 2
            or head[0] != settings.variant
            or head[1] != str(settings.players)
        ):
            return ()
        return settings.levels

    def _seed_or_new(self) -> int:
        return _new_seed() if self.link.seed is None else self.link.seed

    def start(self) -> None:
        """Wire the events, draw the first frame, let any AI seat move, and mark the page ready."""
        page = self.page
        page.on(self.canvas, "pointerdown", self._on_pointer)
        page.on(self.canvas, "pointermove", self._on_pointer_move)
        page.on(self.canvas, "pointerup", self._on_pointer_up)
        page.on(self.canvas, "pointercancel", self._on_pointer_cancel)
        page.on(page.el("draw-btn"), "click", lambda _e: self._act(Draw()))
        page.on(page.el("pass-btn"), "click", lambda _e: self._act(Pass()))
        page.on(page.el("hint-btn"), "click", lambda _e: self._on_hint())
        page.on(page.el("undo-btn"), "click", lambda _e: self.undo())
        page.on(page.el("hand-undo-btn"), "click", lambda _e: self.undo())
        page.on(self.document, "keydown", self._on_key)
        page.on(self.document, "pointerdown", lambda _e: setattr(page, "keyboard_in_use", False))
        page.on(page.el("a11y-hand"), "click", self._on_twin_tile)
        page.on(page.el("a11y-ends"), "click", self._on_twin_end)
        page.on(page.el("a11y-read"), "click", self._on_read)
        page.on(page.el("next-hand-btn"), "click", lambda _e: self._next_hand())
        page.on(page.el("hand-close"), "click", lambda _e: page.dismiss_summary())
        page.on(page.el("summary-btn"), "click", lambda _e: page.open_summary(self.controller))
        page.on(page.el("hand-replay-btn"), "click", lambda _e: self._replay_last_hand())
        page.on(page.el("hand-review-btn"), "click", lambda _e: self._review_last_hand())
        page.on(page.el("new-match-btn"), "click", lambda _e: page.open_new_game(self.settings()))
        page.on(page.el("new-game-btn"), "click", lambda _e: page.open_new_game(self.settings()))
        page.on(page.el("rules-btn"), "click", lambda _e: page.open_rules(self.settings()))
        page.on(page.el("score"), "click", lambda _e: self._open_sheet())
        for button_id in DICE_BUTTONS:
            page.on(page.el(button_id), "click", self._dice_button_handler(button_id))
        page.on(page.el("dice-twin"), "click", self._on_dice_twin)
        page.on(page.el("ng-variants"), "change", lambda _e: page.refresh_new_game())
        page.on(page.el("ng-players"), "change", lambda _e: page.refresh_options())
        page.on(page.el("ng-options"), "change", lambda _e: page.refresh_options())
        page.on(page.el("call-btn"), "click", lambda _e: self._claim(muggins=False))
        page.on(page.el("muggins-btn"), "click", lambda _e: self._claim(muggins=True))
        page.on(page.el("lead-choices"), "click", self._on_lead)
        page.on(page.el("pass-dialog"), "click", self._on_pass_screen)
        page.on(page.el("pass-dialog"), "cancel", lambda event: event.preventDefault())  # Esc keeps it up
        page.on(page.el("new-game-form"), "submit", self._on_new_game)
        page.on(self.window, "resize", lambda _e: self.invalidate(resized=True))
        page.on(self.window, "hashchange", lambda _e: self._on_new_fragment())
        # The board also changes size without a window resize (a notice, the phone's bars).
        self._resize_proxy = self._proxy(lambda *_args: self.invalidate(resized=True))
        self.window.ResizeObserver.new(self._resize_proxy).observe(self.canvas)
        page.on(page.el("notice-close"), "click", lambda _e: self.show_notice(None))
        self.show_notice(" ".join(self.notices) or None, quiet=self.notices == [NOT_KEPT])
        self.page.show_thinking(False)
        if self.dice is None:
            self.document.body.dataset.game = "line"
        self.window.dominoesTest = self._proxy_object()
        self.document.getElementById("app").hidden = False
        dress_for_embedding(self.document, self.embed)
        self.after_change()
        if self.shared is not None and self.shared.kind == "record":
            self._open_shared_record(self.shared.text)
        if self.host is not None:
            page.on(self.window, "message", self._on_host_message)
            mode = "replay" if self.replay_view.is_open else "live"
            self.host.send(
                "ready", mode=mode, variant=self.settings().variant, players=self.settings().players
            )
        # While the loading screen is still up: a scratch hand (the first run of each code
        # path is the slow one), then the first frame with every tile's picture.
        warm_up(self.controller.settings, *self._canvas_size())
        self._build_scene_if_outdated()
        self._draw()
        self.started = True
        self._ready_task = asyncio.ensure_future(self._ready_when_painted())

    async def _ready_when_painted(self) -> None:
        """Say the table is ready once the browser has painted its first frame: rasterizing
        every tile's picture the first time is the browser's own long task, part of boot."""
        after_paint = getattr(getattr(self.window, "dominoesBoot", None), "afterPaint", None)
        if after_paint is not None:
            await after_paint()
        self.document.body.dataset.appState = "ready"

    def _proxy_object(self) -> Any:
        """``window.dominoesTest.state()``: the table as JSON, for end-to-end tests."""
        holder = self.window.Object.new()
        holder.state = self._proxy(lambda: json.dumps(self.test_state()))
        return holder

    # --- events --------------------------------------------------------------------------

    def _on_pointer(self, event: Any) -> None:
        """A press on the table: a lit end or the boneyard acts at once; a tile of the
        person's hand waits to see whether it is a tap or a drag (:class:`web.drag.Drag`)."""
        x, y = float(event.offsetX), float(event.offsetY)
        if self.dice is not None:
            if self.dice.tap(x, y):
                event.preventDefault()
            return
        self.skip_motion()
        hit = self.scene.hit(x, y)
        if hit is None:
            return
        event.preventDefault()
        if isinstance(hit, Tile):
            self._drag = Drag.pressed(hit, int(event.pointerId), x, y)
            # The moves and the release come here, even off the canvas; a pointer already
            # gone (or a synthetic event) cannot be captured, and the press is a tap anyway.
            with contextlib.suppress(Exception):
                self.canvas.setPointerCapture(event.pointerId)
            return
        if isinstance(hit, str):
            self.controller.act(Draw())
        else:
            self.controller.choose_end(hit)
        self.after_change()

    def _on_pointer_move(self, event: Any) -> None:
        """The pressed tile follows the pointer once it is a drag; its ends light up."""
        drag = self._drag
        if drag is None or int(event.pointerId) != drag.pointer:
            return
        moved = drag.to(float(event.offsetX), float(event.offsetY))
        self._drag = moved
        if moved.moved and not drag.moved:  # a drag begins: the tile is picked up
            if not self.controller.pick_up(moved.tile):
                self._drag = None
                self.page.update(self.controller)  # says why the tile cannot be played
                return
            self.invalidate()  # the lit ends
        self._request_frame()

    def _on_pointer_up(self, event: Any) -> None:
        """A tap on a tile plays it (or picks it, when it fits two ends); a drag let go over
        a lit end plays it there (see :meth:`Controller.drop`)."""
        drag = self._drag
        if drag is None or int(event.pointerId) != drag.pointer:
            return
        self._drag = None
        drag = drag.to(float(event.offsetX), float(event.offsetY))
        if not drag.moved:
            self.controller.tap_tile(drag.tile)
        else:
            scene = self.scene
            # The tile slides on from where it was let go, not from the hand.
            self._scene = drag.on(scene)
            self.controller.drop(drag.tile, drag.end_under(scene), drag.over_board(scene))
        self.after_change()

    def _on_pointer_cancel(self, event: Any) -> None:
        """The browser took the pointer (a system gesture): the dragged tile goes back."""
        drag = self._drag
        if drag is not None and int(event.pointerId) == drag.pointer:
            self._drag = None
            if drag.moved:
                self.controller.drop(drag.tile, None, on_board=False)
            self.after_change()

    def _open_sheet(self) -> None:
        if self.dice is None:  # (the dice game's chips are all in the top bar)
            self.page.open_sheet(self.controller)

    def _dice_button_handler(self, button_id: str) -> Callable[[Any], None]:
        def pressed(_event: Any) -> None:
            if self.dice is not None:
                self.dice.button(button_id)
                self.invalidate()

        return pressed

    def _on_dice_twin(self, event: Any) -> None:
        button = event.target.closest("button")
        if self.dice is not None and button:
            self.dice.twin_tile(str(button.dataset.tile))
            self.invalidate()

    def _on_twin_tile(self, event: Any) -> None:
        move = self.page.twin_target(event)
        if move:
            self.controller.tap_tile(parse_tile(move))
            self.after_change()

    def _on_twin_end(self, event: Any) -> None:
        move = self.page.twin_target(event)
        if move:
            self.controller.choose_end(parse_end(move))
            self.after_change()

    def _on_lead(self, event: Any) -> None:
        move = self.page.twin_target(event)
        if move and move.startswith("lead:"):
            lead = Lead(int(move.partition(":")[2]))
            if self.controller.can(lead):
                self.controller.act(lead)
                self.after_change()

    def _on_pass_screen(self, event: Any) -> None:
        """A tap anywhere on the pass-and-play screen: the next person has the device. Its
        own buttons: the person who just played calls their score first, or the rules or a
        new game open over the screen (which stays up under them)."""
        pressed = str(event.target.id)
        if pressed == "pass-rules-btn":
            self.page.open_rules(self.settings())
            return
        if pressed == "pass-new-game-btn":
            self.page.open_new_game(self.settings())
            return
        if self.dice is not None:
            self.dice.take_device()
            self.invalidate()
            return
        if pressed == "pass-call-btn":
            self.controller.claim(muggins=False)
        else:
            self.controller.take_device()
        self.after_change()

    def _on_key(self, event: Any) -> None:
        """The table's keys (:mod:`web.keys`): Escape closes the end-of-hand summary to show
        the board; Ctrl+Z (or Cmd+Z) takes a move back; arrows move between the keyboard
        twin's buttons; letters draw, pass, hint, undo, open the menus and read aloud."""
        key = str(event.key)
        self.page.keyboard_in_use = True
        if key == "Escape" and self.page.el("hand-dialog").open:
            event.preventDefault()
            self.page.dismiss_summary()
            return
        target = event.target
        if str(getattr(target, "tagName", "")).upper() in ("INPUT", "TEXTAREA", "SELECT"):
            return
        if key.lower() == "z" and (event.ctrlKey or event.metaKey) and not event.shiftKey:
            event.preventDefault()
            self.undo()
            return
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        if self.document.querySelector("dialog[open]:not(#hand-dialog)"):  # (no match: null, falsy)
            return  # a dialog has the keyboard (the replay viewer has its own arrow keys)
        if key in ARROWS:
            if self._move_focus(key):
                event.preventDefault()
            return
        command = COMMAND_KEYS.get(key.lower()) if len(key) == 1 else None
        if command is not None:
            event.preventDefault()
            self._command(command)

    def _move_focus(self, key: str) -> bool:
        """Move focus along the keyboard twin's group that has it; False if focus is elsewhere."""
        active = self.document.activeElement
        # (JavaScript's null reaches Python as pyodide's jsnull, which is falsy but not None.)
        if not active or not self.document.querySelector(".twin").contains(active):
            return False
        group = active if str(active.getAttribute("role") or "") == "group" else active.parentElement
        buttons = list(group.querySelectorAll("button"))
        if not buttons:
            return False
        index = next((i for i, button in enumerate(buttons) if button.isSameNode(active)), -1)
        buttons[arrow_target(key, index, len(buttons))].focus()
        return True

    def _command(self, command: str) -> None:
        """Carry out a keyboard command (or a read button's)."""
        page = self.page
        if self.dice is not None and command not in ("new-game", "rules", "game"):
            page.say(
                self.dice.controller.last_announcement if command.startswith("read:") else "Not in this game."
            )
            return
        if command.startswith("read:"):
            kind = command.removeprefix("read:")
            page.say(read(kind, self.controller, page.last_moves(), score_text(self.controller)))
        elif command in ("draw", "pass"):
            action = Draw() if command == "draw" else Pass()
            if self.controller.can(action):
                self._act(action)
            else:
                page.say("You cannot draw now." if command == "draw" else "You cannot pass now.")
        elif command == "hint":
            self._on_hint()
        elif command == "undo":
            self.undo()
        elif command == "new-game":
            page.open_new_game(self.settings())
        elif command == "rules":
            page.open_rules(self.settings())
        elif command == "game":
            self.game_dialog.open()

    def _on_read(self, event: Any) -> None:
        kind = str(event.target.dataset.read or "")  # (the read buttons hold only text)
        if kind:
            self._command(f"read:{kind}")

    def _play_sounds(self) -> None:
        """Sound what happened since the last change (nothing for a restored game, a new
        game's start or an undo); sound.js plays them, if sound is on."""
        match = self.controller.match
        history, over = match.hand.history, match.hand.is_over
        was = self._heard
        self._heard = _Heard(id(self.controller), match.hand_number, len(history), over)
        same_hand = (was.controller, was.hand_number) == (id(self.controller), match.hand_number)
        if (
            not self.started
            or (not same_hand and match.hand_number == 1)
            or (same_hand and len(history) < was.events)
        ):
            return
        names = sounds_for(history[was.events if same_hand else 0 :], over and not (same_hand and was.over))
        sound = getattr(self.window, "dominoesSound", None)
        if sound is None:  # sound.js did not load: play on in silence
            return
        for name in names:
            sound.play(name)

    def undo(self) -> None:
        """Take the person's last move back (with the computer players' moves since), or say why not."""
        if self.dice is not None:  # (choices are secret and simultaneous: none is taken back)
            self.page.el("status").textContent = "Choices cannot be taken back in Dice and Dominoes."
            return
        reason = self.controller.undo_reason()
        if reason:
            self.page.el("status").textContent = reason
            return
        self.controller = self.controller.undone()
        self.after_change()

    def _claim(self, muggins: bool) -> None:
        self.controller.claim(muggins)
        self.after_change()

    def _act(self, action: Draw | Pass) -> None:
        if self.controller.can(action):
            self.controller.act(action)
            self.after_change()

    def _next_hand(self) -> None:
        if self.controller.phase == "hand-over":
            self.controller.next_hand()
            self.after_change()

    def _on_new_game(self, event: Any) -> None:
        event.preventDefault()
        try:
            settings = self.page.new_game_settings()
        except EngineError as error:
            self.show_notice(f"Those settings are not offered: {error}")
            return
        self.page.el("new-game-dialog").close()
        if settings.is_dice:
            self._play_dice(DiceController(settings, _new_seed()), throw_now=True)
        else:
            self._play_line(Controller(settings, _new_seed()))
        self.after_change()

    # --- records, replays and positions (the Game dialog and share links) -------------------

    def open_replay(self, replay: Replay | DiceReplay, hand_index: int = 0, move: int = 0) -> None:
        """Show a replay over the table (the game at the table is left as it is). A review of
        the table's own match looks at the person's seat, of any other record at the first."""
        self.replay_view.open(replay, hand_index, move, review_seat=self._person_in(replay))

    def _person_in(self, replay: Replay | DiceReplay) -> int:
        """The person's seat in ``replay`` if it is the match at the table, else 0."""
        controller = self.controller
        if isinstance(replay, Replay) and self._is_table_match(replay.match):
            return controller.human_seat
        return 0

    def _is_table_match(self, match: Match) -> bool:
        """Whether ``match`` (a copy, e.g. a replay's) is the match being played at the table."""
        table = self.controller.match
        return match.seed == table.seed and match.hands[0].dealt == table.hands[0].dealt

    def _review_last_hand(self) -> None:
        """The person asks, after a hand, how they played it: its replay, reviewed for their seat."""
        replay = Replay.of_table(self.controller)
        if replay is not None:
            self.page.dismiss_summary()
            self.open_replay(replay, replay.hand_count - 1, 0)
            self.replay_view.start_review(self.controller.human_seat)

    def _count_review(self, book: ReviewBook, review: MatchReview) -> None:
        """Keep the person's review accuracy with the statistics (their own hands at the table only)."""
        controller = self.controller
        if self.stats is None or controller.pass_and_play or book.seat != controller.human_seat:
            return
        if not self._is_table_match(book.replay.match):
            return
        match_id = self._match_id()
        for hand in review.hands:
            counted = [decision for decision in hand.decisions if decision.counted]
            sound = sum(decision.sound for decision in counted)
            self.stats.count_review(match_id, controller.settings.variant, hand.hand_index + 1, len(counted), sound)

    def play_text(self, text: str) -> None:
        """Play on from the end of a record, or from a position, in place of the game at the table.

        Raises :class:`EngineError` (saying why in the player's words) and changes nothing
        if the text cannot be played.
        """
        if is_record(text) and read_header(text).get("Variant") == DICE.id:
            dice = DiceController.restore(text)
            if dice.session.is_over:
                raise RulesError("this game is over: start a new one", "match-over")
            dice.announcements.append("The game you opened is on the table: play on.")
            self._play_dice(dice)
            self.after_change()
            return
        if is_record(text):
            settings, match = read_game(text)
            if match.is_over:
                raise RulesError("this match is over: replay it instead", "match-over")
            controller = Controller.over(settings, match)
            controller.announcements.append("The game you opened is on the table: play on.")
        else:
            controller = Controller.over(*game_from_position(text, _new_seed()))
            controller.announcements.append("The position you opened is on the table: play on.")
        self._play_line(controller)
        self.after_change()

    def date_text(self) -> str:
        """Today as a record writes it (``2026.11.24``)."""
        today = self.window.Date.new()
        return f"{int(today.getFullYear())}.{int(today.getMonth()) + 1:02d}.{int(today.getDate()):02d}"

    def _replay_last_hand(self) -> None:
        replay = Replay.of_table(self.controller)
        if replay is not None:
            self.open_replay(replay, replay.hand_count - 1, 0)

    def _play_from_replay(self, replay: Replay, hand_index: int, move: int) -> None:
        """Play on, against the computer, from a point of a replay (in place of the table's game)."""
        controller = Controller.over(replay.settings, replay.match.replayed_to(hand_index, move))
        controller.announcements.append(f"Playing on from hand {hand_index + 1}, move {move} of the replay.")
        self.replay_view.close()
        self.controller = controller
        self.after_change()

    def _on_new_fragment(self) -> None:
        """A share link pasted into this tab: a record opens its replay; a position, its own table."""
        shared, problem = _shared(str(self.window.location.hash))
        if problem:
            self.show_notice(problem)
        elif shared is not None and shared.kind == "record":
            self._open_shared_record(shared.text)
        elif shared is not None:
            self.window.location.reload()  # a position's game lives in its own save slot

    def _open_shared_record(self, text: str) -> None:
        try:
            replay = replay_of_text(text)
        except EngineError as error:
            self.show_notice("The game in this link cannot be shown: " + import_error_text(error))
            return
        embed = self.embed
        if embed.view is not None and (embed.view == "all" or int(embed.view) < replay.settings.players):
            self.replay_view.shown = embed.view
        hand = (embed.hand or 1) - 1
        self.open_replay(replay, hand, embed.move or 0)
        self.page.el("replay-close").hidden = embed.enabled

    # --- embedded in another site's page ---------------------------------------------------

    def _on_replay_move(self, hand_index: int, move: int) -> None:
        if self.host is not None:
            self.host.send("move", mode="replay", hand=hand_index + 1, move=move)

    def _on_host_message(self, event: Any) -> None:
        """A command from the host page (only from its origin; anything else is ignored)."""
        if self.host is None:
            return
        command = self.host.command(event)
        if command is None:
            return
        if command.kind == "go":
            self.replay_view.go(command.hand - 1, command.move)
        elif command.kind == "step":
            self.replay_view.step(command.delta)
        elif command.kind == "new-game":
            seed = _new_seed() if command.seed is None else command.seed
            self.replay_view.close()
            settings = self.settings()
            if settings.is_dice:
                self._play_dice(DiceController(settings, seed), throw_now=True)
            else:
                self._play_line(Controller(settings, seed))
            self.host.forget_told()
            self.after_change()

    def _count_statistics(self) -> None:
        """Count a finished hand (and match) for the person's statistics, once each."""
        controller = self.controller
        match = controller.match
        if self.stats is None or not match.sheet or match.hand.result is not match.sheet[-1].result:
            return
        if controller.pass_and_play:  # the statistics are one person's record against the computer
            return
        match_id = self._match_id()
        mine = match.rules.side_of(controller.human_seat)
        line = match.sheet[-1]
        won = line.result.winner_side == mine
        against = sum(points for side, points in enumerate(line.gained) if side != mine)
        variant = controller.settings.variant
        self.stats.count_hand(match_id, variant, line.number, won, line.gained[mine], against)
        if match.result is not None:
            self.stats.count_match(match_id, variant, match.result.winner_side == mine)

    def _match_id(self) -> str:
        """The match at the table, as the statistics tell matches apart (save slot, seed, first deal)."""
        match = self.controller.match
        return f"{slot_key(self.slot)}:{match.seed}:{' '.join(map(str, match.hands[0].dealt[0]))}"

    def show_notice(self, text: str | None, quiet: bool = False) -> None:
        """Show a message that stays until dismissed (``None`` hides it).

        A ``quiet`` one is read out politely by screen readers, not as an alert.
        """
        notice = self.page.el("notice")
        notice.setAttribute("role", "status" if quiet else "alert")
        self.page.el("notice-text").textContent = text or ""
        notice.hidden = text is None
        self.invalidate(resized=True)  # the board area changes size

    # --- after every change --------------------------------------------------------------

    def after_change(self) -> None:
        """Save, refresh the panels, schedule a redraw, and let an AI seat move if it is its turn."""
        if self.dice is not None:
            self.page.close_hand_over()
            self.dice.after_change()
            self.invalidate()
            return
        controller = self.controller
        self._save()
        if self.host is not None:
            self.host.report(self.controller)
        self.page.update(controller)
        self._count_up_scores()
        self._play_sounds()
        self._time_the_wait(controller.phase)
        if controller.phase in ("hand-over", "match-over"):
            self._count_statistics()
            self._show_hand_over_soon(controller)
        else:
            self.page.close_hand_over()
        self.invalidate()
        if controller.phase == "bot" and (self._bot_task is None or self._bot_task.done()):
            self._bot_generation += 1
            self._bot_task = asyncio.ensure_future(self._run_bots(self._bot_generation, controller))

    def _show_hand_over_soon(self, controller: Controller) -> None:
        """Fill and open the end-of-hand summary in a browser task of its own, after the last
        move's (together they came near the page's long-task limit on a slow tablet)."""

        async def show() -> None:
            await asyncio.sleep(0)
            if controller is self.controller and controller.phase in ("hand-over", "match-over"):
                self.page.show_hand_over(controller)

        self._summary_task = asyncio.ensure_future(show())

    def _time_the_wait(self, phase: str) -> None:
        """Measure how long the person waits from their move to their next turn.

        The measure ``dominoes:to-your-turn`` runs from the person's move (the page leaving
        the "human" phase) to the page showing their turn again in the same hand; the
        latency benchmark reads it (``tests/bench/bench_latency.py``).
        """
        if phase == "human" and self._waiting_since_move:
            self.page.measure("to-your-turn", "person-moved")
        person_moved = phase == "bot" and self._last_phase == "human"
        if person_moved:
            self.page.mark("person-moved")
        self._waiting_since_move = phase == "bot" and (person_moved or self._waiting_since_move)
        self._last_phase = phase

    async def _run_bots(self, generation: int, controller: Controller) -> None:
        """AI seats move one at a time, each after a short pause so a person can follow.

        A computer player's search runs a slice at a time, giving the browser the main
        thread back between slices, so the page stays responsive while it thinks.
        """

        def current() -> bool:
            return controller is self.controller and generation == self._bot_generation

        while controller is self.controller and controller.phase == "bot":
            await asyncio.sleep(self.ai_delay)
            if not current():
                return
            thought = await self._think(controller.bot_thinking(), current, "decision")
            if thought is None:
                return
            await asyncio.sleep(0)  # the move gets a browser task of its own, after the last slice's
            if not current():
                return
            controller.act(thought)
            if controller.phase != "bot":
                break  # after_change saves and shows it, in the same task
            self._save()
            if self.host is not None:
                self.host.report(controller)
            self.page.update(controller)
            self.invalidate()
        if controller is self.controller:
            self._bot_task = None
            self.after_change()

    async def _think(
        self, thinking: Generator[None, None, T], current: Callable[[], bool], measure: str
    ) -> T | None:
        """Run a thinking generator slice by slice, yielding to the browser in between.

        Returns its result, or ``None`` if ``current()`` turns false meanwhile (a new
        game, or a move that made the thought moot). The page shows who is thinking. A
        finished thought is timed as the performance measure ``dominoes:<measure>``.
        """
        self.thinking = True
        self.page.show_thinking(True)
        self.page.mark("thinking")
        try:
            finished, result = await run_in_slices(thinking, current)
            if finished:
                self.page.measure(measure, "thinking")
            return result
        finally:
            self.thinking = False
            self.page.show_thinking(False)

    def _on_hint(self) -> None:
        """The person asks for a hint: the Expert thinks about their move, then it is shown."""
        controller = self.controller
        if controller.phase != "human" or (self._hint_task is not None and not self._hint_task.done()):
            return
        moves = (len(controller.actions), len(controller.actions[-1]))

        def current() -> bool:
            same = (len(controller.actions), len(controller.actions[-1])) == moves
            return controller is self.controller and same and controller.phase == "human"

        async def run() -> None:
            hint = await self._think(controller.hint_thinking(), current, "hint")
            await asyncio.sleep(0)  # showing it gets a browser task of its own, after the last slice's
            if hint is not None and current():
                self.after_change()

        self.page.el("status").textContent = "The Expert is thinking about your move…"

        self._hint_task = asyncio.ensure_future(run())

    def invalidate(self, resized: bool = False) -> None:
        """The table changed (or the canvas may have ``resized``): redraw it next frame.

        The scene is rebuilt when it is next needed (the frame, a tap, a test), not here: a
        change's own browser task then saves and updates the panels, and the frame builds and
        draws the scene, each a short task on a slow tablet.
        """
        self._scene_stale = True
        if resized:
            self._canvas_size()
        self._request_frame()

    def _request_frame(self) -> None:
        if not self._frame_pending:
            self._frame_pending = True
            self.window.requestAnimationFrame(self._frame_proxy)

    @property
    def scene(self) -> Scene:
        """The table's scene for the current state, built if anything changed since the last.

        It is built at the canvas size last read: reading it is a layout of the whole page,
        and a change of size is caught anyway (a ``ResizeObserver`` calls :meth:`invalidate`
        with ``resized``, and each frame reads the size).
        """
        if self._scene is None or self._scene_stale:
            self._scene = build_scene(self.controller, *(self._size or self._canvas_size()))
            self._scene_stale = False
        return self._scene

    def _frame(self, _timestamp: Any = None) -> None:
        """Draw the scene, at the canvas's size as it is now.

        A scene that has to be built first is built in this frame and drawn in the next:
        placing a grown line anew is most of a frame's work on a slow tablet, and the two
        halves each stay well within the long-task limit where together they came near it.
        """
        self._frame_pending = False
        if self.dice is not None:
            self._draw_dice()
            return
        self._tick_score()
        if self._build_scene_if_outdated():
            self._request_frame()
        else:
            self._draw()

    def _draw_dice(self) -> None:
        """Draw the dice game's table at the canvas's size (and ask for the next frame while the dice roll)."""
        assert self.dice is not None
        width, height = self._canvas_size()
        if width < 1 or height < 1:
            return
        ratio = self._fit_canvas(width, height)
        if self.dice.draw(self.ctx, width, height, ratio):
            self._request_frame()
        self.frames += 1
        self.document.body.dataset.frames = str(self.frames)

    def _fit_canvas(self, width: float, height: float) -> float:
        """Size the canvas's pixels to ``width`` x ``height`` CSS px on this screen; its pixel ratio."""
        ratio = float(self.window.devicePixelRatio or 1)
        pixel_width, pixel_height = round(width * ratio), round(height * ratio)
        if self.canvas.width != pixel_width or self.canvas.height != pixel_height:
            self.canvas.width = pixel_width
            self.canvas.height = pixel_height
        return ratio

    def _build_scene_if_outdated(self) -> bool:
        """Build the scene if the table changed or the canvas's size did; say if it did
        (a canvas with no size, out of view, gets no scene until it has one)."""
        width, height = self._canvas_size()
        if width < 1 or height < 1:
            return False
        scene = self._scene
        if scene is None or self._scene_stale or (scene.width, scene.height) != (width, height):
            self._scene = build_scene(self.controller, width, height)
            self._scene_stale = False
            moves = self._moves_shown()
            self._motion = plan_motion(scene, self._scene, self.window.performance.now()) if moves else None
            self._show_moving()
            return True
        return False

    def _draw(self) -> None:
        """Draw the scene on the canvas, sized to it (the scene was built at its size)."""
        if self._scene is None or self._size is None:
            return
        width, height = self._size
        if width < 1 or height < 1:
            return
        ratio = self._fit_canvas(width, height)
        scene = self._scene
        if self._motion is not None:
            now = self.window.performance.now()
            if self._motion.done(now):
                self._motion = None
                self._show_moving()
            else:
                scene = self._motion.at(now)
                self._request_frame()
        if self._drag is not None:
            scene = self._drag.on(scene)
        draw_on_canvas(self.window, self.ctx, scene, ratio, self.sprites)
        self.frames += 1
        self.document.body.dataset.frames = str(self.frames)

    def _moves_shown(self) -> bool:
        """Whether changes are shown in motion: not before the table is up, not when the
        person's system asks for reduced motion, and not when a link has the computer players
        move without their pause (``aidelay`` under a slide's length: there would be nothing
        to follow, and the slides would take the main thread from their search)."""
        return self.started and not self._reduced_motion.matches and self.ai_delay * 1000 >= MOTION_MS

    def _tick_score(self) -> None:
        """Show the score counting up as it is at this frame (and ask for the next frame)."""
        count = self._score_count
        if count is not None:
            now = self.window.performance.now()
            self.page.el("score").textContent = score_text(self.controller, count.at(now))
            if count.done(now):
                self._score_count = None
                self._show_moving()
            else:
                self._request_frame()

    def _count_up_scores(self) -> None:
        """Points scored: the top bar counts up to the new score (the panels wrote it whole)."""
        scores = tuple(self.controller.match.scores)
        counts = self._moves_shown()
        count = (
            ScoreCount.between(self._shown_scores, scores, self.window.performance.now()) if counts else None
        )
        self._shown_scores = scores
        if count is not None:
            self._score_count = count
            self.page.el("score").textContent = score_text(self.controller, count.start)
            self._show_moving()
            self._request_frame()

    def skip_motion(self) -> None:
        """Put every moving tile in its place now (a tap does; so does the motion's end)."""
        if self._motion is not None or self._score_count is not None:
            self._motion = None
            self._score_count = None
            self.page.el("score").textContent = score_text(self.controller)
            self._show_moving()
            self._request_frame()

    def _show_moving(self) -> None:
        """``data-moving`` on the body: "true" while a tile slides or the score counts up."""
        moving = "true" if self._motion is not None or self._score_count is not None else "false"
        if moving != self._moving_shown:
            self._moving_shown = moving
            self.document.body.dataset.moving = moving

    def _canvas_size(self) -> tuple[float, float]:
        """The canvas's size in CSS px, read from the page (and kept: :attr:`scene` is built at it)."""
        self._size = (float(self.canvas.clientWidth), float(self.canvas.clientHeight))
        return self._size

    # --- tests and storage ---------------------------------------------------------------

    def test_state(self) -> dict[str, Any]:
        """What end-to-end tests read: the phase, the person's options, and click positions."""
        if self.dice is not None:
            return {
                **self.dice.test_state(),
                "restored": self.restored,
                "save_key": slot_key(self.slot),
                "embed": self.embed.enabled,
                "thinking": False,
                **self._replay_state(),
            }
        controller = self.controller
        view = controller.view()
        scene = self.scene
        return {
            "phase": controller.phase,
            "variant": controller.settings.variant,
            "players": controller.settings.players,
            "turn": view.turn,
            "hand": [str(tile) for tile in controller.hand_shown()],
            "viewer": controller.human_seat,
            "pass_to": controller.pass_to,
            "legal": [] if controller.hand_hidden else [str(action) for action in view.legal_actions],
            "selected": None if controller.selected is None else str(controller.selected),
            "scores": list(controller.match.scores),
            "options": dict(controller.settings.options),
            "lead_choices": list(controller.lead_choices()),
            "callout": controller.callout,
            "match_over": controller.match.is_over,
            "sheet": [list(line.gained) for line in controller.match.sheet],
            "hand_number": controller.match.hand_number,
            "hands_played": len(controller.match.results),
            "layout_tiles": len(view.layout.placements),
            "boneyard": view.boneyard_count,
            "announcement": controller.last_announcement,
            "hint": None
            if controller.hint is None
            else {"action": str(controller.hint.action), "reason": controller.hint.reason},
            "thinking": self.thinking,
            "restored": self.restored,
            "save_key": slot_key(self.slot),
            "ai_delay_ms": round(self.ai_delay * 1000),
            "scene": scene.test_data(),
            "embed": self.embed.enabled,
            "host_messages": [] if self.host is None else list(self.host.sent),
            **self._replay_state(),
        }

    def _replay_state(self) -> dict[str, Any]:
        """The replay viewer's part of :meth:`test_state`."""
        view = self.replay_view
        return {
            "replay": None if not view.is_open else {"hand": view.hand_index + 1, "move": view.move},
            "replay_scene": None if view.scene is None else view.scene.test_data(),
            "review": view.review.test_state(),
        }

    def _save(self) -> None:
        """Keep the match in this table's slot; say once if storage that worked refuses it."""
        self._save_text(self.controller.save())

    def _save_text(self, text: str) -> None:
        """Keep ``text`` (a game's record) in this table's slot; say once if storage refuses it."""
        if self.slots.save(self.slot, text) or not self.slots.available:
            return
        if not self._told_save_failed:
            self._told_save_failed = True
            self.show_notice(SAVE_FAILED)


class LocalStorage:
    """The page's ``localStorage`` as a :class:`web.saves.Storage` (any call may raise:
    :class:`web.saves.SaveSlots` catches it)."""

    def __init__(self, window: Any) -> None:
        """Use ``window.localStorage``, looked up at each call (the getter itself may throw)."""
        self._window = window

    def get(self, key: str) -> str | None:
        """The text under ``key``, or None."""
        value = self._window.localStorage.getItem(key)
        # A missing key is JS null, which Pyodide gives as ``jsnull`` (not None): only a str is a value.
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        """Store ``value`` under ``key`` (raises when storage is full or blocked)."""
        self._window.localStorage.setItem(key, value)

    def remove(self, key: str) -> None:
        """Forget ``key``."""
        self._window.localStorage.removeItem(key)

    def keys(self) -> list[str]:
        """Every key in storage."""
        storage = self._window.localStorage
        return [str(storage.key(index)) for index in range(int(storage.length))]


def _shared(fragment: str) -> tuple[Shared | None, str]:
    """The game a link's fragment carries, or why it cannot be read ("" if it carries none)."""
    try:
        return read_fragment(fragment), ""
    except SharedError as error:
        return None, str(error)


def _settings_or_none(data: dict[str, Any] | None) -> Settings | None:
    """Settings from a save's settings part, or None if there are none or they are not valid."""
    if data is None:
        return None
    try:
        return Settings.from_json(data)
    except EngineError:
        return None


def _new_seed() -> int:
    """A fresh seed for a new match (recorded in the save, so the deal can be replayed)."""
    return random.SystemRandom().randrange(2**31)


def _restored(text: str) -> Controller | DiceController:
    """The game a save holds: a dice session or a line-of-play match (raises :class:`EngineError`)."""
    if is_record(text) and read_header(text).get("Variant") == DICE.id:
        return DiceController.restore(text)
    return Controller.restore(text)
