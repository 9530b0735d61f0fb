"""Seeded random play for the per-game tests: a game loaded as its own state class, a random
step (chance sampled), and play up to a position the test wants."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, TypeVar

import meeple
from meeple.core import CHANCE, State

S = TypeVar("S", bound=State)


def new_state(game_id: str, cls: type[S], players: int, **opts: Any) -> S:
    state = meeple.load(game_id, players=players, **opts).new_initial_state()
    assert isinstance(state, cls)
    return state


def random_step(state: State, rng: random.Random) -> None:
    """One action: a chance outcome by its probability, or a uniformly random legal move."""
    if state.current_player() == CHANCE:
        state.apply_action(meeple.sample_chance(state, rng))
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def play(state: S, rng: random.Random, check: bool = False) -> S:
    """Random play to the end; with ``check``, ``check_invariants`` before and after each step."""
    if check:
        state.check_invariants()
    while not state.is_terminal():
        random_step(state, rng)
        if check:
            state.check_invariants()
    return state


def play_to(state: S, rng: random.Random, stop: Callable[[S], bool], what: str) -> S:
    """Random play until ``stop(state)``; an AssertionError naming ``what`` if the game ends
    first."""
    while not state.is_terminal():
        if stop(state):
            return state
        random_step(state, rng)
    raise AssertionError(f"the game ended before {what}")
