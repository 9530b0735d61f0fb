"""The level ladder of docs/bots.md: does each level beat the one below it, in every game?

Plays, with the arena (two players, seats rotated, seed 0), ``easy`` against ``random`` and
``medium`` against ``easy`` in every game, plus the sample counts tried for Crôa!'s easy
bot, and keeps each row's summary (the JSON of ``meeple arena ... --json``) in
``benchmarks/results/levels/``. A row whose file exists is not played again.

    python benchmarks/level_ladder.py            # play the missing rows, print the tables
    python benchmarks/level_ladder.py --docs     # ... and write them into docs/bots.md
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import meeple
from meeple.arena.arena import run_arena

RESULTS = Path(__file__).parent / "results" / "levels"
DOCS = Path(__file__).parent.parent / "docs" / "bots.md"
BEGIN, END = "<!-- levels table: begin -->", "<!-- levels table: end -->"
# Medium against easy costs 300 ISMCTS iterations a move: half the games where moves are many.
MEDIUM_GAMES = {"azul_queens_garden": 50, "farland": 50}
CROA_SAMPLES = (1, 8, 16)  # 12 is Crôa!'s easy level itself


def ladder() -> list[tuple[str, str, str, int]]:
    rows = []
    for info in meeple.games():
        rows.append((info.id, "easy", "random", 200))
        rows.append((info.id, "medium", "easy", MEDIUM_GAMES.get(info.id, 100)))
    return rows


def sweep() -> list[tuple[str, str, str, int]]:
    return [("croa", f"greedy:samples={n},depth=1,width=4", "random", 200) for n in CROA_SAMPLES]


def row_file(game_id: str, a: str, b: str) -> Path:
    safe = [s.replace(":", "-").replace("=", "").replace(",", "_") for s in (a, b)]
    return RESULTS / f"{game_id}__{safe[0]}__{safe[1]}.json"


def play(game_id: str, a: str, b: str, games: int) -> dict[str, Any]:
    path = row_file(game_id, a, b)
    if path.exists():
        summary: dict[str, Any] = json.loads(path.read_text())
        return summary
    summary, _ = run_arena(game_id, [a, b], games, seed=0)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(summary) + "\n")
    return summary


def table(rows: list[tuple[str, str, str, int]]) -> str:
    names = {info.id: info.name for info in meeple.games()}
    out = [
        "| game | match | games | win rate | 95% interval | command |",
        "|---|---|---|---|---|---|",
    ]
    for game_id, a, b, games in rows:
        s = play(game_id, a, b, games)
        first = s["agents"][0]
        lo, hi = first["ci95"]
        cmd = f"meeple arena {game_id} --agents {a},{b} --games {s['games']} --seed {s['seed']}"
        out.append(
            f"| {names[game_id]} | {a} vs {b} | {s['games']} | {first['win_rate']:.1%} | "
            f"{lo:.1%}-{hi:.1%} | `{cmd}` |"
        )
    return "\n".join(out)


def tables() -> str:
    return (
        table(ladder())
        + "\n\nCrôa!'s easy bot with other numbers of samples (12 is the level):\n\n"
        + table(sweep())
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--docs", action="store_true", help="write the tables into docs/bots.md")
    args = parser.parse_args()
    text = tables()
    if not args.docs:
        print(text)
        return
    docs = DOCS.read_text()
    if docs.count(BEGIN) != 1 or docs.count(END) != 1 or docs.index(BEGIN) > docs.index(END):
        raise SystemExit(f"{DOCS}: expected one {BEGIN!r} line before one {END!r} line")
    a, b = docs.index(BEGIN) + len(BEGIN), docs.index(END)
    DOCS.write_text(docs[:a] + "\n" + text + "\n" + docs[b:])


if __name__ == "__main__":
    main()
