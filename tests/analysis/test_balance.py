"""Balance analysis: the figures from records, the comparison, and ``meeple analyze``."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import meeple
from meeple.analysis.balance import action_type, analyse, compare, summary
from meeple.arena.simulate import jobs_for, run_jobs
from meeple.cli.main import app


def _records(game_id: str, games: int, players: int | None = None, seed: int = 0):
    g = meeple.load(game_id, players=players)
    jobs = jobs_for(game_id, g.players, games, seed, ["random"] * g.players)
    return list(run_jobs(jobs))


def test_action_type_is_the_first_word() -> None:
    assert action_type("bet 2") == "bet"
    assert action_type("  Place  tile 3 at 4,5") == "place"
    assert action_type("") == "?"


def test_summary_quartiles() -> None:
    s = summary([1, 2, 3, 4, 5])
    assert (s["n"], s["mean"], s["median"], s["q1"], s["q3"], s["min"], s["max"]) == (
        5,
        3.0,
        3.0,
        2.0,
        4.0,
        1,
        5,
    )
    assert summary([]) == {"n": 0}


def test_tiny_figures_add_up() -> None:
    records = _records("tiny", 60, players=3)
    stats = analyse(records)
    assert stats["games"] == 60 and stats["players"] == 3
    seats = stats["win_rate_by_seat"]
    assert len(seats) == 3
    firsts = sum(1 for r in records for rank in r.result["ranks"] if rank == 1)
    assert sum(s["wins"] + s["shared_wins"] for s in seats) == firsts
    for s in seats:
        assert s["ci95"][0] <= s["win_rate"] <= s["ci95"][1]
    assert stats["scores"]["categories"] == ["card", "wager", "total"]
    assert len(stats["scores"]["raw"]["total"]) == 60 * 3
    types = {r["type"]: r for r in stats["action_types"]}
    # Every player keeps or swaps once and bets once per game.
    assert types["bet"]["count"] == 60 * 3
    assert types["keep"]["count"] + types["swap"]["count"] == 60 * 3
    assert sum(types["bet"]["by_seat"]) == 60 * 3
    # Bets always offer 2 choices; so the branching factor is 1 or 2.
    assert 1 <= stats["branching"]["overall"]["min"] <= stats["branching"]["overall"]["max"] <= 2
    assert stats["length"]["decisions"]["mean"] == 6.0
    assert stats["findings"]


def test_compare_flags_only_real_changes() -> None:
    base = analyse(_records("tiny", 80))
    same = compare(base, base)
    assert same["changed"] == [] and "No significant change" in same["verdict"]
    # A variant where seat 1 always wins and scores more.
    import copy

    shifted = copy.deepcopy(base)
    shifted["win_rate_by_seat"][0]["win_rate"] = 0.0
    shifted["win_rate_by_seat"][1]["win_rate"] = 1.0
    shifted["scores"]["raw"]["total"] = [v + 5 for v in base["scores"]["raw"]["total"]]
    diff = compare(base, shifted)
    assert "seat 1 win rate" in diff["changed"] and "mean total points" in diff["changed"]
    assert "mean card points" not in diff["changed"]


@pytest.mark.parametrize("game_id", [g.id for g in meeple.games()])
def test_every_game_analyses(game_id: str) -> None:
    stats = analyse(_records(game_id, 2, seed=3))
    assert stats["games"] == 2
    assert stats["branching"]["overall"]["n"] > 0
    assert stats["action_types"]
    assert "total" in stats["scores"]["categories"]


def test_cli_analyze_writes_the_report(tmp_path) -> None:
    pytest.importorskip("matplotlib")
    comp = tmp_path / "tiny-components.json"
    comp.write_text("{}")  # the tiny game reads no components: nothing may change
    out = tmp_path / "report"
    args = ["analyze", "tiny", "--players", "2", "--games", "30", "--agents", "random,greedy"]
    result = CliRunner().invoke(app, [*args, "--components", str(comp), "--out", str(out)])
    assert result.exit_code == 0, result.output
    for name in ("report.html", "report.json", "win_rate.png", "scores.png", "length.png"):
        assert (out / name).stat().st_size > 0
    for name in ("branching.png", "action_types.png", "score_by_seat.png"):
        assert (out / name).read_bytes()[:4] == b"\x89PNG"
    report = json.loads((out / "report.json").read_text())
    assert report["format"] == "meeple.balance/1"
    assert report["agents"] == ["random", "greedy"]
    assert report["comparison"]["changed"] == []
    html = (out / "report.html").read_text()
    assert "Win rate by seat" in html and "win_rate.png" in html and "At a glance" in html
    # Greedy should beat random in the tiny game from either seat.
    assert report["base"]["win_rate_by_seat"][1]["win_rate"] > 0.5


def test_cli_analyze_errors() -> None:
    runner = CliRunner()
    bad = runner.invoke(app, ["analyze", "tiny", "--agents", "random", "--players", "2"])
    assert bad.exit_code == 2 and "need 2 agents" in bad.output
    bad = runner.invoke(app, ["analyze", "nope"])
    assert bad.exit_code == 2 and "no game" in bad.output


def test_cli_analyze_records_from_simulate(tmp_path) -> None:
    pytest.importorskip("matplotlib")
    runner = CliRunner()
    recs = tmp_path / "games.jsonl"
    sim = ["simulate", "tiny", "--players", "3", "--games", "20", "--out", str(recs), "--json"]
    assert runner.invoke(app, sim).exit_code == 0
    out = tmp_path / "rep"
    result = runner.invoke(app, ["analyze", "tiny", "--records", str(recs), "--out", str(out)])
    assert result.exit_code == 0, result.output
    report = json.loads((out / "report.json").read_text())
    assert report["games"] == 20 and report["players"] == 3
    assert report["base"]["length"]["decisions"]["mean"] == 6.0
    other = runner.invoke(app, ["analyze", "piepmatz", "--records", str(recs)])
    assert other.exit_code == 2 and "another game" in other.output
