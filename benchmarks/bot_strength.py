"""Bot strength, measured with the arena: the rows of docs/bots.md.

For each game (two players, seats rotated) it plays ismcts against random, ismcts against
greedy and greedy against random. Every finished game is appended to a results file
(`benchmarks/results/strength/<game>__<first>__<second>.jsonl`: game index, seed, seating,
ranks, scores, seconds), and a run goes on from where the file ends, so a row of 200 games
can be measured over several runs (or machines) and counted as one. Game ``i`` is the
arena's game ``i`` (seed ``seed + i``, seats rotated by ``i``), exactly as in
`meeple arena GAME --agents A,B --games N --seed S`.

    python benchmarks/bot_strength.py quedlinburg_dash --games 200            # play the rows
    python benchmarks/bot_strength.py --table                                 # print the tables
    python benchmarks/bot_strength.py --docs                       # write them into docs/bots.md
    python benchmarks/bot_strength.py croa --pairs greedy --games 200         # one kind of row

The ISMCTS spec is `ismcts:seconds=1,clock=cpu` (a second of the search thread's own CPU
time, so a busy machine does not weaken it) unless `--ismcts` says otherwise; a time budget
makes the games depend on the machine's speed, so the results are not bit-for-bit repeatable.
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


def append_line(path: Path, line: dict[str, Any]) -> None:
    """Append one game's JSON line, ending a line cut short by a killed run first."""
    with path.open("a+b") as f:
        cut = False
        if f.seek(0, 2) > 0:
            f.seek(-1, 2)
            cut = f.read(1) != b"\n"
        # One write per game, so processes sharing the file never interleave within a line.
        f.write((("\n" if cut else "") + json.dumps(line) + "\n").encode())


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
        append_line(path, line)
        print(f"{game_id} {a} vs {b}: game {i} ranks {line['ranks']} seats {seat_of}", flush=True)


# The targets: (first agent, second agent, least win rate of the first), per game.
GOAL = 200  # games per row
DOCS = Path(__file__).parent.parent / "docs" / "bots.md"
BEGIN, END = "<!-- strength tables: begin -->", "<!-- strength tables: end -->"


def targets(game_id: str, ismcts: str) -> list[tuple[str, str, float]]:
    return [
        ("greedy", "random", 0.70),
        (ismcts, "random", 0.65 if game_id == "quedlinburg_dash" else 0.90),
        (ismcts, "greedy", 0.60),
    ]


def measure(game_id: str, a: str, b: str, seed: int = 0) -> dict[str, Any] | None:
    """The row's numbers from its results file, or None before its first game.

    Only the games of this seed count, each once (``play_row`` plays a game again when its
    line is for another seed), so the command printed with the row replays exactly them.
    """
    rows: dict[int, dict[str, Any]] = {}
    for r in read_rows(row_file(game_id, a, b)):
        if r["seed"] == seed + r["i"]:
            rows.setdefault(r["i"], r)
    if not rows:
        return None
    return {**summarise([rows[i] for i in sorted(rows)], [a, b]), "seed": seed}


def summarise(games: list[dict[str, Any]], names: list[str]) -> dict[str, Any]:
    """The first agent's numbers over a row's games (results lines, one per game index)."""
    summary = tally_results(
        [{"ranks": r["ranks"], "scores": r["scores"]} for r in games],
        [r["seat_of"] for r in games],
        entrants(names),
    )
    first = summary["agents"][0]
    return {
        "games": len(games),
        "span": max(r["i"] for r in games) + 1,  # games 0 .. span-1 are the arena's; fewer: gaps
        "win_rate": first["win_rate"],
        "ci95": first["ci95"],
        "hours": sum(r["seconds"] for r in games) / 3600,
    }


def verdict(m: dict[str, Any] | None, target: float) -> str:
    """Met only when the whole 95% interval clears the target, at the full number of games."""
    if m is None:
        return "not measured yet"
    if m["games"] < GOAL or m["games"] < m["span"]:
        return f"under way ({m['games']} of {max(GOAL, m['span'])} games)"
    lo, hi = m["ci95"]
    if lo >= target:
        return "met"
    if hi < target:
        return "not met"
    if m["win_rate"] >= target:
        return "met by the estimate, not by the interval"
    return "not met by the estimate, the interval reaches it"


def tables(ismcts: str, seed: int = 0) -> str:
    """One table per game (every target row, measured or not), then a line per target."""
    out: list[str] = []
    by_target: dict[str, dict[str, list[str]]] = {}
    for info in meeple.games():
        out += [
            f"#### {info.name}",
            "",
            "| match | target | games | win rate | 95% interval | verdict | hours | command |",
            "|---|---|---|---|---|---|---|---|",
        ]
        for a, b, target in targets(info.id, ismcts):
            m = measure(info.id, a, b, seed)
            v = verdict(m, target)
            kind = f"{'ISMCTS' if a.startswith('ismcts') else a.capitalize()} beats {b}"
            head = v.split(" (")[0]
            named = f"{info.name} ({m['games']})" if m and head == "under way" else info.name
            by_target.setdefault(kind, {}).setdefault(head, []).append(named)
            if m is None:
                cmd = f"meeple arena {info.id} --agents {a},{b} --games {GOAL} --seed {seed}"
                out.append(f"| {a} vs {b} | {target:.0%} | 0 | | | {v} | | `{cmd}` |")
                continue
            lo, hi = m["ci95"]
            cmd = f"meeple arena {info.id} --agents {a},{b} --games {m['span']} --seed {seed}"
            out.append(
                f"| {a} vs {b} | {target:.0%} | {m['games']} | {m['win_rate']:.1%} | "
                f"{lo:.1%}-{hi:.1%} | {v} | {m['hours']:.2f} | `{cmd}` |"
            )
        out.append("")
    out += [
        f"In short (a row is met when its whole 95% interval clears the target at {GOAL} games;",
        "rows under way give their games so far):",
        "",
    ]
    for kind, groups in by_target.items():
        order = [
            "met",
            "met by the estimate, not by the interval",
            "not met by the estimate, the interval reaches it",
            "not met",
            "under way",
        ]
        ranked = sorted(groups.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else 9)
        parts = [f"{v} in {', '.join(names)}" for v, names in ranked]
        out.append(f"- **{kind}**: {'; '.join(parts)}.")
    return "\n".join(out)


def write_docs(ismcts: str, seed: int = 0) -> None:
    """Replace the generated part of docs/bots.md (between its two markers) with ``tables``."""
    text = DOCS.read_text()
    if text.count(BEGIN) != 1 or text.count(END) != 1 or text.index(BEGIN) > text.index(END):
        raise SystemExit(f"{DOCS}: expected one {BEGIN!r} line before one {END!r} line")
    a, b = text.index(BEGIN) + len(BEGIN), text.index(END)
    DOCS.write_text(text[:a] + "\n" + tables(ismcts, seed) + "\n" + text[b:])


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("games_ids", nargs="*", help="games (default: all)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--ismcts", default="ismcts:seconds=1,clock=cpu")
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
    parser.add_argument("--table", action="store_true", help="only print the tables")
    parser.add_argument(
        "--docs", action="store_true", help="only rewrite the tables in docs/bots.md"
    )
    args = parser.parse_args()
    if args.table:
        print(tables(args.ismcts, args.seed))
        return
    if args.docs:
        write_docs(args.ismcts, args.seed)
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
    print(tables(args.ismcts, args.seed))


if __name__ == "__main__":
    main()
