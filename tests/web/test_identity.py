"""Who is who: a seat's colour beside its name, and a player who left keeps their name on
their own moves (live, after a restart and in the replay)."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from meeple.core.svg import PLAYER_COLOURS
from meeple.web import create_app
from tests.web.conftest import guest, make_settings, new_client, two_person_table, wait_for


def test_every_seat_has_the_colour_its_pieces_have(client):
    alice, bob = client, new_client(client)
    guest(alice, "alice")
    guest(bob, "bob")
    tid = two_person_table(alice, bob, "tiny")
    seats = alice.get(f"/api/tables/{tid}").json()["seats"]
    assert [s["colour"] for s in seats] == list(PLAYER_COLOURS[:2])


def test_a_leaver_keeps_their_own_moves_in_the_log(db_path):
    settings = make_settings(db_path)
    with TestClient(create_app(settings)) as alice:
        bob = new_client(alice)
        guest(alice, "alice")
        guest(bob, "bob")
        tid = two_person_table(alice, bob, "tiny")
        view = wait_for(
            lambda: (v := alice.get(f"/api/tables/{tid}/view").json()["view"])["legal"] and v
        )
        r = alice.post(f"/api/tables/{tid}/move", json={"action": 0, "seen": view["history_len"]})
        assert r.status_code == 200, r.text
        mine = r.json()["view"]["history_len"] - 1  # alice's keep
        assert alice.post(f"/api/tables/{tid}/leave").status_code == 200
        # The bot finishes alice's turn; bob plays his; the game ends. (Alice's client runs
        # the server's loop, where the bot plays: ask through it while waiting.)
        for _ in range(200):
            alice.get(f"/api/tables/{tid}")
            v = bob.get(f"/api/tables/{tid}/view").json()["view"]
            if v["terminal"]:
                break
            if v["legal"]:
                action = v["legal"][0]["id"]
                bob.post(
                    f"/api/tables/{tid}/move", json={"action": action, "seen": v["history_len"]}
                )
        final = wait_for(
            lambda: (x := alice.get(f"/api/tables/{tid}/view").json()["view"])["terminal"] and x
        )
        entries = {e["i"]: e["who"] for e in final["log"] if not e.get("note")}
        assert entries[mine] == "alice"
        assert "Bot (medium)" in entries.values()  # the bot played on for her
        # The log says so, in the turn it happened.
        left = "alice left the game; Bot (medium) plays on for them"
        assert [e["text"] for e in final["log"] if e.get("note")] == [left]
        seats = alice.get(f"/api/tables/{tid}").json()["seats"]
        assert seats[0]["kind"] == "bot" and seats[0]["left_by"] == "alice"
    # After a restart the game is read back from the database: the same names.
    with TestClient(create_app(settings)) as again:
        log = again.get(f"/api/tables/{tid}/view").json()["view"]["log"]
        assert {e["i"]: e["who"] for e in log if not e.get("note")}[mine] == "alice"
        assert [e["text"] for e in log if e.get("note")] == [left]
        replay = again.get(f"/api/tables/{tid}/replay?step=-1").json()["view"]["log"]
        assert {e["i"]: e["who"] for e in replay if not e.get("note")}[mine] == "alice"
        assert [e.get("who") for e in replay] == [e.get("who") for e in log]


def test_the_lists_say_whose_move_it_is(client):
    """A running table in the lobby's lists names the seat to move (for "your turn")."""
    alice, bob = client, new_client(client)
    guest(alice, "alice")
    guest(bob, "bob")
    tid = two_person_table(alice, bob, "tiny")
    view = wait_for(
        lambda: (
            (v := alice.get(f"/api/tables/{tid}/view").json()["view"])["to_move"] is not None and v
        )
    )
    rows = alice.get("/api/tables?status=running&mine=1").json()
    assert [(r["id"], r["to_move"]) for r in rows] == [(tid, view["to_move"])]
    assert alice.get("/api/tables?status=open").json() == []


def test_presence_says_who_is_at_the_table_and_since_when_it_waits(client):
    """Each view says which seats' players are connected and when the position last
    changed, so the page offers "let a bot play on" only for a player away past the limit."""
    alice, bob = client, new_client(client)
    guest(alice, "alice")
    guest(bob, "bob")
    tid = two_person_table(alice, bob, "tiny")
    wait_for(lambda: alice.get(f"/api/tables/{tid}/view").json()["view"]["to_move"] is not None)
    got = alice.get(f"/api/tables/{tid}/view").json()["presence"]
    assert got["connected"] == [] and got["away_after"] == 600.0
    since = got["since"]
    assert abs(since - time.time()) < 30
    with alice.websocket_connect(f"/ws/tables/{tid}") as ws:
        first = ws.receive_json()
        assert first["presence"]["connected"] == [0]
        assert bob.get(f"/api/tables/{tid}/view").json()["presence"]["connected"] == [0]
    assert alice.get(f"/api/tables/{tid}/view").json()["presence"]["connected"] == []
    # A move changes "since".
    view = alice.get(f"/api/tables/{tid}/view").json()["view"]
    mover = alice if view["legal"] else bob
    view = mover.get(f"/api/tables/{tid}/view").json()["view"]
    time.sleep(0.2)
    r = mover.post(
        f"/api/tables/{tid}/move",
        json={"action": view["legal"][0]["id"], "seen": view["history_len"]},
    )
    assert r.status_code == 200 and r.json()["presence"]["since"] > since
