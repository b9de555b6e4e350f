"""What the end-of-hand summary says about a blocked hand: it names the winner the engine chose,
by the count its blocked-hand rule went by.

One test per blocked-hand rule (``lowest-player``, ``lowest-side``), with and without
partnerships where a variant plays both, each with a win and a tie, on real blocked hands
(every tile but the kept ones laid in one line; see :func:`tests.helpers.scripted.line_deal`).
A sweep of random hands of every variant then checks every blocked summary against the result.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine import VARIANTS, BlockedWinner, HandResult, Rules, make_rules
from engine.line.selfplay import play_random_hand
from tests.helpers.scripted import line_deal, play, scripted_hand

# The table's names (web/line/controller.py seat_names): the person at seat 0, then clockwise.
FOUR = ["You", "West", "North", "East"]
THREE = ["You", "West", "East"]

SUMMARY = re.compile(
    r"blocked: (?P<who>.+?) (?:holds?|tie for) the fewest pips(?P<together> between them)? "
    r"\((?P<count>\d+)\); (?P<award>.+)"
)


def blocked(rules: Rules, keep: Sequence[str], opener: int = 0, sleeping: str = "") -> HandResult:
    """Play a hand in which every tile but ``keep`` (and ``sleeping``) is laid and nobody can go on."""
    hands, moves = line_deal(rules, keep, opener, "6-6", sleeping)
    hand = scripted_hand(rules, hands)
    play(hand, *moves)
    result = hand.result
    assert result is not None and result.reason == "blocked", "the scripted hand did not block"
    assert result.blocked_rule is rules.blocked_winner
    return result


def parse(summary: str) -> re.Match[str]:
    found = SUMMARY.fullmatch(summary)
    assert found is not None, f"not a blocked-hand summary: {summary!r}"
    return found


def named(who: str) -> list[str]:
    """The names in ``"You"``, ``"You and West"``, ``"You, West and East"``, keeping ``"You & North"`` whole."""
    return re.split(r", | and ", who)


# --- lowest-player: the single player with the fewest pips decides ----------------------------

JAMAICAN = make_rules("jamaican-partner")


def test_lowest_player_with_partners_names_the_lowest_player_not_the_team_totals() -> None:
    # You 1-1, West 3-3, North 5-5, East 2-2: West & East hold 10 together against 12, but
    # your 2 is the fewest any single player holds, so You & North win.
    result = blocked(JAMAICAN, ["1-1", "3-3", "5-5", "2-2"])
    assert result.pips == (2, 6, 10, 4) and result.side_pips == (12, 10)
    assert (result.winner_side, result.winner_seat) == (0, 0)
    assert result.describe(FOUR) == "blocked: You hold the fewest pips (2); You & North score 1"


def test_lowest_player_with_partners_the_other_team_wins_on_its_lowest_player() -> None:
    # You 2-0, West 1-0, North 2-1, East 5-5: your side holds 5 together against 11, but
    # West's 1 is the fewest, so West & East win.
    result = blocked(JAMAICAN, ["2-0", "1-0", "2-1", "5-5"])
    assert result.pips == (2, 1, 3, 10) and result.side_pips == (5, 11)
    assert (result.winner_side, result.winner_seat) == (1, 1)
    assert result.describe(FOUR) == "blocked: West holds the fewest pips (1); West & East score 1"


def test_lowest_player_with_partners_tied_partners_win_for_their_team() -> None:
    result = blocked(JAMAICAN, ["1-1", "3-0", "2-0", "3-2"])
    assert result.pips == (2, 3, 2, 5) and result.winner_side == 0
    assert result.describe(FOUR) == "blocked: You and North tie for the fewest pips (2); You & North score 1"


def test_lowest_player_with_partners_tied_opponents_make_a_tie() -> None:
    # Side totals 5 and 7 would not tie: the tie is of two single players.
    result = blocked(JAMAICAN, ["1-1", "2-0", "3-0", "3-2"])
    assert result.pips == (2, 2, 3, 5) and result.side_pips == (5, 7) and result.is_tie
    assert result.describe(FOUR) == "blocked: You and West tie for the fewest pips (2); nobody wins"


CUT_THROAT = make_rules("cut-throat", 3)


def test_lowest_player_without_partners_names_the_player() -> None:
    result = blocked(CUT_THROAT, ["2-2", "1-1", "3-3"])
    assert (result.winner_side, result.winner_seat) == (1, 1)
    assert result.describe(THREE) == "blocked: West holds the fewest pips (2); scores 1"


def test_lowest_player_without_partners_a_tie_names_the_tied_players() -> None:
    result = blocked(CUT_THROAT, ["1-1 3-0", "2-2 1-0", "3-1 4-4"])
    assert result.pips == (5, 5, 12) and result.is_tie
    assert result.describe(THREE) == "blocked: You and West tie for the fewest pips (5); nobody wins"


# --- lowest-side: partners' tiles are added ----------------------------------------------------

PARTNERSHIP_BLOCK = make_rules("partnership-block")


def test_lowest_side_with_partners_names_the_team_by_its_total() -> None:
    # The deal of the Jamaican test above: your 2 is the fewest, but here the team totals
    # decide and West & East hold 10 to your side's 12. They score the losers' 12.
    result = blocked(PARTNERSHIP_BLOCK, ["1-1", "3-3", "5-5", "2-2"])
    assert result.pips == (2, 6, 10, 4) and result.side_pips == (12, 10)
    assert result.winner_side == 1
    assert result.describe(FOUR) == "blocked: West & East hold the fewest pips between them (10); score 12"


def test_lowest_side_with_partners_a_tie_of_the_totals() -> None:
    result = blocked(PARTNERSHIP_BLOCK, ["1-1", "2-2", "4-4", "3-3"])
    assert result.side_pips == (10, 10) and result.is_tie
    assert result.describe(FOUR) == (
        "blocked: You & North and West & East tie for the fewest pips between them (10); nobody wins"
    )


PUB_SLEEPING = "5-5 4-0 4-1 1-0"


def test_lowest_side_with_partners_in_the_pub_game_scores_the_difference() -> None:
    result = blocked(make_rules("pub-block"), ["2-2", "3-3", "1-1", "4-4"], sleeping=PUB_SLEEPING)
    assert result.side_pips == (6, 14) and result.winner_side == 0
    assert result.describe(FOUR) == "blocked: You & North hold the fewest pips between them (6); score 8"


PUB_ALONE = make_rules("pub-block", options={"partners": "off"})


def test_lowest_side_without_partners_names_the_player() -> None:
    result = blocked(PUB_ALONE, ["2-2", "3-3", "1-1", "4-4"], sleeping=PUB_SLEEPING)
    assert (result.winner_side, result.winner_seat) == (2, 2)
    assert result.describe(FOUR) == "blocked: North holds the fewest pips (2); scores 12"


def test_lowest_side_without_partners_a_tie_names_the_tied_players() -> None:
    result = blocked(PUB_ALONE, ["3-0", "2-1", "4-4", "3-1 2-0"], sleeping=PUB_SLEEPING)
    assert result.pips == (3, 3, 8, 6) and result.is_tie
    assert result.describe(FOUR) == "blocked: You and West tie for the fewest pips (3); nobody wins"


def test_lowest_side_without_partners_you_take_the_plural() -> None:
    result = blocked(make_rules("block", 3), ["1-1", "2-2", "3-3"], sleeping="0-0 4-4 5-5 5-0 4-0 4-1 5-1")
    assert result.winner_seat == 0
    assert result.describe(THREE) == "blocked: You hold the fewest pips (2); score 10"


# --- every variant: the summary agrees with the result ------------------------------------------


def check_summary(result: HandResult, names: Sequence[str]) -> None:
    """The blocked summary names whom the rule picked, with the count the rule went by."""
    found = parse(result.describe(names))
    who = named(found["who"])
    count = int(found["count"])
    by_side = result.partnerships and result.blocked_rule is BlockedWinner.LOWEST_SIDE
    assert bool(found["together"]) == by_side
    if by_side:
        assert count == min(result.side_pips)
        lowest = [
            result.side_name(side, names) for side, pips in enumerate(result.side_pips) if pips == count
        ]
    else:
        assert count == min(result.pips)
        lowest = [names[seat] for seat, pips in enumerate(result.pips) if pips == count]
    assert who == lowest
    if result.winner_side is None:
        assert found["award"] == "nobody wins"
        return
    assert result.winner_seat is not None
    points = result.points[result.winner_side]
    side = result.side_name(result.winner_side, names)
    if by_side:
        assert who == [side]
    else:
        assert names[result.winner_seat] in who and result.pips[result.winner_seat] == count
    if result.partnerships and not by_side:
        assert found["award"] in (f"{side} score {points}", f"{side} scores {points}")
    else:
        assert found["award"] in (f"score {points}", f"scores {points}")


def tables() -> list[tuple[str, int, dict[str, str]]]:
    """Every variant at every player count, four players with and without partners where both are played."""
    found = []
    for variant in VARIANTS.values():
        for players in variant.player_counts:
            partners = [option for option in variant.options_for(players) if option.id == "partners"]
            for value in partners[0].values if partners else ("",):
                found.append((variant.id, players, {"partners": value} if value else {}))
    return found


def test_every_blocked_summary_names_the_winner_the_engine_chose() -> None:
    """Random hands of every table; each blocked-hand rule is met with and without partners
    (the scripted tests above pin the ties, which random play rarely gives a partnership)."""
    seen: set[tuple[str, bool]] = set()
    for variant, players, options in tables():
        rules = make_rules(variant, players, options=options)
        names = ["You", "West", "North", "East", "North-East"][:players]
        for seed in range(30):
            result = play_random_hand(rules, seed)
            if result.reason == "blocked":
                check_summary(result, names)
                seen.add((result.blocked_rule.value, result.partnerships))
    every = {(rule.value, partners) for rule in BlockedWinner for partners in (False, True)}
    assert seen == every, f"no random blocked hand for {every - seen}; try more seeds"
