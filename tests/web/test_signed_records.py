"""The server signs its records with a key it keeps in its database, publishes the public
half, and ``meeple replay --verify`` checks a downloaded record against it."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from meeple.cli.main import app as cli
from meeple.core.record import Record
from meeple.core.signature import SCHEME
from meeple.web import create_app
from tests.web.conftest import guest, make_settings
from tests.web.test_api import create_tiny, play_out


def _finished_record(client: TestClient) -> str:
    guest(client, "alice")
    tid = create_tiny(client, [{"kind": "me"}, {"kind": "bot", "level": "easy"}])
    client.post(f"/api/tables/{tid}/start")
    play_out(client, tid)
    return client.get(f"/api/tables/{tid}/record").text


def test_a_downloaded_record_verifies_against_the_published_key(client, tmp_path):
    text = _finished_record(client)
    record = Record.loads(text)
    assert record.signature is not None and record.signature["scheme"] == SCHEME
    key = client.get("/api/records/key")
    assert key.status_code == 200 and "BEGIN PUBLIC KEY" in key.text
    (tmp_path / "server.pem").write_text(key.text)
    (tmp_path / "game.json").write_text(text)
    out = CliRunner().invoke(
        cli, ["replay", str(tmp_path / "game.json"), "--verify", str(tmp_path / "server.pem")]
    )
    assert out.exit_code == 0, out.output
    # Who sat where, changed (the bot named as a person): refused, and said so.
    data = json.loads(text)
    data["agents"] = list(reversed(data["agents"]))
    (tmp_path / "seats.json").write_text(json.dumps(data))
    out = CliRunner().invoke(
        cli, ["replay", str(tmp_path / "seats.json"), "--verify", str(tmp_path / "server.pem")]
    )
    assert out.exit_code == 1 and "seats (who played, 'agents') differ" in out.output


def test_the_key_is_kept_in_the_database_across_restarts(db_path):
    keys = []
    for _ in range(2):
        with TestClient(create_app(make_settings(db_path))) as c:
            keys.append(c.get("/api/records/key").text)
    assert keys[0] == keys[1]
    with TestClient(create_app(make_settings(db_path.with_name("other.db")))) as c:
        assert c.get("/api/records/key").text != keys[0]  # another server, another key
