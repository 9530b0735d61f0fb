"""benchmarks/bot_targets.py: rows keyed by the bots' versions, resume, verdicts, categories."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from meeple.agents.levels import LEVELS, level_spec
from meeple.arena.arena import run_arena
from meeple.core.registry import game_class
from tests.scripts import load_script

bt = load_script("bot_targets")


@pytest.fixture
def results(tmp_path, monkeypatch) -> Path:
    monkeypatch.setattr(bt, "RESULTS", tmp_path / "targets")
    return tmp_path / "targets"


def _write(
    game_id: str,
    a: str,
    b: str,
    wins: int,
    games: int,
    breakdown=None,
    code: str | None = None,
) -> None:
    """``games`` results of the row in which its first agent wins the first ``wins``."""
    ident = bt.identity(game_id, a, b)
    path = bt.row_file(ident)
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = []
    for i in range(games):
        seat_of = [i % 2, (i + 1) % 2]
        ranks = [0, 0]
        ranks[seat_of[0]], ranks[seat_of[1]] = (1, 2) if i < wins else (2, 1)
        cats = breakdown(i) if breakdown else [{"total": 0}, {"total": 0}]
        line = {
            "i": i,
            "seed": i,
            "agents": [a, b],
            "seat_of": seat_of,
            "ranks": ranks,
            "scores": [c["total"] for c in cats],
            "breakdown": cats,
            "seconds": 36.0,
            "finished": f"2026-11-{1 + i % 28:02d}T10:00:00+00:00",
            "key": ident["key"],
            "code": code or bt.code_hash(game_id),
        }
        lines.append(json.dumps(line))
    path.write_text("\n".join(lines) + "\n")


def test_the_issues_targets():
    assert bt.target("croa", "hard", "greedy") == 0.75
    assert bt.target("quedlinburg_dash", "hard", "greedy") == 0.65
    for a, b in [("easy", "random"), ("medium", "easy"), ("hard", "medium")]:
        assert bt.target("farland", a, b) == 0.60
        assert bt.target("quedlinburg_dash", a, b) == 0.55
    assert bt.target("farland", "hard", "hard") is None
    assert bt.rows_of(bt.ALL) == [
        ("hard", "greedy"),
        ("easy", "random"),
        ("medium", "easy"),
        ("hard", "medium"),
        ("hard", "hard"),
    ]


def test_clock_cpu_is_another_row_that_plays_the_resolved_spec():
    wall, cpu = (bt.identity("croa", "hard", "greedy", clock) for clock in ("wall", "cpu"))
    assert bt.played(wall) == ["hard", "greedy"]
    assert bt.played(cpu) == [level_spec("hard", "croa") + ",clock=cpu", "greedy"]
    assert cpu["key"] != wall["key"]
    assert bt.resolve("easy", "croa", "cpu") == level_spec("easy", "croa")  # no time budget


def test_a_row_is_the_arenas_games_and_goes_on_where_its_file_ends(results):
    assert bt.play_row("croa", "easy", "random", games=2, seed=5) == 2
    ident = bt.identity("croa", "easy", "random")
    path = bt.row_file(ident)
    assert path.parent == results and f"__v{game_class('croa').info.version}-" in path.name
    first = [json.loads(x) for x in path.read_text().splitlines()]
    assert [(r["i"], r["seed"], r["seat_of"]) for r in first] == [(0, 5, [0, 1]), (1, 6, [1, 0])]
    for r in first:
        assert [c["total"] for c in r["breakdown"]] == r["scores"]
        assert r["key"] == ident["key"] and r["specs"][0] == level_spec("easy", "croa")
    # The same games as the arena's (easy and random are seeded, so exactly the same).
    _, records = run_arena("croa", ["easy", "random"], 2, seed=5)
    assert [rec.result["ranks"] for rec in records] == [r["ranks"] for r in first]
    # Nothing is played again; a line cut short by a killed run is played again.
    assert bt.play_row("croa", "easy", "random", games=2, seed=5) == 0
    path.write_text(path.read_text() + '{"i": 2, "se')
    assert bt.play_row("croa", "easy", "random", games=4, seed=5, shard=(0, 2)) == 1
    rows = bt.bs.read_rows(path)
    assert [r["i"] for r in rows] == [0, 1, 2] and rows[:2] == first
    # Another first seed's lines count only where they are its games: seed 5's game 0
    # (seed 5, seated [0, 1]) is not game 5 of the row from seed 0 (seated [1, 0]).
    assert bt.measure(ident, seed=5)["games"] == 3
    assert bt.measure(ident, seed=0) is None


def test_a_run_from_another_seed_fills_the_games_it_shares_with_the_row(results):
    """Two players: the run from seed 4 plays the row-from-seed-0's games 4 and 5 (same
    seeds, same seats), so the row from seed 0 counts them and plays only the rest."""
    assert bt.play_row("croa", "easy", "random", games=2, seed=4) == 2
    ident = bt.identity("croa", "easy", "random")
    assert sorted(bt.counted(ident, seed=0)) == [4, 5]
    assert bt.play_row("croa", "easy", "random", games=6, seed=0) == 4
    rows = bt.counted(ident, seed=0)
    assert sorted(rows) == list(range(6)) and [rows[k]["seed"] for k in range(6)] == [*range(6)]
    m = bt.measure(ident, seed=0)
    assert m["games"] == 6 and m["span"] == 6
    # The games played from seed 4 are those of the arena from seed 0 (both bots seeded).
    _, records = run_arena("croa", ["easy", "random"], 6, seed=0)
    assert [rec.result["ranks"] for rec in records] == [rows[k]["ranks"] for k in range(6)]
    # Each game once, however many runs played it; the row from seed 4 is as it was.
    assert bt.play_row("croa", "easy", "random", games=2, seed=4) == 0
    assert bt.measure(ident, seed=4)["games"] == 2


def test_a_changed_spec_or_game_version_starts_the_row_again(results, monkeypatch):
    bt.play_row("croa", "easy", "random", games=2)
    old = bt.identity("croa", "easy", "random")
    monkeypatch.setitem(LEVELS["easy"], "croa", "greedy:samples=2,depth=1,width=4")
    new = bt.identity("croa", "easy", "random")
    assert new["key"] != old["key"] and bt.row_file(new) != bt.row_file(old)
    assert bt.measure(new) is None and bt.stale(new) == 2
    assert "2 games with other specs or game version are not counted" in bt.tables(["croa"])
    # A line of the old key copied into the new file does not count either.
    bt.row_file(new).write_text(bt.row_file(old).read_text())
    assert bt.measure(new) is None
    assert bt.play_row("croa", "easy", "random", games=2) == 2
    assert bt.measure(new)["games"] == 2
    # A new default of an option changes the row too, though the spec reads the same.
    greedy = bt.sys.modules["meeple.agents.greedy"]
    before = bt.identity("croa", "hard", "greedy")
    monkeypatch.setitem(greedy.GAME_DEFAULTS, "croa", {"samples": 24, "depth": 3})
    assert bt.identity("croa", "hard", "greedy")["key"] != before["key"]
    # And so does the game's version.
    cls = game_class("croa")
    monkeypatch.setattr(cls, "info", dataclasses.replace(cls.info, version=cls.info.version + 1))
    bumped = bt.identity("croa", "easy", "random")
    assert bumped["key"] != new["key"] and bt.measure(bumped) is None
    assert f"__v{cls.info.version}-" in bt.row_file(bumped).name


def test_verdicts_in_the_tables(results):
    _write("croa", "hard", "greedy", wins=170, games=200)  # 85.0%, 79.4%-89.3%: met
    _write("croa", "medium", "easy", wins=110, games=200)  # 55.0%, 48.1%-61.7%: not met
    _write("croa", "easy", "random", wins=15, games=20, code="0ld")  # under way
    _write("quedlinburg_dash", "hard", "medium", wins=120, games=200)  # 60%, 53.1%-66.5%
    _write("quedlinburg_dash", "easy", "random", wins=130, games=200)  # 65%, 58.2%-71.3%
    text = bt.tables()
    croa = text.split("#### Crôa!")[1].split("####")[0]
    assert "| hard vs greedy | 75% | 200 | 85.0% | 79.4%-89.3% | met | 2.00 |" in croa
    assert "| medium vs easy | 60% | 200 | 55.0% | 48.1%-61.7% | not met by the estimate" in croa
    assert "| easy vs random | 60% | 20 | 75.0% |" in croa
    assert "under way (20 of 200 games)" in croa
    assert "| hard vs medium | 60% | 0 | | | not measured yet |" in croa
    assert "20 of 20 games were played with code other than the current (0ld" in croa
    assert "croa --agents hard,greedy --games 200 --seed 0" in croa
    hard = level_spec("hard", "croa")
    assert f"- `hard`: `{hard}`, every option: `{bt.settings(hard, 'croa')}`" in croa
    assert "- `random`: itself\n" in croa
    assert f"Versions: Crôa! version {game_class('croa').info.version}; code " in croa
    dash = text.split("Quedlinburg Dash\n")[1].split("####")[0]
    assert "| easy vs random | 55% | 200 | 65.0% | 58.2%-71.3% | met |" in dash
    assert "| hard vs medium | 55% | 200 | 60.0% | 53.1%-66.5% | met by the estimate, not" in dash
    assert "Newest result: 2026-11-28." in text
    assert "- **hard vs greedy**: met in Crôa!; not measured yet in" in text


def test_self_play_categories(results):
    def farland(i):  # livestock zero in 1 of 4 player-games, crops in 3 of 4
        return [
            {"livestock": 4, "crops": 0, "pastures": 2, "total": 6},
            {"livestock": 0 if i % 2 else 2, "crops": 0 if i % 2 else 3, "pastures": 1, "total": 4},
        ]

    lines = [{"breakdown": farland(0)}, {"breakdown": farland(1)}]
    cats = bt.categories(lines)
    assert list(cats) == ["livestock", "crops", "pastures", "total"]
    assert cats["livestock"] == {"mean": 2.5, "zero_share": 0.25, "player_games": 4}
    assert cats["crops"]["mean"] == 0.75 and cats["crops"]["zero_share"] == 0.75

    _write("farland", "hard", "hard", wins=100, games=200, breakdown=farland)
    table = bt.tables(["farland"]).split("points by category")[1].split("In short")[0]
    # livestock non-zero in 300 of 400 player-games: 75.0%, interval 70.5%-79.0%
    assert "| Farland | livestock | 2.5 | 25.0% | non-zero in 70% | met |" in table
    assert "| Farland | crops | 0.8 | 75.0% | non-zero in 70% | not met |" in table
    assert "| Farland | pastures | 1.5 | 0.0% | non-zero in 70% | met |" in table
    assert "| Farland | total | 5.0 | 0.0% |  |  |" in table
    _write("farland", "hard", "hard", wins=10, games=20, breakdown=farland)
    table = bt.tables(["farland"]).split("points by category")[1].split("In short")[0]
    under_way = "non-zero in 70% | under way (20 of 200 games) |"
    assert f"| Farland | pastures | 1.5 | 0.0% | {under_way}" in table
    assert "not measured yet" not in table


def test_docs_are_rewritten_between_the_markers_only(results, tmp_path, monkeypatch):
    docs = tmp_path / "bots.md"
    monkeypatch.setattr(bt, "DOCS", docs)
    docs.write_text(f"before\n{bt.BEGIN}\nold table\n{bt.END}\nafter\n")
    _write("piepmatz", "hard", "greedy", wins=200, games=200)
    bt.write_docs()
    text = docs.read_text()
    assert text.startswith(f"before\n{bt.BEGIN}\n### ")
    assert text.endswith(f"\n\n{bt.TRAILER}{bt.END}\nafter\n")
    assert "old table" not in text and "| hard vs greedy | 75% | 200 | 100.0% |" in text
    for bad in ("no markers\n", f"{bt.END}\n{bt.BEGIN}\n", f"{bt.BEGIN}\n{bt.BEGIN}\n{bt.END}\n"):
        docs.write_text(bad)
        with pytest.raises(SystemExit, match="expected one"):
            bt.write_docs()
        assert docs.read_text() == bad


def test_the_command_line_plays_into_the_results_folder(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(bt, "RESULTS", bt.RESULTS)  # main() sets it; put it back afterwards
    out = tmp_path / "trial"
    argv = ["quedlinburg_dash", "--rows", "none", "--match", "random,random", "--results"]
    bt.main([*argv, str(out), "--games", "3", "--jobs", "2"])
    (path,) = out.glob("quedlinburg_dash__random__random__v*.jsonl")
    assert sorted(r["i"] for r in bt.bs.read_rows(path)) == [0, 1, 2]
    printed = capsys.readouterr().out
    assert "| random vs random | - | 3 |" in printed and "under way (3 of 200 games)" in printed
    bt.main([*argv, str(out), "--table"])
    assert "game 0" not in capsys.readouterr().out  # printed, not played
    assert len(bt.bs.read_rows(path)) == 3
    with pytest.raises(SystemExit):
        bt.main(["nogame", "--results", str(out)])
