"""The New game dialog: a card per rule set, then the chosen one's players, target, options
and who plays each other seat, with **Start** in a footer that stays in view.

Each choice says what it does with the value chosen (an option's sentence for that value,
a computer level's way of playing), and the footer sums up what Start will start. Nothing
here knows a rule: the choices, their combinations and their sentences come from the
engine's catalogue.
"""

from __future__ import annotations

from typing import Any

from engine import EngineError
from engine.catalogue import GAMES, GROUPS, get_game
from engine.game import Game
from engine.words import and_list
from web.page import Page
from web.seats import seat_names
from web.settings import HUMAN, Settings, default_level, seat_levels

__all__ = ["NewGameDialog", "level_words", "players_words"]


def players_words(counts: tuple[int, ...]) -> str:
    """How many play a rule set, as its card says it: "4 players", "2 to 5 players", "2 or 4 players"."""
    if len(counts) == 1:
        return f"{counts[0]} players"
    if list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]} players"
    return f"{and_list(counts, 'or')} players"


def level_words(description: str) -> tuple[str, str]:
    """A seat level's name for its menu and, apart, how it plays: "Easy: plays its heaviest
    playable tile" gives ("Easy", "Plays its heaviest playable tile.")."""
    name, _, how = description.partition(": ")
    return name, (how[:1].upper() + how[1:] + ".") if how else ""


class NewGameDialog:
    """The dialog's fields (ids fixed in ``index.html``), filled from the catalogue."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.document = page.document
        self._options_of: Game | None = None
        """The rule set whose options the dialog shows."""

    def wire(self) -> None:
        """Listen to the dialog's own fields (the app listens to its submit)."""
        on, el = self.page.on, self.page.el
        on(el("ng-variants"), "change", lambda _e: self.refresh())
        on(el("ng-players"), "change", lambda _e: self.refresh_options())
        on(el("ng-target"), "change", lambda _e: self._sum_up())
        on(el("ng-options"), "change", lambda event: self.refresh_options(focus=event.target))
        on(el("ng-levels"), "change", lambda _e: self._explain_levels())

    def open(self, current: Settings) -> None:
        """Open the dialog preset to ``current``: the rule sets grouped for newcomers (block,
        draw, Caribbean, scoring, dice), each a card with its one-line description and how
        many play it, the chosen one in view and focused."""
        cards = []
        for group in GROUPS:
            heading = self.document.createElement("h3")
            heading.textContent = group
            cards.append(heading)
            for game in GAMES.values():
                if game.group == group:
                    cards.append(self._card(game, game.id == current.variant))
        self.page.el("ng-variants").replaceChildren(*cards)
        self.refresh(current)
        self.page.el("new-game-dialog").showModal()
        chosen = self._checked()
        chosen.parentElement.scrollIntoView(self.document.defaultView.JSON.parse('{"block": "nearest"}'))
        chosen.focus()

    def _card(self, game: Game, chosen: bool) -> Any:
        """One rule set: a radio button labelled with its name, how many play and its summary."""
        card = self.document.createElement("label")
        card.className = "rule-set"
        radio = self.document.createElement("input")
        radio.type = "radio"
        radio.name = "variant"
        radio.value = game.id
        radio.checked = chosen
        head = self._span("rule-set-head", "")
        head.append(
            self._span("rule-set-name", game.name),
            self._span("rule-set-players", players_words(game.player_counts)),
        )
        card.append(radio, head, self._span("rule-set-summary", game.summary))
        return card

    def _span(self, class_name: str, text: str) -> Any:
        span = self.document.createElement("span")
        span.className = class_name
        span.textContent = text
        return span

    def _checked(self) -> Any:
        """The picker's checked radio button (its card is its parent)."""
        return self.document.querySelector('#ng-variants input[name="variant"]:checked')

    def chosen_game(self) -> Game:
        """The rule set picked."""
        return get_game(str(self._checked().value))

    def refresh(self, current: Settings | None = None) -> None:
        """Rebuild the players, target, options and seats for the rule set picked, keeping
        the player count already chosen where the rule set offers it."""
        game = self.chosen_game()
        same = current is not None and current.variant == game.id
        players = current.players if current is not None and same else None
        players_select = self.page.el("ng-players")
        if players is None and players_select.value:
            players = int(players_select.value)
        if players not in game.player_counts:
            players = game.default_players
        players_select.replaceChildren(
            *[self._option(str(n), f"{n} players", n == players) for n in game.player_counts]
        )
        self.refresh_options(dict(current.options) if current is not None and same else None, current)

    def refresh_options(
        self, chosen: dict[str, str] | None = None, current: Settings | None = None, focus: Any = None
    ) -> None:
        """The rule set's options for the chosen player count, each with the sentence for its
        value; values that cannot be combined with the others are disabled. ``focus``: the
        option field just changed, focused again once rebuilt (for a keyboard player)."""
        game = self.chosen_game()
        players = int(self.page.el("ng-players").value)
        if chosen is None:
            chosen = self._chosen_options()
            before = self._options_of
            if (
                before is not None and before.id != game.id
            ):  # (another rule set: keep what was chosen, not defaults)
                chosen = {key: value for key, value in chosen.items() if not _is_default(before, key, value)}
        self._options_of = game
        options = {option.id: chosen.get(option.id, option.default) for option in game.options_for(players)}
        fields = []
        for option in game.options_for(players):
            select = self.document.createElement("select")
            select.id = f"ng-option-{option.id}"
            select.name = f"option-{option.id}"
            select.className = "ng-option"
            select.dataset.option = option.id
            for value, text in option.choices:
                element = self._option(value, text, value == options[option.id])
                element.disabled = not _combinable(game, players, {**options, option.id: value})
                select.appendChild(element)
            fields.append(self._field(select, option.label, option.explain(options[option.id])))
        self.page.el("ng-options").replaceChildren(*fields)
        self.page.el("ng-options-set").hidden = not fields
        self._refresh_target(game, options, current)
        self.refresh_levels(current)
        focused = str(focus.id or "") if focus is not None else ""
        again = self.document.getElementById(focused) if focused else None
        if again:
            again.focus()

    def _field(self, select: Any, label_text: str, explained: str) -> Any:
        """A labelled menu with, under it, what its value does (read with it by screen readers)."""
        field = self.document.createElement("div")
        field.className = "field"
        label = self.document.createElement("label")
        label.htmlFor = select.id
        label.textContent = label_text
        hint = self.document.createElement("p")
        hint.className = "hint"
        hint.id = f"{select.id}-says"
        hint.textContent = explained
        hint.hidden = not explained
        select.setAttribute("aria-describedby", hint.id)
        field.append(label, select, hint)
        return field

    def _refresh_target(self, game: Game, options: dict[str, str], current: Settings | None) -> None:
        targets, default_target = game.targets_for(options)
        previous = self.page.el("ng-target").value
        target = current.target if current is not None and current.variant == game.id else None
        if target not in targets:
            target = int(previous) if previous.isdigit() and int(previous) in targets else default_target
        unit = "hands" if options.get("scoring") == "one-point" else "points"
        self.page.el("ng-target").replaceChildren(
            *[self._option(str(t), f"{t} {unit}", t == target) for t in targets]
        )
        self.page.el("ng-target-label").hidden = len(targets) == 1

    def _chosen_options(self) -> dict[str, str]:
        return {
            select.dataset.option: select.value for select in self.document.querySelectorAll(".ng-option")
        }

    def refresh_levels(self, current: Settings | None = None) -> None:
        """Who plays each other seat, for the chosen player count: a computer level, or
        another person sharing the device. A seat keeps the level already chosen for it."""
        players = int(self.page.el("ng-players").value)
        names = seat_names(players)
        game = self.chosen_game()
        levels = seat_levels(game.id)
        shown = [str(select.value) for select in self.document.querySelectorAll(".ng-level")]
        fields = []
        for seat in range(1, players):
            if current is not None and len(current.levels) == players - 1:
                level = current.levels[seat - 1]
            else:
                level = shown[seat - 1] if seat <= len(shown) else ""
            if level not in levels:
                level = default_level(game.id)
            select = self.document.createElement("select")
            select.id = f"ng-level-{seat}"
            select.name = f"level-{seat}"
            select.className = "ng-level"
            for level_id, description in levels.items():
                select.appendChild(self._option(level_id, level_words(description)[0], level_id == level))
            fields.append(self._field(select, names[seat], level_words(levels[level])[1]))
        self.page.el("ng-levels").replaceChildren(*fields)
        self._sum_up()

    def _explain_levels(self) -> None:
        """A seat's level changed: say how the level now chosen plays."""
        levels = seat_levels(self.chosen_game().id)
        for select in self.document.querySelectorAll(".ng-level"):
            hint = self.document.getElementById(f"{select.id}-says")
            how = level_words(levels.get(str(select.value), ""))[1]
            hint.textContent = how
            hint.hidden = not how
        self._sum_up()

    def _sum_up(self) -> None:
        """The footer's line: what Start will start ("Block Dominoes · 2 players · to 100 points")."""
        game = self.chosen_game()
        parts = [game.name, f"{self.page.el('ng-players').value} players"]
        if not self.page.el("ng-target-label").hidden:
            parts.append(f"to {self.page.el('ng-target').selectedOptions.item(0).textContent}")
        people = sum(1 for select in self.document.querySelectorAll(".ng-level") if select.value == HUMAN)
        if people:
            parts.append(f"{people + 1} people on this device")
        self.page.el("ng-chosen").textContent = " · ".join(parts)

    def settings(self) -> Settings:
        """The settings chosen (raises :class:`EngineError` for a combination not offered)."""
        levels = tuple(str(select.value) for select in self.document.querySelectorAll(".ng-level"))
        return Settings(
            self.chosen_game().id,
            int(self.page.el("ng-players").value),
            int(self.page.el("ng-target").value),
            levels,
            tuple(sorted(self._chosen_options().items())),
        )

    def _option(self, value: str, text: str, selected: bool) -> Any:
        option = self.document.createElement("option")
        option.value = value
        option.textContent = text
        option.selected = selected
        return option


def _combinable(game: Game, players: int, options: dict[str, str]) -> bool:
    """Whether ``game`` is offered for ``players`` with ``options`` (checked, not dealt: the
    dialog asks for every choice of every option)."""
    try:
        game.check_settings(players, None, options)
    except EngineError:
        return False
    return True


def _is_default(game: Game, option_id: str, value: str) -> bool:
    """Whether ``value`` is ``game``'s default for option ``option_id``: carried to another
    rule set with the same option, the value is that rule set's own default instead (Mexican
    Train's double-twelve set is not a choice made for Chicken Foot, whose set is double-nine)."""
    try:
        return game.option(option_id).default == value
    except EngineError:
        return False
