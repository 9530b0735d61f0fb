"""A/B games for Azul's bot heuristic: how its weights and the replaced version compare.

Each agent is an arena spec plus a heuristic: ``new`` (the game's own), ``old`` (the first
version, kept here for comparison: finished groups only, 0.5 a placed hexagon a round left,
stored tiles at -0.5), or a JSON object overriding the module's weights, such as
``{"TILE_VALUE": 1.0}``. The heuristic in force is switched each time an agent moves, so the
two sides of one game can use different ones. Games come in pairs: games ``2k`` and
``2k + 1`` have seed ``seed + k``, with A in seat 0 and then in seat 1, so luck of the deal
cancels out (two identical agents score exactly 50%).

    python benchmarks/azul_heuristic_ab.py greedy new greedy old --games 100 --seed 2900
    python benchmarks/azul_heuristic_ab.py greedy '{"PAIR_CREDIT": 1.0}' greedy new --games 100
    python benchmarks/azul_heuristic_ab.py ismcts:seconds=0.25,clock=cpu new greedy new --games 30

It prints one line per game (A's score, B's score, A's result, A's running win rate) and
the totals, and writes nothing.
"""

from __future__ import annotations

import argparse
import json
import random
from typing import Any

import meeple
from meeple.agents.base import Agent, make_agent
from meeple.arena.runner import play, seat_rng
from meeple.boardgames.azul_queens_garden import state as azul
from meeple.boardgames.azul_queens_garden.scoring import evaluation
from meeple.core import State

WEIGHTS = ("PAIR_CREDIT", "TILE_VALUE")
DEFAULTS = {k: getattr(azul, k) for k in WEIGHTS}
NEW = azul.AzulQueensGardenState._heuristic
# The weights of the side to move, or None for the old heuristic.
MODE: list[dict[str, float] | None] = [dict(DEFAULTS)]


def old_heuristic(self: azul.AzulQueensGardenState, player: int) -> float:
    def value(p: int) -> float:
        if self.is_terminal():
            return float(self.score(p))
        comp = self.rules
        bonus = comp.six_bonus  # 0 with the option off
        ev = evaluation(self.garden[p], comp.values, comp.min_group, bonus)
        placed = sum(self.colour_count[p])
        rounds_left = comp.rounds - self.round
        tiles = self.store_n[p] - self.jokers[p]
        return (
            self.score(p)
            + ev["evaluation"]
            + ev["group_bonus"]
            + 0.5 * placed * rounds_left
            + self.jokers[p] * comp.joker_points
            - 0.5 * tiles
        )

    mine = value(player)
    others = [value(p) for p in range(self.game.players) if p != player]
    return mine - max(others) if others else mine


def switched(self: azul.AzulQueensGardenState, player: int) -> float:
    weights = MODE[0]
    if weights is None:
        return old_heuristic(self, player)
    for k, v in weights.items():
        setattr(azul, k, v)
    return NEW(self, player)


class Switched(Agent):
    """An agent that puts its own heuristic in force whenever it moves."""

    def __init__(self, inner: Agent, weights: dict[str, float] | None) -> None:
        super().__init__(inner.rng)
        self.inner, self.weights = inner, weights

    def step(self, state: State) -> int:
        MODE[0] = self.weights
        return self.inner.step(state)

    def observe(self, state: State, action: int) -> None:
        self.inner.observe(state, action)


def parse_mode(text: str) -> dict[str, float] | None:
    """``old`` gives None; ``new`` the module's weights; JSON overrides some of them."""
    if text == "old":
        return None
    if text == "new":
        return dict(DEFAULTS)
    try:
        over: Any = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"{text!r} is not new, old or a JSON object: {e}") from None
    if not isinstance(over, dict):
        raise ValueError(f"{text!r} is not new, old or a JSON object")
    unknown = set(over) - set(WEIGHTS)
    if unknown:
        raise ValueError(f"unknown weights {sorted(unknown)}; known: {list(WEIGHTS)}")
    return {**DEFAULTS, **{k: float(v) for k, v in over.items()}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a_spec")
    parser.add_argument("a_heuristic")
    parser.add_argument("b_spec")
    parser.add_argument("b_heuristic")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    try:
        modes = [parse_mode(args.a_heuristic), parse_mode(args.b_heuristic)]
    except ValueError as e:
        parser.error(str(e))
    azul.AzulQueensGardenState._heuristic = switched  # type: ignore[method-assign]
    game = meeple.load("azul_queens_garden", players=2)
    wins = 0.0
    totals = [0, 0]
    for i in range(args.games):
        # Games come in pairs on one seed with the seats swapped, so both sides meet the
        # same chance and the same seat RNGs: two identical agents score exactly 50%.
        seed = args.seed + i // 2
        sides = [(args.a_spec, modes[0], 0), (args.b_spec, modes[1], 1)]
        if i % 2:
            sides.reverse()
        agents = [
            Switched(make_agent(spec, seat_rng(seed, k)), mode)
            for k, (spec, mode, _) in enumerate(sides)
        ]
        seat_of_a = [side for _, _, side in sides].index(0)
        state = play(game.new_initial_state(), agents, random.Random(seed))
        scores = state.scores()
        a, b = scores[seat_of_a]["total"], scores[1 - seat_of_a]["total"]
        result = 1.0 if a > b else 0.5 if a == b else 0.0
        wins += result
        totals[0] += a
        totals[1] += b
        print(i, a, b, result, f"{wins / (i + 1):.3f}", flush=True)
    n = args.games
    print(f"A won {wins / n:.3f} of {n}; mean scores A {totals[0] / n:.1f}, B {totals[1] / n:.1f}")


if __name__ == "__main__":
    main()
