"""A whole seeded game, checked in: it must replay to the recorded result, and the same
seed must still produce the same record.

Regenerate (only after a deliberate rules change, bumping the game version) with
``python -m tests.games.croa.test_golden``.
"""

from __future__ import annotations

from pathlib import Path

import meeple
from meeple.arena.runner import play_game
from meeple.core.record import Record, replay

GOLDEN = Path(__file__).with_name("golden.json")
PLAYERS = 3
OPTIONS = {"pond": "three_backs"}  # the backs dealt by chance (the default)
SEED = 30


def make() -> Record:
    game = meeple.load("croa", players=PLAYERS, **OPTIONS)
    return play_game(game, ["random"] * PLAYERS, seed=SEED)


def test_golden_record_replays_to_its_result():
    record = Record.loads(GOLDEN.read_text(encoding="utf-8"))
    assert record.options == {"pond": "three_backs", "backs": "dealt"}
    assert [a.split()[0] for a in record.actions[:64]] == ["lay"] * 64  # the deal
    state = replay(record)
    assert state.is_terminal() and record.result is not None
    assert state.ranks() == record.result["ranks"] == [3, 2, 1]
    assert state.observation(None)["end"] == "last queen standing"


def test_the_same_seed_still_plays_the_golden_game():
    record = Record.loads(GOLDEN.read_text(encoding="utf-8"))
    again = make()
    assert again.actions == record.actions
    assert again.to_json() == record.to_json()


if __name__ == "__main__":
    GOLDEN.write_text(make().dumps() + "\n", encoding="utf-8")
