"""The controller with the variants' own features: options, calls and Muggins, the
winning side's lead choice, touch-move, the draw for partners and the score displays."""

from __future__ import annotations

import pytest

from engine import Claim, EngineError, Hand, Lead, Opening, Play, RulesError, Tile, parse_tile
from engine.catalogue import GAMES
from tests.helpers.scripted import swap_hand
from web.line.controller import Controller, Settings
from web.line.scene import build_scene, line_layout_of
from web.links.params import parse_link
from web.page import score_text, sheet_header, sheet_rows, source_title


def tiles(text: str) -> list[Tile]:
    return [parse_tile(word) for word in text.split()]


def with_hand(controller: Controller, hands: list[str], opening: Opening) -> Controller:
    """Replace the controller's current hand by a scripted deal (rest of the set in the boneyard)."""
    rules = controller.match.rules
    held = [tiles(text) for text in hands]
    listed = {tile for group in held for tile in group}
    rest = [tile for tile in rules.tiles if tile not in listed]
    swap_hand(controller.match, Hand(rules, held, rest, opening))
    return controller


def test_settings_fill_in_every_option_and_refuse_unknown_ones() -> None:
    settings = Settings.for_variant("jamaican-partner", options={"sporting": "on"})
    assert dict(settings.options) == {"sporting": "on", "playoff": "off"}
    assert settings.rules().first_opener.value == "highest-double-any"
    with pytest.raises(RulesError) as caught:
        Settings.for_variant("jamaican-partner", options={"sportin": "on"})
    assert "sportin" in str(caught.value) and "sporting" in str(caught.value)
    with pytest.raises(RulesError):
        Settings.for_variant("pub-block", 2, options={"set": "double-twelve"})
    assert Settings.from_json(
        {"variant": "block", "players": 3, "target": 100, "levels": ["greedy"] * 2}
    ) == (Settings.for_variant("block", 3))


def test_a_link_sets_options_and_a_bad_option_value_gets_a_message() -> None:
    link = parse_link("?variant=all-fives&players=3&manual-scoring=on&seed=9")
    settings = link.settings
    assert link.notice() is None and link.seed == 9 and settings is not None
    assert dict(settings.options)["manual-scoring"] == "on" and settings.players == 3
    link = parse_link("?variant=all-fives&spinner=maybe")  # the bad value is named; the default plays
    assert link.settings == Settings.for_variant("all-fives") and "spinner" in (link.notice() or "")
    settings = parse_link("?variant=pub-block&scoring=one-point").settings
    assert settings is not None and settings.target == 7  # a point a hand plays to a few hands


def test_saving_and_restoring_keeps_the_options() -> None:
    controller = Controller(
        Settings.for_variant("draw", 4, options={"partners": "off", "draw": "one-per-turn"}), 3
    )
    for _ in range(6):
        if controller.phase == "bot":
            controller.bot_move()
        elif controller.phase == "human":
            controller.act(controller.view().legal_actions[0])
    restored = Controller.restore(controller.save())
    assert restored.settings == controller.settings
    assert restored.match.rules.draw.value == "one-per-turn" and not restored.match.rules.partnerships
    assert restored.view() == controller.view()


def manual_fives() -> Controller:
    # You open 5-5 (10, a multiple of 5); North holds nothing that scores on it.
    controller = Controller(Settings.for_variant("all-fives", 2, options={"manual-scoring": "on"}), seed=1)
    return with_hand(
        controller,
        ["5-5 6-1 2-1 3-1 4-2", "5-1 6-6 6-4 4-4 3-3"],
        Opening(0),
    )


def test_manual_scoring_the_person_calls_their_score() -> None:
    controller = manual_fives()
    controller.claim(muggins=False)
    assert controller.last_announcement == "Nothing to call: your last tile did not score."
    controller.tap_tile(parse_tile("5-5"))
    assert controller.callout == ""  # nobody has called it yet
    controller.claim(muggins=False)
    said = controller.last_announcement
    assert said.startswith("You call 10!")
    assert controller.match.scores == [10, 0]
    assert controller.callout == "10!"
    controller.claim(muggins=False)
    assert controller.last_announcement.startswith("Nothing to call")
    assert controller.match.scores == [10, 0]


def test_manual_scoring_an_uncalled_score_is_taken_by_the_next_computer_player() -> None:
    controller = manual_fives()
    controller.tap_tile(parse_tile("5-5"))
    controller.bot_move()  # the easy bot claims muggins before it plays
    said = controller.last_announcement
    assert "North claims 10! — Muggins!" in said
    assert controller.match.scores == [0, 10]
    assert controller.phase == "bot"  # North still has its tile to play
    controller.bot_move()
    assert isinstance(controller.match.hand.history[-1], type(controller.match.hand.history[-1]))
    controller.claim(muggins=True)
    assert controller.last_announcement.startswith("Nothing to claim")


def test_computer_players_call_their_own_scores() -> None:
    controller = manual_fives()
    controller.tap_tile(parse_tile("6-1"))  # no score: the ends are 6 and 1
    controller.bot_move()  # North, the easy bot, lays the tile that scores most: 6-4 on the 6
    said = controller.last_announcement
    assert said == "North plays 6-4 on the 6. North calls 5!"
    assert controller.match.scores == [0, 5]
    # a computer player's score is called at once, never left for Muggins
    assert controller.match.hand.pending is None


def test_the_winning_side_chooses_who_leads() -> None:
    controller = Controller(Settings.for_variant("jamaican-partner"), seed=2)
    match = controller.match
    while controller.phase != "hand-over" or match.scores[0] == 0:
        if controller.phase == "match-over":
            pytest.fail("the seed gave the other side six-love first; pick another seed")
        if controller.phase == "hand-over":
            controller.next_hand()
        elif controller.phase == "bot":
            controller.bot_move()
        else:
            if controller.lead_choices():
                controller.act(Lead(0))
            else:
                controller.act(controller.view().legal_actions[0])
    controller.next_hand()
    assert controller.phase == "human"
    assert controller.lead_choices() == (0, 2)
    assert "choose who leads" in controller.last_announcement
    controller.act(Lead(2))
    said = controller.last_announcement
    assert said == "You choose North to lead."
    assert controller.match.hand.starter == 2 and controller.phase == "bot"


def test_touch_move_keeps_a_picked_up_tile() -> None:
    controller = Controller(Settings.for_variant("draw-2", options={"touch-move": "on"}), seed=1)
    with_hand(
        controller,
        ["6-4 6-1 2-0 3-0 5-0 5-1 5-2", "4-1 5-5 5-3 3-3 2-2 1-0 3-2"],
        Opening(0),
    )
    controller.tap_tile(parse_tile("6-4"))
    controller.bot_move()  # North plays 4-1: the ends are 1 and 6, and 6-1 fits both
    controller.tap_tile(parse_tile("6-1"))
    assert controller.selected == parse_tile("6-1")
    controller.tap_tile(parse_tile("6-1"))
    said = controller.last_announcement
    assert said == "Touch-move: you picked up 6-1, so you must play it."
    assert controller.selected == parse_tile("6-1")


def test_the_draw_for_partners_seats_the_computer_players() -> None:
    settings = Settings(
        "partnership-block", 4, 200, ("random", "greedy", "random"), (("partner-draw", "on"),)
    )
    controller = Controller(settings, seed=4)
    draw = controller.match.partner_draw
    assert draw is not None and controller.player_at == draw.seating and controller.player_at[0] == 0
    assert sorted(controller.player_at) == [0, 1, 2, 3]
    for seat in (1, 2, 3):
        assert controller._bots[seat].level == settings.levels[controller.player_at[seat] - 1]
    assert controller.announcements[0].startswith("Draw for partners:")


def test_partnership_scores_read_we_and_they_with_a_sheet_per_hand() -> None:
    controller = Controller(Settings.for_variant("partnership-block"), seed=8)
    while len(controller.match.sheet) < 2:
        if controller.phase == "hand-over":
            controller.next_hand()
        elif controller.phase == "bot":
            controller.bot_move()
        else:
            controller.act(controller.view().legal_actions[0])
    text = score_text(controller)
    assert text.startswith("We ") and " · They " in text and text.endswith("· to 200")
    assert sheet_header(controller) == ["Hand", "We: hand", "We: total", "They: hand", "They: total", "Notes"]
    rows = sheet_rows(controller)
    assert len(rows) == 2
    for number, (line, row) in enumerate(zip(controller.match.sheet, rows, strict=True), start=1):
        assert row[0] == str(number), "the sheet numbers its hands"
        for side in range(2):  # (a hand a side did not score is written 0, its total every time)
            assert row[1 + 2 * side] == str(line.gained[side])
            assert row[2 + 2 * side] == str(line.totals[side])


def test_six_love_scores_show_the_count_and_the_replay_worth() -> None:
    controller = Controller(Settings.for_variant("jamaican-partner"), seed=3)
    assert score_text(controller) == "We 0 - They 0 · six-love wins"
    controller.match.ties = 2
    assert score_text(controller) == "We 0 - They 0 · this hand is worth 3"


def test_a_claim_out_of_turn_is_a_person_only_action() -> None:
    controller = manual_fives()
    controller.tap_tile(parse_tile("5-5"))
    assert controller.view().claims == (Claim(0),)
    assert Play(parse_tile("5-1"), None) not in controller.view().legal_actions
    with pytest.raises(EngineError):
        controller.match.apply(Claim(1))  # North cannot "call" a score it did not make


@pytest.mark.parametrize(
    ("variant", "options", "labels"),
    [
        ("partnership-block", {}, {1: "They: West", 2: "We: North", 3: "They: East"}),
        ("pub-block", {"partners": "off"}, {1: "West", 2: "North", 3: "East"}),
    ],
)
def test_partners_are_shown_as_teams_at_their_seats(
    variant: str, options: dict[str, str], labels: dict[int, str]
) -> None:
    controller = Controller(Settings.for_variant(variant, options=options), seed=3)
    scene = build_scene(controller, 1024, 768)
    shown = {seat.seat: seat.label for seat in scene.seats}
    for seat, start in labels.items():
        count = controller.view().hand_counts[seat]
        assert shown[seat].removeprefix("▶ ") == f"{start} · {count}"
    seats = [{"seat": seat["seat"], "label": seat["label"]} for seat in scene.test_data()["seats"]]
    assert seats == [{"seat": s, "label": shown[s]} for s in sorted(shown)]


def test_a_jamaican_replay_after_a_tie_is_told_at_its_worth() -> None:
    """Six-love: the hand after a tied hand is worth 2, and the summary says 2, not the hand's 1."""
    for seed in range(1, 400):
        controller = Controller(Settings.for_variant("jamaican-partner", level="random"), seed)
        for _ in range(60):
            while controller.phase in ("human", "bot"):
                if controller.phase == "human":
                    controller.act(controller.view().legal_actions[0])
                else:
                    controller.bot_move()
            if controller.phase == "match-over":
                break
            line = controller.match.sheet[-1]
            if line.result.winner_side is not None and max(line.award) > 1:
                worth = max(line.award)
                assert line.result.points[line.result.winner_side] == 1
                said = controller.last_announcement
                assert f"score {worth}" in said or f"scores {worth}" in said, said
                return
            controller.next_hand()
    pytest.fail("no hand worth more than 1 was won in 400 seeded matches")


@pytest.mark.parametrize("size", [(390, 844), (844, 390), (820, 1180), (1180, 820), (1440, 900)])
@pytest.mark.parametrize("variant", ["draw-2", "partnership-block", "all-fives", "double-nine-cross"])
def test_the_first_tiles_on_the_board_are_as_large_as_the_tiles_in_hand(
    variant: str, size: tuple[int, int]
) -> None:
    controller = Controller(Settings.for_variant(variant), seed=5)
    for _ in range(400):
        if controller.match.hand.layout.placements:
            break
        if controller.phase == "bot":
            controller.bot_move()
        else:
            controller.act(controller.view().legal_actions[0])
    scene = build_scene(controller, *size)
    assert scene.line and scene.hand
    hand_unit = scene.hand[0][1].rect.w
    if scene.unit < hand_unit:  # only where the board has no room for larger ones
        roomier = line_layout_of(controller.view().layout, scene.board, max_unit=4 * hand_unit)
        assert roomier.unit == scene.unit, f"board tiles {scene.unit} px, hand tiles {hand_unit} px"


def test_a_rule_sets_source_reads_as_a_title_not_a_file() -> None:
    for game in GAMES.values():
        title = source_title(game.source)
        assert ".txt" not in title and title, (game.id, title)
    assert source_title("000_46cffac2192217f5.txt (Scarne: Block Dominoes)") == "Scarne: Block Dominoes"
