"""The replay viewer (web/replay/model.py, web/replay/scene.py): walking a recorded match move by
move and hand by hand, frames that equal the match replayed to the same point, scores that
follow the score sheet, sentences naming the player and the tile, replays of the table's
finished hands only, and the picture of a frame: which tiles are face up, and that it fits."""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache

import pytest

from engine import Claim, Draw, Lead, Match, Pass, Play, Scored
from engine.line.ai import make_bot
from engine.line.notation import read_record, write_record
from engine.line.selfplay import bot_match
from web.line.controller import Controller, Settings
from web.line.geometry import Rect
from web.replay.model import Frame, Replay
from web.replay.scene import build_replay_scene
from web.seats import seat_names
from web.storage.game_record import game_text, read_game

# (variant, players, seed, options): plain draw and block games, a draw for partners, manual
# scoring with calls, choosing who leads, and a long first-to-six match (59 hands).
MATCHES: list[tuple[str, int, int, dict[str, str] | None]] = [
    ("draw-2", 2, 1, None),
    ("block", 4, 2, None),
    ("partnership-block", 4, 3, {"partner-draw": "on"}),
    ("all-fives", 2, 4, {"manual-scoring": "on"}),
    ("all-fives", 3, 1, {"manual-scoring": "on", "spinner": "on"}),
    ("jamaican-partner", 4, 5, None),
    ("double-nine-cross", 4, 7, None),
    ("cut-throat", 3, 6, None),
]
IDS = [f"{variant}-{players}p-{seed}" for variant, players, seed, _ in MATCHES]


@cache
def match_of(index: int) -> Match:
    """The whole bot match of MATCHES[index], as read back from its record (do not change it)."""
    variant, players, seed, options = MATCHES[index]
    return read_record(write_record(bot_match(variant, players, seed, ["random"] * players, options=options)))


@cache
def replay_of(index: int) -> Replay:
    return Replay.of_text(write_record(match_of(index)))


def points(replay: Replay) -> Iterator[tuple[int, int]]:
    """Every point of a replay in order: each hand from 0 moves to its last."""
    for hand_index in range(replay.hand_count):
        for move in range(replay.moves_in(hand_index) + 1):
            yield hand_index, move


def same_table(frame: Frame, match: Match) -> None:
    """The frame's hand is the match's current hand: layout, every seat's tiles, boneyard and turn."""
    hand = match.hand
    assert frame.hand.layout == hand.layout
    for seat in range(match.rules.players):
        assert frame.hand.hand_of(seat) == hand.hand_of(seat), seat
    assert frame.hand.boneyard() == hand.boneyard()
    assert frame.hand.turn == hand.turn


def inside(rect: Rect, width: float, height: float) -> bool:
    return (
        rect.x >= 0 and rect.y >= 0 and rect.x + rect.w <= width + 1e-6 and rect.y + rect.h <= height + 1e-6
    )


# --- counting and walking -------------------------------------------------------------------


@pytest.mark.parametrize("index", range(len(MATCHES)), ids=IDS)
def test_hands_and_moves_are_the_records(index: int) -> None:
    """hand_count and moves_in give the record's hands and each hand's actions."""
    match, replay = match_of(index), replay_of(index)
    assert replay.hand_count == len(match.hands) >= 2
    assert [replay.moves_in(h) for h in range(replay.hand_count)] == [
        len(hand.actions) for hand in match.hands
    ]


@pytest.mark.parametrize("index", range(len(MATCHES)), ids=IDS)
def test_forward_visits_every_point_and_back_returns(index: int) -> None:
    """Forward from the start visits every point once, across hands; back retraces it exactly."""
    replay = replay_of(index)
    expected = list(points(replay))
    walked = [(0, 0)]
    while True:
        following = replay.forward(*walked[-1])
        if following == walked[-1]:
            break
        walked.append(following)
    assert walked == expected
    back = [walked[-1]]
    while True:
        before = replay.back(*back[-1])
        if before == back[-1]:
            break
        back.append(before)
    assert back == expected[::-1]
    assert replay.back(0, 0) == (0, 0)
    last = expected[-1]
    assert replay.forward(*last) == last


def test_clamp_keeps_points_inside_the_record() -> None:
    """Points beyond either end are brought to the nearest one that exists."""
    replay = replay_of(0)
    last_hand = replay.hand_count - 1
    assert replay.clamp(-5, -5) == (0, 0)
    assert replay.clamp(99, 999) == (last_hand, replay.moves_in(last_hand))
    assert replay.clamp(0, 10_000) == (0, replay.moves_in(0))
    assert replay.frame(99, 999).hand_index == last_hand


# --- frames -----------------------------------------------------------------------------------


@pytest.mark.parametrize("index", range(len(MATCHES)), ids=IDS)
def test_every_frame_is_the_match_replayed_to_that_point(index: int) -> None:
    """At every point the frame's hand and score equal a match replayed move by move to there."""
    match, replay = match_of(index), replay_of(index)
    again = match.replayed_to(0, 0)
    for hand_index, move in points(replay):
        if move == 0 and hand_index:
            again.next_hand()
        elif move:
            again.apply(match.hands[hand_index].actions[move - 1])
        frame = replay.frame(hand_index, move)
        assert (frame.hand_index, frame.move) == (hand_index, move)
        same_table(frame, again)
        assert frame.scores == tuple(again.scores), (hand_index, move)
        if match.rules.match_scoring.value != "target-at-once":
            assert frame.hand.is_over == again.hand.is_over


@pytest.mark.parametrize("index", [0, 2, 3, 5, 7], ids=[IDS[i] for i in (0, 2, 3, 5, 7)])
def test_frames_equal_replayed_to_at_sampled_points(index: int) -> None:
    """Match.replayed_to(h, k) (as undo and play-from-here use it) gives the frame's table."""
    match, replay = match_of(index), replay_of(index)
    rng = random.Random(index)
    chosen = rng.sample(list(points(replay)), 6)
    for hand_index, move in chosen:
        same_table(replay.frame(hand_index, move), match.replayed_to(hand_index, move))


@pytest.mark.parametrize("index", [0, 1, 2, 5, 6, 7], ids=[IDS[i] for i in (0, 1, 2, 5, 6, 7)])
def test_the_end_of_each_hand_has_its_result_and_the_sheets_totals(index: int) -> None:
    """The last frame of a hand holds that hand's result; scores there and at the next deal are the sheet's."""
    match, replay = match_of(index), replay_of(index)
    assert replay.frame(0, 0).scores == match.start_scores
    for hand_index, line in enumerate(match.sheet):
        end = replay.frame(hand_index, replay.moves_in(hand_index))
        assert end.hand.is_over
        assert end.hand.result == match.hands[hand_index].result
        assert end.scores == line.totals
        if hand_index + 1 < replay.hand_count:
            assert replay.frame(hand_index + 1, 0).scores == line.totals
            assert not replay.frame(hand_index + 1, 0).hand.is_over
    assert match.result is not None
    assert replay.frame(replay.hand_count - 1, 10**6).scores == match.result.scores


def test_the_caption_at_a_hands_end_says_its_result_as_a_sentence() -> None:
    """ "… plays 4-3 on the 3. Blocked: You hold the fewest pips …", not "… 3. blocked: …"."""
    replay = replay_of(1)  # a block game: hands end blocked as well as by a player going out
    endings = [
        replay.said(replay.frame(hand_index, replay.moves_in(hand_index)))
        for hand_index in range(replay.hand_count)
    ]
    assert any("Blocked: " in said for said in endings)
    for said in endings:
        assert "blocked:" not in said
        assert " went out" in said or "Blocked: " in said or "reached the target" in said


def test_a_hand_ended_at_the_target_during_play_is_over_in_its_last_frame() -> None:
    """All Fives seed 0: the match ends at the target in hand 3's last move; that frame is over."""
    match = bot_match("all-fives", 2, 0, ["random", "random"])
    ended = match.hands[-1].result
    assert ended is not None and ended.reason == "target"
    replay = Replay.of_text(write_record(match))
    last = replay.hand_count - 1
    frame = replay.frame(last, replay.moves_in(last))
    assert frame.scores == match.sheet[-1].totals  # right already
    assert frame.hand.is_over
    assert frame.hand.result == match.hands[-1].result


def test_frames_are_copies_not_the_records_hands() -> None:
    """A frame's hand is a fresh hand: changing it does not change the replay's next frames."""
    replay = replay_of(0)
    frame = replay.frame(0, 2)
    laid = len(frame.hand.layout.placements)
    frame.hand.apply(frame.hand.legal_actions()[0])
    assert len(replay.frame(0, 2).hand.layout.placements) == laid


def test_last_is_the_step_just_made() -> None:
    """A frame's ``last`` is the step that led to it (None at a hand's deal)."""
    replay = replay_of(3)
    assert replay.frame(1, 0).last is None
    for move in range(1, replay.moves_in(1) + 1):
        assert replay.frame(1, move).last == replay.steps[1][move - 1]


# --- steps and sentences -------------------------------------------------------------------------


@pytest.mark.parametrize("index", range(len(MATCHES)), ids=IDS)
def test_sentences_name_the_player_and_the_tile(index: int) -> None:
    """Each step names its player; plays name the tile, draws the drawn tile, calls the points."""
    match, replay = match_of(index), replay_of(index)
    kinds = set()
    for hand_index, recorded in enumerate(match.hands):
        hand = recorded.start_copy()
        for action, step in zip(recorded.actions, replay.steps[hand_index], strict=True):
            seat = action.seat if isinstance(action, Claim) else hand.turn
            name = replay.names[seat]
            held = set(hand.hand_of(seat))
            seen = len(hand.history)
            hand.apply(action)
            assert step.seat == seat
            assert step.sentence.startswith(name + " "), step.sentence
            assert step.sentence.endswith(".")
            kinds.add(type(action).__name__)
            scored = sum(event.points for event in hand.history[seen:] if isinstance(event, Scored))
            assert (f", scoring {scored}." in step.sentence) == bool(scored), step.sentence
            if isinstance(action, Play):
                assert f" {action.tile}" in step.sentence and str(action.tile) in step.text
            elif isinstance(action, Draw):
                (drawn,) = set(hand.hand_of(seat)) - held
                assert step.sentence.startswith(f"{name} draw") and f" {drawn}" in step.sentence
                assert step.text == f"draw {drawn}"
            elif isinstance(action, Pass):
                assert "pass" in step.sentence
            elif isinstance(action, Lead):
                assert f"{replay.names[action.seat]} to lead" in step.sentence
            elif isinstance(action, Claim):
                assert (" calls," in step.sentence or " call," in step.sentence) and scored > 0
    assert "Play" in kinds


@pytest.mark.parametrize("index", range(len(MATCHES)), ids=IDS)
def test_the_list_says_each_move_in_words_and_the_notation_is_there_to_copy(index: int) -> None:
    """ "West: 6-4 on the 4", "North: draws 5-3", "East: passes"; Copy moves gives the
    record's notation, one numbered line a move."""
    match, replay = match_of(index), replay_of(index)
    for hand_index, recorded in enumerate(match.hands):
        hand = recorded.start_copy()
        for action, step in zip(recorded.actions, replay.steps[hand_index], strict=True):
            listed = replay.listed(step)
            value = hand.layout.value(action.end) if isinstance(action, Play) and action.end else None
            hand.apply(action)
            assert listed.startswith(f"{replay.names[step.seat]}: "), listed
            assert "@" not in listed, "no notation in the list"
            if isinstance(action, Play):
                said = f"{action.tile}" if value is None else f"{action.tile} on the {value}"
                assert listed.split(": ", 1)[1].startswith(said), listed
            elif isinstance(action, Draw):
                assert listed.endswith(f"draws {step.text.split()[-1]}"), listed
            elif isinstance(action, Pass):
                assert listed.endswith(": passes"), listed
        lines = replay.notation(hand_index).split("\n")
        assert len(lines) == len(recorded.actions)
        for number, (line, step) in enumerate(zip(lines, replay.steps[hand_index], strict=True), start=1):
            assert line == f"{number}. {replay.names[step.seat]} {step.text}"


def test_the_sentences_cover_calls_leads_and_draws() -> None:
    """Across the matches, every kind of step appears (so the sentence test checks each)."""
    kinds = {
        type(action).__name__
        for index in range(len(MATCHES))
        for hand in match_of(index).hands
        for action in hand.actions
    }
    assert {"Play", "Draw", "Pass", "Lead", "Claim"} <= kinds


def test_sentences_agree_with_you() -> None:
    """Seat 0 named You gets 'You play', 'You draw'; others get 'plays', 'draws'."""
    replay = replay_of(0)
    sentences = [step.sentence for hand in replay.steps for step in hand]
    assert any(s.startswith("You play ") for s in sentences)
    assert any(s.startswith("You draw ") for s in sentences)
    assert any(s.startswith("North plays ") for s in sentences)
    assert not any(s.startswith(("You plays", "You draws", "North play ", "North draw ")) for s in sentences)


def test_of_text_reads_seat_tags_as_names() -> None:
    """Seat tags name the players in steps; a seat without one is named by where it sits."""
    match = match_of(1)
    match.tags["Seat0"] = "Ann"
    match.tags["Seat2"] = "Carol"
    try:
        text = write_record(match)
    finally:
        del match.tags["Seat0"], match.tags["Seat2"]
    replay = Replay.of_text(text)
    default = seat_names(4)
    assert replay.names == ("Ann", default[1], "Carol", default[3])
    by_seat = {step.seat: step.sentence for hand in replay.steps for step in hand}
    assert by_seat[0].startswith("Ann ") and by_seat[2].startswith("Carol ")
    assert by_seat[1].startswith(default[1] + " ")


def test_names_from_a_saved_game_are_used() -> None:
    """A saved game's Seat tags (game_text) become the replay's names."""
    settings, match = read_game(write_record(match_of(0)))
    text = game_text(settings, match, ("Zoë", "Bea"), (0, 1))
    replay = Replay.of_text(text)
    assert replay.names == ("Zoë", "Bea")
    assert replay.steps[0][0].sentence.split(" ")[0] in ("Zoë", "Bea")


def test_of_text_refuses_what_is_not_a_record() -> None:
    """Text that is not a record raises the engine's error (the viewer shows its message)."""
    from engine import EngineError

    for text in ("", "hello", '[Variant "no-such-game"]\n\n[Hand "1"]\n'):
        with pytest.raises(EngineError):
            Replay.of_text(text)


# --- the table's replay ---------------------------------------------------------------------------


def step_table(controller: Controller, person: object, rng: random.Random) -> None:
    """One move at the table: the computer's, or the person's (played by an Easy bot)."""
    if controller.phase == "bot":
        controller.bot_move()
    else:
        controller.act(person.choose(controller.view(), rng))  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("variant", "players", "options"),
    [
        ("draw-2", 2, None),
        ("all-fives", 2, {"manual-scoring": "on"}),
        ("partnership-block", 4, {"partner-draw": "on"}),
    ],
)
def test_of_table_replays_only_the_finished_hands(
    variant: str, players: int, options: dict[str, str] | None
) -> None:
    """None before a hand ends; then the finished hands only, never the hand being played, as a copy."""
    controller = Controller(Settings.for_variant(variant, players, options=options), seed=31)
    person, rng = make_bot("greedy"), random.Random(2)
    while controller.phase in ("human", "bot"):
        assert Replay.of_table(controller) is None
        step_table(controller, person, rng)
    assert controller.phase == "hand-over"
    replay = Replay.of_table(controller)
    assert replay is not None
    assert replay.hand_count == 1 and replay.names == controller.names
    first = controller.match.hands[0]
    assert replay.moves_in(0) == len(first.actions)
    end = replay.frame(0, replay.moves_in(0))
    assert end.hand.result == first.result and end.hand.layout == first.layout
    assert end.scores == controller.match.sheet[0].totals
    controller.next_hand()
    for _ in range(3):
        if controller.phase in ("human", "bot"):
            step_table(controller, person, rng)
    during = Replay.of_table(controller)
    assert during is not None and during.hand_count == 1
    assert [step.text for step in during.steps[0]] == [step.text for step in replay.steps[0]]
    assert during.frame(5, 999).hand_index == 0  # the hand being played cannot be reached
    while controller.phase in ("human", "bot"):
        step_table(controller, person, rng)
    assert replay.hand_count == 1, "a replay taken earlier does not follow the table"
    after = Replay.of_table(controller)
    assert after is not None and after.hand_count == len(controller.match.results) == 2


# --- the replay's picture --------------------------------------------------------------------------

SCENE_MATCHES = [0, 1, 3, 6]


def sampled_frames(index: int) -> Iterator[Frame]:
    """Every third point of the first two hands, and each of their ends."""
    replay = replay_of(index)
    for hand_index in range(2):
        moves = replay.moves_in(hand_index)
        for move in sorted({*range(0, moves + 1, 3), moves}):
            yield replay.frame(hand_index, move)


@pytest.mark.parametrize("index", SCENE_MATCHES, ids=[IDS[i] for i in SCENE_MATCHES])
def test_with_every_seat_shown_every_tile_is_face_up(index: int) -> None:
    """Shown = all seats: each hand's tiles are face up with their real values, in order."""
    replay = replay_of(index)
    players = match_of(index).rules.players
    for frame in sampled_frames(index):
        scene = build_replay_scene(frame, replay.names, range(players), 320, 240)
        assert [tile for tile, _ in scene.hand] == list(frame.hand.hand_of(0))
        assert all(sprite.face_up for _, sprite in scene.hand)
        for seat in scene.seats[1:]:  # (the bottom seat's tiles are the hand strip's)
            held = frame.hand.hand_of(seat.seat)
            assert seat.count == len(held) == len(seat.tiles)
            assert all(sprite.face_up for sprite in seat.tiles)
            assert [(s.first, s.second) for s in seat.tiles] == [(t.high, t.low) for t in held]


@pytest.mark.parametrize("index", SCENE_MATCHES, ids=[IDS[i] for i in SCENE_MATCHES])
def test_with_one_seat_shown_only_its_tiles_are_face_up_until_the_hand_ends(index: int) -> None:
    """Shown = one seat: only that seat's tiles face up (others as backs, no values) until the hand is over."""
    replay = replay_of(index)
    players = match_of(index).rules.players
    for frame in sampled_frames(index):
        over = frame.hand.is_over
        for shown in range(players):
            scene = build_replay_scene(frame, replay.names, {shown}, 320, 240)
            assert all(sprite.face_up == (over or shown == 0) for _, sprite in scene.hand)
            for seat in scene.seats:
                up = over or seat.seat == shown
                assert all(sprite.face_up == up for sprite in seat.tiles)
                if not up:
                    assert all((sprite.first, sprite.second) == (0, 0) for sprite in seat.tiles)
                assert seat.to_move == (not over and frame.hand.turn == seat.seat)


@pytest.mark.parametrize("index", SCENE_MATCHES, ids=[IDS[i] for i in SCENE_MATCHES])
def test_the_line_has_a_sprite_per_laid_tile_and_all_fits_a_small_canvas(index: int) -> None:
    """One line sprite per tile on the layout (the last one marked), every sprite inside 320x240 and 240x320."""
    replay = replay_of(index)
    for frame in sampled_frames(index):
        laid = len(frame.hand.layout.placements)
        for width, height in ((320, 240), (240, 320)):
            scene = build_replay_scene(frame, replay.names, {0}, width, height)
            assert len(scene.line) == laid
            assert [sprite.last for sprite in scene.line] == [i == laid - 1 for i in range(laid)]
            assert scene.targets == ()
            rects = [s.rect for s in scene.line] + [s.rect for _, s in scene.hand]
            rects += [s.rect for seat in scene.seats for s in seat.tiles] + [
                seat.rect for seat in scene.seats
            ]
            rects += [scene.board, scene.info]
            outside = [rect for rect in rects if not inside(rect, width, height)]
            assert outside == [], (frame.hand_index, frame.move, width, height, outside[:2])


def test_the_scene_names_the_seats_and_counts_the_boneyard() -> None:
    """Seat sprites carry the replay's names and positions; the info line counts the boneyard."""
    replay = replay_of(0)
    frame = replay.frame(0, 0)
    scene = build_replay_scene(frame, ("Ann", "Bob"), (), 320, 240)
    assert [seat.name for seat in scene.seats] == ["Ann", "Bob"]
    assert [seat.position for seat in scene.seats] == ["bottom", "top"]
    assert scene.info_text == f"Boneyard {frame.hand.boneyard_count}"
    block = replay_of(1).frame(0, 0)
    assert build_replay_scene(block, replay_of(1).names, (), 320, 240).info_text.startswith("Sleeping ")


def test_a_game_from_a_position_replays_from_that_position() -> None:
    """A table started from a position replays its first hand from the position, at the position's score."""
    from engine.line.notation import read_position
    from web.storage.game_record import game_from_position

    text = (
        "draw-2 2 100 overdraw=off touch-move=off ; scores 30-45 ; opener 1 ; turn 0 ; layout 5-5 6-5@5-5E "
        "5-4@5-5 6-6@6-5 6-0@6-6 5-0@6-0 5-2@5-0 ; hands 6-2 4-1 4-0 1-0 / ?3 ; stock ?14"
    )
    position = read_position(text)
    chosen, match = game_from_position(text, seed=3)
    controller = Controller.over(chosen, match)
    person, rng = make_bot("greedy"), random.Random(0)
    while controller.phase in ("human", "bot"):
        step_table(controller, person, rng)
    replay = Replay.of_table(controller)
    assert replay is not None and replay.hand_count == 1
    start = replay.frame(0, 0)
    assert start.hand.layout == position.layout
    shown = position.hands[0]
    assert not isinstance(shown, int)
    assert start.hand.hand_of(0) == tuple(sorted(shown))
    assert start.scores == (30, 45)
    end = replay.frame(0, replay.moves_in(0))
    assert end.hand.result == controller.match.hands[0].result
    assert end.scores == controller.match.sheet[0].totals


def test_a_rotated_position_plays_the_same_with_the_seat_to_move_as_seat_0() -> None:
    """Position.rotated: every seat renumbered in turn, sides' scores following, the same legal plays."""
    from engine.line.notation import Position, read_position, write_position

    for variant, players, seed in (("partnership-block", 4, 3), ("all-fives", 3, 5), ("draw-2", 2, 8)):
        match = bot_match(variant, players, seed, ["greedy"] * players, 1)
        recorded = match.hands[0]
        hand = recorded.start_copy()
        for action in recorded.actions[: len(recorded.actions) // 2]:
            hand.apply(action)
        position = Position.of(hand, tuple(range(1, hand.rules.sides + 1)))
        turned = position.rotated(hand.turn)
        assert turned.turn == 0
        assert turned.hands[0] == position.hands[hand.turn]
        plays = [str(a) for a in hand.legal_actions()]
        assert [str(a) for a in turned.hand().legal_actions()] == plays
        assert write_position(read_position(write_position(turned))) == write_position(turned)
        assert turned.rotated((players - hand.turn) % players) == position
        side = hand.rules.side_of(hand.turn)
        assert turned.scores[0] == position.scores[side]
