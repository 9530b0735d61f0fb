"""``meeple serve`` is registered by the command line."""

from __future__ import annotations

from typer.testing import CliRunner

from meeple.cli.main import app


def test_serve_is_a_command():
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--host", "--port", "--db"):
        assert option in result.output
