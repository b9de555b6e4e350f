"""Every rule set played through the real page in headless Chromium.

One complete hand per variant (and per notable player count), a Jamaican six-love match,
an All Fives match to 100, the new-game dialog and rules panel, and manual scoring
(Call score / Muggins!).

House style (see ``test_play.py``): state comes from ``window.dominoesTest.state()``;
click positions come from the app's own scene, never from hard-coded pixels; the person's
moves go through the UI only (canvas taps, the keyboard twin, the page's buttons); the
recorder fails a test on any console error or any request leaving 127.0.0.1; tests wait
for conditions and never sleep.

Two things the page does not show in ``state()`` are worked out here with the engine:

* which tiles a variant deals (to check that the end-of-hand dialog shows every tile);
* with manual scoring, whether the person's play scored. A person has to count the open
  ends to know that; the test counts them by replaying the page's own saved record
  (``localStorage``) with the engine, exactly as the app restores a game after a reload.

Cross and spinner layouts: every laid tile is on the canvas and every legal end of a
picked-up tile is lit there (N/S arms included), so canvas players tap their ends.
What the tests did is counted in ``TALLY`` (printed at the end of the module with ``-s``).
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from engine import VARIANTS, Play, get_variant, make_rules
from engine.catalogue import GAMES
from engine.catalogue import GROUPS as CATALOGUE_GROUPS
from engine.line.notation import read_record
from engine.line.scoring import play_points
from tests.e2e.table import MOVE_TIMEOUT_MS, choose_rule_set, click_canvas, settle, state
from web.new_game_dialog import level_words, players_words
from web.page import source_title
from web.seats import seat_names
from web.settings import seat_levels

TALLY: Counter[str] = Counter()
"""What the tests did: moves through the canvas and the keyboard, taps under a dialog."""


def tally(what: str, count: int = 1) -> None:
    """Count ``what`` overall and for the running test."""
    test = os.environ.get("PYTEST_CURRENT_TEST", "?").split("::")[-1].split(" ")[0]
    TALLY[what] += count
    TALLY[f"{what} [{test}]"] += count


@pytest.fixture(scope="module", autouse=True)
def _print_tally() -> Iterator[None]:
    yield
    if TALLY:
        print(
            "\n[test_variants] tally:\n"
            + "\n".join(f"  {key}: {count}" for key, count in sorted(TALLY.items()))
        )


# --- reading the page ---------------------------------------------------------------------


def watch_texts(page: Page) -> None:
    """Record every text the status line shows from now on.

    The computer players move with no delay, so a status line can be replaced before the
    test reads it; a screen reader hears each one (``aria-live``), and so does this log.
    """
    page.evaluate(
        """() => {
            if (window.__seen) return;
            window.__seen = {status: []};
            for (const [id, key] of [['status', 'status']]) {
                new MutationObserver(records => {
                    for (const record of records)
                        for (const node of record.addedNodes)
                            if (node.textContent) window.__seen[key].push(node.textContent);
                }).observe(document.getElementById(id), {childList: true, subtree: true});
            }
        }"""
    )


def called_out(page: Page, words: str, seat: int | None = None) -> bool:
    """Wait until the canvas shows ``words`` on a call-out (at ``seat``'s place, if given),
    in the scene and among the boxes its last frame drew; True, or fail on the time-out."""
    page.wait_for_function(
        """([words, seat]) => {
            const scene = JSON.parse(window.dominoesTest.state()).scene;
            const says = text => text.split(' · ').includes(words);
            return scene.callouts.some(call => (seat === null || call.seat === seat) && says(call.text))
                && scene.boxes.some(box => box.kind === 'callout' && says(box.text));
        }""",
        arg=[words, seat],
    )
    return True


def seen(page: Page) -> dict[str, list[str]]:
    """The texts recorded by :func:`watch_texts`."""
    return page.evaluate("window.__seen")


def score_numbers(page: Page, sides: int) -> list[int]:
    """The scores the ``#score`` button shows, in seat/side order."""
    return [int(n) for n in re.findall(r"-?\d+", page.locator("#score").inner_text())[:sides]]


def saved_match(page: Page) -> Any:
    """The match as the page saved it (replayed with the engine): the person's own count."""
    text = page.evaluate("localStorage.getItem(JSON.parse(window.dominoesTest.state()).save_key)")
    assert text, "the page saved no game"
    return read_record(text)


def scoring_plays(page: Page) -> list[tuple[str, str | None, int]]:
    """The person's legal plays that score in play now and do not end the hand: (tile, end, points)."""
    match = saved_match(page)
    hand = match.hand
    if hand.turn != 0 or len(hand.hand_of(0)) < 2:
        return []
    found = []
    for action in hand.legal_actions():
        if isinstance(action, Play):
            points = play_points(match.rules.play_scoring, hand.layout.play(action.tile, action.end))
            if points:
                found.append((str(action.tile), None if action.end is None else str(action.end), points))
    return found


def pending_call(page: Page) -> int:
    """Points of the person's last play that are waiting to be called (0 if none)."""
    pending = saved_match(page).hand.pending
    return pending[1] if pending is not None and pending[0] == 0 else 0


# --- the person's moves ---------------------------------------------------------------------


@dataclass
class Person:
    """Seat 0, played through the UI: canvas taps (or the keyboard twin), and the buttons."""

    page: Page
    keyboard: bool = False
    call_scores: bool = False
    """With manual scoring: press Call score after every play that scored."""
    leads: list[int] = field(default_factory=list)
    calls: list[int] = field(default_factory=list)
    moves: Counter[str] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        watch_texts(self.page)

    def press(self, selector: str) -> None:
        """A keyboard user's press: focus the control, then Enter."""
        locator = self.page.locator(selector)
        locator.focus()
        locator.press("Enter")

    def use(self, selector: str) -> None:
        """Press a page button the way this person uses the page."""
        if self.keyboard:
            self.press(selector)
        else:
            self.page.click(selector)

    def turn(self, current: dict[str, Any], choice: tuple[str, str | None] | None = None) -> None:
        """Make one move: choose the leader, play (the heaviest tile unless ``choice``), draw or pass."""
        page = self.page
        assert current["phase"] == "human"
        if current["lead_choices"]:
            self.choose_lead(current)
            return
        playable = [tile for tile in current["scene"]["hand"] if tile["playable"]]
        assert sorted(t["tile"] for t in playable) == sorted(_playable_from_legal(current)), (
            "the highlighted tiles are the playable ones"
        )
        if choice is not None or playable:
            if choice is None:
                tile = max(playable, key=lambda t: sum(int(v) for v in t["tile"].split("-")))["tile"]
                choice = (tile, None)
            self.play(current, *choice)
        elif "draw" in current["legal"]:
            before = len(current["hand"])
            if self.keyboard:
                self.press("#draw-btn")
            else:
                boneyard = current["scene"]["boneyard"]
                assert boneyard["can_draw"], "the boneyard offers a draw when drawing is the move"
                click_canvas(page, boneyard["x"], boneyard["y"])
            self.moves["draw"] += 1
            assert len(state(page)["hand"]) == before + 1, "the drawn tile appears in the hand"
        else:
            assert current["legal"] == ["pass"], current["legal"]
            expect(page.locator("#pass-btn")).to_be_enabled()
            said = len(seen(page)["status"])
            self.use("#pass-btn")
            self.moves["pass"] += 1
            assert any(t.startswith("You pass") for t in seen(page)["status"][said:]), "the pass was taken"

    def choose_lead(self, current: dict[str, Any]) -> None:
        """The winning side chooses who leads: alternate between leading and letting the partner lead."""
        page = self.page
        choices = current["lead_choices"]
        expect(page.locator("#turn")).to_have_text("Your side won the last hand: choose who leads.")
        buttons = page.locator("#lead-choices button")
        expect(buttons).to_have_count(len(choices))
        names = seat_names(current["players"])
        for index, seat in enumerate(choices):
            expect(buttons.nth(index)).to_have_attribute("data-move", f"lead:{seat}")
            expect(buttons.nth(index)).to_have_text("I lead" if seat == 0 else f"{names[seat]} leads")
        seat = choices[len(self.leads) % len(choices)]
        self.use(f"#lead-choices button[data-move='lead:{seat}']")
        self.leads.append(seat)
        self.moves["lead"] += 1
        after = state(page)
        assert after["lead_choices"] == []
        expect(page.locator("#lead-choices button")).to_have_count(0)
        if seat == 0:
            assert after["phase"] == "human" and after["turn"] == 0, "I lead: my turn to open"
        else:
            assert after["layout_tiles"] > 0 or after["turn"] == seat, "the partner leads"

    def play(self, current: dict[str, Any], tile: str, end: str | None) -> None:
        """Play ``tile`` (on ``end``, else the first legal end) by tapping it, then a lit end if asked."""
        page = self.page
        ends = [action.split("@")[1] for action in current["legal"] if action.startswith(f"{tile}@")]
        if self.keyboard:
            self.press(f"#a11y-hand button[data-move='{tile}']")
        else:
            sprite = next(s for s in current["scene"]["hand"] if s["tile"] == tile)
            click_canvas(page, sprite["x"], sprite["y"])
        self.moves["keyboard play" if self.keyboard else "canvas play"] += 1
        lone_double = (
            current["layout_tiles"] == 1
        )  # (a tile fits two sides of a lone tile only if it is a double)
        if len(ends) > 1 and lone_double:
            self.moves["played at once on a lone double"] += 1  # its sides are alike: no question asked
        elif len(ends) > 1:
            picked = state(page)
            assert picked["selected"] == tile, f"{tile} fits {ends}: it is picked up, not played"
            twin = page.locator("#a11y-ends button")
            expect(twin).to_have_count(len(ends))
            assert sorted(twin.evaluate_all("bs => bs.map(b => b.dataset.move)")) == sorted(ends)
            lit = {target["end"]: target for target in picked["scene"]["targets"]}
            assert sorted(lit) == sorted(ends), f"the lit ends {sorted(lit)} are the legal ends {ends}"
            end = end or next((e for e in ends if e[-1] in "NS"), ends[0])  # try the arms first
            if end[-1] in "NS":
                self.moves["north/south end"] += 1
            if self.keyboard:
                self.press(f"#a11y-ends button[data-move='{end}']")
            else:
                click_canvas(page, lit[end]["x"], lit[end]["y"])
        after = state(page)
        assert after["selected"] is None
        assert tile not in after["hand"], f"{tile} was not played"
        if self.call_scores:
            self.call_if_scored(current)

    def call_if_scored(self, before: dict[str, Any]) -> None:
        """Manual scoring: count the ends (see :func:`pending_call`) and press Call score if they score."""
        points = pending_call(self.page)
        if not points:
            return
        expect(self.page.locator("#call-btn")).to_be_enabled()
        self.use("#call-btn")
        after = state(self.page)
        assert after["scores"][0] == before["scores"][0] + points, (
            f"calling {points} credits them at once (before {before['scores']}, after {after['scores']}; "
            f"status {after['announcement']!r})"
        )
        self.calls.append(points)


def _playable_from_legal(current: dict[str, Any]) -> set[str]:
    return {
        action.split("@")[0] for action in current["legal"] if re.fullmatch(r"\d+-\d+(@\d+[EWNS])?", action)
    }


def play_hand(page: Page, person: Person, max_moves: int = 500) -> dict[str, Any]:
    """Play until the hand (or the match) is over; returns the final state."""
    for _ in range(max_moves):
        current = settle(page)
        assert current["scene"]["line"] == current["layout_tiles"], "every laid tile is drawn"
        if current["phase"] in ("hand-over", "match-over"):
            return current
        person.turn(current)
    pytest.fail(f"the hand did not end within {max_moves} of the person's moves")


# --- the end of a hand --------------------------------------------------------------------


def tile_count(current: dict[str, Any]) -> int:
    """How many tiles the variant's set has (the engine's rules for this table)."""
    rules = make_rules(current["variant"], current["players"], None, current["options"])
    return len(rules.tiles)


def check_hand_over(page: Page, current: dict[str, Any], before: list[int]) -> list[list[str]]:
    """The end-of-hand dialog shows every seat's tiles and a reason; the score moved as the sheet says.

    ``before`` is the score when the hand began. Returns the dialog's rows (name, tiles, pips).
    """
    players = current["players"]
    dialog = page.locator("#hand-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#hand-rows tr")).to_have_count(players)
    rows = page.locator("#hand-rows tr").evaluate_all(
        "rows => rows.map(r => Array.from(r.cells, c => (c.querySelector('.sr-only') || c).textContent))"
    )
    names = seat_names(players)
    shown = 0
    for seat, cells in enumerate(rows):
        assert len(cells) == 3, cells
        name, tiles_text, pips = cells
        tiles = [] if tiles_text == "—" else tiles_text.split()
        assert name == names[seat]
        assert int(pips) == sum(int(v) for t in tiles for v in t.split("-")), f"{name}: {cells}"
        shown += len(tiles)
        drawn = page.locator("#hand-rows tr").nth(seat).locator(".tiles-left svg")
        expect(drawn).to_have_count(len(tiles))  # each tile drawn, not only named
    assert sorted(rows[0][1].split()) == sorted(current["hand"]) or (
        rows[0][1] == "—" and not current["hand"]
    )
    assert shown + current["layout_tiles"] + current["boneyard"] == tile_count(current), (
        f"every tile is accounted for: {shown} in hands, {current['layout_tiles']} laid, "
        f"{current['boneyard']} left"
    )
    expect(page.locator("#hand-why")).to_have_text(
        re.compile(r"^(.+ went out(; .+ | and )scores? \d+|Blocked: .+|.+ reached the target during play)\.$")
    )
    expect(page.locator("#hand-title")).to_have_text(
        re.compile(r"^(.+ wins? the hand|Tied hand|No count|.+ wins? the match!)$")
    )
    assert current["hands_played"] == len(current["sheet"]) == current["hand_number"]
    gained = current["sheet"][-1]
    scoring = make_rules(current["variant"], current["players"], None, current["options"]).match_scoring.value
    if scoring in ("target", "target-at-once"):
        assert current["scores"] == [b + g for b, g in zip(before, gained, strict=True)], (
            f"score {before} + this hand {gained} = {current['scores']}"
        )
    sides = len(current["scores"])
    page.wait_for_function("document.body.dataset.moving !== 'true'")  # the score has counted up
    assert score_numbers(page, sides) == current["scores"], page.locator("#score").inner_text()
    score_text = page.locator("#score").inner_text()
    expect(page.locator("#hand-total")).to_contain_text(score_text)
    expect(page.locator("#hand-sheet table tr")).to_have_count(1 + len(current["sheet"]))
    if current["phase"] == "match-over":
        expect(page.locator("#new-match-btn")).to_be_visible()
        expect(page.locator("#next-hand-btn")).to_be_hidden()
    else:
        expect(page.locator("#next-hand-btn")).to_be_visible()
        expect(page.locator("#new-match-btn")).to_be_hidden()
    return rows


def next_hand(page: Page, person: Person, current: dict[str, Any]) -> None:
    """Press Next hand and wait for the deal."""
    person.use("#next-hand-btn")
    page.wait_for_function(
        f"JSON.parse(window.dominoesTest.state()).hand_number === {current['hand_number'] + 1}",
        timeout=MOVE_TIMEOUT_MS,
    )
    expect(page.locator("#hand-dialog")).to_be_hidden()


# --- 1. one complete hand per variant ----------------------------------------------------


@dataclass(frozen=True)
class Case:
    variant: str
    players: int
    seed: int
    options: tuple[tuple[str, str], ...] = ()
    keyboard: bool = False
    aidelay: int = 0

    @property
    def id(self) -> str:
        extra = "".join(f"-{k}={v}" for k, v in self.options)
        return f"{self.variant}-{self.players}p{extra}{'-keyboard' if self.keyboard else ''}"

    @property
    def query(self) -> str:
        options = "".join(f"&{k}={v}" for k, v in self.options)
        return (
            f"?variant={self.variant}&players={self.players}&seed={self.seed}&level=greedy"
            f"&aidelay={self.aidelay}{options}"
        )


# Seeds chosen so that each hand is short and does something: a pass, a draw, a tile
# that fits two ends, an N/S end on a cross. Any seed must pass; these only keep it quick.
CASES = [
    Case("partnership-block", 4, 16),
    Case("block", 4, 18, keyboard=True),
    Case("pub-block", 4, 10),
    Case("pub-block", 2, 27),
    Case("draw-2", 2, 25),
    Case("draw-3", 3, 4),
    Case("draw", 4, 19, keyboard=True),
    Case("cross", 4, 15),
    Case("double-nine-cross", 4, 28),
    Case("jamaican-partner", 4, 27),
    Case("cut-throat", 3, 9),
    Case("cut-throat", 2, 34, keyboard=True),
    Case("cut-throat", 4, 27),
    Case("all-fives", 2, 6, (("spinner", "on"),)),
    Case("all-fives", 4, 9),
    Case("all-fives", 3, 5, (("draw", "one-per-turn"),)),
    Case("fives-and-threes", 2, 17),
    # Manual scoring: the person presses Call score after each scoring play, so the
    # computer players wait a second before moving (with no delay the next player
    # claims Muggins before any person could press the button).
    Case("fives-and-threes", 2, 10, (("manual-scoring", "on"),), aidelay=1000),
]


def test_every_variant_is_covered_by_a_hand() -> None:
    assert {case.variant for case in CASES} == set(VARIANTS)
    for variant in VARIANTS.values():
        assert any(c.variant == variant.id and c.players == variant.default_players for c in CASES), (
            variant.id
        )


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_a_complete_hand_of_every_variant_through_the_page(open_app: Callable[..., Any], case: Case) -> None:
    page = open_app(case.query).page
    first = state(page)
    assert (first["variant"], first["players"]) == (case.variant, case.players)
    assert dict(case.options).items() <= first["options"].items()
    manual = dict(case.options).get("manual-scoring") == "on"
    person = Person(page, keyboard=case.keyboard, call_scores=manual)
    if manual:
        expect(page.locator("#call-btn")).to_be_visible()
        expect(page.locator("#muggins-btn")).to_be_visible()
    else:
        expect(page.locator("#call-btn")).to_be_hidden()
    variant = get_variant(case.variant)
    rules = variant.rules(case.players, None, first["options"])
    if rules.draw.value == "none":
        expect(page.locator("#draw-btn")).to_be_hidden()
    else:
        expect(page.locator("#draw-btn")).to_be_visible()

    final = play_hand(page, person)

    assert final["phase"] in ("hand-over", "match-over")
    assert final["legal"] == []
    check_hand_over(page, final, [0] * len(final["scores"]))
    if rules.match_scoring.value in ("six-love", "first-to-six"):
        gained = final["sheet"][-1]
        assert final["scores"] == list(gained) and sum(gained) in (0, 1), "the first hand is worth one"
    if rules.spinner.value in ("cross", "every-double"):
        assert person.moves["north/south end"], "the person laid a tile on a lit N/S arm of the canvas"
    if manual:
        assert person.calls, "the person called at least one score"
        assert sum(person.calls) <= final["scores"][0]
    TALLY[f"person's moves ({'keyboard' if case.keyboard else 'canvas'})"] += sum(person.moves.values())


# --- 2. a Jamaican match to six-love ---------------------------------------------------------


def test_a_jamaican_partner_match_is_played_to_six_love(open_app: Callable[..., Any]) -> None:
    page = open_app("?variant=jamaican-partner&seed=65&level=greedy&aidelay=0").page
    person = Person(page)
    before = [0, 0]
    for _hand in range(60):
        current = play_hand(page, person)
        check_hand_over(page, current, before)
        gained = current["sheet"][-1]
        if sum(gained) == 0:
            expected = before
            expect(page.locator("#hand-total")).to_contain_text("Tie: the hand is replayed for")
        else:
            winner = 0 if gained[0] else 1
            if before[1 - winner] > 0:
                expected = [0, 0]
                expect(page.locator("#hand-total")).to_contain_text("The score returns to 0-0")
            else:
                expected = [before[0] + gained[0], before[1] + gained[1]]
        assert current["scores"] == expected, f"six-love: {before} then {gained} makes {expected}"
        expect(page.locator("#score")).to_have_text(re.compile(rf"^We {expected[0]} - They {expected[1]} · "))
        if current["phase"] == "match-over":
            break
        next_hand(page, person, current)
        before = current["scores"]
    final = state(page)
    assert final["phase"] == "match-over" and final["match_over"]
    assert sorted(final["scores"]) == [0, 6], final["scores"]
    winners = "You & North" if final["scores"][0] == 6 else "West & East"
    # The dialog names the winning side (its grammar is checked in test_the_hand_summary_...).
    expect(page.locator("#hand-title")).to_have_text(re.compile(rf"^{winners} wins? the match!$"))
    score = "We 6 - They 0" if final["scores"][0] == 6 else "We 0 - They 6"
    expect(page.locator("#hand-total")).to_have_text(
        re.compile(rf"^Final score: {score} · six-love wins\. Six-love\.$")
    )
    # The lead choice came up for the person's side and both buttons were used
    # (seed 65: the person's side wins six hands running).
    assert set(person.leads) == {0, 2}, person.leads
    # The score sheet shows the six-love count.
    page.click("#score")
    expect(page.locator("#sheet-dialog")).to_be_visible()
    expect(page.locator("#sheet-title")).to_have_text(f"Score sheet · {score} · six-love wins")
    heads = page.locator("#sheet-body tr").first.locator("th").all_inner_texts()
    assert heads[:5] == ["Hand", "We: hand", "We: total", "They: hand", "They: total"]
    last = page.locator("#sheet-body tr").last.locator("td").all_inner_texts()
    assert last[-1] == "six-love"
    assert last[0] == str(final["hands_played"])
    assert last[2 if final["scores"][0] == 6 else 4] == "6"
    expect(page.locator("#sheet-body tr")).to_have_count(1 + final["hands_played"])


# --- 3. an All Fives match to 100 ------------------------------------------------------------


def test_an_all_fives_match_ends_the_moment_a_score_reaches_100(open_app: Callable[..., Any]) -> None:
    page = open_app("?variant=all-fives&players=2&seed=71&level=greedy&aidelay=0").page
    watch_texts(page)
    person = Person(page)
    before = [0, 0]
    callouts_on_screen = 0
    person_scored_in_play = 0
    for _ in range(2000):
        current = settle(page)
        if current["callout"] and current["phase"] == "human":  # the last score, at the scorer's seat
            assert re.fullmatch(r"\d+!", current["callout"]), current["callout"]
            assert called_out(page, current["callout"])
            callouts_on_screen += 1
        if current["phase"] == "match-over":
            break
        if current["phase"] == "hand-over":
            check_hand_over(page, current, before)
            assert max(current["scores"]) < 100
            next_hand(page, person, current)
            before = current["scores"]
            continue
        assert max(current["scores"]) < 100, f"play went on at {current['scores']}"
        person.turn(current)
        after = state(page)
        # The person's score moves during a hand only by the person's own plays (two players).
        gained = after["scores"][0] > current["scores"][0]
        hand_went_on = after["hands_played"] == current["hands_played"]
        won_by_this_play = after["match_over"] and after["scores"][0] >= 100
        if gained and (hand_went_on or won_by_this_play):
            person_scored_in_play += 1
    final = state(page)
    assert final["phase"] == "match-over" and final["match_over"]
    assert max(final["scores"]) >= 100
    rows = check_hand_over(page, final, before)
    # First to 100 wins at once: this match ends in the middle of a hand, tiles still held.
    opponent = seat_names(2)[1]
    expect(page.locator("#hand-why")).to_have_text(
        re.compile(rf"^(You|{opponent}) reached the target during play\.$")
    )
    assert any(cells[1] != "—" for cells in rows), "the hand stopped with tiles still in hand"
    winner = "You" if final["scores"][0] >= 100 else opponent
    expect(page.locator("#hand-title")).to_have_text(
        f"{winner} {'win' if winner == 'You' else 'wins'} the match!"
    )
    expect(page.locator("#hand-total")).to_have_text(
        re.compile(r"^Final score: .* (is|are) credited with \d+ points\.$")
    )
    texts = seen(page)
    last = texts["status"][-1]
    assert "reached the target during play" in last and "the match" in last, last
    reached = re.findall(rf"(?:You|{opponent}) (?:score|scores) (\d+)!", last)
    assert reached, f"the match-winning play scored: {last!r}"
    assert max(final["scores"]) - int(reached[-1]) < 100, "the score was under 100 until that very play"
    # Calls and scores along the way.
    assert person_scored_in_play >= 1, "the person scored during play at least once"
    assert any(re.search(r"\bYou score \d+!", text) for text in texts["status"])
    assert callouts_on_screen >= 1, "a call-out was on screen when the person looked"
    # No further moves are accepted.
    assert final["legal"] == []
    expect(page.locator("#a11y-hand button[aria-disabled='false']")).to_have_count(0)  # none playable
    expect(page.locator("#draw-btn")).to_be_disabled()
    expect(page.locator("#pass-btn")).to_be_disabled()
    if final["hand"]:
        tile = final["scene"]["hand"][0]
        assert not tile["playable"]
        tap_canvas_even_under_a_dialog(page, tile["x"], tile["y"])
        page.locator(f"#a11y-hand button[data-move='{tile['tile']}']").press("Enter")
    if final["scene"]["boneyard"]["can_draw"] is False:
        tap_canvas_even_under_a_dialog(page, final["scene"]["boneyard"]["x"], final["scene"]["boneyard"]["y"])
    later = state(page)
    for key in ("hand", "layout_tiles", "scores", "boneyard", "phase", "hands_played", "sheet"):
        assert later[key] == final[key], key


def tap_canvas_even_under_a_dialog(page: Page, x: float, y: float) -> None:
    """Tap the canvas at (x, y); if the end-of-hand dialog covers that point, send the
    pointer event to the canvas itself (what a tap would do without the dialog)."""
    box = page.locator("#table").bounding_box()
    assert box is not None
    cx, cy = box["x"] + x, box["y"] + y
    on_canvas = page.evaluate(f"document.elementFromPoint({cx}, {cy})?.id === 'table'")
    if on_canvas:
        tally("after the match: real tap on the canvas")
        page.mouse.click(cx, cy)
        return
    else:
        tally("after the match: point covered by the dialog, pointerdown sent to the canvas")
        page.locator("#table").dispatch_event(
            "pointerdown", {"clientX": cx, "clientY": cy, "bubbles": True, "isPrimary": True}
        )


# --- 4. the new-game dialog and the rules panel --------------------------------------------


def test_the_new_game_dialog_offers_every_variant_with_its_options(open_app: Callable[..., Any]) -> None:
    page = open_app("?aidelay=0").page
    page.click("#new-game-btn")
    expect(page.locator("#new-game-dialog")).to_be_visible()
    # The picker: each group's heading, then a card (a radio button) per rule set in it.
    groups = page.locator("#ng-variants").evaluate(
        """el => {
            const groups = [];
            for (const child of el.children) {
                if (child.tagName === 'H3') groups.push([child.textContent, []]);
                else groups[groups.length - 1][1].push(child.querySelector('input').value);
            }
            return groups;
        }"""
    )
    assert [label for label, _ in groups] == list(CATALOGUE_GROUPS)
    listed = [value for _, values in groups for value in values]
    assert sorted(listed) == sorted(GAMES), "every rule set appears exactly once"
    for label, values in groups:
        assert values, f"group {label} is empty"
        for value in values:
            assert GAMES[value].group == label
    expect(page.locator("#ng-variants input[name='variant']:checked")).to_have_count(1)

    wrong_target_label: list[str] = []
    for variant in GAMES.values():
        choose_rule_set(page, variant.id)
        card = page.locator(f"#ng-variants label:has(input[value='{variant.id}'])")
        expect(card).to_contain_text(variant.name)
        expect(card).to_contain_text(variant.summary)
        counts = page.locator("#ng-players option").evaluate_all("os => os.map(o => o.value)")
        assert counts == [str(n) for n in variant.player_counts], variant.id
        # The dialog keeps the player count already chosen when the new variant offers it.
        players = int(page.locator("#ng-players").input_value())
        assert players in variant.player_counts, variant.id
        option_ids = page.locator("select.ng-option").evaluate_all("ss => ss.map(s => s.dataset.option)")
        assert option_ids == [o.id for o in variant.options_for(players)], variant.id
        for option in variant.options_for(players):
            select = page.locator(f"select.ng-option[data-option='{option.id}']")
            values = select.locator("option").evaluate_all("os => os.map(o => o.value)")
            assert values == list(option.values), (variant.id, option.id)
            assert select.input_value() == option.default, (variant.id, option.id)
        if variant.options_for(players):
            expect(page.locator("#ng-options-set")).to_be_visible()
        else:
            expect(page.locator("#ng-options-set")).to_be_hidden()
        targets, _default_target = variant.targets_for({})
        offered = page.locator("#ng-target option").evaluate_all("os => os.map(o => o.value)")
        assert offered == [str(t) for t in targets], variant.id
        assert int(page.locator("#ng-target").input_value()) in targets, variant.id
        expect(page.locator(".ng-level")).to_have_count(players - 1)
        # "Play to" is hidden when there is only one target (checked last, for every variant).
        label = page.locator("#ng-target-label")
        if (len(targets) == 1) == label.is_visible():
            wrong_target_label.append(
                f"{variant.id} ({len(targets)} target{'s' if len(targets) > 1 else ''}): "
                f"#ng-target-label hidden attribute={label.get_attribute('hidden') is not None}, "
                f"visible={label.is_visible()}, "
                f"computed display={label.evaluate('e => getComputedStyle(e).display')!r}"
            )
    assert not wrong_target_label, "\n".join(wrong_target_label)


def test_each_choice_in_the_new_game_dialog_says_what_its_value_does(open_app: Callable[..., Any]) -> None:
    """A card says how many play; an option's sentence follows the value chosen; a seat's
    level keeps when an option changes, and says how it plays; the footer sums up."""
    page = open_app("?aidelay=0").page
    page.click("#new-game-btn")
    choose_rule_set(page, "draw")
    draw = GAMES["draw"]
    card = page.locator("#ng-variants label:has(input[value='draw'])")
    expect(card.locator(".rule-set-players")).to_have_text(players_words(draw.player_counts))
    drawing = next(option for option in draw.options if option.id == "draw")
    says = page.locator("#ng-option-draw-says")
    expect(says).to_have_text(drawing.explain("until-playable"))
    page.select_option("#ng-level-1", "hard")
    expect(page.locator("#ng-level-1-says")).to_have_text(level_words(seat_levels("draw")["hard"])[1])
    page.select_option("#ng-option-draw", "one-per-turn")
    expect(says).to_have_text(drawing.explain("one-per-turn"))
    assert drawing.explain("one-per-turn") != drawing.explain("until-playable")
    expect(page.locator("#ng-level-1")).to_have_value("hard")  # kept through the rebuild
    expect(page.locator("#ng-option-draw")).to_be_focused()
    players = page.locator("#ng-players").input_value()
    expect(page.locator("#ng-chosen")).to_have_text(
        re.compile(rf"^The Draw Game · {players} players · to \d+ points$")
    )
    page.select_option("#ng-level-1", "human")
    expect(page.locator("#ng-chosen")).to_contain_text("2 people on this device")


def test_pub_block_started_from_the_dialog_plays_the_chosen_options(open_app: Callable[..., Any]) -> None:
    page = open_app("?aidelay=0").page
    page.click("#new-game-btn")
    expect(page.locator("#new-game-dialog")).to_be_visible()
    # Pub Block, four players each for himself, double-nine, a point a hand.
    choose_rule_set(page, "pub-block")
    pub = VARIANTS["pub-block"]
    for players in (2, 4):  # the options follow the player count: partnerships only for four
        page.select_option("#ng-players", str(players))
        option_ids = page.locator("select.ng-option").evaluate_all("ss => ss.map(s => s.dataset.option)")
        assert option_ids == [o.id for o in pub.options_for(players)], players
    expect(page.locator("select.ng-option[data-option='partners']")).to_be_visible()
    page.select_option("select.ng-option[data-option='partners']", "off")
    page.select_option("select.ng-option[data-option='set']", "double-nine")
    page.select_option("select.ng-option[data-option='scoring']", "one-point")
    point_targets, _ = pub.targets_for({"scoring": "one-point"})
    targets = page.locator("#ng-target option").evaluate_all("os => os.map(o => [o.value, o.textContent])")
    assert targets == [[str(t), f"{t} hands"] for t in point_targets], "a point a hand: targets in hands"
    page.select_option("#ng-target", str(point_targets[0]))
    page.locator(".ng-level").nth(1).select_option("random")
    page.click("#ng-start")
    expect(page.locator("#new-game-dialog")).to_be_hidden()
    current = state(page)
    chosen = {"partners": "off", "set": "double-nine", "out": "one", "scoring": "one-point"}
    assert (current["variant"], current["players"]) == ("pub-block", 4)
    assert current["options"] == chosen
    assert len(current["scores"]) == 4, "each for himself: four scores"
    expect(page.locator("#score")).to_have_text(re.compile(rf" · to {point_targets[0]}$"))
    assert all(max(int(v) for v in t.split("-")) <= 9 for t in current["hand"])

    page.click("#rules-btn")
    expect(page.locator("#rules-dialog")).to_be_visible()
    expect(page.locator("#rules-title")).to_have_text(pub.name)
    lines = pub.describe_options(chosen)
    assert len(lines) == 3, lines
    expect(page.locator("#rules-list li")).to_have_text([*pub.rules_text, *lines])
    items = page.locator("#rules-list li").all_inner_texts()
    assert any(item.startswith("Partnerships: Each for himself.") for item in items)
    assert any(item.startswith("Domino set: Double-nine") for item in items)
    assert any(item.startswith("Scoring: One point per hand.") for item in items)
    assert not any(item.startswith("Going out:") for item in items), "a default option adds no line"
    expect(page.locator("#rules-source")).to_have_text(f"Source: {source_title(pub.source)}")
    expect(page.locator("#rules-source")).not_to_contain_text(".txt")


# --- the end-of-hand summary speaks to the person ------------------------------------------


@pytest.mark.parametrize(
    "query",
    [
        "?variant=pub-block&players=4&seed=10&level=greedy&aidelay=0",  # You go out for You & North
        "?variant=fives-and-threes&players=2&seed=17&level=greedy&aidelay=0",  # You go out
    ],
    ids=["partners", "two-players"],
)
def test_the_hand_summary_speaks_of_the_persons_side_as_you(open_app: Callable[..., Any], query: str) -> None:
    """When the person's side wins, the summary says "You & North win", "You score", as the
    status line does ("You score 10!"), not "You & North wins" / "You scores"."""
    page = open_app(query).page
    final = play_hand(page, Person(page))
    check_hand_over(page, final, [0] * len(final["scores"]))
    assert final["sheet"][-1][0] > 0, "the person's side won this hand (seeded)"
    side = "You & North" if final["players"] == 4 else "You"
    why = page.locator("#hand-why").inner_text()
    title = page.locator("#hand-title").inner_text()
    problems = []
    expected = rf"You went out; {side} score \d+\." if side != "You" else r"You went out and score \d+\."
    if not re.fullmatch(expected, why):
        problems.append(f"#hand-why is {why!r}; expected {expected!r}")
    if title != f"{side} win the hand":
        problems.append(f"#hand-title is {title!r}; expected {side + ' win the hand'!r}")
    assert not problems, "\n".join(problems)


# --- 5. manual scoring: Muggins and Call score ----------------------------------------------


def make_scoring_play(page: Page, person: Person) -> tuple[dict[str, Any], int]:
    """Play on (heaviest tile) until the person can make a play that scores, and make it.

    Returns the state just before that play and its points.
    """
    for _ in range(200):
        current = settle(page)
        assert current["phase"] == "human", (
            f"the hand ended before the person could score: {current['phase']}"
        )
        plays = scoring_plays(page)
        if plays:
            tile, end, points = plays[0]
            person.turn(current, (tile, end))
            return current, points
        person.turn(current)
    pytest.fail("the person never had a scoring play")


def test_an_uncalled_score_is_taken_with_muggins(open_app: Callable[..., Any]) -> None:
    page = open_app("?variant=all-fives&players=2&manual-scoring=on&seed=3&level=greedy&aidelay=0").page
    watch_texts(page)
    expect(page.locator("#call-btn")).to_be_visible()
    expect(page.locator("#muggins-btn")).to_be_visible()
    person = Person(page)  # never presses Call score
    before, points = make_scoring_play(page, person)
    after = settle(page)
    texts = seen(page)
    opponent = seat_names(2)[1]
    assert f"{opponent} claims {points}! — Muggins!" in texts["status"], texts["status"][-5:]
    assert called_out(page, f"{points}!", seat=1)
    assert after["scores"][0] == before["scores"][0], "the uncalled points are not the person's"
    assert after["scores"][1] >= before["scores"][1] + points, f"{opponent} took them"
    # Nothing is left for the person to call now.
    if after["phase"] == "human":
        page.click("#call-btn")
        expect(page.locator("#status")).to_have_text("Nothing to call: your last tile did not score.")
        assert state(page)["scores"] == after["scores"]


def test_a_called_score_is_credited_to_the_caller(open_app: Callable[..., Any]) -> None:
    # The computer players wait a second: time for the person to press Call score.
    page = open_app(
        "?variant=fives-and-threes&players=2&manual-scoring=on&seed=5&level=greedy&aidelay=1000"
    ).page
    watch_texts(page)
    person = Person(page)
    before, points = make_scoring_play(page, person)
    assert pending_call(page) == points
    page.click("#call-btn")
    called = state(page)
    assert called["scores"][0] == before["scores"][0] + points, (before["scores"], called["scores"])
    assert called["announcement"] == f"You call {points}!"
    assert called_out(page, f"{points}!", seat=0)
    after = settle(page)
    texts = seen(page)
    assert not any("Muggins" in text for text in texts["status"]), texts["status"]
    assert after["scores"][0] >= before["scores"][0] + points
    # Calling twice gets nothing more.
    if after["phase"] == "human":
        page.click("#call-btn")
        expect(page.locator("#status")).to_have_text("Nothing to call: your last tile did not score.")
