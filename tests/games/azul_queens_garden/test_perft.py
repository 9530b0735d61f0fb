"""Perft-style legal-move counts from fixed positions (perft.json), chance included."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import meeple
from meeple.core import State
from meeple.core.perft import perft

DATA = json.loads((Path(__file__).parent / "perft.json").read_text())


def _position(pos: dict[str, Any]) -> State:
    game = meeple.load("azul_queens_garden", players=pos["players"], **pos["options"])
    state = game.new_initial_state()
    for text in pos["actions"]:
        state.apply_notation(text)
    return state


@pytest.mark.parametrize("pos", DATA["positions"], ids=[p["name"] for p in DATA["positions"]])
def test_perft_counts(pos):
    state = _position(pos)
    assert state.current_player() == pos["to_move"]
    assert [state.action_to_string(a) for a in state.legal_actions()] == pos["legal"]
    for depth, expected in enumerate(pos["perft"], start=1):
        got = perft(state, depth)
        if got != expected and depth > 1:
            breakdown = {}
            for a in state.legal_actions():
                child = state.clone()
                child.apply_action(a)
                breakdown[state.action_to_string(a)] = perft(child, depth - 1)
            pytest.fail(f"perft({depth}) = {got}, expected {expected}; per move: {breakdown}")
        assert got == expected
