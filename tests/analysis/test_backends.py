"""The Ray backend gives the records a local run gives, on a local Ray instance."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import meeple
from meeple.arena.arena import run_arena
from meeple.arena.backends import run_jobs_on
from meeple.arena.simulate import jobs_for, run_jobs
from meeple.cli.main import app
from meeple.core.errors import OptionError

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def local_ray():
    started = not ray.is_initialized()
    if started:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    if started:
        ray.shutdown()


def _real_game() -> str:
    """A real game if one is registered (a short one, to keep the test fast)."""
    ids = [g.id for g in meeple.games() if g.id != "tiny"]
    return "piepmatz" if "piepmatz" in ids else (ids[0] if ids else "tiny")


def test_same_seeds_same_records_in_order(local_ray) -> None:
    for gid, agents in (("tiny", ["random", "greedy", "random"]), (_real_game(), None)):
        g = meeple.load(gid, players=3 if gid == "tiny" else None)
        specs = agents or ["random"] * g.players
        jobs = jobs_for(gid, g.players, 12, 40, specs, g.options)
        local = [r.to_json() for r in run_jobs(jobs, 1)]
        remote = [r.to_json() for r in run_jobs_on("ray", jobs, 2)]
        assert remote == local
        assert [r["seed"] for r in remote] == list(range(40, 52))


def test_cli_simulate_and_arena_with_ray(local_ray, tmp_path) -> None:
    runner = CliRunner()
    outs = []
    for backend in ("local", "ray"):
        out = tmp_path / f"{backend}.jsonl"
        args = ["simulate", "tiny", "--players", "2", "--games", "8", "--seed", "5", "--json"]
        args += ["--backend", backend, "--out", str(out)]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        outs.append(out.read_text())
    assert outs[0] == outs[1]
    args = ["arena", "tiny", "--agents", "random,greedy", "--games", "6", "--backend", "ray"]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    ray_summary = json.loads(result.stdout)
    local_summary, _ = run_arena("tiny", ["random", "greedy"], 6, 0)
    assert ray_summary == local_summary


def test_unknown_backend() -> None:
    with pytest.raises(OptionError, match="backends: local, ray"):
        run_jobs_on("spark", [], 1)
    bad = CliRunner().invoke(app, ["simulate", "tiny", "--games", "2", "--backend", "spark"])
    assert bad.exit_code == 2
