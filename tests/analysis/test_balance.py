"""Balance analysis: the figures from records, the comparison, and ``meeple analyze``."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

import meeple
from meeple.analysis.balance import action_type, analyse, compare, paired_t_p, summary
from meeple.analysis.report import REPORT_FILES
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
    assert action_type("Pass") == "pass"


def test_a_one_word_move_is_typed_by_its_pattern_not_its_squares() -> None:
    # Crôa!'s notation (docs/games/croa.md): every jump is one word.
    assert action_type("Qa1-b2") == action_type("Qh8-g7") == "Q<sq>-<sq>"
    assert action_type("Sb1-c2") == "S<sq>-<sq>"
    assert action_type("stop") == "stop"
    assert action_type("remove P2 servant") == "remove"
    assert action_type("e2e4") == "<sq><sq>"
    assert action_type("12-3") == "<n>-<n>"


def test_croa_decisions_are_typed_as_queen_and_servant_jumps() -> None:
    stats = analyse(_records("croa", 3, seed=1))
    types = {r["type"]: r["count"] for r in stats["action_types"]}
    # Crôa! names its own kinds of move (every jump is one word of notation).
    assert (
        {"queen jump", "servant jump"}
        <= set(types)
        <= {
            "queen jump",
            "servant jump",
            "stop",
            "remove servant",
        }
    )
    assert sum(types.values()) == sum(stats["length"]["raw_decisions"])
    # Servants outnumber the queen, so their jumps are the commonest decision.
    assert stats["action_types"][0]["type"] == "servant jump"
    assert "The most common decision is 'servant jump'" in " ".join(stats["findings"])


def test_croa_names_every_action_kind() -> None:
    game = meeple.load("croa", players=2)
    kinds = {game.action_type(a) for a in range(game.num_distinct_actions())}
    assert kinds == {"queen jump", "servant jump", "stop", "reveal", "remove servant", "lay"}
    assert game.action_type(game.parse_action("Qh8-h7")) == "queen jump"
    assert game.action_type(game.parse_action("Sb1-c1")) == "servant jump"


def test_a_game_can_name_its_own_action_types(monkeypatch) -> None:
    from tests.tinygame import TinyGame

    names = {0: "turn", 1: "turn", 2: "wager", 3: "wager"}
    monkeypatch.setattr(TinyGame, "action_type", lambda self, a: names[a], raising=False)
    stats = analyse(_records("tiny", 10, players=2))
    types = {r["type"]: r["count"] for r in stats["action_types"]}
    assert types == {"turn": 20, "wager": 20}


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
    assert same["paired"] and same["changed"] == [] and "No significant change" in same["verdict"]
    # A variant where seat 2 always wins and everyone scores 5 more.
    import copy

    shifted = copy.deepcopy(base)
    shifted["win_rate_by_seat"][0]["win_rate"] = 0.0
    shifted["win_rate_by_seat"][1]["win_rate"] = 1.0
    shifted["per_game"]["win_points"] = [[0.0, 1.0] for _ in range(80)]
    shifted["scores"]["raw"]["total"] = [v + 5 for v in base["scores"]["raw"]["total"]]
    for paired in (True, False):
        diff = compare(base, shifted, paired=paired)
        assert "seat 1 win rate" in diff["changed"] and "mean total points" in diff["changed"]
        assert "mean card points" not in diff["changed"]


def _pair_points(tmp_path, value: int):
    """Piepmatz's components with ``pair_points`` (5 in the packaged file) set to value."""
    from meeple.boardgames import piepmatz

    data = json.loads(
        (Path(piepmatz.__file__).parent / "components.json").read_text(encoding="utf-8")
    )
    assert data["rules"]["pair_points"]["value"] == 5
    data["rules"]["pair_points"]["value"] = value
    path = tmp_path / f"pair-points-{value}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_the_same_seeds_with_other_components_are_compared_game_by_game(tmp_path) -> None:
    # 7 points a pair instead of 5: every game's pair points rise by 40%, but the spread
    # between games is wider than that, so only a paired test sees it in 10 games.
    comp = _pair_points(tmp_path, 7)
    jobs = jobs_for("piepmatz", 2, 10, 0, ["random", "random"])
    base = analyse(run_jobs(jobs))
    variant = analyse(run_jobs(jobs_for("piepmatz", 2, 10, 0, ["random"] * 2, components=comp)))
    diff = compare(base, variant)
    rows = {r["what"]: r for r in diff["rows"]}
    assert diff["paired"] and "paired t-test" in diff["method"]
    pairs = rows["mean pairs points"]
    assert pairs["variant"] == pytest.approx(pairs["base"] * 7 / 5)
    assert pairs["test"] == "paired t-test" and pairs["p_value"] < 0.01
    assert "mean pairs points" in diff["changed"]
    assert rows["decisions per game"]["p_value"] == 1.0  # random play does not change
    assert "mean majorities points" not in diff["changed"]
    # Taken as unpaired samples, the same figures show no significant change.
    unpaired = compare(base, variant, paired=False)
    assert {r["test"] for r in unpaired["rows"] if r["test"]} == {
        "two-proportion z-test",
        "Welch z-test",
    }
    assert "mean pairs points" not in unpaired["changed"]


def test_other_seeds_are_compared_unpaired() -> None:
    base = analyse(_records("tiny", 30, seed=0))
    other = analyse(_records("tiny", 30, seed=100))
    diff = compare(base, other)
    assert not diff["paired"] and "not paired" in diff["method"]
    assert diff["rows"][0]["test"] == "two-proportion z-test"
    with pytest.raises(ValueError, match="not of the same seeds"):
        compare(base, other, paired=True)


def test_the_paired_t_test_matches_scipy() -> None:
    stats = pytest.importorskip("scipy.stats")
    import random

    rng = random.Random(7)
    for n in (2, 3, 10, 200):
        a = [rng.gauss(10, 3) for _ in range(n)]
        b = [x + rng.gauss(0.4, 1) for x in a]
        assert paired_t_p(a, b) == pytest.approx(stats.ttest_rel(b, a).pvalue, rel=1e-9)
    assert paired_t_p([1, 2, 3], [2, 3, 4]) == 0.0  # the same change in every game
    assert paired_t_p([1, 2, 3], [1, 2, 3]) == 1.0


def test_the_paired_t_test_gives_the_textbook_answer_without_scipy() -> None:
    # Student's sleep data (Cushny and Peebles): extra hours of sleep under two drugs in
    # ten patients. The paired test gives t = 4.062 on 9 degrees of freedom, p = 0.00283.
    drug1 = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0]
    drug2 = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4]
    assert paired_t_p(drug1, drug2) == pytest.approx(0.002833, abs=2e-6)
    # Two pairs (1 degree of freedom), differences 1 and 3: t = 2, p = 1 - 2 atan(2) / pi.
    assert paired_t_p([0, 0], [1, 3]) == pytest.approx(1 - 2 * math.atan(2) / math.pi, rel=1e-9)


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
    # The names checked before any game is played are the names written.
    assert sorted(p.name for p in out.iterdir()) == sorted(REPORT_FILES)
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
    assert other.exit_code == 2 and "line 1: a record of 'tiny', not of 'piepmatz'" in other.output


def test_player_counts_are_compared_without_their_seats() -> None:
    three, two = analyse(_records("tiny", 12, 3)), analyse(_records("tiny", 12, 2))
    diff = compare(three, two)
    assert not diff["paired"]
    assert not [r for r in diff["rows"] if "win rate" in r["what"]]
    assert "decisions per game" in [r["what"] for r in diff["rows"]]
    assert diff["notes"] == [
        "the seats' win rates are not compared: 3 players against 2, so each seat's fair "
        "share differs"
    ]
    assert compare(two, two)["notes"] == []


def test_the_verdict_names_the_level_asked_for() -> None:
    base, other = analyse(_records("tiny", 30)), analyse(_records("tiny", 30, seed=500))
    assert "at the 0.1% level" in compare(base, other, alpha=0.001)["verdict"]
    assert "5% level" in compare(base, other)["verdict"]
    for alpha in (0, 1, -0.5, 5):
        with pytest.raises(ValueError, match="between 0 and 1"):
            compare(base, other, alpha=alpha)


def test_one_game_gives_no_p_value_rather_than_a_false_one() -> None:
    one = analyse(_records("tiny", 1))
    diff = compare(one, analyse(_records("tiny", 1, seed=9)))
    tested = [r for r in diff["rows"] if r["what"] != "mean branching factor"]
    assert tested and all(r["p_value"] is None and r["test"] is None for r in tested)
    assert not diff["changed"]
    assert diff["verdict"] == "Not tested: each side needs at least two games."
    assert diff["method"] == "none: 1 and 1 games, and a test needs at least two a side"
    assert paired_t_p([1.0], [3.0]) is None
