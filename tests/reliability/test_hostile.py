"""Hostile input against the server: every attempt is refused clearly and changes nothing.

A table of the tiny test game between two people (alice at seat 0, bob at seat 1) waits for
alice's move, so nothing moves unless a test makes it. Each hostile input must be answered
with an error (never a 500, never a stack trace), and afterwards the table's view and its
stored moves must be exactly what they were. Each test runs on SQLite and on PostgreSQL
(see conftest.py).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from meeple.web import app as app_module
from meeple.web import auth
from tests.reliability.conftest import peer, query
from tests.web.conftest import guest
from tests.web.test_api import create_tiny, play_out, settle, view

LEAKS = ("Traceback", 'File "', "sqlalchemy", "Internal Server Error")


def stored_moves(db_url: str, tid: int) -> list[tuple[int, str]]:
    return query(
        db_url,
        "select move_index, notation from moves where table_id = :t order by move_index",
        t=tid,
    )


def assert_clean(text: str) -> None:
    for leak in LEAKS:
        assert leak not in text, text[:500]


@dataclass
class Table:
    tid: int
    alice: TestClient
    bob: TestClient
    carol: TestClient  # logged in, no seat
    db_url: str
    before_view: dict
    before_moves: list

    def assert_unchanged(self) -> None:
        assert view(self.alice, self.tid) == self.before_view
        assert stored_moves(self.db_url, self.tid) == self.before_moves


@pytest.fixture
def table(client, db_url) -> Table:
    guest(client, "alice")
    bob = peer(client)
    guest(bob, "bob")
    carol = peer(client)
    guest(carol, "carol")
    tid = create_tiny(client, [{"kind": "me"}, {"kind": "user", "name": "bob"}])
    assert bob.post(f"/api/tables/{tid}/join").status_code == 200  # accepts the invitation
    assert client.post(f"/api/tables/{tid}/start").status_code == 200
    v = settle(client, tid)
    assert v["seat"] == 0 and v["to_move"] == 0 and v["legal"]
    return Table(tid, client, bob, carol, db_url, v, stored_moves(db_url, tid))


def next_non_update(ws) -> dict:
    msg = ws.receive_json()
    while msg["type"] == "update":
        msg = ws.receive_json()
    return msg


# -- WebSocket messages of the wrong shape, size and rate --------------------------------------


def bad_messages(n: int) -> list[str]:
    """Text frames a hostile client might send; n is the table's history length."""
    move = {"type": "move", "seen": n}
    return [
        "not json",
        "{",
        "",
        "42",
        "null",
        '"move"',
        "[1, 2, 3]",
        "{}",
        json.dumps({"type": 5}),
        json.dumps({"type": None}),
        json.dumps({"type": "x" * 3000}),
        json.dumps({"type": "move"}),  # no action, no seen
        json.dumps({"type": "move", "action": 0}),  # no seen
        json.dumps({**move}),  # no action
        json.dumps({**move, "action": None}),
        json.dumps({**move, "action": True}),
        json.dumps({**move, "action": 1.5}),
        json.dumps({**move, "action": [0]}),
        json.dumps({**move, "action": -1}),
        json.dumps({**move, "action": 10**30}),
        json.dumps({**move, "action": -(10**30)}),
        json.dumps({**move, "action": "x" * 3900}),
        json.dumps({**move, "action": "\u0000\ud7ff\U0001f600"}),
        json.dumps({**move, "action": {}}),
        json.dumps({**move, "action": {"id": "zero"}}),
        json.dumps({**move, "action": {"id": 10**30}}),
        json.dumps({**move, "action": {"id": None, "text": None}}),
        json.dumps({**move, "action": {"text": 5}}),
        json.dumps({**move, "action": {"id": 0, "text": ["keep"]}}),
        json.dumps({"type": "move", "action": 0, "seen": 10**30}),
        json.dumps({"type": "move", "action": 0, "seen": "0"}),
        json.dumps({"type": "move", "action": 0, "seen": True}),
        json.dumps({"type": "move", "action": 0, "seen": -1}),
        json.dumps({"type": "move", "action": 0, "seen": 1e308}),
        "1" * 4000,  # a huge number, just under the size limit
        "x" * 5000,  # over the size limit
        json.dumps({**move, "action": "y" * 100_000}),  # far over it
        "[" * 3000 + "]" * 3000,  # deep nesting
    ]


def test_websocket_messages_of_the_wrong_shape_and_size_are_refused(table):
    n = table.before_view["history_len"]
    messages = bad_messages(n)
    with table.alice.websocket_connect(f"/ws/tables/{table.tid}?svg=0") as ws:
        assert ws.receive_json()["type"] == "update"
        for raw in messages:
            ws.send_text(raw)
            reply = next_non_update(ws)
            assert reply["type"] == "error", (raw[:80], reply)
            assert isinstance(reply["message"], str) and reply["message"], reply
            assert_clean(json.dumps(reply))
        # The connection still works after all that.
        ws.send_text(json.dumps({"type": "ping", "t": 7}))
        assert next_non_update(ws) == {"type": "pong", "t": 7}
    table.assert_unchanged()


def test_a_burst_of_messages_is_throttled_in_order_and_changes_nothing(table):
    n = table.before_view["history_len"]
    burst = 200
    with table.alice.websocket_connect(f"/ws/tables/{table.tid}?svg=0") as ws:
        assert ws.receive_json()["type"] == "update"
        for i in range(burst):
            if i % 2:
                ws.send_text(json.dumps({"type": "ping", "t": i}))
            else:  # a stale move: refused, and it must not be applied
                ws.send_text(json.dumps({"type": "move", "action": 0, "seen": n - 1, "req": i}))
        replies = [next_non_update(ws) for _ in range(burst)]
        # The connection outlives the burst: once the bucket refills, a ping is answered.
        deadline = time.monotonic() + 10
        while True:
            ws.send_text(json.dumps({"type": "ping", "t": "after"}))
            reply = next_non_update(ws)
            if reply.get("code") != "slow_down" or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        assert reply == {"type": "pong", "t": "after"}
    # One reply per message, in order: the first WS_BURST answered as usual, later ones
    # either answered or refused with slow_down (and then not acted on).
    throttled = [i for i, r in enumerate(replies) if r.get("code") == "slow_down"]
    assert throttled and throttled[0] >= app_module.WS_BURST
    assert len(throttled) >= burst - app_module.WS_BURST - 20  # the refill is 20 a second
    for i, reply in enumerate(replies):
        if reply.get("code") == "slow_down":
            assert reply == app_module.SLOW_DOWN
        elif i % 2:
            assert reply == {"type": "pong", "t": i}
        else:
            assert reply["type"] == "error" and reply["code"] == "stale" and reply["req"] == i
    table.assert_unchanged()


def test_a_websocket_that_goes_on_flooding_is_closed(table):
    n = table.before_view["history_len"]
    sent = 2000
    with table.alice.websocket_connect(f"/ws/tables/{table.tid}?svg=0") as ws:
        assert ws.receive_json()["type"] == "update"
        for i in range(sent):  # stale moves: refused, never applied
            ws.send_text(json.dumps({"type": "move", "action": 0, "seen": n - 1, "req": i}))
        replies = []
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(sent):  # bounded: a server that never closes answers them all
                replies.append(ws.receive_json())
    assert closed.value.code == 1008
    refused = sum(r.get("code") == "slow_down" for r in replies)
    assert app_module.WS_STRIKES <= refused < sent - app_module.WS_BURST
    table.assert_unchanged()


def test_oversize_http_bodies_are_refused(table):
    n = table.before_view["history_len"]
    for body in (
        {"action": "k" * 200_000, "seen": n},
        {"action": 10**30, "seen": n},
        {"action": {"id": 10**30}, "seen": n},
        {"action": 0, "seen": 10**30},
        {"action": 0, "seen": n, "seat": 10**30},
        {"action": 0, "seen": "zero"},
        {"action": None, "seen": n},
        {"seen": n},
        [],
        "move",
    ):
        r = table.alice.post(f"/api/tables/{table.tid}/move", json=body)
        assert 400 <= r.status_code < 500, (body if len(str(body)) < 200 else "long", r.text)
        assert_clean(r.text)
    for raw in (b"not json", b"{" * 10_000, b"\xff\xfe"):
        r = table.alice.post(
            f"/api/tables/{table.tid}/move",
            content=raw,
            headers={"content-type": "application/json"},
        )
        assert 400 <= r.status_code < 500, r.text
        assert_clean(r.text)
    table.assert_unchanged()


# -- acting for another seat, another table, or after the end -------------------------------


def test_moving_for_another_seat_or_another_table_is_refused(table):
    v = table.before_view
    move = {"action": v["legal"][0]["id"], "seen": v["history_len"]}
    # bob for alice's seat; bob out of turn; carol with no seat; nobody logged in.
    anonymous = peer(table.alice)
    for who, body, status, code in [
        (table.bob, {**move, "seat": 0}, 403, "not_your_seat"),
        (table.bob, move, 409, "not_your_turn"),
        (table.bob, {**move, "seat": 1}, 409, "not_your_turn"),
        (table.bob, {**move, "seat": -1}, 403, "not_your_seat"),
        (table.carol, move, 403, "not_seated"),
        (table.carol, {**move, "seat": 0}, 403, "not_seated"),
        (anonymous, move, 401, "login"),
    ]:
        r = who.post(f"/api/tables/{table.tid}/move", json=body)
        assert (r.status_code, r.json().get("code")) == (status, code), r.text
        assert_clean(r.text)
    # Over the WebSocket: bob asking for seat 0 still gets his own seat, and cannot move for
    # alice; carol and an anonymous watcher cannot move at all.
    with table.bob.websocket_connect(f"/ws/tables/{table.tid}?seat=0&svg=0") as ws:
        first = ws.receive_json()
        assert first["view"]["seat"] == 1 and first["view"]["legal"] == []
        ws.send_text(json.dumps({"type": "move", **move}))
        assert next_non_update(ws)["code"] == "not_your_turn"
    with table.carol.websocket_connect(f"/ws/tables/{table.tid}?seat=0&svg=0") as ws:
        assert ws.receive_json()["view"]["seat"] is None
        ws.send_text(json.dumps({"type": "move", **move}))
        assert next_non_update(ws)["code"] == "not_seated"
    with anonymous.websocket_connect(f"/ws/tables/{table.tid}?svg=0") as ws:
        assert ws.receive_json()["view"]["seat"] is None
        ws.send_text(json.dumps({"type": "move", **move}))
        assert next_non_update(ws)["code"] == "login"
    # Another table: carol's own running table does not let her move at alice's, and alice's
    # seat here gives her nothing at carol's.
    other = create_tiny(table.carol, [{"kind": "me"}, {"kind": "bot", "level": "easy"}])
    assert table.carol.post(f"/api/tables/{other}/start").status_code == 200
    ov = settle(table.carol, other)
    other_moves = stored_moves(table.db_url, other)
    r = table.alice.post(
        f"/api/tables/{other}/move", json={"action": ov["legal"][0]["id"], "seen": 0}
    )
    assert r.status_code == 403 and r.json()["code"] == "not_seated"
    r = table.alice.post(
        f"/api/tables/{other}/move",
        json={"action": ov["legal"][0]["id"], "seen": ov["history_len"], "seat": 0},
    )
    assert r.status_code == 403
    with table.alice.websocket_connect(f"/ws/tables/{other}?seat=0&svg=0") as ws:
        assert ws.receive_json()["view"]["seat"] is None
        ws.send_text(json.dumps({"type": "move", "action": 0, "seen": ov["history_len"]}))
        assert next_non_update(ws)["code"] == "not_seated"
    assert stored_moves(table.db_url, other) == other_moves
    table.assert_unchanged()


# Ids past what the database's integer columns hold: PostgreSQL refuses to compare them with
# an INTEGER column (SQLAlchemy's psycopg dialect casts every parameter to the column's type).
MISSING_IDS = (0, -1, 999_999, 2**31 - 1, 2**31, 2**63 - 1, 2**63, 10**30)


def test_text_with_a_nul_character_is_answered_cleanly(table):
    # SQLite looks such text up and finds nothing (401, 404); PostgreSQL cannot hold it
    # and the server answers 400 bad_request: both clean, and nothing changes.
    for method, path, body, ok in (
        ("POST", "/api/login", {"name": "bo\x00b", "password": "whatever1"}, (400, 401)),
        ("POST", "/api/login", {"name": "\x00", "password": "\x00" * 8}, (400, 401)),
        ("POST", "/api/guest", {"name": "da\x00ve"}, (400,)),
        ("POST", "/api/signup", {"name": "da\x00ve", "password": "long enough"}, (400,)),
        ("GET", "/api/players/bo%00b", None, (400, 404)),
        ("GET", "/api/leaderboard/ti%00ny", None, (200, 400, 404)),
        ("GET", "/api/tables?status=op%00en", None, (400, 422)),
        ("POST", "/api/tables", {"game": "ti\x00ny", "players": 2}, (400,)),
    ):
        r = table.carol.request(method, path, json=body)
        assert r.status_code in ok, (method, path, r.status_code, r.text)
        assert_clean(r.text)
    assert table.carol.get("/api/me").json()["user"]["name"] == "carol"
    table.assert_unchanged()


def test_tables_that_do_not_exist_are_not_found(table):
    v = table.before_view
    move = {"action": v["legal"][0]["id"], "seen": v["history_len"]}
    for tid in MISSING_IDS:
        for method, path, body in (
            ("GET", f"/api/tables/{tid}", None),
            ("GET", f"/api/tables/{tid}/view", None),
            ("POST", f"/api/tables/{tid}/move", move),
            ("POST", f"/api/tables/{tid}/join", {}),
            ("POST", f"/api/tables/{tid}/start", None),
            ("GET", f"/api/tables/{tid}/record", None),
        ):
            r = table.alice.request(method, path, json=body)
            assert r.status_code in (404, 409), (tid, method, path, r.status_code, r.text)
            assert_clean(r.text)
        with table.alice.websocket_connect(f"/ws/tables/{tid}?svg=0") as ws:
            reply = ws.receive_json()
            assert reply["type"] == "error", (tid, reply)
            assert_clean(json.dumps(reply))
    table.assert_unchanged()


def test_moving_after_the_game_ended_is_refused(client, db_url):
    guest(client, "alice")
    tid = create_tiny(client, [{"kind": "me"}, {"kind": "bot", "level": "easy"}])
    client.post(f"/api/tables/{tid}/start")
    end = play_out(client, tid)
    assert end["terminal"]
    moves = stored_moves(db_url, tid)
    record = client.get(f"/api/tables/{tid}/record").text
    for action in (0, 1, "keep", {"id": 0}):
        r = client.post(
            f"/api/tables/{tid}/move", json={"action": action, "seen": end["history_len"]}
        )
        assert r.status_code == 409 and r.json()["code"] == "game_over", r.text
    with client.websocket_connect(f"/ws/tables/{tid}?svg=0") as ws:
        assert ws.receive_json()["view"]["terminal"]
        ws.send_text(json.dumps({"type": "move", "action": 0, "seen": end["history_len"]}))
        assert next_non_update(ws)["code"] == "game_over"
    assert stored_moves(db_url, tid) == moves
    assert client.get(f"/api/tables/{tid}/record").text == record


# -- forged sessions -------------------------------------------------------------------


@pytest.mark.parametrize(
    "token",
    [
        "garbage",
        "",
        "A" * 43,
        "0" * 64,
        "x" * 3000,
        "' OR 1=1 --",
        "%00%ff",
    ],
)
def test_a_forged_session_cookie_is_nobody(table, token):
    forger = peer(table.alice, cookies={auth.COOKIE: token})
    assert forger.get("/api/me").json() == {"user": None}
    v = table.before_view
    r = forger.post(
        f"/api/tables/{table.tid}/move",
        json={"action": v["legal"][0]["id"], "seen": v["history_len"], "seat": 0},
    )
    assert r.status_code == 401 and r.json()["code"] == "login", r.text
    assert forger.get(f"/api/tables/{table.tid}/view?seat=0").status_code == 403
    assert forger.post("/api/tables", json={"game": "tiny", "players": 2}).status_code == 401
    with forger.websocket_connect(f"/ws/tables/{table.tid}?seat=0&svg=0") as ws:
        first = ws.receive_json()
        assert first["view"]["seat"] is None and first["view"]["legal"] == []
        ws.send_text(json.dumps({"type": "move", "action": 0, "seen": v["history_len"]}))
        assert next_non_update(ws)["code"] == "login"
    table.assert_unchanged()


def test_a_stolen_token_after_log_out_is_nobody(table):
    token = table.bob.cookies.get(auth.COOKIE)
    assert token
    assert table.bob.post("/api/logout").status_code == 200
    replayer = peer(table.alice, cookies={auth.COOKIE: token})
    assert replayer.get("/api/me").json() == {"user": None}
    r = replayer.post(f"/api/tables/{table.tid}/move", json={"action": 0, "seen": 0, "seat": 1})
    assert r.status_code == 401
    table.assert_unchanged()


# -- spectators asking for private views -----------------------------------------------


def test_spectators_cannot_see_a_seats_private_view(table):
    tid = table.tid
    anonymous = peer(table.alice)
    spectator_view = anonymous.get(f"/api/tables/{tid}/view").json()["view"]
    assert spectator_view["seat"] is None and spectator_view["legal"] == []
    for who in (table.carol, anonymous, table.bob):
        for seat in ("0", "-1", "2", "99", str(2**70)):
            if who is table.bob and seat == "1":
                continue
            r = who.get(f"/api/tables/{tid}/view?seat={seat}")
            assert r.status_code == 403 and r.json()["code"] == "not_your_seat", r.text
            assert_clean(r.text)
        r = who.get(f"/api/tables/{tid}/view?seat=abc")
        assert r.status_code == 422
        assert_clean(r.text)
    # The WebSocket gives carol only the spectator's view whatever seat she asks for.
    with table.carol.websocket_connect(f"/ws/tables/{tid}?seat=0&svg=0") as ws:
        got = ws.receive_json()["view"]
        assert got["seat"] is None and got["legal"] == []
        assert got["observation"] == spectator_view["observation"]
    # Replays and the record of a running game are refused, at any seat.
    for who in (table.carol, anonymous, table.alice, table.bob):
        for q in ("", "?seat=0", "?seat=1", "?step=0&seat=0", "?step=1&seat=1"):
            r = who.get(f"/api/tables/{tid}/replay{q}")
            assert r.status_code == 409 and r.json()["code"] == "not_finished", r.text
        r = who.get(f"/api/tables/{tid}/record")
        assert r.status_code == 409 and r.json()["code"] == "not_finished"
    table.assert_unchanged()
