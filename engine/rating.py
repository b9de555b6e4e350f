"""Glicko-2 ratings: a player's strength, how sure the table is of it, and how it moves.

Mark Glickman's system ("Example of the Glicko-2 system", 2013, glicko.net): a rating is a
number on the familiar Elo-like scale (a newcomer 1500), a rating deviation (RD, how far
the true strength may be from it: 350 for a newcomer, shrinking as results come in) and a
volatility (how erratically the player performs). After a rating period (here: every
single attempt or match, as puzzle sites do) both sides' ratings move by how surprising the
result was given their ratings and deviations.

Pure arithmetic, no clock: a period in which a player played nobody widens their RD
(:meth:`Rating.idle`), so a rating left alone for months moves faster when play resumes.
The puzzle rating (a person against puzzles, each puzzle rated too) and the person's rating
against the computer levels both use this module.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

__all__ = [
    "GLICKO_SCALE",
    "NEWCOMER",
    "TAU",
    "Rating",
    "expected_score",
    "rate",
    "rating_from_numbers",
    "rating_numbers",
]

GLICKO_SCALE = 173.7178
"""The factor between the Glicko-2 internal scale and the displayed rating (400 / ln 10)."""

TAU = 0.5
"""The system constant: how much a volatility may change in one period (Glickman: 0.3 to 1.2;
smaller keeps ratings steadier)."""

_CONVERGENCE = 1e-6
_MAX_RD = 350.0


@dataclass(frozen=True, slots=True)
class Rating:
    """A Glicko-2 rating as shown: ``rating`` (1500 a newcomer), ``deviation`` (RD; 350 a
    newcomer) and ``volatility`` (0.06 a newcomer)."""

    rating: float = 1500.0
    deviation: float = _MAX_RD
    volatility: float = 0.06

    @property
    def mu(self) -> float:
        """The rating on Glicko-2's internal scale."""
        return (self.rating - 1500.0) / GLICKO_SCALE

    @property
    def phi(self) -> float:
        """The deviation on Glicko-2's internal scale."""
        return self.deviation / GLICKO_SCALE

    def idle(self) -> Rating:
        """This rating after a period without any game: the same rating, a wider deviation
        (never beyond a newcomer's)."""
        phi = math.sqrt(self.phi**2 + self.volatility**2)
        return Rating(self.rating, min(_MAX_RD, phi * GLICKO_SCALE), self.volatility)

    def interval(self) -> tuple[float, float]:
        """Where the true strength lies with about 95% confidence: rating plus or minus 2 RD."""
        return (self.rating - 2 * self.deviation, self.rating + 2 * self.deviation)


NEWCOMER = Rating()
"""The rating of someone (or a puzzle) not yet rated."""


def rating_numbers(rating: Rating) -> list[float]:
    """A rating as three numbers, rounded, for keeping (see :func:`rating_from_numbers`)."""
    return [round(rating.rating, 2), round(rating.deviation, 2), round(rating.volatility, 6)]


def rating_from_numbers(value: object) -> Rating | None:
    """A rating kept as three numbers, if they are sane (``None`` for anything else)."""
    if not isinstance(value, list) or len(value) != 3:
        return None
    if not all(type(n) in (int, float) and abs(n) < 1e6 and math.isfinite(n) for n in value):
        return None  # (a huge int compared first: float() of it would overflow)
    rating, deviation, volatility = (float(n) for n in value)
    if not (0 < rating < 10_000 and 0 < deviation <= _MAX_RD and 0 < volatility < 10):
        return None
    return Rating(rating, deviation, volatility)


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_other: float, phi_other: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_other) * (mu - mu_other)))


def expected_score(player: Rating, opponent: Rating) -> float:
    """The score ``player`` is expected to make against ``opponent`` (1 a sure win, 0.5 even),
    given the opponent's deviation."""
    return _expected(player.mu, opponent.mu, opponent.phi)


def rate(player: Rating, results: Iterable[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """``player``'s rating after one period with these ``results``: each an opponent's
    rating (as it was before the period) and the score against it (1 won, 0.5 drawn, 0
    lost). No results: :meth:`Rating.idle`.

    Glickman's steps 2 to 8, with the Illinois algorithm for the new volatility.
    """
    games = [(opponent.mu, opponent.phi, score) for opponent, score in results]
    if not games:
        return player.idle()
    for _, _, score in games:
        if not 0.0 <= score <= 1.0:
            raise ValueError(f"a score is between 0 and 1, not {score}")
    mu, phi, sigma = player.mu, player.phi, player.volatility
    inverse_v = 0.0
    gain = 0.0
    for mu_j, phi_j, score in games:
        g = _g(phi_j)
        expected = _expected(mu, mu_j, phi_j)
        inverse_v += g * g * expected * (1.0 - expected)
        gain += g * (score - expected)
    v = 1.0 / inverse_v
    delta = v * gain
    sigma = _new_volatility(delta, phi, v, sigma, tau)
    # The deviation widened by the period (never beyond a newcomer's), then narrowed by its games.
    phi_star = min(math.sqrt(phi * phi + sigma * sigma), _MAX_RD / GLICKO_SCALE)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * gain
    return Rating(1500.0 + GLICKO_SCALE * new_mu, GLICKO_SCALE * new_phi, sigma)


def _new_volatility(delta: float, phi: float, v: float, sigma: float, tau: float) -> float:
    """Step 5: the volatility that best explains the period (the root of Glickman's f)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        bottom = 2.0 * (phi * phi + v + ex) ** 2
        return top / bottom - (x - a) / (tau * tau)

    low = a
    if delta * delta > phi * phi + v:
        high = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        high = a - k * tau
    f_low, f_high = f(low), f(high)
    while abs(high - low) > _CONVERGENCE:
        middle = low + (low - high) * f_low / (f_high - f_low)
        f_middle = f(middle)
        if f_middle * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2.0
        high, f_high = middle, f_middle
    return math.exp(low / 2.0)
