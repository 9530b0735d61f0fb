"""benchmarks/level_ladder.py: the rows it plays and the tables it writes from them."""

from __future__ import annotations

import json
import sys

import pytest

import meeple
from tests.scripts import load_script

ll = load_script("level_ladder")


def test_the_ladder_has_both_steps_in_every_game():
    rows = ll.ladder()
    for info in meeple.games():
        assert (info.id, "easy", "random", 200) in rows
        assert any(r[:3] == (info.id, "medium", "easy") and r[3] >= 50 for r in rows)


def test_tables_come_from_the_saved_rows_without_playing(tmp_path, monkeypatch):
    monkeypatch.setattr(ll, "RESULTS", tmp_path)
    for game_id, a, b, games in ll.ladder() + ll.sweep():
        wins = games * 3 // 4
        summary = {
            "games": games,
            "seed": 0,
            "agents": [{"agent": a, "win_rate": wins / games, "ci95": [0.5, 0.9]}],
        }
        path = ll.row_file(game_id, a, b)
        path.write_text(json.dumps(summary))

    def refuse(*args, **kwargs):
        raise AssertionError("a saved row was played again")

    monkeypatch.setattr(ll, "run_arena", refuse)
    text = ll.tables()
    assert "| Crôa! | easy vs random | 200 | 75.0% | 50.0%-90.0% |" in text
    assert "`meeple arena farland --agents medium,easy --games 50 --seed 0`" in text
    assert "greedy:samples=8,depth=1,width=4 vs random" in text
    rows = [line for line in text.splitlines() if " vs " in line]
    assert len(rows) == len(ll.ladder()) + len(ll.sweep())


def test_a_missing_row_is_played_and_saved(tmp_path, monkeypatch):
    monkeypatch.setattr(ll, "RESULTS", tmp_path)
    calls = []

    def fake(game_id, specs, games, seed):
        calls.append((game_id, specs, games, seed))
        return {"games": games, "seed": seed, "agents": []}, []

    monkeypatch.setattr(ll, "run_arena", fake)
    ll.play("croa", "easy", "random", 200)
    ll.play("croa", "easy", "random", 200)
    assert calls == [("croa", ["easy", "random"], 200, 0)]
    assert json.loads(ll.row_file("croa", "easy", "random").read_text())["games"] == 200


@pytest.mark.parametrize("bad", ["nothing\n", f"{ll.END}\n{ll.BEGIN}\n"])
def test_docs_need_the_markers(tmp_path, monkeypatch, bad):
    monkeypatch.setattr(ll, "DOCS", tmp_path / "bots.md")
    monkeypatch.setattr(ll, "tables", lambda: "TABLE")
    monkeypatch.setattr(sys, "argv", ["level_ladder.py", "--docs"])
    (tmp_path / "bots.md").write_text(bad)
    with pytest.raises(SystemExit, match="expected one"):
        ll.main()
    assert (tmp_path / "bots.md").read_text() == bad
    (tmp_path / "bots.md").write_text(f"a\n{ll.BEGIN}\nold\n{ll.END}\nb\n")
    ll.main()
    assert (tmp_path / "bots.md").read_text() == f"a\n{ll.BEGIN}\nTABLE\n{ll.END}\nb\n"
