"""Statistics for the arena: confidence intervals and Elo ratings by placing."""

from __future__ import annotations

import math
from collections.abc import Sequence


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


class Elo:
    """Elo ratings from 1500, updated from each game's placing.

    A game of n players counts as every pair of them meeting once: the better
    placed wins, equal places draw. K is divided by n - 1 so a many-player game
    moves a rating about as much as a two-player game.
    """

    def __init__(self, names: Sequence[str], k: float = 24.0, start: float = 1500.0) -> None:
        self.k = k
        self.ratings = {name: start for name in names}
        self.games = {name: 0 for name in names}

    @staticmethod
    def expected(a: float, b: float) -> float:
        return 1.0 / (1.0 + 10 ** ((b - a) / 400.0))

    def update(self, names: Sequence[str], ranks: Sequence[int]) -> None:
        n = len(names)
        if n < 2:
            return
        k = self.k / (n - 1)
        delta = {name: 0.0 for name in names}
        for i in range(n):
            for j in range(i + 1, n):
                a, b = names[i], names[j]
                if a == b:
                    continue
                score = 1.0 if ranks[i] < ranks[j] else 0.0 if ranks[i] > ranks[j] else 0.5
                e = self.expected(self.ratings[a], self.ratings[b])
                delta[a] += k * (score - e)
                delta[b] -= k * (score - e)
        for name, d in delta.items():
            self.ratings[name] += d
            self.games[name] += 1
