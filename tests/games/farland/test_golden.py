"""A whole seeded game (3 players, advanced rules), checked in and replayed.

Regenerate (only after a deliberate rules change, bumping the game version) with
``python -m tests.games.farland.test_golden``.
"""

from __future__ import annotations

import json
from pathlib import Path

import meeple
from meeple.arena.runner import play_game
from meeple.core.fingerprint import fingerprint
from meeple.core.record import Record, replay

DATA = Path(__file__).with_name("golden.json")
PLAYERS = 3
OPTIONS = {"rules": "advanced"}
SEED = 2024


def make() -> Record:
    game = meeple.load("farland", players=PLAYERS, **OPTIONS)
    return play_game(game, ["random"] * PLAYERS, seed=SEED)


def test_golden_record_replays_to_its_result():
    record = Record.loads(DATA.read_text())
    state = replay(record)
    assert state.is_terminal()
    assert record.result is not None
    assert [s["total"] for s in state.scores()] == record.result["scores"]
    assert state.ranks() == record.result["ranks"]


def test_the_same_seed_still_plays_the_golden_game():
    again = make()
    golden = json.loads(DATA.read_text())
    assert again.to_json()["actions"] == golden["actions"]
    assert again.to_json()["result"] == golden["result"]


def test_replay_is_deterministic():
    record = Record.loads(DATA.read_text())
    assert fingerprint(replay(record)) == fingerprint(replay(record))


if __name__ == "__main__":
    DATA.write_text(make().dumps() + "\n")
