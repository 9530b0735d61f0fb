"""No payload sent to a seat (HTTP or WebSocket) holds what that seat may not see.

A game is played through the API by two people; every message each seat (and a
spectator) receives is kept. Afterwards the record is replayed and each message is
compared with what that viewer may know at that moment: its own observation, the
legal actions of its own decision, and the move log as ``action_seen_by`` gives it
to that viewer. The notation of every action hidden from a viewer must appear in
none of its messages.
"""

from __future__ import annotations

import json
import random

import pytest

import meeple
from meeple.core.record import Record, game_of
from tests.web.conftest import guest, new_client, wait_for

HIDDEN_GAMES = ["tiny"] + [
    g for g in ("piepmatz", "queensland") if g in {i.id for i in meeple.games()}
]


def drain_until_terminal(ws, limit: int) -> list[dict]:
    out = []
    for _ in range(limit):
        msg = ws.receive_json()
        out.append(msg)
        if msg["type"] == "update" and msg["view"] and msg["view"]["terminal"]:
            return out
    raise AssertionError("no final update")


@pytest.mark.parametrize("game_id", HIDDEN_GAMES)
def test_no_payload_holds_what_its_seat_may_not_see(client, game_id):
    alice, bob, watcher = client, new_client(client), new_client(client)
    guest(alice, "alice")
    guest(bob, "bob")
    r = alice.post(
        "/api/tables",
        json={
            "game": game_id,
            "players": 2,
            "seats": [{"kind": "me"}, {"kind": "user", "name": "bob"}],
        },
    )
    tid = r.json()["id"]
    assert bob.post(f"/api/tables/{tid}/join").status_code == 200
    alice.post(f"/api/tables/{tid}/start")
    people = {0: alice, 1: bob}
    received: dict[int | None, list[dict]] = {0: [], 1: [], None: []}
    rng = random.Random(7)
    limit = meeple.load(game_id, players=2).max_game_length()
    with (
        alice.websocket_connect(f"/ws/tables/{tid}") as ws0,
        bob.websocket_connect(f"/ws/tables/{tid}") as ws1,
        watcher.websocket_connect(f"/ws/tables/{tid}") as wss,
    ):
        for _ in range(limit):

            def ready():
                v = alice.get(f"/api/tables/{tid}/view").json()
                received[0].append(v)
                if v["view"]["terminal"] or v["view"]["legal"]:
                    return 0, v["view"]
                if v["view"]["to_move"] == 1:
                    v = bob.get(f"/api/tables/{tid}/view").json()
                    received[1].append(v)
                    if v["view"]["legal"]:
                        return 1, v["view"]
                return None

            seat, v = wait_for(ready)
            if v["terminal"]:
                break
            action = rng.choice(v["legal"])["id"]
            r = people[seat].post(
                f"/api/tables/{tid}/move", json={"action": action, "seen": v["history_len"]}
            )
            assert r.status_code == 200, r.text
            received[seat].append(r.json())
        received[None].append(watcher.get(f"/api/tables/{tid}/view").json())
        for seat, ws in ((0, ws0), (1, ws1), (None, wss)):
            received[seat] += drain_until_terminal(ws, 20 * limit)

    record = Record.loads(alice.get(f"/api/tables/{tid}/record").text)
    game = game_of(record)
    names = {0: "alice", 1: "bob", meeple.CHANCE: "chance"}
    # Replay the record: per history length, each viewer's allowed view.
    state = game.new_initial_state()
    allowed: list[dict] = []
    logs: dict[int | None, list[dict]] = {0: [], 1: [], None: []}
    story: list[dict] = []  # everything, which everyone reads once the game is over
    turn, turn_seat = 0, None
    hidden: dict[int | None, set[str]] = {0: set(), 1: set(), None: set()}
    secret_choices = 0
    for step in range(len(record.actions) + 1):
        allowed.append(
            {
                viewer: {
                    "observation": state.observation(viewer),
                    "legal": [state.action_to_json(a) for a in state.legal_actions()]
                    if viewer is not None and state.current_player() == viewer
                    else [],
                    "log": list(story if state.is_terminal() else logs[viewer]),
                }
                for viewer in (0, 1, None)
            }
        )
        if step == len(record.actions):
            break
        actor = state.current_player()
        secret_choice = state.is_simultaneous_hidden()
        secret_choices += secret_choice
        action = state.string_to_action(record.actions[step])
        # What the action clicked: shown to a viewer with the move, unless it was hidden.
        targets = list(state.action_targets(action)) if actor != meeple.CHANCE else []
        full, words = state.action_to_string(action), state.action_words(action)
        if actor != meeple.CHANCE and actor != turn_seat:
            turn, turn_seat = turn + 1, actor
        seat = None if actor == meeple.CHANCE else actor
        state.apply_action(action)
        story.append(
            {"i": step, "turn": turn, "seat": seat, "who": names[actor], "text": full}
            | {"words": words}
            | ({"targets": targets} if targets else {})
        )
        for viewer in (0, 1, None):
            text = state.action_seen_by(viewer, actor, action)
            if secret_choice and viewer != actor and text is not None:
                text = "has chosen"
            if text is None or text != state.action_to_string(action):
                hidden[viewer].add(state.action_to_string(action))
            if text is not None:
                entry = {"i": step, "turn": turn, "seat": seat, "who": names[actor], "text": text}
                if text == full or game.info.perfect_information:
                    entry["words"] = words  # the words only with all the action did
                if text == full and targets:
                    entry["targets"] = targets
                logs[viewer].append(entry)

    if game_id != "tiny":
        # The game played went through hidden choices (Piepmatz keeps, Queensland groups).
        assert secret_choices > 0
    pictures: dict[tuple[int | None, int], str] = {}
    for viewer, messages in received.items():
        assert messages
        for msg in messages:
            v = msg["view"]
            assert set(msg) == {"table", "view", "presence"} or msg["type"] == "update", msg
            if v is None:
                continue
            assert v["seat"] == viewer
            expected = allowed[v["history_len"]][viewer]
            assert v["observation"] == expected["observation"]
            assert v["legal"] == expected["legal"]
            assert v["draft"] is None  # this game is played with direct moves
            assert (v["decision"] is None) == (not v["legal"])
            assert v["log"] == expected["log"][-200:]
            if v["svg"] is not None and (v["history_len"] % 5 == 0 or v["terminal"]):
                # The picture is drawn from the observation alone (checked on a sample).
                key = (viewer, v["history_len"])
                if key not in pictures:
                    pictures[key] = game.render_svg(expected["observation"])
                assert v["svg"] == pictures[key]
            assert set(v) == {
                "seat",
                "history_len",
                "to_move",
                "chance",
                "terminal",
                "observation",
                "svg",
                "text",
                "legal",
                "decision",
                "draft",
                "log",
                "result",
            }
            if not v["terminal"]:
                assert v["result"] is None
                # No text of an action hidden from this viewer anywhere in the message
                # (the picture is checked above to be drawn from the observation alone),
                # unless the viewer's own view shows the same words.
                visible = json.dumps(expected, ensure_ascii=False)
                text = json.dumps({**msg, "view": {**v, "svg": None}}, ensure_ascii=False)
                for secret in hidden[viewer]:
                    if secret not in visible:
                        assert secret not in text, (viewer, secret)


def test_tiny_hands_stay_hidden(client):
    """The plainest case: the other player's card never reaches a seat before the end."""
    alice, bob = client, new_client(client)
    guest(alice, "alice")
    guest(bob, "bob")
    tid = alice.post(
        "/api/tables",
        json={
            "game": "tiny",
            "players": 2,
            "seats": [{"kind": "me"}, {"kind": "user", "name": "bob"}],
        },
    ).json()["id"]
    assert bob.post(f"/api/tables/{tid}/join").status_code == 200
    alice.post(f"/api/tables/{tid}/start")
    with alice.websocket_connect(f"/ws/tables/{tid}") as ws:
        msg = wait_for(lambda: (m := ws.receive_json())["view"]["history_len"] >= 2 and m)
        assert msg["view"]["observation"]["hands"][1] is None
        assert msg["view"]["observation"]["hands"][0] in (1, 2, 3, 4)
        http = alice.get(f"/api/tables/{tid}/view").json()["view"]
        assert http["observation"]["hands"][1] is None
        assert all(e["who"] != "chance" for e in http["log"])
