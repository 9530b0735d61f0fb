"""benchmarks/bot_strength.py: resumable rows, the verdicts and the tables in docs/bots.md."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.scripts import load_script

bs = load_script("bot_strength")


@pytest.fixture
def results(tmp_path, monkeypatch) -> Path:
    monkeypatch.setattr(bs, "RESULTS", tmp_path / "strength")
    return tmp_path / "strength"


def _write(
    path: Path, wins: int, games: int, a: str = "greedy", b: str = "random", seed: int = 0
) -> None:
    """``games`` two-player results in which the first agent wins the first ``wins``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = []
    for i in range(games):
        seat_of = [i % 2, (i + 1) % 2]
        ranks = [0, 0]
        ranks[seat_of[0]], ranks[seat_of[1]] = (1, 2) if i < wins else (2, 1)
        line = {"i": i, "seed": seed + i, "agents": [a, b], "seat_of": seat_of, "ranks": ranks}
        lines.append(json.dumps(line | {"scores": [0, 0], "seconds": 18.0}))
    path.write_text("\n".join(lines) + "\n")


def test_verdicts_need_the_full_row_and_an_interval_clear_of_the_target():
    def m(games, rate, lo, hi, span=None):
        return {"games": games, "span": span or games, "win_rate": rate, "ci95": (lo, hi)}

    assert bs.verdict(None, 0.6) == "not measured yet"
    assert bs.verdict(m(199, 0.99, 0.95, 1.0), 0.6) == "under way (199 of 200 games)"
    # 200 games counted, but with a gap among the arena's first 201: not a finished row
    assert bs.verdict(m(200, 0.99, 0.95, 1.0, span=201), 0.6) == "under way (200 of 201 games)"
    assert bs.verdict(m(200, 0.70, 0.63, 0.76), 0.6) == "met"
    assert bs.verdict(m(200, 0.66, 0.60, 0.72), 0.6) == "met"  # the lower end on the target
    assert bs.verdict(m(200, 0.55, 0.48, 0.59), 0.6) == "not met"
    assert bs.verdict(m(200, 0.62, 0.55, 0.68), 0.6) == "met by the estimate, not by the interval"
    reaches = "not met by the estimate, the interval reaches it"
    assert bs.verdict(m(200, 0.58, 0.51, 0.65), 0.6) == reaches
    assert bs.verdict(m(200, 0.54, 0.47, 0.60), 0.6) == reaches  # the upper end on the target


def test_tables_count_the_results_files(results):
    _write(bs.row_file("croa", "greedy", "random"), wins=170, games=200)
    _write(
        bs.row_file("croa", "ismcts:x=1", "greedy"), wins=10, games=20, a="ismcts:x=1", b="greedy"
    )
    text = bs.tables("ismcts:x=1")
    croa = text.split("#### Crôa!")[1].split("####")[0]
    assert "| greedy vs random | 70% | 200 | 85.0% | 79.4%-89.3% | met | 1.00 |" in croa
    assert "| ismcts:x=1 vs greedy | 60% | 20 | 50.0% | 29.9%-70.1% |" in croa
    assert "under way (20 of 200 games)" in croa
    assert "| ismcts:x=1 vs random | 90% | 0 | | | not measured yet |" in croa
    assert "--agents greedy,random --games 200 --seed 0" in croa
    # Quedlinburg Dash's lower target for ISMCTS against random
    assert "| ismcts:x=1 vs random | 65% |" in text.split("Quedlinburg Dash")[1]
    assert "- **ISMCTS beats greedy**: under way in Crôa! (20);" in text
    assert "- **Greedy beats random**: met in Crôa!; not measured yet in" in text


def test_only_the_rows_seed_counts_and_each_game_once(results):
    path = bs.row_file("piepmatz", "greedy", "random")
    _write(path, wins=200, games=200, seed=7)
    lines = path.read_text().splitlines()
    other = json.loads(lines[0]) | {"seed": 0, "ranks": [2, 1]}  # game 0 of seed 0, lost
    path.write_text("\n".join([*lines, lines[5], json.dumps(other)]) + "\n")
    m = bs.measure("piepmatz", "greedy", "random", seed=7)
    assert m is not None and (m["games"], m["span"], m["win_rate"]) == (200, 200, 1.0)
    m0 = bs.measure("piepmatz", "greedy", "random", seed=0)
    assert m0 is not None and (m0["games"], m0["win_rate"]) == (1, 0.0)
    text = bs.tables("ismcts:x=1", seed=7)
    assert "--agents greedy,random --games 200 --seed 7` |" in text
    assert "| greedy vs random | 70% | 200 | 100.0% |" in text


def test_a_row_goes_on_where_its_file_ends(results):
    bs.play_row("quedlinburg_dash", "random", "random", games=2, seed=5)
    path = bs.row_file("quedlinburg_dash", "random", "random")
    first = [json.loads(x) for x in path.read_text().splitlines()]
    assert [(r["i"], r["seed"]) for r in first] == [(0, 5), (1, 6)]
    # A run cut short mid-line: that line is skipped and its game played again.
    path.write_text(path.read_text() + '{"i": 2, "se')
    bs.play_row("quedlinburg_dash", "random", "random", games=4, seed=5, shard=(0, 2))
    rows = bs.read_rows(path)
    assert [r["i"] for r in rows] == [0, 1, 2]  # the shard 0/2 plays game 2 only
    assert rows[:2] == first
    assert rows[2]["seat_of"] == [0, 1] and rows[1]["seat_of"] == [1, 0]


def test_docs_are_rewritten_between_the_markers_only(results, tmp_path, monkeypatch):
    docs = tmp_path / "bots.md"
    monkeypatch.setattr(bs, "DOCS", docs)
    docs.write_text(f"before\n{bs.BEGIN}\nold table\n{bs.END}\nafter\n")
    _write(bs.row_file("piepmatz", "greedy", "random"), wins=200, games=200)
    bs.write_docs("ismcts:x=1")
    text = docs.read_text()
    assert text.startswith(f"before\n{bs.BEGIN}\n#### ")
    assert text.endswith(f"{bs.END}\nafter\n")
    assert "old table" not in text and "| greedy vs random | 70% | 200 | 100.0% |" in text
    for bad in ("no markers\n", f"{bs.END}\n{bs.BEGIN}\n", f"{bs.BEGIN}\n{bs.BEGIN}\n{bs.END}\n"):
        docs.write_text(bad)
        with pytest.raises(SystemExit, match="expected one"):
            bs.write_docs("ismcts:x=1")
        assert docs.read_text() == bad
