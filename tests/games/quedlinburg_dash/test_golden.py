"""A whole seeded game, checked in: it must replay to the same result, and the same
seed must still produce the same record."""

from __future__ import annotations

from pathlib import Path

import pytest

import meeple
from meeple.arena.runner import play_game
from meeple.core.errors import RecordError
from meeple.core.record import Record, replay

GOLDEN = Path(__file__).parent / "golden.json"


def test_golden_record_replays_to_its_result():
    record = Record.loads(GOLDEN.read_text())
    state = replay(record)
    assert state.is_terminal()
    assert [s["total"] for s in state.scores()] == record.result["scores"]
    assert state.ranks() == record.result["ranks"]


def test_the_same_seed_still_makes_the_golden_record():
    record = Record.loads(GOLDEN.read_text())
    game = meeple.load(record.game, players=record.players, **record.options)
    again = play_game(game, record.agents, seed=record.seed)
    assert again.to_json() == record.to_json()


def make() -> Record:
    """The golden game: 3 random players, the extended caterpillar set, seed 2026."""
    game = meeple.load("quedlinburg_dash", players=3, cards="caterpillar-extended")
    return play_game(game, ["random"] * 3, seed=2026)


def test_the_golden_game_is_the_one_make_plays():
    assert make().to_json() == Record.loads(GOLDEN.read_text()).to_json()


if __name__ == "__main__":  # after a new game version: .venv/bin/python -m <this module>
    GOLDEN.write_text(make().dumps() + "\n")


def test_a_record_of_an_older_version_is_refused_not_replayed():
    # Version 3 changed the butterfly purple card (ruling 16); a version 2 record of
    # this very game must be refused by name rather than replayed under new rules.
    obj = Record.loads(GOLDEN.read_text()).to_json()
    obj["game_version"] = 2
    with pytest.raises(RecordError, match="version 2; this engine plays version 3"):
        replay(Record.from_json(obj))
