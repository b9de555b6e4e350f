"""The replay viewer on the page: the replay dialog's canvas, controls, keys and swipes.

It steps a :class:`web.replay.model.Replay` forward and back (buttons, arrow keys, a swipe on the
table, the move slider, the list of moves), jumps to a hand, plays the moves one by one at
a chosen speed, and shows every hand face up or one seat's view, with the score sheet.
Review asks the Expert to review the shown seat's decisions (:mod:`web.review.view`): the
costly moves are marked in the list, and the better move is drawn on the board.
Browser objects come in from :mod:`web.app`; the rules and the moves come from the engine.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.line.notation import Position, write_position
from engine.words import possessive
from web.clipboard import copy_text
from web.line.controller import Controller
from web.line.render import draw_on_canvas
from web.links.share import position_fragment
from web.page import Page, score_text
from web.painter import Box, SpriteBook
from web.replay.model import Frame, Replay, Stepping
from web.replay.scene import build_replay_scene
from web.review.book import MARKS
from web.review.view import ReviewView

if TYPE_CHECKING:
    from web.dice.replay import DiceFrame
    from web.trains.replay import TrainFrame

__all__ = ["SWIPE_PX", "ReplayView"]

SWIPE_PX = 40.0
"""How far a finger must travel sideways on the table to step a move."""

ALL = "all"


class ReplayView:
    """The replay dialog: open it on a replay, and it runs itself until closed."""

    def __init__(self, page: Page, window: Any, proxy: Callable[[Any], Any], sprites: SpriteBook) -> None:
        """Wire the dialog's controls once; :meth:`open` shows a replay in it. ``sprites``
        are the pictures the browser keeps for this page's canvases."""
        self.page = page
        self.window = window
        self.sprites = sprites
        self.canvas = page.el("replay-canvas")
        self.ctx = self.canvas.getContext("2d")
        self.replay: Stepping | None = None
        self.sheet_controller: Controller | None = None
        self.hand_index = 0
        self.move = 0
        self.shown: str = ALL
        self.playing = False
        self._play_task: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Future[None]] = set()
        self._swipe_from: float | None = None
        self.scene: Any = None
        """The scene last drawn (a line scene, or another kind's: each has ``test_data``)."""
        self.boxes_drawn: list[Box] = []
        """The boxes of what the last frame drew (see :class:`web.painter.Box`)."""
        self.size_drawn = (0.0, 0.0)
        """The size in CSS px of the canvas the last frame was drawn on."""
        """The replay's table as last drawn (for the end-to-end tests)."""
        self.on_play_from: Callable[[Replay, int, int], None] | None = None
        """Called with (replay, hand, move) when the person asks to play on from a move."""
        self.on_move: Callable[[int, int], None] | None = None
        """Called after every step with (hand, move): the embed mode tells its host page."""
        self.review_seat = 0
        """The seat a review looks at while every hand is shown face up (the person's, at the table)."""
        self.review = ReviewView(page, window, proxy, self.go, self.render)
        el = page.el
        page.on(el("replay-close"), "click", lambda _e: self.close())
        page.on(el("replay-dialog"), "close", lambda _e: self._stop())
        page.on(el("replay-start"), "click", lambda _e: self.go(self.hand_index, 0))
        page.on(el("replay-end"), "click", lambda _e: self.go(self.hand_index, self._moves()))
        page.on(el("replay-back"), "click", lambda _e: self.step(-1))
        page.on(el("replay-forward"), "click", lambda _e: self.step(1))
        page.on(el("replay-play"), "click", lambda _e: self.toggle_play())
        page.on(el("replay-move"), "input", lambda _e: self.go(self.hand_index, int(el("replay-move").value)))
        page.on(el("replay-hand"), "change", lambda _e: self.go(int(el("replay-hand").value), 0))
        page.on(el("replay-view"), "change", lambda _e: self._set_view(str(el("replay-view").value)))
        page.on(el("replay-moves"), "click", self._on_move_list)
        page.on(el("replay-play-here"), "click", lambda _e: self._play_from_here())
        page.on(el("replay-puzzle"), "click", lambda _e: self._copy_puzzle_link())
        page.on(el("replay-copy-moves"), "click", lambda _e: self._copy_moves())
        page.on(el("replay-review"), "click", lambda _e: self.start_review())
        page.on(el("replay-dialog"), "keydown", self._on_key)
        page.on(self.canvas, "pointerdown", self._on_pointer_down)
        page.on(self.canvas, "pointerup", self._on_pointer_up)
        self._resize_proxy = proxy(lambda *_args: self.render())
        window.ResizeObserver.new(self._resize_proxy).observe(self.canvas)

    # --- opening and moving ------------------------------------------------------------

    @property
    def is_open(self) -> bool:
        """Whether the replay dialog is showing."""
        return bool(self.page.el("replay-dialog").open)

    def open(
        self,
        replay: Stepping,
        hand_index: int = 0,
        move: int = 0,
        title: str = "Replay",
        review_seat: int = 0,
    ) -> None:
        """Show ``replay`` from (hand, move) (a Dice and Dominoes replay steps round by round);
        a review asked for while every hand is face up looks at ``review_seat``."""
        self._stop()
        if replay is not self.replay:
            self.review.close()
        self.replay = replay
        self.review_seat = review_seat
        self.page.el("replay-review").hidden = not replay.reviewable
        self.sheet_controller = _sheet_controller(replay) if isinstance(replay, Replay) else None
        self.page.el("replay-play-here").hidden = not replay.reviewable
        self.page.el("replay-puzzle").hidden = not replay.reviewable
        self.page.el("replay-title").textContent = title
        self.page.el("replay-hand").replaceChildren(
            *[
                self._option(str(index), f"{index + 1} of {replay.hand_count}")
                for index in range(replay.hand_count)
            ]
        )
        views = [(ALL, "All hands face up")] if replay.all_face_up else []
        views += [(str(seat), f"{possessive(name)} view") for seat, name in enumerate(replay.names)]
        self.page.el("replay-view").replaceChildren(*[self._option(value, text) for value, text in views])
        self.page.el("replay-view").value = (
            self.shown if self.shown in {value for value, _ in views} else views[0][0]
        )
        self.shown = str(self.page.el("replay-view").value)
        dialog = self.page.el("replay-dialog")
        if not dialog.open:
            dialog.showModal()
            self.page.el("replay-forward").focus()  # the arrow keys step at once
        self.go(hand_index, move)

    def close(self) -> None:
        """Close the viewer (the table underneath is as it was)."""
        self._stop()
        self.review.close()
        dialog = self.page.el("replay-dialog")
        if dialog.open:
            dialog.close()

    def go(self, hand_index: int, move: int) -> None:
        """Show the table after ``move`` moves of hand ``hand_index`` (clamped to what exists)."""
        if self.replay is None:
            return
        self.hand_index, self.move = self.replay.clamp(hand_index, move)
        self.render()
        if self.on_move is not None:
            self.on_move(self.hand_index, self.move)

    def start_review(self, seat: int | None = None) -> None:
        """Review a seat's decisions in the hand shown: ``seat``, else the seat whose view is
        shown, else :attr:`review_seat`. The view turns to that seat's (what it could see)."""
        if not isinstance(self.replay, Replay):
            return
        if seat is None:
            seat = self.review_seat if self.shown == ALL else int(self.shown)
        self.shown = str(seat)
        self.page.el("replay-view").value = self.shown
        self.review.review(self.replay, seat, self.hand_index)
        self._run(self._render_soon())

    async def _render_soon(self) -> None:
        """Draw the table in a browser task of its own (not the one that opened the review's
        panel), so no task does both."""
        await asyncio.sleep(0)
        self.render()

    def _run(self, work: Any) -> None:
        """Run a coroutine, holding on to it until it is done (so it is not collected midway)."""
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def step(self, delta: int) -> None:
        """One move forward (1) or back (-1), across hands."""
        if self.replay is None:
            return
        point = (self.hand_index, self.move)
        point = self.replay.forward(*point) if delta > 0 else self.replay.back(*point)
        self.go(*point)

    def toggle_play(self) -> None:
        """Start or stop playing the moves one by one at the chosen speed."""
        if self.playing:
            self._stop()
        else:
            self.playing = True
            self._play_task = asyncio.ensure_future(self._autoplay())
        self._update_play_button()

    async def _autoplay(self) -> None:
        while self.playing and self.replay is not None:
            await asyncio.sleep(int(self.page.el("replay-speed").value) / 1000)
            if not self.playing or self.replay is None:
                return
            point = self.replay.forward(self.hand_index, self.move)
            if point == (self.hand_index, self.move):
                break
            self.go(*point)
        self.playing = False
        self._update_play_button()

    def _stop(self) -> None:
        self.playing = False
        if self._play_task is not None and not self._play_task.done():
            self._play_task.cancel()
        self._play_task = None
        self._update_play_button()

    def _update_play_button(self) -> None:
        button = self.page.el("replay-play")
        button.textContent = "Pause" if self.playing else "Play"
        button.setAttribute("aria-label", "Pause" if self.playing else "Play")

    # --- drawing -----------------------------------------------------------------------

    def frame(self) -> Frame | DiceFrame | TrainFrame | None:
        """The frame shown now (``None`` before a replay is opened)."""
        seat = 0 if self.shown == ALL else int(self.shown)
        return None if self.replay is None else self.replay.frame(self.hand_index, self.move, seat)

    def render(self) -> None:
        """Draw the table at the current move and bring the controls up to date."""
        frame = self.frame()
        if frame is None or self.replay is None or not self.is_open:
            return
        replay = self.replay
        width, height = float(self.canvas.clientWidth), float(self.canvas.clientHeight)
        if width >= 1 and height >= 1:
            ratio = float(self.window.devicePixelRatio or 1)
            self.canvas.width, self.canvas.height = round(width * ratio), round(height * ratio)
            if not isinstance(frame, Frame):  # another kind's frame draws itself (its page made the replay)
                self.scene, self.boxes_drawn = frame.draw(
                    self.window, self.ctx, width, height, ratio, self.sprites, self.shown == ALL
                )
                self.size_drawn = (width, height)
            else:
                shown = range(len(replay.names)) if self.shown == ALL else (int(self.shown),)
                better = self.review.better_move(self.hand_index, self.move)
                line_scene = build_replay_scene(frame, replay.names, shown, width, height, better)
                self.boxes_drawn = draw_on_canvas(self.window, self.ctx, line_scene, ratio, self.sprites)
                self.size_drawn = (width, height)
                self.scene = line_scene
        el = self.page.el
        moves = self._moves()
        el("replay-hand").value = str(self.hand_index)
        slider = el("replay-move")
        slider.max = str(moves)
        slider.value = str(self.move)
        slider.setAttribute("aria-valuetext", f"move {self.move} of {moves}")
        el("replay-said").textContent = replay.said(frame)
        el("replay-back").disabled = (self.hand_index, self.move) == (0, 0)
        at_end = replay.forward(self.hand_index, self.move) == (self.hand_index, self.move)
        el("replay-forward").disabled = at_end
        for stepper, other in (("replay-forward", "replay-back"), ("replay-back", "replay-forward")):
            # A step button that has just been disabled would drop the keyboard's focus out of
            # the viewer (and its keys with it): the other one takes it.
            if el(stepper).disabled and el(stepper).isSameNode(self.page.document.activeElement):
                el(other).focus()
        if isinstance(frame, Frame):
            el("replay-play-here").disabled = frame.hand.is_over
            el("replay-puzzle").disabled = frame.hand.is_over or frame.hand.drawn_this_turn is not None
        self._update_move_list()
        self.review.show(self.hand_index, self.move)
        self.page.document.body.dataset.replay = f"{self.hand_index}:{self.move}"

    def _update_move_list(self) -> None:
        replay = self.replay
        assert replay is not None
        items = []
        marks = self.review.marks(self.hand_index)
        for index, step in enumerate(replay.steps[self.hand_index], start=1):
            item = self.page.document.createElement("li")
            button = self.page.document.createElement("button")
            button.type = "button"
            text = replay.listed(step)
            button.textContent = text
            button.title = f"{index}. {step.text}"  # (the move in the record's notation)
            if index in marks:
                button.textContent = f"{text} {MARKS[marks[index]]}"
                button.setAttribute("aria-label", f"{text}, {marks[index]}")
            button.dataset.move = str(index)
            item.appendChild(button)
            if index == self.move:
                item.setAttribute("aria-current", "step")
            items.append(item)
        self.page.el("replay-moves").replaceChildren(*items)
        if self.move:
            side = self.page.el("replay-moves").parentElement
            box, item = side.getBoundingClientRect(), items[self.move - 1].getBoundingClientRect()
            if item.top < box.top or item.bottom > box.bottom:
                side.scrollTop += item.top - box.top - box.height / 2
        if self.sheet_controller is not None:
            table = self.page.sheet_table(self.sheet_controller)
            caption = self.page.document.createElement("p")
            caption.textContent = score_text(self.sheet_controller)
            self.page.el("replay-sheet").replaceChildren(caption, table)
        elif not isinstance(replay, Replay):  # another kind's replay sums itself up
            caption = self.page.document.createElement("p")
            caption.textContent = replay.summary()
            self.page.el("replay-sheet").replaceChildren(caption)

    # --- events ------------------------------------------------------------------------

    def _moves(self) -> int:
        return 0 if self.replay is None else self.replay.moves_in(self.hand_index)

    def _set_view(self, value: str) -> None:
        self.shown = value
        self.render()

    def _on_move_list(self, event: Any) -> None:
        move = Page.twin_target(event)
        if move:
            self.go(self.hand_index, int(move))

    def _on_key(self, event: Any) -> None:
        key = str(event.key)
        target = str(getattr(event.target, "tagName", "")).upper()
        if target in ("SELECT", "INPUT") and key not in ("Escape",):
            return
        actions = {
            "ArrowRight": lambda: self.step(1),
            "ArrowLeft": lambda: self.step(-1),
            "Home": lambda: self.go(self.hand_index, 0),
            "End": lambda: self.go(self.hand_index, self._moves()),
            "PageDown": lambda: self.go(self.hand_index + 1, 0),
            "PageUp": lambda: self.go(self.hand_index - 1, 0),
            " ": self.toggle_play,
        }
        action = actions.get(key)
        if action is None or (key == " " and target == "BUTTON"):
            return
        event.preventDefault()
        action()

    def _on_pointer_down(self, event: Any) -> None:
        self._swipe_from = float(event.clientX)

    def _on_pointer_up(self, event: Any) -> None:
        if self._swipe_from is None:
            return
        travelled = float(event.clientX) - self._swipe_from
        self._swipe_from = None
        if abs(travelled) >= SWIPE_PX:
            self.step(-1 if travelled > 0 else 1)  # a swipe to the left brings the next move

    def _play_from_here(self) -> None:
        if isinstance(self.replay, Replay) and self.on_play_from is not None:
            frame = self.frame()
            if isinstance(frame, Frame) and not frame.hand.is_over:
                self.on_play_from(self.replay, self.hand_index, self.move)

    def puzzle_link(self) -> str | None:
        """A link to this moment as a puzzle: the seat to move sees its own tiles only and, in
        the link, sits where the person sits (``None`` at the end of a hand)."""
        frame = self.frame()
        if not isinstance(frame, Frame) or frame.hand.is_over or frame.hand.drawn_this_turn is not None:
            return None
        turn = frame.hand.turn
        position = Position.of(frame.hand, frame.scores, seat=turn).rotated(turn)
        location = self.window.location
        return f"{location.origin}{location.pathname}{position_fragment(write_position(position))}"

    def _copy_puzzle_link(self) -> None:
        frame, link = self.frame(), self.puzzle_link()
        if link is None or not isinstance(frame, Frame) or self.replay is None:
            return
        self._run(self._copy(link, self.replay.names[frame.hand.turn]))

    def _copy_moves(self) -> None:
        if self.replay is not None:
            self._run(self._copy_notation(self.replay.notation(self.hand_index)))

    async def _copy_notation(self, text: str) -> None:
        said = self.page.el("replay-said")
        if await copy_text(self.window, text):
            said.textContent = f"Hand {self.hand_index + 1}'s moves copied in the record's notation."
        else:
            said.textContent = f"Copy the moves yourself: {text}"

    async def _copy(self, link: str, name: str) -> None:
        said = self.page.el("replay-said")
        if await copy_text(self.window, link):
            said.textContent = (
                f"Puzzle link copied: whoever opens it plays {possessive(name, first=False)} move here, "
                "seeing only those tiles."
            )
        else:
            said.textContent = f"Copy this link yourself: {link}"

    def _option(self, value: str, text: str) -> Any:
        option = self.page.document.createElement("option")
        option.value = value
        option.textContent = text
        return option


def _sheet_controller(replay: Replay) -> Controller:
    """A table over the replayed match, for the score sheet (names from the record)."""
    controller = Controller.over(replay.settings, replay.match)
    controller.names = replay.names
    return controller
