"""The OpenSpiel comparison script runs (tiny sizes, the tiny game)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pyspiel")

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "openspiel_compare.py"


def _script(path: Path) -> Any:
    """A benchmark script loaded as a module (benchmarks/ is no package)."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_openspiel_compare_smoke(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    module = _script(SCRIPT)
    out = tmp_path / "bench.json"
    args = ["--seconds", "0.05", "--move-seconds", "0.002", "--games", "2", "--only", "tiny"]
    assert module.main([*args, "--opening", "0", "--json", str(out)]) == 0
    figures = json.loads(out.read_text())
    row = figures["rows"][0]
    assert row["game"] == "tiny"
    assert row["meeple_iterations_per_s"] > 0 and row["openspiel_ismcts_simulations_per_s"] > 0
    assert row["head_to_head"]["games"] == 2
    assert "head-to-head overall" in capsys.readouterr().out


def test_openspiel_speed_smoke(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    module = _script(SCRIPT.with_name("openspiel_speed.py"))
    out = tmp_path / "speed.json"
    args = ["--seconds", "0.05", "--repeats", "2", "--only", "tiny", "--opening", "0"]
    assert module.main([*args, "--json", str(out)]) == 0
    row = json.loads(out.read_text())["rows"][0]
    assert row["game"] == "tiny" and row["most_players"] == 3
    for key in ("steps_ratio", "clones_ratio", "ismcts_ratio", "cost_ratio", "kib_per_clone"):
        assert row[key] > 0, key
    assert row["goals"]["clones_ratio"] == 2.0
    assert "÷ bg" in capsys.readouterr().out
