"""Bot strength, measured with the arena: the rows of docs/bots.md.

For each game (two players, seats rotated) it plays ismcts against random, ismcts against
greedy and greedy against random. Every finished game is appended to a results file
(`benchmarks/results/strength/<game>__<first>__<second>.jsonl`: game index, seed, seating,
ranks, scores, seconds), and a run goes on from where the file ends, so a row of 200 games
can be measured over several runs (or machines) and counted as one. Game ``i`` is the
arena's game ``i`` (seed ``seed + i``, seats rotated by ``i``), exactly as in
`meeple arena GAME --agents A,B --games N --seed S`.

    python benchmarks/bot_strength.py quedlinburg_dash --games 200            # play the rows
    python benchmarks/bot_strength.py --table                                 # print the table
    python benchmarks/bot_strength.py croa --pairs greedy --games 200         # one kind of row

The ISMCTS spec is `ismcts:seconds=1` unless `--ismcts` says otherwise; a time budget makes
the games depend on the machine's speed, so the results are not bit-for-bit repeatable.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import meeple
from meeple.arena.arena import arena_jobs, entrants, tally_results
from meeple.arena.simulate import run_job

RESULTS = Path(__file__).parent / "results" / "strength"


def row_file(game_id: str, a: str, b: str) -> Path:
    safe = [s.replace(":", "-").replace("=", "").replace(",", "_") for s in (a, b)]
    return RESULTS / f"{game_id}__{safe[0]}__{safe[1]}.jsonl"


def read_rows(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    rows = []
    for line in path.read_text().splitlines():
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError:
            continue  # a line cut short by a killed run: that game is played again
    return rows


def play_row(
    game_id: str, a: str, b: str, games: int, seed: int, shard: tuple[int, int] = (0, 1)
) -> None:
    """Play the games of one row that its results file does not hold yet.

    With ``shard=(k, n)`` only the games ``i`` with ``i % n == k`` are played, so ``n``
    processes can share one row; each appends whole lines to the same file.
    """
    path = row_file(game_id, a, b)
    path.parent.mkdir(parents=True, exist_ok=True)
    done = {r["i"] for r in read_rows(path) if r["seed"] == seed + r["i"]}
    jobs, seatings = arena_jobs(game_id, [a, b], games, seed)
    for i, (job, seat_of) in enumerate(zip(jobs, seatings, strict=True)):
        if i in done or i % shard[1] != shard[0]:
            continue
        start, cpu = time.perf_counter(), time.process_time()
        rec = run_job(job)
        assert rec.result is not None
        line = {
            "i": i,
            "seed": job.seed,
            "agents": [a, b],
            "seat_of": seat_of,
            "ranks": rec.result["ranks"],
            "scores": rec.result["scores"],
            "actions": len(rec.actions),
            "seconds": round(time.perf_counter() - start, 2),
            "cpu_seconds": round(time.process_time() - cpu, 2),
        }
        with path.open("a+b") as f:
            cut = False
            if f.seek(0, 2) > 0:
                f.seek(-1, 2)
                cut = f.read(1) != b"\n"
            # One write per game, so processes sharing the file never interleave within a line.
            f.write((("\n" if cut else "") + json.dumps(line) + "\n").encode())
        print(f"{game_id} {a} vs {b}: game {i} ranks {line['ranks']} seats {seat_of}", flush=True)


def table() -> None:
    print(
        "| game | match | games | first agent's win rate | 95% interval | hours played | command |"
    )
    print("|---|---|---|---|---|---|---|")
    for path in sorted(RESULTS.glob("*.jsonl")):
        rows = sorted(read_rows(path), key=lambda r: r["i"])
        if not rows:
            continue
        a, b = rows[0]["agents"]
        game_id = path.name.split("__")[0]
        summary = tally_results(
            [{"ranks": r["ranks"], "scores": r["scores"]} for r in rows],
            [r["seat_of"] for r in rows],
            entrants([a, b]),
        )
        first = summary["agents"][0]
        lo, hi = first["ci95"]
        hours = sum(r["seconds"] for r in rows) / 3600
        seed = rows[0]["seed"] - rows[0]["i"]
        cmd = f"meeple arena {game_id} --agents {a},{b} --games {len(rows)} --seed {seed}"
        print(
            f"| {game_id} | {a} vs {b} | {len(rows)} | {first['win_rate']:.3f} | "
            f"{lo:.3f}-{hi:.3f} | {hours:.2f} | `{cmd}` |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("games_ids", nargs="*", help="games (default: all)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--ismcts", default="ismcts:seconds=1")
    parser.add_argument(
        "--pairs",
        default="random,greedy,greedy-random",
        help="which rows: random (ismcts vs random), greedy (ismcts vs greedy), "
        "greedy-random (greedy vs random); comma-separated",
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--shard",
        default="0/1",
        help="K/N: play only the games i with i %% N == K, so N processes can share a row",
    )
    parser.add_argument("--table", action="store_true", help="only print the table")
    args = parser.parse_args()
    if args.table:
        table()
        return
    ids = args.games_ids or [g.id for g in meeple.games()]
    kinds = {
        "random": (args.ismcts, "random"),
        "greedy": (args.ismcts, "greedy"),
        "greedy-random": ("greedy", "random"),
    }
    pairs = [kinds[k] for k in args.pairs.split(",")]
    k, _, n = args.shard.partition("/")
    shard = (int(k), int(n or 1))
    if not 0 <= shard[0] < shard[1]:
        parser.error(f"--shard {args.shard}: expected K/N with 0 <= K < N")
    for gid in ids:
        for a, b in pairs:
            play_row(gid, a, b, args.games, args.seed, shard)
    table()


if __name__ == "__main__":
    main()
