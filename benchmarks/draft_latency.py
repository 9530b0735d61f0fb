"""How quickly a turn draft answers: stage one decision, receive the new picture.

Starts ``meeple serve`` in its own process on 127.0.0.1 with a fresh SQLite file, and for
each game plays whole games as a person would in the browser, against an easy bot: over
the real WebSocket, with the SVG picture in every update, each of the person's decisions
is staged (``{"type": "draft"}``) and the time until the update with the new draft (and
its picture) arrives is recorded; a draft at its end is confirmed, timed apart. A no-op
``ping`` on the same connection, between steps, is the floor the machine itself sets.

    python benchmarks/draft_latency.py                   # all six games, 2 games each
    python benchmarks/draft_latency.py --games 5 croa    # one game, five times
    python benchmarks/draft_latency.py --json

The target (issue 22): staging p99 under 50 ms for every game, over whole games.
Loopback only; every loop is bounded.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx2
import websockets

GAMES = ["croa", "quedlinburg_dash", "piepmatz", "azul_queens_garden", "queensland", "farland"]
TARGET_MS = 50.0
PAUSE = 0.1  # seconds between a person's steps


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


async def play(base: str, game: str, seed: int, out: dict[str, list[float]]) -> None:
    rng = random.Random(seed)
    async with httpx2.AsyncClient(base_url=base, timeout=30) as c:
        (await c.post("/api/guest", json={"name": f"bench {game[:8]} {seed}"})).raise_for_status()
        r = await c.post(
            "/api/tables",
            json={
                "game": game,
                "players": 2,
                "seats": [{"kind": "me"}, {"kind": "bot", "level": "easy"}],
            },
        )
        r.raise_for_status()
        tid = r.json()["id"]
        (await c.post(f"/api/tables/{tid}/start")).raise_for_status()
        cookie = "; ".join(f"{k}={v}" for k, v in c.cookies.items())
    url = base.replace("http://", "ws://") + f"/ws/tables/{tid}"
    async with websockets.connect(
        url, additional_headers={"Cookie": cookie}, max_size=2**24, compression=None
    ) as ws:

        async def ask(message: dict[str, object], answer: str) -> dict:
            # Updates from before (a bot's move) may still be on their way: skip to ours.
            await ws.send(json.dumps(message))
            while True:
                msg = json.loads(await asyncio.wait_for(ws.recv(), timeout=60))
                if msg["type"] in (answer, "error"):
                    return msg

        view = None
        for _ in range(20_000):
            if view is None:
                msg = json.loads(await asyncio.wait_for(ws.recv(), timeout=60))
                if msg["type"] != "update":
                    continue
                view = msg["view"]
            if view["terminal"]:
                return
            draft = view["draft"]
            if draft and draft["complete"]:
                t = time.perf_counter()
                msg = await ask({"type": "confirm"}, "update")
                out["confirm"].append(time.perf_counter() - t)
                view = msg["view"] if msg["type"] == "update" else None
                continue
            if not view["legal"]:
                view = None  # wait for the bot and chance
                continue
            # A person clicks a few times a second at most, and the server lets a connection
            # send 20 messages a second: keep well inside that.
            await asyncio.sleep(PAUSE)
            if len(out["stage"]) % 4 == 0:
                t = time.perf_counter()
                pong = await ask({"type": "ping", "t": 1}, "pong")
                out["ping"].append(time.perf_counter() - t)
                if pong["type"] != "pong":
                    raise SystemExit(f"{game}: the ping was refused: {pong}")
            seen = draft["length"] if draft else view["history_len"]
            action = rng.choice(view["legal"])["id"]
            t = time.perf_counter()
            await ws.send(json.dumps({"type": "draft", "action": action, "seen": seen}))
            while True:  # the update that holds this step (or the refusal)
                msg = json.loads(await asyncio.wait_for(ws.recv(), timeout=60))
                if msg["type"] == "error":
                    break
                drafted = msg["type"] == "update" and msg["view"]["draft"]
                if drafted and drafted["length"] == seen + 1:
                    break
            took = time.perf_counter() - t
            if msg["type"] != "update" or not msg["view"]["draft"] or not msg["view"]["svg"]:
                raise SystemExit(f"{game}: staging was not answered with a drafted picture: {msg}")
            out["stage"].append(took)
            view = msg["view"]
        raise SystemExit(f"{game}: no end")


async def run(args: argparse.Namespace) -> dict[str, dict[str, float]]:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    folder = Path(tempfile.mkdtemp(prefix="meeple-draft-bench-"))
    env = {**os.environ, "MEEPLE_NEW_ACCOUNTS_PER_ADDRESS": "0"}
    cmd = [
        sys.executable,
        "-m",
        "meeple.cli.main",
        "serve",
        "--port",
        str(port),
        "--db",
        f"sqlite:///{folder / 'bench.db'}",
        "--bot-delay",
        "0",
    ]
    with (folder / "server.log").open("wb") as log:
        server = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env)
    try:
        async with httpx2.AsyncClient(base_url=base) as c:
            for _ in range(150):
                try:
                    if (await c.get("/api/games")).status_code == 200:
                        break
                except httpx2.HTTPError:
                    pass
                await asyncio.sleep(0.2)
        report: dict[str, dict[str, float]] = {}
        for game in args.game or GAMES:
            out: dict[str, list[float]] = {"stage": [], "confirm": [], "ping": []}
            for i in range(args.games):
                await play(base, game, args.seed + i, out)
            ms = {k: [v * 1000 for v in vs] for k, vs in out.items()}
            report[game] = {
                "stages": len(ms["stage"]),
                "stage_p50": percentile(ms["stage"], 50),
                "stage_p99": percentile(ms["stage"], 99),
                "stage_max": max(ms["stage"]),
                "confirm_p50": percentile(ms["confirm"], 50),
                "confirm_p99": percentile(ms["confirm"], 99),
                "ping_p99": percentile(ms["ping"], 99),
            }
        return report
    finally:
        server.terminate()
        server.wait(timeout=20)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="*", help="games to measure (default: all six)")
    parser.add_argument("--games", type=int, default=2, help="whole games per game (default: 2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = asyncio.run(run(args))
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(
        f"{'game':20} {'stages':>6} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7} "
        f"{'confirm p99':>11} {'ping p99':>8} {'p99/ping':>8}  target"
    )
    for game, r in report.items():
        ratio = r["stage_p99"] / r["ping_p99"] if r["ping_p99"] > 0 else float("nan")
        verdict = "met" if r["stage_p99"] < TARGET_MS else "NOT met"
        print(
            f"{game:20} {r['stages']:>6.0f} {r['stage_p50']:>7.1f} {r['stage_p99']:>7.1f} "
            f"{r['stage_max']:>7.1f} {r['confirm_p99']:>11.1f} {r['ping_p99']:>8.1f} "
            f"{ratio:>8.1f}  p99 < {TARGET_MS:.0f} ms: {verdict}"
        )


if __name__ == "__main__":
    main()
