"""A whole seeded game, checked in: it must replay to the same result, and the same
seed must still produce the same record (any change of rules or chance shows here)."""

from __future__ import annotations

import json
from pathlib import Path

import meeple
from meeple.arena.runner import play_game
from meeple.core.record import Record, replay

GOLDEN = Path(__file__).parent / "golden.json"


def test_golden_record_replays_to_its_result():
    record = Record.loads(GOLDEN.read_text())
    state = replay(record)
    assert state.is_terminal()
    assert [s["total"] for s in state.scores()] == record.result["scores"]
    assert state.ranks() == record.result["ranks"]
    assert state.scores() == record.result["breakdown"]
    state.check_invariants()


def test_the_same_seed_still_plays_the_golden_game():
    record = Record.loads(GOLDEN.read_text())
    game = meeple.load("piepmatz", players=record.players, **record.options)
    again = play_game(game, record.agents, seed=record.seed)
    assert again.to_json() == json.loads(GOLDEN.read_text())
