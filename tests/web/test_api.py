"""The web platform's HTTP and WebSocket API, with the tiny test game."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from meeple.core.chance import STEP
from meeple.core.record import Record, replay
from tests.web.conftest import guest, new_client, wait_for


def create_tiny(client: TestClient, seats: list[dict] | None = None, players: int = 2) -> int:
    body: dict = {"game": "tiny", "players": players}
    if seats is not None:
        body["seats"] = seats
    r = client.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    return r.json()["id"]


def view(client: TestClient, tid: int) -> dict:
    r = client.get(f"/api/tables/{tid}/view")
    assert r.status_code == 200, r.text
    return r.json()["view"]


def settle(client: TestClient, tid: int) -> dict:
    """Wait until a person is to move or the game is over (chance and bots are done)."""

    def ready():
        v = view(client, tid)
        return v if v["terminal"] or v["legal"] else None

    return wait_for(ready)


def play_out(client: TestClient, tid: int, limit: int = 100) -> dict:
    for _ in range(limit):
        v = settle(client, tid)
        if v["terminal"]:
            return v
        r = client.post(
            f"/api/tables/{tid}/move",
            json={"action": v["legal"][0]["id"], "seen": v["history_len"]},
        )
        assert r.status_code == 200, r.text
    raise AssertionError("the game did not end")


# -- accounts ---------------------------------------------------------------------------------


def test_sign_up_log_in_log_out(client):
    r = client.post("/api/signup", json={"name": "alice", "password": "correct horse"})
    assert r.status_code == 200, r.text
    cookie = r.headers["set-cookie"]
    assert "HttpOnly" in cookie and "samesite=lax" in cookie.lower()
    assert client.get("/api/me").json()["user"]["name"] == "alice"
    client.post("/api/logout")
    assert client.get("/api/me").json()["user"] is None
    r = client.post("/api/login", json={"name": "alice", "password": "wrong password"})
    assert r.status_code == 401 and "wrong name or password" in r.json()["error"]
    r = client.post("/api/login", json={"name": "ALICE", "password": "correct horse"})
    assert r.status_code == 200
    assert client.get("/api/me").json()["user"]["name"] == "alice"


def test_repeated_failed_log_ins_are_slowed_down(client):
    client.post("/api/signup", json={"name": "alice", "password": "correct horse"})
    client.post("/api/logout")
    codes = [
        client.post("/api/login", json={"name": "alice", "password": f"guess {i}"}).status_code
        for i in range(11)
    ]
    assert codes == [401] * 10 + [429]
    r = client.post("/api/login", json={"name": "alice", "password": "correct horse"})
    assert r.status_code == 429 and "too many" in r.json()["error"]


def test_passwords_are_hashed_with_argon2(client, db_path):
    client.post("/api/signup", json={"name": "alice", "password": "correct horse"})
    import sqlite3

    with sqlite3.connect(db_path) as con:
        (stored,) = con.execute("select password_hash from users where name='alice'").fetchone()
        (token_hash,) = con.execute("select token_hash from sessions").fetchone()
    assert stored.startswith("$argon2id$") and "correct horse" not in stored
    assert client.cookies.get("meeple_session") != token_hash


def test_sign_up_refusals(client):
    client.post("/api/signup", json={"name": "alice", "password": "correct horse"})
    other = new_client(client)
    r = other.post("/api/signup", json={"name": "Alice", "password": "another one"})
    assert r.status_code == 400 and "taken" in r.json()["error"]
    r = other.post("/api/signup", json={"name": "bob", "password": "short"})
    assert r.status_code == 400 and "8 characters" in r.json()["error"]
    r = other.post("/api/guest", json={"name": "<script>"})
    assert r.status_code == 400
    r = other.post("/api/guest", json={"name": "Bot (easy)"})
    assert r.status_code == 400


def test_guest_play(client):
    user = guest(client, "visitor")
    assert client.get("/api/me").json()["user"] == {**user, "guest": True}


def test_cross_site_requests_are_refused(client):
    r = client.post(
        "/api/guest", json={"name": "mallory"}, headers={"origin": "http://evil.example"}
    )
    assert r.status_code == 403
    r = client.post("/api/guest", json={"name": "alice"}, headers={"origin": "http://testserver"})
    assert r.status_code == 200


def test_security_headers(client):
    r = client.get("/")
    assert r.status_code == 200 and "<title>meeple</title>" in r.text
    assert "script-src 'self'" in r.headers["content-security-policy"]
    assert client.get("/static/js/main.js").status_code == 200


def test_actions_need_a_login(client):
    assert client.post("/api/tables", json={"game": "tiny", "players": 2}).status_code == 401


# -- lobby ------------------------------------------------------------------------------------


def test_lobby_create_join_leave_start(client):
    guest(client, "alice")
    bob = new_client(client)
    guest(bob, "bob")
    tid = create_tiny(client)
    open_ids = [t["id"] for t in client.get("/api/tables?status=open").json()]
    assert tid in open_ids
    r = bob.post(f"/api/tables/{tid}/join", json={})
    assert r.status_code == 200 and r.json()["seats"][1]["user"] == "bob"
    assert bob.post(f"/api/tables/{tid}/join", json={}).status_code == 409
    # Leave before the start frees the seat; join again.
    assert bob.post(f"/api/tables/{tid}/leave").json()["seats"][1]["kind"] == "open"
    assert client.post(f"/api/tables/{tid}/start").status_code == 409  # a seat is open
    # A taken seat is named as the page numbers seats (alice's seat index 0 is "Seat 1");
    # a seat index that does not exist is named as the index sent.
    r = bob.post(f"/api/tables/{tid}/join", json={"seat": 0})
    assert r.status_code == 409 and r.json()["error"] == "seat 1 (index 0) is not open"
    r = bob.post(f"/api/tables/{tid}/join", json={"seat": 7})
    assert r.status_code == 404 and r.json()["error"] == "there is no seat index 7"
    bob.post(f"/api/tables/{tid}/join", json={"seat": 1})
    assert bob.post(f"/api/tables/{tid}/start").status_code == 403  # not the creator
    r = client.post(f"/api/tables/{tid}/start")
    assert r.status_code == 200 and r.json()["status"] == "running"
    assert bob.post(f"/api/tables/{tid}/join", json={}).status_code == 409
    assert tid in [t["id"] for t in client.get("/api/tables?status=running").json()]


def test_create_refusals(client):
    guest(client, "alice")
    r = client.post("/api/tables", json={"game": "nope", "players": 2})
    assert r.status_code == 400 and "no game 'nope'" in r.json()["error"]
    r = client.post("/api/tables", json={"game": "tiny", "players": 9})
    assert r.status_code == 400 and "2 to 3 players" in r.json()["error"]
    r = client.post(
        "/api/tables", json={"game": "tiny", "players": 2, "options": {"short_deck": "maybe"}}
    )
    assert r.status_code == 400
    r = client.post(
        "/api/tables",
        json={
            "game": "tiny",
            "players": 2,
            "seats": [{"kind": "me"}, {"kind": "user", "name": "x"}],
        },
    )
    assert r.status_code == 400 and "no player named" in r.json()["error"]


def test_seat_for_a_named_user_and_the_creator_cancelling(client):
    bob = new_client(client)
    guest(bob, "bob")
    guest(client, "alice")
    tid = create_tiny(client, [{"kind": "me"}, {"kind": "user", "name": "Bob"}])
    assert client.get(f"/api/tables/{tid}").json()["seats"][1]["user"] == "bob"
    assert client.post(f"/api/tables/{tid}/leave").json()["status"] == "cancelled"


# -- play -------------------------------------------------------------------------------------


def test_a_whole_game_against_a_bot_then_ratings_replay_and_record(client):
    guest(client, "alice")
    tid = create_tiny(client, [{"kind": "me"}, {"kind": "bot", "level": "easy"}])
    client.post(f"/api/tables/{tid}/start")
    final = play_out(client, tid)
    result = final["result"]
    assert set(result) >= {"scores", "ranks", "breakdown"}
    assert all("total" in b for b in result["breakdown"])
    info = client.get(f"/api/tables/{tid}").json()
    assert info["status"] == "finished"
    assert [s["place"] for s in info["seats"]] == result["ranks"]
    # Ratings: OpenSkill's conservative ratings, from a new player's 750, by placing.
    board = client.get("/api/leaderboard/tiny").json()
    assert {r["name"] for r in board} == {"alice", "Bot (easy)"}
    ratings = {r["name"]: r["rating"] for r in board}
    if result["ranks"][0] < result["ranks"][1]:
        assert ratings["alice"] > 750 > ratings["Bot (easy)"]
    elif result["ranks"][0] > result["ranks"][1]:
        assert ratings["alice"] < 750 < ratings["Bot (easy)"]
    history = client.get("/api/players/alice").json()["history"]
    assert history[0]["table"] == tid and history[0]["place"] == result["ranks"][0]
    # The record replays to the same result.
    rec = Record.loads(client.get(f"/api/tables/{tid}/record").text)
    assert rec.result is not None and rec.result["scores"] == result["scores"]
    # It names the server's chance scheme, so replay checks every outcome against it.
    assert rec.chance == STEP and rec.seed is not None
    state = replay(rec)
    assert state.is_terminal()
    # Replays step from the start; seat 1's view at step 2 hides seat 0's card.
    r0 = client.get(f"/api/tables/{tid}/replay?step=0").json()["view"]
    assert r0["step"] == 0 and r0["steps"] == len(rec.actions)
    # The log of a finished game tells all of it, at any step (to jump to any turn).
    assert [e["i"] for e in r0["log"] if not e.get("note")] == list(range(len(rec.actions)))
    assert r0["turns"][-1] == len(rec.actions) and r0["summary"] == rec.result
    r2 = client.get(f"/api/tables/{tid}/replay?step=2&seat=1").json()["view"]
    assert r2["observation"]["hands"][0] is None and r2["observation"]["hands"][1] is not None
    assert r2["legal"] == []


def test_replays_and_records_wait_for_the_end(client):
    guest(client, "alice")
    tid = create_tiny(client, [{"kind": "me"}, {"kind": "bot", "level": "easy"}])
    client.post(f"/api/tables/{tid}/start")
    assert client.get(f"/api/tables/{tid}/record").status_code == 409
    assert client.get(f"/api/tables/{tid}/replay?step=1&seat=1").status_code == 409


def test_only_a_seats_player_may_move_for_it(client):
    guest(client, "alice")
    bob = new_client(client)
    guest(bob, "bob")
    carol = new_client(client)
    guest(carol, "carol")
    tid = create_tiny(client, [{"kind": "me"}, {"kind": "user", "name": "bob"}])
    assert bob.post(f"/api/tables/{tid}/join").status_code == 200
    client.post(f"/api/tables/{tid}/start")
    v = settle(client, tid)
    assert v["seat"] == 0 and v["to_move"] == 0
    move = {"action": v["legal"][0]["id"], "seen": v["history_len"]}
    r = bob.post(f"/api/tables/{tid}/move", json={**move, "seat": 0})
    assert r.status_code == 403 and r.json()["error"] == "seat index 0 is not yours"
    r = bob.post(f"/api/tables/{tid}/move", json=move)
    assert r.status_code == 409 and "not your turn" in r.json()["error"]
    r = carol.post(f"/api/tables/{tid}/move", json=move)
    assert r.status_code == 403 and "no seat" in r.json()["error"]
    # bob may not even look through seat 0's eyes.
    assert bob.get(f"/api/tables/{tid}/view?seat=0").status_code == 403
    assert view(client, tid)["history_len"] == v["history_len"]


def test_illegal_and_stale_moves_are_refused_and_change_nothing(client):
    guest(client, "alice")
    tid = create_tiny(client, [{"kind": "me"}, {"kind": "bot", "level": "easy"}])
    client.post(f"/api/tables/{tid}/start")
    v = settle(client, tid)
    n = v["history_len"]
    for action, code, words in [
        (2, 400, "not legal now"),  # "bet 1" before keep/swap
        (99, 400, "not an action"),
        ("fly", 400, ""),
        ({"id": 0, "text": "swap"}, 400, "not 'swap'"),
    ]:
        r = client.post(f"/api/tables/{tid}/move", json={"action": action, "seen": n})
        assert r.status_code == code, r.text
        assert words in r.json()["error"]
    r = client.post(f"/api/tables/{tid}/move", json={"action": 0, "seen": n - 1})
    assert r.status_code == 409 and "look at the board again" in r.json()["error"]
    assert view(client, tid) == v
    r = client.post(f"/api/tables/{tid}/move", json={"action": "keep", "seen": n})
    assert r.status_code == 200 and r.json()["view"]["history_len"] == n + 1


def test_websocket_play_and_spectators(client):
    guest(client, "alice")
    bob = new_client(client)
    guest(bob, "bob")
    tid = create_tiny(client, [{"kind": "me"}, {"kind": "user", "name": "bob"}])
    assert bob.post(f"/api/tables/{tid}/join").status_code == 200
    client.post(f"/api/tables/{tid}/start")
    spectator = new_client(client)
    clients = {0: client, 1: bob}
    with (
        client.websocket_connect(f"/ws/tables/{tid}") as ws0,
        bob.websocket_connect(f"/ws/tables/{tid}") as ws1,
        spectator.websocket_connect(f"/ws/tables/{tid}") as wss,
    ):
        sockets = {0: ws0, 1: ws1}
        latest = {0: ws0.receive_json(), 1: ws1.receive_json()}
        first = wss.receive_json()
        assert first["view"]["seat"] is None and first["view"]["legal"] == []
        for _ in range(60):
            # Read each seat's socket up to the current position.
            now = view(client, tid)["history_len"]
            for seat, ws in sockets.items():
                while latest[seat]["view"]["history_len"] < now:
                    latest[seat] = ws.receive_json()
            v0 = latest[0]["view"]
            if v0["terminal"]:
                break
            to_move = v0["to_move"]
            if to_move is None:  # chance: the server is about to move
                continue
            v = latest[to_move]["view"]
            assert v["legal"], v
            ws = sockets[to_move]
            # A stale move first (refused), then the real one.
            ws.send_json({"type": "move", "action": v["legal"][0]["id"], "seen": 0})
            err = ws.receive_json()
            assert err["type"] == "error" and err["code"] == "stale"
            ws.send_json({"type": "move", "action": v["legal"][0]["id"], "seen": v["history_len"]})
            latest[to_move] = ws.receive_json()
            assert latest[to_move]["view"]["history_len"] == v["history_len"] + 1
        assert latest[0]["view"]["terminal"]
        wss.send_json({"type": "move", "action": 0, "seen": 0})
        msg = wss.receive_json()
        while msg["type"] == "update":
            msg = wss.receive_json()
        assert msg["type"] == "error" and msg["code"] == "login"
        ws0.send_text("not json")
        assert ws0.receive_json()["type"] == "error"
    assert clients[1].get(f"/api/tables/{tid}").json()["status"] == "finished"


def test_cross_site_websocket_is_refused(client):
    guest(client, "alice")
    tid = create_tiny(client)
    from starlette.websockets import WebSocketDisconnect

    with (
        pytest.raises(WebSocketDisconnect),
        client.websocket_connect(
            f"/ws/tables/{tid}", headers={"origin": "http://evil.example"}
        ) as ws,
    ):
        ws.receive_json()


def test_a_leaving_player_is_replaced_by_a_bot(client):
    guest(client, "alice")
    bob = new_client(client)
    guest(bob, "bob")
    tid = create_tiny(client, [{"kind": "me"}, {"kind": "user", "name": "bob"}])
    assert bob.post(f"/api/tables/{tid}/join").status_code == 200
    client.post(f"/api/tables/{tid}/start")
    r = bob.post(f"/api/tables/{tid}/leave")
    assert r.status_code == 200 and r.json()["seats"][1]["kind"] == "bot"
    final = play_out(client, tid)
    assert final["terminal"]


def test_a_player_who_leaves_a_running_game_is_still_rated_and_keeps_it_in_history(client):
    guest(client, "alice")
    bob = new_client(client)
    guest(bob, "bob")
    tid = create_tiny(client, [{"kind": "me"}, {"kind": "user", "name": "bob"}])
    assert bob.post(f"/api/tables/{tid}/join").status_code == 200
    assert client.post(f"/api/tables/{tid}/start").status_code == 200
    seat = bob.post(f"/api/tables/{tid}/leave").json()["seats"][1]
    assert seat["kind"] == "bot" and seat["user"] == "Bot (medium)"
    assert seat["left_by"] == "bob"
    # The seat is the bot's to play now, not bob's.
    v = settle(client, tid)
    r = bob.post(f"/api/tables/{tid}/move", json={"action": 0, "seen": v["history_len"]})
    assert r.status_code == 403
    assert bob.post(f"/api/tables/{tid}/leave").status_code == 409
    play_out(client, tid)
    seat = client.get(f"/api/tables/{tid}").json()["seats"][1]
    # bob forfeited: rated as last, whatever the bot made of his seat; the bot is not rated.
    place = 2
    assert seat["place"] == place and seat["left_by_id"] == bob.get("/api/me").json()["user"]["id"]
    before, after = seat["rating_before"], seat["rating_after"]
    assert after < before
    board = {r["name"]: r for r in client.get("/api/leaderboard/tiny").json()}
    assert board["bob"]["rating"] == after
    assert "Bot (medium)" not in board
    # The game stays in bob's history, marked as left.
    me = client.get("/api/players/bob").json()
    entry = next(h for h in me["history"] if h["table"] == tid)
    assert entry["left"] and entry["place"] == place and entry["rating_after"] == after
    assert me["games"] == len(me["history"]) and all(h["left"] for h in me["history"])
    assert not client.get("/api/players/Bot%20(medium)").json()["history"]
    alice = client.get("/api/players/alice").json()["history"]
    assert not any(h["left"] for h in alice)
    # The record names bob, then the bot.
    rec = Record.loads(client.get(f"/api/tables/{tid}/record").text)
    assert rec.agents == ["human:alice", "human:bob, then bot:medium"]


def test_a_seat_of_an_absent_player_can_be_handed_to_a_bot(db_path):
    from meeple.web import create_app
    from tests.web.conftest import make_settings

    with TestClient(create_app(make_settings(db_path, absent_seconds=0.3))) as client:
        guest(client, "alice")
        bob = new_client(client)
        guest(bob, "bob")
        tid = create_tiny(client, [{"kind": "me"}, {"kind": "user", "name": "bob"}])
        assert bob.post(f"/api/tables/{tid}/join").status_code == 200
        client.post(f"/api/tables/{tid}/start")
        hand_over = {"seat": 1, "level": "easy"}
        with bob.websocket_connect(f"/ws/tables/{tid}") as ws:
            ws.receive_json()
            r = client.post(f"/api/tables/{tid}/bot", json=hand_over)
            assert r.status_code == 409 and "still at the table" in r.json()["error"]
        # bob is away, but it is not his turn yet: alice cannot take his seat from him.
        r = client.post(f"/api/tables/{tid}/bot", json=hand_over)
        assert r.status_code == 409 and "their turn" in r.json()["error"]
        while (v := settle(client, tid))["legal"] and v["to_move"] == 0:
            move = {"action": v["legal"][0]["id"], "seen": v["history_len"]}
            assert client.post(f"/api/tables/{tid}/move", json=move).status_code == 200
            v = view(client, tid)
            if v["to_move"] == 1:
                break
        assert view(client, tid)["to_move"] == 1
        wait_for(lambda: client.post(f"/api/tables/{tid}/bot", json=hand_over).status_code == 200)
        assert client.get(f"/api/tables/{tid}").json()["seats"][1]["level"] == "easy"
        assert play_out(client, tid)["terminal"]


def test_games_listing(client):
    games = client.get("/api/games").json()
    tiny = next(g for g in games if g["id"] == "tiny")
    assert tiny["players"] == [2, 3] and tiny["options"][0]["name"] == "short_deck"
    assert json.dumps(games)


def test_an_id_beyond_the_database_range_is_not_found_not_a_server_error(client):
    for path in ("/api/tables/99999999999999999999", "/api/tables/99999999999999999999/record"):
        r = client.get(path)
        assert r.status_code == 404, (path, r.text)
        assert r.json()["code"] == "not_found"


def test_your_games_lists_only_your_tables_however_many_are_newer(client):
    guest(client, "ann")
    mine = create_tiny(client, seats=[{"kind": "me"}, {"kind": "open"}])
    bob = new_client(client)
    guest(bob, "bob")
    others = [create_tiny(bob, seats=[{"kind": "me"}, {"kind": "open"}]) for _ in range(3)]
    listed = [t["id"] for t in client.get("/api/tables?status=open&mine=1").json()]
    assert listed == [mine]
    assert sorted(t["id"] for t in bob.get("/api/tables?status=open&mine=1").json()) == others
    everyone = [t["id"] for t in client.get("/api/tables?status=open").json()]
    assert set(everyone) == {mine, *others}
    anonymous = new_client(client)
    assert anonymous.get("/api/tables?status=open&mine=1").json() == []


def test_refused_requests_and_messages_are_logged(client, caplog):
    guest(client, "alice")
    tid = create_tiny(client, [{"kind": "me"}, {"kind": "bot", "level": "easy"}])
    with caplog.at_level("INFO", logger="meeple.web.refused"):
        r = client.post(f"/api/tables/{tid}/move", json={"action": 0, "seen": 0})
        assert r.status_code >= 400
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            ws.receive_json()
            ws.send_text("not json at all")
            assert ws.receive_json()["type"] == "error"
    logged = [rec.getMessage() for rec in caplog.records if rec.name == "meeple.web.refused"]
    assert any(f"/api/tables/{tid}/move" in m for m in logged), logged
    assert any("websocket" in m and "not JSON" in m for m in logged), logged
