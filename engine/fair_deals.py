"""Deals anyone can verify: each hand's seed, its salt, and the commitment shown before the deal.

A match with committed deals deals hand *n* from ``random.Random(seed)`` where ``seed`` is
:func:`hand_seed` of the match's seed and *n*. Before the hand is dealt the table shows its
:func:`commitment`, the SHA-256 of ``"{seed}:{salt}"``; once the hand is over it reveals the
seed and the salt. Anyone can then hash them again (``printf '%s' "SEED:SALT" | sha256sum``)
and deal from the seed to see that the deal played is the one committed to before play.

Both values are one-way functions of the match's seed (SHA-256 again), so revealing one
hand's seed says nothing about the next hand's. The engine stays pure: :mod:`hashlib` only.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

__all__ = [
    "COMMITTED",
    "DealSeal",
    "commitment",
    "fingerprint",
    "hand_salt",
    "hand_seed",
    "is_commitment",
    "is_salt",
]

COMMITTED = "committed"
"""The value of a record's ``Deals`` tag when its hands are dealt from committed seeds."""

_COMMITMENT = re.compile(r"[0-9a-f]{64}")
_SALT = re.compile(r"[0-9a-f]{32}")


def _digest(text: str) -> bytes:
    return hashlib.sha256(text.encode("utf-8")).digest()


def hand_seed(match_seed: int, number: int) -> int:
    """The seed hand ``number`` (1 for the first) of a match seeded ``match_seed`` is dealt from."""
    return int.from_bytes(_digest(f"deal:{match_seed}:{number}")[:8], "big")


def hand_salt(match_seed: int, number: int) -> str:
    """The salt of hand ``number``'s commitment: 32 hexadecimal digits, so that nobody can find
    the hand's seed by trying seeds until one hashes to the commitment."""
    return _digest(f"salt:{match_seed}:{number}").hex()[:32]


def commitment(seed: int, salt: str) -> str:
    """The commitment to a hand's deal: the SHA-256 of ``"{seed}:{salt}"`` in hexadecimal."""
    return _digest(f"{seed}:{salt}").hex()


def fingerprint(committed: str) -> str:
    """The short form of a commitment shown at the table: its first 12 digits in threes of four
    (``"3f2a 91c0 7be4"``), enough to compare by eye."""
    return " ".join(committed[start : start + 4] for start in range(0, 12, 4))


def is_commitment(text: str) -> bool:
    """Whether ``text`` has the form of a commitment (64 lowercase hexadecimal digits)."""
    return _COMMITMENT.fullmatch(text) is not None


def is_salt(text: str) -> bool:
    """Whether ``text`` has the form of a salt (32 lowercase hexadecimal digits)."""
    return _SALT.fullmatch(text) is not None


@dataclass(frozen=True, slots=True)
class DealSeal:
    """A hand's commitment, with its seed and salt where they are known.

    The engine always knows all three for a match it deals; a record reveals ``seed`` and
    ``salt`` only for a finished hand, so a seal read from one may have just the commitment.
    """

    commitment: str
    seed: int | None = None
    salt: str | None = None

    @classmethod
    def of_match(cls, match_seed: int, number: int) -> DealSeal:
        """The seal of hand ``number`` of a match seeded ``match_seed``."""
        seed, salt = hand_seed(match_seed, number), hand_salt(match_seed, number)
        return cls(commitment(seed, salt), seed, salt)

    @property
    def revealed(self) -> bool:
        """Whether the seed and salt are known."""
        return self.seed is not None and self.salt is not None

    def holds(self) -> bool:
        """Whether the seed and salt hash to the commitment (``False`` while they are not known)."""
        return (
            self.seed is not None
            and self.salt is not None
            and commitment(self.seed, self.salt) == self.commitment
        )

    def sealed(self) -> DealSeal:
        """The seal as shown before the hand is over: the commitment alone."""
        return DealSeal(self.commitment)
