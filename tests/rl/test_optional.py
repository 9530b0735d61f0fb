"""The research extras stay optional: the core imports without them, and a missing
extra is an error that names the install command."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

EXTRA_MODULES = ["numpy", "pettingzoo", "gymnasium", "pyspiel", "ray", "matplotlib"]


def test_core_and_cli_import_no_extra() -> None:
    code = (
        "import sys, meeple, meeple.cli.main, meeple.arena.backends, meeple.analysis, meeple.rl\n"
        "meeple.games()\n"
        f"print([m for m in {EXTRA_MODULES!r} if m in sys.modules])"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize(
    ("module", "blocked", "extra"),
    [
        ("meeple.rl.pettingzoo", "pettingzoo", "rl"),
        ("meeple.rl.gymnasium", "gymnasium", "rl"),
        ("meeple.openspiel", "pyspiel", "rl"),
    ],
)
def test_missing_extra_names_the_install_command(
    monkeypatch: pytest.MonkeyPatch, module: str, blocked: str, extra: str
) -> None:
    from meeple.rl import MissingExtraError

    monkeypatch.setitem(sys.modules, blocked, None)  # import of it now fails
    monkeypatch.delitem(sys.modules, module, raising=False)
    with pytest.raises(MissingExtraError, match=rf"pip install 'meeple\[{extra}\]'"):
        importlib.import_module(module)


def test_missing_ray_and_matplotlib(monkeypatch: pytest.MonkeyPatch) -> None:
    from meeple.analysis.report import _pyplot
    from meeple.arena.backends import run_jobs_on
    from meeple.arena.simulate import jobs_for
    from meeple.rl import MissingExtraError

    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(MissingExtraError, match=r"pip install 'meeple\[ray\]'"):
        list(run_jobs_on("ray", jobs_for("tiny", 2, 1, 0, ["random", "random"]), 1))
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(MissingExtraError, match=r"pip install 'meeple\[analysis\]'"):
        _pyplot()


def test_require_helper(monkeypatch: pytest.MonkeyPatch) -> None:
    from meeple.rl import MissingExtraError, require

    assert require("json").dumps([1]) == "[1]"
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(MissingExtraError, match=r"meeple\[ray\]"):
        require("ray")
