"""How a game's chance is drawn from its seed: named, versioned schemes.

A record that names its scheme (``"chance"``) and its seed can be checked exactly: every
chance outcome in it must be the one the scheme draws at that point, so a changed die
roll or card is found at the action where it was changed, even when the game stays legal
(``meeple.core.record.replay``). Each scheme here is the one place its draws are made:
the play loop (``meeple simulate``, ``meeple arena``, ``meeple play``) and the web server
draw through it, so what they write and what replay checks cannot drift apart.

- ``meeple.seed-stream/1``: one ``random.Random(seed)`` for the whole game; each chance
  node takes the next outcome with :func:`~meeple.core.api.sample_chance` (one
  ``random()`` call, outcomes in the game's order). Bots have their own RNGs, so they
  never shift it.
- ``meeple.seed-step/1``: a fresh ``random.Random`` for each chance node, seeded with the
  text ``meeple-web-chance:<seed>:<k>``, ``k`` the number of actions before it; then the
  same one draw. A game resumed from its stored moves draws on exactly (the web server).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from meeple.core.api import State, sample_chance

STREAM = "meeple.seed-stream/1"
STEP = "meeple.seed-step/1"
SCHEMES = (STREAM, STEP)

# Draws the outcome of the chance node ``state`` is at.
Drawer = Callable[[State], int]


def drawer(scheme: str, seed: int) -> Drawer:
    """The scheme's draws for a game with this seed (a stream draws in order: make a new
    drawer for each game, and ask it at every chance node, in turn)."""
    if scheme == STREAM:
        rng = random.Random(seed)
        return lambda state: sample_chance(state, rng)
    if scheme == STEP:
        return lambda state: step_outcome(seed, state)
    raise ValueError(f"unknown chance scheme {scheme!r}; the schemes are {', '.join(SCHEMES)}")


def step_outcome(seed: int, state: State) -> int:
    """``meeple.seed-step/1``'s outcome at ``state`` (a chance node)."""
    return sample_chance(state, random.Random(f"meeple-web-chance:{seed}:{len(state.history)}"))
