"""meeple's ISMCTS against OpenSpiel's Python ISMCTSBot, on every game, in one run.

    python benchmarks/openspiel_compare.py [--seconds 1] [--move-seconds 0.1]
        [--games 4] [--only GAME ...] [--json OUT.json]

1. Search speed. The same position of each game (reached by a seeded random opening,
   a decision with several legal actions) is searched for ``--seconds`` by:
   - meeple's ``ISMCTSAgent`` as it plays (random rollouts cut after 30 steps, scored
     by the game's heuristic);
   - meeple's ``ISMCTSAgent`` with rollouts to the end of the game (the same work per
     iteration as OpenSpiel's random-rollout evaluator);
   - OpenSpiel's Python ``ISMCTSBot`` (``open_spiel.python.algorithms.ismcts``) on the
     game registered by ``meeple.openspiel``, with its random-rollout evaluator, nodes
     keyed by observation strings (its faster setting), stopped at the same deadline.
   and the iterations (simulations) per second are reported.
2. Head-to-head at equal time per move: meeple's ISMCTS and OpenSpiel's ISMCTSBot each
   get ``--move-seconds`` per decision; ``--games`` games per game, seats alternating,
   chance from a seeded RNG. A shared first place counts half a win.

Timings depend on the machine and on what else runs on it; the script prints the
CPU count and load average next to the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import meeple
from meeple.agents.ismcts import ISMCTSAgent
from meeple.core.api import CHANCE, State, sample_chance


def position(game_id: str, players: int, seed: int, opening: int) -> tuple[Any, Any]:
    """A decision after ``opening`` random decisions, with at least two legal actions: the
    OpenSpiel game and its state (meeple.openspiel's, holding ``meeple_state``)."""
    import meeple.openspiel as mos

    rng = random.Random(seed)
    game = meeple.load(game_id, players=players)
    state = game.new_initial_state()
    decisions = 0
    while True:
        if state.is_terminal():
            state = game.new_initial_state()
            decisions = 0
            continue
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        if decisions >= opening and len(legal) >= 2:
            break
        state.apply_action(rng.choice(legal))
        decisions += 1
    spiel_game = mos.load_game(game_id, players=players)
    spiel_state = spiel_game.new_initial_state()
    for a in state.history:
        spiel_state.apply_action(a)
    return spiel_game, spiel_state


def meeple_rate(state: State, seconds: float, full_rollouts: bool) -> float:
    agent = ISMCTSAgent(random.Random(1), seconds=seconds, rollout=10**9 if full_rollouts else 30)
    start = time.perf_counter()
    agent.search(state)
    return agent.last_iterations / (time.perf_counter() - start)


def openspiel_rate(spiel_game: Any, spiel_state: Any, seconds: float) -> float:
    import meeple.openspiel as mos

    bot = mos.ismcts_bot(spiel_game, seconds=seconds, max_simulations=10**9, seed=1)
    start = time.perf_counter()
    bot.run_search(spiel_state)
    return float(bot.last_simulations) / (time.perf_counter() - start)


def head_to_head(
    game_id: str, players: int, games: int, move_seconds: float, seed: int
) -> dict[str, Any]:
    """meeple ISMCTS in one seat, OpenSpiel ISMCTSBot in the others; seats alternate."""
    import meeple.openspiel as mos

    spiel_game = mos.load_game(game_id, players=players)
    points = 0.0
    results = []
    for i in range(games):
        meeple_seat = i % players
        rng = random.Random(seed + i)
        state = meeple.load(game_id, players=players).new_initial_state()
        spiel_state = spiel_game.new_initial_state()
        ours = ISMCTSAgent(random.Random(f"h2h-meeple:{seed + i}"), seconds=move_seconds)
        theirs = mos.ismcts_bot(
            spiel_game, seconds=move_seconds, max_simulations=10**9, seed=seed + i
        )
        while not state.is_terminal():
            p = state.current_player()
            if p == CHANCE:
                a = sample_chance(state, rng)
            elif len(state.legal_actions()) == 1:
                a = state.legal_actions()[0]
            elif p == meeple_seat:
                a = ours.step(state)
            else:
                a = int(theirs.step(spiel_state))
            state.apply_action(a)
            spiel_state.apply_action(a)
        ranks = state.ranks()
        firsts = sum(1 for r in ranks if r == 1)
        won = 0.0 if ranks[meeple_seat] != 1 else (1.0 if firsts == 1 else 0.5)
        points += won
        results.append(
            {
                "meeple_seat": meeple_seat,
                "scores": [s["total"] for s in state.scores()],
                "meeple_points": won,
            }
        )
    return {
        "games": games,
        "meeple_points": points,
        "meeple_win_rate": points / games if games else 0.0,
        "results": results,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="search time per measure")
    parser.add_argument("--move-seconds", type=float, default=0.1, help="head-to-head time")
    parser.add_argument("--games", type=int, default=4, help="head-to-head games per game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opening", type=int, default=6, help="random decisions before")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args(argv)

    import meeple.openspiel as mos

    mos.register()
    ids = args.only or [g.id for g in meeple.games()]
    load = os.getloadavg() if hasattr(os, "getloadavg") else (0.0, 0.0, 0.0)
    print(
        f"{os.cpu_count()} CPUs, load average {load[0]:.1f}; {args.seconds}s per speed "
        f"measure, {args.move_seconds}s per move, {args.games} games per head-to-head"
    )
    header = (
        f"{'game':<20} {'meeple it/s':>12} {'meeple full':>12} {'OpenSpiel':>10} "
        f"{'speed-up':>9} {'h2h meeple':>11}"
    )
    print(header)
    rows = []
    for gid in ids:
        info = meeple.game_class(gid).info
        players = min(max(args.players, info.min_players), info.max_players)
        spiel_game, spiel_state = position(gid, players, args.seed, args.opening)
        m_state = spiel_state.meeple_state.clone()
        ours = meeple_rate(m_state, args.seconds, full_rollouts=False)
        ours_full = meeple_rate(m_state, args.seconds, full_rollouts=True)
        theirs = openspiel_rate(spiel_game, spiel_state, args.seconds)
        h2h = head_to_head(gid, players, args.games, args.move_seconds, args.seed)
        row = {
            "game": gid,
            "players": players,
            "legal_actions_at_position": len(spiel_state.legal_actions()),
            "meeple_iterations_per_s": round(ours, 1),
            "meeple_full_rollout_iterations_per_s": round(ours_full, 1),
            "openspiel_ismcts_simulations_per_s": round(theirs, 1),
            "speedup": round(ours / theirs, 2) if theirs else None,
            "speedup_full_rollouts": round(ours_full / theirs, 2) if theirs else None,
            "head_to_head": h2h,
        }
        rows.append(row)
        print(
            f"{gid:<20} {ours:>12.1f} {ours_full:>12.1f} {theirs:>10.1f} "
            f"{row['speedup'] or 0:>8.2f}x {h2h['meeple_points']:>5.1f}/{h2h['games']:<5}",
            flush=True,
        )
    total_points = sum(r["head_to_head"]["meeple_points"] for r in rows)
    total_games = sum(r["head_to_head"]["games"] for r in rows)
    if total_games:
        print(
            f"head-to-head overall: meeple {total_points:g}/{total_games} "
            f"({total_points / total_games:.0%})"
        )
    if args.json:
        args.json.write_text(
            json.dumps(
                {
                    "cpus": os.cpu_count(),
                    "load_average": load[0],
                    "seconds": args.seconds,
                    "move_seconds": args.move_seconds,
                    "rows": rows,
                    "head_to_head_points": total_points,
                    "head_to_head_games": total_games,
                },
                indent=1,
            )
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
