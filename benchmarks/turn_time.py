"""How long a bot's whole turn takes: wall time of all its decisions in one turn.

A turn is one player's run of decisions with the chance among them (Quedlinburg Dash's
draws, Farland's take-pay-place-rotate), as the web log groups them. Plays ``--games``
games of the bot against itself (two players, seeds 0, 1, ...) in each game and reports,
per game, the decisions per turn and the turn's wall time: median, 99th percentile and
the longest. Run it on an idle machine: it measures wall time, which is what a person
at the table waits.

    python benchmarks/turn_time.py                      # hard, every game, 2 games each
    python benchmarks/turn_time.py farland --bot hard --games 4 --json out.json
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path
from typing import Any

import meeple
from meeple.agents.base import make_agent
from meeple.arena.runner import seat_rng
from meeple.core import CHANCE


def turn_times(game_id: str, spec: str, seed: int) -> tuple[list[float], list[int]]:
    """One game of ``spec`` against itself: every turn's wall seconds and decisions."""
    game = meeple.load(game_id)
    state = game.new_initial_state()
    agents = [make_agent(spec, seat_rng(seed, p)) for p in range(game.players)]
    rng = random.Random(seed)
    times: list[float] = []
    counts: list[int] = []
    owner = None
    while not state.is_terminal():
        p = state.current_player()
        if p == CHANCE:
            state.apply_action(meeple.sample_chance(state, rng))
            continue
        if p != owner:
            times.append(0.0)
            counts.append(0)
            owner = p
        started = time.perf_counter()
        action = agents[p].step(state)
        times[-1] += time.perf_counter() - started
        counts[-1] += 1
        state.apply_action(action)
    return times, counts


def measure(game_id: str, spec: str, games: int) -> dict[str, Any]:
    times: list[float] = []
    counts: list[int] = []
    for seed in range(games):
        t, c = turn_times(game_id, spec, seed)
        times += t
        counts += c
    ordered = sorted(times)
    return {
        "game": game_id,
        "bot": spec,
        "games": games,
        "turns": len(times),
        "decisions_per_turn": statistics.fmean(counts),
        "p50": statistics.median(ordered),
        "p99": ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))],
        "max": ordered[-1],
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games_ids", nargs="*", metavar="GAME", help="default: every game")
    ap.add_argument("--bot", default="hard", help="an agent spec or level (default hard)")
    ap.add_argument("--games", type=int, default=2, help="games per game id (default 2)")
    ap.add_argument("--json", type=Path, help="also write the rows as JSON here")
    args = ap.parse_args()
    ids = args.games_ids or [info.id for info in meeple.games()]
    rows = []
    print("| game | bot | turns | decisions per turn | p50 s | p99 s | max s |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for gid in ids:
        r = measure(gid, args.bot, args.games)
        rows.append(r)
        print(
            f"| {gid} | {r['bot']} | {r['turns']} | {r['decisions_per_turn']:.1f} | "
            f"{r['p50']:.2f} | {r['p99']:.2f} | {r['max']:.2f} |",
            flush=True,
        )
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    main()
