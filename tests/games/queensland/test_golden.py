"""A whole seeded three-player game, checked in: it must replay to the same result,
and the same seed must still produce the same record.

When the rules change (a new game version), rewrite it with
``.venv/bin/python -m tests.games.queensland.test_golden``; golden-v1.json keeps a
record of version 1, which this engine must refuse."""

from __future__ import annotations

from pathlib import Path

import pytest

import meeple
from meeple.arena.runner import play_game
from meeple.core import RecordError
from meeple.core.record import Record, replay

GOLDEN = Path(__file__).parent / "golden.json"
OLD = Path(__file__).parent / "golden-v1.json"
SEED = 2026
AGENTS = ["random", "random", "random"]


def test_golden_record_replays_to_its_result():
    record = Record.loads(GOLDEN.read_text())
    assert record.game_version == meeple.game_class("queensland").info.version
    state = replay(record)
    assert state.is_terminal()
    assert record.result is not None
    assert [s["total"] for s in state.scores()] == record.result["scores"]
    assert state.ranks() == record.result["ranks"]
    assert sum(1 for a in record.actions if a.startswith("rotate")) <= 48


def test_the_same_seed_still_makes_the_golden_record():
    record = Record.loads(GOLDEN.read_text())
    game = meeple.load(record.game, players=record.players, **record.options)
    assert record.agents is not None and record.seed is not None
    again = play_game(game, record.agents, seed=record.seed)
    assert again.to_json() == record.to_json()


def test_a_record_of_version_1_is_refused_cleanly():
    # Version 2 changed start tile D and the setup order: a version 1 record cannot
    # replay exactly, so it is refused with a message, not replayed differently.
    record = Record.loads(OLD.read_text())
    assert record.game_version == 1
    with pytest.raises(RecordError, match="version 1; this engine plays version 2"):
        replay(record)


if __name__ == "__main__":
    game = meeple.load("queensland", players=len(AGENTS))
    GOLDEN.write_text(play_game(game, AGENTS, seed=SEED).dumps())
    print(f"wrote {GOLDEN}")
