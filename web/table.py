"""What every kind of game's table does on the page, and what the app gives it.

The app (:mod:`web.app`) boots, stores, talks to a host page, opens the dialogs common to
every game and routes: the pointer on the canvas, the table's own buttons, the keys, each
animation frame and the Game dialog's questions all go to the :class:`Table` being
played, which answers for its kind of game. :class:`web.line.table.LineTable` plays the
line-of-play games and :class:`web.dice.table.DiceTable` Dice and Dominoes;
:mod:`web.table_kinds` says which table plays which game. A table gets the page and the
app's services in one :class:`Surroundings`.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from web.board import Board
from web.embedding.host_link import HostLink
from web.page import Page
from web.painter import SpriteBook
from web.replay.model import Stepping
from web.settings import Settings
from web.storage.history import History
from web.storage.ratings import Ratings
from web.storage.stats import Stats

if TYPE_CHECKING:
    from engine.line.ai.review import MatchReview
    from web.replay.view import ReplayView
    from web.review.book import ReviewBook

__all__ = ["MOTION_MS", "Surroundings", "Table"]


MOTION_MS = 280.0
"""How long a slide takes, in ms: quick enough never to hold up play, long enough to follow."""


@dataclass
class Surroundings:
    """The page and the app's services, as every table is given them."""

    page: Page
    window: Any
    board: Board
    """The canvas and its frames."""
    sprites: SpriteBook
    """The pictures the browser keeps for the page's canvases."""
    replays: Callable[[], ReplayView]
    """The replay viewer (and its review): made the first time it is asked for."""
    host: HostLink | None
    """The link to the page embedding the table (``None`` when it is not embedded)."""
    stats: Stats | None
    """The person's statistics (``None`` where none are kept)."""
    history: History | None
    """The person's matches, kept (``None`` where none are kept: an embedded table)."""
    ratings: Ratings | None
    """The person's rating in each family against the computer levels (``None`` where none is kept)."""
    today: Callable[[], datetime.date]
    """The person's calendar date (their device's clock and time zone)."""
    tell: Callable[[str], None]
    """Show the person a notice that stays until dismissed (beside any shown)."""
    slot_key: str
    """The key of this table's save slot (the statistics tell matches apart by it)."""
    ai_delay: float
    """How long, in seconds, a computer player waits before it moves."""
    keep: Callable[[str], None]
    """Store a game's record in this table's save slot."""
    open_replay: Callable[..., None]
    """Show a replay over the table: ``open_replay(replay, hand_index, move)``."""
    reduced_motion: Any
    """The ``prefers-reduced-motion: reduce`` media query."""
    started: bool = False
    """Whether the app has drawn its first frame (what was there then makes no sound)."""
    backup_reminder: Callable[[int], str] = lambda _matches: ""
    """The reminder to export a backup when one is due, the history keeping so many matches
    (``""``: none due)."""

    def moves_shown(self) -> bool:
        """Whether changes are shown in motion: not before the table is up, not when the
        person's system asks for reduced motion, and not when a link has the computer players
        move without their pause (``aidelay`` under a slide's length: there would be nothing
        to follow, and the slides would take the main thread from their search)."""
        return self.started and not self.reduced_motion.matches and self.ai_delay * 1000 >= MOTION_MS


class Table(Protocol):
    """One kind of game on the page: its events, its frames, its changes, its save and its
    test state. The app holds one at a time and never asks which kind it is."""

    game: ClassVar[str]
    """``body[data-game]`` while this table is played (the page's styles show its controls)."""
    skip_to: ClassVar[str]
    """Where the page's "skip to your tiles" link goes."""
    clicks: ClassVar[tuple[str, ...]]
    """The ids of the page's elements whose clicks go to :meth:`press`."""
    kept: ClassVar[bool]
    """Whether the game is kept in the table's save slot (a puzzle is not: the person's
    game stays there, to go back to)."""

    @property
    def settings(self) -> Settings:
        """The settings of the game at the table."""
        ...

    # --- events ----------------------------------------------------------------------------

    def pointer_down(self, event: Any) -> None:
        """A press on the canvas (``event.offsetX``, ``offsetY`` in CSS px)."""

    def pointer_move(self, event: Any) -> None:
        """The pointer moved over the canvas (or, captured, anywhere)."""

    def pointer_up(self, event: Any) -> None:
        """The pointer was let go."""

    def pointer_cancel(self, event: Any) -> None:
        """The browser took the pointer (a system gesture)."""

    def press(self, element_id: str, event: Any) -> None:
        """A click on one of the table's elements (:attr:`clicks`), or on the pass screen
        (``pass-dialog``) other than its rules and new-game buttons."""

    def command(self, command: str) -> None:
        """A keyboard command (:data:`web.keys.COMMAND_KEYS`) or a read button's
        (``read:<kind>``), other than the app's own (new game, rules, the Game dialog)."""

    def undo(self) -> None:
        """The person asks to take their last move back (Ctrl+Z, the undo buttons)."""

    # --- the picture ---------------------------------------------------------------------

    def prepare(self) -> None:
        """At boot, while the loading screen is up: run the slow first paths and draw the first frame."""

    def frame(self) -> None:
        """Draw an animation frame on the board (asking it for the next one if it wants it)."""

    def invalidate(self, resized: bool = False) -> None:
        """The picture is out of date (or the canvas may have ``resized``): redraw it next frame."""

    # --- changes ---------------------------------------------------------------------------

    def after_change(self) -> None:
        """The game changed: save it, bring the page up to date, redraw, let computer players move."""

    def close(self) -> None:
        """Another game takes the page: stop what runs in the background, close this game's dialogs."""

    # --- saves, records and replays --------------------------------------------------------

    def save(self) -> str:
        """The game as the save slot keeps it (a record)."""
        ...

    def progress(self) -> str:
        """How far the game has got, in the player's words (``"hand 2, move 14"``): what a
        notice says a reload brings back when storage is full."""
        ...

    def shared_record(self, date: str) -> str:
        """The game's record to show, copy or share (dated ``date`` unless it has a date)."""
        ...

    def position(self) -> tuple[str | None, str]:
        """This moment as a position the person may copy, or ``None``; and what to tell them."""
        ...

    def replay(self) -> Stepping | None:
        """A replay of the hands finished at the table (``None`` if none has)."""
        ...

    def under_way(self) -> bool:
        """Whether a game is under way here (opening another replaces it only once confirmed)."""
        ...

    def seat_in(self, replay: Stepping) -> int:
        """The person's seat in ``replay`` if it is the game at the table, else 0."""
        ...

    def count_review(self, book: ReviewBook, review: MatchReview) -> None:
        """A review finished: keep the person's accuracy if it was of their own game here."""

    def test_state(self) -> dict[str, Any]:
        """What end-to-end tests read about this game (the app adds what is common)."""
        ...
