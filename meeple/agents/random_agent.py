"""The uniform random agent: the baseline and the engine of random playouts."""

from __future__ import annotations

from meeple.agents.base import Agent
from meeple.core.api import State


class RandomAgent(Agent):
    name = "random"

    def step(self, state: State) -> int:
        return self.rng.choice(state.legal_actions())
