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
    assert first[1] == e.meeple_state.returns()[1]
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


def test_after_the_episode_ends_step_is_refused_until_reset() -> None:
    import gymnasium as gym

    from meeple.rl.gymnasium import ResetNeeded

    e = make("tiny", opponents="random")
    with pytest.raises(ResetNeeded, match="reset"):
        e.step(0)  # no episode yet
    obs, _ = e.reset(seed=0)
    _obs, _reward, terminated, _trunc, _info = e.step(6)  # not legal: the episode is lost
    assert terminated
    history = list(e.meeple_state.history)
    legal = int(np.flatnonzero(obs["action_mask"])[0])
    for action in (legal, 6):
        with pytest.raises(gym.error.ResetNeeded, match=r"illegal action 6 lost it\); call reset"):
            e.step(action)
    assert e.meeple_state.history == history  # nothing was played after the end
    # A new episode plays again, to the end, and then refuses more steps too.
    _episodes_actions, _total, _info = _episode(e, 3)
    with pytest.raises(ResetNeeded, match="the game ended"):
        e.step(legal)


@pytest.mark.parametrize("opponents", ["human", ["random", "human"]])
def test_opponents_that_need_a_person_are_refused(opponents) -> None:
    with pytest.raises(meeple.OptionError, match="'human' needs a person"):
        make("tiny", opponents=opponents, players=3 if isinstance(opponents, list) else 2)


@pytest.mark.parametrize("size", [0, -4, 2.5, True])
def test_an_observation_size_under_one_is_refused(size) -> None:
    with pytest.raises(meeple.OptionError, match="obs_size .* at least 1"):
        make("tiny", opponents="random", obs_size=size)


def test_the_state_is_meeple_state_as_in_the_other_adapters() -> None:
    e = make("tiny", opponents="random")
    e.reset(seed=0)
    assert e.meeple_state.game is e.game and not e.meeple_state.is_terminal()
    with pytest.warns(DeprecationWarning, match="now meeple_state"):
        assert e.state is e.meeple_state  # the old name still answers, with a warning


@pytest.mark.parametrize("action", [1.0, 0.5, 117.9, "1", "0", True, [1]])
@pytest.mark.parametrize("illegal", ["lose", "raise"])
def test_an_action_that_is_not_a_whole_number_is_refused(action, illegal: str) -> None:
    e = make("tiny", opponents="random", illegal=illegal)
    e.reset(seed=0)
    before = list(e.meeple_state.history)
    with pytest.raises(meeple.NotationError, match="an action is a whole number") as err:
        e.step(action)
    assert repr(action) in str(err.value)
    assert e.meeple_state.history == before
    # The episode goes on: a numpy integer is an action id.
    _obs, _reward, _terminated, _trunc, info = e.step(np.int64(1))
    assert "illegal_action" not in info
    assert e.meeple_state.history[len(before)] == 1
