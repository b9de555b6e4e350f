"""The DOM panels around the canvas: score, status, move buttons, dialogs, and the
accessible twin of the canvas (the person's tiles and the lit ends as real buttons).

Everything here reads the controller and writes the page; rules come from the engine.
The document is passed in, so this module imports nothing from the browser itself.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

from engine import Draw, MatchScoring, Pass, get_variant
from engine.catalogue import get_game
from engine.words import agree, sentence
from web.fair_deal import ended_words, in_play_words, verified_words
from web.line.controller import Controller, Settings
from web.line.match_end import MatchEnd, match_end
from web.spoken import log_entry
from web.tile_svg import tile_svg

__all__ = ["Page", "score_text", "sheet_header", "sheet_rows", "side_label", "source_title"]

Handler = Callable[[Any], None]

_LOG_LINES = 200
"""The move log keeps this many lines (the newest)."""


class Page:
    """Element lookups and updates for the table page (ids are fixed in ``index.html``)."""

    def __init__(self, document: Any, proxy: Callable[[Handler], Any]) -> None:
        """``proxy`` wraps a Python callable so the browser may keep calling it."""
        self.document = document
        self._proxy = proxy
        self._handlers: list[Any] = []
        self._elements: dict[str, Any] = {}
        self._twin_shown: tuple[object, ...] | None = None
        self.summary_dismissed = False
        """Whether the person closed this hand's summary to look at the board."""
        self._logged_for: Controller | None = None
        self._logged = self._laid = 0
        self._phase_logged = ""
        self._said_twice = False
        self.keyboard_in_use = False
        """Whether the person's last input was a key (not a pointer): see :meth:`close_hand_over`."""

    def el(self, element_id: str) -> Any:
        """The element with this id, looked up once (the page's elements are never replaced,
        and each lookup is a call into the browser)."""
        element = self._elements.get(element_id)
        if element is None:
            element = self.document.getElementById(element_id)
            if element:  # (a missing one is JavaScript's null: pyodide's jsnull, falsy, not None)
                self._elements[element_id] = element
        return element

    def on(self, element: Any, event: str, handler: Handler) -> None:
        """Listen for ``event`` on ``element`` for the page's lifetime."""
        wrapped = self._proxy(handler)
        self._handlers.append(wrapped)
        element.addEventListener(event, wrapped)

    # --- every redraw --------------------------------------------------------------

    def update(self, controller: Controller) -> None:
        """Bring every panel up to date with the controller."""
        view = controller.view()
        variant = get_variant(controller.settings.variant)
        self.show_bar(
            f"{variant.name} · hand {controller.match.hand_number}",
            score_text(controller),
            controller.last_announcement,
            self._turn_text(controller),
        )
        self.el("draw-btn").disabled = not controller.can(Draw())
        self.el("pass-btn").disabled = not controller.can(Pass())
        over = controller.phase in ("hand-over", "match-over")
        self.el("draw-btn").hidden = view.rules.draw.value == "none" or over
        self.el("pass-btn").hidden = over  # (the footer's room goes to Hand summary)
        self.el("hint-btn").hidden = over
        self.el("hint-btn").disabled = controller.phase != "human" or controller.hint is not None
        self._update_undo(controller)
        in_play = controller.phase in ("human", "bot")
        for button_id in ("call-btn", "muggins-btn"):
            self.el(button_id).hidden = not controller.manual_scoring
            self.el(button_id).disabled = not in_play
        self._update_lead_choices(controller)
        self._update_twin(controller)
        self.log_moves(controller)
        self._update_pass_screen(controller)
        self.show_phase(controller.phase)

    def show_bar(self, name: str, score: str, status: str, turn: str) -> None:
        """The top bar: the game's ``name`` (with the hand), the ``score``, the ``status`` (the
        latest thing said) and whose ``turn`` it is."""
        self.el("variant-name").textContent = name
        self.show_score(score)
        self.show_status(status)
        self.el("turn").textContent = turn

    def show_score(self, text: str) -> None:
        """The score in the top bar (also while it counts up)."""
        self.el("score").textContent = text

    def show_status(self, text: str) -> None:
        """The status line under the top bar: the latest thing said, or why something cannot be done."""
        self.el("status").textContent = text

    def show_phase(self, phase: str) -> None:
        """``body[data-phase]``: the phase of the game at the table (styles and tests read it)."""
        self.document.body.dataset.phase = phase

    def _update_pass_screen(self, controller: Controller) -> None:
        """Put up the screen that hides every hand while the device goes to the next person
        (pass and play), or take it down."""
        calling = controller.can_claim(False)
        call = f"{controller.names[controller.human_seat]}: call your score first" if calling else None
        turn = controller.match.turn
        missed = controller.missed_by(turn) if controller.pass_to else []
        self.show_pass_screen(controller.pass_to, call, missed, controller.missed_heading(turn))

    def show_pass_screen(
        self, name: str, call: str | None = None, missed: list[str] | None = None, heading: str = ""
    ) -> None:
        """Put up the screen that hides every hand while the device goes to ``name`` (pass
        and play), or take it down (``name`` empty); ``call``: the text of a button that lets
        the person who just played call their score first (none if ``None``); ``missed``:
        what happened at the table since ``name`` last moved (public: every hand stays hidden),
        under ``heading``."""
        dialog = self.el("pass-dialog")
        if not name:
            if dialog.open:
                dialog.close()
            return
        self.el("pass-title").textContent = f"Pass to {name}"
        self.el("pass-why").textContent = f"Every hand is hidden. {name}: take the device and tap when ready."
        self.el("pass-ready-btn").textContent = f"I am {name}: show my tiles"
        items = []
        for text in missed or []:
            item = self.document.createElement("li")
            item.textContent = text
            items.append(item)
        self.el("pass-missed").replaceChildren(*items)
        self.el("pass-since-title").textContent = heading
        self.el("pass-since").hidden = not items
        button = self.el("pass-call-btn")
        button.hidden = call is None
        if call is not None:
            button.textContent = call
        if not dialog.open:
            dialog.showModal()
            self.el("pass-ready-btn").focus()

    def _update_undo(self, controller: Controller) -> None:
        """Undo stays focusable when it cannot be used, so a tap on it can say why."""
        reason = controller.undo_reason()
        button = self.el("undo-btn")
        button.setAttribute("aria-disabled", "true" if reason else "false")
        button.title = reason or "Take back your last move (Ctrl+Z)"
        button.hidden = controller.pass_and_play  # never: a move taken back would show it to all
        self.el("hand-undo-btn").hidden = bool(reason)

    def mark(self, name: str) -> None:
        """Mark this moment in the browser's performance timeline as ``dominoes:<name>``."""
        self.document.defaultView.performance.mark(f"dominoes:{name}")

    def measure(self, name: str, since: str) -> None:
        """Time from the mark ``since`` to now as the measure ``dominoes:<name>``.

        Benchmarks read the measures with a ``PerformanceObserver``, which gets each one as
        it is made, so the timeline forgets it (and the mark) at once: a long evening of
        play does not pile up entries.
        """
        performance = self.document.defaultView.performance
        performance.measure(f"dominoes:{name}", f"dominoes:{since}")
        performance.clearMeasures(f"dominoes:{name}")
        performance.clearMarks(f"dominoes:{since}")

    def show_thinking(self, thinking: bool) -> None:
        """Show (or stop showing) that a computer player, or the hint, is thinking."""
        self.document.body.dataset.thinking = "true" if thinking else "false"
        self.el("turn").classList.toggle("thinking", thinking)
        if thinking:
            self.el("hint-btn").disabled = True

    def _update_lead_choices(self, controller: Controller) -> None:
        """One button per seat the person may choose to lead (the winning side's choice)."""
        buttons = []
        for seat in controller.lead_choices():
            mine = seat == controller.human_seat and not controller.pass_and_play
            text = "I lead" if mine else f"{controller.names[seat]} leads"
            buttons.append(self._button(text, f"{text} this hand", False, f"lead:{seat}"))
        self.el("lead-choices").replaceChildren(*buttons)

    @staticmethod
    def _side_name(controller: Controller, side: int) -> str:
        rules = controller.match.rules
        return " & ".join(controller.names[seat] for seat in rules.seats_of(side))

    @staticmethod
    def _turn_text(controller: Controller) -> str:
        phase = controller.phase
        if phase == "human":
            view = controller.view()
            whose = f"{controller.names[view.seat]}, your" if controller.pass_and_play else "Your"
            if controller.lead_choices():
                return f"{whose} side won the last hand: choose who leads."
            if any(isinstance(a, Draw) for a in view.legal_actions):
                return f"{whose} turn: nothing fits — draw from the boneyard."
            if any(isinstance(a, Pass) for a in view.legal_actions):
                return f"{whose} turn: nothing fits — pass."
            return f"{whose} turn: tap a highlighted tile."
        if phase == "pass":
            return f"Pass the device to {controller.pass_to}."
        if phase == "bot":
            return f"{controller.names[controller.match.turn]} is thinking…"
        if phase == "hand-over":
            return "Hand over."
        return "Match over."

    def _update_twin(self, controller: Controller) -> None:
        """Rebuild the keyboard/screen-reader buttons for the person's tiles and the lit ends.

        Each button carries its tile or end in ``data-move``; one delegated listener per
        group (see :meth:`twin_target`) handles them all.
        """
        playable = controller.playable_tiles() if controller.phase == "human" else frozenset()
        view = controller.view()
        tiles = tuple(
            (
                tile,
                "selected"
                if tile == controller.selected
                else "playable"
                if tile in playable
                else "cannot play",
                tile in playable,
            )
            for tile in controller.hand_shown()
        )
        ends = tuple(controller.ends_for_selected())
        shown = (tiles, ends, len(view.layout.placements))
        if shown == self._twin_shown:  # unchanged (a computer player's move): keep the buttons and focus
            return
        self._twin_shown = shown
        focused = self._twin_focus()
        # A tile that cannot be played stays focusable (aria-disabled), so a keyboard player
        # can reach and hear every tile they hold; pressing it says why it cannot go.
        buttons = [
            self._button(str(tile), f"{tile}, {state}", not can_play, str(tile), focusable=True)
            for tile, state, can_play in tiles
        ]
        self.el("a11y-hand").replaceChildren(*buttons)
        end_buttons = []
        layout = view.layout
        for end in ends:
            tip = layout.placements[end.placement].tile
            label = f"{_SIDE_WORDS[end.side.value]} side of {tip}, showing {layout.value(end)}"
            end_buttons.append(self._button(f"Play on the {label}", label, False, str(end)))
        self.el("a11y-ends").replaceChildren(*end_buttons)
        if focused is not None:
            self._refocus_twin(focused, [str(tile) for tile, _, _ in tiles], [str(end) for end in ends])

    def _twin_focus(self) -> tuple[str, int] | None:
        """Where focus is in the keyboard twin, if it is there: the focused button's move and
        its place in its group (``("", 0)`` for the hand group itself)."""
        active = self.document.activeElement
        hand, ends = self.el("a11y-hand"), self.el("a11y-ends")
        if not active or not (hand.contains(active) or ends.contains(active)):
            return None
        move = str(
            active.getAttribute("data-move") or ""
        )  # (the group itself has none: a missing dataset key raises)
        group = hand if hand.contains(active) else ends
        place = next((i for i, child in enumerate(group.children) if child.isSameNode(active)), 0)
        return move, place

    def _refocus_twin(self, focused: tuple[str, int], tiles: list[str], ends: list[str]) -> None:
        """Keep a keyboard player's place after the buttons were rebuilt: the same tile if
        it is still held; the first lit end when a tile was picked for one; else the tile
        now where theirs was (or the hand itself when it is empty)."""
        move, place = focused
        if ends and move not in ends:
            target = self.el("a11y-ends").children[0]
        elif move in tiles or move in ends:
            target = self.document.querySelector(f'.twin button[data-move="{move}"]')
        elif tiles:
            target = self.el("a11y-hand").children[min(place, len(tiles) - 1)]
        else:
            target = self.el("a11y-hand")
        target.focus()

    def focus_hand(self) -> None:
        """Put focus on the person's first tile (or their hand group): where a keyboard
        player's next move starts, after a dialog that held focus has closed."""
        hand = self.el("a11y-hand")
        first = hand.firstElementChild
        (first or hand).focus()

    def _button(self, text: str, label: str, disabled: bool, move: str, focusable: bool = False) -> Any:
        """A twin or lead button carrying ``move``; ``disabled`` ones stay focusable if ``focusable``."""
        button = self.document.createElement("button")
        button.type = "button"
        button.textContent = text
        button.setAttribute("aria-label", label)
        if focusable:
            button.setAttribute("aria-disabled", "true" if disabled else "false")
        else:
            button.disabled = disabled
        button.dataset.move = move
        return button

    # --- the move log and the read commands -------------------------------------------

    def log_moves(self, controller: Controller) -> None:
        """Add what was said since the last update to the move log (a live region: screen
        readers read each line as it comes), with the open ends after a tile laid, the turn
        when it comes to the person, and the score when a hand ends."""
        if controller is not self._logged_for:
            self._logged_for, self._logged, self._laid, self._phase_logged = controller, 0, 0, ""
        view = controller.view()
        new = controller.said - self._logged
        lines = controller.announcements[-new:] if new > 0 else []
        laid = len(view.layout.placements)
        if lines:
            lines[-1] = log_entry(lines[-1], view, laid > self._laid)
        if controller.phase == "human" and self._phase_logged != "human":  # the turn comes to them
            lines.append(self._turn_text(controller))
        over = controller.phase in ("hand-over", "match-over")
        if over and self._phase_logged != controller.phase:  # (the result itself was said)
            lines.append(f"Score: {score_text(controller)}.")
        self._phase_logged = controller.phase
        self._logged, self._laid = controller.said, laid
        self.add_to_log(lines)

    def add_to_log(self, lines: list[str], keep: int = _LOG_LINES) -> None:
        """Add ``lines`` to the move log, keeping the newest ``keep`` lines."""
        log = self.el("move-log")
        for line in lines:
            item = self.document.createElement("p")
            item.textContent = line
            log.appendChild(item)
        while log.childElementCount > keep:
            log.firstElementChild.remove()

    def last_moves(self) -> list[str]:
        """The move log's lines, oldest first."""
        return [str(item.textContent) for item in self.el("move-log").children]

    def say(self, text: str) -> None:
        """Read ``text`` out once (a read command's answer), in its own polite live region."""
        readout = self.el("readout")
        # The same words twice in a row are not read again: make each answer differ.
        self._said_twice = not self._said_twice
        readout.textContent = text + ("\u00a0" if self._said_twice else "")

    @staticmethod
    def twin_target(event: Any) -> str | None:
        """The ``data-move`` of the accessible-twin button an event came from, if any."""
        button = event.target.closest("button")
        return button.dataset.move if button else None  # (no button: jsnull, falsy)

    # --- the end of a hand -----------------------------------------------------------

    def show_hand_over(self, controller: Controller) -> None:
        """Fill and open the end-of-hand dialog: every hand revealed, pips, winner, points, why."""
        match = controller.match
        result = match.hand.result
        assert result is not None
        names = controller.names
        if result.winner_side is None:
            title = "Tied hand" if match.rules.match_scoring in _REPLAYED else "No count"
        else:
            winner = self._side_name(controller, result.winner_side)
            title = f"{winner} {agree(winner, 'wins')} the hand"
        ended = None
        if match.result is not None:
            sides = tuple(side_label(controller, side) for side in range(len(match.scores)))
            ended = match_end(controller, self._side_name(controller, match.result.winner_side), sides)
        if ended is not None:
            title = ended.headline
        self.el("hand-title").textContent = title
        self._show_match_end(ended)
        why = result.describe(names, controller.hand_award())
        self.el("hand-why").textContent = sentence(why)
        rows = []  # one innerHTML: a node at a time is a call into the browser for each
        for seat, held in enumerate(result.hands):
            named = escape(" ".join(str(t) for t in held) or "—")
            if held:  # the tiles drawn, their names kept for screen readers (and copying)
                svgs = "".join(tile_svg(tile) for tile in held)
                named = f'<span class="sr-only">{named}</span><span class="tiles-left">{svgs}</span>'
            rows.append(
                f"<tr><td>{escape(names[seat])}</td><td>{named}</td><td>{result.pips[seat]}</td></tr>"
            )
        self.el("hand-rows").innerHTML = "".join(rows)
        if match.result is not None:
            final = f"Final score: {score_text(controller)}."
            if match.rules.match_scoring not in _REPLAYED:
                champion = self._side_name(controller, match.result.winner_side)
                final += f" {champion} {agree(champion, 'is')} credited with {match.result.credited} points."
            self.el("hand-total").textContent = final
        else:
            self.el("hand-total").textContent = f"Score: {score_text(controller)}."
        note = match.sheet[-1].note if match.sheet else ""
        if note:
            self.el("hand-total").textContent += f" {note[0].upper()}{note[1:]}."
        self.el("hand-sheet").replaceChildren(self.sheet_table(controller))
        deal_said = ended_words(match)
        self.el("hand-deal").hidden = not deal_said
        self.el("hand-deal-said").textContent = deal_said
        self.el("verify-deal-btn").hidden = not deal_said
        self.el("next-hand-btn").hidden = match.result is not None
        self.el("new-match-btn").hidden = match.result is None
        self.el("rematch-btn").hidden = match.result is None
        self.el("summary-btn").hidden = False
        if not self.summary_dismissed:
            self.open_summary(controller)

    def _show_match_end(self, ended: MatchEnd | None) -> None:
        """The end of a match's own moment at the top of the summary: by how much, every
        side's final score, and (when the person or the table won) a short celebration."""
        moment = self.el("match-moment")
        dialog = self.el("hand-dialog")
        moment.hidden = ended is None
        dialog.classList.toggle("match-over", ended is not None)
        if ended is None:
            return
        self.el("match-margin").textContent = ended.margin
        items = []
        for line in ended.standings:
            item = self.document.createElement("li")
            item.textContent = line
            items.append(item)
        self.el("match-standings").replaceChildren(*items)
        moment.dataset.cheer = "true" if ended.cheer else "false"

    def open_summary(self, controller: Controller) -> None:
        """Open the filled end-of-hand dialog, its title in view and its main button focused."""
        self.summary_dismissed = False
        dialog = self.el("hand-dialog")
        if not dialog.open:
            dialog.show()
            primary = self.el("rematch-btn" if controller.match.result is not None else "next-hand-btn")
            # The buttons stay in view at the bottom: focus without scrolling, title and result first.
            primary.focus(self.document.defaultView.JSON.parse('{"preventScroll": true}'))
            dialog.scrollTop = 0

    def dismiss_summary(self) -> None:
        """Close the end-of-hand dialog to look at the final board (the footer's Summary reopens it)."""
        self.summary_dismissed = True
        dialog = self.el("hand-dialog")
        if dialog.open:
            dialog.close()
        self.el("summary-btn").focus()

    def close_hand_over(self) -> None:
        """Close the end-of-hand dialog if it is open (a new hand began); a keyboard player's
        focus that was in it goes to the new hand's tiles rather than falling to the page."""
        self.summary_dismissed = False
        self.el("summary-btn").hidden = True
        dialog = self.el("hand-dialog")
        if dialog.open:
            active = self.document.activeElement
            # Only a keyboard player's focus follows to the tiles: focus there opens the
            # keyboard bar over the board, which a tap or a click on Next hand does not want.
            keyboard = self.keyboard_in_use and bool(active) and dialog.contains(active)
            dialog.close()
            if keyboard:
                self.focus_hand()

    # --- the rules panel ---------------------------------------------------------------

    def open_rules(self, settings: Settings) -> None:
        """Show the chosen variant's rules in full, the options in play, and the source."""
        variant = get_game(settings.variant)
        self.el("rules-title").textContent = variant.name
        items = []
        for paragraph in (*variant.rules_text, *variant.describe_options(dict(settings.options))):
            item = self.document.createElement("li")
            item.textContent = paragraph
            items.append(item)
        self.el("rules-list").replaceChildren(*items)
        self.el("rules-source").textContent = f"Source: {source_title(variant.source)}"
        self.el("rules-dialog").showModal()

    # --- the score sheet ---------------------------------------------------------------

    def open_sheet(self, controller: Controller) -> None:
        """Open the score sheet: each hand's points and the running totals, side by side."""
        self.el("sheet-title").textContent = f"Score sheet · {score_text(controller)}"
        self.el("sheet-body").replaceChildren(self.sheet_table(controller))
        self.el("sheet-deal").textContent = in_play_words(controller.match)
        self.el("sheet-dialog").showModal()

    def show_deal_verified(self, controller: Controller) -> None:
        """Verify the finished hand's deal and say what the check found, in place of the button."""
        self.el("hand-deal-said").textContent = verified_words(controller.match)
        self.el("verify-deal-btn").hidden = True

    def sheet_table(self, controller: Controller) -> Any:
        """The score sheet as a table: per side, the points of each hand won and the running total.

        Partnership games head the two sides We and They, as in Scarne's sample sheet.
        """
        table = self.document.createElement("table")
        rows = [sheet_header(controller), *sheet_rows(controller)]
        for index, cells in enumerate(rows):
            row = self.document.createElement("tr")
            for column, cell_text in enumerate(cells):
                cell = self.document.createElement("th" if index == 0 else "td")
                if index == 0 and column == len(cells) - 1:  # the notes' head: for screen readers
                    hidden = self.document.createElement("span")
                    hidden.className = "sr-only"
                    hidden.textContent = cell_text
                    cell.appendChild(hidden)
                else:
                    cell.textContent = cell_text
                if index and cell_text and not cell_text.lstrip("-").isdigit():
                    cell.className = "note"
                row.appendChild(cell)
            table.appendChild(row)
        return table


_REPLAYED = (MatchScoring.SIX_LOVE, MatchScoring.FIRST_TO_SIX)
_SIDE_WORDS = {"E": "east", "W": "west", "N": "north", "S": "south"}


def source_title(source: str) -> str:
    """A rule set's source as a player reads it: the work's title, not the file it is kept in
    ("Scarne: Standard Two-Hand Draw Domino Game" for "000_….txt (Scarne: …)")."""
    opened, closed = source.find("("), source.rfind(")")
    return source[opened + 1 : closed] if 0 <= opened < closed else source


def side_label(controller: Controller, side: int) -> str:
    """We/They for partnerships (the person's side is We; when people share the device,
    since "we" changes hands with it, the names of the people on the side, or "Computers"),
    else the player's name."""
    rules = controller.match.rules
    if rules.partnerships and controller.pass_and_play:
        people = [controller.names[seat] for seat in rules.seats_of(side) if seat in controller.human_seats]
        return " & ".join(people) or "Computers"
    if rules.partnerships:
        return "We" if side == rules.side_of(controller.human_seat) else "They"
    return controller.names[side]


def score_text(controller: Controller, scores: tuple[int, ...] | None = None) -> str:
    """The match score in the form the variant is scored in (``scores`` in place of the
    match's own, while they count up to it)."""
    match = controller.match
    rules = match.rules
    shown = match.scores if scores is None else scores
    parts = [f"{side_label(controller, side)} {score}" for side, score in enumerate(shown)]
    if rules.match_scoring is MatchScoring.SIX_LOVE:
        extra = "six-love wins"
        if match.playoff:
            extra = "play-off hand"
        elif match.worth > 1:
            extra = f"this hand is worth {match.worth}"
        return " - ".join(parts) + f" · {extra}"
    if rules.match_scoring is MatchScoring.FIRST_TO_SIX:
        return " · ".join(parts) + " · first to 6"
    return " · ".join(parts) + f" · to {rules.target}"


NOTES_HEAD = "Notes"
"""The head of the sheet's last column (what a hand's line says besides its points): read out
by screen readers, not shown."""


def sheet_header(controller: Controller) -> list[str]:
    """The sheet's column heads: the hand's number, a hand column and a total column per side,
    then notes (:data:`NOTES_HEAD`)."""
    heads = ["Hand"]
    for side in range(controller.match.rules.sides):
        label = side_label(controller, side)
        heads += [f"{label}: hand", f"{label}: total"]
    return [*heads, NOTES_HEAD]


def sheet_rows(controller: Controller) -> list[list[str]]:
    """One row per hand played: its number, each side's points that hand (0 written) and its
    running total."""
    rows = []
    for number, line in enumerate(controller.match.sheet, start=1):
        cells = [str(number)]
        for gained, total in zip(line.gained, line.totals, strict=True):
            cells += [str(gained), str(total)]
        rows.append([*cells, line.note])
    if not rows:
        rows.append(["" for _ in sheet_header(controller)[:-1]] + ["No hand finished yet."])
    return rows
