"""Checking a match's committed deals: each finished hand's seed and salt against its commitment,
and the deal played against what that seed deals (:mod:`engine.fair_deals`)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.fair_deals import DealSeal, fingerprint, hand_seed
from engine.line.actions import Draw
from engine.line.events import Deal
from engine.line.match import Match

__all__ = ["DealCheck", "Verdict", "check_deal", "check_deals"]


class Verdict(Enum):
    """What checking one hand's deal found."""

    VERIFIED = "verified"
    """The seed and salt hash to the commitment, and the seed deals what was played."""
    BROKEN = "broken"
    """The seed or the deal does not match the commitment."""
    OPEN = "open"
    """The hand is not over: its seed is revealed when it ends."""
    UNSEALED = "unsealed"
    """The hand has no commitment (dealt by an older table, or started from a position)."""


@dataclass(frozen=True, slots=True)
class DealCheck:
    """One hand's check: its number, the verdict, and a sentence saying it in plain words."""

    number: int
    verdict: Verdict
    said: str


def check_deals(match: Match) -> tuple[DealCheck, ...]:
    """Every hand's check, in order."""
    return tuple(check_deal(match, number) for number in range(1, len(match.hands) + 1))


def check_deal(match: Match, number: int) -> DealCheck:
    """Hand ``number``'s check (1 for the first hand)."""
    hand = match.hands[number - 1]
    seal = match.seal(number)
    if seal is None:
        how = (
            "it started from a position"
            if number == 1 and match.start_position is not None
            else "no commitment"
        )
        return DealCheck(number, Verdict.UNSEALED, f"Hand {number} has nothing to verify: {how}.")
    shown = fingerprint(seal.commitment)
    if not hand.is_over or seal.seed is None or seal.salt is None:
        return DealCheck(
            number,
            Verdict.OPEN,
            f"Hand {number} (commitment {shown}) is not over: its seed is revealed when it ends.",
        )
    broken = _fault(match, number, seal)
    if broken:
        return DealCheck(number, Verdict.BROKEN, f"Hand {number} does not verify: {broken}.")
    return DealCheck(
        number,
        Verdict.VERIFIED,
        f"Hand {number} verified: seed {seal.seed} and salt {seal.salt} hash to the commitment {shown} "
        "shown before the deal, and that seed deals exactly the tiles played.",
    )


def _fault(match: Match, number: int, seal: DealSeal) -> str:
    """What is wrong with a revealed seal, in words (``""``: nothing)."""
    assert seal.seed is not None
    if not seal.holds():
        return "its seed and salt do not hash to its commitment"
    if match.seed is not None and hand_seed(match.seed, number) != seal.seed:
        return "its seed is not the one the match's seed gives"
    seeded = match.seeded_deal(number, seal.seed)
    if number == 1 and match.start_position is None:
        if seeded.partner_draw != match.partner_draw:
            return "the draw for partners is not the one its seed makes"
        if seeded.lead_draws != match.lead_draws:
            return "the draw for the lead is not the one its seed makes"
    hand = match.hands[number - 1]
    drawn = sum(isinstance(action, Draw) for action in hand.actions)
    played = Deal(hand.dealt, hand.stock, len(hand.stock) - drawn)
    if not played.agrees_with(seeded.hand.dealt, seeded.hand.stock):
        return "the tiles dealt or drawn are not the ones its seed deals"
    return ""
