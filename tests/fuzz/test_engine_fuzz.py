"""Hypothesis-driven random play of every registered game, checking invariants at each step.

The budget is small in CI; set MEEPLE_FUZZ_EXAMPLES (for example 2000) for a nightly-style run.
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import meeple
from meeple.core import CHANCE, MeepleError

EXAMPLES = int(os.environ.get("MEEPLE_FUZZ_EXAMPLES", "6"))


def _configs() -> list[Any]:
    out = []
    for info in meeple.games():
        for opts in [{}, *[dict(v) for v in info.variants]]:
            label = info.id + "".join(f"-{k}={v}" for k, v in opts.items())
            out.append(pytest.param(info.id, opts, id=label))
    return out


@pytest.mark.parametrize(("gid", "opts"), _configs())
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_random_play_keeps_the_invariants(gid, opts, data):
    info = meeple.game_class(gid).info
    players = data.draw(st.integers(info.min_players, info.max_players), label="players")
    game = meeple.load(gid, players=players, **opts)
    state = game.new_initial_state()
    state.check_invariants()
    steps = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            outcomes = state.chance_outcomes()
            action = outcomes[data.draw(st.integers(0, len(outcomes) - 1))][0]
        else:
            legal = state.legal_actions()
            action = legal[data.draw(st.integers(0, len(legal) - 1))]
        before = state.scores()
        state.apply_action(action)
        state.check_invariants()
        if steps % 7 == 0:
            for p in [None, *range(players)]:
                json.dumps(state.observation(p))
        assert len(state.scores()) == len(before)
        steps += 1
        assert steps <= game.max_game_length()


@pytest.mark.parametrize(("gid", "opts"), _configs())
@settings(max_examples=max(20, EXAMPLES * 5), deadline=None, derandomize=True)
@given(text=st.text(max_size=40))
def test_any_notation_text_is_parsed_or_refused_cleanly(gid, opts, text):
    info = meeple.game_class(gid).info
    state = meeple.load(gid, players=info.min_players, **opts).new_initial_state()
    try:
        action = state.string_to_action(text)
    except MeepleError:
        return
    assert 0 <= action < state.game.num_distinct_actions()
