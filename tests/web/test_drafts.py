"""Turn drafts: a seat's decisions staged, taken back and confirmed together.

Queensland is the game here: a turn is several decisions of one player (take a tile,
place it, turn it), and the next step after them reveals something (a chance draw) or
hands the turn over, which is where a draft must be confirmed.
"""

from __future__ import annotations

import json
import random

import pytest

import meeple
from meeple.web.hub import Hub
from tests.web.conftest import guest, new_client, two_person_table, wait_for

GAME = "queensland"


@pytest.fixture
def table(client):
    """A running two-person Queensland table: (alice, bob, spectator, table id)."""
    alice, bob, watcher = client, new_client(client), new_client(client)
    guest(alice, "alice")
    guest(bob, "bob")
    guest(watcher, "watcher")
    tid = two_person_table(alice, bob, GAME)
    return alice, bob, watcher, tid


def mover(alice, bob, tid):
    """Whoever is to move, once the game waits for a person: (client, seat, view)."""

    def ready():
        for seat, person in enumerate((alice, bob)):
            v = person.get(f"/api/tables/{tid}/view").json()["view"]
            if v["legal"]:
                return person, seat, v
        return None

    return wait_for(ready)


def stage(person, tid, view):
    """Stage the first legal choice of ``view``; returns the new view."""
    seen = view["draft"]["length"] if view["draft"] else view["history_len"]
    r = person.post(
        f"/api/tables/{tid}/draft", json={"action": view["legal"][0]["id"], "seen": seen}
    )
    assert r.status_code == 200, r.text
    return r.json()["view"]


def mover_to_take(alice, bob, tid):
    """Confirm whole turns until a player is to take a tile (a turn of three steps)."""
    while True:
        person, seat, view = mover(alice, bob, tid)
        if view["decision"] == "take":
            return person, seat, view
        draft_to_the_end(person, tid, view)
        assert person.post(f"/api/tables/{tid}/confirm", json={}).status_code == 200


def draft_to_the_end(person, tid, view):
    while not (view["draft"] and view["draft"]["complete"]):
        view = stage(person, tid, view)
    return view


def test_a_draft_is_staged_undone_and_confirmed(table):
    alice, bob, _watcher, tid = table
    person, seat, start = mover_to_take(alice, bob, tid)
    assert start["draft"] is None
    one = stage(person, tid, start)
    # The position after the step, its next decision, and the step itself; nothing stored.
    assert one["history_len"] == start["history_len"]
    assert one["draft"] == {
        "steps": [start["legal"][0]["text"]],
        "length": start["history_len"] + 1,
        "complete": False,
        "sealed": False,
    }
    assert one["decision"] == "place" and one["to_move"] == seat
    assert one["observation"] != start["observation"]
    two = stage(person, tid, one)
    assert len(two["draft"]["steps"]) == 2 and two["decision"] == "rotate"
    # Undo takes back the last step: the view is the one before it, exactly.
    back = person.post(f"/api/tables/{tid}/undo", json={}).json()["view"]
    assert back["observation"] == one["observation"] and back["legal"] == one["legal"]
    assert back["draft"] == one["draft"] and back["svg"] == one["svg"]
    # Undo all: back to the committed position, no draft.
    none = person.post(f"/api/tables/{tid}/undo", json={"all": True}).json()["view"]
    assert none["draft"] is None and none["observation"] == start["observation"]
    assert none["svg"] == start["svg"]
    # Draft the whole turn and confirm it: stored at once, in order.
    done = draft_to_the_end(person, tid, start)
    steps = done["draft"]["steps"]
    assert done["legal"] == [] and done["terminal"] is False
    r = person.post(f"/api/tables/{tid}/confirm", json={})
    assert r.status_code == 200, r.text
    after = r.json()["view"]
    assert after["draft"] is None
    assert after["history_len"] >= start["history_len"] + len(steps)
    mine = [e["text"] for e in after["log"] if e["i"] >= start["history_len"]][: len(steps)]
    assert mine == steps
    other = bob if person is alice else alice
    theirs = other.get(f"/api/tables/{tid}/view").json()["view"]
    assert theirs["history_len"] == after["history_len"]


def test_nothing_of_a_draft_reaches_anyone_else(table):
    """During a draft, every other seat and a spectator get exactly what they got before,
    over HTTP and over the WebSocket (no message at all)."""
    alice, bob, watcher, tid = table
    person, _seat, start = mover_to_take(alice, bob, tid)
    other = bob if person is alice else alice
    with (
        other.websocket_connect(f"/ws/tables/{tid}") as ws_other,
        watcher.websocket_connect(f"/ws/tables/{tid}") as ws_watch,
        person.websocket_connect(f"/ws/tables/{tid}") as ws_mine,
    ):
        before_other = ws_other.receive_json()
        before_watch = ws_watch.receive_json()
        ws_mine.receive_json()
        http_other = other.get(f"/api/tables/{tid}/view").json()
        http_watch = watcher.get(f"/api/tables/{tid}/view").json()
        view = draft_to_the_end(person, tid, start)
        assert len(view["draft"]["steps"]) >= 2
        person.post(f"/api/tables/{tid}/undo", json={})
        # The drafting seat's own connection hears of every step ...
        heard = [ws_mine.receive_json() for _ in range(len(view["draft"]["steps"]) + 1)]
        assert heard[-1]["view"]["draft"]["steps"] == view["draft"]["steps"][:-1]
        # ... and nobody else hears anything, or sees anything else when they ask.
        assert other.get(f"/api/tables/{tid}/view").json() == http_other
        assert watcher.get(f"/api/tables/{tid}/view").json() == http_watch
        ping = {"type": "ping", "t": 1}
        ws_other.send_json(ping)
        ws_watch.send_json(ping)
        assert ws_other.receive_json() == {"type": "pong", "t": 1}
        assert ws_watch.receive_json() == {"type": "pong", "t": 1}
        assert before_other["view"] == http_other["view"]
        assert before_watch["view"] == http_watch["view"]
        draft_json = json.dumps(view["draft"])
        assert draft_json not in json.dumps(http_other)


def test_bad_draft_requests_are_refused_and_change_nothing(table):
    alice, bob, watcher, tid = table
    person, seat, start = mover_to_take(alice, bob, tid)
    other = bob if person is alice else alice

    def snapshot():
        return [p.get(f"/api/tables/{tid}/view").json() for p in (alice, bob, watcher)]

    one = stage(person, tid, start)
    before = snapshot()
    cases = [
        # Not to move, and not seated at all.
        (other, "draft", {"action": 0, "seen": one["draft"]["length"]}, 409, "not_your_turn"),
        (watcher, "draft", {"action": 0, "seen": 0}, 403, "not_seated"),
        (watcher, "confirm", {}, 403, "not_seated"),
        (other, "undo", {}, 409, "not_your_turn"),
        # A seat that is not yours.
        (person, "draft", {"action": 0, "seen": 0, "seat": 1 - seat}, 403, "not_your_seat"),
        # The draft moved on since the client looked (a double click).
        (
            person,
            "draft",
            {"action": one["legal"][0]["id"], "seen": start["history_len"]},
            409,
            "stale",
        ),
        # Not legal in the drafted position (a take when a cell is to be chosen).
        (
            person,
            "draft",
            {"action": start["legal"][0]["id"], "seen": one["draft"]["length"]},
            400,
            "illegal",
        ),
        (person, "draft", {"action": "not a move", "seen": one["draft"]["length"]}, 400, "illegal"),
    ]
    for who, path, body, status, code in cases:
        r = who.post(f"/api/tables/{tid}/{path}", json=body)
        assert (r.status_code, r.json()["code"]) == (status, code), (path, body, r.text)
        assert r.json()["error"]
        assert snapshot() == before
    # Past the reveal point: refused until confirmed or undone.
    end = draft_to_the_end(person, tid, one)
    at_end = snapshot()
    r = person.post(f"/api/tables/{tid}/draft", json={"action": 0, "seen": end["draft"]["length"]})
    assert (r.status_code, r.json()["code"]) == (409, "draft_complete")
    assert "confirm" in r.json()["error"]
    assert snapshot() == at_end
    # Undo with nothing staged; confirm with nothing staged.
    person.post(f"/api/tables/{tid}/undo", json={"all": True})
    empty = snapshot()
    for path, code in (("undo", "nothing_to_undo"), ("confirm", "no_draft")):
        r = person.post(f"/api/tables/{tid}/{path}", json={})
        assert (r.status_code, r.json()["code"]) == (409, code)
        assert snapshot() == empty


def test_a_stale_draft_cannot_be_confirmed(table):
    """The position moved on under the draft (here the same player moved from another
    page directly): confirming it is refused, nothing of it is stored, and it is gone."""
    alice, bob, _watcher, tid = table
    person, _seat, start = mover_to_take(alice, bob, tid)
    stage(person, tid, start)
    other_tab = new_client(person)
    other_tab.cookies = person.cookies
    r = other_tab.post(
        f"/api/tables/{tid}/move",
        json={"action": start["legal"][-1]["id"], "seen": start["history_len"]},
    )
    assert r.status_code == 200, r.text
    moved = person.get(f"/api/tables/{tid}/view").json()
    assert moved["view"]["draft"] is None  # a stale draft is never shown
    r = person.post(f"/api/tables/{tid}/confirm", json={})
    assert (r.status_code, r.json()["code"]) == (409, "stale_draft")
    assert person.get(f"/api/tables/{tid}/view").json() == moved
    r = person.post(f"/api/tables/{tid}/confirm", json={})
    assert (r.status_code, r.json()["code"]) == (409, "no_draft")
    record_text = person.get(f"/api/tables/{tid}/view").json()["view"]["log"]
    assert [e["text"] for e in record_text if e["i"] == start["history_len"]] == [
        start["legal"][-1]["text"]
    ]


def test_a_bot_taking_the_seat_drops_the_draft(db_path):
    from fastapi.testclient import TestClient

    from meeple.web import create_app
    from tests.web.conftest import make_settings

    with TestClient(create_app(make_settings(db_path, absent_seconds=0.0))) as alice:
        bob = new_client(alice)
        guest(alice, "alice")
        guest(bob, "bob")
        tid = two_person_table(alice, bob, GAME)
        person, seat, start = mover(alice, bob, tid)
        other = bob if person is alice else alice
        stage(person, tid, start)
        hub = alice.app.state.hub
        live = hub.tables[tid]
        assert seat in live.drafts and not live.drafts[seat].stale
        r = other.post(f"/api/tables/{tid}/bot", json={"seat": seat})
        assert r.status_code == 200, r.text
        assert seat not in live.drafts  # its player no longer holds the seat
        # The bot plays on from the committed position.
        # (Asked through the first client: it runs the server's own event loop, where the
        # table's driver lives; the others' requests each run on a loop of their own.)
        wait_for(
            lambda: (
                alice.get(f"/api/tables/{tid}/view").json()["view"]["history_len"]
                > start["history_len"]
            )
        )


def test_confirmed_drafts_are_stored_move_by_move_and_replay(table):
    """Several confirmed turns: the stored moves are the live game's history, in order."""
    from meeple.web import store

    alice, bob, _watcher, tid = table
    for _ in range(6):
        person, _seat, view = mover(alice, bob, tid)
        end = draft_to_the_end(person, tid, view)
        assert person.post(f"/api/tables/{tid}/confirm", json={}).status_code == 200
        assert len(end["draft"]["steps"]) >= 1
    hub = alice.app.state.hub
    live = hub.tables[tid]
    _row, _seats, notations = hub.run_sync(lambda db: store.moves_of(db, tid))
    state = live.game.new_initial_state()
    for text in notations:
        state.apply_notation(text)
    assert state.history == live.state.history


def _random_positions(game_id: str, players: int, seeds: range):
    """Every (position, action) a player takes in random games, with the position after."""
    game = meeple.load(game_id, players=players)
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == meeple.CHANCE:
                state.apply_action(meeple.sample_chance(state, rng))
                continue
            action = rng.choice(state.legal_actions())
            after = state.clone()
            after.apply_action(action)
            yield state, action, after
            state = after


def test_a_step_that_shows_hidden_answers_is_sealed():
    """Queensland, three players: a passive player's answer to a group move is secret until
    all have answered. The last answer shows the others' (a draft must not show them, or
    Undo would let the player answer again); an earlier one shows nothing."""
    last, earlier, laid = [], [], []
    answered = 0  # answers already given to the group move under way
    for state, action, after in _random_positions("queensland", 3, range(12)):
        seat = state.current_player()
        kind = state.decision.kind
        if kind == "group":
            all_in = after.decision is None or after.decision.kind != "group"
            if not all_in:
                earlier.append(Hub.reveals(state, action, seat, after))
            elif answered:  # the last of two or more answers (a lone answer hides nothing)
                last.append(Hub.reveals(state, action, seat, after))
            answered = 0 if all_in else answered + 1
        elif kind == "rotate" and not after.is_terminal():  # the last tile ends the game
            laid.append(Hub.reveals(state, action, seat, after))
    assert earlier and last and laid
    assert not any(earlier), "an answer before the last one shows nothing"
    assert all(last), "the last answer shows everyone's"
    assert not any(laid), "laying a tile shows nothing hidden"


def test_a_step_that_ends_a_hidden_game_is_sealed():
    """Piepmatz: hands are private until the end; the step that ends the game shows them."""
    ends, plays = [], []
    for state, action, after in _random_positions("piepmatz", 2, range(3)):
        seat = state.current_player()
        if after.is_terminal():
            ends.append(Hub.reveals(state, action, seat, after))
        elif state.decision.kind == "play" and len(plays) < 30:
            plays.append(Hub.reveals(state, action, seat, after))
    assert ends == [True, True, True]
    assert plays and not any(plays)
    # A game without hidden information never seals a step.
    for state, action, after in _random_positions("croa", 2, range(1)):
        assert not Hub.reveals(state, action, state.current_player(), after)


def test_a_sealed_draft_shows_the_position_before_its_last_step(client):
    """The tiny game: the last bet ends the game and shows every card. Drafted, it is kept
    but not shown: the seat sees the position before it, may undo it or confirm it, and
    nothing more can be staged."""
    alice, bob = client, new_client(client)
    guest(alice, "alice")
    guest(bob, "bob")
    tid = two_person_table(alice, bob, "tiny")
    while True:
        person, seat, view = mover(alice, bob, tid)
        if seat == 1:
            break
        draft_to_the_end(person, tid, view)
        assert person.post(f"/api/tables/{tid}/confirm", json={}).status_code == 200
    # Bob keeps his card (staged), then is to bet: the last step of the game.
    keep = next(a for a in view["legal"] if a["text"] == "keep")
    before = stage(bob, tid, {**view, "legal": [keep]})
    assert before["decision"] == "bet" and before["draft"]["sealed"] is False
    assert before["observation"]["hands"][0] is None  # alice's card is hidden from bob
    sealed = stage(bob, tid, before)
    assert sealed["draft"]["sealed"] is True and sealed["draft"]["complete"] is True
    assert sealed["draft"]["steps"] == ["keep", before["legal"][0]["text"]]
    assert sealed["observation"] == before["observation"]
    assert sealed["svg"] == before["svg"] and sealed["legal"] == []
    assert sealed["terminal"] is False and sealed["result"] is None
    r = bob.post(f"/api/tables/{tid}/draft", json={"action": 2, "seen": sealed["draft"]["length"]})
    assert (r.status_code, r.json()["code"]) == (409, "draft_complete")
    # Undo the bet, then confirm the other one: the game ends and shows everything.
    r = bob.post(f"/api/tables/{tid}/undo", json={"seen": sealed["draft"]["length"]})
    assert r.json()["view"]["draft"]["steps"] == ["keep"]
    again = stage(bob, tid, {**before, "legal": before["legal"][::-1]})
    assert again["draft"]["sealed"] is True
    r = bob.post(f"/api/tables/{tid}/confirm", json={"seen": again["draft"]["length"]})
    assert r.status_code == 200, r.text
    done = r.json()["view"]
    assert done["terminal"] is True and done["observation"]["hands"][0] is not None


def test_undo_and_confirm_for_a_position_not_shown_are_refused(table):
    """A doubled Undo (or a Confirm sent from a page that had not seen the last step)
    names the drafted position it was pressed on and is refused as stale."""
    alice, bob, _watcher, tid = table
    person, _seat, start = mover_to_take(alice, bob, tid)
    one = stage(person, tid, start)
    two = stage(person, tid, one)
    r = person.post(f"/api/tables/{tid}/undo", json={"seen": two["draft"]["length"]})
    assert r.status_code == 200
    for path in ("undo", "confirm"):
        r = person.post(f"/api/tables/{tid}/{path}", json={"seen": two["draft"]["length"]})
        assert (r.status_code, r.json()["code"]) == (409, "stale"), path
    view = person.get(f"/api/tables/{tid}/view").json()["view"]
    assert view["draft"]["steps"] == one["draft"]["steps"]


def test_a_stale_draft_is_dropped_quietly_for_a_page_that_saw_the_new_position(table):
    alice, bob, _watcher, tid = table
    person, seat, start = mover_to_take(alice, bob, tid)
    stage(person, tid, start)
    hub = alice.app.state.hub
    live = hub.tables[tid]
    live.drop_drafts()  # as when the committed position moves on
    fresh = person.get(f"/api/tables/{tid}/view").json()["view"]
    assert fresh["draft"] is None
    again = stage(person, tid, fresh)
    assert again["draft"]["steps"] == [fresh["legal"][0]["text"]]
    assert seat in live.drafts and not live.drafts[seat].stale
