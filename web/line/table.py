"""The line-of-play games on the page: the canvas (taps, drags, motion, frames), the
footer's buttons, the keyboard twin, the computer players' turns and the end-of-hand summary.

A :class:`LineTable` is the :class:`web.table.Table` of every line-of-play rule set. It
holds one :class:`~web.line.controller.Controller` (a match), passes the person's moves to it,
lets computer players move after a short visible pause, and after every change saves the
match, brings the panels (:class:`web.page.Page`) up to date and redraws the scene.

Browser objects come in through :class:`web.table.Surroundings`; nothing here imports from
the browser.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, TypeVar

from engine import Draw, EngineError, Lead, Match, Pass, Tile, parse_end, parse_tile
from engine.line.notation import write_position
from web.line.controller import Controller
from web.line.drag import Drag
from web.line.kept import kept_of, match_id_of, rating_results
from web.line.motion import Motion, ScoreCount, plan_motion
from web.line.render import draw_on_canvas
from web.line.scene import Scene, build_scene
from web.line.warmup import warm_up
from web.page import score_text
from web.painter import Box, boxes_data
from web.replay.model import Replay, Stepping
from web.settings import Settings
from web.slices import run_in_slices
from web.sounds import sounds_for
from web.spoken import read
from web.table import Surroundings

if TYPE_CHECKING:
    from engine.line.ai.review import MatchReview
    from web.review.book import ReviewBook

__all__ = ["LineTable"]

T = TypeVar("T")


class _Heard(NamedTuple):
    """The game as last sounded (see :meth:`LineTable._play_sounds`)."""

    controller: int
    """The ``id`` of the controller: a new game is a new controller."""
    hand_number: int
    events: int
    """How many events the hand had."""
    over: bool


class LineTable:
    """A line-of-play match at the table: one controller, the canvas's scene, the panels."""

    game: ClassVar[str] = "line"
    skip_to: ClassVar[str] = "#a11y-hand"
    kept: ClassVar[bool] = True
    in_history: ClassVar[bool] = True
    """Whether the matches played at this table are kept in the history (a puzzle and the
    day's deal are not matches: they keep their own results)."""
    clicks: ClassVar[tuple[str, ...]] = (
        "draw-btn",
        "pass-btn",
        "hint-btn",
        "call-btn",
        "muggins-btn",
        "a11y-hand",
        "a11y-ends",
        "lead-choices",
        "score",
        "next-hand-btn",
        "hand-close",
        "summary-btn",
        "hand-replay-btn",
        "hand-review-btn",
        "verify-deal-btn",
    )

    def __init__(
        self, around: Surroundings, controller: Controller, scene_before: Scene | None = None
    ) -> None:
        """Play ``controller``'s match; ``scene_before``: the scene last drawn of the game this
        one replaces (its tiles slide to where the new game has them)."""
        self.around = around
        self.page = around.page
        self.board = around.board
        self.controller = controller
        self._scene = scene_before
        self.boxes_drawn: list[Box] = []
        """The boxes of what the last frame drew (see :class:`web.painter.Box`)."""
        self.size_drawn = (0.0, 0.0)
        """The size in CSS px of the canvas the last frame was drawn on."""
        self._scene_stale = True
        self._motion: Motion | None = None
        self._drag: Drag | None = None
        """A tile of the person's hand pressed (a tap) or being dragged to an end."""
        self._score_count: ScoreCount | None = None
        self._shown_scores: tuple[int, ...] | None = None
        self._kept_hands = 0
        """How many finished hands the history has kept of this match."""
        self._moving_shown = ""
        self._bot_generation = 0
        self._bot_task: asyncio.Task[None] | None = None
        self._hint_task: asyncio.Task[None] | None = None
        self._summary_task: asyncio.Task[None] | None = None
        self._closed = False
        self.thinking = False
        """Whether a computer player (or the hint) is searching right now."""
        self._last_phase = ""
        self._heard = _Heard(0, 0, 0, False)
        """The game as last sounded."""
        self._waiting_since_move = False

    @property
    def settings(self) -> Settings:
        """The settings of the match at the table."""
        return self.controller.settings

    @property
    def scene_drawn(self) -> Scene | None:
        """The scene last built (a game that takes this one's place slides on from it)."""
        return self._scene

    # --- the pointer -------------------------------------------------------------------------

    def pointer_down(self, event: Any) -> None:
        """A press on the table: a lit end or the boneyard acts at once; a tile of the
        person's hand waits to see whether it is a tap or a drag (:class:`web.line.drag.Drag`)."""
        x, y = float(event.offsetX), float(event.offsetY)
        self._skip_motion()
        hit = self.scene.hit(x, y)
        if hit is None:
            return
        event.preventDefault()
        if isinstance(hit, Tile):
            self._drag = Drag.pressed(hit, int(event.pointerId), x, y)
            # The moves and the release come here, even off the canvas; a pointer already
            # gone (or a synthetic event) cannot be captured, and the press is a tap anyway.
            with contextlib.suppress(Exception):
                self.board.canvas.setPointerCapture(event.pointerId)
            return
        if isinstance(hit, str):
            self.controller.act(Draw())
        else:
            self.controller.choose_end(hit)
        self.after_change()

    def pointer_move(self, event: Any) -> None:
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
        self.board.request_frame()

    def pointer_up(self, event: Any) -> None:
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

    def pointer_cancel(self, event: Any) -> None:
        """The browser took the pointer (a system gesture): the dragged tile goes back."""
        drag = self._drag
        if drag is not None and int(event.pointerId) == drag.pointer:
            self._drag = None
            if drag.moved:
                self.controller.drop(drag.tile, None, on_board=False)
            self.after_change()

    # --- buttons and keys --------------------------------------------------------------------

    def press(self, element_id: str, event: Any) -> None:
        """A click on one of :attr:`clicks`, or on the pass-and-play screen."""
        page = self.page
        if element_id == "draw-btn":
            self._act(Draw())
        elif element_id == "pass-btn":
            self._act(Pass())
        elif element_id == "hint-btn":
            self._on_hint()
        elif element_id in ("call-btn", "muggins-btn"):
            self._claim(muggins=element_id == "muggins-btn")
        elif element_id == "a11y-hand":
            self._on_twin(event, lambda move: self.controller.tap_tile(parse_tile(move)))
        elif element_id == "a11y-ends":
            self._on_twin(event, lambda move: self.controller.choose_end(parse_end(move)))
        elif element_id == "lead-choices":
            self._on_lead(event)
        elif element_id == "score":
            page.open_sheet(self.controller)
        elif element_id == "next-hand-btn":
            self._next_hand()
        elif element_id == "hand-close":
            page.dismiss_summary()
        elif element_id == "summary-btn":
            page.open_summary(self.controller)
        elif element_id == "hand-replay-btn":
            self._replay_last_hand()
        elif element_id == "hand-review-btn":
            self._review_last_hand()
        elif element_id == "verify-deal-btn":
            page.show_deal_verified(self.controller)
        elif element_id == "pass-dialog":
            # The next person has the device; or the person who just played calls their score first.
            if str(event.target.id) == "pass-call-btn":
                self.controller.claim(muggins=False)
            else:
                self.controller.take_device()
            self.after_change()

    def _on_twin(self, event: Any, act: Callable[[str], object]) -> None:
        """A keyboard twin's tile or end button: its move is played (or its tile picked)."""
        move = self.page.twin_target(event)
        if move:
            act(move)
            self.after_change()

    def _on_lead(self, event: Any) -> None:
        move = self.page.twin_target(event)
        if move and move.startswith("lead:"):
            lead = Lead(int(move.partition(":")[2]))
            if self.controller.can(lead):
                self.controller.act(lead)
                self.after_change()

    def command(self, command: str) -> None:
        """Carry out a keyboard command (or a read button's): read aloud, draw, pass, hint, undo."""
        page = self.page
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

    def undo(self) -> None:
        """Take the person's last move back (with the computer players' moves since), or say why not."""
        reason = self.controller.undo_reason()
        if reason:
            self.page.show_status(reason)
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

    def _on_hint(self) -> None:
        """The person asks for a hint: the Expert thinks about their move, then it is shown."""
        controller = self.controller
        if controller.phase != "human" or (self._hint_task is not None and not self._hint_task.done()):
            return
        moves = (len(controller.actions), len(controller.actions[-1]))

        def current() -> bool:
            same = (len(controller.actions), len(controller.actions[-1])) == moves
            return not self._closed and controller is self.controller and same and controller.phase == "human"

        async def run() -> None:
            hint = await self._think(controller.hint_thinking(), current, "hint")
            await asyncio.sleep(0)  # showing it gets a browser task of its own, after the last slice's
            if hint is not None and current():
                self.after_change()

        self.page.show_status("The Expert is thinking about your move…")
        self._hint_task = asyncio.ensure_future(run())

    # --- after every change ------------------------------------------------------------------

    def after_change(self) -> None:
        """Save, refresh the panels, schedule a redraw, and let an AI seat move if it is its turn."""
        controller = self.controller
        self._show_move()
        self._count_up_scores()
        self._play_sounds()
        self._time_the_wait(controller.phase)
        if controller.phase in ("hand-over", "match-over"):
            self._count_statistics()
            self._keep_in_history()
            self._show_hand_over_soon(controller)
        else:
            self.page.close_hand_over()
        if controller.phase == "bot" and (self._bot_task is None or self._bot_task.done()):
            self._bot_generation += 1
            self._bot_task = asyncio.ensure_future(self._run_bots(self._bot_generation, controller))

    def _show_move(self) -> None:
        """What every move is followed by, a computer player's in a row of them too: the match
        saved, the host page told, the panels brought up to date, the board redrawn."""
        self.around.keep(self.save())
        if self.around.host is not None:
            self.around.host.report(self.controller)
        self.page.update(self.controller)
        self.invalidate()

    def close(self) -> None:
        """Another game takes the page: the computer players and the hint stop; the summary closes."""
        self._closed = True
        self._bot_generation += 1
        self.page.close_hand_over()

    def _show_hand_over_soon(self, controller: Controller) -> None:
        """Fill and open the end-of-hand summary in a browser task of its own, after the last
        move's (together they came near the page's long-task limit on a slow tablet)."""

        async def show() -> None:
            await asyncio.sleep(0)
            current = not self._closed and controller is self.controller
            if current and controller.phase in ("hand-over", "match-over"):
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

    def _play_sounds(self) -> None:
        """Sound what happened since the last change (nothing for a restored game, a new
        game's start or an undo); sound.js plays them, if sound is on."""
        match = self.controller.match
        history, over = match.hand.history, match.hand.is_over
        was = self._heard
        self._heard = _Heard(id(self.controller), match.hand_number, len(history), over)
        same_hand = (was.controller, was.hand_number) == (id(self.controller), match.hand_number)
        if (
            not self.around.started
            or (not same_hand and match.hand_number == 1)
            or (same_hand and len(history) < was.events)
        ):
            return
        names = sounds_for(history[was.events if same_hand else 0 :], over and not (same_hand and was.over))
        sound = getattr(self.around.window, "dominoesSound", None)
        if sound is None:  # sound.js did not load: play on in silence
            return
        for name in names:
            sound.play(name)

    # --- the computer players ----------------------------------------------------------------

    async def _run_bots(self, generation: int, controller: Controller) -> None:
        """AI seats move one at a time, each after a short pause so a person can follow.

        A computer player's search runs a slice at a time, giving the browser the main
        thread back between slices, so the page stays responsive while it thinks.
        """

        def current() -> bool:
            return controller is self.controller and generation == self._bot_generation

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
                break  # after_change saves and shows it, in the same task
            self._show_move()
        if current():
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

    # --- the picture -------------------------------------------------------------------------

    def prepare(self) -> None:
        """At boot: a scratch hand (the first run of each code path is the slow one), then the
        first frame with every tile's picture."""
        warm_up(self.controller.settings, *self.board.read_size())
        self._build_scene_if_outdated()
        self._draw()

    def invalidate(self, resized: bool = False) -> None:
        """The table changed (or the canvas may have ``resized``): redraw it next frame.

        The scene is rebuilt when it is next needed (the frame, a tap, a test), not here: a
        change's own browser task then saves and updates the panels, and the frame builds and
        draws the scene, each a short task on a slow tablet.
        """
        self._scene_stale = True
        if resized:
            self.board.read_size()
        self.board.request_frame()

    @property
    def scene(self) -> Scene:
        """The table's scene for the current state, built if anything changed since the last.

        It is built at the canvas size last read: reading it is a layout of the whole page,
        and a change of size is caught anyway (a ``ResizeObserver`` has the app call
        :meth:`invalidate` with ``resized``, and each frame reads the size).
        """
        self._build_scene_if_outdated(self.board.size or self.board.read_size())
        assert self._scene is not None
        return self._scene

    def frame(self) -> None:
        """Draw the scene, at the canvas's size as it is now.

        A scene that has to be built first is built in this frame and drawn in the next:
        placing a grown line anew is most of a frame's work on a slow tablet, and the two
        halves each stay well within the long-task limit where together they came near it.
        """
        self._tick_score()
        if self._build_scene_if_outdated():
            self.board.request_frame()
        else:
            self._draw()

    def _build_scene_if_outdated(self, size: tuple[float, float] | None = None) -> bool:
        """Build the scene if the table changed or the canvas's size did (at ``size``, else at
        the canvas's size read now); say if it did. The one place a scene is built: a new
        scene's tiles slide from where the last one had them. A canvas with no size, out of
        view, gets a scene only when one is asked for (:attr:`scene`)."""
        width, height = size or self.board.read_size()
        if size is None and (width < 1 or height < 1):
            return False
        scene = self._scene
        if scene is None or self._scene_stale or (scene.width, scene.height) != (width, height):
            self._scene = build_scene(self.controller, width, height)
            self._scene_stale = False
            moves = self.around.moves_shown()
            self._motion = (
                plan_motion(scene, self._scene, self.around.window.performance.now()) if moves else None
            )
            self._show_moving()
            return True
        return False

    def _draw(self) -> None:
        """Draw the scene on the canvas, sized to it (the scene was built at its size)."""
        if self._scene is None or self.board.size is None:
            return
        width, height = self.board.size
        if width < 1 or height < 1:
            return
        ratio = self.board.fit(width, height)
        scene = self._scene
        if self._motion is not None:
            now = self.around.window.performance.now()
            if self._motion.done(now):
                self._motion = None
                self._show_moving()
            else:
                scene = self._motion.at(now)
                self.board.request_frame()
        if self._drag is not None:
            scene = self._drag.on(scene)
        self.boxes_drawn = draw_on_canvas(
            self.around.window, self.board.ctx, scene, ratio, self.around.sprites
        )
        self.size_drawn = (scene.width, scene.height)
        self.board.drawn()

    def _tick_score(self) -> None:
        """Show the score counting up as it is at this frame (and ask for the next frame)."""
        count = self._score_count
        if count is not None:
            now = self.around.window.performance.now()
            self.page.show_score(score_text(self.controller, count.at(now)))
            if count.done(now):
                self._score_count = None
                self._show_moving()
            else:
                self.board.request_frame()

    def _count_up_scores(self) -> None:
        """Points scored: the top bar counts up to the new score (the panels wrote it whole)."""
        scores = tuple(self.controller.match.scores)
        counts = self.around.moves_shown()
        now = self.around.window.performance.now()
        count = ScoreCount.between(self._shown_scores, scores, now) if counts else None
        self._shown_scores = scores
        if count is not None:
            self._score_count = count
            self.page.show_score(score_text(self.controller, count.start))
            self._show_moving()
            self.board.request_frame()

    def _skip_motion(self) -> None:
        """Put every moving tile in its place now (a tap does; so does the motion's end)."""
        if self._motion is not None or self._score_count is not None:
            self._motion = None
            self._score_count = None
            self.page.show_score(score_text(self.controller))
            self._show_moving()
            self.board.request_frame()

    def _show_moving(self) -> None:
        """``data-moving`` on the body: "true" while a tile slides or the score counts up."""
        moving = "true" if self._motion is not None or self._score_count is not None else "false"
        if moving != self._moving_shown:
            self._moving_shown = moving
            self.page.document.body.dataset.moving = moving

    # --- records, replays and statistics -----------------------------------------------------

    def save(self) -> str:
        """The whole match as a record."""
        return self.controller.save()

    def progress(self) -> str:
        """How far the game has got, in the player's words (``"hand 2, move 14"``)."""
        return self.controller.progress()

    def shared_record(self, date: str) -> str:
        """The match's record, dated ``date`` unless it has a date."""
        self.controller.match.tags.setdefault("Date", date)
        return self.controller.save()

    def position(self) -> tuple[str | None, str]:
        """This moment as a position, as the person sees it (the others' tiles hidden)."""
        controller = self.controller
        hand = controller.match.hand
        if hand.is_over:
            return None, "The hand is over: there is no position to copy."
        try:
            text = write_position(hand, tuple(controller.match.scores), seat=controller.human_seat)
        except EngineError:
            return None, "Finish your turn first: the tile you drew is part of it."
        return text, "Position copied (your tiles only; the others' are counted, not shown)."

    def replay(self) -> Replay | None:
        """A replay of the hands finished in the match."""
        return Replay.of_table(self.controller)

    def under_way(self) -> bool:
        """Whether the match has begun and is not over."""
        match = self.controller.match
        return not match.is_over and any(hand.actions for hand in match.hands)

    def seat_in(self, replay: Stepping) -> int:
        """The person's seat in ``replay`` if it is the match at the table, else 0."""
        if isinstance(replay, Replay) and self._is_table_match(replay.match):
            return self.controller.human_seat
        return 0

    def _is_table_match(self, match: Match) -> bool:
        """Whether ``match`` (a copy, e.g. a replay's) is the match being played at the table."""
        table = self.controller.match
        return match.seed == table.seed and match.hands[0].dealt == table.hands[0].dealt

    def _replay_last_hand(self) -> None:
        replay = Replay.of_table(self.controller)
        if replay is not None:
            self.around.open_replay(replay, replay.hand_count - 1, 0)

    def _review_last_hand(self) -> None:
        """The person asks, after a hand, how they played it: its replay, reviewed for their seat."""
        replay = Replay.of_table(self.controller)
        if replay is not None:
            self.page.dismiss_summary()
            self.around.open_replay(replay, replay.hand_count - 1, 0)
            self.around.replays().start_review(self.controller.human_seat)

    def count_review(self, book: ReviewBook, review: MatchReview) -> None:
        """Keep the person's review accuracy with the statistics (their own hands at the table only)."""
        controller = self.controller
        stats = self.around.stats
        if stats is None or controller.pass_and_play or book.seat != controller.human_seat:
            return
        if not self._is_table_match(book.replay.match):
            return
        match_id = self._match_id()
        history = self.around.history
        for hand in review.hands:
            decisions, sound = hand.tally
            stats.count_review(match_id, controller.settings.variant, hand.hand_index + 1, decisions, sound)
            if history is not None:
                history.count_review(match_id, hand.hand_index + 1, decisions, sound)

    def _count_statistics(self) -> None:
        """Count a finished hand (and match) for the person's statistics, once each."""
        controller = self.controller
        match = controller.match
        stats = self.around.stats
        if stats is None or not match.sheet or match.hand.result is not match.sheet[-1].result:
            return
        if controller.pass_and_play:  # the statistics are one person's record against the computer
            return
        match_id = self._match_id()
        mine = match.rules.side_of(controller.human_seat)
        line = match.sheet[-1]
        won = line.result.winner_side == mine
        against = sum(points for side, points in enumerate(line.gained) if side != mine)
        variant = controller.settings.variant
        stats.count_hand(match_id, variant, line.number, won, line.gained[mine], against)
        if match.result is not None:
            stats.count_match(match_id, variant, match.result.winner_side == mine)

    def _keep_in_history(self) -> None:
        """Keep the match in the history after each finished hand (once a hand: its record
        and entry are written when the hand ends, not again when the page is redrawn)."""
        history = self.around.history
        match = self.controller.match
        if (
            history is None
            or not self.in_history
            or not match.sheet
            or match.hand.result is not match.sheet[-1].result
        ):
            return
        if self._kept_hands == len(match.sheet):
            return
        self._kept_hands = len(match.sheet)
        day = self.around.today()
        notice = history.keep(kept_of(self.controller, self._match_id(), day), self.save())
        if notice:
            self.around.tell(notice)
        ratings = self.around.ratings
        if ratings is not None and match.result is not None:
            family, results = rating_results(self.controller)
            ratings.count_match(self._match_id(), family, day.isoformat(), results)
        if match.result is not None:
            reminder = self.around.backup_reminder(len(history.matches))
            if reminder:
                self.around.tell(reminder)

    def _match_id(self) -> str:
        """The match at the table, as the statistics tell matches apart (save slot, seed, first deal)."""
        return match_id_of(self.controller, self.around.slot_key)

    # --- tests -------------------------------------------------------------------------------

    def test_state(self) -> dict[str, Any]:
        """What end-to-end tests read: the phase, the person's options, and click positions."""
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
            "scene": {**scene.test_data(), **boxes_data(self.boxes_drawn, self.size_drawn)},
        }
