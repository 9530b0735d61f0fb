from __future__ import annotations

import warnings

import pytest

import meeple
from tests.rl.conftest import player_counts

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402
from pettingzoo.test.state_test import test_state_space as check_state_space  # noqa: E402
from pettingzoo.utils.wrappers import OrderEnforcingWrapper  # noqa: E402

from meeple.rl.pettingzoo import MeepleAECEnv, env, raw_env  # noqa: E402


@pytest.mark.parametrize(("game_id", "players"), player_counts())
def test_pettingzoo_api_and_seed(game_id: str, players: int) -> None:
    with warnings.catch_warnings():
        # PettingZoo warns about every dict observation with an action mask.
        warnings.simplefilter("ignore")
        api_test(env(game_id, players=players, obs_size=256), num_cycles=1000)
        seed_test(lambda: env(game_id, players=players, obs_size=256), num_cycles=1000)


def _play(e, seed: int) -> tuple[list[int], dict[str, float]]:
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    taken = []
    total: dict[str, float] = {}
    for agent in e.agent_iter():
        obs, reward, term, trunc, _info = e.last()
        total[agent] = total.get(agent, 0.0) + reward
        if term or trunc:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        a = int(rng.choice(legal))
        taken.append(a)
        e.step(a)
    return taken, total


@pytest.mark.parametrize("game_id", [g.id for g in meeple.games()])
def test_reset_seed_reproduces_the_game_and_returns_are_the_rewards(game_id: str) -> None:
    e = env(game_id, obs_size=128)
    first = _play(e, 5)
    again = _play(e, 5)
    assert first == again
    final = e.meeple_state
    assert final.is_terminal()
    rewards = first[1]
    assert [rewards[f"player_{p}"] for p in range(final.game.players)] == final.returns()
    # The chance the env resolved is in the state's history, as a record would hold it.
    assert len(final.history) >= len(first[0])


def test_illegal_action_raises_and_changes_nothing() -> None:
    e = env("tiny")
    e.reset(seed=0)
    before = list(e.meeple_state.history)
    with pytest.raises(meeple.IllegalActionError):
        e.step(5)  # a chance outcome id is never a player's move
    assert e.meeple_state.history == before


def test_options_and_players_reach_the_game() -> None:
    e = env("tiny", players=3, short_deck=True)
    assert e.possible_agents == ["player_0", "player_1", "player_2"]
    assert e.game.options == {"short_deck": True}
    with pytest.raises(meeple.OptionError):
        env("tiny", players=9)


@pytest.mark.parametrize("size", [0, -1, 1.5, False])
def test_an_observation_size_under_one_is_refused(size) -> None:
    with pytest.raises(meeple.OptionError, match="obs_size .* at least 1"):
        env("tiny", obs_size=size)


def test_the_smallest_observation_size_works() -> None:
    e = env("tiny", obs_size=1)
    e.reset(seed=0)
    vec = e.observe(e.agent_selection)["observation"]
    assert vec.shape == (2 * 2 + 1,)


def test_state_is_the_spectators_view_and_lies_in_the_state_space() -> None:
    e = env("tiny")
    assert "state" not in vars(e.unwrapped)  # state() is PettingZoo's method, not shadowed
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_state_space(e)
    seen: dict[int, tuple] = {}  # player 0's card -> (state(), player 0's observation)
    for seed in range(20):
        e.reset(seed=seed)
        st = e.state()
        assert st.dtype == np.float32 and e.state_space.contains(st)
        public = e.unwrapped.encoder.encode_state(e.meeple_state, None)
        assert np.array_equal(st, public)
        seen.setdefault(e.meeple_state.hands[0], (st, e.observe("player_0")["observation"]))
    assert len(seen) >= 2
    (st_a, own_a), (st_b, own_b) = list(seen.values())[:2]
    # Different hidden cards: each player's own view differs, the global state does not.
    assert not np.array_equal(own_a, own_b)
    assert np.array_equal(st_a, st_b)
    _play(e, 1)  # to the end, the state stays in its space
    assert e.state_space.contains(e.state())


def test_env_is_order_enforced_and_raw_env_is_bare() -> None:
    e = env("tiny")
    assert isinstance(e, OrderEnforcingWrapper)
    assert isinstance(e.unwrapped, MeepleAECEnv)
    with pytest.raises(AssertionError, match="reset"):
        e.step(0)
    with pytest.raises(AttributeError, match="before reset"):
        e.last()
    with pytest.raises(AssertionError, match="reset"):
        e.state()
    e.reset(seed=0)
    assert e.meeple_state is e.unwrapped.meeple_state
    assert e.game is e.unwrapped.game
    assert str(e) == "meeple_tiny_v1"
    e.step(e.infos[e.agent_selection]["legal_actions"][0])
    assert len(e.meeple_state.history) > 2
    bare = raw_env("tiny", players=3)
    assert type(bare) is MeepleAECEnv and bare.game.players == 3


@pytest.mark.parametrize("action", [1.0, 0.5, 117.9, "1", "0", True, [1]])
def test_an_action_that_is_not_a_whole_number_is_refused(action) -> None:
    e = env("tiny")
    e.reset(seed=0)
    agent, before = e.agent_selection, list(e.meeple_state.history)
    with pytest.raises(meeple.NotationError, match="an action is a whole number") as err:
        e.step(action)
    assert repr(action) in str(err.value)
    assert e.meeple_state.history == before and e.agent_selection == agent
    e.step(np.int64(1))  # a numpy integer is an action id
    assert e.meeple_state.history[len(before)] == 1
