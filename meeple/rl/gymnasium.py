"""One seat of a meeple game as a single-agent Gymnasium environment.

>>> from meeple.rl.gymnasium import make                    # doctest: +SKIP
>>> env = make("piepmatz", opponents="greedy", players=2)   # doctest: +SKIP
>>> obs, info = env.reset(seed=0)                           # doctest: +SKIP
>>> action = env.action_space.sample(obs["action_mask"])    # doctest: +SKIP
>>> obs, reward, terminated, truncated, info = env.step(action)   # doctest: +SKIP

The learner plays seat ``seat``; meeple bots (any agent spec: ``"random"``,
``"greedy"``, ``"ismcts:iterations=200"`` ..., one for all other seats or a list
with one per other seat) play the rest, and chance is resolved inside the
environment. Each bot gets its own RNG derived from the reset seed, so the same
seed and the same actions give the same episode. Observations are those of the
PettingZoo adapter: ``{"observation": float32 vector, "action_mask": int8 vector}``;
``info["action_mask"]`` repeats the mask, and :meth:`MeepleGymEnv.action_masks`
gives it too (the method maskable learners look for).

The meeple state being played is ``env.meeple_state`` (the name the PettingZoo and
OpenSpiel adapters use too). An action is a whole number, the action id (a Python
or numpy integer); anything else (a float, a string, a bool) raises meeple's
``NotationError`` and changes nothing, the episode going on.

The reward is the seat's ``returns()`` at the end and 0 before. An action outside
the mask does not change the game: by default (``illegal="lose"``) it ends the
episode with reward ``illegal_reward`` (-1), so an unmasked learner can still run;
``illegal="raise"`` raises meeple's ``IllegalActionError`` instead. Once an episode
has ended (the game is over, or an illegal action lost it), ``step()`` raises
:class:`ResetNeeded` until ``reset()``, as it does before the first ``reset()``.

Opponents are bots: an agent that needs a person at the terminal (``"human"``) is
refused, since it would wait for typed moves inside ``step()``.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any, SupportsFloat

from meeple.agents import make_agent
from meeple.agents.base import Agent
from meeple.agents.human import HumanAgent
from meeple.core.api import CHANCE, Game, State, sample_chance
from meeple.core.errors import OptionError
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
    import gymnasium as gym
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
except ImportError as _e:  # pragma: no cover - exercised only without the extra
    raise MissingExtraError(
        f"{_e.name} is not installed; the Gymnasium adapter needs the 'rl' extra: "
        "pip install 'meeple[rl]'"
    ) from _e

Obs = dict[str, Any]


class ResetNeeded(gym.error.ResetNeeded, RuntimeError):
    """``step()`` with no episode going: before the first ``reset()`` or after the end."""


class MeepleGymEnv(gym.Env[Obs, np.int64]):
    """One seat of a meeple game against meeple bots (see the module doc)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game_id: str,
        opponents: str | Sequence[str] = "greedy",
        players: int = 2,
        seat: int = 0,
        *,
        render_mode: str | None = None,
        obs_size: int = DEFAULT_SIZE,
        illegal: str = "lose",
        illegal_reward: float = -1.0,
        components: str | Path | None = None,
        **options: Any,
    ) -> None:
        self.game: Game = load(game_id, players=players, components=components, **options)
        n = self.game.players
        if not 0 <= seat < n:
            raise OptionError(f"seat must be between 0 and {n - 1}, not {seat}")
        if illegal not in ("lose", "raise"):
            raise OptionError("illegal must be 'lose' or 'raise'")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        specs = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != n - 1:
            raise OptionError(f"{n} players need {n - 1} opponents, got {len(specs)}")
        for s in specs:
            # A bad spec fails now, with meeple's message.
            if isinstance(make_agent(s, random.Random(0)), HumanAgent):
                raise OptionError(
                    f"opponent {s!r} needs a person at the terminal; "
                    "the environment's opponents must be bots"
                )
        self.opponent_specs = specs
        self.seat = seat
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.encoder = ObservationEncoder(self.game, obs_size)
        num_actions = self.game.num_distinct_actions()
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    low=-LIMIT, high=LIMIT, shape=(self.encoder.size,), dtype=np.float32
                ),
                "action_mask": spaces.Box(low=0, high=1, shape=(num_actions,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(num_actions)
        self._chance = random.Random()
        self._bots: dict[int, Agent] = {}
        self.meeple_state: State = self.game.new_initial_state()
        self._episode = 0
        # Why step() is refused now (no episode going), or None while one is.
        self._over: str | None = "call reset() before step()"

    # -- gymnasium API -------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        super().reset(seed=seed)
        # Chance and each bot draw from RNGs derived from the seeding, never from each
        # other, so a bot's thinking never shifts the cards dealt.
        base = int(self.np_random.integers(0, 2**63 - 1))
        self._chance = random.Random(f"meeple-gym-chance:{base}")
        others = [p for p in range(self.game.players) if p != self.seat]
        self._bots = {
            p: make_agent(spec, random.Random(f"meeple-gym-seat:{base}:{p}"))
            for p, spec in zip(others, self.opponent_specs, strict=True)
        }
        self.meeple_state = self.game.new_initial_state()
        self._advance()
        self._over = None
        if self.meeple_state.is_terminal():  # the bots and chance finished it: nothing to play
            self._over = "the episode is over (the game ended); call reset()"
        return self._obs(), self._info()

    def step(self, action: np.int64 | int) -> tuple[Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        state = self.meeple_state
        if self._over is not None:
            raise ResetNeeded(self._over)
        a = action_id(action)  # not a whole number: NotationError, and nothing changes
        if a not in state.legal_actions():
            if self.illegal == "raise":
                state.apply_action(a)  # raises IllegalActionError with the reason
            self._over = f"the episode is over (illegal action {a} lost it); call reset()"
            info = self._info()
            info["illegal_action"] = a
            return self._obs(), self.illegal_reward, True, False, info
        state.apply_action(a)
        self._tell_bots(a)
        self._advance()
        terminated = state.is_terminal()
        if terminated:
            self._over = "the episode is over (the game ended); call reset()"
        reward = float(state.returns()[self.seat]) if terminated else 0.0
        if self.render_mode == "human":
            self.render()
        return self._obs(), reward, terminated, False, self._info()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self.meeple_state.render_text(self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    @property
    def state(self) -> State:
        """The old name of :attr:`meeple_state` (until December 2026), kept for a while."""
        warnings.warn(
            "MeepleGymEnv.state is now meeple_state, the name every meeple adapter uses",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.meeple_state

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The legal actions of the learner's seat now, as a mask (for maskable learners)."""
        return action_mask(self.meeple_state, self.seat)

    # -- helpers -------------------------------------------------------------------------

    def _advance(self) -> None:
        """Play chance and the bots until the learner's seat is to move or the game ends."""
        state = self.meeple_state
        while not state.is_terminal():
            player = state.current_player()
            if player == self.seat:
                return
            if player == CHANCE:
                a = sample_chance(state, self._chance)
            else:
                a = self._bots[player].step(state)
            state.apply_action(a)
            self._tell_bots(a)

    def _tell_bots(self, action: int) -> None:
        for bot in self._bots.values():
            bot.observe(self.meeple_state, action)

    def _obs(self) -> Obs:
        return {
            "observation": self.encoder.encode_state(self.meeple_state, self.seat),
            "action_mask": action_mask(self.meeple_state, self.seat),
        }

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": action_mask(self.meeple_state, self.seat)}
        if self.meeple_state.is_terminal():
            info["scores"] = self.meeple_state.scores()
            info["ranks"] = self.meeple_state.ranks()
        return info


def make(
    game_id: str,
    opponents: str | Sequence[str] = "greedy",
    players: int = 2,
    seat: int = 0,
    **kwargs: Any,
) -> MeepleGymEnv:
    """A single-agent environment: seat ``seat`` of ``game_id`` against meeple bots.

    Other keyword arguments: ``render_mode``, ``obs_size``, ``illegal``,
    ``illegal_reward``, ``components`` and the game's own options.
    """
    return MeepleGymEnv(game_id, opponents, players, seat, **kwargs)


def register_envs() -> list[str]:
    """Register ``meeple/<game>-v<version>`` with Gymnasium for every game; returns the ids."""
    from meeple.core.registry import games

    ids = []
    for info in games():
        env_id = f"meeple/{info.id}-v{info.version}"
        if env_id not in gym.registry:
            gym.register(
                id=env_id,
                entry_point="meeple.rl.gymnasium:MeepleGymEnv",
                kwargs={"game_id": info.id},
            )
        ids.append(env_id)
    return ids


__all__ = ["MeepleGymEnv", "ResetNeeded", "make", "register_envs"]
