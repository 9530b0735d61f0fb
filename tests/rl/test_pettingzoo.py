from __future__ import annotations

import warnings

import pytest

import meeple
from tests.rl.conftest import player_counts

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from meeple.rl.pettingzoo import env  # noqa: E402


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
    final = e.state
    assert final.is_terminal()
    rewards = first[1]
    assert [rewards[f"player_{p}"] for p in range(final.game.players)] == final.returns()
    # The chance the env resolved is in the state's history, as a record would hold it.
    assert len(final.history) >= len(first[0])


def test_illegal_action_raises_and_changes_nothing() -> None:
    e = env("tiny")
    e.reset(seed=0)
    before = list(e.state.history)
    with pytest.raises(meeple.IllegalActionError):
        e.step(5)  # a chance outcome id is never a player's move
    assert e.state.history == before


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
