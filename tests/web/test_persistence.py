"""Persistence: restart-and-resume, exact chance from the stored seed, one move per index."""

from __future__ import annotations

import random
import sqlite3
import threading

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import IntegrityError

import meeple
from meeple.agents import make_agent
from meeple.core.api import sample_chance
from meeple.core.record import Record
from meeple.web import create_app
from meeple.web.db import make_engine, migrate
from meeple.web.models import Move
from tests.web.conftest import guest, make_settings, new_client, wait_for
from tests.web.test_api import create_tiny, settle, view


def stored_moves(db_path, tid: int) -> list[tuple[int, str]]:
    with sqlite3.connect(db_path) as con:
        return list(
            con.execute(
                "select move_index, notation from moves where table_id=? order by move_index",
                (tid,),
            )
        )


def test_schema_comes_from_the_migrations(db_path):
    engine = make_engine(f"sqlite:///{db_path}")
    migrate(engine)
    migrate(engine)  # a second run is a no-op
    with sqlite3.connect(db_path) as con:
        tables = {r[0] for r in con.execute("select name from sqlite_master where type='table'")}
        (version,) = con.execute("select version_num from alembic_version").fetchone()
    assert {"users", "sessions", "tables", "seats", "moves", "ratings", "server_keys"} <= tables
    assert version == "0005"
    engine.dispose()


def test_restart_resumes_every_game_exactly(db_path):
    settings = make_settings(db_path)
    with TestClient(create_app(settings)) as client:
        guest(client, "alice")
        tid = create_tiny(client, [{"kind": "me"}, {"kind": "bot", "level": "easy"}], players=2)
        client.post(f"/api/tables/{tid}/start")
        v = settle(client, tid)
        r = client.post(
            f"/api/tables/{tid}/move", json={"action": "swap", "seen": v["history_len"]}
        )
        assert r.status_code == 200
        before = settle(client, tid)
        cookies = dict(client.cookies)
    moves_before = stored_moves(db_path, tid)
    assert len(moves_before) == before["history_len"]

    # A new server process on the same database: the same position, the same view.
    with TestClient(create_app(settings), cookies=cookies) as client:
        after = view(client, tid)
        assert after == before
        while not (v := settle(client, tid))["terminal"]:
            r = client.post(
                f"/api/tables/{tid}/move",
                json={"action": v["legal"][-1]["id"], "seen": v["history_len"]},
            )
            assert r.status_code == 200
        record = Record.loads(client.get(f"/api/tables/{tid}/record").text)
    assert stored_moves(db_path, tid)[: len(moves_before)] == moves_before

    # The seed and the people's moves determine everything: chance and the bot's moves.
    state = meeple.load("tiny", players=2).new_initial_state()
    seed = record.seed
    for i, text in enumerate(record.actions):
        p = state.current_player()
        if p == meeple.CHANCE:
            expected = sample_chance(state, random.Random(f"meeple-web-chance:{seed}:{i}"))
        elif p == 1:
            bot = make_agent("random", random.Random(f"meeple-web-bot:{seed}:{p}:{i}"))
            seen = state.determinize(p, random.Random(f"meeple-web-view:{seed}:{i}"))
            expected = bot.step(seen)
        else:
            expected = state.string_to_action(text)
        assert state.action_to_string(expected) == text, i
        state.apply_action(expected)
    assert state.is_terminal()


def test_a_bots_game_goes_on_after_a_restart(db_path):
    slow = make_settings(db_path, bot_delay=0.5)
    with TestClient(create_app(slow)) as client:
        guest(client, "alice")
        tid = create_tiny(
            client,
            [{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "hard"}],
            players=2,
        )
        client.post(f"/api/tables/{tid}/start")
        wait_for(lambda: len(stored_moves(db_path, tid)) >= 3)
    n = len(stored_moves(db_path, tid))
    with sqlite3.connect(db_path) as con:
        (status,) = con.execute("select status from tables where id=?", (tid,)).fetchone()
    assert status == "running"  # stopped part-way
    with TestClient(create_app(make_settings(db_path))) as client:
        wait_for(lambda: client.get(f"/api/tables/{tid}").json()["status"] == "finished")
        final = view(client, tid)
        assert final["terminal"] and final["history_len"] > n


def test_two_moves_at_once_for_one_seat_exactly_one_applies(client, db_path):
    guest(client, "alice")
    tid = create_tiny(client, [{"kind": "me"}, {"kind": "bot", "level": "easy"}])
    client.post(f"/api/tables/{tid}/start")
    v = settle(client, tid)
    n = v["history_len"]
    barrier = threading.Barrier(2)
    results: dict[str, int] = {}

    def send(action: str) -> None:
        barrier.wait()
        r = client.post(f"/api/tables/{tid}/move", json={"action": action, "seen": n})
        results[action] = r.status_code

    threads = [threading.Thread(target=send, args=(a,)) for a in ("keep", "swap")]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert sorted(results.values()) == [200, 409]
    winner = next(a for a, code in results.items() if code == 200)
    moves = stored_moves(db_path, tid)
    assert [m for m in moves if m[0] == n] == [(n, winner)]
    assert view(client, tid)["log"][-1]["text"] in (winner, "bet 1", "bet 2")


def test_two_servers_on_one_database_store_one_move_per_index(db_path):
    """Two processes share the database: the unique (table, move index) lets one win."""
    settings = make_settings(db_path)
    with TestClient(create_app(settings)) as one, TestClient(create_app(settings)) as two:
        guest(one, "alice")
        tid = create_tiny(one, [{"kind": "me"}, {"kind": "bot", "level": "easy"}])
        one.post(f"/api/tables/{tid}/start")
        v = settle(one, tid)
        two.cookies.update(one.cookies)
        assert view(two, tid)["history_len"] == v["history_len"]  # both have it loaded
        n = v["history_len"]
        r1 = one.post(f"/api/tables/{tid}/move", json={"action": "keep", "seen": n})
        r2 = two.post(f"/api/tables/{tid}/move", json={"action": "swap", "seen": n})
        assert r1.status_code == 200
        assert r2.status_code == 409 and r2.json()["code"] == "stale"
        assert [m for m in stored_moves(db_path, tid) if m[0] == n] == [(n, "keep")]
        # The loser reloads from the database and agrees.
        wait_for(lambda: view(two, tid)["history_len"] > n)


def test_the_database_refuses_a_second_move_at_an_index(db_path):
    engine = make_engine(f"sqlite:///{db_path}")
    migrate(engine)
    from sqlalchemy import text
    from sqlalchemy.orm import Session

    with Session(engine) as db, db.begin():
        db.execute(
            text(
                "insert into users (id, name, name_key, is_guest, is_bot, created_at) "
                "values (1, 'a', 'a', 1, 0, '2026-01-01')"
            )
        )
        db.execute(
            text(
                "insert into tables (id, game_id, game_version, players, options_json, seed, "
                "status, created_by, created_at) values (1, 'tiny', 1, 2, '{}', 1, 'running', 1, "
                "'2026-01-01')"
            )
        )
        db.add(Move(table_id=1, move_index=0, actor=-1, notation="card 1"))
    with pytest.raises(IntegrityError), Session(engine) as db, db.begin():
        db.add(Move(table_id=1, move_index=0, actor=-1, notation="card 2"))
    engine.dispose()


def test_a_player_returns_to_the_same_position(client):
    guest(client, "alice")
    tid = create_tiny(client, [{"kind": "me"}, {"kind": "bot", "level": "easy"}])
    client.post(f"/api/tables/{tid}/start")
    v = settle(client, tid)
    other_tab = new_client(client)
    other_tab.cookies.update(client.cookies)
    assert view(other_tab, tid) == v


def test_a_table_from_another_game_version_is_refused_with_a_reason(db_path):
    settings = make_settings(db_path)
    with TestClient(create_app(settings)) as client:
        guest(client, "alice")
        tid = create_tiny(client, [{"kind": "me"}, {"kind": "bot", "level": "easy"}])
        client.post(f"/api/tables/{tid}/start")
        settle(client, tid)
        cookies = dict(client.cookies)
    with sqlite3.connect(db_path) as con:
        con.execute("update tables set game_version = 99 where id = ?", (tid,))
    with TestClient(create_app(settings), cookies=cookies) as client:
        r = client.get(f"/api/tables/{tid}/view")
        assert r.status_code == 409 and "version 99" in r.json()["error"]
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            msg = ws.receive_json()
            assert msg["type"] == "error" and msg["code"] == "game_version"
