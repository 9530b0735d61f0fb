"""Signed records (meeple.core.signature): every kind of change to a signed record is
refused, in every game, with what was changed named (the first changed move by index)."""

from __future__ import annotations

import random

import pytest
from typer.testing import CliRunner

import meeple
from meeple.arena.runner import play_game
from meeple.cli.main import app
from meeple.core import CHANCE
from meeple.core.errors import RecordError
from meeple.core.record import Record, replay
from meeple.core.signature import new_private_key, public_pem, sign, verify

GAMES = [info.id for info in meeple.games()]
KEY = new_private_key()


def _signed(gid: str, seed: int = 3) -> Record:
    record = play_game(meeple.load(gid, players=2), ["random", "random"], seed=seed)
    record.signature = sign(record.to_json(), KEY)
    return record


def _other_decision(record: Record, rng: random.Random) -> tuple[int, str]:
    """A decision of the record and another legal move there (its text)."""
    game = meeple.load(record.game, players=record.players, **record.options)
    state = game.new_initial_state()
    found = []
    for i, text in enumerate(record.actions):
        action = state.string_to_action(text)
        if state.current_player() != CHANCE:
            others = [a for a in state.legal_actions() if a != action]
            if others:
                found.append((i, state.action_to_string(rng.choice(others))))
        state.apply_action(action)
    return rng.choice(found)


def _refusal(record: Record) -> str:
    with pytest.raises(RecordError) as caught:
        verify(Record.loads(record.dumps()).to_json(), KEY.public_key())
    return str(caught.value)


@pytest.mark.parametrize("gid", GAMES)
def test_a_signed_record_verifies_and_every_change_is_named(gid):
    record = _signed(gid)
    verify(Record.loads(record.dumps()).to_json(), KEY.public_key())
    replay(record)

    def changed(**fields: object) -> Record:
        copy = Record.loads(record.dumps())
        for k, v in fields.items():
            setattr(copy, k, v)
        return copy

    assert "seats" in _refusal(changed(agents=list(reversed(["greedy", "random"])))), gid
    assert "seed differ" in _refusal(changed(seed=(record.seed or 0) + 1))
    assert "chance scheme differ" in _refusal(changed(chance=None))
    result = dict(record.result or {})
    result["ranks"] = list(reversed(result["ranks"]))
    assert "result differ" in _refusal(changed(result=result))
    i, other = _other_decision(record, random.Random(gid))
    moves = list(record.actions)
    moves[i] = other
    assert f"action {i} ({other!r}) is not the move that was signed" in _refusal(
        changed(actions=moves)
    )
    assert "the signed record had" in _refusal(changed(actions=record.actions[:-1]))


def test_a_changed_signature_or_another_key_is_refused():
    record = _signed("croa")
    block = dict(record.signature or {})
    forged = Record.loads(record.dumps())
    forged.signature = {**block, "parts": {**block["parts"], "seed": "0" * 64}}
    assert "the signature itself was changed" in _refusal(forged)
    with pytest.raises(RecordError, match="signed by key .* not by the given key"):
        verify(record.to_json(), new_private_key().public_key())
    bare = Record.loads(record.dumps())
    bare.signature = None
    assert "carries no signature" in _refusal(bare)


def test_meeple_replay_verify(tmp_path):
    record = _signed("piepmatz")
    key = tmp_path / "key.pem"
    key.write_text(public_pem(KEY.public_key()))
    good = tmp_path / "good.json"
    good.write_text(record.dumps())
    out = CliRunner().invoke(app, ["replay", str(good), "--verify", str(key)])
    assert out.exit_code == 0, out.output
    assert "every record carries the key's signature" in out.output
    bad = Record.loads(record.dumps())
    bad.agents = ["greedy", "greedy"]
    path = tmp_path / "bad.json"
    path.write_text(bad.dumps())
    out = CliRunner().invoke(app, ["replay", str(path), "--verify", str(key)])
    assert out.exit_code == 1 and "seats" in out.output
    out = CliRunner().invoke(app, ["replay", str(good), "--verify", str(good)])
    assert out.exit_code != 0 and "is not a PEM public key" in out.output


def test_the_key_may_be_fetched_from_a_server_and_an_unchecked_signature_is_said(tmp_path):
    import http.server
    import threading

    record = _signed("queensland")
    path = tmp_path / "game.json"
    path.write_text(record.dumps())
    pem = public_pem(KEY.public_key()).encode()

    class Key(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200 if self.path == "/api/records/key" else 404)
            self.end_headers()
            self.wfile.write(pem if self.path == "/api/records/key" else b"")

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), Key)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_port}/api/records/key"
        out = CliRunner().invoke(app, ["replay", str(path), "--verify", url])
        assert out.exit_code == 0, out.output
        assert "carries the key's signature" in out.output
        out = CliRunner().invoke(app, ["replay", str(path), "--verify", url + "x"])
        assert out.exit_code != 0 and "cannot fetch the key" in out.output
    finally:
        server.shutdown()
    out = CliRunner().invoke(app, ["replay", str(path)])
    assert out.exit_code == 0
    assert "carries a signature, not checked: give --verify KEY" in out.output
