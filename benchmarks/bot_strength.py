"""Bot strength, measured with the arena: the rows of docs/bots.md.

For each game (two players, seats rotated) it plays ismcts against random, ismcts against
greedy and greedy against random, and prints a Markdown table with win rates, 95% intervals
and the command that reproduces each row.

    python benchmarks/bot_strength.py --games 200 --ismcts "ismcts:seconds=1"   # the targets
    python benchmarks/bot_strength.py --games 20 --ismcts "ismcts:iterations=200" --jobs 2
"""

from __future__ import annotations

import argparse
import json
import time

import meeple
from meeple.arena.arena import run_arena


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games_ids", nargs="*", help="games (default: all)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--ismcts", default="ismcts:seconds=1")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", dest="json_out", default=None, help="also write rows here")
    args = parser.parse_args()
    ids = args.games_ids or [g.id for g in meeple.games()]
    pairs = [(args.ismcts, "random"), (args.ismcts, "greedy"), ("greedy", "random")]
    rows = []
    print("| game | match | games | first agent's win rate | 95% interval | seconds | command |")
    print("|---|---|---|---|---|---|---|")
    for gid in ids:
        for a, b in pairs:
            start = time.perf_counter()
            summary, _ = run_arena(gid, [a, b], args.games, args.seed, args.jobs)
            secs = time.perf_counter() - start
            first = summary["agents"][0]
            cmd = (
                f"meeple arena {gid} --agents {a},{b} --games {args.games} "
                f"--seed {args.seed} --jobs {args.jobs}"
            )
            row = {
                "game": gid,
                "match": f"{a} vs {b}",
                "games": args.games,
                "win_rate": round(first["win_rate"], 3),
                "ci95": first["ci95"],
                "seconds": round(secs, 1),
                "command": cmd,
            }
            rows.append(row)
            lo, hi = first["ci95"]
            print(
                f"| {gid} | {a} vs {b} | {args.games} | {row['win_rate']:.3f} | "
                f"{lo:.3f}-{hi:.3f} | {secs:.0f} | `{cmd}` |",
                flush=True,
            )
    if args.json_out:
        with open(args.json_out, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
