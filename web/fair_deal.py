"""What the table says about its deals anyone can verify (:mod:`engine.fair_deals`): the
fingerprint of the hand in play, fixed before the deal; at the end of a hand, the fingerprint
it was dealt under and the next hand's, shown before that hand is dealt; and, asked to verify,
the engine's check in plain words. Standard library and engine only; the page shows them."""

from __future__ import annotations

from engine.fair_deals import fingerprint
from engine.line.match import Match
from engine.line.verify import Verdict, check_deal

__all__ = ["ended_words", "in_play_words", "verified_words"]


def in_play_words(match: Match) -> str:
    """The hand in play's fingerprint, for the score sheet ("" for a hand with none)."""
    number = len(match.hands)
    seal = match.seal(number)
    if seal is None:
        return ""
    if match.hand.is_over:
        return ended_words(match)
    return (
        f"Hand {number} was dealt from a seed fixed before the deal, with the fingerprint "
        f"{fingerprint(seal.commitment)}. The seed is shown when the hand ends, to verify the deal."
    )


def ended_words(match: Match) -> str:
    """For the end of a hand: the fingerprint it was dealt under, and, while the match goes
    on, the next hand's, shown before that hand is dealt ("" when the hand had none)."""
    number = len(match.hands)
    seal = match.seal(number)
    if seal is None:
        return _next_fingerprint(match)
    said = f"This hand's deal had the fingerprint {fingerprint(seal.commitment)} before play."
    return f"{said} {_next_fingerprint(match)}".strip()


def verified_words(match: Match) -> str:
    """The check of the last hand's deal in plain words: verified (with the seed and salt that
    anyone can hash again), or what does not match."""
    check = check_deal(match, len(match.hands))
    if check.verdict is Verdict.VERIFIED:
        seal = match.seal(len(match.hands))
        assert seal is not None
        said = (
            f"Verified: this hand was dealt as fixed before play. Its seed {seal.seed} and salt "
            f"{seal.salt} give the fingerprint {fingerprint(seal.commitment)}, and that seed deals "
            "exactly these tiles."
        )
    elif check.verdict is Verdict.BROKEN:
        said = f"Not verified. {check.said}"
    else:
        said = check.said
    return f"{said} {_next_fingerprint(match)}".strip()


def _next_fingerprint(match: Match) -> str:
    """The next hand's fingerprint, shown before it is dealt ("" once the match is over)."""
    following = match.seal(len(match.hands) + 1) if not match.is_over and match.hand.is_over else None
    return (
        f"The next hand's fingerprint: {fingerprint(following.commitment)}." if following is not None else ""
    )
