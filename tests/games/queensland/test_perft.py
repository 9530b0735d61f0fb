"""Legal-move counts from fixed Queensland positions, kept as data in perft.json.

A position is a player count and the actions (in notation) that lead to it. The counts
are of action sequences of the given depth; a chance node or the end stops a line
early and counts as one leaf. On failure the per-move breakdown says where it differs.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import meeple
from meeple.core import State
from meeple.core.perft import perft as count

DATA = json.loads((Path(__file__).parent / "perft.json").read_text())


def perft(state: State, depth: int) -> int:
    return count(state, depth, stop_at_chance=True)


def position(entry: dict) -> State:
    state = meeple.load("queensland", players=entry["players"]).new_initial_state()
    for text in entry["actions"]:
        state.apply_notation(text)
    return state


@pytest.mark.parametrize("entry", DATA, ids=[e["name"] for e in DATA])
def test_perft_counts(entry):
    state = position(entry)
    assert [perft(state, d) for d in range(1, len(entry["counts"]) + 1)] == entry["counts"]
    breakdown = {}
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        breakdown[state.action_to_string(a)] = perft(child, len(entry["counts"]) - 1)
    assert breakdown == entry["divide"]
