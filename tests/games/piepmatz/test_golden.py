"""A whole seeded game, checked in: it must replay to the same result, and the same
seed must still produce the same record (any change of rules or chance shows here).

Regenerate after an intended change with
``.venv/bin/python -m tests.games.piepmatz.test_golden`` (and say why in the docs)."""

from __future__ import annotations

import json
from pathlib import Path

import meeple
from meeple.arena.runner import play_game
from meeple.core.record import Record, replay

GOLDEN = Path(__file__).parent / "golden.json"
OLD_NAMES = Path(__file__).parent / "record_v1_old_names.json"
"""A record made before the end_trigger option and the squirrel's new notation
("squirrel eats 2 eggs", now "squirrel eats a 2-egg card"): still version 1."""


def test_golden_record_replays_to_its_result():
    record = Record.loads(GOLDEN.read_text())
    state = replay(record)
    assert state.is_terminal() and record.result is not None
    assert [s["total"] for s in state.scores()] == record.result["scores"]
    assert state.ranks() == record.result["ranks"]
    assert state.scores() == record.result["breakdown"]
    state.check_invariants()


def test_the_same_seed_still_plays_the_golden_game():
    record = Record.loads(GOLDEN.read_text())
    assert record.agents is not None and record.seed is not None
    game = meeple.load("piepmatz", players=record.players, **record.options)
    again = play_game(game, record.agents, seed=record.seed)
    assert again.to_json() == json.loads(GOLDEN.read_text())


def test_a_record_with_the_old_squirrel_names_and_no_end_trigger_replays_as_it_did():
    record = Record.loads(OLD_NAMES.read_text())
    assert "end_trigger" not in record.options
    assert any(a.startswith("squirrel eats") and "card" not in a for a in record.actions)
    state = replay(record)
    assert state.is_terminal() and state.game.options["end_trigger"] == "empty"
    assert record.result is not None
    assert state.scores() == record.result["breakdown"]
    assert state.ranks() == record.result["ranks"]
    # The same game under today's names: the golden record, played from the same seed.
    golden = Record.loads(GOLDEN.read_text())
    assert [state.action_to_string(a) for a in state.history] == golden.actions


def regenerate() -> None:
    old = Record.loads(GOLDEN.read_text())
    assert old.agents is not None and old.seed is not None
    game = meeple.load("piepmatz", players=old.players)
    GOLDEN.write_text(play_game(game, old.agents, seed=old.seed).dumps() + "\n")


if __name__ == "__main__":
    regenerate()
