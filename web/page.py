"""The DOM panels around the canvas: score, status, move buttons, dialogs, and the
accessible twin of the canvas (the person's tiles and the lit ends as real buttons).

Everything here reads the controller and writes the page; rules come from the engine.
The document is passed in, so this module imports nothing from the browser itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import VARIANTS, Draw, Pass, get_variant
from engine.ai import BOT_LEVELS
from web.controller import Controller, Settings, seat_names

__all__ = ["Page"]

Handler = Callable[[Any], None]


class Page:
    """Element lookups and updates for the table page (ids are fixed in ``index.html``)."""

    def __init__(self, document: Any, proxy: Callable[[Handler], Any]) -> None:
        """``proxy`` wraps a Python callable so the browser may keep calling it."""
        self.document = document
        self._proxy = proxy
        self._handlers: list[Any] = []

    def el(self, element_id: str) -> Any:
        """The element with this id."""
        return self.document.getElementById(element_id)

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
        self.el("variant-name").textContent = f"{variant.name} · hand {controller.match.hand_number}"
        self.el("score").textContent = self._score_text(controller)
        self.el("status").textContent = controller.last_announcement
        self.el("turn").textContent = self._turn_text(controller)
        self.el("draw-btn").disabled = not controller.can(Draw())
        self.el("pass-btn").disabled = not controller.can(Pass())
        self.el("draw-btn").hidden = view.rules.draw.value == "none"
        self._update_twin(controller)
        self.document.body.dataset.phase = controller.phase

    def _score_text(self, controller: Controller) -> str:
        match = controller.match
        parts = [f"{self._side_name(controller, side)} {score}" for side, score in enumerate(match.scores)]
        return " · ".join(parts) + f" (to {match.rules.target})"

    @staticmethod
    def _side_name(controller: Controller, side: int) -> str:
        rules = controller.match.rules
        return " & ".join(controller.names[seat] for seat in rules.seats_of(side))

    @staticmethod
    def _turn_text(controller: Controller) -> str:
        phase = controller.phase
        if phase == "human":
            view = controller.view()
            if any(isinstance(a, Draw) for a in view.legal_actions):
                return "Your turn: nothing fits — draw from the boneyard."
            if any(isinstance(a, Pass) for a in view.legal_actions):
                return "Your turn: nothing fits — pass."
            return "Your turn: tap a highlighted tile."
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
        buttons = []
        for tile in controller.view().hand:
            state = (
                "selected"
                if tile == controller.selected
                else "playable"
                if tile in playable
                else "cannot play"
            )
            buttons.append(self._button(str(tile), f"{tile}, {state}", tile not in playable, str(tile)))
        self.el("a11y-hand").replaceChildren(*buttons)
        ends = []
        layout = controller.view().layout
        for end in controller.ends_for_selected():
            label = f"{'east' if end.side.value == 'E' else 'west'} end, showing {layout.value(end)}"
            ends.append(self._button(f"Play on the {label}", label, False, str(end)))
        self.el("a11y-ends").replaceChildren(*ends)

    def _button(self, text: str, label: str, disabled: bool, move: str) -> Any:
        button = self.document.createElement("button")
        button.type = "button"
        button.textContent = text
        button.setAttribute("aria-label", label)
        button.disabled = disabled
        button.dataset.move = move
        return button

    @staticmethod
    def twin_target(event: Any) -> str | None:
        """The ``data-move`` of the accessible-twin button an event came from, if any."""
        button = event.target.closest("button")
        return None if button is None else button.dataset.move

    # --- the end of a hand -----------------------------------------------------------

    def show_hand_over(self, controller: Controller) -> None:
        """Fill and open the end-of-hand dialog: every hand revealed, pips, winner, points, why."""
        match = controller.match
        result = match.hand.result
        assert result is not None
        names = controller.names
        if result.winner_side is None:
            title = "No count"
        else:
            winner = self._side_name(controller, result.winner_side)
            title = f"{winner} {'win' if winner == 'You' else 'wins'} the hand"
        if match.result is not None:
            champion = self._side_name(controller, match.result.winner_side)
            title = f"{champion} {'win' if champion == 'You' else 'wins'} the match!"
        self.el("hand-title").textContent = title
        self.el("hand-why").textContent = result.describe(names) + "."
        rows = []
        for seat, held in enumerate(result.hands):
            row = self.document.createElement("tr")
            for text in (names[seat], " ".join(str(t) for t in held) or "—", str(result.pips[seat])):
                cell = self.document.createElement("td")
                cell.textContent = text
                row.appendChild(cell)
            rows.append(row)
        self.el("hand-rows").replaceChildren(*rows)
        totals = ", ".join(
            f"{self._side_name(controller, side)} {score}" for side, score in enumerate(match.scores)
        )
        if match.result is not None:
            self.el(
                "hand-total"
            ).textContent = f"Final score: {totals}. Credited with {match.result.credited} points."
        else:
            self.el("hand-total").textContent = f"Score: {totals} (playing to {match.rules.target})."
        self.el("next-hand-btn").hidden = match.result is not None
        self.el("new-match-btn").hidden = match.result is None
        dialog = self.el("hand-dialog")
        if not dialog.open:
            dialog.show()

    def close_hand_over(self) -> None:
        """Close the end-of-hand dialog if it is open."""
        dialog = self.el("hand-dialog")
        if dialog.open:
            dialog.close()

    # --- the new-game dialog -----------------------------------------------------------

    def open_new_game(self, current: Settings) -> None:
        """Open the new-game dialog preset to ``current``."""
        variant_select = self.el("ng-variant")
        variant_select.replaceChildren(
            *[
                self._option(v.id, f"{v.name} — {v.summary}", v.id == current.variant)
                for v in VARIANTS.values()
            ]
        )
        self.refresh_new_game(current)
        self.el("new-game-dialog").showModal()

    def refresh_new_game(self, current: Settings | None = None) -> None:
        """Rebuild the player-count, target and AI-level fields for the chosen variant."""
        variant = get_variant(self.el("ng-variant").value)
        chosen_players = current.players if current and current.variant == variant.id else None
        players_select = self.el("ng-players")
        if chosen_players is None and players_select.value:
            chosen_players = int(players_select.value)
        if chosen_players not in variant.player_counts:
            chosen_players = variant.default_players
        players_select.replaceChildren(
            *[self._option(str(n), f"{n} players", n == chosen_players) for n in variant.player_counts]
        )
        target = current.target if current and current.variant == variant.id else variant.default_target
        self.el("ng-target").replaceChildren(
            *[self._option(str(t), f"{t} points", t == target) for t in variant.targets]
        )
        self.refresh_levels(current)

    def refresh_levels(self, current: Settings | None = None) -> None:
        """One AI-level choice per computer seat for the chosen player count."""
        players = int(self.el("ng-players").value)
        names = seat_names(players)
        fields = []
        for seat in range(1, players):
            level = current.levels[seat - 1] if current and len(current.levels) == players - 1 else "greedy"
            label = self.document.createElement("label")
            label.textContent = f"{names[seat]}: "
            select = self.document.createElement("select")
            select.name = f"level-{seat}"
            select.className = "ng-level"
            for name, description in BOT_LEVELS.items():
                select.appendChild(self._option(name, description, name == level))
            label.appendChild(select)
            fields.append(label)
        self.el("ng-levels").replaceChildren(*fields)

    def new_game_settings(self) -> Settings:
        """The settings chosen in the new-game dialog."""
        levels = tuple(select.value for select in self.document.querySelectorAll(".ng-level"))
        return Settings(
            self.el("ng-variant").value,
            int(self.el("ng-players").value),
            int(self.el("ng-target").value),
            levels,
        )

    def _option(self, value: str, text: str, selected: bool) -> Any:
        option = self.document.createElement("option")
        option.value = value
        option.textContent = text
        option.selected = selected
        return option

    # --- the rules panel ---------------------------------------------------------------

    def open_rules(self, variant_id: str) -> None:
        """Show the chosen variant's rules in full, with their source."""
        variant = get_variant(variant_id)
        self.el("rules-title").textContent = variant.name
        items = []
        for paragraph in variant.rules_text:
            item = self.document.createElement("li")
            item.textContent = paragraph
            items.append(item)
        self.el("rules-list").replaceChildren(*items)
        self.el("rules-source").textContent = f"Source: {variant.source}"
        self.el("rules-dialog").showModal()
