"""The train games on the page: the canvas (taps, drags, frames), the footer's buttons, the
keyboard twin, the computer players' turns and the round-by-round score sheet.

A :class:`TrainTable` is the :class:`web.table.Table` of Mexican Train and Chicken Foot:
while it is played, ``body[data-game="trains"]`` shows its buttons and twin and hides the
line-of-play ones it does not share (Draw, Pass, Hint and Undo are shared). Everything the
game decides is in :class:`~web.trains.controller.TrainController`; this module shows it,
passes the person's moves on, and lets the computer players move after a short pause,
thinking in slices so the page stays responsive.

Browser objects come in through :class:`web.table.Surroundings`; nothing here imports from
the browser.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable, Generator
from typing import Any, ClassVar, TypeVar

from engine import parse_tile
from engine.line.ai.review import MatchReview
from engine.trains.actions import Draw, EndRun, Pass, TrainAction
from engine.words import and_list
from web.painter import Box, boxes_data
from web.plates import name_wordings
from web.replay.model import Stepping
from web.review.book import ReviewBook
from web.settings import Settings
from web.slices import run_in_slices
from web.sounds import train_sounds
from web.table import Surroundings
from web.trains.controller import TrainController
from web.trains.elements import TRAIN_CLICKS
from web.trains.kept import kept_of_trains, trains_match_id
from web.trains.motion import TrainMotion, plan_train_motion
from web.trains.render import NEW_SPRITES_PER_FRAME, record_trains
from web.trains.replay import TrainReplay
from web.trains.scene import TrainScene, build_train_scene

__all__ = ["TrainTable"]

T = TypeVar("T")

DRAG_SLOP_PX = 8.0
"""How far (CSS px) a press may wander and still be a tap."""


class TrainTable:
    """A game of the train family at the table: one controller, the canvas's scene, the panels."""

    game: ClassVar[str] = "trains"
    skip_to: ClassVar[str] = "#trains-hand"
    clicks: ClassVar[tuple[str, ...]] = (*TRAIN_CLICKS, "draw-btn", "pass-btn", "hint-btn", "score")
    kept: ClassVar[bool] = True

    def __init__(self, around: Surroundings, controller: TrainController) -> None:
        """Play ``controller``'s game."""
        self.around = around
        self.page = around.page
        self.board = around.board
        self.controller = controller
        self._scene: TrainScene | None = None
        self._stale = True
        """The game changed since the scene was built."""
        self._motion: TrainMotion | None = None
        """A tile sliding onto its train (from the last change's scene to this one)."""
        self._scene_drawn = False
        """Whether the last frame drew (a frame that builds a scene leaves drawing to the next)."""
        self.boxes_drawn: list[Box] = []
        """The boxes of what the last frame drew (see :class:`web.painter.Box`)."""
        self.size_drawn = (0.0, 0.0)
        self._press: tuple[str, float, float, int] | None = None
        """A tile of the hand pressed: (tile, x, y, pointer id) where it was pressed."""
        self._drag_at: tuple[float, float] | None = None
        """Where the pressed tile is, once it has moved beyond a tap (dragged)."""
        self._logged = controller.said
        self._heard = (id(controller), controller.moves_made(), controller.phase)
        self._kept_rounds = -1
        self._sheet_shown_for = len(controller.match.round_points) if controller.round.is_over else -1
        """The finished rounds the sheet was last opened for (a restored table does not open it again)."""
        self._bot_generation = 0
        self._bot_task: asyncio.Task[None] | None = None
        self._hint_task: asyncio.Task[None] | None = None
        self._round_task: asyncio.Task[None] | None = None
        self._saved = ""
        """The game's record as last saved."""
        self._closed = False
        self.thinking = False
        """Whether a computer player (or the hint) is searching right now."""

    @property
    def settings(self) -> Settings:
        """The settings of the game at the table."""
        return self.controller.settings

    # --- after every change ------------------------------------------------------------------

    def after_change(self) -> None:
        """Save, bring the panels up to date, redraw, and let a computer player move if it is its turn."""
        controller = self.controller
        self._show_move()
        self._play_sounds()
        if controller.phase in ("hand-over", "match-over"):
            self._round_over_soon(controller)
        if controller.phase == "bot" and (self._bot_task is None or self._bot_task.done()):
            self._bot_generation += 1
            self._bot_task = asyncio.ensure_future(self._run_bots(self._bot_generation, controller))

    def _show_move(self) -> None:
        """What every move is followed by: the game saved, the host told, the panels brought
        up to date, the board redrawn."""
        controller = self.controller
        self._saved = self.save()
        self.around.keep(self._saved)
        self._report_to_host()
        page = self.page
        page.show_phase(controller.phase)
        played = controller.round
        rules = played.rules
        page.show_bar(
            f"{self.settings_name()} · round {played.number + 1} of {rules.rounds}",
            controller.totals_text(short=True),
            controller.last_announcement,
            controller.turn_text(),
        )
        self._update_buttons()
        self._update_twin()
        missed = controller.missed_by(played.turn) if controller.pass_to else []
        page.show_pass_screen(controller.pass_to, None, missed, controller.missed_heading(played.turn))
        self._log()
        self.invalidate()

    def settings_name(self) -> str:
        """The game's name as the top bar shows it."""
        return "Mexican Train" if not self.controller.round.rules.is_chicken_foot else "Chicken Foot"

    def _report_to_host(self) -> None:
        host = self.around.host
        if host is None:
            return
        controller = self.controller
        match = controller.match
        played = match.round
        winners = match.winners()
        host.report_progress(
            hands=len(match.rounds),
            moves=len(played.moves),
            phase=controller.phase,
            last_action=str(played.moves[-1].action) if played.moves else "",
            result=controller.result_banner(),
            scores=list(match.totals),
            winner=winners[0] if winners else None,
        )

    def _update_buttons(self) -> None:
        controller = self.controller
        phase = controller.phase
        legal = controller.legal()
        el = self.page.el
        shown = {
            "draw-btn": phase == "human" and Draw() in legal,
            "pass-btn": phase == "human" and Pass() in legal,
            "trains-end": phase == "human" and EndRun() in legal,
            "trains-next": phase == "hand-over",
            "trains-scores": True,
        }
        for button_id, visible in shown.items():
            el(button_id).hidden = not visible
            el(button_id).disabled = not visible  # (the line games' page may have left it disabled)
        el("hint-btn").hidden = False
        el("hint-btn").disabled = phase != "human"
        undo = el("undo-btn")
        reason = controller.undo_reason()
        undo.setAttribute("aria-disabled", "true" if reason else "false")
        undo.title = reason or "Take your last move back"
        # (hidden when people share the device, as in the line games: a move taken back
        # would show it to everyone)
        undo.hidden = controller.pass_and_play
        el("trains-sheet-next").hidden = phase != "hand-over"

    def _update_twin(self) -> None:
        """A button per tile of the person's hand, and one per train the chosen tile may go on,
        for keyboards and screen readers (each carries its move in ``data-move``)."""
        controller = self.controller
        playable = controller.playable_tiles()
        focused = self._twin_focus()
        tiles = []
        for tile in controller.hand_shown():
            state = (
                "chosen"
                if tile == controller.selected
                else "playable"
                if tile in playable
                else "cannot play now"
            )
            tiles.append(self._twin_button(str(tile), f"{tile}, {state}", str(tile), tile in playable))
        targets = [
            self._twin_button(
                f"On {controller.train_name(name)}",
                f"Lay {controller.selected} on {controller.train_name(name)}",
                name,
                True,
            )
            for name in controller.trains_for_selected()
        ]
        self.page.el("trains-hand").replaceChildren(*tiles)
        self.page.el("trains-targets").replaceChildren(*targets)
        if focused is not None:
            group, move = focused
            if targets and group == "trains-hand":
                targets[0].focus()
            else:
                again = [button for button in (*tiles, *targets) if str(button.dataset.move) == move]
                (again[0] if again else tiles[0] if tiles else self.page.el("trains-hand")).focus()

    def _twin_button(self, text: str, label: str, move: str, usable: bool) -> Any:
        button = self.page.document.createElement("button")
        button.type = "button"
        button.textContent = text
        button.setAttribute("aria-label", label)
        button.setAttribute("aria-disabled", "false" if usable else "true")
        button.dataset.move = move
        return button

    def _twin_focus(self) -> tuple[str, str] | None:
        active = self.page.document.activeElement
        for group in ("trains-hand", "trains-targets"):
            element = self.page.el(group)
            if active and element.contains(active):
                return group, str(active.getAttribute("data-move") or "")
        return None

    def _log(self) -> None:
        """Add what was said since the last update to the move log (read by screen readers)."""
        controller = self.controller
        new = controller.said - self._logged
        self._logged = controller.said
        self.page.add_to_log(controller.announcements[-new:] if new > 0 else [], keep=60)

    def _play_sounds(self) -> None:
        """Sound the moves made since the last change (not a restored game's, nor an undo's)."""
        controller = self.controller
        was_controller, was_moves, was_phase = self._heard
        moves = controller.moves_made()
        self._heard = (id(controller), moves, controller.phase)
        if not self.around.started or was_controller != id(controller) or moves <= was_moves:
            return
        played = controller.round
        new = [move.action for move in played.moves[max(0, len(played.moves) - (moves - was_moves)) :]]
        ended = controller.phase in ("hand-over", "match-over") and was_phase not in (
            "hand-over",
            "match-over",
        )
        sound = getattr(self.around.window, "dominoesSound", None)
        if sound is not None:  # (sound.js did not load: play on in silence)
            for name in train_sounds(new, ended):
                sound.play(name)

    def _round_over_soon(self, controller: TrainController) -> None:
        """Keep the round in the history and open the score sheet in a browser task of its
        own, after the last move's (together they came near the long-task limit on a slow tablet)."""

        async def show() -> None:
            await asyncio.sleep(0)
            if (
                not self._closed
                and controller is self.controller
                and controller.phase in ("hand-over", "match-over")
            ):
                self._keep_in_history()
                self._open_sheet_once()

        self._round_task = asyncio.ensure_future(show())

    def _keep_in_history(self) -> None:
        """Keep the game in the history after each finished round (once a round)."""
        history = self.around.history
        controller = self.controller
        rounds = len(controller.match.round_points)
        if history is None or rounds == self._kept_rounds:
            return
        self._kept_rounds = rounds
        match_id = trains_match_id(controller, self.around.slot_key)
        notice = history.keep(kept_of_trains(controller, match_id, self.around.today()), self._saved)
        if notice:
            self.around.tell(notice)

    def _open_sheet_once(self) -> None:
        """Open the score sheet when a round has just ended (once for each round)."""
        rounds = len(self.controller.match.round_points)
        if rounds != self._sheet_shown_for:
            self._sheet_shown_for = rounds
            self.open_sheet()

    def open_sheet(self) -> None:
        """The round-by-round score sheet: each round's double and everyone's points, the
        running totals; after the last round, who won (lowest total)."""
        controller = self.controller
        document = self.page.document
        table = document.createElement("table")
        head = document.createElement("tr")
        names = [
            name_wordings(name)[-1] if controller.settings.players > 5 else name for name in controller.names
        ]
        for text in ("Round", *names):
            cell = document.createElement("th")
            cell.scope = "col"
            cell.textContent = text
            head.appendChild(cell)
        table.appendChild(head)
        rows = [
            (f"{number} · {double}", [str(points) for points in row])
            for number, (double, row) in enumerate(controller.round_sheet(), start=1)
        ]
        rows.append(("Total", [str(total) for total in controller.match.totals]))
        for first, cells in rows:
            line = document.createElement("tr")
            heading = document.createElement("th")
            heading.scope = "row"
            heading.textContent = first
            line.appendChild(heading)
            for text in cells:
                cell = document.createElement("td")
                cell.textContent = text
                line.appendChild(cell)
            table.appendChild(line)
        played = controller.round
        if controller.match.is_over:
            title = controller.result_banner()
        elif played.is_over:
            title = f"Round {played.number + 1} of {played.rules.rounds}: {controller.result_banner()}"
        else:
            title = f"Scores after {len(controller.match.round_points)} of {played.rules.rounds} rounds"
        self.page.el("sheet-title").textContent = title
        self.page.el("sheet-body").replaceChildren(table)
        self.page.el("sheet-deal").textContent = "Lowest total wins after the last round."
        self._update_buttons()
        dialog = self.page.el("sheet-dialog")
        if not dialog.open:
            dialog.showModal()

    def close(self) -> None:
        """Another game takes the page: the computer players and the hint stop."""
        self._closed = True
        self._bot_generation += 1
        self.page.el("trains-sheet-next").hidden = True

    # --- the computer players ----------------------------------------------------------------

    async def _run_bots(self, generation: int, controller: TrainController) -> None:
        """Computer players move one at a time, each after a short pause a person can follow,
        searching a slice at a time so the page stays responsive."""

        def current() -> bool:
            return not self._closed and controller is self.controller and generation == self._bot_generation

        while current() and controller.phase == "bot":
            await asyncio.sleep(self.around.ai_delay)
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
                break
            self._show_move()
            self._play_sounds()
        if current():
            self._bot_task = None
            self.after_change()

    async def _think(
        self, thinking: Generator[None, None, T], current: Callable[[], bool], measure: str
    ) -> T | None:
        """Run a thinking generator slice by slice (``None`` if it became moot), timed as the
        performance measure ``dominoes:<measure>``."""
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
        """The person asks for a hint: the Expert thinks about their move from their seat."""
        controller = self.controller
        if controller.phase != "human" or (self._hint_task is not None and not self._hint_task.done()):
            self.page.show_status("A hint is for your own move.")
            return
        moves = controller.moves_made()

        def current() -> bool:
            same = controller.moves_made() == moves
            return not self._closed and controller is self.controller and same and controller.phase == "human"

        async def run() -> None:
            hint = await self._think(controller.hint_thinking(), current, "hint")
            await asyncio.sleep(0)
            if hint is not None and current():
                self._show_move()

        self.page.show_status("The Expert is thinking about your move…")
        self._hint_task = asyncio.ensure_future(run())

    # --- the pointer ---------------------------------------------------------------------------

    def pointer_down(self, event: Any) -> None:
        """A press on the table: a lit train or the boneyard acts at once; a tile of the
        hand waits to see whether it is a tap or a drag. A tile still sliding gets there."""
        self._motion = None
        x, y = float(event.offsetX), float(event.offsetY)
        hit = self.scene.hit(x, y)
        if hit is None:
            return
        event.preventDefault()
        kind, what = hit
        if kind == "hand":
            self._press = (what, x, y, int(event.pointerId))
            self._drag_at = None
            return
        if kind == "train":
            self.controller.choose_train(what)
        else:
            self.controller.act(Draw())
        self.after_change()

    def pointer_move(self, event: Any) -> None:
        """The pointer moved: a pressed tile that goes beyond a tap's slop is dragged."""
        press = self._press
        if press is None or int(event.pointerId) != press[3]:
            return
        x, y = float(event.offsetX), float(event.offsetY)
        if self._drag_at is None and math.dist((x, y), press[1:3]) <= DRAG_SLOP_PX:
            return
        if self._drag_at is None and not self.controller.pick_up(parse_tile(press[0])):
            self._press = None
            self.after_change()
            return
        self._drag_at = (x, y)
        self.invalidate()

    def pointer_up(self, event: Any) -> None:
        """The pointer was let go: a tap on a tile, or the end of a drag (over a lit train it
        is laid there)."""
        press, at = self._press, self._drag_at
        self._press, self._drag_at = None, None
        if press is None:
            return
        tile = parse_tile(press[0])
        if at is None:
            self.controller.tap_tile(tile)
        else:
            scene = self.scene
            self.controller.drop(tile, scene.train_under(*at), scene.board.contains(*at))
        self.after_change()

    def pointer_cancel(self, event: Any) -> None:
        """The browser took the pointer: a dragged tile goes back to the hand."""
        if self._press is not None and self._drag_at is not None:
            self.controller.drop(parse_tile(self._press[0]), None, on_board=False)
        self._press, self._drag_at = None, None
        self.after_change()

    # --- buttons and keys --------------------------------------------------------------------

    def press(self, element_id: str, event: Any) -> None:
        """A click on one of :attr:`clicks`, or on the pass-and-play screen."""
        controller = self.controller
        if element_id in ("draw-btn", "pass-btn", "trains-end"):
            actions: dict[str, TrainAction] = {"draw-btn": Draw(), "pass-btn": Pass(), "trains-end": EndRun()}
            action = actions[element_id]
            if controller.can(action):
                controller.act(action)
        elif element_id == "hint-btn":
            self._on_hint()
            return
        elif element_id in ("trains-next", "trains-sheet-next"):
            if controller.phase == "hand-over":
                self.page.el("sheet-dialog").close()
                controller.next_hand()
        elif element_id in ("trains-scores", "score"):
            self.open_sheet()
            return
        elif element_id in ("trains-hand", "trains-targets"):
            move = self.page.twin_target(event)
            if not move:
                return
            if element_id == "trains-hand":
                controller.tap_tile(parse_tile(move))
            else:
                controller.choose_train(move)
            self.page.say(controller.last_announcement)
        elif element_id == "pass-dialog":
            controller.take_device()
        self.after_change()

    def command(self, command: str) -> None:
        """A keyboard command (or a read button's): read aloud, draw, pass, hint, undo."""
        controller = self.controller
        if command.startswith("read:"):
            self.page.say(self.read(command.removeprefix("read:")))
        elif command in ("draw", "pass"):
            action = Draw() if command == "draw" else Pass()
            if controller.can(action):
                controller.act(action)
                self.after_change()
            else:
                self.page.say("You cannot draw now." if command == "draw" else "You cannot pass now.")
        elif command == "hint":
            self._on_hint()
        elif command == "undo":
            self.undo()

    def read(self, kind: str) -> str:
        """What a read command says: the person's tiles, the trains, the counts, the last
        moves, the scores."""
        controller = self.controller
        view = controller.view()
        if kind == "tiles":
            held = controller.hand_shown()
            return f"Your tiles: {', '.join(map(str, held))}." if held else "No tiles shown."
        if kind == "ends":
            return self._trains_sentence()
        if kind == "counts":
            counts = [
                f"{name} {count} tile{'s' * (count != 1)}"
                for name, count in zip(controller.names, view.hand_counts, strict=True)
            ]
            return f"{and_list(counts)}; the boneyard {view.boneyard}."
        if kind == "moves":
            return " ".join(self.page.last_moves()) or "No moves yet."
        return f"Totals: {controller.totals_text()}. Round {view.round_number + 1} of {view.rounds}."

    def _trains_sentence(self) -> str:
        controller = self.controller
        view = controller.view()
        parts = []
        for train in view.trains:
            said = controller.train_name(train.name)
            if not train.tiles:
                parts.append(f"{said} is not started ({train.end} needed)")
            else:
                marker = ", a marker on it" if train.marked else ""
                parts.append(f"{said} ends in {train.end}{marker}")
        listed = "; ".join(parts)
        said = f"The round's double is {view.double}. {listed[:1].upper()}{listed[1:]}."
        if view.open_double is not None:
            train = next(train for train in view.trains if train.name == view.open_double)
            said += f" The {train.tiles[-1]} on {controller.train_name(train.name)} must be answered first."
        if view.foot is not None:
            said += f" The chicken foot on {controller.train_name(view.foot)} needs its toes first."
        return said

    def undo(self) -> None:
        """Take the person's last move back (with the computer players' moves since), or say why not."""
        reason = self.controller.undo_reason()
        if reason:
            self.page.show_status(reason)
            return
        self._bot_generation += 1
        self.controller = self.controller.undone()
        self._logged = self.controller.said - 1
        self._heard = (id(self.controller), self.controller.moves_made(), self.controller.phase)
        self.after_change()

    # --- the picture -------------------------------------------------------------------------

    @property
    def scene(self) -> TrainScene:
        """The table's scene at the canvas size last read, built if anything changed (a tile
        newly laid then slides onto its train, when moves are shown)."""
        width, height = self.board.size or self.board.read_size()
        scene = self._scene
        if scene is None or self._stale or (scene.width, scene.height) != (width, height):
            built = build_train_scene(self.controller, width, height)
            if self._stale and self.around.moves_shown():
                self._motion = plan_train_motion(scene, built, self.around.window.performance.now())
            self._scene, self._stale = built, False
            return built
        return scene

    def prepare(self) -> None:
        """At boot: draw the first frame."""
        self.frame()

    def invalidate(self, resized: bool = False) -> None:
        """The table changed (or the canvas may have ``resized``): rebuild and redraw it next frame."""
        self._stale = True
        if resized:
            self.board.read_size()
        self.board.request_frame()

    def frame(self) -> None:
        """Draw the table at the canvas's size (and ask for the next frame while a tile slides)."""
        width, height = self.board.read_size()
        if width < 1 or height < 1:
            return
        stale = (
            self._scene is None or self._stale or (self._scene.width, self._scene.height) != (width, height)
        )
        scene = self.scene
        if stale and self._scene_drawn:
            # Placing every train anew is most of a frame's work on a slow tablet: the scene
            # is built in this frame and drawn in the next, each well within a long task.
            self._scene_drawn = False
            self.board.request_frame()
            return
        self._scene_drawn = True
        motion = self._motion
        if motion is not None and motion.scene is scene:
            now = self.around.window.performance.now()
            if motion.done(now):
                self._motion = None
            else:
                scene = motion.at(now)
                self.board.request_frame()
        press, at = self._press, self._drag_at
        if press is not None and at is not None:
            scene = scene.with_tile_at(parse_tile(press[0]), at[0] - press[1], at[1] - press[2])
        painter = record_trains(scene, self.board.pixel_ratio(), self.around.sprites, NEW_SPRITES_PER_FRAME)
        if painter.sprites_left_out:  # (tiles at a new size: their pictures take a few frames)
            painter.play_sprites_on(self.around.window, self.board.ctx)
            self.board.request_frame()
            return
        self.board.fit(width, height)
        painter.play_on(self.around.window, self.board.ctx)
        self.boxes_drawn = painter.boxes
        self.size_drawn = (width, height)
        self.board.drawn()

    # --- records and replays --------------------------------------------------------------

    def save(self) -> str:
        """The game as the save slot keeps it (its record)."""
        return self.controller.save()

    def progress(self) -> str:
        """How far the game has got, in the player's words."""
        return self.controller.progress()

    def shared_record(self, date: str) -> str:
        """The game's record, dated ``date`` unless it has a date."""
        self.controller.match.tags.setdefault("Date", date)
        return self.controller.save()

    def position(self) -> tuple[str | None, str]:
        """Positions are copied in the line-of-play games (the Game dialog says so)."""
        return None, "Positions are copied in the line-of-play games; share the game's record instead."

    def replay(self) -> TrainReplay | None:
        """A replay of the rounds finished at the table (``None`` before the first ends)."""
        return TrainReplay.of_table(self.controller)

    def under_way(self) -> bool:
        """Whether the game has begun and is not over."""
        return not self.controller.match.is_over and self.controller.moves_made() > 0

    def seat_in(self, replay: Stepping) -> int:
        """The person's seat in a replay of the game at the table: the first."""
        return 0

    def count_review(self, book: ReviewBook, review: MatchReview) -> None:
        """Reviews are of the line-of-play games: nothing to count."""

    def test_state(self) -> dict[str, Any]:
        """What end-to-end tests read about a train game."""
        controller = self.controller
        played = controller.round
        width, height = self.board.size or self.board.read_size()
        scene = self.scene if width >= 1 and height >= 1 else None
        return {
            "game": "trains",
            "phase": controller.phase,
            "variant": controller.settings.variant,
            "players": controller.settings.players,
            "hand": [str(tile) for tile in controller.hand_shown()],
            "playable": sorted(str(tile) for tile in controller.playable_tiles()),
            "legal": [str(action) for action in controller.legal()],
            "selected": str(controller.selected) if controller.selected is not None else None,
            "lit": list(controller.trains_for_selected()),
            "viewer": controller.human_seat,
            "pass_to": controller.pass_to,
            "round": played.number + 1,
            "rounds": played.rules.rounds,
            "moves": len(played.moves),
            "totals": list(controller.match.totals),
            "round_over": played.is_over,
            "match_over": controller.match.is_over,
            "winners": list(controller.match.winners()),
            "announcement": controller.last_announcement,
            "turn": controller.turn_text(),
            "undo": controller.undo_reason(),
            "hint": None if controller.hint is None else str(controller.hint.action),
            "scene": None
            if scene is None
            else {**scene.test_data(), **boxes_data(self.boxes_drawn, self.size_drawn)},
            "thinking": self.thinking,
        }
