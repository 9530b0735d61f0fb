"""Random play for tests that look at every position of a game."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator

import meeple
from meeple.core import Decision, State


def random_decisions(game: meeple.Game, seeds: Iterable[int]) -> Iterator[tuple[State, Decision]]:
    """Every position of one random game per seed, with its pending decision, before the
    random move (or chance outcome) that follows it is played."""
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            d = state.decision
            assert d is not None
            yield state, d
            if state.is_chance_node():
                state.apply_action(meeple.sample_chance(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
