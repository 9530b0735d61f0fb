"""Do Azul bots lose points by buying face-down expansions? Greedy against a greedy that
never buys one (the same bot, with the buy left out of its turn's choices).

Games come in pairs on one seed with the seats swapped, so the deal's luck cancels out.

    python benchmarks/azul_buying_ab.py --games 400 --jobs 2

It prints the no-buy bot's win rate with its 95% interval, its mean lead in points with
the standard error, and what the buying bot spent on expansions; it writes nothing.
"""

from __future__ import annotations

import argparse
import random
import statistics
from multiprocessing import Pool

import meeple
from meeple.agents.greedy import GreedyAgent
from meeple.arena.runner import play, seat_rng
from meeple.arena.stats import wilson_interval
from meeple.boardgames.azul_queens_garden import actions as A
from meeple.core import State


class NoBuyGreedy(GreedyAgent):
    """Greedy, choosing among its turn's other actions whenever buying is one of them."""

    def step(self, state: State) -> int:
        legal = state.legal_actions()
        d = state.decision
        if d is None or d.kind != "turn" or A.BUY not in legal or len(legal) == 1:
            return super().step(state)
        values = self.values(state, [a for a in legal if a != A.BUY])
        best = max(values.values())
        return self.rng.choice([a for a, v in values.items() if v >= best - 1e-9])


def one(i: int) -> tuple[float, int, int]:
    """Game ``i``: (the no-buy bot's result, its lead, expansions the other bought)."""
    game = meeple.load("azul_queens_garden", players=2)
    seed, nobuy = divmod(i, 2)
    agents = [
        (NoBuyGreedy if seat == nobuy else GreedyAgent)(seat_rng(seed, seat)) for seat in range(2)
    ]
    bought = 0

    def count(state: State, player: int, action: int) -> None:
        nonlocal bought
        bought += player == 1 - nobuy and action == A.BUY

    state = play(game.new_initial_state(), agents, random.Random(seed), count)
    ranks, scores = state.ranks(), [s["total"] for s in state.scores()]
    result = 1.0 if ranks[nobuy] < ranks[1 - nobuy] else 0.5 if ranks[0] == ranks[1] else 0.0
    return result, scores[nobuy] - scores[1 - nobuy], bought


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="an even number")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    with Pool(args.jobs) as pool:
        rows = pool.map(one, range(args.games))
    wins = sum(r for r, _, _ in rows)
    leads = [d for _, d, _ in rows]
    low, high = wilson_interval(wins, len(rows))
    print(
        f"no-buy greedy against greedy: {wins / len(rows):.1%} of {len(rows)} games "
        f"({low:.1%}-{high:.1%}), lead {statistics.mean(leads):+.1f} points a game "
        f"(standard error {statistics.stdev(leads) / len(leads) ** 0.5:.1f}); "
        f"the buying bot bought {statistics.mean(b for _, _, b in rows):.1f} expansions a game"
    )


if __name__ == "__main__":
    main()
