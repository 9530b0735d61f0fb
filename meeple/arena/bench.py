"""Speed figures: random-playout steps per second and games per second, one process."""

from __future__ import annotations

import random
import time
from typing import Any

from meeple.core.api import CHANCE, Game, State, sample_chance


def random_playouts(game: Game, seconds: float = 2.0, seed: int = 0) -> dict[str, Any]:
    """Play random games for about ``seconds``; count every step (decisions and chance)."""
    rng = random.Random(seed)
    steps = games = decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                a = sample_chance(state, rng)
            else:
                a = rng.choice(state.legal_actions())
                decisions += 1
            state.apply_action(a)
            steps += 1
        games += 1
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    return {
        "game": game.info.id,
        "players": game.players,
        "options": dict(game.options),
        "games": games,
        "steps": steps,
        "seconds": round(elapsed, 3),
        "decisions": decisions,
        "steps_per_second": round(steps / elapsed, 1),
        "decisions_per_second": round(decisions / elapsed, 1),
        "games_per_second": round(games / elapsed, 3),
        "mean_steps_per_game": round(steps / games, 1),
    }


def mid_game(game: Game, steps: int = 30, seed: int = 0) -> State:
    """A state ``steps`` random steps into a game (fewer if it ends first)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def clones_per_second(state: Any, seconds: float = 0.5) -> float:
    """How many ``clone()`` calls of ``state`` a second (any object with ``clone``)."""
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(100):
            state.clone()
        n += 100
    return n / (time.perf_counter() - start)


def clone_rate(game: Game, seconds: float = 0.5, seed: int = 0) -> float:
    """Clones per second of a mid-game state (a search bot's hot path)."""
    return clones_per_second(mid_game(game, seed=seed), seconds)


def opening_decision(game: Game, seed: int = 0) -> State:
    """The first position where a player (not chance) decides."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.current_player() == CHANCE:
        state.apply_action(sample_chance(state, rng))
    return state


def ismcts_rate(game: Game, seconds: float = 1.0, seed: int = 0) -> float:
    """ISMCTS iterations per second from the opening position, one core."""
    from meeple.agents.ismcts import ISMCTSAgent

    state = opening_decision(game, seed)
    if state.is_terminal():
        return 0.0
    bot = ISMCTSAgent(random.Random(seed), seconds=seconds)
    start = time.perf_counter()
    bot.search(state)
    return bot.last_iterations / (time.perf_counter() - start)
