"""A whole seeded game (two greedy players and a random one), replayed exactly."""

from __future__ import annotations

from pathlib import Path

from meeple.core.record import Record, replay

GOLDEN = Path(__file__).parent / "golden.json"


def test_golden_game_replays_to_the_recorded_result():
    record = Record.loads(GOLDEN.read_text())
    assert record.game == "azul_queens_garden" and record.players == 3
    state = replay(record)
    assert state.is_terminal()
    assert record.result is not None
    assert [s["total"] for s in state.scores()] == record.result["scores"] == [34, 51, 47]
    assert state.ranks() == record.result["ranks"] == [3, 1, 2]
    assert state.scores() == record.result["breakdown"]
    assert len(record.actions) == 393


def test_golden_game_every_step_renders():
    record = Record.loads(GOLDEN.read_text())
    for step in range(0, len(record.actions) + 1, 50):
        state = replay(record, upto=step)
        assert "Azul: Queen's Garden" in state.render_text(None)
        assert state.render_svg(0).startswith("<svg")
