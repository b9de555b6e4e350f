"""The running table in the browser: boots it, keeps its game in storage, talks to a host
page, opens the dialogs common to every game, and routes the page's events to the table.

The game itself is played by a :class:`web.table.Table` (:mod:`web.table_kinds` says which
plays which game): the app hands it the canvas's pointer, the table's own buttons, the
keys, each animation frame and every change, and never asks which kind of game it is.

Browser objects (document, window, the proxy factory) are passed in by ``main.py``.
"""

from __future__ import annotations

import asyncio
import datetime
import json
import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine import EngineError
from web.backup_controls import BackupControls, imported_notice
from web.board import Board
from web.embedding.embed import dress_for_embedding
from web.embedding.host_link import HostLink
from web.game_dialog import GameDialog, import_error_text
from web.history_dialog import HistoryDialog
from web.keyboard import Keyboard
from web.links.params import LinkRequest, parse_link
from web.new_game_dialog import NewGameDialog
from web.notice import REMINDER_START, Notice
from web.page import Page
from web.painter import SpriteBook, boxes_data
from web.replay.model import Replay, Stepping
from web.stats_dialog import StatsDialog
from web.storage.first_game import NOT_KEPT, first_game, read_shared, saved_game, slot_of
from web.storage.history import History
from web.storage.hold import TableHold
from web.storage.keeper import GameKeeper
from web.storage.local import LocalStorage
from web.storage.ratings import Ratings
from web.storage.saves import SaveSlots, slot_key
from web.storage.stats import Stats
from web.storage.unsaved import UnsavedMoves
from web.table import Surroundings, Table
from web.table_kinds import (
    CLICKS,
    Game,
    from_replay,
    new_game,
    new_seed,
    opened,
    replay_of_text,
    restored,
    table_for,
)

if TYPE_CHECKING:
    from engine.line.ai.review import MatchReview
    from web.puzzles.desk import PuzzleDesk
    from web.puzzles.table import PuzzleTable
    from web.replay.view import ReplayView
    from web.review.book import ReviewBook

__all__ = ["DEFAULT_AI_DELAY_MS", "NOT_KEPT", "App"]


DEFAULT_AI_DELAY_MS = 700
"""How long a computer player waits before moving, unless a link says otherwise."""

_DAY_MS = 86_400_000

ELSEWHERE_TAB = "This game is now open in another tab"
ELSEWHERE_FRAME = "This game is now open in another frame or tab"
"""The title of the dialog of a table taken by another tab (or, embedded, another frame)."""

MOVE_NOT_KEPT = (
    "The move you made here as the game opened elsewhere was not kept: moves were made there "
    "since, and the game goes on from them."
)
"""Said when Play here brings back another tab's game that lacks a move made in this one."""


class App:
    """The table page: the game's table, the canvas it draws on, the storage and the dialogs."""

    def __init__(self, document: Any, window: Any, proxy: Callable[[Any], Any]) -> None:
        """Attach to the page; call :meth:`start` to begin."""
        self.document = document
        self.window = window
        self.page = Page(document, proxy)
        self._proxy = proxy
        self.board = Board(document, window, proxy)
        self.board.on_frame = lambda: self.table.frame()
        self._ready_task: asyncio.Task[None] | None = None
        self.link: LinkRequest = parse_link(str(window.location.search))
        delay_ms = DEFAULT_AI_DELAY_MS if self.link.ai_delay_ms is None else self.link.ai_delay_ms
        self.storage = LocalStorage(window)
        self.slots = SaveSlots(self.storage, today=int(window.Date.now()) // _DAY_MS)
        self.unsaved = UnsavedMoves((LocalStorage(window, "sessionStorage"), self.storage))
        """The notes of moves storage had no room for (:mod:`web.storage.unsaved`)."""
        self.shared, shared_error = read_shared(str(window.location.hash))
        self.slot = slot_of(self.link, self.shared)
        """This table's save slot (:func:`web.storage.first_game.slot_of`); the day's deal's
        is its own for the day."""
        if self.link.daily is not None:
            self.slot = f"daily={self.link.daily}&day={self.today().isoformat()}"
        self.embed = self.link.embed
        self._unsaved_here = False
        """Whether this tab, when it stepped aside, had a move its table's save lacks."""
        self.hold = (
            None if self.slots.blocked else TableHold(self.storage, slot_key(self.slot), secrets.token_hex(8))
        )
        """Whether this tab holds its table's game (:mod:`web.storage.hold`); None where nothing is kept."""
        if self.hold is not None:
            self.hold.take()  # before the save is read: the game starts from its latest position
        first = first_game(self.slots, self.slot, self.link, self.shared, [shared_error], self.unsaved)
        if self.hold is not None:
            self.hold.loaded()
        self.restored = first.restored
        """Whether this boot picked up a saved game."""
        self.boot_notices = first.notices
        """What the person is told about the boot."""
        kept_here = not self.slots.blocked and not self.embed.enabled
        self.stats = Stats(self.storage) if kept_here else None
        self.history = History(self.storage) if kept_here else None
        """The person's matches, kept (not in an embedded table, nor where storage is blocked)."""
        self.ratings = Ratings(self.storage) if kept_here else None
        """The person's rating in each family against the computer levels (kept as the history)."""
        self.backup = (
            BackupControls(self.page, window, self.storage, self.today, self._before_import)
            if kept_here
            else None
        )
        """Export and Import of everything kept (``None`` where nothing is kept)."""
        if kept_here:
            self.boot_notices += imported_notice(self.storage)
        sprites = self.sprites = SpriteBook()
        """The pictures the browser keeps for the table's canvas and the replay's (one page, one store)."""
        self._replay_view: ReplayView | None = None
        self._puzzle_desk: PuzzleDesk | None = None
        self._puzzle_task: asyncio.Task[bool] | None = None
        self._game_behind = ""
        """The person's game (its record) while a puzzle is at the table, to go back to."""
        self.game_dialog = GameDialog(self.page, window, self)
        self.stats_dialog = StatsDialog(
            self.page, window, self.stats, self.history, lambda: self.table.settings.variant
        )
        self.new_game_dialog = NewGameDialog(self.page)
        self.history_dialog = HistoryDialog(
            self.page,
            window,
            self.history,
            self.ratings,
            self.stats,
            lambda replay: self.open_replay(replay),
            lambda seat: self.replay_view.start_review(seat),
        )
        self.host = HostLink(window, document, self.embed) if self.embed.enabled else None
        self.around = Surroundings(
            self.page,
            window,
            self.board,
            sprites,
            lambda: self.replay_view,
            self.host,
            self.stats,
            self.history,
            self.ratings,
            self.today,
            lambda text: self.notice.add(text),
            slot_key(self.slot),
            delay_ms / 1000,
            self._keep,
            self.open_replay,
            window.matchMedia("(prefers-reduced-motion: reduce)"),
            backup_reminder=self.backup.reminder_due if self.backup is not None else lambda _matches: "",
        )
        self.table: Table = (
            table_for(first.game, self.around) if self.link.daily is None else self._daily_table(first.game)
        )
        """The game being played, at its table."""
        self._seat(self.table)
        self.notice = Notice(self.page, lambda: self.table.invalidate(resized=True))
        self.keeper = (
            None
            if self.hold is None
            else GameKeeper(self.slots, self.slot, self.hold, self.unsaved, self.notice.add, self.notice.drop)
        )
        """Writes the game to its slot after every move (None where storage is blocked)."""
        if self.keeper is not None and first.restored:
            self.keeper.loaded(self.table, self.table.progress())

    # --- starting ------------------------------------------------------------------------

    def _play(self, game: Game, throw_now: bool = False) -> None:
        """Put ``game`` on the table in place of the game there, and show it; ``throw_now``: a
        new dice game's first throw is seen rolling."""
        self.table.close()
        self._seat(table_for(game, self.around, self.table, throw_now))
        self.after_change()

    def _seat(self, table: Table) -> None:
        """Give the page to ``table`` (``body[data-game]``, the skip link); note in storage
        that this table was opened today, playing this game (see :meth:`SaveSlots.opened`)."""
        self.table = table
        if not self.slots.blocked and table.kept:
            self.slots.opened(self.slot, (table.settings.variant, table.settings.players))
        self.document.body.dataset.game = table.game
        self.document.querySelector("a.skip").setAttribute("href", table.skip_to)

    def start(self) -> None:
        """Wire the events, draw the first frame, let any AI seat move, and mark the page ready."""
        page, canvas, window = self.page, self.board.canvas, self.window
        page.on(canvas, "pointerdown", lambda event: self.table.pointer_down(event))
        page.on(canvas, "pointermove", lambda event: self.table.pointer_move(event))
        page.on(canvas, "pointerup", lambda event: self.table.pointer_up(event))
        page.on(canvas, "pointercancel", lambda event: self.table.pointer_cancel(event))
        for element_id in CLICKS:
            page.on(page.el(element_id), "click", self._pressed(element_id))
        page.on(page.el("undo-btn"), "click", lambda _e: self.table.undo())
        page.on(page.el("hand-undo-btn"), "click", lambda _e: self.table.undo())
        self.keyboard = Keyboard(page, self._undo, self._command)
        page.on(page.el("a11y-read"), "click", self._on_read)
        page.on(page.el("new-match-btn"), "click", lambda _e: self.new_game_dialog.open(self.table.settings))
        page.on(
            page.el("rematch-btn"), "click", lambda _e: self._play(new_game(self.table.settings, new_seed()))
        )
        page.on(page.el("new-game-btn"), "click", lambda _e: self.new_game_dialog.open(self.table.settings))
        page.on(page.el("rules-btn"), "click", lambda _e: page.open_rules(self.table.settings))
        page.on(page.el("puzzles-btn"), "click", lambda _e: self.puzzles.open_dialog())
        page.on(page.el("game-puzzles-btn"), "click", lambda _e: self._puzzles_from_the_menu())
        self.new_game_dialog.wire()
        page.on(page.el("pass-dialog"), "click", self._on_pass_screen)
        page.on(page.el("pass-dialog"), "cancel", lambda event: event.preventDefault())  # Esc keeps it up
        page.on(page.el("new-game-form"), "submit", self._on_new_game)
        page.on(window, "resize", lambda _e: self._on_resize())
        page.on(window, "hashchange", lambda _e: self._on_new_fragment())
        # The board also changes size without a window resize (a notice, the phone's bars).
        self._resize_proxy = self._proxy(lambda *_args: self.table.invalidate(resized=True))
        window.ResizeObserver.new(self._resize_proxy).observe(canvas)
        page.on(page.el("notice-close"), "click", lambda _e: self.show_notice(None))
        page.on(page.el("notice-download"), "click", lambda _e: self.game_dialog.download())
        page.on(page.el("notice-export"), "click", lambda _e: self._export_from_notice())
        page.on(window, "storage", self._on_storage)
        page.on(page.el("play-here-btn"), "click", lambda _e: self._play_here())
        page.on(
            page.el("elsewhere-dialog"), "cancel", lambda event: event.preventDefault()
        )  # Esc keeps it up
        self.show_notice(" ".join(self.boot_notices) or None, quiet=self.boot_notices == [NOT_KEPT])
        page.show_thinking(False)
        window.dominoesTest = self._proxy_object()
        self.document.getElementById("app").hidden = False
        dress_for_embedding(self.document, self.embed)
        self.after_change()
        if self.shared is not None and self.shared.kind == "record":
            self._open_shared_record(self.shared.text)
        if self.host is not None:
            page.on(window, "message", self._on_host_message)
            mode = "replay" if self._replay_view is not None and self._replay_view.is_open else "live"
            settings = self.table.settings
            self.host.send("ready", mode=mode, variant=settings.variant, players=settings.players)
        page.mark("warm-up")
        self.table.prepare()  # while the loading screen is still up
        page.mark("drawn")
        self.around.started = True
        self._ready_task = asyncio.ensure_future(self._ready_when_painted())
        if self.shared is not None and self.shared.kind == "puzzle":
            self.puzzles.open_text(self.shared.text)
        elif self.link.puzzle is not None:
            self._puzzle_task = asyncio.ensure_future(self.puzzles.open_id(self.link.puzzle))

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

    def _on_resize(self) -> None:
        self.notice.measure()  # (the notice wraps to another height)
        self.table.invalidate(resized=True)

    def _pressed(self, element_id: str) -> Callable[[Any], None]:
        """A click on one of the tables' own elements goes to the table being played."""
        return lambda event: self.table.press(element_id, event)

    def _on_pass_screen(self, event: Any) -> None:
        """A tap anywhere on the pass-and-play screen: the next person has the device (the
        table's business). Its own rules and new-game buttons open over the screen, which
        stays up under them."""
        pressed = str(event.target.id)
        if pressed == "pass-rules-btn":
            self.page.open_rules(self.table.settings)
        elif pressed == "pass-new-game-btn":
            self.new_game_dialog.open(self.table.settings)
        else:
            self.table.press("pass-dialog", event)

    def _undo(self) -> None:
        """Ctrl+Z: the table takes back the person's turn (not while another tab holds it)."""
        if not self.elsewhere:
            self.table.undo()

    def _command(self, command: str) -> None:
        """Carry out a keyboard command (or a read button's): the menus here, the rest at the table
        (none while another tab holds the table: its dialog is the only thing on the page)."""
        if self.elsewhere:
            return
        if command == "new-game":
            self.new_game_dialog.open(self.table.settings)
        elif command == "rules":
            self.page.open_rules(self.table.settings)
        elif command == "game":
            self.game_dialog.open()
        elif command == "puzzles":
            self.puzzles.open_dialog()
        else:
            self.table.command(command)

    def _on_read(self, event: Any) -> None:
        kind = str(event.target.dataset.read or "")  # (the read buttons hold only text)
        if kind:
            self._command(f"read:{kind}")

    def _on_new_game(self, event: Any) -> None:
        event.preventDefault()
        try:
            settings = self.new_game_dialog.settings()
        except EngineError as error:
            self.show_notice(f"Those settings are not offered: {error}")
            return
        self.page.el("new-game-dialog").close()
        self._play(new_game(settings, new_seed()), throw_now=True)

    # --- records, replays and positions (the Game dialog and share links) -------------------

    def open_replay(self, replay: Stepping, hand_index: int = 0, move: int = 0) -> None:
        """Show a replay over the table (the game at the table is left as it is). A review of
        the table's own match looks at the person's seat, of any other record at the first."""
        self.replay_view.open(replay, hand_index, move, review_seat=self.table.seat_in(replay))

    def play_text(self, text: str) -> None:
        """Play on from the end of a record, or from a position, in place of the game at the table.

        Raises :class:`EngineError` (saying why in the player's words) and changes nothing
        if the text cannot be played.
        """
        self._play(opened(text, new_seed()))

    def date_text(self) -> str:
        """Today as a record writes it (``2026.11.24``)."""
        today = self.window.Date.new()
        return f"{int(today.getFullYear())}.{int(today.getMonth()) + 1:02d}.{int(today.getDate()):02d}"

    def _play_from_replay(self, replay: Replay, hand_index: int, move: int) -> None:
        """Play on, against the computer, from a point of a replay (in place of the table's game)."""
        game = from_replay(replay, hand_index, move)
        self.replay_view.close()
        self._play(game)

    def _on_new_fragment(self) -> None:
        """A share link pasted into this tab: a record opens its replay; a position, its own table."""
        shared, problem = read_shared(str(self.window.location.hash))
        if problem:
            self.show_notice(problem)
        elif shared is not None and shared.kind == "record":
            self._open_shared_record(shared.text)
        elif shared is not None and shared.kind == "puzzle":
            self.puzzles.open_text(shared.text)
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

    # --- puzzles and the day's deal ------------------------------------------------------------

    def today(self) -> datetime.date:
        """The person's calendar date (their device's clock and time zone)."""
        now = self.window.Date.new()
        return datetime.date(int(now.getFullYear()), int(now.getMonth()) + 1, int(now.getDate()))

    def _daily_table(self, saved: Game) -> Table:
        """The day's deal the link asks for: the one saved in its slot today, else dealt now."""
        from web.daily.controller import DailyController
        from web.daily.table import DailyTable
        from web.storage.daily_results import DailyResults

        assert self.link.daily is not None
        variant, day = self.link.daily, self.today()
        adopted = DailyController.adopt(saved, variant, day) if self.restored else None
        if adopted is None:
            self.restored = False
        kept = not self.slots.blocked and not self.embed.enabled
        results = DailyResults(self.storage if kept else None)
        return DailyTable(self.around, adopted or DailyController.new(variant, day), results)

    @property
    def puzzles(self) -> PuzzleDesk:
        """The puzzles (their dialog, the person's rating): made the first time they are
        asked for, so that a boot imports none of them."""
        if self._puzzle_desk is None:
            from web.puzzles.desk import DeskSide, PuzzleDesk
            from web.storage.daily_results import DailyResults
            from web.storage.puzzle_book import PuzzleBook

            kept = not self.slots.blocked and not self.embed.enabled
            book = PuzzleBook(self.storage if kept else None)
            results = DailyResults(self.storage if kept else None)
            side = DeskSide(
                self.around,
                self._seat_puzzle,
                self._leave_puzzle,
                self.show_notice,
                self.host,
                self.today,
                lambda: self.table.settings.variant,
            )
            self._puzzle_desk = PuzzleDesk(side, book, results)
        return self._puzzle_desk

    def _puzzles_from_the_menu(self) -> None:
        self.page.el("game-dialog").close()
        self.puzzles.open_dialog()

    def _seat_puzzle(self, table: PuzzleTable) -> None:
        """Put a puzzle at the table; the person's game stays in its slot (and here), to go back to."""
        if self.table.kept:
            self._game_behind = self.table.save()
        if self._replay_view is not None:
            self._replay_view.close()
        self.table.close()
        self._seat(table)
        self.after_change()

    def _leave_puzzle(self) -> None:
        """Back from a puzzle to the person's game, as it was."""
        try:
            game = restored(self._game_behind) if self._game_behind else None
        except EngineError:
            game = None
        self._play(game if game is not None else new_game(self.table.settings, new_seed()))

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
            seed = new_seed() if command.seed is None else command.seed
            self.replay_view.close()
            self.host.forget_told()
            self._play(
                new_game(self.table.settings, seed, from_link=command.seed is not None), throw_now=True
            )

    # --- the page around the game ------------------------------------------------------------

    def show_notice(self, text: str | None, quiet: bool = False) -> None:
        """Show a message that stays until dismissed, in place of any shown (``None`` hides it).

        A ``quiet`` one is read out politely by screen readers, not as an alert.
        """
        self.notice.show(text, quiet)

    def after_change(self) -> None:
        """The game changed: the table saves it, shows it and lets computer players move."""
        self.table.after_change()

    @property
    def replay_view(self) -> ReplayView:
        """The replay viewer (and its review): made the first time it is needed, so that a boot
        neither imports it nor wires its dialog (which nothing shows before it opens)."""
        if self._replay_view is None:
            from web.replay.view import ReplayView

            view = ReplayView(self.page, self.window, self._proxy, self.sprites)
            view.on_play_from = self._play_from_replay
            view.on_move = self._on_replay_move
            view.review.on_reviewed = self._reviewed
            self._replay_view = view
        return self._replay_view

    def _reviewed(self, book: ReviewBook, review: MatchReview) -> None:
        """A review is done: its accuracy counts for the table's match, or a match of the history."""
        self.table.count_review(book, review)
        self.history_dialog.count_review(book, review)

    def test_state(self) -> dict[str, Any]:
        """What end-to-end tests read: the table's game, the save, the link and the replay viewer."""
        view = self._replay_view
        if view is None:
            return {**self._test_state_of_the_table(), "replay": None, "replay_scene": None, "review": None}
        return {
            **self._test_state_of_the_table(),
            "replay": None if not view.is_open else {"hand": view.hand_index + 1, "move": view.move},
            "replay_scene": None
            if view.scene is None
            else {**view.scene.test_data(), **boxes_data(view.boxes_drawn, view.size_drawn)},
            "review": view.review.test_state(),
        }

    def _test_state_of_the_table(self) -> dict[str, Any]:
        return {
            **self.table.test_state(),
            "restored": self.restored,
            "elsewhere": self.elsewhere,
            "save_key": slot_key(self.slot),
            "ai_delay_ms": round(self.around.ai_delay * 1000),
            "embed": self.embed.enabled,
            "host_messages": [] if self.host is None else list(self.host.sent),
        }

    # --- backup ---------------------------------------------------------------------------------

    def _export_from_notice(self) -> None:
        if self.backup is not None:
            self.backup.export()
            self.notice.drop(REMINDER_START)

    def _before_import(self) -> None:
        """A backup passed its checks and is about to be merged: the game at the table stops
        (no computer move is saved over a game the backup brings)."""
        self.table.close()

    # --- one table, one tab ---------------------------------------------------------------------

    @property
    def elsewhere(self) -> bool:
        """Whether another tab (or frame) has taken this table's game from this one."""
        return self.hold is not None and self.hold.elsewhere

    def _on_storage(self, event: Any) -> None:
        """Another tab changed storage: if it took this table, this one steps aside."""
        key, value = event.key, event.newValue
        taken = self.hold is not None and self.hold.taken_by(
            key if isinstance(key, str) else None, value if isinstance(value, str) else None
        )
        if taken:
            self._step_aside()

    def _step_aside(self) -> None:
        """Stop taking moves (the computer players and the hint stop too) and say why, with
        Play here to take the table back; say too if this tab has a move the other has not
        (made as the other tab opened the game, before this one knew)."""
        page = self.page
        dialog = page.el("elsewhere-dialog")
        if dialog.open:
            return
        self.table.close()
        self._unsaved_here = (
            self.hold is not None and self.table.kept and self.table.save() != self.hold.known
        )
        framed = bool(getattr(getattr(self.window, "dominoesBoot", None), "framed", False))
        page.el("elsewhere-title").textContent = ELSEWHERE_FRAME if framed else ELSEWHERE_TAB
        page.el("elsewhere-unsaved").hidden = not self._unsaved_here
        dialog.showModal()  # over anything open (a pass-and-play screen stays, hiding the hands)

    def _play_here(self) -> None:
        """Take the table back from the other tab, with the latest position saved there; or
        with this tab's own game, if it has a move the save lacks and nothing was saved since
        this tab last saved (else the person is told that move was not kept)."""
        assert self.hold is not None
        mine = self.table.save()
        self.hold.take()
        if self._unsaved_here and self.slots.text(self.slot) == self.hold.known:
            self.hold.loaded()
            self.page.el("elsewhere-dialog").close()
            self._play(restored(mine))  # (saved at once: the save is still the one this tab knew)
            return
        if self._unsaved_here:
            self.show_notice(MOVE_NOT_KEPT)
        game, damaged, _settings = saved_game(self.slots, self.slot)
        self.hold.loaded()
        self.page.el("elsewhere-dialog").close()
        self._play(game if game is not None else new_game(self.table.settings, new_seed()))
        if self.keeper is not None:
            self.keeper.loaded(self.table if game is not None else None, self.table.progress())
        if damaged:
            self.notice.add(damaged)

    def _keep(self, text: str) -> None:
        """Keep ``text`` (the game's record) in this table's slot (:mod:`web.storage.keeper`);
        step aside if another tab holds the table."""
        if self.keeper is not None and not self.keeper.keep(text, self.table, self.table.progress()):
            self._step_aside()
