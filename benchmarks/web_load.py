"""Load test of the web platform: N concurrent bot-vs-bot tables over the real WebSocket API.

Starts ``meeple serve`` in its own process on 127.0.0.1 (a fresh SQLite file, or ``--db``;
``--servers N`` starts N processes on one PostgreSQL database, and each table's two players
then talk to different processes, so every move crosses between them), signs up
two guests per table, creates and starts the tables, then each guest connects a
WebSocket and plays: when its seat has legal actions it waits ``--think`` seconds (a
person or a client-side bot thinking; 0 = as fast as possible) and sends a random legal
move. The move round trip is the time from sending a move to receiving the board
update that contains it. Every player stops after ``--seconds`` at the end of its game.
The players are programs, so they ask for updates without the SVG picture unless
``--pictures`` is given (then each update carries it, as a browser's does).

    python benchmarks/web_load.py --tables 100 --seconds 30 --think 1.0
    python benchmarks/web_load.py --tables 100 --seconds 20 --think 0      # saturation
    python benchmarks/web_load.py --servers 2 --db postgresql://meeple:meeple@127.0.0.1/load

Loopback only; every loop is bounded (messages per game, a deadline per table).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import socket
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2
import websockets

HOST = "127.0.0.1"


@dataclass
class Stats:
    rtts: list[float] = field(default_factory=list)
    moves: int = 0
    games: int = 0
    errors: list[str] = field(default_factory=list)
    actions: int = 0  # all actions of finished games, chance and moves
    pings: list[float] = field(default_factory=list)


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        port: int = s.getsockname()[1]
        return port


def start_server(port: int, db: str, log: Path) -> subprocess.Popen[bytes]:
    cmd = [
        sys.executable,
        "-m",
        "meeple.cli.main",
        "serve",
        "--host",
        HOST,
        "--port",
        str(port),
        "--db",
        db,
        "--bot-delay",
        "0",
        "--log-level",
        "warning",
    ]
    with log.open("wb") as out:
        # Every load player is a guest from 127.0.0.1: lift the new-accounts limit.
        env = {**os.environ, "MEEPLE_NEW_ACCOUNTS_PER_ADDRESS": "0"}
        return subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env)


async def wait_up(base: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    async with httpx2.AsyncClient(base_url=base) as c:
        while time.monotonic() < deadline:
            try:
                if (await c.get("/api/games")).status_code == 200:
                    return
            except httpx2.HTTPError:
                pass
            await asyncio.sleep(0.2)
    raise SystemExit("the server did not start")


_TLS = ssl.create_default_context()  # unused on loopback http, but made once, not per client


async def new_guest(base: str, name: str) -> httpx2.AsyncClient:
    c = httpx2.AsyncClient(base_url=base, timeout=30, verify=_TLS)
    r = await c.post("/api/guest", json={"name": name})
    r.raise_for_status()
    return c


async def new_table(a: httpx2.AsyncClient, b: httpx2.AsyncClient, b_name: str, game: str) -> int:
    """A table of ``a`` and ``b``: ``a`` names ``b``, ``b`` joins (a named seat is only an
    invitation until then), ``a`` starts it."""
    r = await a.post(
        "/api/tables",
        json={
            "game": game,
            "players": 2,
            "seats": [{"kind": "me"}, {"kind": "user", "name": b_name}],
        },
    )
    r.raise_for_status()
    tid: int = r.json()["id"]
    (await b.post(f"/api/tables/{tid}/join")).raise_for_status()
    (await a.post(f"/api/tables/{tid}/start")).raise_for_status()
    return tid


async def player(
    base: str,
    client: httpx2.AsyncClient,
    tid: int,
    rng: random.Random,
    args: argparse.Namespace,
    stats: Stats,
    max_messages: int = 5000,
) -> int:
    """Play one seat of one table to the end over a WebSocket; returns the final length."""
    think = args.think
    cookie = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
    url = base.replace("http://", "ws://") + f"/ws/tables/{tid}?svg={int(args.pictures)}"
    sent_at: float | None = None
    sent_seen = -1
    async with websockets.connect(
        url,
        additional_headers={"Cookie": cookie},
        max_size=2**24,
        open_timeout=30,
        compression="deflate" if args.compress else None,
    ) as ws:
        for _ in range(max_messages):
            msg = json.loads(await asyncio.wait_for(ws.recv(), timeout=60))
            if msg["type"] == "error":
                stats.errors.append(msg["message"])
                sent_at = None
                continue
            view = msg.get("view")
            if msg["type"] != "update" or view is None:
                continue
            n = view["history_len"]
            if sent_at is not None and n > sent_seen:
                stats.rtts.append(time.perf_counter() - sent_at)
                stats.moves += 1
                sent_at = None
            if view["terminal"]:
                return int(n)
            if view["legal"] and sent_at is None and n != sent_seen:
                if think > 0:
                    await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
                action = rng.choice(view["legal"])["id"]
                sent_seen = n
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "move", "action": action, "seen": n}))
    stats.errors.append(f"table {tid}: no end after {max_messages} messages")
    return 0


async def table_worker(
    base: str,
    i: int,
    args: argparse.Namespace,
    seats: tuple[httpx2.AsyncClient, httpx2.AsyncClient, str],
    until: float,
    stats: Stats,
) -> None:
    """Play games at one table after another until the deadline."""
    rng = random.Random(args.seed * 1000 + i)
    a, b, b_name = seats
    base_a, base_b = str(a.base_url).rstrip("/"), str(b.base_url).rstrip("/")
    while time.monotonic() < until:
        tid = await new_table(a, b, b_name, args.game)
        rng_b = random.Random(rng.random())
        results = await asyncio.gather(
            player(base_a, a, tid, rng, args, stats),
            player(base_b, b, tid, rng_b, args, stats),
            return_exceptions=True,
        )
        for r in results:
            if isinstance(r, BaseException):
                stats.errors.append(f"table {tid}: {r!r}")
        stats.games += 1
        stats.actions += max((r for r in results if isinstance(r, int)), default=0)


async def guests(
    bases: list[str], i: int, seed: int
) -> tuple[httpx2.AsyncClient, httpx2.AsyncClient, str]:
    """Table ``i``'s two players; with several servers they talk to different ones, so
    every move has to cross from one server process to the other."""
    a_name, b_name = f"load-a{i}-{seed}", f"load-b{i}-{seed}"
    base_a, base_b = bases[i % len(bases)], bases[(i + 1) % len(bases)]
    return await new_guest(base_a, a_name), await new_guest(base_b, b_name), b_name


async def pinger(base: str, tid: int, until: float, stats: Stats) -> None:
    """The floor under the round trips: a ping answered by the same server, same load."""
    url = base.replace("http://", "ws://") + f"/ws/tables/{tid}?svg=0"
    async with websockets.connect(url, compression=None, open_timeout=30) as ws:
        await ws.recv()  # the table's first update
        while time.monotonic() < until:
            t = time.perf_counter()
            await ws.send(json.dumps({"type": "ping", "t": t}))
            for _ in range(100):
                msg = json.loads(await asyncio.wait_for(ws.recv(), timeout=60))
                if msg["type"] == "pong":
                    stats.pings.append(time.perf_counter() - t)
                    break
            await asyncio.sleep(0.25)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


async def clients(bases: list[str], args: argparse.Namespace, part: int) -> dict[str, object]:
    """One client process's share of the tables (every ``--procs``-th, from ``part``)."""
    stats = Stats()
    mine = list(range(part, args.tables, args.procs))
    t0 = time.monotonic()
    base = bases[0]
    seats = await asyncio.gather(*(guests(bases, i, args.seed) for i in mine))
    setup = time.monotonic() - t0
    # A table that never starts: the pingers' WebSockets get no game updates there.
    host = seats[0][0] if seats else await new_guest(base, f"load-p{part}-{args.seed}")
    quiet = await host.post("/api/tables", json={"game": args.game, "players": 2})
    quiet_id: int = quiet.json()["id"]
    pingers = args.pingers // args.procs + (part < args.pingers % args.procs)
    start = time.monotonic()
    until = start + args.seconds
    try:
        await asyncio.gather(
            *(
                table_worker(base, i, args, seat, until, stats)
                for i, seat in zip(mine, seats, strict=True)
            ),
            *(pinger(base, quiet_id, until, stats) for _ in range(pingers)),
        )
    finally:
        for a, b, _ in seats:
            await a.aclose()
            await b.aclose()
    return {
        "rtts": stats.rtts,
        "pings": stats.pings,
        "moves": stats.moves,
        "games": stats.games,
        "actions": stats.actions,
        "errors": stats.errors,
        "setup": setup,
        "elapsed": time.monotonic() - start,
    }


def client_process(bases: list[str], args: argparse.Namespace, part: int) -> dict[str, object]:
    return asyncio.run(clients(bases, args, part))


def run(args: argparse.Namespace) -> dict[str, object]:
    servers: list[subprocess.Popen[bytes]] = []
    if args.url:
        bases = [u.rstrip("/") for u in args.url.split(",")]
        for base in bases:
            if not base.startswith(f"http://{HOST}:"):
                raise SystemExit(f"--url must be on loopback: http://{HOST}:PORT")
    else:
        if args.servers > 1 and not args.db.startswith("postgres"):
            raise SystemExit(
                "several servers share a PostgreSQL database: give --db postgresql://..."
            )
        tmp = Path(tempfile.mkdtemp(prefix="meeple-load-"))
        db = args.db or f"sqlite:///{tmp / 'load.db'}"
        bases = []
        for k in range(args.servers):
            port = free_port()
            bases.append(f"http://{HOST}:{port}")
            servers.append(start_server(port, db, tmp / f"server{k}.log"))
            print(f"server log: {tmp / f'server{k}.log'}", file=sys.stderr)
    try:
        for base in bases:
            asyncio.run(wait_up(base))
        if args.procs == 1:
            parts = [client_process(bases, args, 0)]
        else:
            ctx = multiprocessing.get_context("spawn")
            with ProcessPoolExecutor(max_workers=args.procs, mp_context=ctx) as pool:
                futures = [pool.submit(client_process, bases, args, k) for k in range(args.procs)]
                parts = [f.result() for f in futures]
    finally:
        for server in servers:
            server.terminate()
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()

    def total(key: str) -> int:
        return sum(int(p[key]) for p in parts)  # type: ignore[call-overload]

    def joined(key: str) -> list[Any]:
        return [x for p in parts for x in p[key]]  # type: ignore[attr-defined]

    rtts_ms = [r * 1000 for r in joined("rtts")]
    pings_ms = [r * 1000 for r in joined("pings")]
    errors = joined("errors")
    elapsed = max(float(p["elapsed"]) for p in parts)  # type: ignore[arg-type]
    return {
        "game": args.game,
        "tables": args.tables,
        "client_processes": args.procs,
        "server_processes": len(bases),
        "database": "postgresql" if (args.db or "").startswith("postgres") else "sqlite",
        "think_seconds": args.think,
        "pictures": args.pictures,
        "compression": args.compress,
        "setup_seconds": round(max(float(p["setup"]) for p in parts), 1),  # type: ignore[arg-type]
        "seconds": round(elapsed, 1),
        "games_finished": total("games"),
        "moves": total("moves"),
        "actions_incl_chance": total("actions"),
        "moves_per_second": round(total("moves") / elapsed, 1),
        "rtt_ms_p50": round(percentile(rtts_ms, 50), 1),
        "rtt_ms_p99": round(percentile(rtts_ms, 99), 1),
        "rtt_ms_mean": round(statistics.fmean(rtts_ms), 1) if rtts_ms else None,
        "ping_ms_p50": round(percentile(pings_ms, 50), 1),
        "ping_ms_p99": round(percentile(pings_ms, 99), 1),
        "errors": len(errors),
        "first_errors": errors[:5],
        "cpus": os.cpu_count(),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=100)
    ap.add_argument("--seconds", type=float, default=30.0, help="start games for this long")
    ap.add_argument("--think", type=float, default=1.0, help="mean seconds before each move")
    ap.add_argument("--game", default="quedlinburg_dash")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--pictures",
        action="store_true",
        help="ask for the SVG picture in every update, as a browser does (bots do not)",
    )
    ap.add_argument(
        "--compress",
        action="store_true",
        help="negotiate permessage-deflate, as browsers do (costs CPU on both ends)",
    )
    ap.add_argument("--pingers", type=int, default=4, help="WebSockets measuring ping alone")
    ap.add_argument("--procs", type=int, default=1, help="client processes sharing the tables")
    ap.add_argument("--json", action="store_true")
    ap.add_argument(
        "--url", help=f"use running servers (http://{HOST}:PORT, comma-separated) instead"
    )
    ap.add_argument(
        "--db", default="", help="database URL for the servers (default: a fresh SQLite file)"
    )
    ap.add_argument(
        "--servers",
        type=int,
        default=1,
        help="server processes on one PostgreSQL database; a table's two players use two",
    )
    args = ap.parse_args()
    if args.procs < 1 or args.tables < 1:
        raise SystemExit("--procs and --tables must be at least 1")
    result = run(args)
    if args.json:
        print(json.dumps(result))
        return
    for k, v in result.items():
        print(f"{k:>22}: {v}")


if __name__ == "__main__":
    main()
