"""The server's doors: the host names it answers to, the proxies it believes, and how many
WebSockets one address may hold open."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from meeple.web import create_app
from tests.web.conftest import guest, make_settings
from tests.web.test_api import create_tiny
from tests.web.test_hardening import wrong_login


def test_a_request_naming_another_host_is_refused(db_path):
    with TestClient(create_app(make_settings(db_path))) as c:
        assert c.get("/api/games").status_code == 200
        for host in ("localhost:8000", "127.0.0.1", "[::1]:8000", "LOCALHOST"):
            assert c.get("/api/games", headers={"host": host}).status_code == 200, host
        # The DNS-rebinding shape: another site's name pointing here, with a matching Origin.
        for host in ("evil.example", "evil.example:8000", "localhost.evil.example", ""):
            headers = {"host": host, "origin": f"http://{host}"}
            r = c.post("/api/guest", json={"name": "mallory"}, headers=headers)
            assert r.status_code == 400 and "Invalid host header" in r.text, host
            assert c.get("/", headers={"host": host}).status_code == 400
        with (
            pytest.raises(WebSocketDisconnect),
            c.websocket_connect("/ws/tables/1", headers={"host": "evil.example"}) as ws,
        ):
            ws.receive_json()


def test_the_hosts_setting_names_a_domain_and_its_names(db_path):
    settings = make_settings(db_path, allowed_hosts=("games.example.org", "*.example.net"))
    with TestClient(create_app(settings), base_url="http://games.example.org") as c:
        assert c.get("/api/games").status_code == 200
        for host, code in (
            ("play.example.net", 200),
            ("example.net", 400),
            ("games.example.org.evil", 400),
            ("localhost", 400),  # only what is named, when the setting is given
        ):
            assert c.get("/api/games", headers={"host": host}).status_code == code, host


def _failed_log_ins_counted_for(client: TestClient, forwarded: list[str]) -> int:
    """How many of the failed log-ins, each sent with one X-Forwarded-For, get through
    before the per-address limit (5) stops them."""
    client.app.state.failed_logins_by_address.limit = 5  # type: ignore[attr-defined]
    through = 0
    for i, address in enumerate(forwarded):
        r = client.post(
            "/api/login",
            json={"name": f"name{i}", "password": "wrong guess"},
            headers={"x-forwarded-for": address},
        )
        through += r.status_code == 401
    return through


def test_x_forwarded_for_is_believed_from_no_one_by_default(db_path):
    """A client cannot slip past the per-address log-in limit by naming other addresses."""
    app = create_app(make_settings(db_path))
    with TestClient(app, client=("127.0.0.1", 5000)) as c:
        forged = [f"203.0.113.{i}" for i in range(10)]
        assert _failed_log_ins_counted_for(c, forged) == 5
        r = wrong_login(c, "another")
        assert r.status_code == 429


def test_x_forwarded_for_is_believed_from_a_named_proxy_only(db_path):
    settings = make_settings(db_path, trusted_proxies=("10.0.0.2",))
    app = create_app(settings)
    with TestClient(app, client=("10.0.0.2", 5000)) as proxy:
        # Behind the proxy, ten people at ten addresses: each has its own limit.
        people = [f"203.0.113.{i}" for i in range(10)]
        assert _failed_log_ins_counted_for(proxy, people) == 10
        # One person at one address is limited as ever.
        assert _failed_log_ins_counted_for(proxy, ["198.51.100.7"] * 8) == 5
    with TestClient(app, client=("10.0.0.3", 5000)) as not_the_proxy:
        assert _failed_log_ins_counted_for(not_the_proxy, people) == 5


def test_one_address_may_hold_only_so_many_websockets(db_path):
    with TestClient(create_app(make_settings(db_path, sockets_per_address=2))) as c:
        guest(c, "alice")
        tid = create_tiny(c)
        with (
            c.websocket_connect(f"/ws/tables/{tid}") as a,
            c.websocket_connect(f"/ws/tables/{tid}") as b,
        ):
            a.receive_json()
            b.receive_json()
            with c.websocket_connect(f"/ws/tables/{tid}") as third:
                with pytest.raises(WebSocketDisconnect) as closed:
                    third.receive_json()
                assert closed.value.code == 4429
                assert "too many connections from your address (at most 2)" in (
                    closed.value.reason or ""
                )
            # Another address is not held up.
            other = TestClient(c.app, client=("198.51.100.20", 50000))
            other.portal = c.portal
            with other.websocket_connect(f"/ws/tables/{tid}") as d:
                assert d.receive_json()["type"]
        # Closed sockets are counted out: the address may connect again.
        with c.websocket_connect(f"/ws/tables/{tid}") as again:
            assert again.receive_json()["type"]
        assert not c.app.state.sockets  # type: ignore[attr-defined]
