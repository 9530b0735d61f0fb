"""The move log by turn, over the API: each entry's turn, seat and words; chance in the turn
it follows; the replay's turns where the log's turns end."""

from __future__ import annotations

import itertools
import logging
import random

import pytest
from fastapi.testclient import TestClient

import meeple
from meeple.core.api import CHANCE
from meeple.core.record import Record
from meeple.web import Settings, create_app
from meeple.web.hub import next_turn, turn_marks
from tests.web.conftest import guest, make_settings, new_client, two_person_table, wait_for


def test_a_turn_starts_when_another_player_decides():
    # Set-up chance, alice twice (one turn), chance (her turn still), bob, chance, alice.
    actors = [CHANCE, CHANCE, 0, 0, CHANCE, 1, CHANCE, 0]
    turns, turn, seat = [], 0, None
    for actor in actors:
        turn, seat = next_turn(turn, seat, actor)
        turns.append(turn)
    assert turns == [0, 0, 1, 1, 1, 2, 2, 3]
    # Where each turn ends, in moves: the set-up after 2, turn 1 after 5, turn 2 after 7...
    assert turn_marks(actors) == [2, 5, 7, 8]
    assert turn_marks([]) == [0]
    assert turn_marks([0, 1]) == [0, 1, 2]


def play_out(people, tid, rng):
    for _ in range(300):
        views = [p.get(f"/api/tables/{tid}/view").json()["view"] for p in people]
        if views[0]["terminal"]:
            return views[0]
        for p, v in zip(people, views, strict=True):
            if v["legal"]:
                action = rng.choice(v["legal"])["id"]
                p.post(f"/api/tables/{tid}/move", json={"action": action, "seen": v["history_len"]})
    raise AssertionError("the game did not end")


def test_the_log_is_by_turn_with_words_and_the_replay_goes_by_the_same_turns(client):
    alice, bob = client, new_client(client)
    guest(alice, "alice")
    guest(bob, "bob")
    tid = two_person_table(alice, bob, "tiny")
    wait_for(lambda: alice.get(f"/api/tables/{tid}/view").json()["view"]["legal"])
    final = play_out([alice, bob], tid, random.Random(3))
    log = [e for e in final["log"] if not e.get("note")]
    record = Record.loads(alice.get(f"/api/tables/{tid}/record").text)
    # Every move is there once the game is over, in order, each with its words.
    assert [e["i"] for e in log] == list(range(len(record.actions)))
    assert [e["text"] for e in log] == record.actions
    state = meeple.load("tiny", players=2).new_initial_state()
    turn, seat = 0, None
    for entry, text in zip(log, record.actions, strict=True):
        actor = state.current_player()
        action = state.string_to_action(text)
        assert entry["words"] == state.action_words(action)
        assert entry["seat"] == (None if actor == CHANCE else actor)
        turn, seat = next_turn(turn, seat, actor)
        assert entry["turn"] == turn
        state.apply_action(action)
    # Turns go up one at a time, and each player's turn holds only that player's decisions.
    assert log[0]["turn"] == 0 and log[0]["seat"] is None  # the deal: the set-up
    for a, b in itertools.pairwise(log):
        assert b["turn"] in (a["turn"], a["turn"] + 1)
        if b["turn"] == a["turn"] and b["seat"] is not None and a["seat"] is not None:
            assert a["seat"] == b["seat"]
    # The replay's turn K shows the position once turn K is over, with K in its view.
    whole = alice.get(f"/api/tables/{tid}/replay?step=-1").json()["view"]
    marks = whole["turns"]
    assert len(marks) == log[-1]["turn"] + 1 and marks[-1] == len(record.actions)
    for k in (0, 1, len(marks) - 1):
        r = alice.get(f"/api/tables/{tid}/replay?turn={k}").json()["view"]
        assert r["step"] == marks[k] and r["turn"] == k
        assert max(e["i"] for e in log if e["turn"] <= k) == marks[k] - 1
    bad = alice.get(f"/api/tables/{tid}/replay?turn={len(marks)}")
    assert bad.status_code == 404 and bad.json()["code"] == "no_turn"


def broken_picture(self, observation, layout="wide"):
    raise ValueError("a renderer's bug")


def test_a_renderers_fault_is_logged_and_the_position_sent_as_text(db_path, caplog, monkeypatch):
    """A picture that fails is no reason to lose the view: the text goes instead, and the
    fault is in the server's log (never hidden as if the game had no picture). So it is in
    production, where ``strict_render`` is off (the tests' apps turn it on)."""
    from tests.tinygame import TinyGame

    monkeypatch.setattr(TinyGame, "render_svg", broken_picture)
    assert Settings().strict_render is False
    with TestClient(create_app(make_settings(db_path, strict_render=False))) as alice:
        bob = new_client(alice)
        guest(alice, "alice")
        guest(bob, "bob")
        tid = two_person_table(alice, bob, "tiny")
        with caplog.at_level("ERROR", logger="meeple.web"):
            r = alice.get(f"/api/tables/{tid}/view")
    assert r.status_code == 200
    view = r.json()["view"]
    assert view["svg"] is None and view["text"]
    failed = [rec for rec in caplog.records if "picture failed" in rec.getMessage()]
    assert failed and failed[0].levelno == logging.ERROR and failed[0].exc_info is not None
    assert "a renderer's bug" in caplog.text


def test_under_strict_render_a_renderers_fault_fails_the_request(client, monkeypatch):
    """The tests' apps are strict: a broken picture raises out of the request instead of
    being passed over as text, so that no test passes with a broken renderer."""
    from tests.tinygame import TinyGame

    assert client.app.state.settings.strict_render is True  # conftest.make_settings
    alice, bob = client, new_client(client)
    guest(alice, "alice")
    guest(bob, "bob")
    tid = two_person_table(alice, bob, "tiny")
    monkeypatch.setattr(TinyGame, "render_svg", broken_picture)
    with pytest.raises(ValueError, match="a renderer's bug"):
        alice.get(f"/api/tables/{tid}/view")
    # The failure is the renderer's alone: the same view without a picture is fine.
    monkeypatch.undo()
    assert alice.get(f"/api/tables/{tid}/view").json()["view"]["svg"]


def test_a_game_without_a_picture_is_sent_as_text_quietly_even_when_strict(
    client, caplog, monkeypatch
):
    """``NotImplementedError`` from ``render_svg`` means the game has no picture yet: text
    instead, with nothing logged and nothing raised, strict or not."""
    from tests.tinygame import TinyGame

    def no_picture(self, observation, layout="wide"):
        raise NotImplementedError

    monkeypatch.setattr(TinyGame, "render_svg", no_picture)
    alice, bob = client, new_client(client)
    guest(alice, "alice")
    guest(bob, "bob")
    tid = two_person_table(alice, bob, "tiny")
    with caplog.at_level("WARNING", logger="meeple.web"):
        r = alice.get(f"/api/tables/{tid}/view")
    assert r.status_code == 200
    view = r.json()["view"]
    assert view["svg"] is None and view["text"]
    # A slow database on a loaded machine warns on its own; that is not about the picture.
    assert not [
        rec
        for rec in caplog.records
        if rec.name.startswith("meeple.web")
        and rec.levelno >= logging.WARNING
        and not rec.msg.startswith("a database transaction took")
    ]
