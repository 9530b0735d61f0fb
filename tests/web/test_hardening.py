"""Refusals and limits found by a review (SQLite; the PostgreSQL races are in test_postgres.py):
failed log-ins sent at once or spread over many names, the failed-log-in memory, one person's
tables, requests on missing or finished tables, binary WebSocket messages, error codes, and a
game's last move when its table cannot be read again, and a view read just after it."""

from __future__ import annotations

import asyncio
import collections
import threading

import httpx2
from fastapi.testclient import TestClient

from meeple.web import auth, create_app, store
from meeple.web.db import DatabaseUnavailable
from tests.web.conftest import guest, make_settings, new_client, wait_for
from tests.web.test_api import create_tiny, play_out, settle, view
from tests.web.test_audit import assert_error


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def from_address(client: TestClient, host: str) -> TestClient:
    """A client of the same running app from another address (same event loop)."""
    other = TestClient(client.app, client=(host, 50000))
    other.portal = client.portal
    return other


def wrong_login(client: TestClient, name: str, i: int = 0) -> httpx2.Response:
    return client.post("/api/login", json={"name": name, "password": f"wrong guess {i}"})


# -- 1: failed log-ins sent at once, and across names ------------------------------------


def test_failed_log_ins_sent_at_once_are_all_counted(db_path, monkeypatch):
    monkeypatch.setenv(auth.NEW_ACCOUNTS_ENV, "0")
    app = create_app(make_settings(db_path))

    async def main() -> collections.Counter:
        async with app.router.lifespan_context(app):
            transport = httpx2.ASGITransport(app=app, client=("203.0.113.5", 1234))
            async with httpx2.AsyncClient(transport=transport, base_url="http://testserver") as c:
                r = await c.post("/api/signup", json={"name": "victim", "password": "long secret"})
                assert r.status_code == 200, r.text
                await c.post("/api/logout")
                guesses = [
                    c.post("/api/login", json={"name": "victim", "password": f"guess {i}"})
                    for i in range(40)
                ]
                codes = collections.Counter(r.status_code for r in await asyncio.gather(*guesses))
                r = await c.post("/api/login", json={"name": "victim", "password": "long secret"})
                assert r.status_code == 429, r.text
                return codes

    # Each attempt is counted before its password is checked: 10 are, the other 30 refused.
    assert asyncio.run(main()) == {401: 10, 429: 30}


def test_failed_log_ins_across_names_are_limited_per_address(client):
    client.app.state.failed_logins_by_address.limit = 5
    for i in range(5):
        assert wrong_login(client, f"name{i}").status_code == 401
    r = wrong_login(client, "yet another name")
    assert_error(r, 429, "auth", "too many failed log-ins from your address")
    # Another address is not held up.
    other = from_address(client, "198.51.100.20")
    assert wrong_login(other, "name0").status_code == 401


def test_a_successful_log_in_is_not_counted_as_a_failure(client):
    client.post("/api/signup", json={"name": "alice", "password": "correct horse"})
    client.post("/api/logout")
    for i in range(3):
        assert wrong_login(client, "alice", i).status_code == 401
    r = client.post("/api/login", json={"name": "alice", "password": "correct horse"})
    assert r.status_code == 200
    assert len(client.app.state.failed_logins) == 0  # the name's failures are forgotten
    assert len(client.app.state.failed_logins_by_address._hits["testclient"]) == 3


# -- 6: the failed-log-in memory is bounded and forgets aged entries -------------------


def test_failed_log_ins_are_forgotten_once_they_age_out(client):
    clock = Clock()
    by_name = client.app.state.failed_logins
    by_address = client.app.state.failed_logins_by_address
    by_name.clock = by_address.clock = clock
    for i in range(4):
        assert wrong_login(from_address(client, f"192.0.2.{i}"), f"name{i}").status_code == 401
    assert len(by_name) == 4 and len(by_address) == 4
    clock.now += by_name.window + 1
    assert wrong_login(client, "someone").status_code == 401
    assert len(by_name) == 1 and len(by_address) == 1


def test_the_rate_limit_keeps_a_bounded_number_of_keys():
    clock = Clock()
    limit = auth.RateLimit(3, 60.0, clock, max_keys=100)
    for i in range(1000):
        limit.hit(f"key{i}")
    assert len(limit) == 100
    clock.now += 61
    limit.hit("fresh")
    assert len(limit) == 1
    stamp = limit.hit("fresh")
    limit.undo("fresh", stamp)
    assert len(limit._hits["fresh"]) == 1
    limit.forget("fresh")
    assert len(limit) == 0


# -- 4: one person's tables --------------------------------------------------------------


def test_one_person_may_have_only_so_many_tables_waiting(client):
    guest(client, "spammer")
    for _ in range(store.MAX_OPEN_TABLES):
        create_tiny(client)
    r = client.post("/api/tables", json={"game": "tiny", "players": 2})
    assert_error(r, 409, "too_many_tables", f"{store.MAX_OPEN_TABLES} tables waiting")
    # Cancelling one makes room for another.
    tid = client.get("/api/tables?status=open").json()[0]["id"]
    assert client.post(f"/api/tables/{tid}/leave").json()["status"] == "cancelled"
    create_tiny(client)


def test_one_person_may_have_only_so_many_games_running(client, monkeypatch):
    monkeypatch.setattr(store, "MAX_RUNNING_TABLES", 2)
    guest(client, "alice")
    tables = [
        create_tiny(client, [{"kind": "me"}, {"kind": "bot", "level": "easy"}]) for _ in "abc"
    ]
    for tid in tables[:2]:
        assert client.post(f"/api/tables/{tid}/start").status_code == 200
    r = client.post(f"/api/tables/{tables[2]}/start")
    assert_error(r, 409, "too_many_tables", "2 games running")
    assert client.get(f"/api/tables/{tables[2]}").json()["status"] == "open"
    play_out(client, tables[0])  # one ends: room for the next
    assert client.post(f"/api/tables/{tables[2]}/start").status_code == 200


def test_the_lobby_shows_everyones_open_tables_and_pages(client):
    guest(client, "honest")
    mine = create_tiny(client)
    spammers = [new_client(client) for _ in range(2)]
    for i, spammer in enumerate(spammers):
        guest(spammer, f"spammer{i}")
        for _ in range(store.MAX_OPEN_TABLES):
            create_tiny(spammer)
    first = client.get("/api/tables?status=open&limit=5").json()
    assert len(first) == 5
    # Each creator's newest table comes before anyone's second one.
    assert mine in [t["id"] for t in first[:3]]
    assert {t["created_by"] for t in first[:3]} == {"honest", "spammer0", "spammer1"}
    pages = [
        client.get(f"/api/tables?status=open&limit=5&offset={k}").json() for k in range(0, 25, 5)
    ]
    ids = [t["id"] for page in pages for t in page]
    assert len(ids) == len(set(ids)) == 1 + 2 * store.MAX_OPEN_TABLES
    assert_error(client.get("/api/tables?status=open&limit=0"), 422, "invalid", "limit")


# -- 7, 8: missing tables, finished tables --------------------------------------------


def test_moves_and_bots_on_a_missing_table_are_404_and_keep_no_lock(client):
    guest(client, "alice")
    hub = client.app.state.hub
    before = len(hub._loading)
    for tid in range(1000, 1020):
        r = client.post(f"/api/tables/{tid}/move", json={"action": 0, "seen": 0})
        assert_error(r, 404, "no_table", f"there is no table {tid}")
        r = client.post(f"/api/tables/{tid}/bot", json={"level": "easy"})
        assert_error(r, 404, "no_table", f"there is no table {tid}")
    assert len(hub._loading) == before and not hub._loaders
    # A table that has not started: 409 as before, and no lock kept for it either.
    tid = create_tiny(client)
    r = client.post(f"/api/tables/{tid}/move", json={"action": 0, "seen": 0})
    assert_error(r, 409, "not_started")
    assert tid not in hub._loading


def test_a_refused_view_of_a_finished_table_does_not_keep_it_in_memory(client):
    guest(client, "alice")
    tid = create_tiny(client, [{"kind": "bot", "level": "easy"}] * 2)
    client.post(f"/api/tables/{tid}/start")
    wait_for(lambda: client.get(f"/api/tables/{tid}").json()["status"] == "finished")
    hub = client.app.state.hub
    hub.release(tid)
    assert tid not in hub.tables
    assert_error(client.get(f"/api/tables/{tid}/view?seat=0"), 403, "not_your_seat")
    assert tid not in hub.tables


# -- 9: binary WebSocket messages ------------------------------------------------------


def test_a_binary_websocket_message_is_refused_and_the_connection_stays(client, caplog):
    guest(client, "alice")
    tid = create_tiny(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        assert ws.receive_json()["type"] == "update"
        with caplog.at_level("ERROR", logger="meeple.web"):
            ws.send_bytes(b'{"type": "ping"}')
            reply = ws.receive_json()
        assert reply["type"] == "error" and reply["code"] == "bad_message"
        assert "binary" in reply["message"]
        assert not [r for r in caplog.records if r.levelname == "ERROR"]
        ws.send_text('{"type": "ping", "t": 5}')
        assert ws.receive_json() == {"type": "pong", "t": 5}
        ws.send_text("not json")
        assert ws.receive_json()["code"] == "bad_message"
        # JSON past Python's own nesting limit, yet short enough to be read: refused, not a
        # server error.
        ws.send_text("[" * 4000)
        reply = ws.receive_json()
        assert reply["code"] == "bad_message" and "nested too deeply" in reply["message"]
        ws.send_text('{"type": "ping", "t": 6}')
        assert ws.receive_json() == {"type": "pong", "t": 6}


def test_an_unexpected_failure_answers_an_error_and_keeps_the_connection(client, monkeypatch):
    guest(client, "alice")
    tid = create_tiny(client, [{"kind": "me"}, {"kind": "bot", "level": "easy"}])
    client.post(f"/api/tables/{tid}/start")
    v = settle(client, tid)
    hub = client.app.state.hub

    async def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        assert ws.receive_json()["type"] == "update"
        monkeypatch.setattr(hub, "play", broken)
        ws.send_text(f'{{"type": "move", "action": 0, "seen": {v["history_len"]}}}')
        assert ws.receive_json()["code"] == "server_error"
        ws.send_text('{"type": "ping"}')
        assert ws.receive_json()["type"] == "pong"


# -- 10: error codes as documented -------------------------------------------------------


def test_error_codes_match_the_docs(client):
    guest(client, "alice")
    tid = create_tiny(client, [{"kind": "me"}, {"kind": "bot", "level": "easy"}])
    client.post(f"/api/tables/{tid}/start")
    settle(client, tid)
    r = client.post(f"/api/tables/{tid}/bot", json={"seat": 7, "level": "easy"})
    assert_error(r, 404, "no_seat", "there is no seat index 7")
    play_out(client, tid)
    assert_error(client.get(f"/api/tables/{tid}/replay?seat=7"), 404, "no_seat")
    assert_error(client.get("/api/players/nobody"), 404, "no_player", "no player named")


# -- 12: the last move is applied even if the table cannot be read again ---------------


def test_a_move_that_ends_the_game_stands_when_the_table_cannot_be_read(client):
    guest(client, "alice")
    tid = create_tiny(client, [{"kind": "me"}, {"kind": "open"}])
    bob = from_address(client, "198.51.100.2")  # on the app's own event loop, as in a server
    guest(bob, "bob")
    bob.post(f"/api/tables/{tid}/join")
    client.post(f"/api/tables/{tid}/start")
    hub = client.app.state.hub
    real_info = hub.info
    failing = True

    async def info(table_id, fresh=False):
        if fresh and failing:
            raise DatabaseUnavailable()
        return await real_info(table_id, fresh)

    hub.info = info
    try:
        for _ in range(20):
            player = wait_for(
                lambda: next((c for c in (client, bob) if view(c, tid)["legal"]), None)
            )
            v = view(player, tid)
            move = {"action": v["legal"][0]["id"], "seen": v["history_len"]}
            r = player.post(f"/api/tables/{tid}/move", json=move)
            assert r.status_code == 200, r.text
            if r.json()["view"]["terminal"]:
                break
        else:
            raise AssertionError("the game did not end")
        assert r.json()["table"]["status"] == "finished"
        assert view(client, tid)["terminal"]
    finally:
        failing = False
    # Once the database answers, the table is read again, places and ratings included.
    wait_for(lambda: hub.infos.get(tid, {}).get("seats", [{}])[0].get("place") is not None)
    seats = client.get(f"/api/tables/{tid}").json()["seats"]
    assert sorted(s["place"] for s in seats) in ([1, 2], [1, 1])


# -- 13: a reader between the last move and the table's new facts ------------------------


def test_a_view_read_while_the_finished_table_is_read_again_shows_it_finished(client):
    guest(client, "alice")
    tid = create_tiny(client, [{"kind": "me"}, {"kind": "open"}])
    bob = from_address(client, "198.51.100.2")
    guest(bob, "bob")
    bob.post(f"/api/tables/{tid}/join")
    client.post(f"/api/tables/{tid}/start")
    hub = client.app.state.hub
    real_info = hub.info
    reading, go_on = threading.Event(), threading.Event()

    async def info(table_id, fresh=False):
        if fresh and table_id == tid and hub.tables[tid].status == "finished":
            reading.set()  # the game has ended: hold this read until the check is done
            while not go_on.is_set():
                await asyncio.sleep(0.01)
        return await real_info(table_id, fresh)

    hub.info = info
    answers: list[httpx2.Response] = []
    for _ in range(20):
        player = wait_for(lambda: next((c for c in (client, bob) if view(c, tid)["legal"]), None))
        v = view(player, tid)
        move = {"action": v["legal"][0]["id"], "seen": v["history_len"]}
        mover = threading.Thread(
            target=lambda c=player, m=move: answers.append(
                c.post(f"/api/tables/{tid}/move", json=m)
            )
        )
        mover.start()
        while mover.is_alive() and not reading.is_set():
            mover.join(0.01)
        if reading.is_set():
            break
        assert answers[-1].status_code == 200, answers[-1].text
    else:
        raise AssertionError("the game did not end")
    try:
        seen = client.get(f"/api/tables/{tid}/view").json()
    finally:
        go_on.set()
        mover.join(30)
    assert seen["view"]["terminal"]
    assert seen["table"]["status"] == "finished"
    assert answers[-1].status_code == 200 and answers[-1].json()["table"]["status"] == "finished"
