"""Every meeple game as a PettingZoo AEC environment.

>>> from meeple.rl.pettingzoo import env                     # doctest: +SKIP
>>> e = env("queensland", players=3)                         # doctest: +SKIP
>>> e.reset(seed=42)                                         # doctest: +SKIP
>>> for agent in e.agent_iter():                             # doctest: +SKIP
...     obs, reward, terminated, truncated, info = e.last()
...     done = terminated or truncated
...     action = None if done else e.action_space(agent).sample(obs["action_mask"])
...     e.step(action)

Agents are ``player_0`` ... ``player_{N-1}``, in seat order. An observation is a dict:
``"observation"``, a float32 vector of fixed length (see :mod:`meeple.rl.encoding`),
and ``"action_mask"``, an int8 vector over the game's whole action space with a one
for each action the agent may take now (all zeros when it is not the agent's turn).
Chance (draws, flips, rolls) is resolved inside the environment from its own RNG,
seeded by ``reset(seed=...)``, so the same seed and the same actions give the same
game. The reward comes at the end: each agent's ``returns()`` (+1 for a sole win,
-1 for a sole last place in two players, in between for middle places). An action is a
whole number, the action id (a Python or numpy integer); anything else (a float, a
string, a bool) raises meeple's :class:`~meeple.core.errors.NotationError`, and an
illegal action raises :class:`~meeple.core.errors.IllegalActionError`; neither
changes anything.

``env(...)`` wraps the environment in PettingZoo's ``OrderEnforcingWrapper`` (so
``step()``, ``observe()``, ``state()`` ... before ``reset()`` fail with a clear
message), as PettingZoo's own environments do; ``raw_env(...)`` gives the bare
:class:`MeepleAECEnv`. The meeple state being played is ``env.meeple_state``
(``env.unwrapped.meeple_state`` works too). ``env.state()`` is PettingZoo's global
state: the spectator's (public) view encoded like an observation, so it never shows
hidden cards, in ``env.state_space``.

``info`` holds the acting player's legal actions as notation-free ids
(``"legal_actions"``) and, after the end, the per-category ``"scores"``.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, ClassVar

from meeple.core.api import CHANCE, Game, State, sample_chance
from meeple.core.registry import load
from meeple.rl import MissingExtraError
from meeple.rl.encoding import (
    DEFAULT_SIZE,
    LIMIT,
    ObservationEncoder,
    action_id,
    action_mask,
)

try:
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper
except ImportError as _e:  # pragma: no cover - exercised only without the extra
    raise MissingExtraError(
        f"{_e.name} is not installed; the PettingZoo adapter needs the 'rl' extra: "
        "pip install 'meeple[rl]'"
    ) from _e

Obs = dict[str, Any]


def agent_name(player: int) -> str:
    return f"player_{player}"


class MeepleAECEnv(AECEnv[str, Obs, int]):  # type: ignore[misc]
    """A meeple game as an agent-environment-cycle environment (see the module doc)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "meeple",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        *,
        render_mode: str | None = None,
        obs_size: int = DEFAULT_SIZE,
        components: str | Path | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.game: Game = load(game_id, players=players, components=components, **options)
        n = self.game.players
        self.metadata = {  # type: ignore[misc]
            **type(self).metadata,
            "name": f"meeple_{self.game.info.id}_v{self.game.info.version}",
        }
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.encoder = ObservationEncoder(self.game, obs_size)
        self.possible_agents = [agent_name(p) for p in range(n)]
        self._seat = {a: p for p, a in enumerate(self.possible_agents)}
        num_actions = self.game.num_distinct_actions()
        vector = spaces.Box(low=-LIMIT, high=LIMIT, shape=(self.encoder.size,), dtype=np.float32)
        obs_space = spaces.Dict(
            {
                "observation": vector,
                "action_mask": spaces.Box(low=0, high=1, shape=(num_actions,), dtype=np.int8),
            }
        )
        # The global state (see state()): the spectator's view, encoded like an observation.
        self.state_space = vector
        act_space = spaces.Discrete(num_actions)
        # One space object per agent, the same object on every call (PettingZoo checks it).
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: act_space for a in self.possible_agents}
        self._rng = random.Random()
        self.meeple_state: State = self.game.new_initial_state()
        self.agents: list[str] = []

    # -- spaces -------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the cycle ------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.meeple_state = self.game.new_initial_state()
        self._resolve_chance()
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._after_move()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move; None is only for an agent whose game is over")
        a = action_id(action)  # before any change, so a refused action changes nothing
        self._cumulative_rewards[agent] = 0.0
        self.meeple_state.apply_action(a)
        self._resolve_chance()
        self._after_move()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> Obs:
        player = self._seat[agent]
        return {
            "observation": self.encoder.encode_state(self.meeple_state, player),
            "action_mask": action_mask(self.meeple_state, player),
        }

    def state(self) -> npt.NDArray[np.float32]:
        """The global state: a spectator's (public) view, encoded like an observation.

        It never shows a hidden card, so a centralised critic trained on it learns
        nothing a player could not see; it lies in ``state_space``.
        """
        return self.encoder.encode_state(self.meeple_state, None)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self.meeple_state.render_text(None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    # -- helpers ------------------------------------------------------------------------

    def _resolve_chance(self) -> None:
        state, rng = self.meeple_state, self._rng
        while state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))

    def _after_move(self) -> None:
        state = self.meeple_state
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if state.is_terminal():
            scores = state.scores()
            for p, r in enumerate(state.returns()):
                a = agent_name(p)
                self.rewards[a] = float(r)
                self.terminations[a] = True
                self.infos[a] = {"scores": scores[p], "ranks": state.ranks()}
            # The dead agents step out in seat order, each with action None.
            self.agent_selection = self.agents[0]
        else:
            player = state.current_player()
            for a in self.agents:
                self.infos[a] = {}
            self.agent_selection = agent_name(player)
            self.infos[self.agent_selection] = {"legal_actions": state.legal_actions()}
        self._accumulate_rewards()

    def __str__(self) -> str:
        return self.metadata["name"]  # type: ignore[no-any-return]


def raw_env(
    game_id: str,
    players: int | None = None,
    *,
    render_mode: str | None = None,
    obs_size: int = DEFAULT_SIZE,
    components: str | Path | None = None,
    **options: Any,
) -> MeepleAECEnv:
    """The bare :class:`MeepleAECEnv` for ``game_id`` (``env()`` is the one to use)."""
    return MeepleAECEnv(
        game_id,
        players,
        render_mode=render_mode,
        obs_size=obs_size,
        components=components,
        **options,
    )


def env(
    game_id: str,
    players: int | None = None,
    *,
    render_mode: str | None = None,
    obs_size: int = DEFAULT_SIZE,
    components: str | Path | None = None,
    **options: Any,
) -> OrderEnforcingWrapper:
    """A PettingZoo AEC environment for ``game_id`` with ``players`` seats and game options.

    It is :func:`raw_env` in PettingZoo's ``OrderEnforcingWrapper``, as PettingZoo's
    own environments are: ``step()``, ``observe()``, ``state()``, ``render()`` and
    ``agent_iter()`` before ``reset()`` fail with a message saying so. Attributes
    reach the environment (``env.meeple_state``, ``env.game``); ``env.unwrapped`` is
    the :class:`MeepleAECEnv`.
    """
    return OrderEnforcingWrapper(
        raw_env(
            game_id,
            players,
            render_mode=render_mode,
            obs_size=obs_size,
            components=components,
            **options,
        )
    )


__all__ = ["MeepleAECEnv", "agent_name", "env", "raw_env"]
