"""Exports to abw333's ``dominoes`` and to OpenSpiel (``engine.line.export``), checked without either package.

Each exported hand of a seeded bot match is replayed by a small checker written here from
the two engines' sources (dominoes/game.py and board.py; open_spiel/python/games/
block_dominoes.py and team_dominoes.py), not by our engine: the deal, whose turn it is,
that each domino fits the end it goes on, how the ends change, the automatic passes and
the result must all come out as the export says. ``docs/exporters.md`` says how to
replay an export in the real packages.
"""

from __future__ import annotations

import contextlib
import copy
import io
import itertools
import json
import re
import subprocess
import sys
from collections import deque
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from engine import EngineError, Match, Side, Tile, make_rules
from engine.game import bot_rng
from engine.line.ai import make_bot
from engine.line.export import (
    main,
    openspiel_deal_action,
    openspiel_play_action,
    openspiel_play_string,
    to_abw333,
    to_openspiel,
)
from engine.line.notation import read_record, write_record
from engine.line.selfplay import next_bot_action

ROOT = Path(__file__).resolve().parents[2]
DOUBLE_SIX = sorted((low, high) for high in range(7) for low in range(high + 1))

# --- seeded bot matches ------------------------------------------------------------------------


def bot_play(
    variant: str,
    players: int,
    seed: int,
    levels: list[str],
    options: Mapping[str, str] | None = None,
    hands: int = 4,
    last_moves: int | None = None,
) -> Match:
    """A seeded bot match of ``hands`` hands (or fewer if it is won); with ``last_moves``, the last
    hand stops after that many actions."""
    match = Match(make_rules(variant, players, None, options), seed)
    bots = [make_bot(level) for level in levels]
    rngs = [bot_rng(seed, seat) for seat in range(players)]
    while True:
        last = len(match.hands) >= hands or match.is_over
        moves = 0
        while not match.hand.is_over and not (last and last_moves is not None and moves >= last_moves):
            match.apply(next_bot_action(match, bots, rngs))
            moves += 1
        if last or match.is_over:
            return match
        match.next_hand()


PB_LEVELS = ["greedy", "random", "random", "greedy"]
PB_OPTIONS = [{}, {"direction": "anticlockwise"}, {"partner-draw": "on"}]

# --- abw333's rules, from dominoes/game.py and dominoes/board.py -------------------------------


def abw333_replay(hand: dict[str, Any]) -> None:
    """Replay an exported hand by abw333's rules; assert that it says what the export says."""
    held = [[tuple(domino) for domino in tiles] for tiles in hand["hands"]]
    assert [len(tiles) for tiles in held] == [7, 7, 7, 7]
    assert sorted(tuple(sorted(d)) for tiles in held for d in tiles) == DOUBLE_SIX
    board: deque[tuple[int, int]] = deque()
    history: list[Any] = []
    player = hand["starting_player"]
    result = None
    for domino, left in hand["moves"]:
        assert result is None, "a move after the end of the game"
        a, b = domino
        mine = [tuple(sorted(d)) for d in held[player]]
        assert (min(a, b), max(a, b)) in mine, f"player {player} does not hold {domino}"
        held[player].pop(mine.index((min(a, b), max(a, b))))
        if not board:
            assert left is True
            if hand["starting_domino"] is not None:
                assert sorted(domino) == sorted(hand["starting_domino"])
            board.append((a, b))  # as given: a faces left
        elif left:
            end = board[0][0]
            assert end in (a, b), f"{domino} does not fit the left end {end}"
            board.appendleft((b if a == end else a, end))
        else:
            end = board[-1][1]
            assert end in (a, b), f"{domino} does not fit the right end {end}"
            board.append((end, b if a == end else a))
        history.append([list(domino), left])
        if not held[player]:
            pips = [sum(map(sum, tiles)) for tiles in held]
            result = {"player": player, "won": True, "points": (-1) ** player * sum(pips)}
            continue
        ends = (board[0][0], board[-1][1])
        passes: list[None] = []
        for _ in range(4):
            player = (player + 1) % 4
            if any(end in d for d in held[player] for end in ends):
                history.extend(passes)
                break
            passes.append(None)
        else:  # nobody can play: player is back to the last one who played
            pips = [sum(map(sum, tiles)) for tiles in held]
            team = (pips[0] + pips[2], pips[1] + pips[3])
            points = 0 if team[0] == team[1] else sum(team) if team[0] < team[1] else -sum(team)
            result = {"player": player, "won": False, "points": points}
    assert history == hand["history"]
    assert [list(tile) for tile in board] == hand["board"]
    assert result == hand["result"]


# --- OpenSpiel's rules, from open_spiel/python/games/block_dominoes.py and team_dominoes.py ------

DECK = list(itertools.combinations_with_replacement(range(7), 2))
EDGES = [None, 0, 1, 2, 3, 4, 5, 6]


def action_table(players: int) -> list[tuple[int, tuple[int, int], int | None]]:
    """OpenSpiel's actions in its order (create_possible_actions)."""
    return [
        (player, tile, edge)
        for player in range(players)
        for tile in DECK
        for edge in EDGES
        if edge is None or edge in tile
    ]


def action_text(player: int, tile: tuple[int, int], edge: int | None) -> str:
    """OpenSpiel's text of an action (Action.__str__)."""
    floats = (float(tile[0]), float(tile[1]))
    return f"p{player} tile:{floats} pip:{None if edge is None else float(edge)}"


def openspiel_replay(hand: dict[str, Any]) -> None:
    """Replay an exported hand by OpenSpiel's rules; assert that it says what the export says."""
    players = {"python_block_dominoes": 2, "python_team_dominoes": 4}[hand["game"]]
    table = action_table(players)
    actions, texts = hand["actions"], hand["action_strings"]
    assert len(actions) == len(texts)
    deck = list(DECK)
    held: list[list[tuple[int, int]]] = [[] for _ in range(players)]
    dealt = 14 if players == 2 else 28
    assert hand["deal_actions"] == dealt
    for index, (action, text) in enumerate(zip(actions[:dealt], texts[:dealt], strict=True)):
        tile = DECK[action]
        assert text == f"Deal {(float(tile[0]), float(tile[1]))}"
        deck.remove(tile)  # each tile is dealt once
        if players == 2:
            (held[0] if len(held[0]) != 7 else held[1]).append(tile)
        else:
            held[index % 4].append(tile)
    assert [len(tiles) for tiles in held] == [7] * players
    edges: list[int] = []
    current: int | None = 0
    over = False

    def legal(player: int) -> bool:
        """Whether ``player`` has an action (get_legal_actions is not empty)."""
        return any(tile[0] in edges or tile[1] in edges for tile in held[player])

    for action, text in zip(actions[dealt:], texts[dealt:], strict=True):
        assert not over, "an action after the end of the game"
        player, tile, edge = table[action]
        assert text == action_text(player, tile, edge)
        assert player == current, f"{text}: player {current} is to move"
        assert tile in held[player]
        held[player].remove(tile)
        if not edges:
            assert edge is None
            edges = list(tile)
        else:
            assert edge in edges, f"{text}: no open end shows {edge}"
            edges.remove(edge)
            edges.append(tile[1] if tile[0] == edge else tile[0])
        edges.sort()
        if not held[player]:
            over = True
            continue
        order = [1 - player, player] if players == 2 else [(player + step) % 4 for step in range(1, 5)]
        current = next((other for other in order if legal(other)), None)
        over = current is None
    assert over == hand["terminal"]
    if not over:
        assert hand["returns"] is None
        return
    pips = [sum(map(sum, tiles)) for tiles in held]
    side = pips if players == 2 else [pips[0] + pips[2], pips[1] + pips[3]]
    if side[0] == side[1]:
        returns = [0] * players
    elif side[1] > side[0]:
        returns = [side[1], -side[1]] * (players // 2)
    else:
        returns = [-side[0], side[0]] * (players // 2)
    assert returns == hand["returns"]


# --- the exports replay -------------------------------------------------------------------------


@pytest.mark.parametrize("options", PB_OPTIONS, ids=["clockwise", "anticlockwise", "partner-draw"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_partnership_block_replays_by_abw333_rules(seed: int, options: dict[str, str]) -> None:
    match = bot_play("partnership-block", 4, seed, PB_LEVELS, options)
    exported = to_abw333(match)
    assert [hand["hand"] for hand in exported] == list(range(1, len(match.hands) + 1))
    for hand, ours in zip(exported, match.hands, strict=True):
        abw333_replay(hand)
        played = sum(1 for action in ours.actions if str(action) != "pass")
        assert len(hand["moves"]) == played and len(hand["history"]) == len(ours.actions)


@pytest.mark.parametrize("options", PB_OPTIONS, ids=["clockwise", "anticlockwise", "partner-draw"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_partnership_block_replays_by_openspiel_team_rules(seed: int, options: dict[str, str]) -> None:
    match = bot_play("partnership-block", 4, seed, PB_LEVELS, options)
    exported = to_openspiel(match)
    assert {hand["game"] for hand in exported} == {"python_team_dominoes"}
    for hand in exported:
        openspiel_replay(hand)


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_two_player_block_replays_by_openspiel_block_rules(seed: int) -> None:
    match = bot_play("block", 2, seed, ["greedy", "random"], hands=5)
    exported = to_openspiel(match)
    assert {hand["game"] for hand in exported} == {"python_block_dominoes"}
    for hand, ours in zip(exported, match.hands, strict=True):
        openspiel_replay(hand)
        assert hand["returns"] == hand["our_returns"]  # out always wins, on fewer pips too
        assert hand["player_of_seat"][ours.opening.seat] == 0


def test_every_tile_is_dealt_once_and_as_dealt() -> None:
    match = bot_play("partnership-block", 4, 5, PB_LEVELS, hands=2)
    for hand, ours in zip(to_abw333(match), match.hands, strict=True):
        assert sorted(tuple(d) for tiles in hand["hands"] for d in tiles) == DOUBLE_SIX
        for seat, player in enumerate(hand["player_of_seat"]):
            assert hand["hands"][player] == [[tile.low, tile.high] for tile in ours.dealt[seat]]
    for hand, ours in zip(to_openspiel(match), match.hands, strict=True):
        deal = [DECK[action] for action in hand["actions"][:28]]
        assert sorted(deal) == DOUBLE_SIX
        for seat, player in enumerate(hand["player_of_seat"]):
            assert deal[player::4] == [(tile.low, tile.high) for tile in ours.dealt[seat]]


def test_an_unfinished_hand_is_exported_as_far_as_it_went() -> None:
    match = bot_play(
        "partnership-block", 4, 8, PB_LEVELS, {"direction": "anticlockwise"}, hands=2, last_moves=9
    )
    assert not match.hand.is_over and len(match.hand.actions) == 9
    abw333, openspiel = to_abw333(match)[-1], to_openspiel(match)[-1]
    abw333_replay(abw333)
    openspiel_replay(openspiel)
    assert abw333["result"] is None and abw333["our_points"] is None
    assert len(abw333["history"]) == 9 and len(abw333["board"]) == len(abw333["moves"])
    assert (
        openspiel["terminal"] is False and openspiel["returns"] is None and openspiel["our_returns"] is None
    )


def test_a_first_hand_of_partnership_block_opens_with_the_double_six_on_the_left() -> None:
    match = bot_play("partnership-block", 4, 4, PB_LEVELS, hands=1)
    hand = to_abw333(match)[0]
    opener = match.hands[0].opening.seat
    assert hand["starting_domino"] == [6, 6] and hand["starting_player"] == opener
    assert [6, 6] in hand["hands"][opener] and hand["moves"][0] == [[6, 6], True]


def test_seats_map_clockwise_as_they_are_and_anticlockwise_in_a_mirror() -> None:
    clockwise = bot_play("partnership-block", 4, 6, PB_LEVELS, hands=3)
    anticlockwise = bot_play("partnership-block", 4, 6, PB_LEVELS, {"direction": "anticlockwise"}, hands=3)
    assert all(hand["player_of_seat"] == [0, 1, 2, 3] for hand in to_abw333(clockwise))
    assert all(hand["player_of_seat"] == [0, 3, 2, 1] for hand in to_abw333(anticlockwise))
    for match, step in ((clockwise, 1), (anticlockwise, -1)):
        for hand, ours in zip(to_openspiel(match), match.hands, strict=True):
            opener = ours.opening.seat
            assert hand["player_of_seat"] == [((seat - opener) * step) % 4 for seat in range(4)]


def test_the_opening_tile_faces_west_to_the_left_and_east_to_the_right() -> None:
    match = bot_play("partnership-block", 4, 9, PB_LEVELS, hands=1)
    hand, layout = to_abw333(match)[0], match.hands[0].layout
    opening = layout.placements[0]
    assert hand["board"][len(layout.arm(Side.WEST))] == [opening.tile.low, opening.tile.high]
    showing = {end.side: value for end, value in zip(layout.ends, layout.values, strict=True)}
    assert (hand["board"][0][0], hand["board"][-1][1]) == (showing[Side.WEST], showing[Side.EAST])


def test_our_scores_agree_with_the_anchors_except_where_openspiel_counts_pips_after_an_out() -> None:
    differ = 0
    for seed in range(1, 7):
        match = bot_play("partnership-block", 4, seed, PB_LEVELS, hands=6)
        for abw333, openspiel, ours in zip(to_abw333(match), to_openspiel(match), match.hands, strict=True):
            result = ours.result
            assert result is not None
            points = abw333["result"]["points"]
            assert (points > 0, points < 0) == (abw333["our_points"] > 0, abw333["our_points"] < 0)
            if openspiel["returns"] != openspiel["our_returns"]:
                differ += 1
                assert result.reason == "out" and result.winner_side is not None
                assert result.side_pips[result.winner_side] >= result.side_pips[1 - result.winner_side]
            elif result.reason == "out" and result.winner_side is not None:
                assert result.side_pips[result.winner_side] < result.side_pips[1 - result.winner_side]
    assert differ  # these seeds have such hands


# --- the checkers have teeth -----------------------------------------------------------------------


def test_the_checkers_catch_a_domino_sent_to_the_wrong_end() -> None:
    match = bot_play("partnership-block", 4, 2, PB_LEVELS, hands=1)
    hand = to_abw333(match)[0]
    for index in range(1, len(hand["moves"])):
        tampered = copy.deepcopy(hand)
        tampered["moves"][index][1] = not tampered["moves"][index][1]
        with pytest.raises(AssertionError):
            abw333_replay(tampered)
    spiel = to_openspiel(match)[0]
    for index in range(spiel["deal_actions"] + 1, len(spiel["actions"])):
        tampered = copy.deepcopy(spiel)
        action = tampered["actions"][index]
        player, tile, edge = action_table(4)[action]
        if tile[0] == tile[1]:
            continue
        other = tile[1] if edge == tile[0] else tile[0]
        tampered["actions"][index] = openspiel_play_action(player, Tile(*tile), other)
        tampered["action_strings"][index] = action_text(player, tile, other)
        with pytest.raises(AssertionError):
            openspiel_replay(tampered)


def test_openspiel_action_numbers_follow_its_table() -> None:
    for players in (2, 4):
        for number, (player, tile, edge) in enumerate(action_table(players)):
            assert openspiel_play_action(player, Tile(*tile), edge) == number
            assert openspiel_play_string(player, Tile(*tile), edge) == action_text(player, tile, edge)
    assert [openspiel_deal_action(Tile(*tile)) for tile in DECK] == list(range(28))
    assert openspiel_play_action(1, Tile(0, 0), None) == 77


# --- what cannot be exported ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("exporter", "variant", "players", "options", "said"),
    [
        (to_abw333, "block", 2, {}, "2 players"),
        (to_abw333, "block", 4, {}, "each for himself"),
        (to_abw333, "jamaican-partner", 4, {}, "single player with the fewest pips"),
        (to_abw333, "pub-block", 4, {}, "6 tiles"),
        (to_abw333, "draw", 4, {"partners": "on"}, "draws from the boneyard"),
        (to_abw333, "cut-throat", 4, {}, "each for himself"),
        (to_openspiel, "block", 3, {}, "3 players"),
        (to_openspiel, "block", 4, {}, "each for himself"),
        (to_openspiel, "block", 5, {}, "5 players"),
        (to_openspiel, "draw-2", 2, {}, "draws from the boneyard"),
        (to_openspiel, "cut-throat", 2, {}, "14 tiles"),
        (to_openspiel, "all-fives", 2, {}, "points are scored during play"),
        (to_openspiel, "cross", 2, {}, "spinners"),
        (to_openspiel, "pub-block", 2, {"set": "double-nine"}, "double-9 set"),
        (to_openspiel, "jamaican-partner", 4, {}, "single player with the fewest pips"),
    ],
)
def test_rule_sets_the_anchor_does_not_play_are_not_exportable(
    exporter: Any, variant: str, players: int, options: dict[str, str], said: str
) -> None:
    match = Match(make_rules(variant, players, None, options), 1)
    with pytest.raises(EngineError) as raised:
        exporter(match)
    assert raised.value.code == "not-exportable"
    assert f"{variant} with {players} players cannot be exported" in str(raised.value)
    assert said in str(raised.value)


# --- the command line ------------------------------------------------------------------------------


def run_main(args: list[str]) -> tuple[int, str, str]:
    """The command line run in-process: exit status, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(args)
    return status, out.getvalue(), err.getvalue()


def test_the_command_line_prints_the_export_of_a_record(tmp_path: Path) -> None:
    match = bot_play("partnership-block", 4, 3, PB_LEVELS, hands=2, last_moves=5)
    path = tmp_path / "game.txt"
    path.write_text(write_record(match), encoding="utf-8")
    again = read_record(path.read_text(encoding="utf-8"))
    for name, exporter in (("abw333", to_abw333), ("openspiel", to_openspiel)):
        status, out, err = run_main([name, str(path)])
        assert (status, err) == (0, "")
        assert json.loads(out) == exporter(again) == json.loads(json.dumps(exporter(match)))
    block = tmp_path / "block.txt"
    block.write_text(write_record(bot_play("block", 2, 3, ["greedy", "random"], hands=2)), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "engine.line.export", "openspiel", str(block)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    for hand in json.loads(done.stdout):
        openspiel_replay(hand)


def test_the_command_line_says_what_is_wrong(tmp_path: Path) -> None:
    assert run_main([])[0] == 2
    assert run_main(["pgn", "x.txt"])[0] == 2
    status, out, err = run_main(["abw333", str(tmp_path / "missing.txt")])
    assert (status, out) == (1, "") and "cannot be read" in err
    bad = tmp_path / "bad.txt"
    bad.write_text('[Variant "no-such-game"]\n', encoding="utf-8")
    status, out, err = run_main(["abw333", str(bad)])
    assert (status, out) == (1, "") and "not a valid record" in err
    block = tmp_path / "block.txt"
    block.write_text(write_record(bot_play("block", 2, 3, ["greedy", "random"], hands=1)), encoding="utf-8")
    status, out, err = run_main(["abw333", str(block)])
    assert (status, out) == (1, "") and "block with 2 players cannot be exported to abw333" in err


# --- docs/exporters.md -----------------------------------------------------------------------------

DOC = ROOT / "docs" / "exporters.md"


def test_the_docs_replay_snippets_compile_and_read_only_exported_keys() -> None:
    text = DOC.read_text(encoding="utf-8")
    snippets = {
        name: code
        for code in re.findall(r"```python\n(.*?)```", text, re.S)
        for name in ("abw333", "openspiel")
        if f'open("{name}.json")' in code
    }
    assert set(snippets) == {"abw333", "openspiel"}
    match = bot_play("partnership-block", 4, 1, PB_LEVELS, hands=1)
    for name, exported in (("abw333", to_abw333(match)[0]), ("openspiel", to_openspiel(match)[0])):
        compile(snippets[name], f"exporters.md ({name})", "exec")
        used = set(re.findall(r'hand\["(\w+)"\]', snippets[name]))
        assert used and used <= set(exported), used - set(exported)


def test_the_docs_quote_the_not_exportable_messages_word_for_word() -> None:
    text = DOC.read_text(encoding="utf-8")
    quoted = re.search(r"```text\n(.*?)```", text, re.S)
    assert quoted is not None
    said = []
    for exporter, variant, players in (
        (to_openspiel, "block", 4),
        (to_openspiel, "draw-2", 2),
        (to_abw333, "jamaican-partner", 4),
    ):
        with pytest.raises(EngineError) as raised:
            exporter(Match(make_rules(variant, players), 1))
        said.append(str(raised.value))
    assert quoted.group(1).splitlines() == said
