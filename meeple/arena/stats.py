"""Statistics for the arena and the web: confidence intervals, and OpenSkill ratings.

Ratings are OpenSkill's Weng-Lin Bayesian ratings with the Plackett-Luce model (its default
parameters: a new player's skill is mu = 25 with an uncertainty sigma = 25/3). Every game is
a ranking of its seats, each seat a one-player team; equal places are ties.

What people see is a **conservative rating**, mu - 3 sigma (a skill the player is very likely
above), on a scale chess and Board Game Arena players know::

    shown mu    = 1500 + 30 * (mu - 25)
    shown sigma = 30 * sigma
    rating      = shown mu - 3 * shown sigma  =  750 + 30 * (mu - 3 sigma)

A new player's skill is shown as 1500 +- 250 and their rating starts at 750; it climbs
towards their skill as games shrink the uncertainty. 30 points per unit of mu make rating
differences read like Elo's: between two settled players, a 70% chance of finishing ahead is
about 150 points in both. See docs/ratings.md.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from openskill.models import PlackettLuce


def wilson_interval(successes: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    >>> lo, hi = wilson_interval(70, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.604, 0.781)
    """
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


# -- OpenSkill ratings -----------------------------------------------------------------------

MU = 25.0  # a new player's skill (OpenSkill's default) ...
SIGMA = 25.0 / 3.0  # ... and its uncertainty
DISPLAY_CENTRE = 1500.0  # what a new player's mu is shown as
DISPLAY_SCALE = 30.0  # shown points per unit of mu (or of sigma)

_MODEL = PlackettLuce(mu=MU, sigma=SIGMA)


def shown_mu(mu: float) -> float:
    return DISPLAY_CENTRE + DISPLAY_SCALE * (mu - MU)


def shown_sigma(sigma: float) -> float:
    return DISPLAY_SCALE * sigma


def conservative(mu: float, sigma: float) -> float:
    """The rating people see: mu - 3 sigma on the display scale (750 for a new player).

    >>> conservative(MU, SIGMA)
    750.0
    """
    # Rounded a little, so that a new player's is 750 exactly (25/3 is no binary fraction).
    return round(shown_mu(mu) - 3 * shown_sigma(sigma), 6)


@dataclass(frozen=True)
class Skill:
    """One player's OpenSkill rating in one game, in OpenSkill's own units."""

    mu: float = MU
    sigma: float = SIGMA

    @property
    def rating(self) -> float:
        return conservative(self.mu, self.sigma)


NEW = Skill()
INITIAL_RATING = NEW.rating  # 750.0


def rate(skills: Sequence[Skill], ranks: Sequence[int]) -> list[Skill]:
    """One game's update: ``skills[i]`` finished at place ``ranks[i]`` (1 is first; equal
    places are ties). Each seat is its own one-player team."""
    if len(skills) != len(ranks):
        raise ValueError(f"{len(skills)} players but {len(ranks)} places")
    if len(skills) < 2:
        return list(skills)
    teams = [[_MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in skills]
    out = _MODEL.rate(teams, ranks=[float(r) for r in ranks])
    return [Skill(team[0].mu, team[0].sigma) for team in out]


K = TypeVar("K", bound=Hashable)


def rate_players(
    current: Mapping[K, Skill], players: Sequence[K], ranks: Sequence[int]
) -> dict[K, Skill]:
    """One game by player: ``players[i]`` (a key of ``current``) had seat ``i``. A player at
    several seats of one game (the same bot twice) is rated at each with the rating they came
    with, and gets the sum of the seats' changes of mu and the product of their shrinking of
    sigma, so each seat counts as one piece of evidence. Returns the new skill of each player
    in the game."""
    after = rate([current[p] for p in players], ranks)
    if len(set(players)) == len(players):
        return dict(zip(players, after, strict=True))
    tau = _MODEL.tau
    out: dict[K, Skill] = {}
    for p in dict.fromkeys(players):
        old = current[p]
        # OpenSkill widens sigma by tau before each game, then shrinks it.
        widened = math.sqrt(old.sigma**2 + tau**2)
        mu, ratio = old.mu, 1.0
        for q, new in zip(players, after, strict=True):
            if q == p:
                mu += new.mu - old.mu
                ratio *= new.sigma / widened
        out[p] = Skill(mu, widened * ratio)
    return out


class Ratings:
    """Ratings of a fixed set of names, updated game by game (the arena's)."""

    def __init__(self, names: Sequence[str]) -> None:
        self.skills = {name: NEW for name in names}
        self.games = {name: 0 for name in names}

    def update(self, names: Sequence[str], ranks: Sequence[int]) -> None:
        if len(names) < 2:
            return
        self.skills.update(rate_players(self.skills, names, ranks))
        for name in set(names):
            self.games[name] += 1

    def row(self, name: str) -> dict[str, float]:
        """``mu``, ``sigma`` and the conservative ``rating``, all on the display scale."""
        s = self.skills[name]
        return {
            "mu": round(shown_mu(s.mu), 1),
            "sigma": round(shown_sigma(s.sigma), 1),
            "rating": round(s.rating, 1),
        }
