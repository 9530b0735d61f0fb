"""A whole seeded three-player game, checked in: it must replay to the same result,
and the same seed must still produce the same record."""

from __future__ import annotations

from pathlib import Path

import meeple
from meeple.arena.runner import play_game
from meeple.core.record import Record, replay

GOLDEN = Path(__file__).parent / "golden.json"


def test_golden_record_replays_to_its_result():
    record = Record.loads(GOLDEN.read_text())
    state = replay(record)
    assert state.is_terminal()
    assert record.result is not None
    assert [s["total"] for s in state.scores()] == record.result["scores"]
    assert state.ranks() == record.result["ranks"]
    assert sum(1 for a in record.actions if a.startswith("rotate")) <= 48


def test_the_same_seed_still_makes_the_golden_record():
    record = Record.loads(GOLDEN.read_text())
    game = meeple.load(record.game, players=record.players, **record.options)
    again = play_game(game, record.agents, seed=record.seed)
    assert again.to_json() == record.to_json()
