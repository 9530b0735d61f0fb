"""The play loop: a state, one agent per seat, and a seeded RNG for chance."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from meeple.agents.base import Agent, make_agent
from meeple.core.api import CHANCE, Game, State
from meeple.core.chance import STREAM, Drawer, drawer
from meeple.core.record import Record, record_of


def seat_rng(seed: int | None, seat: int) -> random.Random:
    """Each seat's own RNG, derived from the game seed so a bot never shifts chance."""
    return random.Random(f"meeple-seat:{seed}:{seat}")


def play(
    state: State,
    agents: Sequence[Agent],
    draw: Drawer,
    on_action: Callable[[State, int, int], None] | None = None,
) -> State:
    """Play ``state`` to the end in place; ``draw`` gives each chance outcome (a scheme's
    drawer, meeple.core.chance).

    ``on_action(state, player, action)`` is called after each action (``player``
    is who took it, or ``CHANCE``); the action's text is ``state.history``'s last.
    """
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            action = draw(state)
        else:
            action = agents[player].step(state)
        state.apply_action(action)
        for agent in agents:
            agent.observe(state, action)
        if on_action is not None:
            on_action(state, player, action)
    return state


def play_game(game: Game, agent_specs: Sequence[str], seed: int) -> Record:
    """One whole game with agents given by spec; the same seed gives the same record."""
    if len(agent_specs) != game.players:
        raise ValueError(f"{game.players} players need {game.players} agents")
    agents = [make_agent(spec, seat_rng(seed, i)) for i, spec in enumerate(agent_specs)]
    state = play(game.new_initial_state(), agents, drawer(STREAM, seed))
    return record_of(state, seed=seed, agents=agent_specs, chance=STREAM)
