"""Dice and Dominoes: a session for chips (antes, the pot, shares, dropping out, the end)."""

from __future__ import annotations

import random

import pytest

from engine import IllegalActionError, parse_tile
from engine.dice.hand import DiceHand
from engine.dice.round import Commitment
from engine.dice.session import DiceSession


def t(*texts: str) -> list:
    return [parse_tile(text) for text in texts]


def play_hand(session: DiceSession, rng: random.Random) -> None:
    """Every player discards as much as the dice allow (a random choice among those)."""
    for _ in range(500):
        hand = session.hand
        assert hand is not None
        if hand.is_over:
            return
        for index in hand.awaiting_rethrow:
            session.choose_rethrow(session.seats_in_hand[index], rng.random() < 0.5)
        for seat in session.seats_in_hand:
            legal = session.legal_commitments(seat)
            most = max(len(c.up) for c in legal)
            session.commit(seat, rng.choice([c for c in legal if len(c.up) == most]))
    raise AssertionError("the hand did not end")


def test_each_hand_starts_with_the_antes_in_the_pot() -> None:
    session = DiceSession(3, random.Random(1), chips=10, ante=2)
    assert session.chips == [8, 8, 8] and session.pot == 6 and session.hand_number == 1
    assert session.seats_in_hand == (0, 1, 2)
    with pytest.raises(IllegalActionError) as early:
        session.next_hand()
    assert early.value.code == "hand-in-play"


def scripted_end(session: DiceSession, hands: list[list], dice: tuple[int, int]) -> None:
    """Replace the hand in play by a scripted one on ``dice`` with an empty boneyard."""
    hand = DiceHand(len(hands), random.Random(0))
    hand.hands, hand.boneyard, hand.dice = [list(h) for h in hands], [], dice
    session.hand = hand


def test_the_winner_takes_the_pot_and_an_odd_chip_of_a_split_stays() -> None:
    session = DiceSession(3, random.Random(1), chips=10, ante=1)
    session.pot = 5
    scripted_end(session, [t("2-0"), t("6-3"), t("4-4", "5-4")], (2, 6))
    session.commit(0, Commitment(tuple(t("2-0")), ()))
    session.commit(1, Commitment(tuple(t("6-3")), ()))
    session.commit(2, Commitment((), tuple(t("4-4", "5-4"))))
    assert session.hand is not None and session.hand.winners == (0, 1)
    assert session.chips == [9 + 2, 9 + 2, 9] and session.pot == 1  # 5 shared by two: one stays


def test_everyone_out_together_leaves_the_pot_for_the_next_hand() -> None:
    session = DiceSession(2, random.Random(1), chips=10, ante=1)
    scripted_end(session, [t("2-0"), t("6-3")], (2, 6))
    session.commit(0, Commitment(tuple(t("2-0")), ()))
    session.commit(1, Commitment(tuple(t("6-3")), ()))
    assert session.pot == 2
    session.next_hand()
    assert session.pot == 4 and session.chips == [8, 8]


def test_a_player_without_chips_for_the_ante_drops_out_and_the_session_ends_with_one_left() -> None:
    session = DiceSession(3, random.Random(1), chips=3, ante=1)
    session.chips = [5, 0, 0]  # (after some hands: seat 0 won them)
    session.pot = 0
    scripted_end(session, [t("2-0"), t("6-3", "1-1"), t("4-4", "5-4")], (2, 6))
    session.commit(0, Commitment(tuple(t("2-0")), ()))
    session.commit(1, Commitment((), tuple(t("6-3", "1-1"))))
    session.commit(2, Commitment((), tuple(t("4-4", "5-4"))))
    assert session.is_over
    with pytest.raises(IllegalActionError):
        session.next_hand()


def test_the_extra_ante_is_paid_after_each_drawing_round() -> None:
    session = DiceSession(2, random.Random(3), chips=10, ante=1, extra_ante=True)
    hand = session.hand
    assert hand is not None
    before = session.pot
    for seat in (0, 1):
        held = hand.hands[seat]
        session.commit(seat, Commitment((), tuple(held[:2])))  # nobody discards: both draw
    assert session.pot == before + 2 and session.chips == [8, 8]


def test_the_first_throw_passes_round_the_players_still_in() -> None:
    session = DiceSession(3, random.Random(4), chips=10)
    throwers = []
    rng = random.Random(4)
    for _ in range(4):
        assert session.hand is not None
        throwers.append(session.seats_in_hand[session.hand.thrower])
        play_hand(session, rng)
        session.next_hand()
    assert throwers == [0, 1, 2, 0]


@pytest.mark.parametrize("players, extra", [(2, False), (3, True), (5, False), (6, True)])
def test_chips_are_conserved_and_a_session_ends(players: int, extra: bool) -> None:
    for seed in range(6):
        rng = random.Random(seed)
        session = DiceSession(players, random.Random(seed), chips=4, extra_ante=extra)
        for _ in range(400):
            play_hand(session, rng)
            assert sum(session.chips) + session.pot == 4 * players
            assert min(session.chips) >= 0
            if session.is_over:
                break
            session.next_hand()
        assert session.is_over, f"seed {seed}: no end in 400 hands"
