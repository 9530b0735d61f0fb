"""The core's chance-node loops as free functions over counts and (id, probability) pairs.

Every chance step of every game walks its outcomes twice: once to draw one
(``sample_chance``, a search's ``random_step``) and once when ``apply_action`` checks that
the id drawn is one of them. Interpreted, each walk costs some 50 ns a pair, and a bird
drawn from Piepmatz's deck has about 50 of them. Games whose draws come from a pool of
counts (a bag of chips, a deck by kind) make their outcomes with ``shares``. Written as
plain typed functions so that ``pip install -e .`` compiles them with mypyc (setup.py,
meeple/native.py); the source runs where they were not compiled or ``MEEPLE_PURE=1`` is
set, and tests/core/test_native.py holds the two to each other. The sums are the same
double additions, in the same order, either way, so a seeded draw gives the same outcome
compiled or not.
"""

from __future__ import annotations

from collections.abc import Sequence


def draw(outcomes: Sequence[tuple[int, float]], x: float) -> int:
    """The outcome that ``x`` (a uniform draw in [0, 1)) falls on: the first whose running
    sum of probabilities passes ``x``, or the last where rounding leaves the sum short."""
    acc = 0.0
    for action, p in outcomes:
        acc += p
        if x < acc:
            return action
    return outcomes[len(outcomes) - 1][0]


def has_outcome(outcomes: Sequence[tuple[int, float]], action: int) -> bool:
    """Whether ``action`` is the id of one of ``outcomes``."""
    # A loop, not any(): compiled it is a plain C loop; any() would make a generator.
    for a, _ in outcomes:  # noqa: SIM110
        if a == action:
            return True
    return False


def shares(counts: list[int], first: int, kinds: Sequence[int]) -> list[tuple[int, float]]:
    """One item drawn from a pool of ``counts`` (a count per kind): for each kind of
    ``kinds`` with some left, in that order, the id ``first + kind`` and its share of the
    whole pool (a bag's chips, a deck's cards; the same divisions as in Python, so the
    same shares)."""
    total = 0
    for n in counts:
        total += n
    out: list[tuple[int, float]] = []
    for k in kinds:
        n = counts[k]
        if n:
            out.append((first + k, n / total))
    return out
