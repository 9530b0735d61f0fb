"""A whole seeded game, checked in: it must replay to the recorded result, and the same
seed must still produce the same record."""

from __future__ import annotations

from pathlib import Path

import meeple
from meeple.arena.runner import play_game
from meeple.core.record import Record, replay

GOLDEN = Path(__file__).with_name("golden.json")


def test_golden_record_replays_to_its_result():
    record = Record.loads(GOLDEN.read_text(encoding="utf-8"))
    state = replay(record)
    assert state.is_terminal()
    assert state.ranks() == record.result["ranks"] == [1, 3, 2]
    assert state.observation(None)["end"] == "last queen standing"


def test_the_same_seed_still_plays_the_golden_game():
    record = Record.loads(GOLDEN.read_text(encoding="utf-8"))
    game = meeple.load("croa", players=record.players, **record.options)
    again = play_game(game, record.agents, seed=record.seed)
    assert again.actions == record.actions
    assert again.to_json() == record.to_json()
