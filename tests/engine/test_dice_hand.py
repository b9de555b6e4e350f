"""Dice and Dominoes: a hand's state machine (deal, simultaneous commitments, reveals,
draws, the Match Points, going out), and what each seat may see."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import IllegalActionError, RulesError, full_set, parse_tile
from engine.dice.hand import DiceHand, SeededSource
from engine.dice.round import Commitment


def t(*texts: str) -> list:
    return [parse_tile(text) for text in texts]


def scripted(
    hands: list[list], dice: tuple[int, int], boneyard: list | None = None, seed: int = 0
) -> DiceHand:
    hand = DiceHand(len(hands), random.Random(seed))
    hand.hands = [list(h) for h in hands]
    hand.boneyard = list(boneyard or [])
    hand.dice = dice
    return hand


def eager(hand: DiceHand, seat: int, rng: random.Random) -> Commitment:
    """A player who discards as much as the dice allow, else a random legal commitment."""
    legal = hand.legal_commitments(seat)
    most = max(len(c.up) for c in legal)
    return rng.choice([c for c in legal if len(c.up) == most])


def test_a_hand_deals_four_tiles_each_and_throws_the_dice_from_the_seed() -> None:
    first = DiceHand(3, random.Random(9))
    again = DiceHand(3, random.Random(9))
    assert [len(h) for h in first.hands] == [4, 4, 4] and len(first.boneyard) == 16
    assert all(1 <= die <= 6 for die in first.dice)
    assert (first.hands, first.boneyard, first.dice) == (again.hands, again.boneyard, again.dice)
    with pytest.raises(RulesError) as short:
        DiceHand(8, random.Random(1))  # 32 tiles for one set of 28: add a set
    assert short.value.code == "bad-sets"
    assert len(DiceHand(8, random.Random(1), sets=2).boneyard) == 24


def test_commitments_are_simultaneous_and_secret_until_the_reveal() -> None:
    hand = scripted([t("2-0", "6-1", "3-3"), t("4-4", "5-4", "1-1")], (2, 6))
    assert hand.commit(0, Commitment(tuple(t("2-0")), tuple(t("3-3")))) is None
    seen = hand.view(1)
    assert seen.committed == (True, False) and seen.my_commitment is None
    assert "2-0" not in repr(seen)  # nothing of seat 0's choice shows to seat 1
    with pytest.raises(IllegalActionError) as twice:
        hand.commit(0, Commitment((), tuple(t("6-1", "3-3"))))
    assert twice.value.code == "already-committed"
    assert hand.legal_commitments(0) == ()
    played = hand.commit(1, Commitment((), tuple(t("4-4", "5-4"))))
    assert played is not None and hand.discards == t("2-0")
    # After the reveal, seat 1 sees seat 0's face-up tile, never its face-down one.
    past = hand.view(1).rounds[0]
    assert past.commitments[0] == Commitment(tuple(t("2-0")), ())
    assert past.commitments[1] == Commitment((), tuple(t("4-4", "5-4")))


def test_the_match_points_stay_unless_nobody_attempts_a_discard() -> None:
    hand = scripted([t("2-0", "6-1", "3-3"), t("4-4", "5-4", "1-1")], (2, 6), t("5-5", "5-3", "4-3", "4-2"))
    hand.commit(0, Commitment(tuple(t("2-0")), tuple(t("3-3"))))
    hand.commit(1, Commitment((), tuple(t("4-4", "5-4"))))
    assert hand.dice == (2, 6)
    rng = random.Random(5)
    hand._source = SeededSource(rng)
    expected = random.Random(5)
    hand.commit(0, Commitment((), tuple(t("6-1", "3-3"))))
    hand.commit(1, Commitment((), tuple(t("4-4", "5-4"))))
    assert hand.rounds[-1].outcome.nobody_attempted
    assert hand.dice == (expected.randint(1, 6), expected.randint(1, 6))


def test_a_double_perfect_lets_its_player_choose_to_throw_again() -> None:
    hand = scripted([t("2-2", "6-6", "3-3"), t("6-4", "5-4", "1-1")], (2, 6), t("5-5", "5-3"))
    hand.commit(0, Commitment(tuple(t("2-2", "6-6")), ()))
    hand.commit(1, Commitment(tuple(t("6-4")), tuple(t("5-4"))))
    assert hand.awaiting_rethrow == (0,) and hand.hands[0] == t("3-3")  # no draw for it
    assert hand.rounds[-1].outcome.returned[1] == tuple(t("6-4"))  # blocked: taken back
    assert len(hand.hands[1]) == 4  # and a tile drawn
    with pytest.raises(IllegalActionError) as first:
        hand.commit(1, Commitment((), tuple(t("6-4", "5-4"))))
    assert first.value.code == "rethrow-first"
    with pytest.raises(IllegalActionError):
        hand.choose_rethrow(1, True)
    hand.choose_rethrow(0, False)
    assert hand.dice == (2, 6) and hand.awaiting_rethrow == ()


def test_draws_go_in_seat_order_from_the_thrower_while_the_boneyard_lasts() -> None:
    hand = scripted([t("3-3", "4-3"), t("4-4", "5-4"), t("1-1", "5-1")], (2, 6), t("5-5"))
    hand.thrower = 1
    for seat, held in enumerate(hand.hands):
        hand.commit(seat, Commitment((), tuple(held)))
    assert hand.rounds[-1].drawn == (None, parse_tile("5-5"), None)  # one tile left: the thrower's


def test_the_hand_ends_when_a_player_goes_out() -> None:
    hand = scripted([t("2-0", "6-1"), t("4-4", "5-4", "1-1")], (2, 6), t("5-5"))
    hand.commit(0, Commitment(tuple(t("2-0", "6-1")), ()))
    hand.commit(1, Commitment((), tuple(t("4-4", "5-4"))))
    assert hand.is_over and hand.winners == (0,)
    assert hand.legal_commitments(1) == ()
    with pytest.raises(IllegalActionError):
        hand.commit(1, Commitment((), tuple(t("4-4", "5-4"))))


@pytest.mark.parametrize("players, sets", [(2, 1), (3, 1), (5, 1), (7, 1), (8, 2), (4, 2)])
def test_random_hands_conserve_tiles_and_end(players: int, sets: int) -> None:
    for seed in range(40):
        rng = random.Random(seed)
        hand = DiceHand(players, random.Random(seed), sets=sets, thrower=seed % players)
        for _ in range(500):
            if hand.is_over:
                break
            for seat in hand.awaiting_rethrow:
                hand.choose_rethrow(seat, rng.random() < 0.5)
            order = list(range(players))
            rng.shuffle(order)
            for seat in order:
                hand.commit(seat, eager(hand, seat, rng))
            everything = [tile for held in hand.hands for tile in held] + hand.boneyard + hand.discards
            assert Counter(everything) == Counter(full_set(6) * sets)
        assert hand.is_over, f"seed {seed}: no end in 500 rounds"
        assert hand.winners == () or all(not hand.hands[seat] for seat in hand.winners)


def test_everyone_sees_who_drew_and_the_thrower_but_only_their_own_drawn_tile() -> None:
    hand = scripted([t("2-0", "6-1", "3-3"), t("4-4", "5-4", "1-1")], (2, 6), t("5-5", "5-3", "4-3", "4-2"))
    hand.commit(0, Commitment((), tuple(t("2-0", "3-3"))))
    hand.commit(1, Commitment((), tuple(t("4-4", "5-4"))))
    view = hand.view(1)
    seen = view.rounds[0]
    assert seen.drew == (True, True) and seen.drawn[0] is None and seen.drawn[1] is not None
    assert (view.thrower, view.sets) == (0, 1)
