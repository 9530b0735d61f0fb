from __future__ import annotations

import random

import pytest

import meeple
from tests.rl.conftest import game_ids

np = pytest.importorskip("numpy")

from meeple.rl.encoding import LIMIT, ObservationEncoder, action_mask  # noqa: E402


def _random_states(game: meeple.Game, seed: int, every: int = 7) -> list[meeple.State]:
    rng = random.Random(seed)
    state = game.new_initial_state()
    out = [state.clone()]
    n = 0
    while not state.is_terminal():
        if state.current_player() == meeple.CHANCE:
            state.apply_action(meeple.sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        n += 1
        if n % every == 0:
            out.append(state.clone())
    out.append(state)
    return out


@pytest.mark.parametrize("game_id", game_ids())
def test_fixed_shape_finite_and_deterministic(game_id: str) -> None:
    game = meeple.load(game_id)
    enc = ObservationEncoder(game, size=512)
    enc2 = ObservationEncoder(game, size=512)
    for state in _random_states(game, 3):
        for p in range(game.players):
            v = enc.encode_state(state, p)
            assert v.shape == (enc.size,) and v.dtype == np.float32
            assert np.all(np.isfinite(v)) and np.all(np.abs(v) <= LIMIT)
            assert np.array_equal(v, enc2.encode_state(state, p))
            assert v.any()
        mask = action_mask(state)
        assert mask.shape == (game.num_distinct_actions(),) and mask.dtype == np.int8
        if state.current_player() >= 0:
            assert sorted(np.flatnonzero(mask).tolist()) == state.legal_actions()
        else:
            assert not mask.any()


def test_hidden_information_changes_nothing_for_the_viewer() -> None:
    """Two states that differ only in what player 0 cannot see encode the same for 0."""
    game = meeple.load("tiny")
    state = game.new_initial_state()
    state.apply_action(4)  # player 0 gets card 1
    state.apply_action(7)  # player 1 gets card 4
    other = game.new_initial_state()
    other.apply_action(4)
    other.apply_action(6)  # player 1 gets card 3 instead
    enc = ObservationEncoder(game, size=256)
    assert np.array_equal(enc.encode_state(state, 0), enc.encode_state(other, 0))
    assert not np.array_equal(enc.encode_state(state, 1), enc.encode_state(other, 1))


def test_features_name_paths() -> None:
    game = meeple.load("tiny")
    enc = ObservationEncoder(game, size=64)
    names = dict(enc.features({"a": [1, "x"], "b": None, "c": True}))
    assert names == {
        "/a/#": 2.0,
        "/a/0": 1.0,
        "/a/0=1": 1.0,
        "/a/1=x": 1.0,
        "/b=null": 1.0,
        "/c=true": 1.0,
    }


def test_game_hook_overrides_hashing() -> None:
    game = meeple.load("tiny")

    def observation_tensor(observation: dict, player: int | None) -> list[float]:
        return [float(observation["deck_size"]), float(player or 0), 1.0]

    game.observation_tensor = observation_tensor  # type: ignore[attr-defined]
    enc = ObservationEncoder(game)
    assert enc.size == 3
    v = enc.encode_state(game.new_initial_state(), 1)
    assert v.tolist() == [8.0, 1.0, 1.0]
