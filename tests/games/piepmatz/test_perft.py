"""Perft: legal-move counts (chance outcomes included) from fixed positions in perft.json."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import meeple
from meeple.core.perft import perft

DATA = json.loads((Path(__file__).parent / "perft.json").read_text())


def position(entry: dict) -> meeple.State:
    game = meeple.load("piepmatz", players=entry["players"], **entry["options"])
    state = game.new_initial_state()
    for text in entry["actions"]:
        state.apply_notation(text)
    return state


@pytest.mark.parametrize("entry", DATA["positions"], ids=[p["name"] for p in DATA["positions"]])
def test_perft(entry):
    state = position(entry)
    assert state.current_player() == entry["to_move"]
    assert state.decision.kind == entry["decision"]
    for depth, count in entry["perft"].items():
        assert perft(state, int(depth)) == count, f"depth {depth}"
    got = {}
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        got[state.action_to_string(a)] = perft(child, 2)
    assert got == entry["breakdown_depth_3"]
