"""meeple's engine speed as ratios against OpenSpiel games, measured in one process.

    python benchmarks/openspiel_speed.py [--seconds 1] [--repeats 3] [--only GAME ...]
        [--json OUT.json]

For every game, and in every repeat, each figure is measured next to its peer (meeple
first in odd repeats, the peer first in even ones), so that what the machine does
meanwhile weighs on both; a ratio is the median over the repeats of the ratio of one
repeat. The figures:

- **steps/s ÷ backgammon**: random playouts, every step counted (a player's decision or a
  chance outcome), driven from Python the same way for both: ``legal_actions()`` and a
  random choice, or a chance outcome drawn from the state's distribution, then
  ``apply_action``. The peer is OpenSpiel's C++ ``backgammon`` through pyspiel.
- **clones/s ÷ python_tic_tac_toe**: ``clone()`` of a mid-game state (meeple: after 30
  steps; tic-tac-toe: after 3 moves). The peer is OpenSpiel's pure-Python game.
- **ISMCTS ÷ ISMCTSBot**: meeple's ISMCTS with random rollouts to the end of the game
  against OpenSpiel's Python ``ISMCTSBot`` (random-rollout evaluator) on the same game,
  registered by ``meeple.openspiel``, and the same position, for the same time.
- **4p ÷ 2p cost per step**: meeple's time per random-playout step at the game's largest
  player count over the time at two players (1.0 is flat; below is cheaper).
- **KiB per clone**: memory newly allocated per clone of the mid-game state
  (``tracemalloc``, 200 clones kept alive), so parts that clones share are not counted.

The issue's goals are printed next to the ratios.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import meeple
from benchmarks.openspiel_compare import meeple_rate, openspiel_rate, position
from meeple import native
from meeple.arena.bench import clones_per_second, mid_game, random_playouts
from meeple.core.api import Game

# The issue's goals (issue 27): steps/s ÷ backgammon, clones/s ÷ python_tic_tac_toe,
# ISMCTS ÷ ISMCTSBot.
STEPS_GOAL = {"piepmatz": 2.5, "croa": 2.5, "quedlinburg_dash": 2.5}
STEPS_GOAL_DEFAULT = 1.0
CLONES_GOAL = 2.0
ISMCTS_GOAL = 3.0


def meeple_steps(game: Game, seconds: float, seed: int) -> float:
    """Random-playout steps per second: ``meeple bench``'s loop (whole games)."""
    return float(random_playouts(game, seconds, seed)["steps_per_second"])


def spiel_steps(spiel_game: Any, seconds: float, seed: int) -> float:
    """The same loop on a pyspiel game; chance outcomes drawn from their probabilities."""
    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = spiel_game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                actions = [o[0] for o in outcomes]
                weights = [o[1] for o in outcomes]
                a = rng.choices(actions, weights)[0]
            else:
                a = rng.choice(state.legal_actions())
            state.apply_action(a)
            steps += 1
    return steps / (time.perf_counter() - start)


def spiel_mid_game(spiel_game: Any, moves: int = 3, seed: int = 0) -> Any:
    rng = random.Random(seed)
    state = spiel_game.new_initial_state()
    for _ in range(moves):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def kib_per_clone(state: Any, n: int = 200) -> float:
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = [state.clone() for _ in range(n)]
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del kept
    return (after - before) / n / 1024


def cpu_model() -> str:
    """The processor's name (the ratios to C++ differ by processor: docs/research.md)."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown processor"


def paired(rep: int, ours: Callable[[], float], theirs: Callable[[], float]) -> tuple[float, float]:
    """One measure of each, meeple first in even repeats and the peer first in odd ones."""
    if rep % 2 == 0:
        a = ours()
        b = theirs()
    else:
        b = theirs()
        a = ours()
    return a, b


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per measure")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--opening", type=int, default=6, help="random decisions before")
    parser.add_argument("--only", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--no-search", action="store_true", help="skip the ISMCTS ratio")
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args(argv)

    import pyspiel
    from open_spiel.python.games import tic_tac_toe  # noqa: F401 (registers the game)

    import meeple.openspiel as mos

    mos.register()
    backgammon = pyspiel.load_game("backgammon")
    ttt = pyspiel.load_game("python_tic_tac_toe")
    ttt_state = spiel_mid_game(ttt)
    ids = args.only or [g.id for g in meeple.games()]
    sec = args.seconds
    load = os.getloadavg() if hasattr(os, "getloadavg") else (0.0, 0.0, 0.0)
    kernels = native.status()
    cpu = cpu_model()
    print(
        f"{cpu}, {os.cpu_count()} CPUs, load average {load[0]:.1f}; {sec}s per measure, "
        f"{args.repeats} repeats, medians of the per-repeat ratios; kernels "
        + (
            ", ".join(
                f"{k.split('.')[-2]} {'compiled' if c else 'source'}" for k, c in kernels.items()
            )
            or "none"
        ),
        flush=True,
    )

    raw: dict[str, dict[str, list[float]]] = {gid: {} for gid in ids}

    def add(gid: str, key: str, value: float) -> None:
        raw[gid].setdefault(key, []).append(value)

    setups: dict[str, dict[str, Any]] = {}
    for gid in ids:
        info = meeple.game_class(gid).info
        two = meeple.load(gid, players=max(2, info.min_players))
        most = meeple.load(gid, players=min(4, info.max_players))
        s: dict[str, Any] = {"two": two, "most": most, "mid": mid_game(two, seed=args.seed)}
        if not args.no_search:
            s["spiel"] = position(gid, two.players, args.seed, args.opening)
        setups[gid] = s

    for rep in range(args.repeats):
        for gid in ids:
            s = setups[gid]
            seed = args.seed + rep
            ours, theirs = paired(
                rep,
                partial(meeple_steps, s["two"], sec, seed),
                partial(spiel_steps, backgammon, sec, seed),
            )
            add(gid, "steps", ours)
            add(gid, "backgammon_steps", theirs)
            add(gid, "steps_ratio", ours / theirs)
            ours, theirs = paired(
                rep,
                partial(clones_per_second, s["mid"], sec),
                partial(clones_per_second, ttt_state, sec),
            )
            add(gid, "clones", ours)
            add(gid, "ttt_clones", theirs)
            add(gid, "clones_ratio", ours / theirs)
            if s["most"].players != s["two"].players:
                most_steps = meeple_steps(s["most"], sec, seed)
                add(gid, "steps_most", most_steps)
                add(gid, "cost_ratio", ours_steps_two(raw[gid]) / most_steps)
            if not args.no_search:
                spiel_game, spiel_state = s["spiel"]
                m_state = spiel_state.meeple_state.clone()
                ours, theirs = paired(
                    rep,
                    partial(meeple_rate, m_state, sec, full_rollouts=True),
                    partial(openspiel_rate, spiel_game, spiel_state, sec),
                )
                add(gid, "ismcts", ours)
                add(gid, "openspiel_ismcts", theirs)
                add(gid, "ismcts_ratio", ours / theirs)
            print(f"  repeat {rep + 1}: {gid}", file=sys.stderr, flush=True)

    rows = []
    header = (
        f"{'game':<20} {'steps/s':>9} {'÷ bg':>6} {'goal':>5} {'clones/s':>9} "
        f"{'÷ ttt':>6} {'ISMCTS/s':>9} {'÷ bot':>6} {'4p÷2p':>6} {'KiB/clone':>9}"
    )
    print(header)
    for gid in ids:
        r = raw[gid]
        med = {k: statistics.median(v) for k, v in r.items()}
        row: dict[str, Any] = {
            "game": gid,
            "players": setups[gid]["two"].players,
            "most_players": setups[gid]["most"].players,
            **{k: round(v, 3) for k, v in med.items()},
            "kib_per_clone": round(kib_per_clone(setups[gid]["mid"]), 2),
            "goals": {
                "steps_ratio": STEPS_GOAL.get(gid, STEPS_GOAL_DEFAULT),
                "clones_ratio": CLONES_GOAL,
                "ismcts_ratio": ISMCTS_GOAL,
            },
        }
        rows.append(row)

        print(
            f"{gid:<20} {cell(row, 'steps', ',.0f', 9)} {cell(row, 'steps_ratio', '.2f', 6)} "
            f"{row['goals']['steps_ratio']:>5.1f} {cell(row, 'clones', ',.0f', 9)} "
            f"{cell(row, 'clones_ratio', '.2f', 6)} {cell(row, 'ismcts', ',.0f', 9)} "
            f"{cell(row, 'ismcts_ratio', '.2f', 6)} {cell(row, 'cost_ratio', '.2f', 6)} "
            f"{row['kib_per_clone']:>9.2f}"
        )
    print(
        f"goals: steps ÷ backgammon {STEPS_GOAL_DEFAULT} (2.5 in Piepmatz, Crôa! and "
        f"Quedlinburg Dash), clones ÷ python_tic_tac_toe {CLONES_GOAL}, ISMCTS ÷ "
        f"ISMCTSBot {ISMCTS_GOAL}"
    )
    if args.json:
        args.json.write_text(
            json.dumps(
                {
                    "cpu": cpu,
                    "cpus": os.cpu_count(),
                    "load_average": load[0],
                    "seconds": sec,
                    "repeats": args.repeats,
                    "kernels_compiled": kernels,
                    "rows": rows,
                },
                indent=1,
            )
        )
    return 0


def cell(row: dict[str, Any], key: str, fmt: str, width: int) -> str:
    return f"{row[key]:{width}{fmt}}" if key in row else f"{'-':>{width}}"


def ours_steps_two(r: dict[str, list[float]]) -> float:
    """This repeat's two-player steps per second (the last one measured)."""
    return r["steps"][-1]


if __name__ == "__main__":
    raise SystemExit(main())
