"""``meeple serve`` is registered by the command line."""

from __future__ import annotations

from typer.testing import CliRunner

from meeple.cli.main import app


def test_serve_is_a_command():
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--host", "--port", "--db"):
        assert option in result.output


def test_serve_passes_the_trusted_proxies_to_uvicorn(monkeypatch, tmp_path):
    import uvicorn

    calls: list[dict] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append(kw))
    db = f"sqlite:///{tmp_path / 'm.db'}"
    runner = CliRunner()
    result = runner.invoke(app, ["serve", "--db", db, "--forwarded-allow-ips", "10.0.0.2,10.0.0.3"])
    assert result.exit_code == 0, result.output
    assert calls[-1]["forwarded_allow_ips"] == "10.0.0.2,10.0.0.3"
    # Not given: uvicorn's own default (127.0.0.1 and ::1, or $FORWARDED_ALLOW_IPS).
    assert runner.invoke(app, ["serve", "--db", db]).exit_code == 0
    assert calls[-1]["forwarded_allow_ips"] is None
