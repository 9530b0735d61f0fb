from __future__ import annotations

import warnings

import pytest

import meeple
from tests.rl.conftest import game_ids

pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from meeple.rl.gymnasium import make, register_envs  # noqa: E402


@pytest.mark.parametrize("game_id", game_ids())
def test_check_env(game_id: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(make(game_id, opponents="random", obs_size=256), skip_render_check=True)


def _episode(e, seed: int) -> tuple[list[int], float, dict]:
    obs, info = e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions, total, done = [], 0.0, False
    while not done:
        assert np.array_equal(obs["action_mask"], e.action_masks())
        a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        actions.append(a)
        obs, reward, done, truncated, info = e.step(a)
        total += float(reward)
        assert not truncated
    return actions, total, info


@pytest.mark.parametrize("game_id", game_ids())
def test_episode_against_greedy_is_reproducible(game_id: str) -> None:
    e = make(game_id, opponents="greedy:samples=1,depth=1,width=4", obs_size=128, seat=1)
    first = _episode(e, 11)
    assert first[:2] == _episode(e, 11)[:2]
    assert first[1] == e.state.returns()[1]
    assert "scores" in first[2]


def test_illegal_action_ends_the_episode_or_raises() -> None:
    e = make("tiny", opponents="random")
    e.reset(seed=0)
    _obs, reward, terminated, _trunc, info = e.step(6)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, 6)
    e = make("tiny", opponents="random", illegal="raise")
    e.reset(seed=0)
    with pytest.raises(meeple.IllegalActionError):
        e.step(6)


def test_opponents_list_and_bad_specs() -> None:
    e = make("tiny", opponents=["random", "greedy"], players=3, seat=2)
    e.reset(seed=1)
    with pytest.raises(meeple.OptionError):
        make("tiny", opponents=["random"], players=3)
    with pytest.raises(meeple.OptionError):
        make("tiny", opponents="nobody")
    with pytest.raises(meeple.OptionError):
        make("tiny", seat=5)


def test_registered_with_gymnasium() -> None:
    import gymnasium as gym

    ids = register_envs()
    assert "meeple/tiny-v1" in ids
    e = gym.make("meeple/tiny-v1", opponents="random")
    e.reset(seed=0)
    e.close()
