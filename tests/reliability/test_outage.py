"""The database unavailable for a while, then back.

PostgreSQL (the `pg_url` fixture): the server reaches the database through a TCP proxy of the
test's own, which is cut (every connection closed, new ones accepted and closed at once) and
then restored. SQLite: another connection holds the file's write lock (``BEGIN EXCLUSIVE``),
so every write gets "database is locked".

During the outage a move over HTTP gets ``503`` with ``{error, code: "db_unavailable"}``
quickly and without a stack trace, a move over the WebSocket gets an error message and the
connection stays usable, the table in memory and the stored moves are unchanged, pages that
need the database answer 503 quickly, and the bots' driver keeps retrying with backoff. After
the restore the same move succeeds, the bots' game and the people's game finish, and both
records replay, with every move stored exactly once.
"""

from __future__ import annotations

import contextlib
import json
import logging
import re
import socket
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from starlette.testclient import WebSocketDenialResponse

from meeple.core.record import Record, replay
from meeple.web import Settings, create_app
from meeple.web.db import PG_CONNECT_SECONDS
from tests.hosts import TEST_HOSTS
from tests.pg import pg_url
from tests.web.conftest import FAST_BOTS, guest, new_client, wait_for

__all__ = ["pg_url"]

BOT_GAME = "quedlinburg_dash"  # long enough (about 110 actions) to be cut in the middle
QUICK = 3.0  # seconds: an answer during the outage comes within this
OUTAGE_RETRIES = 4  # the bots' driver must have failed and retried at least this often


class Proxy:
    """127.0.0.1:<port> -> the database server, in threads; ``cut`` closes every connection
    and makes new ones close at once, ``restore`` forwards again."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.up = True
        self.silent = False  # accept new connections, but never answer
        self.closed = False
        self.socks: set[socket.socket] = set()
        self.lock = threading.Lock()
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(64)
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self.closed:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if self.silent:
                with self.lock:
                    self.socks.add(client)
                continue
            if not self.up:
                client.close()
                continue
            try:
                server = socket.create_connection(self.target, timeout=5)
                server.settimeout(None)
            except OSError:
                client.close()
                continue
            with self.lock:
                self.socks |= {client, server}
            for src, dst in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(src, dst), daemon=True).start()

    def _pump(self, src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
        except OSError:
            pass
        finally:
            self._close(src, dst)

    def _close(self, *socks: socket.socket) -> None:
        for s in socks:
            with self.lock:
                self.socks.discard(s)
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)  # wakes the other pump's recv
            s.close()

    def cut(self) -> None:
        self.up = False
        with self.lock:
            socks = list(self.socks)
        self._close(*socks)

    def hang(self) -> None:
        """A server that has gone silent (a network partition): connections open, no reply."""
        self.silent = True
        self.cut()

    def restore(self) -> None:
        self.up = True
        self.silent = False

    def close(self) -> None:
        self.closed = True
        self.listener.close()
        self.cut()


@dataclass
class Figures:
    answers: list[float] = field(default_factory=list)  # seconds per request during outage
    driver_retries: int = 0
    outage: float = 0.0
    moves: dict[int, int] = field(default_factory=dict)
    lost_answers: int = 0  # bots' actions committed whose commit's answer the cut lost


def stored_with(read: Callable[[str, dict], list]) -> Callable[[int], list[tuple[int, str]]]:
    def stored(table: int) -> list[tuple[int, str]]:
        rows = read(
            "select move_index, notation from moves where table_id = :t order by id", {"t": table}
        )
        return [(int(i), str(n)) for i, n in rows]

    return stored


def check_once(moves: list[tuple[int, str]]) -> None:
    assert [i for i, _ in moves] == list(range(len(moves))), "a duplicate, a gap or disorder"


def run_outage(
    settings: Settings,
    stored: Callable[[int], list[tuple[int, str]]],
    cut: Callable[[], None],
    restore: Callable[[], None],
    caplog: pytest.LogCaptureFixture,
    reads_fail: bool,
) -> Figures:
    figures = Figures()
    caplog.set_level(logging.WARNING, logger="meeple.web")
    with TestClient(create_app(settings)) as alice:
        hub = alice.app.state.hub  # type: ignore[attr-defined]
        guest(alice, "alice")
        bob = new_client(alice)
        guest(bob, "bob")
        r = alice.post(
            "/api/tables",
            json={
                "game": "tiny",
                "players": 2,
                "seats": [{"kind": "me"}, {"kind": "user", "name": "bob"}],
            },
        )
        people = r.json()["id"]
        assert bob.post(f"/api/tables/{people}/join").status_code == 200
        assert alice.post(f"/api/tables/{people}/start").status_code == 200
        r = alice.post(
            "/api/tables",
            json={"game": BOT_GAME, "players": 2, "seats": [{"kind": "bot", "level": "easy"}] * 2},
        )
        bots = r.json()["id"]

        def alices_turn() -> dict | None:
            v = alice.get(f"/api/tables/{people}/view").json()["view"]
            return v if v["legal"] else None

        v = wait_for(alices_turn, 10)
        with alice.websocket_connect(f"/ws/tables/{people}?svg=0") as ws:
            assert json.loads(ws.receive_text())["type"] == "update"
            assert alice.post(f"/api/tables/{bots}/start").status_code == 200
            wait_for(lambda: len(stored(bots)) >= 5, 10)

            cut()
            started = time.monotonic()
            mem_before = hub.tables[people].view(0)
            bots_before = len(stored(bots))
            people_before = stored(people)
            move = {"action": v["legal"][0]["id"], "seen": v["history_len"]}

            # A move over HTTP: a clear 503, at once, and nothing applied.
            t = time.monotonic()
            r = alice.post(f"/api/tables/{people}/move", json=move)
            figures.answers.append(time.monotonic() - t)
            assert r.status_code == 503, r.text
            body = r.json()
            assert body["code"] == "db_unavailable" and "try again" in body["error"], body
            assert "Traceback" not in r.text and "sqlalchemy" not in r.text.lower()

            # A move over the WebSocket: an error message, and the connection stays.
            t = time.monotonic()
            ws.send_text(json.dumps({"type": "move", **move, "req": 1}))
            reply = json.loads(ws.receive_text())
            figures.answers.append(time.monotonic() - t)
            assert reply["type"] == "error" and reply["code"] == "db_unavailable", reply
            ws.send_text(json.dumps({"type": "ping", "t": 5}))
            assert json.loads(ws.receive_text()) == {"type": "pong", "t": 5}

            # Pages that need the database: 503 quickly, never hanging (SQLite: a write lock
            # leaves reading alone, so they answer).
            for path in ("/api/tables?status=open", "/api/leaderboard/tiny", "/api/players/alice"):
                t = time.monotonic()
                r = alice.get(path)
                figures.answers.append(time.monotonic() - t)
                if reads_fail:
                    assert r.status_code == 503, (path, r.text)
                    assert r.json()["code"] == "db_unavailable", (path, r.text)
                else:
                    assert r.status_code == 200, (path, r.text)

            if reads_fail:
                # A new WebSocket, whose session needs the database: refused with the 503.
                with pytest.raises(WebSocketDenialResponse) as denied:
                    alice.websocket_connect(f"/ws/tables/{people}").__enter__()
                assert denied.value.status_code == 503
                assert denied.value.json()["code"] == "db_unavailable"

            # The table from memory, for a spectator (no session to look up): still there.
            r = new_client(alice).get(f"/api/tables/{people}/view")
            assert r.status_code == 200 and r.json()["view"] == hub.tables[people].view(None)

            # The bots' driver fails, waits longer and longer, and tries again.
            pattern = re.compile(
                rf"table {bots}: the database is unavailable; trying again in ([0-9.]+) s"
            )

            def waits() -> list[float]:
                return [float(m[1]) for m in map(pattern.search, caplog.messages) if m]

            wait_for(lambda: len(waits()) >= OUTAGE_RETRIES, 10)
            assert waits()[:3] == sorted(waits()[:3]) and waits()[0] < waits()[2], waits()
            # Nothing half-applied: the table in memory and the stored moves are as before.
            assert hub.tables[people].view(0) == mem_before
            assert stored(people) == people_before
            # The bots' table: the same, except when the cut fell on a commit in flight, whose
            # answer was lost although PostgreSQL committed it: then the table knows it is
            # unsure and reads its stored moves before its next one.
            live_bots = hub.tables[bots]
            in_memory, in_db = len(live_bots.state.history), len(stored(bots))
            assert in_memory == in_db or (in_memory < in_db and live_bots.unsure)
            figures.lost_answers = in_db - in_memory
            assert all(a <= QUICK for a in figures.answers), figures.answers
            figures.outage = time.monotonic() - started
            figures.driver_retries = len(waits())
            restore()
            if reads_fail:  # PostgreSQL: the listener lost its connection too, and is back
                wait_for(lambda: hub.notifier.connects >= 2 and hub.notifier.listening, 10)

            # The same move now succeeds (over HTTP), and reaches the WebSocket.
            r = alice.post(f"/api/tables/{people}/move", json=move)
            assert r.status_code == 200, r.text
            n = r.json()["view"]["history_len"]
            assert len(stored(people)) == n > len(people_before)
            while True:
                msg = json.loads(ws.receive_text())
                if msg["type"] == "update" and msg["view"]["history_len"] >= n:
                    break

        # Both games finish; every move was stored once; the records replay.
        for _ in range(20):
            for client in (alice, bob):
                v = client.get(f"/api/tables/{people}/view").json()["view"]
                if v["legal"]:
                    r = client.post(
                        f"/api/tables/{people}/move",
                        json={"action": v["legal"][0]["id"], "seen": v["history_len"]},
                    )
                    assert r.status_code == 200, r.text
            if alice.get(f"/api/tables/{people}/view").json()["view"]["terminal"]:
                break
        assert alice.get(f"/api/tables/{people}/view").json()["view"]["terminal"]
        wait_for(lambda: alice.get(f"/api/tables/{bots}").json()["status"] == "finished", 30)
        for tid in (people, bots):
            moves = stored(tid)
            check_once(moves)
            rec = Record.loads(alice.get(f"/api/tables/{tid}/record").text)
            assert rec.actions == [m for _, m in moves]
            assert replay(rec).is_terminal()
            figures.moves[tid] = len(moves)
        assert bots_before < figures.moves[bots]
    return figures


def test_postgres_outage_then_recovery(pg_url, caplog):
    url = make_url(pg_url)
    proxy = Proxy(url.host or "127.0.0.1", url.port or 5432)
    proxied = url.set(host="127.0.0.1", port=proxy.port).render_as_string(hide_password=False)
    direct = create_engine(pg_url)

    def read(sql: str, params: dict) -> list:
        with direct.connect() as conn:
            return list(conn.execute(text(sql), params))

    settings = Settings(
        db_url=proxied, bot_delay=0.1, bot_specs=dict(FAST_BOTS), allowed_hosts=TEST_HOSTS
    )
    try:
        figures = run_outage(
            settings, stored_with(read), proxy.cut, proxy.restore, caplog, reads_fail=True
        )
    finally:
        proxy.close()
        direct.dispose()
    print(
        f"\npostgres outage: {figures.outage:.1f} s, answers during it max "
        f"{max(figures.answers) * 1000:.0f} ms ({len(figures.answers)} requests), driver retries "
        f"{figures.driver_retries}, moves stored after recovery {figures.moves}, actions "
        f"committed with their answer lost {figures.lost_answers}"
    )


def test_sqlite_locked_then_released(tmp_path: Path, caplog):
    db = tmp_path / "locked.db"
    # A short busy timeout, so a locked write gives up (and answers 503) at once.
    settings = Settings(
        db_url=f"sqlite:///{db}?timeout=0.3",
        bot_delay=0.1,
        bot_specs=dict(FAST_BOTS),
        allowed_hosts=TEST_HOSTS,
    )
    holder: list[sqlite3.Connection] = []

    def lock() -> None:
        con = sqlite3.connect(db, timeout=10, isolation_level=None)
        con.execute("begin exclusive")  # every other writer now gets "database is locked"
        holder.append(con)

    def unlock() -> None:
        con = holder.pop()
        con.execute("rollback")
        con.close()

    def read(sql: str, params: dict) -> list:
        con = sqlite3.connect(db, timeout=10)
        try:
            return list(con.execute(sql.replace(":t", "?"), (params["t"],)))
        finally:
            con.close()

    figures = run_outage(settings, stored_with(read), lock, unlock, caplog, reads_fail=False)
    print(
        f"\nsqlite locked: {figures.outage:.1f} s, answers during it max "
        f"{max(figures.answers) * 1000:.0f} ms ({len(figures.answers)} requests), driver retries "
        f"{figures.driver_retries}, moves stored after release {figures.moves}"
    )


def test_postgres_silent_server_gives_503_in_bounded_time(pg_url):
    """A database server that accepts connections but never answers: a request does not hang
    beyond libpq's connect_timeout; it gets the same 503."""
    url = make_url(pg_url)
    proxy = Proxy(url.host or "127.0.0.1", url.port or 5432)
    proxied = url.set(host="127.0.0.1", port=proxy.port).render_as_string(hide_password=False)
    try:
        with TestClient(
            create_app(Settings(db_url=proxied, bot_delay=0.0, allowed_hosts=TEST_HOSTS))
        ) as client:
            guest(client, "alice")
            proxy.hang()
            t = time.monotonic()
            r = client.get("/api/tables?status=open")
            took = time.monotonic() - t
            assert r.status_code == 503 and r.json()["code"] == "db_unavailable", r.text
            assert took < PG_CONNECT_SECONDS + 3, took
            proxy.restore()
            assert client.get("/api/tables?status=open").status_code == 200
    finally:
        proxy.close()
    print(f"\npostgres silent: 503 after {took:.1f} s (connect_timeout {PG_CONNECT_SECONDS} s)")
