"""The same platform on PostgreSQL, when a database is given in MEEPLE_TEST_POSTGRES
(for example postgresql://meeple:meeple@127.0.0.1/meeple_test); skipped otherwise.
The database is emptied first."""

from __future__ import annotations

import os
import threading

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from meeple.web import Settings, create_app
from meeple.web.db import make_engine
from tests.web.conftest import FAST_BOTS, guest
from tests.web.test_api import create_tiny, play_out, settle, view

URL = os.environ.get("MEEPLE_TEST_POSTGRES")
pytestmark = pytest.mark.skipif(not URL, reason="set MEEPLE_TEST_POSTGRES to a PostgreSQL URL")


@pytest.fixture
def pg_settings():
    assert URL is not None
    engine = make_engine(URL)
    with engine.begin() as conn:
        for name in ("ratings", "moves", "seats", "tables", "sessions", "users", "alembic_version"):
            conn.execute(text(f"drop table if exists {name} cascade"))
    engine.dispose()
    return Settings(db_url=URL, bot_delay=0.0, bot_specs=dict(FAST_BOTS))


def test_postgres_play_restart_and_one_move_per_index(pg_settings):
    with TestClient(create_app(pg_settings)) as client:
        guest(client, "alice")
        tid = create_tiny(client, [{"kind": "me"}, {"kind": "bot", "level": "easy"}])
        client.post(f"/api/tables/{tid}/start")
        v = settle(client, tid)
        n = v["history_len"]
        codes: list[int] = []
        barrier = threading.Barrier(2)

        def send(action: str) -> None:
            barrier.wait()
            move = {"action": action, "seen": n}
            codes.append(client.post(f"/api/tables/{tid}/move", json=move).status_code)

        threads = [threading.Thread(target=send, args=(a,)) for a in ("keep", "swap")]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=30)
        assert sorted(codes) == [200, 409]
        before = settle(client, tid)
        cookies = dict(client.cookies)
    with TestClient(create_app(pg_settings), cookies=cookies) as client:
        assert view(client, tid) == before
        final = play_out(client, tid)
        assert final["terminal"]
        board = client.get("/api/leaderboard/tiny").json()
        assert {r["name"] for r in board} == {"alice", "Bot (easy)"}
        assert client.get(f"/api/tables/{tid}/record").status_code == 200
