"""``State.random_step`` (the rollouts' unchecked path) takes the same steps from the same
draws as ``sample_chance`` and ``rng.choice(legal_actions())`` through ``apply_action``."""

from __future__ import annotations

import random

import pytest

import meeple
from meeple.core import CHANCE, sample_chance

GAMES = [info.id for info in meeple.games()]


@pytest.mark.parametrize("gid", GAMES)
def test_random_step_plays_the_game_the_checked_path_plays(gid):
    game = meeple.load(gid, players=2)
    for seed in range(3):
        checked, fast = game.new_initial_state(), game.new_initial_state()
        a, b = random.Random(seed), random.Random(seed)
        while not checked.is_terminal():
            if checked.current_player() == CHANCE:
                action = sample_chance(checked, a)
            else:
                action = a.choice(checked.legal_actions())
            checked.apply_action(action)
            assert fast.random_step(b) == action
        assert fast.is_terminal() and fast.history == checked.history
        assert fast.returns() == checked.returns()
        assert fast.decisions_this_turn() == checked.decisions_this_turn()
