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

``--bot-tables 1,4,16`` measures bot moves queued for the server's bot worker processes
instead: for each K, a fresh server and K tables of two bots (``--bot-level``, default hard)
playing game after game for ``--seconds``, watched over WebSockets; a turn's latency is the
time from the update that makes it a bot's turn to the update that holds its move (its
thinking, and its wait for a free worker when more bots think than there are workers).

    python benchmarks/web_load.py --bot-tables 1,4,16 --seconds 30

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
    turns: list[float] = field(default_factory=list)  # bot turns (--bot-tables), seconds


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        port: int = s.getsockname()[1]
        return port


# ``meeple serve`` has no option for the bot workers: with --bot-workers the server is
# started by this instead (the same app and settings, bot_workers as given).
SERVE_WITH_WORKERS = """
import sys, uvicorn
from meeple.web import Settings, create_app
port, db, workers = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
settings = Settings(db_url=db, bot_delay=0.0, bot_workers=workers)
uvicorn.run(create_app(settings), host="127.0.0.1", port=port, log_level="warning")
"""


def start_server(
    port: int, db: str, log: Path, bot_workers: int | None = None
) -> subprocess.Popen[bytes]:
    if bot_workers is not None:
        cmd = [sys.executable, "-c", SERVE_WITH_WORKERS, str(port), db, str(bot_workers)]
    else:
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


# -- bot moves queued for the bot workers (--bot-tables) ---------------------------------


async def bots_table(client: httpx2.AsyncClient, game: str, level: str) -> int:
    """A started table of two bots at ``level`` (the client only created it: it watches)."""
    seats = [{"kind": "bot", "level": level}, {"kind": "bot", "level": level}]
    r = await client.post("/api/tables", json={"game": game, "players": 2, "seats": seats})
    r.raise_for_status()
    tid: int = r.json()["id"]
    (await client.post(f"/api/tables/{tid}/start")).raise_for_status()
    return tid


async def watch_bots(
    base: str, client: httpx2.AsyncClient, tid: int, until: float, stats: Stats
) -> bool:
    """Watch one bots' table as a spectator, timing each bot turn that starts before
    ``until`` (one under way then is waited for); whether the game ended."""
    cookie = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
    url = base.replace("http://", "ws://") + f"/ws/tables/{tid}?svg=0"
    turn_started: float | None = None
    seen = -1
    async with websockets.connect(
        url, additional_headers={"Cookie": cookie}, max_size=2**24, open_timeout=30
    ) as ws:
        for _ in range(5000):
            if turn_started is None and seen >= 0 and time.monotonic() >= until:
                return False
            msg = json.loads(await asyncio.wait_for(ws.recv(), timeout=120))
            now = time.perf_counter()
            view = msg.get("view")
            if msg["type"] != "update" or view is None or view["history_len"] == seen:
                continue
            if turn_started is not None:
                stats.turns.append(now - turn_started)
                stats.moves += 1
            # The first view is the position as found: its turn began before we looked.
            first = seen < 0
            seen = view["history_len"]
            if view["terminal"]:
                stats.games += 1
                return True
            # A bot's turn starts with the update that makes it its turn (the chance after
            # a move is played and sent with it).
            mine = not first and view["to_move"] is not None and time.monotonic() < until
            turn_started = now if mine else None
    stats.errors.append(f"table {tid}: no end after 5000 messages")
    return False


async def bot_phase(base: str, k: int, args: argparse.Namespace) -> Stats:
    """K tables of bots playing game after game for ``--seconds``, each watched."""
    stats = Stats()
    # One guest per table: a person may have only so many games running.
    watchers = [await new_guest(base, f"bots-{k}-{i}-{args.seed}") for i in range(k)]
    host = watchers[0]
    quiet = await host.post("/api/tables", json={"game": args.game, "players": 2})
    quiet_id: int = quiet.json()["id"]
    until = time.monotonic() + args.seconds

    async def table(client: httpx2.AsyncClient) -> None:
        while time.monotonic() < until:
            try:
                tid = await bots_table(client, args.game, args.bot_level)
                await watch_bots(base, client, tid, until, stats)
            except Exception as e:
                stats.errors.append(repr(e))
                return

    try:
        await asyncio.gather(
            *(table(c) for c in watchers),
            *(pinger(base, quiet_id, until, stats) for _ in range(args.pingers)),
        )
    finally:
        for c in watchers:
            await c.aclose()
    return stats


def run_bots(args: argparse.Namespace) -> list[dict[str, object]]:
    """One fresh server per K (so no table of the last K is still thinking), in turn."""
    rows: list[dict[str, object]] = []
    tmp = Path(tempfile.mkdtemp(prefix="meeple-bots-"))
    for k in args.bot_tables:
        port = free_port()
        base = f"http://{HOST}:{port}"
        log = tmp / f"server-{k}.log"
        print(f"{k} bot tables: server log {log}", file=sys.stderr)
        server = start_server(port, f"sqlite:///{tmp / f'bots-{k}.db'}", log, args.bot_workers)
        try:
            asyncio.run(wait_up(base))
            time.sleep(args.warm)  # the bot workers are started in the background
            started = time.monotonic()
            stats = asyncio.run(bot_phase(base, k, args))
            elapsed = time.monotonic() - started
        finally:
            server.terminate()
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
        turns_ms = [t * 1000 for t in stats.turns]
        pings_ms = [p * 1000 for p in stats.pings]
        rows.append(
            {
                "bot_tables": k,
                "bot_turns": len(turns_ms),
                "turn_ms_p50": round(percentile(turns_ms, 50), 1),
                "turn_ms_p99": round(percentile(turns_ms, 99), 1),
                "turn_ms_max": round(max(turns_ms), 1) if turns_ms else None,
                "bot_moves_per_second": round(len(turns_ms) / elapsed, 2),
                "games_finished": stats.games,
                "ping_ms_p99": round(percentile(pings_ms, 99), 1),
                "errors": len(stats.errors),
                "first_errors": stats.errors[:3],
            }
        )
    return rows


def print_bot_rows(rows: list[dict[str, object]], args: argparse.Namespace) -> None:
    workers = (
        f"{usable_cpus()} (the usable CPUs)"
        if args.bot_workers is None
        else f"{args.bot_workers} (0: threads of the server)"
    )
    print(
        f"game {args.game}, two {args.bot_level} bots per table, {args.seconds:g} s per row, "
        f"server bot workers: {workers}"
    )
    print("| bot tables | bot turns | turn p50 | turn p99 | max | moves/s | ping p99 | errors |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(
            f"| {r['bot_tables']} | {r['bot_turns']} | {r['turn_ms_p50']} ms "
            f"| {r['turn_ms_p99']} ms | {r['turn_ms_max']} ms | {r['bot_moves_per_second']} "
            f"| {r['ping_ms_p99']} ms | {r['errors']} |"
        )


def usable_cpus() -> int:
    """What the server sizes its bot pool by (``meeple.web.hub.usable_cpus``)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


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
    ap.add_argument(
        "--bot-tables",
        type=lambda text: [int(k) for k in text.split(",")],
        help="measure queued bot moves instead: K tables of bots thinking at once, for each "
        "K of the comma-separated list (a fresh server each)",
    )
    ap.add_argument("--bot-level", default="hard", choices=["easy", "medium", "hard"])
    ap.add_argument(
        "--bot-workers",
        type=int,
        help="the server's Settings.bot_workers (default: its own, the usable CPUs); 0 runs "
        "the bots in threads of the server, as before the worker processes",
    )
    ap.add_argument(
        "--warm", type=float, default=3.0, help="seconds a new server gets before a bot row"
    )
    args = ap.parse_args()
    if args.procs < 1 or args.tables < 1:
        raise SystemExit("--procs and --tables must be at least 1")
    if args.bot_tables is not None:
        if args.url or args.servers != 1 or args.db or min(args.bot_tables) < 1:
            raise SystemExit("--bot-tables starts its own servers (no --url, --servers, --db)")
        rows = run_bots(args)
        if args.json:
            print(json.dumps(rows))
        else:
            print_bot_rows(rows, args)
        return
    result = run(args)
    if args.json:
        print(json.dumps(result))
        return
    for k, v in result.items():
        print(f"{k:>22}: {v}")


if __name__ == "__main__":
    main()
