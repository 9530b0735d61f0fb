"""``meeple serve`` is registered by the command line."""

from __future__ import annotations

import socket

from typer.testing import CliRunner

from meeple.cli.main import app


def test_serve_is_a_command():
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--host", "--port", "--db"):
        assert option in result.output


def test_serve_sets_the_hosts_and_proxies_it_trusts(monkeypatch, tmp_path):
    import uvicorn

    calls: list[tuple[object, dict]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append((app, kw)))
    db = f"sqlite:///{tmp_path / 'm.db'}"
    runner = CliRunner()
    args = ["serve", "--db", db, "--host", "192.0.2.7", "--allowed-host", "games.example.org"]
    args += ["--trusted-proxy", "10.0.0.2", "--trusted-proxy", "10.0.1.0/24"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    served, kw = calls[-1]
    settings = served.state.settings  # type: ignore[attr-defined]
    assert settings.allowed_hosts == (
        "localhost",
        "127.0.0.1",
        "[::1]",
        "192.0.2.7",
        "games.example.org",
    )
    assert settings.trusted_proxies == ("10.0.0.2", "10.0.1.0/24")
    # uvicorn reads no forwarded headers itself: the app believes only the proxies named.
    assert kw["proxy_headers"] is False
    # On every address: the local names and this machine's name; by default no proxy.
    assert runner.invoke(app, ["serve", "--db", db, "--host", "0.0.0.0"]).exit_code == 0
    settings = calls[-1][0].state.settings  # type: ignore[attr-defined]
    assert settings.allowed_hosts[:3] == ("localhost", "127.0.0.1", "[::1]")
    assert socket.gethostname().lower() in settings.allowed_hosts
    assert "0.0.0.0" not in settings.allowed_hosts
    assert settings.trusted_proxies == ()
