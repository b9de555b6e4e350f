"""The status line reads as sentences: every announcement of whole seeded matches of every table
(every variant, player count and option value) is checked, and so are a few scripted hands whose
last play ends them, the case that once ran two sentences together."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

import pytest

from engine import VARIANTS, Hand, get_variant
from tests.helpers.scripted import action, line_deal, scripted_hand, swap_hand
from tests.helpers.tables import TABLES
from web.line.controller import Controller, Settings

SEATS = ("North-West", "North-East", "You", "West", "North", "East")
# A seat name inside a sentence follows one of these; anywhere else it starts a sentence, so the
# word before it must end the last one ("... on the 2. North went out").
JOINS = {"&", "and", "choose", "chooses"}
SEAT_AFTER_WORD = re.compile(rf"(\S+)\s+(?:{'|'.join(SEATS)})\b(?!-)")


def sentence_problems(text: str) -> list[str]:
    """What is wrong with an announcement as sentences (empty: nothing)."""
    problems = []
    if not text:
        return ["nothing was said"]
    if not re.search(r"[.!?]$", text):
        problems.append("does not end with a full stop, ! or ?")
    if re.search(r"[.!?]\s*\.", text):
        problems.append("a doubled full stop")
    for found in re.finditer(r"[.!?]\s+([a-z]\w*)", text):
        problems.append(f"a sentence starts in lower case: {found.group(1)!r}")
    for found in SEAT_AFTER_WORD.finditer(text):
        word = found.group(1)
        if word not in JOINS and word[-1] not in ".!?:;,":
            problems.append(f"two sentences run together at {found.group(0)!r}")
    return problems


@pytest.mark.parametrize(
    "text",
    [
        "North plays 2-0 on the 2 North went out; North scores 5.",
        "North plays 6-4 on the 6 North calls 5!",
        "You play 6-4. blocked: You hold the fewest pips (2); You & North score 1.",
        "North went out; North scores 5..",
        "North passes",
        "East draws. You play 3-3",
    ],
)
def test_the_check_catches_run_together_text(text: str) -> None:
    assert sentence_problems(text)


@pytest.mark.parametrize(
    "text",
    [
        "North plays 2-0 on the 2. North went out; North scores 5.",
        "North plays 6-4 on the 6. North calls 5! You & North score 1.",
        "You play 3-3. Blocked: You and West tie for the fewest pips (2); nobody wins. Tie: the hand "
        "is replayed for 2.",
        "Hand 2: You & North won the last hand; You choose who leads.",
        "You choose North to lead.",
        "North-West plays 1-1 on the 1. North-West claims 10! — Muggins!",
    ],
)
def test_the_check_accepts_sentences(text: str) -> None:
    assert sentence_problems(text) == []


# --- scripted hands whose last play ends them ---------------------------------------------------


def scripted(controller: Controller, hands: Sequence[str]) -> Hand:
    """Replace the controller's hand by a scripted deal opened by the holder of 6-6."""
    return swap_hand(controller.match, scripted_hand(controller.match.rules, hands))


def play_through(controller: Controller, moves: Sequence[str]) -> list[str]:
    """Play every move through the controller (whoever is to move); what each one announced."""
    said = []
    for move in moves:
        controller.act(action(controller.match.hand, move))
        said.append(controller.last_announcement)
    return said


def test_a_play_that_goes_out_and_its_result_are_two_sentences() -> None:
    # North holds 6-6, opens and lays all seven tiles; the others keep 6-5, 3-3 and 5-5.
    controller = Controller(Settings.for_variant("jamaican-partner"), seed=1)
    hands, moves = line_deal(controller.match.rules, ["6-5", "3-3", "", "5-5"], 2, "6-6")
    scripted(controller, hands)
    said = play_through(controller, moves)
    assert re.fullmatch(r"North plays \d-\d on the \d\. North went out; You & North score 1\.", said[-1]), (
        said[-1]
    )
    for text in said:
        assert sentence_problems(text) == [], text


def test_a_play_that_blocks_the_hand_and_the_blocked_summary_are_two_sentences() -> None:
    # You 1-1, West 3-3, North 5-5, East 2-2: you hold the fewest, so You & North win.
    controller = Controller(Settings.for_variant("jamaican-partner"), seed=1)
    hands, moves = line_deal(controller.match.rules, ["1-1", "3-3", "5-5", "2-2"], 0, "6-6")
    scripted(controller, hands)
    said = play_through(controller, moves)
    assert re.fullmatch(
        r"\w+ plays? \d-\d on the \d\. Blocked: You hold the fewest pips \(2\); You & North score 1\.",
        said[-1],
    ), said[-1]
    for text in said:
        assert sentence_problems(text) == [], text


# --- whole matches of every table ---------------------------------------------------------------


def play_match(variant: str, players: int, options: dict[str, str], seed: int) -> list[str]:
    """A whole match: the person plays at random (calling and claiming too), the computer players
    as the easy level; every announcement made, in order."""
    controller = Controller(Settings.for_variant(variant, players, "greedy", options), seed)
    rng = random.Random(seed)
    said = list(controller.announcements)
    for _ in range(20000):
        phase = controller.phase
        if phase == "match-over":
            return said
        if controller.manual_scoring and rng.random() < 0.3:
            for muggins in (False, True):
                if controller.can_claim(muggins):
                    controller.claim(muggins)
                    said.append(controller.last_announcement)
        if phase == "hand-over":
            controller.next_hand()
            said.append(controller.last_announcement)
        elif phase == "bot":
            controller.bot_move()
            said.append(controller.last_announcement)
        else:
            controller.act(rng.choice(controller.view().legal_actions))
            said.append(controller.last_announcement)
    raise AssertionError(f"{variant} {players} {options}: the match did not end")


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_announcement_of_whole_matches_reads_as_sentences(variant: str) -> None:
    wrong: dict[str, list[str]] = {}
    played = 0
    for seed, (name, players, options) in enumerate(TABLES):
        if name != variant:
            continue
        for text in play_match(name, players, dict(options), seed):
            problems = sentence_problems(text)
            if problems:
                wrong.setdefault(text, problems)
        played += 1
    assert played >= len(get_variant(variant).player_counts)
    assert not wrong, "\n".join(f"{text!r}: {problems}" for text, problems in list(wrong.items())[:10])


def test_the_play_off_winner_is_named_in_the_summary() -> None:
    # You hold the fewest pips: 1-0 to You & North. East holds the fewest: 1-1, and a play-off
    # hand follows, led by West & East. You hold the fewest again and win the play-off.
    controller = Controller(Settings.for_variant("jamaican-partner", options={"playoff": "on"}), seed=12)
    you_lowest, east_lowest = ["1-1", "3-3", "5-5", "2-2"], ["5-5", "1-1", "2-2", "3-3"]
    said: list[str] = []
    for keep, starter in ((you_lowest, 0), (east_lowest, 2), (you_lowest, 1)):
        if said:
            controller.next_hand()
        opening = controller.match.hand.opening
        prefix = [f"lead:{starter}"] if opening.lead_choices else []
        hands, moves = line_deal(controller.match.rules, keep, starter, "6-6")
        swap_hand(
            controller.match,
            scripted_hand(controller.match.rules, hands, opening=opening if prefix else None),
        )
        said = play_through(controller, [*prefix, *moves])
        if starter == 2:
            assert said[-1].endswith(" 1-1: a play-off hand follows."), said[-1]
    assert said[-1].endswith(
        ". Blocked: You hold the fewest pips (2); You & North score 2. You & North win the play-off: 2-0."
    ), said[-1]
