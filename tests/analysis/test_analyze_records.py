"""``meeple analyze``: where the report goes, errors for people, records replayed and
checked with their own components, shared wins counted as in ``meeple simulate``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from meeple.analysis.balance import analyse
from meeple.arena.simulate import jobs_for, run_jobs, summarise
from meeple.cli.main import app
from meeple.core.errors import RecordError
from meeple.core.record import Record, replay, result_of
from tests.tinygame import TinyState

runner = CliRunner()


def _simulate(tmp_path: Path, name: str, *args: str) -> Path:
    path = tmp_path / name
    result = runner.invoke(app, ["simulate", *args, "--out", str(path), "--json"])
    assert result.exit_code == 0, result.output
    return path


def _one_line_error(result, *needles: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    for needle in needles:
        assert needle in lines[0], lines[0]


def _no_probe_left(folder: Path) -> None:
    assert not [p for p in folder.iterdir() if p.name.startswith(".meeple-probe-")]


# -- 1. --out is checked before any game ------------------------------------------------------


def _bad_outs(tmp_path: Path) -> list[tuple[Path, str]]:
    a_file = tmp_path / "a-file"
    a_file.write_text("not a folder")
    outs = [(a_file, "is a file; give a folder"), (a_file / "report", "a-file is a file")]
    # A folder where the report writes one of its files.
    in_the_way = tmp_path / "in-the-way"
    (in_the_way / "report.json").mkdir(parents=True)
    outs.append((in_the_way, "report.json there is a folder"))
    if Path("/proc/self").is_dir():  # a place where no folder can be made (Linux)
        outs.append((Path("/proc/nope/x"), "cannot be created"))
    return outs


def test_an_unusable_out_is_refused_before_any_game_is_played(tmp_path, monkeypatch) -> None:
    pytest.importorskip("matplotlib")
    import meeple.arena.backends

    def no_games(*_args, **_kwargs):
        raise AssertionError("a game was played before --out was checked")

    monkeypatch.setattr(meeple.arena.backends, "run_jobs_on", no_games)
    args = ["analyze", "tiny", "--players", "2", "--games", "50", "--agents", "random,random"]
    for out, complaint in _bad_outs(tmp_path):
        _one_line_error(runner.invoke(app, [*args, "--out", str(out)]), f"--out {out}", complaint)
    assert (tmp_path / "a-file").read_text() == "not a folder"
    _no_probe_left(tmp_path)


def test_an_unusable_out_is_refused_before_records_are_analysed(tmp_path, monkeypatch) -> None:
    pytest.importorskip("matplotlib")
    recs = _simulate(tmp_path, "games.jsonl", "tiny", "--players", "2", "--games", "5")
    import meeple.analysis.report

    def no_analysis(*_args, **_kwargs):
        raise AssertionError("the records were analysed before --out was checked")

    monkeypatch.setattr(meeple.analysis.report, "analyse", no_analysis)
    for out, complaint in _bad_outs(tmp_path):
        args = ["analyze", "tiny", "--records", str(recs), "--out", str(out)]
        _one_line_error(runner.invoke(app, args), complaint)


def test_an_existing_folder_or_a_new_one_takes_the_report(tmp_path) -> None:
    pytest.importorskip("matplotlib")
    recs = _simulate(tmp_path, "games.jsonl", "tiny", "--players", "2", "--games", "5")
    existing = tmp_path / "existing"
    existing.mkdir()
    (existing / "notes.txt").write_text("kept")
    for out in (existing, tmp_path / "new" / "deeper"):
        result = runner.invoke(app, ["analyze", "tiny", "--records", str(recs), "--out", str(out)])
        assert result.exit_code == 0, result.output
        assert json.loads((out / "report.json").read_text())["games"] == 5
        _no_probe_left(out)
    assert (existing / "notes.txt").read_text() == "kept"


# -- 2. errors print brackets and long paths whole ---------------------------------------------


def test_errors_print_brackets_and_long_paths_whole(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["analyze", "tiny", "--records", "no[bold]such.jsonl"])
    _one_line_error(result, "no[bold]such.jsonl")
    result = runner.invoke(app, ["analyze", "piepmatz", "--components", "no[/]such.json"])
    _one_line_error(result, "no[/]such.json")
    long = tmp_path / ("a-rather-long-folder-name-" * 6) / "games[1].jsonl"
    result = runner.invoke(app, ["analyze", "tiny", "--records", str(long)])
    _one_line_error(result, str(long))


# -- 3. a record's result is replayed, not trusted ---------------------------------------------


def _edit(path: Path, line: int, change) -> Path:
    lines = path.read_text().splitlines()
    obj = json.loads(lines[line - 1])
    change(obj)
    lines[line - 1] = json.dumps(obj)
    out = path.with_name(f"edited-{len(list(path.parent.iterdir()))}.jsonl")
    out.write_text("\n".join(lines) + "\n")
    return out


def test_a_record_whose_result_disagrees_with_its_replay_is_refused(tmp_path) -> None:
    recs = _simulate(tmp_path, "games.jsonl", "tiny", "--players", "2", "--games", "4")
    good = [Record.loads(x) for x in recs.read_text().splitlines()]
    line = next(i + 1 for i, r in enumerate(good) if r.result["ranks"] == [1, 2])

    def swap(obj):
        obj["result"]["ranks"] = obj["result"]["ranks"][::-1]

    def cut(obj):
        obj["actions"] = obj["actions"][:3]

    def cut_no_result(obj):
        obj["actions"] = obj["actions"][:3]
        obj["result"] = None

    for change, complaint in (
        (swap, "the recorded ranks [2, 1] differ from the replayed [1, 2]"),
        (cut, "claims a result but the game is not over"),
        (cut_no_result, "the game is not over after 3 actions"),
    ):
        bad = _edit(recs, line, change)
        result = runner.invoke(app, ["analyze", "tiny", "--records", str(bad), "--json"])
        _one_line_error(result, f"{bad}, record on line {line}: ", complaint)


@pytest.mark.parametrize(
    "tamper",
    [
        lambda result: {},
        lambda result: {**result, "breakdown": [{"bogus": 50, "total": 50}] * 2},
    ],
    ids=["empty", "breakdown"],
)
def test_figures_come_from_the_replay_not_the_stated_result(tamper) -> None:
    records = list(run_jobs(jobs_for("tiny", 2, 6, 0, ["random", "random"])))
    honest = analyse(records)
    records[1].result = tamper(records[1].result)
    try:
        figures = analyse(records)
    except RecordError as e:  # a stated result the replay contradicts may be refused ...
        assert str(e).startswith("game 2: ")
    else:  # ... or ignored, but never trusted.
        assert figures == honest
        assert "bogus" not in figures["scores"]["categories"]


def test_analyse_names_the_game_it_refuses() -> None:
    records = list(run_jobs(jobs_for("tiny", 2, 3, 0, ["random", "random"])))
    records[2].result = {**records[2].result, "scores": [99, -99]}
    with pytest.raises(RecordError, match=r"^game 3: the recorded scores \[99, -99\] differ"):
        analyse(records)
    with pytest.raises(RecordError, match=r"^r\.jsonl line 9: "):
        analyse(records, where=["r.jsonl line 7", "r.jsonl line 8", "r.jsonl line 9"])


# -- 4. records keep their own components ------------------------------------------------------


def _pair_points(tmp_path: Path, value: int, name: str | None = None) -> Path:
    from meeple.boardgames import piepmatz

    data = json.loads((Path(piepmatz.__file__).parent / "components.json").read_text())
    data["rules"]["pair_points"]["value"] = value
    path = tmp_path / (name or f"pair-points-{value}.json")
    path.write_text(json.dumps(data))
    return path


def test_records_are_analysed_with_their_own_components(tmp_path, monkeypatch) -> None:
    pytest.importorskip("matplotlib")
    monkeypatch.chdir(tmp_path)
    comp = _pair_points(tmp_path, 7)
    args = ["piepmatz", "--players", "2", "--games", "6", "--components", comp.name]
    recs = _simulate(tmp_path, "seven.jsonl", *args)
    result = runner.invoke(app, ["analyze", "piepmatz", "--records", str(recs), "--out", "rep"])
    assert result.exit_code == 0, result.output
    assert "Piepmatz, components from pair-points-7.json" in result.stdout
    report = json.loads(Path("rep/report.json").read_text())
    recorded = Record.loads(recs.read_text().splitlines()[0]).components
    assert Path(recorded["path"]).name == comp.name
    assert report["components"] == recorded["path"]
    assert report["base_components"] == recorded
    pairs = report["base"]["scores"]["raw"]["pairs"]
    assert any(pairs) and all(v % 7 == 0 for v in pairs)  # scored at 7 a pair, not 5
    assert "components from pair-points-7.json" in Path("rep/report.html").read_text()
    # Records of the packaged components in the same file are refused, naming the line.
    packaged = _simulate(tmp_path, "five.jsonl", "piepmatz", "--players", "2", "--games", "2")
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_text(recs.read_text() + packaged.read_text())
    result = runner.invoke(app, ["analyze", "piepmatz", "--records", str(mixed), "--out", "m"])
    _one_line_error(
        result,
        f"{mixed}, record on line 7: played with packaged components, but the first record "
        "with components from pair-points-7.json",
    )
    # So is a component file that changed since the games were played.
    _pair_points(tmp_path, 6, comp.name)
    result = runner.invoke(app, ["analyze", "piepmatz", "--records", str(recs), "--out", "c"])
    _one_line_error(result, "record on line 1", "has changed since the record was made")


def test_records_with_two_versions_of_one_file_are_not_pooled(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    comp = tmp_path / "tiny.json"
    comp.write_text("{}")
    first = _simulate(tmp_path, "a.jsonl", "tiny", "--games", "2", "--components", comp.name)
    comp.write_text("{ }")
    second = _simulate(tmp_path, "b.jsonl", "tiny", "--games", "2", "--components", comp.name)
    both = tmp_path / "both.jsonl"
    both.write_text(first.read_text() + second.read_text())
    with pytest.raises(RecordError, match="game 3: played with components from tiny.json"):
        analyse([Record.loads(x) for x in both.read_text().splitlines()])


@pytest.mark.parametrize(
    "extra",
    [
        ["--players", "2"],
        ["--games", "100"],
        ["--agents", "random,random"],
        ["--components", "x.json"],
        ["-o", "short_deck=true"],
        ["--seed", "0"],
        ["--jobs", "2"],
        ["--backend", "local"],
    ],
)
def test_options_that_records_decide_are_refused_with_records(tmp_path, extra) -> None:
    recs = _simulate(tmp_path, "games.jsonl", "tiny", "--players", "2", "--games", "2")
    result = runner.invoke(app, ["analyze", "tiny", "--records", str(recs), *extra])
    flag = "-o/--option" if extra[0] == "-o" else extra[0]
    _one_line_error(result, "--records analyses the recorded games as they were played", flag)


# -- 5. a shared first place is 1/k of a win, in simulate and analyze alike --------------------


def _result(ranks: list[int]) -> dict:
    return {"ranks": ranks, "scores": [0] * len(ranks)}


def test_simulate_counts_a_first_place_shared_by_k_as_a_kth_of_a_win() -> None:
    records = [
        Record("tiny", 3, [], 1, result=_result(ranks))
        for ranks in ([1, 2, 3], [1, 1, 3], [1, 1, 1], [3, 1, 1])
    ]
    s = summarise(records, 0.0)
    assert s["wins"] == [1, 0, 0]  # sole first places
    assert s["shared_wins"] == [2, 3, 2]
    third = 1 / 3
    assert s["win_rate"] == pytest.approx(
        [(1 + 0.5 + third) / 4, (0.5 + third + 0.5) / 4, (third + 0.5) / 4]
    )
    assert sum(s["win_rate"]) == pytest.approx(1.0)


def test_simulate_and_analyze_agree_on_shared_wins(tmp_path, monkeypatch) -> None:
    # Rank tiny's players by the sign of their wager alone: two- and three-way ties abound.
    monkeypatch.setattr(TinyState, "_rank_key", lambda self, p, s: (s[p]["wager"] > 0,))
    args = ["tiny", "--players", "3", "--games", "40", "--agents", "random,greedy,random"]
    path = _simulate(tmp_path, "ties.jsonl", *args)
    records = [Record.loads(x) for x in path.read_text().splitlines()]
    firsts = [r.result["ranks"].count(1) for r in records]
    assert 2 in firsts and 3 in firsts
    sim = summarise(records, 0.0)
    stats = analyse(records)
    seats = stats["win_rate_by_seat"]
    assert [s["win_rate"] for s in seats] == [round(w, 4) for w in sim["win_rate"]]
    assert sum(s["win_rate"] for s in seats) == pytest.approx(1.0, abs=1e-3)
    assert [s["wins"] for s in seats] == sim["wins"]
    assert [s["shared_wins"] for s in seats] == sim["shared_wins"]
    # Both are the replayed results (the records are checked against them).
    assert all(replay(r).ranks() == r.result["ranks"] for r in records)
    assert result_of(replay(records[0]))["ranks"] == records[0].result["ranks"]


# -- 6. the comparison of components is paired, and says so ------------------------------------


def test_analyze_components_reports_a_paired_test(tmp_path) -> None:
    pytest.importorskip("matplotlib")
    comp = _pair_points(tmp_path, 7)
    out = tmp_path / "report"
    args = ["analyze", "piepmatz", "--players", "2", "--games", "10", "--agents"]
    args += ["random,random", "--components", str(comp), "--out", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "mean pairs points" in result.stdout and "paired t-tests" in result.stdout
    report = json.loads((out / "report.json").read_text())
    comparison = report["comparison"]
    assert comparison["paired"] and "mean pairs points" in comparison["changed"]
    assert {r["test"] for r in comparison["rows"] if r["test"]} == {"paired t-test"}
    html = (out / "report.html").read_text()
    assert "paired t-tests over the 10 games" in html and "<th>test</th>" in html


def test_records_of_one_line_up_keep_its_seats_and_mixed_ones_say_so(tmp_path) -> None:
    pytest.importorskip("matplotlib")
    one = _simulate(tmp_path, "one.jsonl", "tiny", "--agents", "random,greedy", "--games", "3")
    two = _simulate(tmp_path, "two.jsonl", "tiny", "--agents", "random,random", "--games", "2")
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_text(one.read_text() + two.read_text())
    for path, agents, is_mixed in (
        (one, ["random", "greedy"], False),
        (mixed, ["greedy", "random"], True),
    ):
        out = tmp_path / f"rep-{path.stem}"
        result = runner.invoke(app, ["analyze", "tiny", "--records", str(path), "--out", str(out)])
        assert result.exit_code == 0, result.output
        report = json.loads((out / "report.json").read_text())
        assert report["agents"] == agents and report["mixed_lineups"] is is_mixed
        html = (out / "report.html").read_text()
        assert ("agents (in mixed line-ups) greedy, random" in html) is is_mixed
